"""A progress line for long commands: stderr, terminals only, after a second."""
from __future__ import annotations

import sys
import time


class Progress:
    """A \\r progress line on stderr, only on a terminal and only once a run
    has taken over a second (quick runs print nothing)."""

    def __init__(self, stream=None, delay: float = 1.0, unit: str = "answers"):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.monotonic()
        self.delay = delay
        self.unit = unit
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int, label: str = "") -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < self.delay or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        self.shown = True
        what = f"{label}: " if label else ""
        self.stream.write(
            f"\r{what}{done}/{total} {self.unit} ({100 * done / max(total, 1):.0f}%), "
            f"{now - self.start:.0f} s   "
        )
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 70 + "\r")
            self.stream.flush()
