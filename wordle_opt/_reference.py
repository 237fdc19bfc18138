"""Plain-Python reference implementations, written from the rules alone.

Same signatures as the compiled core (`wordle_opt._core`), used by the
differential tests and by ``WORDLE_OPT_IMPLEMENTATION=python``.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

ALL_GREEN = 242


def score_words(guess: str, answer: str) -> int:
    """Colouring of ``guess`` against ``answer`` as an int 0..242.

    Greens first; then, left to right, a letter is yellow only while the
    answer still has unmatched copies of it; otherwise grey.
    """
    colours = [0] * 5
    unmatched: Counter[str] = Counter()
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            colours[i] = 2
        else:
            unmatched[a] += 1
    for i, g in enumerate(guess):
        if colours[i] != 2 and unmatched[g] > 0:
            unmatched[g] -= 1
            colours[i] = 1
    return sum(c * 3**i for i, c in enumerate(colours))


def encode(words):
    out = np.empty((len(words), 5), dtype=np.uint8)
    for i, w in enumerate(words):
        out[i] = [ord(c) - 97 for c in w]
    return out


def _decode(code) -> str:
    return "".join(chr(int(c) + 97) for c in code)


def score_codes(guess, answer) -> int:
    return score_words(_decode(guess), _decode(answer))


def pattern_table_codes(guesses, answers):
    gw = [_decode(g) for g in guesses]
    aw = [_decode(a) for a in answers]
    out = np.empty((len(gw), len(aw)), dtype=np.uint8)
    for i, g in enumerate(gw):
        out[i] = [score_words(g, a) for a in aw]
    return out


# ------------------------------------------------------------------------------
# Exhaustive optimum, straight from the definition (the oracle for the search).
#
#   cost(S, L, d) = |S| + min over g in L of  sum over colourings p != 242 of
#                                             cost(S_p, L after (g, p), d - 1)
#
# S: answers still possible; L: guesses legal now (all of them in easy mode;
# filtered by rules.py after each (guess, colouring) in hard mode); d: guesses
# left (None = no cap); cost(S, L, 0) = infeasible.  Every answer of S pays for
# the guess g; those g colours all-green are done.  Only one kind of guess is
# skipped: g not in S that leaves S in a single group.  It learns nothing, and
# whatever could be played after it can be played instead of it, one guess
# earlier (L after it is a subset of L), so it can never be better -- and
# without the skip an uncapped search would not terminate.
# No other pruning, except stopping at 2|S| - 1: at most one answer of S can be
# the first guess, every other one needs at least two, so nothing beats it.

_INFEASIBLE = float("inf")


def _exhaustive(answers, guesses, hard, max_guesses, opener, want_tree):
    from wordle_opt.rules import normalise_rule, violation

    rule = normalise_rule(hard)
    answers = tuple(dict.fromkeys(a.lower() for a in answers))
    guesses = tuple(dict.fromkeys(g.lower() for g in guesses))
    if not answers:
        raise ValueError("exhaustive search needs at least one answer")
    if max_guesses is not None and max_guesses < 1:
        raise ValueError("max_guesses must be >= 1 or None")
    if opener is not None:
        opener = opener.lower()
        if opener not in guesses:
            raise ValueError(f"opener {opener!r} is not one of the guesses")
    table = {g: {a: score_words(g, a) for a in answers} for g in guesses}
    memo = {}
    order = {g: i for i, g in enumerate(guesses)}

    def after(L, g, p):
        if rule is None:
            return L
        return frozenset(w for w in L if violation([(g, p)], w, rule) is None)

    def split(g, S):
        groups = {}
        row = table[g]
        for a in S:
            groups.setdefault(row[a], []).append(a)
        return groups

    def try_guess(g, S, L, d):
        """(cost, {pattern: (subset, legal)}) of playing g now, or infeasible."""
        groups = split(g, S)
        total = len(S)
        for p, part in groups.items():
            if p == ALL_GREEN:
                continue
            c = cost(frozenset(part), after(L, g, p), None if d is None else d - 1)[0]
            total += c
            if total == _INFEASIBLE:
                break
        return total

    def cost(S, L, d):
        """(optimal cost, best guess or None) for the state (S, L, d)."""
        if d is not None and d <= 0:
            return (_INFEASIBLE, None)
        key = (S, L, d)
        hit = memo.get(key)
        if hit is not None:
            return hit
        best, best_g = _INFEASIBLE, None
        floor = 2 * len(S) - 1
        for g in sorted(L, key=order.__getitem__):
            if g not in S and len(set(table[g][a] for a in S)) == 1:
                continue  # learns nothing (see above)
            c = try_guess(g, S, L, d)
            if c < best:
                best, best_g = c, g
                if best == floor:
                    break
        memo[key] = (best, best_g)
        return memo[key]

    S0, L0 = frozenset(answers), frozenset(guesses)
    if opener is None:
        value, first = cost(S0, L0, max_guesses)
    else:
        first = opener
        value = try_guess(opener, S0, L0, max_guesses) if (max_guesses is None or max_guesses >= 1) else _INFEASIBLE
    if value == _INFEASIBLE:
        return None, None
    if not want_tree:
        return int(value), None

    from wordle_opt.tree import Node

    def build(g, S, L, d):
        node = Node(g)
        for p, part in sorted(split(g, S).items()):
            if p == ALL_GREEN:
                continue
            S2, L2 = frozenset(part), after(L, g, p)
            d2 = None if d is None else d - 1
            node.children[p] = build(cost(S2, L2, d2)[1], S2, L2, d2)
        return node

    return int(value), build(first, S0, L0, max_guesses)


def exhaustive_optimum(answers, guesses, hard=None, max_guesses=None, opener=None):
    """Least total number of guesses (the final all-green guess included) that
    solves every answer, or None if no strategy does within ``max_guesses``.

    Plain, memoised exhaustive search over every legal guess at every node
    (see the comment above); for a few dozen answers and guesses only.
    ``opener`` fixes the first guess.
    """
    return _exhaustive(answers, guesses, hard, max_guesses, opener, False)[0]


def exhaustive_tree(answers, guesses, hard=None, max_guesses=None, opener=None):
    """An optimal tree as a ``wordle_opt.tree.Node`` (ties: first guess in list
    order), or None if infeasible."""
    return _exhaustive(answers, guesses, hard, max_guesses, opener, True)[1]


# The plain twin of _core.Solver and the core's constants (the lead moves this
# re-export into _core_py; until then the implementation switch finds them here).
from wordle_opt._solver_py import (  # noqa: E402
    DEFAULT_CACHE_MB, INFINITY, NPAT, RULE_EASY, RULE_NYT, RULE_STRICT, Solver,
)
