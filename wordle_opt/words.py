"""Single words and word-list files: validation and reading, with one-line errors."""
from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path
from typing import Dict, Iterable, List, Sequence, Tuple, Union

from wordle_opt.errors import WordListError

PathLike = Union[str, "os.PathLike[str]"]
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


class WordListWarning(UserWarning):
    """A word list was usable after a fix-up (duplicates dropped, answers added)."""


def check_word(word: object, what: str = "word") -> str:
    """``word`` lowercased if it is 5 letters a-z, else a one-line WordListError."""
    if not isinstance(word, str):
        raise WordListError(f"{what} must be a 5-letter word, got {type(word).__name__} {word!r}")
    w = word.strip().lower()
    if len(w) != 5:
        raise WordListError(f"{what} {word!r} has {len(w)} letters; expected 5 letters a-z")
    bad = [c for c in w if c not in LETTERS]
    if bad:
        raise WordListError(f"{what} {word!r} contains {bad[0]!r}; expected 5 letters a-z")
    return w


def _warn(message: str) -> None:
    """WordListWarning attributed to the first caller outside wordle_opt."""
    here = os.path.dirname(os.path.abspath(__file__))
    level, frame = 2, sys._getframe(1)  # level 2 = _warn's caller
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(here):
        level, frame = level + 1, frame.f_back
    warnings.warn(message, WordListWarning, stacklevel=level)


def _first(words: Sequence[str], k: int = 5) -> str:
    shown = ", ".join(words[:k])
    return shown + (f" ... ({len(words)} in all)" if len(words) > k else "")


def parse_words(lines: Iterable[str], label: str) -> Tuple[str, ...]:
    """Words from lines of text (``#`` comments, blanks skipped), validated and
    deduplicated in first-seen order.  ``label`` names the source in messages."""
    seen: Dict[str, None] = {}
    dups: List[str] = []
    for lineno, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        w = text.lower()
        if len(w) != 5:
            raise WordListError(
                f"{label}, line {lineno}: {text!r} has {len(w)} characters; expected one 5-letter word a line"
            )
        bad = [c for c in w if c not in LETTERS]
        if bad:
            raise WordListError(
                f"{label}, line {lineno}: {text!r} contains {bad[0]!r}; expected letters a-z only"
            )
        if w in seen:
            dups.append(w)
        else:
            seen[w] = None
    if not seen:
        raise WordListError(f"{label}: no words (expected one 5-letter word a line)")
    if dups:
        _warn(f"{label}: dropped {len(dups)} duplicate word(s): {_first(dups)}")
    return tuple(seen)


def read_words(path: PathLike) -> Tuple[str, ...]:
    """Validated words of a list file (see `parse_words`)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except IsADirectoryError:
        raise WordListError(f"{path}: is a directory, not a word list file") from None
    except OSError as exc:
        raise WordListError(f"{path}: cannot read word list ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8-sig")  # tolerate a BOM from Windows editors
    except UnicodeDecodeError as exc:
        raise WordListError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse_words(text.splitlines(), str(path))
