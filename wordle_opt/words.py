"""Single words and word-list files: validation and reading, with one-line errors.

A word is MIN_LENGTH..MAX_LENGTH Unicode letters (str.isalpha per character),
normalised to NFC and lowercased; one list holds words of one length."""

from __future__ import annotations

import os
import sys
import unicodedata
import warnings
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

from wordle_opt.errors import WordListError
from wordle_opt.rules import MAX_LENGTH, MIN_LENGTH

PathLike = Union[str, "os.PathLike[str]"]
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_SPAN = f"{MIN_LENGTH} to {MAX_LENGTH}"
LENGTH_NAMES = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}  # for messages


class WordListWarning(UserWarning):
    """A word list was usable after a fix-up (duplicates dropped, answers added)."""


def normalise(text: str) -> str:
    """A word as the lists hold it: NFC, lowercased with str.lower() (not
    casefold: 'ß'.casefold() is 'ss', which would change the length)."""
    return unicodedata.normalize("NFC", text.strip()).lower()


def letters_wanted(length: Optional[int], ascii_only: bool = False) -> str:
    """'5 letters a-z', '6 letters', '4 to 8 letters' for messages."""
    n = _SPAN if length is None else str(length)
    return f"{n} letters a-z" if ascii_only else f"{n} letters"


def word_problem(w: str, length: Optional[int] = None) -> Optional[str]:
    """Why the normalised ``w`` is not a word (of ``length`` letters if given), or None."""
    if (length is not None and len(w) != length) or not MIN_LENGTH <= len(w) <= MAX_LENGTH:
        return f"has {len(w)} letter{'' if len(w) == 1 else 's'}"
    bad = next((c for c in w if not c.isalpha()), None)
    if bad is not None:
        return f"contains {bad!r}"
    return None


def check_word(word: object, what: str = "word", length: Optional[int] = None, ascii_only: bool = False) -> str:
    """``word`` normalised (`normalise`) if it is a word of ``length`` letters
    (any of MIN_LENGTH..MAX_LENGTH if None; only a-z if ``ascii_only``), else a
    one-line WordListError."""
    wanted = letters_wanted(length, ascii_only)
    if not isinstance(word, str):
        n = _SPAN.replace(" to ", "- to ") if length is None else length
        raise WordListError(f"{what} must be a {n}-letter word, got {type(word).__name__} {word!r}")
    w = normalise(word)
    why = word_problem(w, length)
    if why is None and ascii_only:
        bad = next((c for c in w if c not in LETTERS), None)
        why = None if bad is None else f"contains {bad!r}"
    if why:
        raise WordListError(f"{what} {word!r} {why}; expected {wanted}")
    return w


def warn_list(message: str) -> None:
    """WordListWarning attributed to the first caller outside wordle_opt."""
    here = os.path.dirname(os.path.abspath(__file__))
    level, frame = 2, sys._getframe(1)  # level 2 = warn_list's caller
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(here):
        level, frame = level + 1, frame.f_back
    warnings.warn(message, WordListWarning, stacklevel=level)


def word_sample(words: Sequence[str], k: int = 5) -> str:
    shown = ", ".join(words[:k])
    return shown + (f" ... ({len(words)} in all)" if len(words) > k else "")


def parse_words(
    lines: Iterable[str], label: str, length: Optional[int] = None, length_from: str = ""
) -> Tuple[str, ...]:
    """Words from lines of text (``#`` comments, blanks skipped), validated and
    deduplicated in first-seen order.  ``label`` names the source in messages.

    Every word has the length of the first one (or ``length``, which comes
    from ``length_from``, e.g. the answers list); letters are any Unicode
    letters, normalised by `normalise`."""
    seen: Dict[str, None] = {}
    dups: List[str] = []
    first = length_from
    for lineno, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        w = normalise(text)
        if length is not None and len(w) != length and MIN_LENGTH <= len(w) <= MAX_LENGTH:
            raise WordListError(
                f"{label}, line {lineno}: {text!r} has {len(w)} characters; expected one "
                f"{length}-letter word a line, as {first} (one list, one word length)"
            )
        if not MIN_LENGTH <= len(w) <= MAX_LENGTH:
            wanted = f"{length}-letter word" if length is not None else f"word of {_SPAN} letters"
            raise WordListError(
                f"{label}, line {lineno}: {text!r} has {len(w)} characters; expected one {wanted} a line"
            )
        bad = next((c for c in w if not c.isalpha()), None)
        if bad is not None:
            raise WordListError(
                f"{label}, line {lineno}: {text!r} contains {bad!r}, which is not a letter; expected letters only"
            )
        if length is None:
            length, first = len(w), f"line {lineno}"
        if w in seen:
            dups.append(w)
        else:
            seen[w] = None
    if not seen:
        raise WordListError(f"{label}: no words (expected one word of {_SPAN} letters a line)")
    if dups:
        warn_list(f"{label}: dropped {len(dups)} duplicate word(s): {word_sample(dups)}")
    return tuple(seen)


# A list file is read up to this size and no further: the largest real lists
# are a few MB, and /dev/zero or a pipe that never ends exhausted the memory.
LIST_FILE_LIMIT = 32 * 2**20


def read_words(path: PathLike, length: Optional[int] = None, length_from: str = "") -> Tuple[str, ...]:
    """Validated words of a list file (see `parse_words`)."""
    p = Path(path)
    try:
        with open(p, "rb") as f:
            data = f.read(LIST_FILE_LIMIT + 1)
        if len(data) > LIST_FILE_LIMIT:
            raise WordListError(
                f"{path}: larger than {LIST_FILE_LIMIT // 2**20} MiB; expected a word list, one word a line"
            )
    except IsADirectoryError:
        raise WordListError(f"{path}: is a directory, not a word list file") from None
    except OSError as exc:
        raise WordListError(f"{path}: cannot read word list ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8-sig")  # tolerate a BOM from Windows editors
    except UnicodeDecodeError as exc:
        raise WordListError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse_words(text.splitlines(), str(path), length, length_from)
