"""The exhaustive oracle: the optimal tree straight from the definition, for a
few dozen words.  The search (``wordle_opt.search``) is tested against it.

Words are strings (lowercased) or sequences of letter codes (spelt inside as
one CJK ideograph per code, so that rules.py can check the hard rules), all of
one length MIN_LENGTH..MAX_LENGTH; letters are only compared, so any alphabet
works.

    exhaustive_optimum(answers, guesses, hard=None, max_guesses=None, opener=None) -> int | None
    exhaustive_tree(...) -> Node | None
    exhaustive_second(answers, guesses, opener, second, hard=None, max_guesses=None) -> int | None
    exhaustive_objective(..., objective) -> (worst, total) | None
"""

from __future__ import annotations

from wordle_opt.rules import all_green, normalise_rule, score_words, violation
from wordle_opt.trees.node import Node

# Exhaustive optimum, straight from the definition:
#
#   cost(S, L, d) = |S| + min over g in L of  sum over colourings p != all green of
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


def _dec(d):
    return None if d is None else d - 1


class _Oracle:
    """The memoised search over states (S, L, d) for one problem."""

    def __init__(self, answers, guesses, hard):
        self.rule = normalise_rule(hard)
        self.all_green = all_green(len(answers[0]))
        self.table = {g: {a: score_words(g, a) for a in answers} for g in guesses}
        self.order = {g: i for i, g in enumerate(guesses)}
        self.memo = {}

    def after(self, L, g, p):
        if self.rule is None:
            return L
        return frozenset(w for w in L if violation([(g, p)], w, self.rule) is None)

    def split(self, g, S):
        groups = {}
        row = self.table[g]
        for a in S:
            groups.setdefault(row[a], []).append(a)
        return groups

    def try_guess(self, g, S, L, d):
        """Cost of playing g now, or infeasible."""
        total = len(S)
        for p, part in self.split(g, S).items():
            if p == self.all_green:
                continue
            total += self.cost(frozenset(part), self.after(L, g, p), _dec(d))[0]
            if total == _INFEASIBLE:
                break
        return total

    def cost(self, S, L, d):
        """(optimal cost, best guess or None) for the state (S, L, d)."""
        if d is not None and d <= 0:
            return (_INFEASIBLE, None)
        key = (S, L, d)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best, best_g = _INFEASIBLE, None
        floor = 2 * len(S) - 1
        for g in sorted(L, key=self.order.__getitem__):
            if g not in S and len(set(self.table[g][a] for a in S)) == 1:
                continue  # learns nothing (see above)
            c = self.try_guess(g, S, L, d)
            if c < best:
                best, best_g = c, g
                if best == floor:
                    break
        self.memo[key] = (best, best_g)
        return self.memo[key]

    def build(self, g, S, L, d):
        node = Node(g)
        for p, part in sorted(self.split(g, S).items()):
            if p == self.all_green:
                continue
            S2, L2, d2 = frozenset(part), self.after(L, g, p), _dec(d)
            node.children[p] = self.build(self.cost(S2, L2, d2)[1], S2, L2, d2)
        return node


def _word(w):
    """A word as the oracle keeps it: lowercase, codes spelt as letters."""
    return w.lower() if isinstance(w, str) else "".join(chr(0x4E00 + int(c)) for c in w)


def _words(words):
    return tuple(dict.fromkeys(_word(w) for w in words))


def _exhaustive(answers, guesses, hard, max_guesses, opener, want_tree):
    answers, guesses = _words(answers), _words(guesses)
    if not answers:
        raise ValueError("exhaustive search needs at least one answer")
    if max_guesses is not None and max_guesses < 1:
        raise ValueError("max_guesses must be >= 1 or None")
    if opener is not None:
        opener = _word(opener)
        if opener not in guesses:
            raise ValueError(f"opener {opener!r} is not one of the guesses")
    oracle = _Oracle(answers, guesses, hard)
    S0, L0 = frozenset(answers), frozenset(guesses)
    if opener is None:
        value, first = oracle.cost(S0, L0, max_guesses)
    else:
        first = opener
        value = oracle.try_guess(opener, S0, L0, max_guesses)
    if value == _INFEASIBLE:
        return None, None
    if not want_tree:
        return int(value), None
    return int(value), oracle.build(first, S0, L0, max_guesses)


def exhaustive_optimum(answers, guesses, hard=None, max_guesses=None, opener=None):
    """Least total number of guesses (the final all-green guess included) that
    solves every answer, or None if no strategy does within ``max_guesses``.

    Plain, memoised exhaustive search over every legal guess at every node
    (see the comment above); for a few dozen answers and guesses only.
    ``opener`` fixes the first guess.
    """
    return _exhaustive(answers, guesses, hard, max_guesses, opener, False)[0]


def exhaustive_second(answers, guesses, opener, second, hard=None, max_guesses=None):
    """The least cost of the answers, all of one colouring p of ``opener``,
    after it (the opener not counted: |S| + ...), when ``second`` is played
    next (it must split them or may hit), with the guesses legal after
    (opener, p) and max_guesses - 1 guesses left; None if no strategy fits."""
    answers, guesses = _words(answers), _words(guesses)
    opener, second = _word(opener), _word(second)
    oracle = _Oracle(answers, guesses, hard)
    [p] = {oracle.table[opener][a] for a in answers}
    L = oracle.after(frozenset(guesses), opener, p)
    value = oracle.try_guess(second, frozenset(answers), L, _dec(max_guesses))
    return None if value == _INFEASIBLE else int(value)


def exhaustive_tree(answers, guesses, hard=None, max_guesses=None, opener=None):
    """An optimal tree as a ``wordle_opt.trees.node.Node`` (ties: first guess in list
    order), or None if infeasible."""
    return _exhaustive(answers, guesses, hard, max_guesses, opener, True)[1]


# The objectives (wordle_opt.solver.objectives) from their definitions: every tree
# has a (worst case, total) pair; front(S, L) is the set of pairs no other
# tree beats in both (the Pareto front), built from the children's fronts:
#
#   front(S, L) = nondominated( union over g of
#                 { (1 + max w_p, |S| + sum t_p) : (w_p, t_p) in front(S_p, L after (g, p)) } )
#
# (no child: worst case 1, the hit).  Dropping a dominated pair loses nothing
# for any of the objectives, under any cap.  The objectives are then
# lexicographic minima over the pairs within the cap.


def _nondominated(pairs):
    out = []
    for w, t in sorted(set(pairs)):
        if not out or t < out[-1][1]:
            out.append((w, t))
    return tuple(out)


def _guess_front(oracle, g, S, L, memo):
    """The pairs of the trees that play g first at (S, L)."""
    combined = [(0, 0)]
    for p, part in oracle.split(g, S).items():
        if p == oracle.all_green:
            continue
        child = _front(oracle, frozenset(part), oracle.after(L, g, p), memo)
        combined = _nondominated((max(w, cw), t + ct) for w, t in combined for cw, ct in child)
    return [(w + 1, t + len(S)) for w, t in combined]


def _front(oracle, S, L, memo):
    key = (S, L)
    if key not in memo:
        pairs = []
        for g in sorted(L, key=oracle.order.__getitem__):
            if g not in S and len(oracle.split(g, S)) == 1:
                continue  # learns nothing (see the first comment)
            pairs += _guess_front(oracle, g, S, L, memo)
        memo[key] = _nondominated(pairs)
    return memo[key]


def exhaustive_front(answers, guesses, hard=None, opener=None):
    """The Pareto front of (worst case, total) over every tree (that opens
    with ``opener`` if given), smallest worst case first."""
    answers, guesses = _words(answers), _words(guesses)
    oracle = _Oracle(answers, guesses, hard)
    S0, L0 = frozenset(answers), frozenset(guesses)
    if opener is None:
        return _front(oracle, S0, L0, {})
    return _nondominated(_guess_front(oracle, _word(opener), S0, L0, {}))


def exhaustive_objective(answers, guesses, objective, hard=None, max_guesses=None, opener=None):
    """(worst case, total) of the best tree under ``objective`` ('total',
    'worst,total', 'total,worst') within ``max_guesses``, or None."""
    pairs = [
        (w, t) for w, t in exhaustive_front(answers, guesses, hard, opener) if max_guesses is None or w <= max_guesses
    ]
    if not pairs:
        return None
    if objective == "worst,total":
        return min(pairs)
    return min(pairs, key=lambda wt: (wt[1], wt[0]))
