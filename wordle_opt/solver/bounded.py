"""Big groups, refuted in batch: the opener ranking's bounds at a group's root.

A poor opener leaves groups of hundreds of answers.  At such a group's root
the exact search must refute thousands of candidate guesses whose one-level
bound lies below the group's optimum, and it refutes each by solving its
children until their sum passes beta: TOOTH's group of 973 took 88 s of
CPU, most of it in children of 64-243 answers.  The opener ranking refutes
the same candidates from their children's group bounds (`Bounder.opener`:
each child's best split, memoised by answer set, swept with the letter and
presence caps and stopped at beta): ranked as a game of its own, that group
took 28 s of CPU.

`solve_bounded` does the ranking's work inside one group, in process, on the
engine's threads: every guess's quick bound (`Bounder.quick`), then, in that
order, each candidate's refined bound stopped at the best total so far, and
only a candidate whose refined bound is below that best is searched, child
by child, each child with the beta that is left.  The children's exact values
and the group's own go into the solvers' caches, so `Engine._build` walks the
tree from them.

Hard mode (`solve_bounded_hard`): under the NYT rule an all-grey group
keeps every guess legal: QUEME's 815 greys (original lists, cap 6) have
12972 candidate guesses at their root, and the exact search refuted them
one by one with a one-level bound of each child (`bound_node`), 9.6e9
answers scanned, 47 s of CPU, 45 s even with beta at the optimum + 1.
The opener ranking's hard-mode bound (`Bounder.opener` with a rule: each
child's group bound with the guesses legal after the candidate, deepened to
two levels by group_bound2, stopped at beta) refutes all but one of them in
18 s on one thread.

`solve_bounded_hard` is `solve_bounded`'s batch
refutation with the legal sets: the candidates are the useful guesses of
the group's legal list, each one's refined bound (on the sub-table, rule as
the engine's) stopped at the best total so far, and only a candidate whose
bound is below that best is searched, child by child, each child with the
guesses legal after it and the beta that is left.

The bounders' game has the group's useful legal guesses (those that split
it or may hit: the others never help below it) as its guesses and the
group's answers as its answers.  Their bound is sound although they do not
know the opener: a child's legal set they use (the guesses of the group's
list legal after the candidate's colouring) holds the true one (both hard
rules filter by each (guess, colouring) in turn, the opener's included),
and a game with more guesses allowed costs no more.
"""

from __future__ import annotations

import threading
from typing import Callable, List, Optional, Tuple

import numpy as np

from wordle_opt.rules import Rule
from wordle_opt.solver.engine import Engine, rule_code
from wordle_opt.trees.node import Node

# Groups of at least this many answers go through solve_bounded (easy mode).
BOUNDED_MIN = 300
# Hard mode: which groups go through solve_bounded_hard (see batched).
# Measured one thread, original lists, NYT rule, the batch against the core's
# search of the group: with the legal list cut by a yellow, a group of 400
# gains (EQUAL's 400 after YBBBB 5.7 against 13.6 s, BOYAU's 409 after
# BBBYB 2.6 against 4.0, SIKAS's 406 after BBBYB 3.2 against 6.9), a smaller
# one loses (EQUAL's 324 greys 1.9 against 0.8 s); with every guess legal
# (all grey) the bounds of ~12000 candidates take 4-8 s, which the search
# beats up to ~630 answers (MANGY's 631 greys 8.1 against 5.3 s, NIKAH's 509
# 6.2 against 3.5) and loses from there (GURUS's 673 10.2 against 14.7 s,
# QUEME's 815 18 against 47).  Since the batch's sweep visits only the legal
# guesses (0adbf78) it gains from smaller groups: 300 and 450 against 400 and
# 650 took 0.77x the CPU of a seeded sample of 10 openers (original lists,
# 68.3 against 88.3 s over three alternated rounds, HENCH 5.5 -> 2.0 s) and
# 0.87x that of TWANG and PEARL (nyt-3158); 250 and 400 no better.
HARD_BOUNDED_MIN = 300
HARD_WIDE_LEGAL = 6000  # a legal list longer than this ...
HARD_WIDE_MIN = 450  # ... needs a group this big


def hard_first(size: int, legal: int) -> Tuple[float, int]:
    """Sort key of a hard-mode group of ``size`` answers with ``legal`` legal
    guesses: the likeliest to have no tree within the cap first, the most
    answers per legal guess (like the few _ATCH words the rule leaves a few
    dozen guesses for), so that an opener with no tree fails at its first
    groups; the big groups with thousands of legal guesses, which take the
    time, come last.  (HOIST, original lists, cap 6: its 8 answers after
    YBYBG have no tree, proven in milliseconds, but largest first searched
    its 464 all-grey answers first, 3.5 s.)"""
    return -size / max(1, legal), -size


def batched(size: int, legal: int, min_size: int = HARD_BOUNDED_MIN) -> bool:
    """Does a hard-mode group of ``size`` answers with ``legal`` legal guesses
    go through solve_bounded_hard (``min_size``: the least group; the tests
    send every group)?"""
    return size >= min_size and (legal <= HARD_WIDE_LEGAL or size >= max(min_size, HARD_WIDE_MIN))


# The bounders' sweep of a candidate's groups (Bounder.small_min and
# small_stages, see _bounds' batch_bounds): the groups of fewer than 64
# answers in five sweeps by size (32-63, 16-31, 8-15, 4-7, 3), each only while
# the candidate's bound is below the best total, where the opener ranking
# sweeps those under 32 at once: a candidate needs only its largest groups'
# exact bounds to reach the best (QAJAQ's 1369 greys: its 14-34 largest).
# 0.85x the CPU of the ranking's setting there (docs/history.md, "Speed").
BATCH_SMALL_MIN = 64
BATCH_SMALL_STAGES = 5
# ... and the subset caps (Bounder.subset_caps, see _bounds' subset_table)
# for its groups of BATCH_SUBSET_MIN answers or more: a candidate's groups lie
# in sets of the big group (the answers without a letter, with one, with one
# at a place, with one but not at a place) whose best splits the table
# knows, so most guesses are ruled out before their letter and presence
# caps, and the sweep stops sooner: QAJAQ's 1369 greys in 0.74x the CPU
# (docs/history.md, "Speed").
BATCH_SUBSET_MIN = 32

# The seed: of the SEED best candidates by quick bound, the one with the least
# refined bound is searched first, with no cut-off, for the first best total.
# (A full refined bound of QAJAQ's 1369 greys costs about 0.15 s: 16 of them
# took 2.5 s of a minute.)
SEED = 4

# child(guess, colouring, answers, beta or None, *, want_tree) -> (cost, node)
Child = Callable[..., Tuple[int, Optional[Node]]]


def takes(rule: Rule, size: int, *, every_guess_legal: bool = True, min_size: Optional[int] = None) -> bool:
    """Whether a set of ``size`` answers goes through `solve_bounded`: easy
    mode (``rule`` EASY, every guess legal at the set) and at least
    ``min_size`` answers (None: BOUNDED_MIN, read at the call, so tests can
    lower it).  Below 300 answers the exact search was as fast or faster
    (WAVER's 434: 1.9 s searched against 2.1 s in batch)."""
    least = BOUNDED_MIN if min_size is None else min_size
    return not rule.hard and every_guess_legal and size >= least


def solve_bounded(
    engine: Engine,
    S: np.ndarray,
    cap: int,
    *,
    beta: Optional[int] = None,
    tree: bool = True,
    threads: Optional[int] = None,
    min_size: int = BOUNDED_MIN,
    tally: Optional[List[int]] = None,
    seed: int = SEED,
) -> Tuple[int, Optional[Node]]:
    """The optimal cost of the answer set ``S`` (indices in the engine's order)
    within ``cap`` guesses, easy mode, and its tree.

    Contract: a cost below ``beta`` (None: no cut-off) is S's optimum, with its
    optimal tree (if ``tree``); a cost at or above beta is a lower bound on it,
    with no tree; with no tree within the cap, the engine's infinity (or, given
    beta, any cost >= beta) and no tree.  Exact because every guess is either
    refuted by a proven lower bound at or above the best total so far (or
    beta), or searched under it as beta, child by child (`Engine.solve_group`'s
    contract, the same as this one); children of ``min_size`` answers or more
    are solved here again, on one thread.  Its candidates are the guesses
    no other one dominates at S (`dominance`: a dominated guess's total is
    no less than its dominator's); ties go to the smallest index among them,
    whatever the threads' timing.  ``threads``: the engine's (None) or
    fewer; ``tally``: a list [guesses settled, guesses] kept current for
    progress; ``seed``: of this many best candidates by quick bound, the one
    of least refined bound is searched first, with no cut-off (0: none)."""
    if engine.rule.hard:
        raise ValueError("solve_bounded is easy mode only")
    S = np.ascontiguousarray(S, dtype=np.int32)
    if cap < 1:
        return engine.inf, None

    def child(g: int, p: int, C: np.ndarray, budget: Optional[int], *, want_tree: bool) -> Tuple[int, Optional[Node]]:
        if len(C) >= min_size:
            return solve_bounded(engine, C, cap - 1, beta=budget, tree=want_tree, threads=1, min_size=min_size)
        return engine.solve_group(C, engine.all_guesses, cap - 1, budget)

    # The candidates and the bounders' second guesses: the guesses no other
    # one dominates at S (see undominated).
    rows = engine.undominated(S)
    # (np.take: 0.1 s for QAJAQ's 1369 columns, where table[:, S] took 1.7 s)
    sub = np.ascontiguousarray(np.take(np.take(engine.table, S, axis=1), rows, axis=0))
    codes = np.ascontiguousarray(engine.lists.guess_codes[rows])
    return _in_batch(
        engine,
        S,
        cap,
        rows=rows,
        sub=sub,
        codes=codes,
        child=child,
        beta=beta,
        tree=tree,
        threads=threads,
        tally=tally,
        seed=seed,
    )


def solve_bounded_hard(
    engine: Engine,
    S: np.ndarray,
    legal: np.ndarray,
    cap: int,
    *,
    beta: Optional[int] = None,
    tree: bool = True,
    threads: Optional[int] = None,
    tally: Optional[List[int]] = None,
    seed: int = SEED,
) -> Tuple[int, Optional[Node]]:
    """The optimal cost of the answer set ``S`` (indices in the engine's
    order) with the legal guesses ``legal`` within ``cap`` guesses, under the
    engine's hard rule, and its tree.

    Contract: `solve_bounded`'s, its candidates the useful guesses of
    ``legal``, each child searched with the guesses legal after its
    colouring."""
    if not engine.rule.hard:
        raise ValueError("solve_bounded_hard is hard mode only")
    S = np.ascontiguousarray(S, dtype=np.int32)
    if cap < 1 or len(S) == 0:
        return (engine.inf, None) if len(S) else (0, None)
    solver = engine.solvers.get()
    try:
        # (the list the core hands a node's children, so that the children's
        # cache entries are the ones the core's own search would use)
        useful = solver.useful(S, np.ascontiguousarray(legal, dtype=np.int32))
    finally:
        engine.solvers.put(solver)
    if len(useful) == 0:
        return engine.inf, None  # (no legal guess tells the answers apart)

    def child(g: int, p: int, C: np.ndarray, budget: Optional[int], *, want_tree: bool) -> Tuple[int, Optional[Node]]:
        return engine.solve_group(C, engine.legal_after(useful, g, p), cap - 1, budget)

    # The bounders' game: the useful guesses (rows) and S (columns), so each
    # child's legal set they filter is the true one less the opener's part.
    sub = np.ascontiguousarray(np.take(np.take(engine.table, useful, axis=0), S, axis=1))
    codes = np.ascontiguousarray(engine.lists.guess_codes[useful])
    return _in_batch(
        engine,
        S,
        cap,
        rows=useful,
        sub=sub,
        codes=codes,
        child=child,
        beta=beta,
        tree=tree,
        threads=threads,
        tally=tally,
        seed=seed,
    )


def _in_batch(
    engine: Engine,
    S: np.ndarray,
    cap: int,
    *,
    rows: Optional[np.ndarray],
    sub: np.ndarray,
    codes: np.ndarray,
    child: Child,
    beta: Optional[int],
    tree: bool,
    threads: Optional[int],
    tally: Optional[List[int]],
    seed: int,
) -> Tuple[int, Optional[Node]]:
    """solve_bounded's work (its contract) for both modes: the bounders' game
    is ``sub`` (rows: the candidates, ``rows[r]`` the guess of row r, or row
    r itself if None; columns: S) with the candidates' letters ``codes``;
    ``child`` solves a candidate's child."""
    n = len(S)
    inf = engine.inf
    k = len(engine.all_solvers) if threads is None else threads
    bounders, rows, sub = _bounders(engine, rows, sub, codes, k=k)
    quick = bounders[0].quick(cap)
    order = np.argsort(quick, kind="stable").astype(np.int32)
    guess_of = (lambda r: r) if rows is None else (lambda r: int(rows[r]))
    state = _Best(inf if beta is None else beta)
    if tally is not None:
        tally[:] = [0, len(order)]

    def evaluate(r: int, beta: int, bounder) -> int:
        """The total at S of row r's guess if below beta, else a value >= beta."""
        g = guess_of(r)
        pats, _, bounds = bounder.opener_groups(r, cap)
        row = sub[r]
        acc = n + int(bounds.sum())
        if acc >= beta:
            return acc
        for p, lb in zip(pats.tolist(), bounds.tolist()):
            budget = beta - (acc - lb)
            cost, _ = child(g, p, np.ascontiguousarray(S[row == p]), None if budget >= inf else budget, want_tree=False)
            if cost >= inf:
                return inf
            acc += cost - lb
            if acc >= beta:
                return acc
        return acc

    def run(tasks) -> list:
        # (one thread: here; more: the engine's threads, the main one waiting
        # where Ctrl-C reaches it)
        return [task() for task in tasks] if k == 1 else engine.run(tasks)

    # The seed: a first total to beat, from the likeliest candidate.
    seeds = [int(r) for r in order[:seed] if quick[r] < state.value]
    if seeds:
        refined = [bounders[0].opener(r, cap) for r in seeds]
        if min(refined) < state.value:
            r0 = seeds[int(np.argmin(refined))]
            run([lambda: state.offer(evaluate(r0, state.value, bounders[0]), guess_of(r0))])

    def share(t: int) -> None:
        bounder = bounders[t]
        for r in order[t::k].tolist():
            if engine.stopping.is_set():
                raise KeyboardInterrupt
            if tally is not None:
                tally[0] += k  # (approximate while the threads run: progress only)
            g = guess_of(r)
            # Ties go to the smaller guess index (a tree independent of the
            # threads' timing): such a guess must come in under best + 1.
            beta = state.value + (1 if g < state.guess else 0)
            if g == state.guess:
                continue  # (the best so far: searched already)
            if quick[r] >= beta:
                if quick[r] > state.value:
                    if tally is not None:
                        tally[0] = len(order)  # (the quick bound settles every later guess)
                    return  # (in quick order: the rest of this share is no better)
                continue
            if bounder.opener(r, cap, beta if beta < inf else -1) >= beta:
                continue
            state.offer(evaluate(r, beta, bounder), g)

    run([lambda t=t: share(t) for t in range(k)])
    if state.guess < 0 or not tree:
        return state.value, None  # (guess < 0: beta or infinity, nothing below it)
    return state.value, _tree_of(engine, S, state.guess, state.value, child=child, run=run)


def _bounders(engine: Engine, rows: Optional[np.ndarray], sub: np.ndarray, codes: np.ndarray, *, k: int):
    """k bounders (one a thread) of the game ``sub`` with its letters
    ``codes``; in easy mode its rows go in the sweep's order first.  Returns
    them with ``rows`` and ``sub`` in the bounders' order."""
    Bounder = engine.lists.modules.bounds.Bounder
    code = rule_code(engine.core, engine.rule)
    first = Bounder(sub, codes, code)
    if not engine.rule.hard:
        # Rows in the sweep's order, so that it reads the table and the
        # subset caps front to back (random rows were cache misses), and one
        # subset table shared by the threads: `search qajaq` 0.80x the CPU,
        # values identical (docs/history.md, "The batch's table in the sweep's order").
        perm = first.sweep_order()
        rows = perm if rows is None else rows[perm]
        sub = np.ascontiguousarray(sub[perm])
        codes = np.ascontiguousarray(codes[perm])
        first = Bounder(sub, codes, code)
    bounders = [first] + [Bounder(sub, codes, code) for _ in range(k - 1)]
    for b in bounders:
        b.small_min, b.small_stages = BATCH_SMALL_MIN, BATCH_SMALL_STAGES
        b.subset_caps, b.subset_min = True, BATCH_SUBSET_MIN
        if not engine.rule.hard and b is not first:
            b.share_subsets(first)  # (one subset table for all threads, made here)
    return bounders, rows, sub


def _tree_of(engine: Engine, S: np.ndarray, g: int, value: int, *, child: Child, run) -> Node:
    """The tree of the best guess ``g`` at S, its children solved again
    exactly (most are cache hits: its search solved each below its beta)."""
    row = engine.table[g, S]
    groups = [(int(p), np.ascontiguousarray(S[row == p])) for p in np.unique(row) if p != engine.all_green]
    subs = run([lambda p=p, C=C: child(g, p, C, None, want_tree=True) for p, C in groups])
    node = Node(engine.lists.guesses[g], {})
    total = len(S)
    for (p, _), (cost, sub_node) in zip(groups, subs):
        node.children[p] = sub_node
        total += cost
    if total != value:
        raise RuntimeError(f"internal error: a big group's best guess valued {value}, its tree {total}")
    return node


class _Best:
    """The best total found so far and its guess, shared by the threads."""

    def __init__(self, inf: int):
        self.value, self.guess = inf, -1
        self._lock = threading.Lock()

    def offer(self, value: int, guess: int) -> None:
        with self._lock:
            if value < self.value or (value == self.value and guess < self.guess):
                # (an equal value counts only from a guess searched under
                # best + 1, so it is exact: see share())
                self.value, self.guess = value, guess


__all__: List[str] = [
    "BOUNDED_MIN",
    "HARD_BOUNDED_MIN",
    "batched",
    "solve_bounded",
    "solve_bounded_hard",
    "takes",
]
