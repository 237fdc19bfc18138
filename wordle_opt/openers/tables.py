"""The bundled ranking tables: what the opener ranking proved about every
first guess of a bundled list set under one rule and cap -- its exact total,
or a proven lower bound on it -- so that the page (and anyone) can show an
opener's value without an hour of ranking.

The files are ``table_data/*.csv.gz`` (``opener,kind,total``; kind ``exact``,
``bound`` or ``infeasible``), cut down from what ``python -m wordle_opt
openers --out FILE.csv`` wrote; ``table_data/manifest.json`` records for each
the list set, rule and cap, a fingerprint of the lists' words, the file's
sha256, and the command that made it.  ``tools/ranking_tables.py`` makes
them.  A table is read on first use, and only after its bytes match the
manifest's sha256: a damaged or edited file is an error naming it, never a
wrong value shown as proven.
"""

from __future__ import annotations

import csv
import functools
import gzip
import hashlib
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

from wordle_opt.errors import WordleOptError
from wordle_opt.wordlists import WordLists

EXACT, BOUND, INFEASIBLE = "exact", "bound", "infeasible"  # (as openers.tasks and the CSV name them)
DATA_DIR = Path(__file__).resolve().parent / "table_data"
MANIFEST = "manifest.json"
COLUMNS = ["opener", "kind", "total"]


class RankingTableError(WordleOptError):
    """A bundled ranking table that does not match its manifest."""


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
            "or remake it with tools/ranking_tables.py"
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


def table_for(lists: WordLists, rule: Optional[str], cap: Optional[int], folder: Path = DATA_DIR):
    """The bundled table of exactly these lists, rule and cap, or None.
    ``rule`` as `wordle_opt.rules.normalise_rule` gives it."""
    for entry in manifest(folder):
        if (
            entry["rule"] == rule
            and entry["cap"] == cap
            and entry["answers"] == len(lists.answers)
            and entry["guesses"] == len(lists.guesses)
            and entry["lists_sha256"] == _fingerprint(lists)
        ):
            return _loaded(entry["file"], folder)
    return None
