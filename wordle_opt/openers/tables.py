"""The bundled ranking tables: what the opener ranking proved about every
first guess of a bundled list set under one rule and cap -- its exact total,
or a proven lower bound on it -- so that the page (and anyone) can show an
opener's value without an hour of ranking.

The files are ``table_data/*.csv.gz`` (``opener,kind,total``; kind ``exact``,
``bound`` or ``infeasible``), cut down from what ``python -m wordle_opt
openers --out FILE.csv`` wrote; ``table_data/manifest.json`` records for each
the list set, rule and cap, a fingerprint of the lists' words, the file's
sha256, and the command that made it.  `wordle_opt.openers.table_writer`
makes them.  A table is read on first use, and only after its bytes match the
manifest's sha256: a damaged or edited file is an error naming it, never a
wrong value shown as proven.

A table a user made is the CSV itself (`read_ranking_file`): ``review
--ranking FILE`` and ``serve --ranking FILE`` read it.  Each of its rows
names the problem it was ranked on (`PROBLEM_COLUMNS`: a fingerprint of the
answers, the rule, the cap, the objective), so that a table is used only for
the game it was ranked on; its openers are that game's guesses.
"""

from __future__ import annotations

import csv
import functools
import gzip
import hashlib
import io
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

from wordle_opt.errors import WordleOptError
from wordle_opt.rules import Rule
from wordle_opt.wordlists import WordLists

EXACT, BOUND, INFEASIBLE = "exact", "bound", "infeasible"  # (as openers.tasks and the CSV name them)
DATA_DIR = Path(__file__).resolve().parent / "table_data"
MANIFEST = "manifest.json"
COLUMNS = ["opener", "kind", "total"]
# What every row of `openers --out FILE.csv` says about the problem it was ranked on.
PROBLEM_COLUMNS = ["answers", "rule", "max_guesses", "objective"]
SQLITE_MAGIC = b"SQLite format 3\x00"  # (an openers checkpoint, not a table)


class RankingTableError(WordleOptError):
    """A ranking table that cannot be used: a bundled one that does not match
    its manifest, or a table file that is not what `openers --out` writes."""


@dataclass(frozen=True)
class OpenerValue:
    """What is proven about one opener: its optimal total (``exact``), a
    lower bound on it (``bound``), or that no strategy fits the cap."""

    word: str
    kind: str
    total: Optional[int]  # None when infeasible

    @property
    def text(self) -> str:
        """'7920' (exact), '≥ 7950' (a proven bound), 'infeasible'."""
        if self.kind == EXACT:
            return str(self.total)
        if self.kind == BOUND:
            return f"≥ {self.total}"
        return INFEASIBLE

    @property
    def proven(self) -> bool:
        """Its value is known: exact, or no strategy within the cap (not only a bound)."""
        return self.kind != BOUND

    @property
    def feasible(self) -> bool:
        return self.kind != INFEASIBLE


@dataclass(frozen=True)
class RankingTable:
    """One table: every opener of ``lists`` under ``rule`` (None, 'nyt',
    'strict') and ``cap`` guesses."""

    file: str
    lists: str  # the bundled set's name
    rule: Optional[str]
    cap: Optional[int]
    n_answers: int
    command: str  # the command whose --out file the table was cut from
    values: Dict[str, OpenerValue] = field(repr=False)
    answers: str = ""  # a table a user made: its answers' fingerprint (`answers_fingerprint`)
    source: str = "the bundled opener ranking"  # where its values come from, as the page and review say it

    def get(self, word: str) -> Optional[OpenerValue]:
        return self.values.get(word.strip().lower())

    def top(self, k: int = 10) -> List[OpenerValue]:
        """The ``k`` openers with the least exact totals (ties by word)."""
        exact = [v for v in self.values.values() if v.kind == EXACT]
        return sorted(exact, key=lambda v: (v.total, v.word))[:k]

    def others_at_least(self, k: int = 10) -> Optional[int]:
        """The least total any opener outside `top` (k) can have, or None when all are infeasible."""
        inside = {v.word for v in self.top(k)}
        rest = [v.total for v in self.values.values() if v.word not in inside and v.kind != INFEASIBLE]
        return min(rest, default=None)

    def best(self) -> Tuple[Optional[int], Tuple[str, ...], bool, bool]:
        """(the least exact total or None, the openers with it, whether it is
        proven the least -- no opener's bound is below it --, whether every
        opener with it is listed -- no opener's bound equals it).  Every
        opener infeasible: (None, (), True, True)."""
        exact = [v.total for v in self.values.values() if v.kind == EXACT]
        bounds = [v.total for v in self.values.values() if v.kind == BOUND]
        if not exact:
            return None, (), not bounds, not bounds
        least = min(exact)
        words = tuple(sorted(v.word for v in self.values.values() if v.kind == EXACT and v.total == least))
        return least, words, all(b >= least for b in bounds), all(b > least for b in bounds)

    def mismatch(self, lists: WordLists, rule, cap: Optional[int]) -> Optional[str]:
        """Why this table is not of the game (lists, rule, cap), in words, or
        None when it is.  ``rule``: a `Rule` or its value (as ``self.rule``)."""
        rule = Rule.parse(rule)
        if not self.answers:  # (a bundled one: `table_for` matched it by the manifest)
            return None if self is table_for(lists, rule, cap) else "it is a bundled table of another game"
        wrong = []
        if Rule(self.rule) is not rule:
            wrong.append(f"rule {Rule(self.rule).word}, not {rule.word}")
        if self.cap != cap:
            wrong.append(f"max_guesses {_cap_text(self.cap)}, not {_cap_text(cap)}")
        ours = answers_fingerprint(lists.answers)
        if self.answers != ours:
            wrong.append(f"answers {self.answers}, not {ours}")
        if len(self.values) != len(lists.guesses) or any(w not in self.values for w in lists.guesses):
            missing = sum(w not in self.values for w in lists.guesses)
            wrong.append(
                f"its {len(self.values)} openers are not the game's {len(lists.guesses)} guesses "
                f"({missing} of them missing)"
            )
        return "; ".join(wrong) or None


def _cap_text(cap: Optional[int]) -> str:
    return "none" if cap is None else str(cap)


def answers_fingerprint(answers: Iterable[str]) -> str:
    """'2315 words, sha256 c7e2...' of the answers as a set (their order does not change any value)."""
    words = sorted(set(answers))
    return f"{len(words)} words, sha256 {hashlib.sha256(chr(10).join(words).encode()).hexdigest()[:16]}"


def problem_cells(answers: Iterable[str], rule, cap: Optional[int], objective: str) -> List[str]:
    """The `PROBLEM_COLUMNS` cells of every row of a ranking's CSV."""
    return [answers_fingerprint(answers), Rule(rule).word, _cap_text(cap), objective]


def is_checkpoint(path) -> bool:
    """Whether ``path`` is an existing openers checkpoint (SQLite) file."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def is_table_file(path) -> bool:
    """Whether ``review --ranking`` reads ``path`` as a table (the CSV of
    `openers --out`) rather than as a checkpoint to rank into: a name ending
    in .csv, or an existing file that is not a checkpoint."""
    return str(path).lower().endswith(".csv") or (os.path.isfile(path) and not is_checkpoint(path))


def read_ranking_file(path) -> RankingTable:
    """The table in ``path``, the CSV that ``openers --out FILE.csv`` wrote,
    checked whole: its columns, every row's kind and total, no opener twice,
    and one problem (`PROBLEM_COLUMNS`) on every row.  Anything else raises
    RankingTableError, one line naming the file (and the line) and what was
    expected.  Whether it is the table of a game: `RankingTable.mismatch`."""
    name = str(path)
    if is_checkpoint(path):
        raise RankingTableError(
            f"ranking table {name}: is an openers checkpoint, not a table; write the table with "
            "`python -m wordle_opt openers --top all --checkpoint CHECKPOINT --out FILE.csv`"
        )
    try:
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not a UTF-8 text file"
        raise RankingTableError(f"ranking table {name}: cannot be read ({why})") from None
    rows = csv.reader(io.StringIO(text))
    header = next(rows, None) or []
    missing = [c for c in COLUMNS + PROBLEM_COLUMNS if c not in header]
    if missing:
        older = set(COLUMNS) <= set(header)
        raise RankingTableError(
            f"ranking table {name}: "
            + (
                "its rows do not say which lists, rule and cap it was ranked on (written by an older "
                "wordle_opt); write it again with `python -m wordle_opt openers ... --out FILE.csv`"
                if older
                else f"expected the CSV of `openers --out` with the columns {','.join(COLUMNS + PROBLEM_COLUMNS)} "
                f"(missing: {','.join(missing)})"
            )
        )
    return _table(name, *_rows(name, rows, header))


def _rows(name: str, rows, header: List[str]) -> Tuple[Dict[str, OpenerValue], Optional[Tuple[str, ...]]]:
    """The openers' values of a ranking table's ``rows`` under ``header``,
    each row checked, and the problem cells they share (None: no row)."""
    at = {c: header.index(c) for c in COLUMNS + PROBLEM_COLUMNS}
    values: Dict[str, OpenerValue] = {}
    problem = None
    for line, row in enumerate(rows, 2):
        if not row:
            continue
        if len(row) != len(header):
            raise RankingTableError(f"ranking table {name}, line {line}: {len(row)} cells, expected {len(header)}")
        word, kind, total = (row[at[c]].strip() for c in COLUMNS)
        cells = tuple(row[at[c]] for c in PROBLEM_COLUMNS)
        if problem is None:
            problem = cells
        elif cells != problem:
            raise RankingTableError(
                f"ranking table {name}, line {line}: ranked on {', '.join(cells)}, but line 2 on "
                f"{', '.join(problem)}; a table holds one ranking"
            )
        if not word or word != word.lower() or not word.isalpha():
            raise RankingTableError(f"ranking table {name}, line {line}: opener {word!r} is not a lower-case word")
        if word in values:
            raise RankingTableError(f"ranking table {name}, line {line}: opener {word} appears twice")
        if kind not in (EXACT, BOUND, INFEASIBLE):
            raise RankingTableError(
                f"ranking table {name}, line {line}: kind {kind!r}, expected {EXACT}, {BOUND} or {INFEASIBLE}"
            )
        if kind == INFEASIBLE:
            if total:
                raise RankingTableError(f"ranking table {name}, line {line}: an infeasible opener has no total")
            values[word] = OpenerValue(word, kind, None)
            continue
        if not total.isdigit():
            raise RankingTableError(
                f"ranking table {name}, line {line}: total {total!r} is not a whole number of guesses"
            )
        values[word] = OpenerValue(word, kind, int(total))
    return values, problem


def _table(name: str, values: Dict[str, OpenerValue], problem: Optional[Tuple[str, ...]]) -> RankingTable:
    """The ranking table of ``values``, once its ``problem`` cells name a game
    wordle_opt knows, ranked by the total."""
    if problem is None:
        raise RankingTableError(f"ranking table {name}: has no openers")
    answers, rule, cap, objective = problem
    rules = {r.word: r.value for r in Rule}
    counted = re.fullmatch(r"(\d+) words, sha256 [0-9a-f]{16}", answers)
    if rule not in rules or not (cap == "none" or cap.isdigit()) or counted is None:
        raise RankingTableError(
            f"ranking table {name}: line 2 names no game wordle_opt knows ({', '.join(problem)}); "
            "expected answers like '2315 words, sha256 c7e2ce7dc7b4f092', rule easy, nyt or strict, "
            "max_guesses a number or none"
        )
    if objective != "total":
        raise RankingTableError(
            f"ranking table {name}: ranked by {objective}, whose totals are not each opener's optimum; "
            "rank by the total (the default --minimise) for a table of first-guess values"
        )
    return RankingTable(
        name,
        "",
        rules[rule],
        None if cap == "none" else int(cap),
        int(counted.group(1)),
        "",
        values,
        answers=answers,
        source=f"the ranking table {Path(name).name}",
    )


def lists_fingerprint(lists: WordLists) -> str:
    """sha256 of the answers and guesses, in order: a table serves exactly the lists it was ranked on."""
    h = hashlib.sha256()
    h.update("\n".join(lists.answers).encode())
    h.update(b"\0")
    h.update("\n".join(lists.guesses).encode())
    return h.hexdigest()


@functools.lru_cache(maxsize=None)
def manifest(folder: Path = DATA_DIR) -> List[dict]:
    """The manifest's entries (none when the folder has no manifest)."""
    path = folder / MANIFEST
    if not path.is_file():
        return []
    try:
        return json.loads(path.read_text(encoding="utf-8"))["tables"]
    except (ValueError, KeyError) as exc:
        raise RankingTableError(f"{path}: not a ranking table manifest ({exc})") from None


def read_table(entry: dict, folder: Path = DATA_DIR) -> RankingTable:
    """The table ``entry`` of the manifest names, after checking its sha256."""
    path = folder / entry["file"]
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RankingTableError(f"bundled ranking table {path} cannot be read ({exc.strerror}); reinstall wordle_opt")
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry["sha256"]:
        raise RankingTableError(
            f"bundled ranking table {path}: sha256 {digest[:16]}... is not the manifest's "
            f"{entry['sha256'][:16]}...; the file is damaged or was changed: reinstall wordle_opt "
            "or remake it with python -m wordle_opt.openers.table_writer"
        )
    values = {}
    rows = csv.reader(io.StringIO(gzip.decompress(data).decode("utf-8")))
    if next(rows, None) != COLUMNS:
        raise RankingTableError(f"bundled ranking table {path}: expected the columns {','.join(COLUMNS)}")
    for word, kind, total in rows:
        values[word] = OpenerValue(word, kind, None if kind == INFEASIBLE else int(total))
    return RankingTable(
        entry["file"], entry["lists"], entry["rule"], entry["cap"], entry["answers"], entry["command"], values
    )


@functools.lru_cache(maxsize=8)
def _loaded(file: str, folder: Path) -> RankingTable:
    [entry] = [e for e in manifest(folder) if e["file"] == file]
    return read_table(entry, folder)


@functools.lru_cache(maxsize=32)
def _fingerprint(lists: WordLists) -> str:
    return lists_fingerprint(lists)


def table_for(lists: WordLists, rule, cap: Optional[int], folder: Path = DATA_DIR):
    """The bundled table of exactly these lists, rule (a `Rule` or its value)
    and cap, or None."""
    for entry in manifest(folder):
        if serves(entry, lists, rule, cap):
            return _loaded(entry["file"], folder)
    return None


def serves(entry: dict, lists: WordLists, rule, cap: Optional[int]) -> bool:
    """Is manifest ``entry`` the table of exactly these lists, rule and cap?"""
    return (
        entry["rule"] == Rule.parse(rule).value
        and entry["cap"] == cap
        and entry["answers"] == len(lists.answers)
        and entry["guesses"] == len(lists.guesses)
        and entry["lists_sha256"] == _fingerprint(lists)
    )
