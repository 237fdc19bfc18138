"""What the Play view shows for a position: the suggestion with its expected
number of guesses, the alternatives and the candidates left.

``play.Assistant`` replays and checks the game, the game's core solvers kept
warm (`wordle_opt.web.valuing`) prove values, ``Tree`` follows the optimum;
all of it is synchronous: app.py runs it in worker threads.  Where a figure
comes from:

- the position is in the optimal tree of the game's opener (SALET; TARSE on
  nyt-3158, easy and hard), proven for the same rule, lists and cap: the tree's guess,
  and the exact average of its subtree (a subtree of an optimal tree is
  optimal for its candidates);
- else, with at most ``EXACT_LIMIT`` candidates: an exact search of the
  position (every legal guess as the next one);
- else an estimate, labelled so: the entropy strategy played out from here.

Alternatives are the other guesses with the best values, best first.  At
the first guess they are the best of the ranking table of the game: one the server was
given (``serve --ranking FILE``) ranked on exactly its lists, rule and cap,
else the bundled opener ranking where the game is one of its list sets,
rules and caps (`wordle_opt.openers.tables`): the exact total ("7920") or a
proven lower bound ("≥ 7950"); the answer's ``values_from`` names the table.
Without a table the page values the most informative ones one by one
through /api/explore.  After the first guess, in a position small enough,
the POOL most informative guesses are valued by exact searches that share a
cut-off: the ALTERNATIVES best are shown with their exact values, a guess
proven worse than all of them is not shown.

All of it within the request's time budget (`wordle_opt.web.admission.Budget`):
a search or play-out not finished by the deadline is stopped, and the
answer says what is missing ("not valued within 3 s") instead of waiting;
such an answer is not kept in the memo.  Values proven are kept across
requests (``positions``, keyed by the position's candidates, not its
turns), and what the budget cut short is proven by the background worker
(`wordle_opt.web.background`) for later requests: the answer meanwhile says
"being proven in the background" and ``pending``.
"""

from __future__ import annotations

import heapq
import io
import math
from contextlib import nullcontext
from typing import Dict, List, Optional, Tuple

import numpy as np

from wordle_opt.assistant.play import Assistant
from wordle_opt.errors import WordleOptError
from wordle_opt.openers.tables import BOUND, EXACT, OpenerValue, RankingTable
from wordle_opt.patterns import Pattern
from wordle_opt.reviews.sharing import share_grid
from wordle_opt.web.admission import OutOfTime, budget, search_slot
from wordle_opt.web.background import prover
from wordle_opt.web.explore import kept_tree, tree_opener, tree_pending, tree_view
from wordle_opt.web.games import Game
from wordle_opt.web.memo import Memo, Unkept, memo
from wordle_opt.web.rankings import ranking_table
from wordle_opt.web.valuing import valuing

# An exact search of a position with this many candidates or fewer takes
# under a second on one thread (284 candidates after ADIEU: 0.69 s measured).
EXACT_LIMIT = 400
LIST_AT_MOST = 20
ALTERNATIVES = 5
# Guesses valued by exact searches to show the ALTERNATIVES best by value:
# after SALET BYBBB (102 candidates) the ten take 0.02 s of CPU, five of them
# cut off by the fifth best (0.19 s as ten searches of the position's own lists).
POOL = 2 * ALTERNATIVES
INFEASIBLE = math.inf  # the total of a guess after which no tree fits the cap

History = Tuple[Tuple[str, int], ...]

# The fields of an entry that only the first guess fills, from the bundled opener ranking:
NO_TOTAL = {
    "total": None,  # the opener's total over every answer, where proven
    "total_kind": None,  # 'exact' (its optimal total) or 'bound' (a proven lower bound on it)
    "total_text": None,  # '7920' or '≥ 7950'
    "at_least": None,  # a bound as an average: total / answers
}


def replay(game: Game, history: History) -> Assistant:
    """An Assistant at the position after ``history``; a bad turn raises
    WordleOptError naming the turn (unknown word, hard-rule break, colours
    no candidate gives, a turn after the answer was found)."""
    a = Assistant(
        "entropy",
        hard=game.rule,
        lists=game.lists,
        max_guesses=game.cap or 6,
        output=io.StringIO(),
        alternatives=0,
        widen=False,
    )
    for i, (word, pattern) in enumerate(history, 1):
        if a.history and a.history[-1][1] == 242:
            raise WordleOptError(f"turn {i}: the game was already solved at turn {i - 1}")
        try:
            a.apply(word, pattern)
        except WordleOptError as exc:
            raise WordleOptError(f"turn {i} ({word.upper()} {Pattern(pattern).byg}): {exc}") from None
    return a


def _tree_value(game: Game, history: History, n: int) -> Optional[Tuple[str, float]]:
    """(guess, exact average) where the game's opener's optimal tree, proven
    and kept by the server, covers the position.  A tree not kept yet is
    proven in the background and waited for a third of the budget (SALET
    easy on ``original``: 0.5 s; TARSE on ``nyt-3158``: seconds)."""
    opener = tree_opener(game)
    if not game.lists.is_guess(opener):
        return None
    found = kept_tree(game, opener, wait=budget().left() / 3)
    if found is None:
        return None
    tree = found.tree
    try:
        guess = tree.next_guess(history)
    except WordleOptError:
        return None
    node = tree_view(game, opener)[0].group(tuple(p for _, p in history))
    total = sum(d for _, d in node) - len(history) * n
    return guess, total / n


# Proven values of positions, kept across requests (a few hundred bytes each).
positions = Memo(size=4096)


def _key(game: Game, a: Assistant, opener: Optional[str]) -> tuple:
    """The memo's key of the position's optimum (``opener`` None) or of a
    guess played there: the answers left and the guesses left decide it; in
    hard mode also the guesses still legal."""
    left = game.remaining(len(a.history))
    legal = np.sort(a.legal).tobytes() if game.rule.hard else b""
    return ("position", game.key, game.rule, left, np.sort(a.candidates).tobytes(), legal, opener)


def _depth(game: Game, a: Assistant) -> int:
    left = game.remaining(len(a.history))
    return len(a.candidates) + 1 if left is None else left  # (without a cap: n + 1 guesses always do)


def _valued(game: Game, a: Assistant, *, out: dict):
    """(guess, total, feasible) of the position's optimum: kept from an
    earlier request, or searched within the budget.  None when the budget
    runs out: the search then goes on in the background (``out["pending"]``)
    for later requests."""
    key = _key(game, a, None)
    known = positions.peek(key)
    if known is not None:
        out["from_memo"] += 1
        return known
    r = None
    if not prover.pending(key) and budget().left() > 0:
        r = _optimum(game, a)
    if r is not None:
        return positions.get(key, lambda: r)
    budget().cut = True
    out["pending"] |= prover.submit(key, lambda: positions.get(key, lambda: _optimum(game, a) or Unkept(None)))
    return None


def _optimum(game: Game, a: Assistant) -> Optional[Tuple[str, int, bool]]:
    """(a best guess, V, feasible) of the position, searched within the budget; None when it ran out."""
    try:
        with valuing(game, tree_opener(game)) as v:
            total, g = v.optimum(a.candidates, a.legal, _depth(game, a))
            feasible = total < v.inf
    except OutOfTime:
        return None
    return (game.lists.guesses[g] if feasible else None), total, feasible


def _guess_values(game: Game, a: Assistant, words: List[str], *, keep: int, out: dict) -> Dict[str, Optional[float]]:
    """word -> its total Q (INFEASIBLE: no tree fits the cap), exact, where
    it can be among the ``keep`` best of ``words``; None for a word proven
    worse than the ``keep``-th best.  A word the budget left no time for is
    missing: the background values it for later requests (``out["pending"]``)."""
    found = _known_values(game, a, words)
    out["from_memo"] += len(found)
    key = ("values", _key(game, a, None), tuple(words))
    if len(found) < len(words) and not prover.pending(key):
        try:
            _search_values(game, a, words, keep=keep, found=found)
        except OutOfTime:
            pass
    if len(found) < len(words):

        def job():
            _search_values(game, a, words, keep=keep, found=_known_values(game, a, words))

        out["pending"] |= prover.submit(key, job)
    return found


def _known_values(game: Game, a: Assistant, words: List[str]) -> Dict[str, Optional[float]]:
    found: Dict[str, Optional[float]] = {}
    for w in words:
        known = positions.peek(_key(game, a, w))
        if known is not None:
            found[w] = known[1] if known[2] else INFEASIBLE
    return found


def _search_values(game: Game, a: Assistant, words: List[str], *, keep: int, found: dict) -> None:
    """The words not in ``found`` into it (see `_guess_values`), each exact
    value kept in ``positions``; OutOfTime when the budget runs out.  The
    searches share a cut-off: the ``keep``-th best total found so far, plus
    one (ties with it are valued, so that the ``keep`` best by total, then
    by order in ``words``, are those of every word valued to the end).  The
    words are searched in the order of their lower bounds, the likely best
    first, so the cut-off is tight early."""
    with valuing(game, tree_opener(game)) as v:
        S, L, d = a.candidates, a.legal, _depth(game, a)
        index = {w: game.lists.guess_index(w) for w in words if w not in found}
        bounds = {w: v.lower_bound(S, g) for w, g in index.items()}
        for w in sorted(index, key=lambda w: bounds[w]):  # (stable: ties in the order of words)
            kth = heapq.nsmallest(keep, (x for x in found.values() if x is not None))
            beta = int(kth[-1]) + 1 if len(kth) == keep and kth[-1] < v.inf else None
            q = v.guess(S, L, d, index[w], beta=beta)
            if beta is not None and q >= beta:
                found[w] = None  # (proven worse than the keep-th best: q is only a bound)
                continue
            found[w] = INFEASIBLE if q >= v.inf else q
            positions.get(_key(game, a, w), lambda: (w, q, q < v.inf))


def advise(game: Game, history: History) -> dict:
    """The Play view's figures for the position after ``history`` (cached)."""
    return memo.get(("advise", game.key, game.rule, game.cap, history), lambda: _advise(game, history))


def _advise(game: Game, history: History):
    b = budget()
    out = _advice(game, history, b.seconds)
    # (an answer cut short, or waiting for the background, is not kept: a later request does better)
    return Unkept(out) if b.cut or out["pending"] else out


def _advice(game: Game, history: History, seconds: float) -> dict:
    a = replay(game, history)
    words = a.candidate_words()
    n = len(words)
    out = {
        "turn": len(history) + 1,
        "solved": bool(history) and history[-1][1] == 242,
        "candidates": n,
        "words": words if n <= LIST_AT_MOST else None,
        "suggestion": None,
        "alternatives": [],
        "note": None,
        "values_from": None,  # the first guess: the ranking table its values come from
        "pending": False,  # exact values missing here are being proven in the background: ask again
        "from_memo": 0,  # values kept from earlier requests, not searched again
        "share": None,  # a finished game: its emoji grid (reviews.sharing)
    }
    left = game.remaining(len(history))
    if out["solved"] or (left is not None and left < 1):
        out["share"] = share_grid(history, game.rule, game.cap)
        if not out["solved"]:
            out["note"] = f"no guesses left within the cap of {game.cap}"
        return out
    covered = _tree_value(game, history, n)
    # The rest is seconds of CPU where the tree does not cover the position
    # (rankings, searches, the play-out): in a slot, and within the budget.
    # The first turn in the tree, with a table for the alternatives, is reading
    # only: it must not queue behind searches (a full queue refused it with a 503).
    reading = covered is not None and not history and ranking_table(game) is not None
    with nullcontext() if reading else search_slot():
        _suggest(game, a, history, out, covered=covered, seconds=seconds)
    return out


def _suggest(game: Game, a: Assistant, history: History, out: dict, *, covered, seconds: float) -> None:
    n = out["candidates"]
    small = n <= EXACT_LIMIT
    if covered is not None:
        guess, value = covered
        how = (
            f"exact for {guess.upper()} (the optimal tree from it)"
            if not history
            else f"exact (the optimal tree from {tree_opener(game).upper()})"
        )
        out["suggestion"] = _entry(game, a, guess, value=value, exact=True, how=how)
        if not history:
            out["suggestion"].update(total=round(value * n), total_kind=EXACT, total_text=str(round(value * n)))
    unfinished = ""
    if covered is None and small:
        r = _valued(game, a, out=out)
        if r is None:
            unfinished = (
                "being proven in the background: ask again in a few seconds; "
                if out["pending"]
                else f"the exact search did not finish in {seconds:g} s; "
            )
        elif r[2]:
            out["suggestion"] = _entry(game, a, r[0], value=r[1] / n, exact=True, how="exact (search of this position)")
        else:
            out["note"] = f"no strategy finds every candidate within the cap of {game.cap} guesses"
    opener = tree_opener(game)
    if out["suggestion"] is None and not history and tree_pending(game, opener):
        # (turn 1 without a table: the opener's tree is being proven, no play-out of seconds meanwhile)
        out["pending"] = True
        how = f"the optimal tree from {opener.upper()} is being proven in the background: ask again in a few seconds"
        out["suggestion"] = _entry(game, a, opener, value=None, exact=False, how=how)
    if out["suggestion"] is None:
        guess = a.suggestion()
        try:
            budget().check()
            value = a.expected(progress=budget().check)
            how = "estimate: the entropy strategy played out from here, not the optimum"
        except OutOfTime:
            value, how = None, f"the entropy strategy's guess; no estimate of its value within {seconds:g} s"
        out["suggestion"] = _entry(game, a, guess, value=value, exact=False, how=unfinished + how)
    if budget().left() > 0:
        out["alternatives"] = _alternatives(game, a, small, best=out["suggestion"]["word"], out=out)
        if any(x["total_kind"] for x in out["alternatives"]):
            out["values_from"] = ranking_table(game).source
    else:
        budget().cut = True
        out["note"] = f"no alternatives: the time budget of {seconds:g} s ran out"


def _entry(game: Game, a: Assistant, word: str, *, value: Optional[float], exact: bool, how: str) -> dict:
    return {
        "word": word,
        "expected": value,
        "exact": exact,
        "how": how,
        "could_be_answer": word in set(a.candidate_words()),
        **NO_TOTAL,
    }  # candidates are answers


def _from_table(entry: dict, known: OpenerValue, n: int, *, label: str, source: str) -> None:
    """An alternative at the first guess, valued by a ranking table (``source``: which)."""
    entry.update(total=known.total, total_kind=known.kind, total_text=known.text)
    if known.kind == EXACT:
        entry.update(expected=known.total / n, exact=True, how=f"exact ({source}); {label}")
    elif known.kind == BOUND:
        entry.update(
            at_least=known.total / n,
            how=f"proven: at least {known.total} guesses over all {n} answers ({source}); {label}",
        )
    else:
        entry["how"] = f"cannot find every answer within the cap ({source}); {label}"


def _alternatives(game: Game, a: Assistant, small: bool, *, best: str, out: dict) -> List[dict]:
    """The other guesses with the best values, best first.  At the first
    guess: the ranking table's best (exact totals, then proven bounds).  In
    a position of at most EXACT_LIMIT candidates (``small``): of the POOL
    most informative guesses, the ALTERNATIVES best by exact value
    (`_guess_values`).  Else the most informative, unvalued (too many to
    search each here)."""
    n = len(a.candidates)
    table: Optional[RankingTable] = ranking_table(game) if not a.history else None
    if table is not None:
        words = [v.word for v in _best_in(table, ALTERNATIVES + 1) if v.word != best][:ALTERNATIVES]
        out = [_alternative(game, a, w) for w in words]
        for entry in out:
            _from_table(entry, table.get(entry["word"]), n, label=entry["how"], source=table.source)
        return out
    pool = a.walker.strategy.ranked(a.candidates, a.legal, a.history, (POOL if small else ALTERNATIVES) + 1)
    shown = [_alternative(game, a, r.word) for r in pool if r.word != best][: POOL if small else ALTERNATIVES]
    if not small:
        return shown
    values = _guess_values(game, a, [e["word"] for e in shown], keep=ALTERNATIVES, out=out)
    # (a guess proven worse than the ALTERNATIVES best is not shown)
    shown = [e for e in shown if e["word"] not in values or values[e["word"]] is not None]
    for entry in shown:
        total = values.get(entry["word"])
        if total is None:
            entry["how"] = f"not valued within the time budget; {entry['how']}"
        elif total < INFEASIBLE:
            entry.update(expected=total / n, exact=True, how=f"exact; {entry['how']}")
        else:
            entry["how"] = f"cannot find every candidate within the cap; {entry['how']}"
    # (by value, the unvalued last in the order of information; Python's sort keeps it)
    shown.sort(key=lambda e: math.inf if e["expected"] is None else e["expected"])
    return shown[:ALTERNATIVES]


def _best_in(table: RankingTable, k: int) -> List[OpenerValue]:
    """The table's ``k`` best openers: exact totals, then proven lower bounds, then infeasible."""
    kinds = {EXACT: 0, BOUND: 1}
    return heapq.nsmallest(k, table.values.values(), key=lambda v: (kinds.get(v.kind, 2), v.total or 0, v.word))


def _alternative(game: Game, a: Assistant, word: str) -> dict:
    """An alternative not yet valued; ``how`` says, for a player, what it tells."""
    colourings = game.lists.table[game.lists.guess_index(word), a.candidates]
    counts = np.bincount(colourings, minlength=243)
    n, groups, most = len(a.candidates), int(np.count_nonzero(counts)), int(counts.max())
    how = f"{groups} colourings possible, at worst {most} answers left" if n > 1 else "the last answer"
    return {
        "word": word,
        "expected": None,
        "exact": False,
        "how": how,
        "could_be_answer": bool(counts[242]),
        **NO_TOTAL,
    }


def parse_history(turns) -> History:
    """[(word, colours text)] -> ((word, pattern int), ...); bad colours raise PatternError."""
    hist = []
    for i, (word, colours) in enumerate(turns, 1):
        try:
            p = int(Pattern.parse(colours))
        except WordleOptError as exc:
            raise WordleOptError(f"turn {i}: {exc}") from None
        hist.append((str(word).strip().lower(), p))
    return tuple(hist)
