"""Re-solve a stored easy-mode tree's parts exactly, two guesses down.

    python -m wordle_opt prove trees/tarns-original-all.json --polish polished.json

Under each group's second guess, every part of more than ``min_size`` answers
is solved by the exact engine with beta = its subtree's total there; a
better subtree replaces it (the search stops a part after ``part_limit``
seconds and keeps the old subtree).  The anytime search solves exactly only
subtrees of at most 40 answers, yet with 4 guesses left parts of 100-260
answers of the every-word game solve in 0.1-2 s: on the stored TARNS tree
(52763) this found one part of 161 answers under BEFOG one guess better,
52762, in 10 s on one core.  Prints each gain and
the totals; ``prove TREE --polish FILE`` writes FILE only when something
changed.  Check the
result with ``python -m wordle_opt verify``.
"""

from __future__ import annotations

import threading
import time
from typing import Tuple

import numpy as np

from wordle_opt.proofs.runs import easy_tree
from wordle_opt.rules import Rule
from wordle_opt.solver.anytime_widen import subtree_total
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.tree import Tree


def polish(tree: Tree, lists, *, min_size: int, part_limit: float, say=print) -> int:
    """Splice exact subtrees into ``tree`` two guesses down (in place);
    returns the guesses saved."""
    engine = Engine(lists, Rule.EASY, threads=1, cache_mb=2000)
    L = np.arange(engine.table.shape[0], dtype=np.int32)
    row = engine.table[lists.guess_index(tree.root.guess)]
    left = tree.max_guesses - 2
    gain = 0
    for p, child in tree.root.children.items():
        S = np.flatnonzero(row == p).astype(np.int32)
        if not child.children:
            continue
        under = engine.table[lists.guess_index(child.guess), S]
        for q, sub in list(child.children.items()):
            T = S[under == q]
            if len(T) <= min_size:
                continue
            have = subtree_total(engine, sub, T)
            timer = threading.Timer(part_limit, engine.request_stop)
            timer.start()
            t = time.monotonic()
            try:
                v, node = engine.solve_group(T, L, left, beta=have)
            except KeyboardInterrupt:
                say(f"  {child.guess} part of {len(T)}: stopped after {part_limit:g} s, kept")
                engine = Engine(lists, Rule.EASY, threads=1, cache_mb=2000)  # (a stopped solver takes no more work)
                continue
            finally:
                timer.cancel()
            if node is not None and v < have:
                child.children[q] = node
                gain += have - int(v)
                say(f"  {child.guess} part of {len(T)}: {have} -> {int(v)} ({time.monotonic() - t:.1f} s)")
    return gain


def polish_file(path: str, *, min_size: int = 40, part_limit: float = 120.0, say=print) -> Tuple[Tree, int]:
    """The tree of the file ``path`` polished (`polish`), its figures walked
    afresh, and the guesses saved; says the totals before and after."""
    lists, tree = easy_tree(path, "polished")
    before = tree.total
    gain = polish(tree, lists, min_size=min_size, part_limit=part_limit, say=say)
    tree = Tree(tree.root, lists, max_guesses=tree.max_guesses)
    say(f"{before} -> {tree.total} (saved {gain})")
    return tree, gain
