"""`WordLists`: one game's answers and allowed guesses, checked, with their
letter codes and table of colourings.  `wordle_opt.wordlists` loads them
(named sets, files, words) and is where the package imports them from."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Tuple

import numpy as np

from wordle_opt.core import modules
from wordle_opt.errors import WordListError
from wordle_opt.rules import MAX_LETTERS
from wordle_opt.suggest import suggest
from wordle_opt.words import LETTERS as _LETTERS
from wordle_opt.words import check_word, normalise, parse_words, warn_list, word_problem, word_sample

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
        return cls(name, a, union_guesses(a, g, f"{name} guesses"))

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
    original lists' table (12972 x 2315), part of every process's start:
    0.20 s on one thread, 0.11 s on two (the median opener's whole search
    takes about 2 s).  Small tables stay on one thread: a thread costs more
    than it saves.
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


def union_guesses(answers: Tuple[str, ...], guesses: Tuple[str, ...], label: str) -> Tuple[str, ...]:
    allowed = set(guesses)
    missing = [w for w in answers if w not in allowed]
    if missing:
        warn_list(f"{label}: {len(missing)} answer(s) not in the allowed list, added: {word_sample(missing)}")
    return tuple(sorted(allowed.union(answers)))
