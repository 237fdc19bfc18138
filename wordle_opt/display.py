"""Rendering colourings for people: ANSI tiles on a terminal, BYG letters when piped."""
from __future__ import annotations

import os
import sys
from typing import Optional, TextIO

from wordle_opt.patterns import Pattern

_ANSI = {0: "\x1b[1;97;100m", 1: "\x1b[1;30;103m", 2: "\x1b[1;97;42m"}  # grey, yellow, green
_RESET = "\x1b[0m"


def use_colour(stream: Optional[TextIO] = None) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def tiles(word: str, pattern: int, colour: bool) -> str:
    """``word`` coloured by ``pattern``: ANSI tiles, or ``WORD BYGBB`` without colour."""
    p = Pattern(int(pattern))
    if colour:
        return "".join(f"{_ANSI[d]} {c.upper()} {_RESET}" for c, d in zip(word, p.colours))
    return f"{word.upper()} {p.byg}"
