"""A ranking's progress where no terminal is attached: a plain line at most
every ``WORDLE_OPT_PROGRESS_SECONDS`` seconds (default 30).

A run whose stderr is a file or a pipe (cron, CI, nohup) printed nothing for
the 14 minutes the default ranking took; a tqdm bar there would write a
frame per update.  `PlainBar` takes the same calls the ranking makes on its
tqdm bar (``n``, ``bar_format``, ``set_description``, ``set_postfix_str``,
``refresh``, ``close``) and turns them into one line per interval:

    openers: 120 s, bounds, 8214/12972 openers settled, left 4758, best 7920, 10 ranked up to 7967

A run shorter than the interval prints nothing.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Optional

INTERVAL_ENV = "WORDLE_OPT_PROGRESS_SECONDS"
DEFAULT_INTERVAL = 30.0


def interval_from_env() -> float:
    raw = os.environ.get(INTERVAL_ENV, "")
    try:
        value = float(raw)
    except ValueError:
        return DEFAULT_INTERVAL
    return value if value > 0 else DEFAULT_INTERVAL


class PlainBar:
    """Plain progress lines on ``stream`` (default stderr), at most one per ``interval`` seconds."""

    def __init__(self, total: int, *, unit: str = "openers", stream=None, interval: Optional[float] = None):
        self.total, self.unit = total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval_from_env() if interval is None else interval
        self.n = 0
        self.bar_format = None  # (tqdm's; ignored)
        self.desc, self.postfix = "", ""
        self.start = time.monotonic()
        self.last = self.start

    def set_description(self, desc: str, refresh: bool = True) -> None:
        self.desc = desc.rstrip(": ")
        if refresh:
            self.refresh()

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        self.postfix = s
        if refresh:
            self.refresh()

    def refresh(self) -> None:
        """Write a line if the interval has passed since the last (or the start)."""
        now = time.monotonic()
        if now - self.last < self.interval:
            return
        self.last = now
        tail = f", {self.postfix}" if self.postfix else ""
        self.stream.write(
            f"openers: {now - self.start:.0f} s, {self.desc}, {self.n}/{self.total} {self.unit} settled{tail}\n"
        )
        self.stream.flush()

    tick = refresh  # (called while waiting for tasks: a line even when none finishes)

    def close(self) -> None:
        pass
