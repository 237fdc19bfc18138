"""The anytime search's checkpoint (`wordle_opt.solver.anytime`): each
group's best tree and proven bound saved as the phases run, and put back in
place when a search resumes; and the poll that saves and reports progress
while they run."""

from __future__ import annotations

import time
from typing import Callable, List, Optional

from wordle_opt.display import Note, ProgressCallback, gap
from wordle_opt.solver.anytime_groups import Group, fits
from wordle_opt.solver.anytime_widen import subtree_total
from wordle_opt.solver.engine import Engine

SAVE_SECONDS = 30.0  # the groups' trees and bounds go to the checkpoint this often (widening, closing)


class Saver:
    """The groups' trees and bounds to and from a checkpoint (``store``:
    `Checkpoint.groups` / `save_groups`; None: nothing kept).  Made before
    the search, it puts every saved tree that fits its group in place."""

    def __init__(self, engine: Engine, opener: int, groups: List[Group], *, depth: int, store, note: Optional[Note]):
        self.engine, self.opener, self.groups, self.store = engine, opener, groups, store
        self.last = time.monotonic()
        if store is None:
            return
        saved = store.groups(opener)
        for g in groups:
            if g.pattern not in saved:
                continue
            _, lb, widened, node = saved[g.pattern]
            g.lb = max(g.lb, lb)
            if fits(engine, node, g.S, depth):
                g.node, g.ub, g.widened = node, subtree_total(engine, node, g.S), widened
        if note is not None and saved:
            n = len(engine.lists.answers)
            have = [g for g in groups if g.node is not None]
            note(
                f"resumed: {len(have)} of {len(groups)} groups have a tree"
                + (f" (the tree totals {n + sum(g.ub for g in groups)})" if len(have) == len(groups) else "")
                + f", {sum(g.closed for g in have)} proven optimal"
            )

    def save(self) -> None:
        if self.store is None:
            return
        # (each tree's own total: a worker may be replacing one of its subtrees)
        self.store.save_groups(
            self.opener,
            [
                (g.pattern, subtree_total(self.engine, g.node, g.S), g.lb, g.widened, g.node)
                for g in self.groups
                if g.node is not None
            ],
        )
        self.last = time.monotonic()

    def save_now_and_then(self) -> None:
        if time.monotonic() - self.last >= SAVE_SECONDS:
            self.save()


def poller(
    engine: Engine, groups: List[Group], *, saver: Saver, progress: Optional[ProgressCallback], t0: float
) -> Callable[[], None]:
    """What the widening and the closing call while the main thread waits:
    the checkpoint now and then, and the bounds as progress."""
    n = len(engine.lists.answers)

    def poll() -> None:
        saver.save_now_and_then()
        if progress is not None:
            lb, ub = n + sum(g.lb for g in groups), n + sum(g.ub for g in groups)
            progress(
                sum(g.closed for g in groups),
                len(groups),
                f"tree {ub}, proven >= {lb} ({gap(ub, lb)}), {time.monotonic() - t0:.0f} s",
            )

    return poll
