"""Where a ranking's time goes: wall and CPU seconds of each phase, how many
openers each phase settled, and how busy the workers were.

The CPU of a task is measured where it runs (`timed`, in the worker), so it
counts the same with local processes, one thread or a Dask cluster.  A
phase's busy share is its tasks' CPU over its wall time times the workers:
a phase that leaves one of two cores idle shows about 50%.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List

# "where the time went" (each phase's wall and CPU) is shown by default after runs
# of at least this many seconds: it is for finding where a long run spends its
# time; after a short one (a 9-word list: 0.1 s) it is longer than the answer.
PHASES_AFTER_SECONDS = 60.0

# The phases in the order a ranking runs them (see ranking.py's docstring);
# "checkpoint": facts read back from a checkpoint file.
ORDER = ("quick", "screen", "seed", "bounds", "bounds, all", "search", "trees", "checkpoint")


def timed(fn: Callable, *args):
    """(fn(*args), the CPU seconds this thread spent on it): run by a worker."""
    t = time.thread_time()
    res = fn(*args)
    return res, time.thread_time() - t


@dataclass
class Phase:
    wall: float = 0.0  # seconds from its start to the next phase's start
    cpu: float = 0.0  # CPU seconds of its tasks (workers) or of its work here
    tasks: int = 0
    settled: int = 0  # openers whose final fact this phase found


class PhaseClock:
    """The phases of one ranking; `switch` starts the next one."""

    def __init__(self, workers: int):
        self.workers = workers
        self.phases: Dict[str, Phase] = {}
        self.current = None
        self.since = time.perf_counter()

    def switch(self, name: str) -> None:
        now = time.perf_counter()
        if self.current is not None:
            self.phases[self.current].wall += now - self.since
        self.current, self.since = name, now
        self.phases.setdefault(name, Phase())

    def add_task(self, cpu: float) -> None:
        p = self.phases[self.current]
        p.cpu += cpu
        p.tasks += 1

    def add(self, name: str, wall: float, cpu: float) -> None:
        """Work done in this process (the quick bounds)."""
        p = self.phases.setdefault(name, Phase())
        p.wall += wall
        p.cpu += cpu

    def stop(self) -> None:
        if self.current is not None:
            self.switch(self.current)  # (adds the running phase's wall so far)

    def summary(self, settled_by: Iterable[str]) -> Dict[str, Dict[str, float]]:
        """{phase: {wall, cpu, tasks, settled, busy}} in run order; ``settled_by``:
        the phase that found each opener's final fact."""
        self.stop()
        for p in self.phases.values():
            p.settled = 0
        for name in settled_by:
            self.phases.setdefault(name, Phase()).settled += 1
        out = {}
        for name in sorted(self.phases, key=lambda n: ORDER.index(n) if n in ORDER else len(ORDER)):
            p = self.phases[name]
            busy = p.cpu / (p.wall * self.workers) if p.wall > 0 and p.tasks else None
            out[name] = {"wall": p.wall, "cpu": p.cpu, "tasks": p.tasks, "settled": p.settled, "busy": busy}
        return out


def describe(phases: Dict[str, Dict[str, float]]) -> List[str]:
    """One line per phase: 'bounds: 12309 settled, 75.1 s wall, 140.2 s CPU, workers 93% busy'."""
    lines = []
    for name, p in phases.items():
        busy = "" if p.get("busy") is None else f", workers {100 * p['busy']:.0f}% busy"
        lines.append(
            f"  {name}: {int(p['settled'])} settled, {p['wall']:.1f} s wall, {p['cpu']:.1f} s CPU"
            f"{'' if not p.get('tasks') else ' in ' + str(int(p['tasks'])) + ' tasks'}{busy}"
        )
    return lines
