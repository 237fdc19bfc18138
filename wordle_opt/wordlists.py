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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple, Union

import numpy as np

from wordle_opt.core import modules
from wordle_opt.errors import WordListError
from wordle_opt.listsets import CHECKSUMS, DEFAULT_SET, SETS, ListSet, bundled_path, data_dir
from wordle_opt.rules import MAX_LETTERS
from wordle_opt.suggest import suggest
from wordle_opt.words import (
    LENGTH_NAMES,
    PathLike,
    WordListWarning,
    check_word,
    normalise,
    parse_words,
    read_words,
    warn_list,
    word_problem,
    word_sample,
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

_AZ = "abcdefghijklmnopqrstuvwxyz"


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
        length = len(self.answers[0]) if isinstance(self.answers[0], str) else 0
        for what, words in (("answer", self.answers), ("guess", self.guesses)):
            for w in words:
                if not isinstance(w, str) or word_problem(w, length) or normalise(w) != w:
                    raise WordListError(
                        f"list {self.name!r}: {what} {w!r} is not {length or ''} lowercase letters "
                        f"(normalised: NFC, str.lower()) like the first answer"
                    )
        if len(self.alphabet) > MAX_LETTERS:
            raise WordListError(
                f"list {self.name!r} uses {len(self.alphabet)} different letters; at most {MAX_LETTERS} fit in one game"
            )
        if len(set(self.answers)) != len(self.answers) or len(set(self.guesses)) != len(self.guesses):
            raise WordListError(f"list {self.name!r}: duplicate words (use WordLists.from_words)")
        if list(self.guesses) != sorted(self.guesses):
            raise WordListError(f"list {self.name!r}: guesses must be sorted (use WordLists.from_words)")
        missing = set(self.answers).difference(self.guesses)
        if missing:
            raise WordListError(
                f"list {self.name!r}: answers not among the guesses: {word_sample(sorted(missing))} "
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
        if not isinstance(name, str) or not name.isprintable() or len(name) > 200:
            raise WordListError(f"name: expected a label of one line, not {name!r}")
        a = parse_words(_as_lines(answers, f"{name} answers"), f"{name} answers")
        g = (
            a
            if guesses is None
            else parse_words(
                _as_lines(guesses, f"{name} guesses"), f"{name} guesses", len(a[0]), f"the answers ({name} answers)"
            )
        )
        return cls(name, a, _union_guesses(a, g, f"{name} guesses"))

    # ---- length and letters ---------------------------------------------

    @property
    def length(self) -> int:
        """Letters per word: one length for every word of the lists."""
        return len(self.answers[0])

    @functools.cached_property
    def alphabet(self) -> str:
        """The letters, in code order: a-z for lists of a-z only (a = 0 .. z = 25,
        so five-letter English tables and caches stay as they were), otherwise
        the sorted letters the lists use."""
        used = set("".join(self.guesses))
        return _AZ if used <= _LETTERS else "".join(sorted(used))

    @property
    def ascii(self) -> bool:
        return self.alphabet == _AZ

    def encode(self, words) -> np.ndarray:
        """uint8 (len(words), length): each letter's index in ``alphabet``."""
        return encode(words, self.alphabet, self.length)

    def _check(self, word: object, what: str) -> str:
        return check_word(word, what, self.length, self.ascii)

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
        w = self._check(word, "answer")
        i = self._answer_pos.get(w)
        if i is not None:
            return i
        where = self._where(self.answers_source)
        if w in self._guess_pos:
            raise WordListError(f"{w!r} is a valid guess but not a possible answer in {where}")
        close = suggest(w, self.answers)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise WordListError(f"{w!r} is not a possible answer in {where}{hint}")

    def guess_index(self, word: str) -> int:
        """Index of ``word`` in ``guesses``; WordListError with suggestions if absent."""
        w = self._check(word, "guess")
        i = self._guess_pos.get(w)
        if i is not None:
            return i
        close = suggest(w, self.guesses)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise WordListError(f"{w!r} is not an allowed guess in {self._where(self.guesses_source)}{hint}")

    def is_guess(self, word: str) -> bool:
        return isinstance(word, str) and normalise(word) in self._guess_pos

    # ---- arrays --------------------------------------------------------

    @functools.cached_property
    def answer_codes(self) -> np.ndarray:
        """uint8 (len(answers), length), letter codes (see ``alphabet``)."""
        return _readonly(self.encode(self.answers))

    @functools.cached_property
    def guess_codes(self) -> np.ndarray:
        """uint8 (len(guesses), length), letter codes (see ``alphabet``)."""
        return _readonly(self.encode(self.guesses))

    @property
    def modules(self):
        """The compiled (or plain) core, heuristics and bounds for this length."""
        return modules(self.length)

    @functools.cached_property
    def table(self) -> np.ndarray:
        """(len(guesses), len(answers)): colouring of each guess against each
        answer; uint8 up to five letters, uint16 from six.  Lists whose table
        would not fit this machine's memory are a `WordListError` saying how
        large, before any of it is allocated."""
        size = self.table_bytes
        ram = memory_bytes()
        if ram is not None and size > ram:
            raise WordListError(self._too_large(size, ram))
        try:
            return _readonly(
                _table_in_threads(self.modules.core.pattern_table_codes, self.guess_codes, self.answer_codes)
            )
        except MemoryError:
            raise WordListError(self._too_large(size, ram)) from None

    @property
    def table_bytes(self) -> int:
        """The size of ``table`` in bytes: guesses x answers x 1 (2 from six letters)."""
        return len(self.guesses) * len(self.answers) * (1 if self.length <= 5 else 2)

    def _too_large(self, size: int, ram: Optional[int]) -> str:
        mem = "" if ram is None else f", more than this machine's {_bytes(ram)} of memory"
        return (
            f"lists {self.name!r} are too large: {len(self.guesses)} guesses x {len(self.answers)} answers "
            f"need a {_bytes(size)} table of colourings{mem}; use shorter lists"
        )

    @functools.cached_property
    def answer_guess_index(self) -> np.ndarray:
        """int32 (len(answers),): index in ``guesses`` of each answer."""
        return np.array([self._guess_pos[w] for w in self.answers], dtype=np.int32)

    def __repr__(self) -> str:
        return f"WordLists({self.name!r}, {len(self.answers)} answers, {len(self.guesses)} guesses)"


def _table_in_threads(fill, guesses: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """``fill(guesses, answers)`` on slices of the guesses, one per core, joined.

    The core colours with the GIL released, so both cores share the
    original lists' table (12972 x 2315), part of every process's start: best
    of 10 on this idle 2-core machine, 0.20 s on one thread, 0.11 s on two
    (0.29 -> 0.21 s at load 5; the median opener's whole search takes about
    2 s).  Small tables stay on one thread: a thread costs more than it saves.
    """
    threads = min(os.cpu_count() or 1, 8)  # as the solver counts its threads
    if threads < 2 or len(guesses) * len(answers) < 4_000_000:
        return fill(guesses, answers)
    from concurrent.futures import ThreadPoolExecutor

    cuts = np.linspace(0, len(guesses), threads + 1).astype(int)
    with ThreadPoolExecutor(threads) as pool:
        parts = list(pool.map(lambda i: fill(guesses[cuts[i] : cuts[i + 1]], answers), range(threads)))
    return np.concatenate(parts)


def memory_bytes() -> Optional[int]:
    """This machine's physical memory in bytes (None where it cannot be told)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def _bytes(n: int) -> str:
    """1.5 GiB, 3.08 TiB: a size for messages."""
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.3g} {unit}"
        n /= 1024
    return f"{n:.3g} TiB"


def encode(words, alphabet: str, length: int) -> np.ndarray:
    """uint8 (len(words), length) letter codes: each letter's index in the sorted
    ``alphabet``.  The lists layer's one encoder."""
    n = len(words)
    if n == 0:
        return np.zeros((0, length), dtype=np.uint8)
    points = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32)
    if points.size != n * length:
        raise WordListError(f"words of {length} letters expected, got {word_sample(list(words))}")
    letters = np.frombuffer(alphabet.encode("utf-32-le"), dtype=np.uint32)
    codes = np.searchsorted(letters, points)
    if (codes >= len(letters)).any() or (letters[np.minimum(codes, len(letters) - 1)] != points).any():
        raise WordListError(f"a letter of {word_sample(list(words))} is not in the alphabet {alphabet!r}")
    return codes.astype(np.uint8).reshape(n, length)


def _readonly(a: np.ndarray) -> np.ndarray:
    # Shared by every user of a cached WordLists: nobody may scribble on it.
    a.flags.writeable = False
    return a


def _as_lines(words: Iterable[str], label: str) -> List[str]:
    if isinstance(words, (str, bytes)):
        raise WordListError(f"{label}: expected a sequence of words, got a single string {words!r}")
    if not isinstance(words, Iterable):
        raise WordListError(f"{label}: expected a sequence of words, not {words!r}")
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
        warn_list(f"{label}: {len(missing)} answer(s) not in the allowed list, added: {word_sample(missing)}")
    return tuple(sorted(allowed.union(answers)))


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
    return WordLists(name, a_words, _union_guesses(a_words, g_words, g_label), a_label, g_label)


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
