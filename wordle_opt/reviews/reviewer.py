"""Game review: how each guess of a game compares with the exact optimum.

    r = wordle_opt.review("salet drone crate", answer="crate")
    r.turns[0].skill, r.turns[0].luck, r     # a table in a notebook

For each turn, with V and Q(g) as in `wordle_opt.solver.evaluator` (the exact
optimum under the rule, lists and cap of the review):

* ``player``: Q(guess) -- playing the player's guess now and optimally after;
  ``best``: V = min over guesses of Q; both as total guesses over the
  ``candidates_before`` answers, and as ``.expected`` guesses per game.
* ``skill`` = 100 * best.expected / player.expected: 100 for a best guess,
  lower in proportion to the extra guesses it costs (0 when the guess makes
  the cap impossible to keep for some answer).  ``loss`` is the difference
  in expected guesses.
* ``luck``: the guesses still needed after this one that the guess could
  expect, averaged over its colourings, minus those needed after the colouring
  that came (both playing optimally after): > 0 lucky, < 0 unlucky.
  ``luck_percentile``: the share of the candidates whose colouring would have
  left more to do, ties counting half (50 = a typical colouring).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from wordle_opt.display import plural
from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern
from wordle_opt.reviews.game import GameText, check_game, parse_game
from wordle_opt.reviews.values import RootBest, best_first_guess, opener_cost, table_of
from wordle_opt.rules import ALL_GREEN, Rule
from wordle_opt.solver.evaluator import INF, Cost, Evaluator, Split
from wordle_opt.solver.options import SearchOptions, check_time_limit
from wordle_opt.solver.problem import Problem
from wordle_opt.wordlists import WordLists, require_five_letters

# The first turn's shortlist, when the best opener is not proven: the player's
# opener, these many top openers by entropy, and any the caller names.
ENTROPY_OPENERS = 2
DEFAULT_TIME_LIMIT = 60.0  # seconds per batch of searches; then proven bounds
REVIEW_CACHE_MB = 128.0


@dataclass
class Turn:
    number: int
    guess: str
    colours: Pattern
    candidates_before: int
    candidates_after: Tuple[str, ...]
    player: Cost
    best: Cost
    best_guesses: Tuple[str, ...]
    best_scope: str  # "proven best", or what "best" was taken over
    expected_after: Optional[float]  # guesses still needed after this one, over its colourings
    realised_after: Optional[float]  # ... after the colouring that came
    luck_percentile: Optional[float]

    @property
    def exact(self) -> bool:
        return self.player.exact and self.best.exact and self.best_scope.startswith("proven best")

    @property
    def skill(self) -> Optional[float]:
        if not self.best.feasible:
            return None
        if not self.player.feasible:
            return 0.0
        return 100.0 * self.best.total / self.player.total

    @property
    def loss(self) -> Optional[float]:
        if not (self.best.feasible and self.player.feasible):
            return None
        return self.player.expected - self.best.expected

    @property
    def luck(self) -> Optional[float]:
        if self.expected_after is None or self.realised_after is None:
            return None
        return self.expected_after - self.realised_after

    def as_dict(self) -> dict:
        return {
            "turn": self.number,
            "guess": self.guess,
            "colours": self.colours.byg,
            "candidates_before": self.candidates_before,
            "candidates_after": list(self.candidates_after),
            "player_total": _num(self.player.total),
            "player_expected": _num(self.player.expected),
            "player_exact": self.player.exact,
            "best_total": _num(self.best.total),
            "best_expected": _num(self.best.expected),
            "best_exact": self.best.exact,
            "best_guesses": list(self.best_guesses),
            "best_scope": self.best_scope,
            "skill": self.skill,
            "loss": self.loss,
            "luck": self.luck,
            "luck_percentile": self.luck_percentile,
            "expected_after": self.expected_after,
            "realised_after": self.realised_after,
            "exact": self.exact,
        }


def _num(x: float):
    return None if x == INF else x


@dataclass
class Review:
    turns: List[Turn]
    answer: Optional[str]
    hard: Optional[str]
    max_guesses: Optional[int]
    lists: str
    n_answers: int
    seconds: float = 0.0
    stopped_searches: int = 0
    root: Optional[RootBest] = field(default=None, repr=False)
    table: Optional[str] = None  # where the first guesses' values came from (a ranking table), if not searched

    @property
    def solved(self) -> bool:
        return bool(self.turns) and self.turns[-1].colours == ALL_GREEN

    @property
    def mode(self) -> str:
        rule = Rule(self.hard).label
        cap = "no cap" if self.max_guesses is None else f"at most {plural(self.max_guesses, 'guess')}"
        return f"{rule}, {cap}, lists {self.lists} ({plural(self.n_answers, 'answer')})"

    def as_dict(self) -> dict:
        return {
            "answer": self.answer,
            "hard": self.hard,
            "max_guesses": self.max_guesses,
            "lists": self.lists,
            "n_answers": self.n_answers,
            "solved": self.solved,
            "seconds": self.seconds,
            "stopped_searches": self.stopped_searches,
            "values_from": self.table,
            "turns": [t.as_dict() for t in self.turns],
        }

    def __repr__(self) -> str:
        game = " ".join(t.guess for t in self.turns)
        skills = " ".join("?" if t.skill is None else f"{t.skill:.0f}" for t in self.turns)
        return f"<Review {game!r} ({self.mode.split(',')[0]}): skill {skills}>"

    def __str__(self) -> str:
        from wordle_opt.reviews.show import text_table

        return text_table(self)

    def _repr_html_(self) -> str:
        from wordle_opt.reviews.show import html_table

        return html_table(self)


def review(
    game: GameText,
    answer: Optional[str] = None,
    *,
    hard=None,
    answers="original",
    guesses=None,
    max_guesses=6,
    openers: Sequence[str] = (),
    time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
    threads: Optional[int] = None,
    cache_mb: float = REVIEW_CACHE_MB,
    progress: Optional[Callable[[int, int, str], None]] = None,
    ranking=None,
) -> Review:
    """Review a game turn by turn against the exact optimum (see the module doc).

    ``game``: ``"salet drone crate"`` with ``answer="crate"``, or the game state
    ``"salet.BBBYB.drone.YBBBG"`` (or a list of words / (word, colours) pairs).
    ``hard``/``answers``/``guesses``/``max_guesses`` as in `wordle_opt.search`.
    ``openers``: more first guesses to search for the first turn's "best"
    when the best opener is not proven.  ``time_limit``: seconds for each
    batch of searches (None: no limit); a search stopped by it gives a proven
    lower bound, marked as such, instead of the exact value.  ``progress``
    is called with (steps done, steps, label) as the review goes.
    ``ranking``: a `wordle_opt.rank_openers` result for the same lists, rule
    and cap; the first turn's best is then its proven best opener.  Or a
    ranking table of them (`wordle_opt.openers.tables.read_ranking_file`, the
    CSV of ``openers --out``): the first turn's best, and the player's opener's
    value where the table proves it, are read from it instead of searched
    (the luck percentile of that turn is then not known: only the group of
    the colouring that came is searched).
    """
    check_time_limit(time_limit)
    options = SearchOptions.parse(threads=threads, cache_mb=cache_mb, time_limit=time_limit)
    problem = Problem.parse(hard=hard, answers=answers, guesses=guesses, max_guesses=max_guesses)
    return review_problem(problem, options, game, answer, openers=openers, ranking=ranking, progress=progress)


def review_problem(
    problem: Problem,
    options: SearchOptions,
    game: GameText,
    answer: Optional[str] = None,
    *,
    openers: Sequence[str] = (),
    ranking=None,
    progress: Optional[Callable[[int, int, str], None]] = None,
) -> Review:
    """`review` of a parsed ``problem`` (its objective is the total) with
    checked ``options`` (``threads``, ``cache_mb``, ``time_limit``): the
    internal entry, which checks only the game against them."""
    t0 = time.perf_counter()
    lists = require_five_letters(problem.lists, "review")
    turns = parse_game(game, lists, answer)
    check_game(turns, lists, problem.rule, problem.cap)
    table = table_of(ranking, lists, problem.rule, problem.cap)
    extra = [lists.guess_index(w) for w in _opener_words(openers)]
    ev = Evaluator(problem, options, opener=lists.guess_index(turns[0][0]))
    shortlist = (
        []
        if ranking is not None
        else list(dict.fromkeys([lists.guess_index(turns[0][0])] + _entropy_openers(lists, problem.rule) + extra))
    )
    out, root = _review_turns(ev, turns, shortlist, ranking=ranking, table=table, progress=progress)
    return Review(
        out,
        answer and answer.strip().lower(),
        problem.rule.value,
        problem.cap,
        lists.name,
        len(lists.answers),
        time.perf_counter() - t0,
        ev.stopped_searches,
        root,
        None if table is None else table.source,
    )


def _review_turns(
    ev: Evaluator, turns, shortlist: List[int], *, ranking, table, progress
) -> Tuple[List[Turn], RootBest]:
    """Each turn of a checked game, and the first turn's best opener
    (searched over ``shortlist``, or read from ``ranking``)."""
    lists = ev.lists
    out: List[Turn] = []
    S = np.arange(len(lists.answers), dtype=np.int32)
    known: Optional[Cost] = None  # V of the position, from the previous turn's split
    L = ev.engine.all_guesses
    steps = len(turns) + len(shortlist)

    def tick(done: int, label: str) -> None:
        if progress is not None:
            progress(done, steps, label)

    for t, (word, colours) in enumerate(turns):
        g, p = lists.guess_index(word), int(colours)
        tick(t + (len(shortlist) if t else 0), f"turn {t + 1} {word.upper()}")
        if t == 0:
            split = opener_cost(ev, g, table=table, colouring=p)
            root = best_first_guess(ev, shortlist, lambda i, w: tick(i, f"turn 1: opener {w.upper()}"), ranking)
            best, best_words, scope = root.cost, list(root.guesses), root.scope
        else:
            split = ev.split(S, L, t, g=g)
            best, best_words, scope = _best_later(ev, S, L, turn=t, known=known)
        if split.cost.exact and best.exact and split.cost.total == best.total and word not in best_words:
            best_words.append(word)  # the player's guess ties with the best
        out.append(
            _turn(ev, t + 1, word, colours=colours, S=S, split=split, best=best, best_words=best_words, scope=scope)
        )
        S, L, known = split.groups[p]  # the next position and its V
    tick(steps, "done")
    return out, root


def _best_later(ev: Evaluator, S: np.ndarray, L: np.ndarray, *, turn: int, known: Optional[Cost]):
    """(V, the best guesses, what 'best' is over) at ``turn`` > 0 (counted
    from 0), the position (S, L) whose value the previous turn's split found,
    ``known``."""
    if known is None or known.exact:  # (then the solver's cache knows a best guess too)
        [(best, bg)] = ev.values([(S, L, ev.depth(turn))])
    else:  # this set already outlasted the time limit once: keep its bound
        best, bg = known, -1
    best_words, scope = ([ev.lists.guesses[bg]] if bg >= 0 and best.feasible else []), "proven best"
    if best.exact and best.feasible:
        ties, complete = ev.best_guesses(S, L, turn, V=best)
        best_words = [ev.lists.guesses[i] for i in ties] or best_words
        if not complete:
            scope = "proven best (not every tie listed)"
    return best, best_words, scope


def _opener_words(openers) -> List[str]:
    """``openers`` as words: a sequence of words, or one string of words
    separated by commas or spaces ("soare" is one word, not five letters)."""
    if isinstance(openers, str):
        openers = openers.replace(",", " ").split()
    if isinstance(openers, (bytes, dict)) or not isinstance(openers, (list, tuple, set, frozenset)):
        raise WordleOptError(f"openers must be a list of words, not {openers!r}")
    for w in openers:
        if not isinstance(w, str):
            raise WordleOptError(f"openers must be a list of words; {w!r} is not a word")
    return [w.strip().lower() for w in openers]


def _turn(
    ev: Evaluator,
    number: int,
    word: str,
    *,
    colours: Pattern,
    S: np.ndarray,
    split: Split,
    best: Cost,
    best_words: List[str],
    scope: str,
) -> Turn:
    p = int(colours)
    Sp, _, got = split.groups[p]
    n = len(S)
    expected_after = realised_after = pct = None
    # (from a ranking table, Q(guess) is exact while its group may be a bound: then no luck)
    if split.cost.feasible and (got.exact or not split.partial):
        expected_after = (split.cost.total - n) / n
        realised_after = got.expected if p != ALL_GREEN else 0.0
    if split.cost.feasible and not split.partial:  # (from a ranking table: the other groups are not valued)
        # Each answer's colouring, valued by what is left after it (exact fractions).
        mine = _after(p, got)
        worse = same = 0
        for q, (Sq, _, c) in split.groups.items():
            r = _after(q, c)
            worse += len(Sq) * (r > mine)
            same += len(Sq) * (r == mine)
        pct = 100.0 * (worse + same / 2) / n
    return Turn(
        number,
        word,
        colours,
        n,
        tuple(ev.answers(Sp)),
        split.cost,
        best,
        tuple(best_words),
        scope,
        expected_after,
        realised_after,
        pct,
    )


def _after(p: int, c: Cost) -> Fraction:
    if p == ALL_GREEN:
        return Fraction(0)
    if not c.feasible:
        return Fraction(10**9)
    return Fraction(int(c.total), c.n)


def _entropy_openers(lists: WordLists, rule: Rule) -> List[int]:
    from wordle_opt.strategies.builtin import get_strategy

    strat = get_strategy("entropy", lists, hard=rule)
    n = np.arange(len(lists.answers), dtype=np.int32)
    alls = np.arange(len(lists.guesses), dtype=np.int32)
    return [r.guess for r in strat.ranked(n, alls, [], k=ENTROPY_OPENERS)]
