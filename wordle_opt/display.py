"""Rendering for people: ANSI tiles on a terminal (BYG letters when piped),
small HTML tables for notebooks (``_repr_html_``), and the line I/O of the
interactive sessions (``LineConsole``)."""

from __future__ import annotations

import html
import os
import sys
from typing import Callable, Dict, Optional, TextIO

from wordle_opt.patterns import Pattern

# The callbacks a long search reports through, named once: a line for the
# user (warnings, the cap being tried), and (done, in all, status).
Note = Callable[[str], None]
ProgressCallback = Callable[[int, int, str], None]

_ANSI = {0: "\x1b[1;97;100m", 1: "\x1b[1;30;103m", 2: "\x1b[1;97;42m"}  # grey, yellow, green
_RESET = "\x1b[0m"


class LineConsole:
    """Line I/O for an interactive session that has ``input`` and ``output``
    streams (the play assistants): ``_say`` a line, ``_ask`` for one."""

    input: TextIO
    output: TextIO

    def _say(self, text: str = "") -> None:
        self.output.write(text + "\n")
        self.output.flush()

    def _ask(self, prompt: str) -> Optional[str]:
        """The stripped reply, or None at the end of input (after a newline,
        so that the shell's prompt starts on a line of its own)."""
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self._say()
            return None
        return line.strip()


def use_colour(stream: Optional[TextIO] = None) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def upper(word: str) -> str:
    """``word`` upper-cased letter by letter, keeping its length: a letter whose
    upper case is not one character ('ß' -> 'SS') stays as it is."""
    return "".join(u if len(u := c.upper()) == 1 else c for c in word)


def tiles(word: str, pattern: int, colour: bool) -> str:
    """``word`` coloured by ``pattern``: ANSI tiles, or ``WORD BYGBB`` without colour."""
    p = Pattern(int(pattern), len(word))
    if colour:
        return "".join(f"{_ANSI[d]} {upper(c)} {_RESET}" for c, d in zip(word, p.colours))
    return f"{upper(word)} {p.byg}"


def html_table(rows) -> str:
    """(label, value) rows as a two-column HTML table."""
    body = "".join(
        f"<tr><th style='text-align:left'>{html.escape(str(k))}</th>"
        f"<td style='text-align:right'>{html.escape(str(v))}</td></tr>"
        for k, v in rows
    )
    return f"<table>{body}</table>"


def html_histogram(hist: Dict[int, int]) -> str:
    """{guesses: answers} as an HTML bar chart ("" when empty)."""
    if not hist:
        return ""
    top = max(hist.values())
    rows = "".join(
        f"<tr><td>{k}</td><td><div style='background:#6aaa64;height:1em;"
        f"width:{max(1, round(200 * v / top))}px'></div></td><td>{v}</td></tr>"
        for k, v in sorted(hist.items())
    )
    return f"<table><tr><th>guesses</th><th></th><th>answers</th></tr>{rows}</table>"


def plural(n: int, word: str) -> str:
    """``1 guess``, ``2 guesses``, ``1 answer``, ``0 answers``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}{'es' if word.endswith(('s', 'sh', 'ch')) else 's'}"


def gap(total: int, lower_bound: int) -> str:
    """'optimal' or 'optimal within 0.4%': how far the total may be above the optimum."""
    if total <= lower_bound:
        return "optimal"
    return f"optimal within {100 * (total - lower_bound) / lower_bound:.2g}%"
