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
from collections import Counter
import functools
import os
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from wordle_opt._impl import core
from wordle_opt.errors import WordListError

__all__ = [
    "WordLists",
    "WordListWarning",
    "ListSet",
    "load_lists",
    "list_sets",
    "read_words",
    "check_word",
    "DEFAULT_SET",
    "SETS",
    "CHECKSUMS",
]

PathLike = Union[str, "os.PathLike[str]"]


class WordListWarning(UserWarning):
    """A word list was usable after a fix-up (duplicates dropped, answers added)."""


@dataclass(frozen=True)
class ListSet:
    """A bundled, named pair of lists."""

    name: str
    answers_file: str
    guesses_file: str
    description: str


DEFAULT_SET = "original"
SETS: Dict[str, ListSet] = {
    s.name: s
    for s in (
        ListSet("original", "original-answers.txt", "original-allowed.txt",
                "Wordle before the NYT (to 2022-02-15)"),
        ListSet("nyt", "nyt-answers-2309.txt", "nyt-allowed-14855.txt",
                "NYT from 2022-08-30 (last fixed answer list)"),
        ListSet("nyt-12947", "nyt-answers-2309.txt", "nyt-allowed-12947.txt",
                "NYT 2022-02-15 to 2022-03-16"),
    )
}

# Bundled file -> (word count, sha256 of the file's bytes); wordlists/README.md
# records the same figures with each file's source.  Checked by the tests.
CHECKSUMS: Dict[str, Tuple[int, str]] = {
    "original-answers.txt": (2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    "original-allowed.txt": (12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    "nyt-answers-2309.txt": (2309, "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32"),
    "nyt-allowed-12947.txt": (12947, "48f16611619aa3f9d259d04b9b08d6a24ca28944ab1515c747c0ead6da2ba663"),
    "nyt-allowed-14855.txt": (14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
}

CHECKSUMS_FIRST = next(iter(CHECKSUMS))
_DATA_PACKAGE = "wordle_opt.wordlist_data"
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


# --------------------------------------------------------------------------
# Where the bundled files are


@functools.lru_cache(maxsize=None)
def data_dir() -> Path:
    """Directory of the bundled lists: the installed package data, or (only in a
    source checkout, where that package does not exist) the top-level wordlists/."""
    import importlib.util

    if importlib.util.find_spec(_DATA_PACKAGE) is not None:
        from importlib import resources

        # Package data installed as plain files (setup.py has no zip_safe
        # install), so the Traversable is a real directory.
        return Path(str(resources.files(_DATA_PACKAGE)))
    checkout = Path(__file__).resolve().parent.parent / "wordlists"
    if (checkout / CHECKSUMS_FIRST).is_file():
        return checkout
    raise WordListError(
        f"the bundled word lists are missing (no package {_DATA_PACKAGE} and no "
        f"{checkout}); reinstall wordle_opt"
    )


def bundled_path(filename: str) -> Path:
    """Path of a bundled list file, e.g. ``bundled_path("original-answers.txt")``."""
    return data_dir() / filename


# --------------------------------------------------------------------------
# Words and files


def check_word(word: object, what: str = "word") -> str:
    """``word`` lowercased if it is 5 letters a-z, else a one-line WordListError."""
    if not isinstance(word, str):
        raise WordListError(f"{what} must be a 5-letter word, got {type(word).__name__} {word!r}")
    w = word.strip().lower()
    if len(w) != 5:
        raise WordListError(f"{what} {word!r} has {len(w)} letters; expected 5 letters a-z")
    bad = [c for c in w if c not in _LETTERS]
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
        bad = [c for c in w if c not in _LETTERS]
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


# --------------------------------------------------------------------------
# Suggestions for words not in a list


def _osa_distance(a: str, b: str) -> int:
    """Edit distance counting an adjacent swap as one edit (typos like salte/salet)."""
    prev2: List[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def suggest(word: str, words: Sequence[str], limit: int = 5) -> List[str]:
    """Closest words in ``words``: fewest edits (at most 2); among equals the
    anagrams of ``word`` only, when there are any (a swapped pair is the
    likeliest typo)."""
    if not words:
        return []
    # Cheap prefilter: each edit changes at most one letter of the multiset, so
    # a word within 2 edits differs from ``word`` in at most 2 letters.
    best: Dict[int, List[str]] = {}
    letters = sorted(word)
    mine = Counter(word)
    for w in words:
        if sum((mine - Counter(w)).values()) > 2:
            continue
        d = _osa_distance(word, w)
        if d <= 2:
            best.setdefault(d, []).append(w)
    if not best:
        return difflib.get_close_matches(word, list(words), n=min(limit, 3), cutoff=0.7)
    closest = best[min(best)]
    anagrams = [w for w in closest if sorted(w) == letters]
    return (anagrams or closest)[:limit]


# --------------------------------------------------------------------------
# The lists


@dataclass(frozen=True)
class WordLists:
    """Possible answers and allowed guesses, with encodings and the pattern table.

    ``guesses`` is sorted and always contains every answer.  Construct with
    `load_lists` (named sets, files) or `WordLists.from_words` (any words).
    """

    name: str
    answers: Tuple[str, ...]
    guesses: Tuple[str, ...]
    answers_source: str = field(default="", compare=False)
    guesses_source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "answers", tuple(self.answers))
        object.__setattr__(self, "guesses", tuple(self.guesses))
        if not self.answers:
            raise WordListError(f"list {self.name!r}: no answers")
        for what, words in (("answer", self.answers), ("guess", self.guesses)):
            for w in words:
                if not (isinstance(w, str) and len(w) == 5 and set(w) <= _LETTERS):
                    raise WordListError(
                        f"list {self.name!r}: {what} {w!r} is not 5 lowercase letters a-z"
                    )
        if len(set(self.answers)) != len(self.answers) or len(set(self.guesses)) != len(self.guesses):
            raise WordListError(f"list {self.name!r}: duplicate words (use WordLists.from_words)")
        if list(self.guesses) != sorted(self.guesses):
            raise WordListError(f"list {self.name!r}: guesses must be sorted (use WordLists.from_words)")
        missing = set(self.answers).difference(self.guesses)
        if missing:
            raise WordListError(
                f"list {self.name!r}: answers not among the guesses: {_first(sorted(missing))} "
                "(use WordLists.from_words)"
            )

    @classmethod
    def from_words(
        cls,
        answers: Iterable[str],
        guesses: Optional[Iterable[str]] = None,
        name: str = "custom",
    ) -> "WordLists":
        """Validate and normalise like a file: lowercase, duplicates dropped and
        answers added to the guesses (both with a warning), guesses sorted."""
        a = parse_words(_as_lines(answers, f"{name} answers"), f"{name} answers")
        g = a if guesses is None else parse_words(_as_lines(guesses, f"{name} guesses"), f"{name} guesses")
        return cls(name, a, _union_guesses(a, g, f"{name} guesses"))

    # ---- look-ups ------------------------------------------------------

    @functools.cached_property
    def _answer_pos(self) -> Dict[str, int]:
        return {w: i for i, w in enumerate(self.answers)}

    @functools.cached_property
    def _guess_pos(self) -> Dict[str, int]:
        return {w: i for i, w in enumerate(self.guesses)}

    def _where(self, source: str) -> str:
        return f"list {self.name!r}" + (f" ({source})" if source and source != self.name else "")

    def answer_index(self, word: str) -> int:
        """Index of ``word`` in ``answers``; WordListError with suggestions if absent."""
        w = check_word(word, "answer")
        i = self._answer_pos.get(w)
        if i is not None:
            return i
        where = self._where(self.answers_source)
        if w in self._guess_pos:
            raise WordListError(
                f"{w!r} is a valid guess but not a possible answer in {where}"
            )
        close = suggest(w, self.answers)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise WordListError(f"{w!r} is not a possible answer in {where}{hint}")

    def guess_index(self, word: str) -> int:
        """Index of ``word`` in ``guesses``; WordListError with suggestions if absent."""
        w = check_word(word, "guess")
        i = self._guess_pos.get(w)
        if i is not None:
            return i
        close = suggest(w, self.guesses)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise WordListError(
            f"{w!r} is not an allowed guess in {self._where(self.guesses_source)}{hint}"
        )

    def is_answer(self, word: str) -> bool:
        return isinstance(word, str) and word.lower() in self._answer_pos

    def is_guess(self, word: str) -> bool:
        return isinstance(word, str) and word.lower() in self._guess_pos

    # ---- arrays --------------------------------------------------------

    @functools.cached_property
    def answer_codes(self) -> np.ndarray:
        """uint8 (len(answers), 5), letters 0..25."""
        return _readonly(core.encode(self.answers))

    @functools.cached_property
    def guess_codes(self) -> np.ndarray:
        """uint8 (len(guesses), 5), letters 0..25."""
        return _readonly(core.encode(self.guesses))

    @functools.cached_property
    def table(self) -> np.ndarray:
        """uint8 (len(guesses), len(answers)): colouring of each guess against each answer."""
        return _readonly(core.pattern_table_codes(self.guess_codes, self.answer_codes))

    @functools.cached_property
    def answer_guess_index(self) -> np.ndarray:
        """int32 (len(answers),): index in ``guesses`` of each answer."""
        return np.array([self._guess_pos[w] for w in self.answers], dtype=np.int32)

    def __repr__(self) -> str:
        return f"WordLists({self.name!r}, {len(self.answers)} answers, {len(self.guesses)} guesses)"


def _readonly(a: np.ndarray) -> np.ndarray:
    # Shared by every user of a cached WordLists: nobody may scribble on it.
    a.flags.writeable = False
    return a


def _as_lines(words: Iterable[str], label: str) -> List[str]:
    if isinstance(words, (str, bytes)):
        raise WordListError(f"{label}: expected a sequence of words, got a single string {words!r}")
    out = []
    for w in words:
        if not isinstance(w, str):
            raise WordListError(f"{label}: {w!r} is not a word (a str)")
        if "\n" in w or "#" in w:
            raise WordListError(f"{label}: {w!r} is not a single word")
        out.append(w)
    return out


def _union_guesses(answers: Tuple[str, ...], guesses: Tuple[str, ...], label: str) -> Tuple[str, ...]:
    allowed = set(guesses)
    missing = [w for w in answers if w not in allowed]
    if missing:
        _warn(f"{label}: {len(missing)} answer(s) not in the allowed list, added: {_first(missing)}")
    return tuple(sorted(allowed.union(answers)))


def _resolve(spec: PathLike, role: str) -> Tuple[str, Tuple[str, ...], Optional[ListSet]]:
    """(label, words, named set or None) for a set name or a file path."""
    if isinstance(spec, str) and spec in SETS:
        s = SETS[spec]
        fname = s.answers_file if role == "answers" else s.guesses_file
        return fname, _bundled_words(fname), s
    if not isinstance(spec, (str, os.PathLike)):
        raise WordListError(f"{role}: expected a list name or a file path, got {type(spec).__name__}")
    p = Path(spec)
    if not p.exists():
        names = ", ".join(SETS)
        close = difflib.get_close_matches(str(spec), list(SETS), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise WordListError(f"{role} list {str(spec)!r} is neither a named set ({names}) nor a file{hint}")
    return str(spec), read_words(p), None


@functools.lru_cache(maxsize=None)
def _bundled_words(filename: str) -> Tuple[str, ...]:
    return read_words(bundled_path(filename))


@functools.lru_cache(maxsize=None)
def _load_named(name: str) -> WordLists:
    # Bundled sets never change, so one WordLists (and one cached table) each.
    s = SETS[name]
    return WordLists(name, _bundled_words(s.answers_file), _bundled_words(s.guesses_file),
                     s.answers_file, s.guesses_file)


def load_lists(answers: PathLike = DEFAULT_SET, guesses: Optional[PathLike] = None) -> WordLists:
    """Answers and allowed guesses.

    ``answers``: a named set ('original', 'nyt', 'nyt-12947') or a file path.
    ``guesses``: None (the named set's allowed list, or for an answers file the
    answers themselves), a named set (its allowed list) or a file path.
    Answers missing from the allowed guesses are added to them, with a warning.
    """
    if isinstance(answers, str) and answers in SETS and guesses in (None, answers):
        return _load_named(answers)
    a_label, a_words, a_set = _resolve(answers, "answers")
    if guesses is None:
        g_label, g_words = (a_label, a_words) if a_set is None else (a_set.guesses_file, _bundled_words(a_set.guesses_file))
    else:
        g_label, g_words, _ = _resolve(guesses, "guesses")
    a_name = a_set.name if a_set else a_label
    if guesses is None:
        name = a_name
    else:
        g_name = guesses if isinstance(guesses, str) and guesses in SETS else g_label
        name = a_name if g_name == a_name else f"{a_name} answers / {g_name} guesses"
    return WordLists(name, a_words, _union_guesses(a_words, g_words, g_label), a_label, g_label)


def list_sets() -> List[Tuple[ListSet, WordLists]]:
    """Every bundled named set with its loaded lists (for counts), default first."""
    return [(s, load_lists(name)) for name, s in SETS.items()]
