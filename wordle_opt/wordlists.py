"""Word lists: the bundled sets, user files, validation and friendly look-ups.

    >>> lists = load_lists("original")
    >>> len(lists.answers), len(lists.guesses)
    (2315, 12972)
    >>> lists.table.shape          # guesses x answers colourings, uint8
    (12972, 2315)

A list file holds one word a line; ``#`` starts a comment; blank lines are
ignored; case does not matter.  Malformed files raise `WordListError` naming
the file and line; duplicates and answers missing from the allowed list only
warn (`WordListWarning`) and are fixed up.
"""

from __future__ import annotations

import difflib
import functools
import os
from pathlib import Path
from typing import List, Optional, Tuple, Union

from wordle_opt.errors import WordListError
from wordle_opt.lists import WordLists, encode, union_guesses
from wordle_opt.listsets import CHECKSUMS, DEFAULT_SET, SETS, ListSet, bundled_path, data_dir
from wordle_opt.words import (
    LENGTH_NAMES,
    PathLike,
    WordListWarning,
    check_word,
    normalise,
    parse_words,
    read_words,
)
from wordle_opt.words import LETTERS as _LETTERS

__all__ = [
    "WordLists",
    "WordListWarning",
    "ListSet",
    "load_lists",
    "list_sets",
    "read_words",
    "check_word",
    "resolve_words",
    "DEFAULT_SET",
    "SETS",
    "CHECKSUMS",
    "data_dir",
    "bundled_path",
    "encode",
    "require_five_letters",
]


def _resolve(
    spec: PathLike, role: str, length: Optional[int] = None, length_from: str = ""
) -> Tuple[str, Tuple[str, ...], Optional[ListSet]]:
    """(label, words, named set or None) for a set name or a file path; every
    word of ``length`` letters if given (the length of ``length_from``)."""
    if isinstance(spec, str) and spec in SETS:
        s = SETS[spec]
        fname = s.answers_file if role == "answers" else s.guesses_file
        words = _bundled_words(fname)
        if length is not None and len(words[0]) != length:
            parse_words(words, fname, length, length_from)  # raises, naming the first misfit
        return fname, words, s
    if not isinstance(spec, (str, os.PathLike)):
        raise WordListError(f"{role}: expected a list name or a file path, got {type(spec).__name__}")
    p = Path(spec)
    if not p.exists():
        names = ", ".join(SETS)
        close = difflib.get_close_matches(str(spec), list(SETS), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise WordListError(f"{role} list {str(spec)!r} is neither a named set ({names}) nor a file{hint}")
    return str(spec), read_words(p, length, length_from), None


@functools.lru_cache(maxsize=None)
def _bundled_words(filename: str) -> Tuple[str, ...]:
    return read_words(bundled_path(filename))


@functools.lru_cache(maxsize=None)
def _load_named(name: str) -> WordLists:
    # Bundled sets never change, so one WordLists (and one cached table) each.
    s = SETS[name]
    return WordLists(
        name, _bundled_words(s.answers_file), _bundled_words(s.guesses_file), s.answers_file, s.guesses_file
    )


def load_lists(answers: Union[PathLike, WordLists] = DEFAULT_SET, guesses: Optional[PathLike] = None) -> WordLists:
    """Answers and allowed guesses.

    ``answers``: a named set (see ``SETS``: 'original', 'nyt', 'nyt-12947', 'nyt-3158') or a file path.
    ``guesses``: None (the named set's allowed list, or for an answers file the
    answers themselves), a named set (its allowed list) or a file path.
    Answers missing from the allowed guesses are added to them, with a warning.
    A WordLists passed as ``answers`` is returned as it is (it has its guesses:
    ``guesses`` beside it is an error).
    Either may also be a sequence of words (``answers=["crane", "react"]``),
    validated like a file; without ``guesses`` the answers are the guesses.
    """
    if isinstance(answers, WordLists):
        if guesses is not None:
            raise WordListError("guesses= goes with a list name, file or words; a WordLists already has its guesses")
        return answers
    if _is_words(answers) or _is_words(guesses):
        a = answers if _is_words(answers) else _resolve(answers, "answers")[1]
        if guesses is None:
            g = None if _is_words(answers) else _resolve(answers, "guesses")[1]
        else:
            g = guesses if _is_words(guesses) else _guesses_for(guesses, a)
        return WordLists.from_words(a, g, name="custom")
    if isinstance(answers, str) and answers in SETS and guesses in (None, answers):
        return _load_named(answers)
    a_label, a_words, a_set = _resolve(answers, "answers")
    if guesses is None:
        g_label, g_words = (
            (a_label, a_words) if a_set is None else (a_set.guesses_file, _bundled_words(a_set.guesses_file))
        )
    else:
        g_label, g_words, _ = _resolve(guesses, "guesses", len(a_words[0]), f"the answers ({a_label})")
    a_name = a_set.name if a_set else a_label
    if guesses is None:
        name = a_name
    else:
        g_name = guesses if isinstance(guesses, str) and guesses in SETS else g_label
        name = a_name if g_name == a_name else f"{a_name} answers / {g_name} guesses"
    return WordLists(name, a_words, union_guesses(a_words, g_words, g_label), a_label, g_label)


def _guesses_for(spec: PathLike, answers) -> Tuple[str, ...]:
    first = next(iter(answers), None)
    length = len(normalise(first)) if isinstance(first, str) else None
    return _resolve(spec, "guesses", length, "the answers")[1]


def _is_words(spec) -> bool:
    """A sequence of words, not a set name, path or WordLists."""
    return spec is not None and not isinstance(spec, (str, bytes, os.PathLike, WordLists)) and hasattr(spec, "__iter__")


def _checked(words, what: str, length: Optional[int] = None) -> Tuple[str, ...]:
    """Each word checked (`check_word`), all of one length: ``length``, else the first word's."""
    out: List[str] = []
    for w in words:
        out.append(check_word(w, what, length))
        length = len(out[0])
    return tuple(out)


def require_five_letters(
    lists: WordLists, what: str, ascii_only: bool = False, lengths: Tuple[int, ...] = (5,)
) -> WordLists:
    """``lists`` if its words have one of ``lengths`` (five letters by default;
    a-z only if ``ascii_only``), else a one-line WordListError (for the
    features that play only such words: ``what`` names one)."""
    if lists.length not in lengths:
        wanted = " or ".join(LENGTH_NAMES[n] for n in lengths)
        raise WordListError(
            f"{what} plays {wanted}-letter words only; list {lists.name!r} has {lists.length}-letter words"
        )
    if ascii_only and not lists.ascii:
        other = "".join(c for c in lists.alphabet if c not in _LETTERS)
        raise WordListError(f"{what} plays words of letters a-z only; list {lists.name!r} also uses {other}")
    return lists


def list_sets() -> List[Tuple[ListSet, WordLists]]:
    """Every bundled named set with its loaded lists (for counts), default first."""
    return [(s, load_lists(name)) for name, s in SETS.items()]


def resolve_words(answers=None, guesses=None, default=DEFAULT_SET):
    """(set name or None, answers tuple, guesses tuple) from whatever a tree or
    verify caller gave: unlike `load_lists`, plain word sequences are kept as
    given (order, duplicates: verify reports them).

    ``answers``: a WordLists, a named set or file path (via load_lists), or a
    sequence of words.  ``guesses``: None (the lists' own), a named set/path,
    or a sequence of words.
    """
    if answers is None:
        answers = default
    if hasattr(answers, "answers") and hasattr(answers, "guesses"):
        name = getattr(answers, "name", None)
        ans, gs = tuple(answers.answers), tuple(answers.guesses)
    elif isinstance(answers, (str, os.PathLike)):
        lists = load_lists(answers, guesses if isinstance(guesses, (str, os.PathLike)) else None)
        name, ans, gs = lists.name, tuple(lists.answers), tuple(lists.guesses)
        if isinstance(guesses, (str, os.PathLike)):
            guesses = None  # already applied
    else:
        name, ans = None, _checked(answers, "answer")
        gs = ans
    if guesses is not None:
        if hasattr(guesses, "guesses"):
            gs = tuple(guesses.guesses)
        elif isinstance(guesses, (str, os.PathLike)):
            gs = tuple(load_lists(guesses).guesses)
        else:
            gs = _checked(guesses, "guess", len(ans[0]) if ans else None)
        name = None  # a named set with other guesses is no longer that set
    if name not in SETS:
        name = None
    return name, ans, gs
