"""Re-solve a stored easy-mode tree's parts exactly, two guesses down.

    python tools/polish_tree.py trees/tarns-original-all.json --out polished.json

Under each group's second guess, every part of more than ``--min`` answers
is solved by the exact engine with beta = its subtree's total there; a
better subtree replaces it (the search stops a part after ``--part-limit``
seconds and keeps the old subtree).  The anytime search solves exactly only
subtrees of at most 40 answers, yet with 4 guesses left parts of 100-260
answers of the every-word game solve in 0.1-2 s: on the stored TARNS tree
(52763) this found one part of 161 answers under BEFOG one guess better,
52762, in 10 s on one core (measured, 2026-11-28).  Prints each gain and
the totals; writes ``--out`` only when something changed.  Check the
result with ``python -m wordle_opt verify``.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.solver.anytime_widen import subtree_total
from wordle_opt.solver.engine import Engine
from wordle_opt.trees import treemeta
from wordle_opt.trees.tree import Tree
from wordle_opt.wordlists import load_lists


def polish(tree: Tree, lists, *, min_size: int, part_limit: float, say=print) -> int:
    """Splice exact subtrees into ``tree`` two guesses down (in place);
    returns the guesses saved."""
    engine = Engine(lists, None, threads=1, cache_mb=2000)
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
                engine = Engine(lists, None, threads=1, cache_mb=2000)  # (a stopped solver takes no more work)
                continue
            finally:
                timer.cancel()
            if node is not None and v < have:
                child.children[q] = node
                gain += have - int(v)
                say(f"  {child.guess} part of {len(T)}: {have} -> {int(v)} ({time.monotonic() - t:.1f} s)")
    return gain


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", help="a tree file (JSON), easy mode, with its lists recorded")
    ap.add_argument("--out", required=True, help="where to write the polished tree")
    ap.add_argument("--min", type=int, default=40, help="parts of more answers than this are re-solved (40)")
    ap.add_argument("--part-limit", type=float, default=120.0, help="seconds for one part (120)")
    args = ap.parse_args(argv)
    try:
        tree = Tree.load(args.tree)
        if tree.hard is not None:
            raise WordleOptError(f"{args.tree}: a {tree.hard}-rule tree; only easy-mode trees are polished")
        if tree.max_guesses is None or tree.max_guesses < 3:
            raise WordleOptError(f"{args.tree}: records no cap of 3 guesses or more")
        lists = load_lists(*treemeta.recorded_lists(tree.meta, args.tree))  # (named lists, or files beside the tree)
        tree = Tree.load(args.tree, lists)
        before = tree.total
        gain = polish(tree, lists, min_size=args.min, part_limit=args.part_limit)
        tree = Tree(tree.root, lists, max_guesses=tree.max_guesses)  # (its figures walked afresh)
        print(f"{before} -> {tree.total} (saved {gain})")
        if gain:
            tree.save(args.out)
            print(f"written to {args.out}")
    except WordleOptError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
