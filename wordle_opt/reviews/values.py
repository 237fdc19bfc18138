"""The review's best first guess: from a ranking table or an opener ranking
when given, else proven by one search on small lists, else the best of the
openers searched, each on an `Evaluator` (`wordle_opt.solver.evaluator`,
where the values V and Q(g) are defined)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.rules import Rule
from wordle_opt.solver.evaluator import INF, Cost, Evaluator, Split
from wordle_opt.wordlists import WordLists

__all__ = ["INF", "RootBest", "best_first_guess", "opener_cost", "table_of"]


@dataclass(frozen=True)
class RootBest:
    """The value of the best first guess, and how far that is proven."""

    cost: Cost
    guesses: Tuple[str, ...]
    proven: bool
    scope: str  # shown beside "best", e.g. "best of the 4 openers searched"
    searched: Tuple[Tuple[str, Cost], ...] = ()


# Exact values of the openers' groups, per (lists, rule, cap, opener): the
# first turn of every review repeats them (SALET: 0.8 s each time otherwise).
_ROOT_CACHE: Dict[tuple, Dict[int, Cost]] = {}
_ROOT_LOCK = threading.Lock()
# Lists this small: prove the best opener outright (one search over every guess).
EXACT_ROOT_MAX_ANSWERS = 100


def _remembered(ev: Evaluator, g: int) -> Tuple[tuple, Optional[Dict[int, Cost]]]:
    key = (ev.lists.answers, ev.lists.guesses, ev.rule, ev.cap, g)
    with _ROOT_LOCK:
        return key, _ROOT_CACHE.get(key)


def table_of(ranking, lists: WordLists, rule: Rule, cap: Optional[int]):
    """``ranking`` when it is a ranking table (`wordle_opt.openers.tables.
    RankingTable`, read from a file) of exactly this game, None when it is
    no table (an opener ranking, or None); a table of another game raises
    WordleOptError naming what differs."""
    if ranking is None or not callable(getattr(ranking, "mismatch", None)):
        return None
    why = ranking.mismatch(lists, rule, cap)
    if why is not None:
        raise WordleOptError(
            f"{ranking.source} was ranked on another game ({why}); "
            "rank the openers with the review's lists, rule and cap (openers ... --out FILE.csv)"
        )
    return ranking


def opener_cost(ev: Evaluator, g: int, *, table=None, colouring: Optional[int] = None) -> Split:
    """Q(g) at the start of the game, its groups' values remembered.  With a
    ranking ``table`` (see `table_of`) that proves g's value, Q(g) is read
    from it and only the group of ``colouring`` is searched."""
    S = np.arange(len(ev.lists.answers), dtype=np.int32)
    # (the table first, even when this process remembers g's groups: a review
    # reads the same whatever ran before it in the process, the page as the CLI)
    fact = table.get(ev.lists.guesses[g]) if table is not None and colouring is not None else None
    if fact is not None and fact.proven:
        cost = Cost(float(fact.total) if fact.feasible else INF, len(S))
        return ev.split(S, ev.engine.all_guesses, 0, g=g, given=(cost, colouring))
    key, known = _remembered(ev, g)
    split = ev.split(S, ev.engine.all_guesses, 0, g=g, known=known)
    if known is None and split.cost.exact:
        with _ROOT_LOCK:
            if len(_ROOT_CACHE) > 256:
                _ROOT_CACHE.clear()
            _ROOT_CACHE[key] = {p: c for p, (_, _, c) in split.groups.items()}
    return split


def _ranked_best(ev: Evaluator, ranking) -> RootBest:
    """The proven best opener of an opener ranking, checked against the review's problem."""
    lists = ev.lists
    mismatch = [
        what
        for what, ours, theirs in (
            ("rule", ev.rule, Rule.parse(ranking.hard)),
            ("guess cap", ev.cap, ranking.max_guesses),
            ("answers", len(lists.answers), ranking.n_answers),
            ("guesses", tuple(lists.guesses), tuple(ranking.guesses)),
            ("objective", "total", getattr(ranking, "objective", "total")),
        )  # (a review minimises the total)
        if ours != theirs
    ]
    if mismatch:
        raise WordleOptError(
            f"the opener ranking is for another problem ({', '.join(mismatch)} differ); "
            "rank the openers with the review's lists, rule and cap"
        )
    if not ranking.ranking:
        return RootBest(Cost(INF, len(lists.answers)), (), True, "proven best (opener ranking)")
    best = ranking.ranking[0].total
    words = tuple(r.word for r in ranking.ranking if r.total == best)
    # Past the K ranked openers another may tie the best unless it is proven worse.
    complete = ranking.others_at_least is None or ranking.others_at_least > best
    scope = "proven best" if complete else "proven best (not every tie listed)"
    return RootBest(Cost(best, len(lists.answers)), words, True, scope)


def _table_best(ev: Evaluator, table) -> RootBest:
    """The best opener of a ranking table of this game: proven when no
    opener's bound is below its least exact total."""
    n = len(ev.lists.answers)
    least, words, proven, every_tie = table.best()
    if least is None:
        if proven:  # every opener infeasible
            return RootBest(Cost(INF, n), (), True, f"proven best ({table.source})")
        raise WordleOptError(f"{table.source} has no exact total: it cannot value the first guess")
    cost = Cost(float(least), n)
    if proven:
        return RootBest(cost, words, True, "proven best" if every_tie else "proven best (not every tie listed)")
    exact = sum(v.proven and v.feasible for v in table.values.values())
    scope = f"best of the {exact} openers exact in {table.source}"
    return RootBest(cost, words, False, scope, tuple((w, cost) for w in words))


def best_first_guess(
    ev: Evaluator, shortlist: List[int], progress: Optional[Callable[[int, str], None]] = None, ranking=None
) -> RootBest:
    """The best first guess and its value: THE one place the review learns it.

    With ``ranking`` (a `wordle_opt.openers.OpenerRanking` of these lists,
    rule and cap): its proven best; a ranking table of them (see
    `table_of`): its least exact total, proven when no bound is below it.  Small lists: proven by one exact search
    over every guess.  Otherwise the exact values of the openers in
    ``shortlist`` (the player's, the top ones by entropy and any the caller
    names), reported as "best of the N openers searched" -- never "best"
    unless proven.
    """
    lists = ev.lists
    n = len(lists.answers)
    words = lists.guesses
    table = table_of(ranking, lists, ev.rule, ev.cap)
    if table is not None:
        return _table_best(ev, table)
    if ranking is not None:
        return _ranked_best(ev, ranking)
    if n <= EXACT_ROOT_MAX_ANSWERS:
        S = np.arange(n, dtype=np.int32)
        [(cost, g)] = ev.values([(S, ev.engine.all_guesses, ev.depth(0))])
        if cost.exact:
            ties, complete = ev.best_guesses(S, ev.engine.all_guesses, 0, V=cost) if cost.feasible else ([], True)
            scope = "proven best" if complete else "proven best (not every tie listed)"
            return RootBest(cost, tuple(words[i] for i in ties), True, scope)
    searched = []
    for i, g in enumerate(dict.fromkeys(shortlist)):
        if progress is not None:
            progress(i, words[g])
        # Another opener gets an engine numbered by its own colouring (SOARE:
        # 2.5 s CPU instead of 4.0 s in the engine numbered by SALET, one thread).
        own = ev
        if g != ev.opener and _remembered(ev, g)[1] is None:
            own = Evaluator(ev.problem, ev.options, opener=g)
        searched.append((words[g], opener_cost(own, g).cost))
        ev.stopped_searches += own.stopped_searches if own is not ev else 0
    exact = [(w, c) for w, c in searched if c.exact]
    best_total = min((c.total for _, c in exact), default=INF)
    best = tuple(w for w, c in exact if c.total == best_total)
    scope = f"best of the {len(searched)} openers searched"
    cost = Cost(best_total, n, True) if exact else min((c for _, c in searched), key=lambda c: c.total)
    return RootBest(cost, best, False, scope, tuple(searched))
