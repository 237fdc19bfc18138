"""Checkpoints of an opener ranking (what is proven about each opener) and of
the anytime search (each group's best tree and proven bound), in SQLite.

Every batch of results is one transaction, so a crash or ``kill -9`` leaves
the file as it was after the last complete batch (SQLite's journal), never
half-written.  The file records the problem it belongs to (the lists, the
rule, the cap) and the objective of the ranking; opening it for another
problem or objective is refused with one line naming the difference.  (Files
from before objectives existed hold 'total' rankings.)  A ranking by another
objective than the total runs at several caps: its facts at each cap are kept
apart (`Checkpoint.at`).  Facts only ever get stronger on resume: an exact
value replaces a bound, a higher bound a lower one; an anytime group's tree
is replaced only by one that totals less (`Checkpoint.save_groups`).  A file
replaced or deleted under a running run (a `git pull` of a checkpoint kept in
the repository) gets the run's facts merged in (`Checkpoint._current`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Dict, Iterable, Optional, Set, Tuple

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.tasks import BOUND, EXACT, INFEASIBLE, TaskProblem
from wordle_opt.rules import Rule
from wordle_opt.trees.node import Node

FORMAT = "wordle_opt openers checkpoint 1"
_RANK = {BOUND: 0, INFEASIBLE: 1, EXACT: 1}  # an exact fact is never replaced by a bound


class CheckpointError(WordleOptError):
    """A checkpoint file that cannot be used for this ranking."""


def _digest(words: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(words).encode()).hexdigest()[:16]


def _rule_text(rule: Rule) -> str:
    """The rule as a checkpoint names it: 'easy', 'hard (nyt)', 'hard (strict)'."""
    return f"hard ({rule.word})" if rule.hard else "easy"


def identity(problem: TaskProblem, objective: str = "total") -> Dict[str, str]:
    """What a checkpoint must match, as readable text (it goes into error messages)."""
    return {
        "format": FORMAT,
        "answers": f"{problem.name} answers ({len(problem.answers)} words, sha256 {_digest(problem.answers)})",
        "guesses": f"{problem.name} guesses ({len(problem.guesses)} words, sha256 {_digest(problem.guesses)})",
        "rule": _rule_text(problem.rule),
        "cap": f"{problem.depth} guesses",
        "objective": objective,
    }


class Checkpoint:
    """An open checkpoint file; ``facts`` maps opener index -> (kind, value)."""

    def __init__(
        self, path: "os.PathLike[str] | str", problem: TaskProblem, objective: str = "total", *, reading: bool = False
    ):
        """``reading``: only to read what it holds (`stored_facts`, `stored_time`): no run is counted."""
        if not isinstance(path, (str, os.PathLike)):
            raise CheckpointError(f"checkpoint must be a file name (a str or path), not {path!r}")
        self.path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(self.path))
        if os.path.isdir(self.path):
            raise CheckpointError(f"checkpoint {self.path}: is a directory; expected a file name")
        if not os.path.isdir(folder):
            raise CheckpointError(f"checkpoint {self.path}: folder {folder} does not exist")
        self._reading = reading
        # Every batch is written to it (and SQLite's journal beside it): say so
        # now, not after the first batch of work.  (Reading needs no write
        # access: a checkpoint in a read-only checkout or folder is read as it is.)
        exists = os.path.exists(self.path)
        if exists and not os.access(self.path, os.R_OK):
            raise CheckpointError(f"checkpoint {self.path}: cannot be read (permission denied)")
        writable = os.access(folder, os.W_OK) and (not exists or os.access(self.path, os.W_OK))
        if not reading and not writable:  # (stored_facts and stored_time check that a read's file exists)
            if exists:
                raise CheckpointError(
                    f"checkpoint {self.path}: read-only (the file or its folder {folder} is not writable); "
                    "progress cannot be saved there: copy it to a writable folder"
                )
            raise CheckpointError(f"checkpoint {self.path}: cannot be created, folder {folder} is not writable")
        self._ident = identity(problem, objective)
        try:
            self.db = self._connect()
            self._open(self._ident)
            self._file = _file_id(self.path)
            if reading:
                self._before = self._read_before()
            else:
                self._start_run()
        except sqlite3.OperationalError as exc:
            how = "read" if reading else "opened for writing"
            raise CheckpointError(f"checkpoint {self.path}: cannot be {how} ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise CheckpointError(f"checkpoint {self.path} is not a wordle_opt checkpoint ({exc})") from None

    def _connect(self) -> sqlite3.Connection:
        if self._reading:  # (read-only: nothing is written, not even a journal)
            return sqlite3.connect(f"{Path(os.path.abspath(self.path)).as_uri()}?mode=ro", uri=True, timeout=30)
        db = sqlite3.connect(self.path, timeout=30)
        db.execute("PRAGMA synchronous=FULL")
        return db

    def _writing(self) -> sqlite3.Connection:
        """The connection for a batch of writes (`with self._writing():`), to
        the file now at the path (`_current`)."""
        self._current()
        return self.db

    def _current(self) -> None:
        """Make sure writes go to the file now at the path.  A `git pull`,
        `checkout` or `stash` of a checkpoint kept in the repository replaces
        the file under a running table; SQLite then refuses every write
        ("attempt to write a readonly database") and the run died with a
        traceback, its work since the replacement lost (it happened here, to
        both nyt-3158 tables).  Now what this run's connection holds is
        merged into the file found there (facts only get stronger), or written
        there anew if the file is gone, and the run goes on with it.  Another
        problem's file there is refused with one line, and the run's
        progress is kept beside it."""
        now = _file_id(self.path)
        if now == self._file:
            return
        old = self.db
        if now is None:
            self.db = self._connect()
            old.backup(self.db)
            self._file = _file_id(self.path)
        else:
            self.db = self._connect()
            try:
                self._open(self._ident)
            except (CheckpointError, sqlite3.DatabaseError) as exc:
                self.db.close()
                self.db = old
                rescue = f"{self.path}.rescued"
                dst = sqlite3.connect(rescue)
                old.backup(dst)
                dst.close()
                raise CheckpointError(
                    f"checkpoint {self.path} was replaced while this run was writing it, by a file it cannot use "
                    f"({exc}); this run's progress is saved in {rescue}: resume with --checkpoint {rescue}"
                ) from None
            self._file = now
            self._merge(old)
        old.close()

    def _merge(self, old: sqlite3.Connection) -> None:
        """Add what the connection ``old`` holds to this file, keeping the stronger facts."""
        for searched in (0, 1):
            rows = old.execute("SELECT opener, kind, value FROM facts WHERE searched = ?", (searched,))
            self._save("facts", "", (), results=rows.fetchall(), searched=bool(searched))
            for (depth,) in old.execute("SELECT DISTINCT depth FROM facts_at").fetchall():
                rows = old.execute(
                    "SELECT opener, kind, value FROM facts_at WHERE depth = ? AND searched = ?", (depth, searched)
                )
                self._save("facts_at", "depth = ? AND ", (depth,), results=rows.fetchall(), searched=bool(searched))
        groups: Dict[int, list] = {}
        for o, p, total, lb, widened, tree in old.execute("SELECT * FROM anytime"):
            groups.setdefault(o, []).append((p, total, lb, widened, _node(json.loads(tree))))
        for o, rows in groups.items():
            self.save_groups(o, rows)
        self.defer(o for (o,) in old.execute("SELECT opener FROM deferred"))
        self.save_group_values(old.execute("SELECT key, value FROM group_values").fetchall())
        mine = dict(old.execute("SELECT key, value FROM meta WHERE key IN ('runs', 'timed')"))
        theirs = dict(self.db.execute("SELECT key, value FROM meta WHERE key IN ('runs', 'timed')"))
        if int(mine.get("runs", 0)) > int(theirs.get("runs", 0)):
            with self.db:  # (this run is counted, as when it started)
                self.db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", sorted(mine.items()))

    def _open(self, ident: Dict[str, str]) -> None:
        # The file's identity is read and checked before anything is written to
        # it: another problem's checkpoint, or another program's database (which
        # got wordle_opt's tables added and was taken for a new checkpoint), is
        # refused and left as it was.
        tables = {name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "meta" not in tables:
            raise CheckpointError(
                f"checkpoint {self.path} is an SQLite database of something else (tables: "
                f"{', '.join(sorted(tables))}), not a wordle_opt checkpoint; use another checkpoint file"
            )
        stored = dict(self.db.execute("SELECT key, value FROM meta")) if tables else {}
        if stored:
            stored.setdefault("objective", "total")
            for key in ("format", "answers", "guesses", "rule", "cap", "objective"):
                if stored.get(key) != ident[key]:
                    raise CheckpointError(
                        f"checkpoint {self.path} was made with {key} {stored.get(key) or '(none)'}, "
                        f"not {ident[key]}; use another checkpoint file"
                    )
        if self._reading:
            if not stored or "facts" not in tables:
                raise CheckpointError(f"checkpoint {self.path} holds no ranking yet (no facts to read)")
            return
        with self.db:
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS facts (opener INTEGER PRIMARY KEY, "
                "kind TEXT NOT NULL, value INTEGER NOT NULL, searched INTEGER NOT NULL)"
            )
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS facts_at (depth INTEGER NOT NULL, opener INTEGER NOT NULL, "
                "kind TEXT NOT NULL, value INTEGER NOT NULL, searched INTEGER NOT NULL, "
                "PRIMARY KEY (depth, opener))"
            )
            # the anytime search: one row per group of an opener (its tree's total, proven bound, tree)
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS anytime (opener INTEGER NOT NULL, pattern INTEGER NOT NULL, "
                "total INTEGER NOT NULL, lb INTEGER NOT NULL, widened INTEGER NOT NULL, "
                "tree TEXT NOT NULL, PRIMARY KEY (opener, pattern))"
            )
            # a complete table's openers whose first proof outlasted its budget
            # (`ranker.TABLE_BUDGET`): a resumed run proves them last, with none
            self.db.execute("CREATE TABLE IF NOT EXISTS deferred (opener INTEGER PRIMARY KEY)")
            # a complete table's big groups' values, shared between its openers
            # (shared_groups.SharedGroups: key shared_groups.group_key, value exact or NO_TREE)
            self.db.execute("CREATE TABLE IF NOT EXISTS group_values (key BLOB PRIMARY KEY, value INTEGER NOT NULL)")
            if not stored:
                self.db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(ident.items()))

    def facts(self) -> Dict[int, Tuple[str, int, bool]]:
        """opener -> (kind, value, whether it was searched)."""
        return {o: (k, v, bool(s)) for o, k, v, s in self.db.execute("SELECT opener, kind, value, searched FROM facts")}

    def save(self, results: Iterable[Tuple[int, str, int]], searched: bool) -> None:
        """Record (opener, kind, value) facts in one transaction, keeping the
        stronger; ``searched``: they come from the exact search."""
        self._save("facts", "", (), results=results, searched=searched)

    def deferred(self) -> Set[int]:
        """The openers a complete table put off (see `defer`)."""
        return {o for (o,) in self.db.execute("SELECT opener FROM deferred")}

    def defer(self, openers: Iterable[int]) -> None:
        """Record that these openers' proofs outlasted a table's time budget."""
        with self._writing():
            self.db.executemany("INSERT OR IGNORE INTO deferred VALUES (?)", [(int(o),) for o in openers])

    def group_values(self) -> Dict[bytes, int]:
        """The shared group values a complete table found (see `save_group_values`)."""
        try:
            return {bytes(k): v for k, v in self.db.execute("SELECT key, value FROM group_values")}
        except sqlite3.OperationalError:  # (a file from before them, read-only)
            return {}

    def save_group_values(self, rows: Iterable[Tuple[bytes, int]]) -> None:
        """Record (key, value) shared group values (`shared_groups.SharedGroups`) in
        one transaction; a value is exact, so one stored stays."""
        with self._writing():
            self.db.executemany("INSERT OR IGNORE INTO group_values VALUES (?, ?)", [(k, int(v)) for k, v in rows])

    def at(self, depth: int) -> "_AtCap":
        """The facts under another cap (``depth`` guesses), with the same
        ``facts``/``save`` as the checkpoint's own."""
        return _AtCap(self, int(depth))

    def _save(self, table: str, where: str, key: Tuple[int, ...], *, results, searched: bool) -> None:
        rows = list(results)
        if not rows:
            return
        marks = ", ".join("?" * (len(key) + 4))
        with self._writing():
            self._save_wall()
            old = {}
            for o, _, _ in rows:
                r = self.db.execute(
                    f"SELECT kind, value, searched FROM {table} WHERE {where}opener = ?", key + (o,)
                ).fetchone()
                if r:
                    old[o] = r
            for o, kind, value in rows:
                if o in old and stronger(old[o][:2], (kind, value)):
                    continue
                flag = searched or (o in old and old[o][2])
                self.db.execute(
                    f"INSERT OR REPLACE INTO {table} VALUES ({marks})", key + (o, kind, int(value), int(flag))
                )

    def groups(self, opener: int) -> Dict[int, Tuple[int, int, int, Node]]:
        """The anytime search's groups of ``opener``: colouring -> (its tree's
        total, proven lower bound, how far the widening is done, tree)."""
        return {
            p: (t, lb, int(w), _node(json.loads(tree)))
            for p, t, lb, w, tree in self.db.execute(
                "SELECT pattern, total, lb, widened, tree FROM anytime WHERE opener = ?", (opener,)
            )
        }

    def save_groups(self, opener: int, rows: Iterable[Tuple[int, int, int, int, Node]]) -> None:
        """Record (colouring, total, lb, widened, tree) rows in one
        transaction: a tree only if it totals less than the stored one, the
        higher bound, and the further widening."""
        rows = list(rows)
        with self._writing():
            self._save_wall()
            old = {
                p: (t, lb, w)
                for p, t, lb, w in self.db.execute(
                    "SELECT pattern, total, lb, widened FROM anytime WHERE opener = ?", (opener,)
                )
            }
            for p, total, lb, widened, node in rows:
                if p in old:
                    t0, lb0, w0 = old[p]
                    lb, widened = max(lb, lb0), max(int(widened), w0)
                    if total >= t0:
                        self.db.execute(
                            "UPDATE anytime SET lb = ?, widened = ? WHERE opener = ? AND pattern = ?",
                            (lb, int(widened), opener, p),
                        )
                        continue
                self.db.execute(
                    "INSERT OR REPLACE INTO anytime VALUES (?, ?, ?, ?, ?, ?)",
                    (opener, p, total, lb, int(widened), json.dumps(_plain(node), separators=(",", ":"))),
                )

    def _read_before(self) -> Tuple[float, float, int, int]:
        """(wall, CPU, runs, runs whose CPU was never saved) of the runs so far."""
        meta = dict(
            self.db.execute("SELECT key, value FROM meta WHERE key IN ('seconds', 'cpu_seconds', 'runs', 'timed')")
        )
        runs = int(meta.get("runs", 0))
        # (files from before 'timed' counted only the runs that saved their time)
        return (
            float(meta.get("seconds", 0)),
            float(meta.get("cpu_seconds", 0)),
            runs,
            runs - int(meta.get("timed", runs)),
        )

    def _start_run(self) -> None:
        """Count this run now, so that one killed (kill -9) before its end is counted too."""
        self._before = self._read_before()
        runs = self._before[2]
        self._opened = time.perf_counter()
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                [("runs", str(runs + 1)), ("timed", str(runs - self._before[3]))],
            )

    def _save_wall(self) -> None:
        """This run's wall time so far, in the transaction of a batch (a killed run counts up to its last batch)."""
        self.db.execute(
            "INSERT OR REPLACE INTO meta VALUES ('seconds', ?)",
            (repr(self._before[0] + time.perf_counter() - self._opened),),
        )

    def time_spent(self) -> Tuple[float, float, int, int]:
        """(wall seconds, CPU seconds, runs, runs whose CPU was never saved) of the
        runs before this one.  A run killed before its end counts among the runs,
        with its wall time up to its last saved batch, and not in the CPU."""
        return self._before

    def add_time(self, seconds: float, cpu_seconds: float) -> None:
        """This run took ``seconds`` wall and ``cpu_seconds`` CPU, stopped or not."""
        wall, cpu, runs, untimed = self._before
        with self._writing():
            self.db.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                [
                    ("seconds", repr(wall + seconds)),
                    ("cpu_seconds", repr(cpu + cpu_seconds)),
                    ("timed", str(runs + 1 - untimed)),
                ],
            )

    def close(self) -> None:
        self.db.close()


def _plain(node: Node) -> list:
    """A tree as nested lists: [guess, [[colouring, child], ...]]."""
    return [node.guess, [[p, _plain(c)] for p, c in sorted(node.children.items())]]


def _node(x: list) -> Node:
    return Node(x[0], {int(p): _node(c) for p, c in x[1]})


class _AtCap:
    """A checkpoint's facts under one cap (for the rankings by worst case)."""

    def __init__(self, ck: Checkpoint, depth: int):
        self.ck, self.depth = ck, depth

    def facts(self) -> Dict[int, Tuple[str, int, bool]]:
        return {
            o: (k, v, bool(s))
            for o, k, v, s in self.ck.db.execute(
                "SELECT opener, kind, value, searched FROM facts_at WHERE depth = ?", (self.depth,)
            )
        }

    def save(self, results: Iterable[Tuple[int, str, int]], searched: bool) -> None:
        self.ck._save("facts_at", "depth = ? AND ", (self.depth,), results=results, searched=searched)


def _file_id(path: str) -> Optional[Tuple[int, int]]:
    """(device, inode) of the file at path (None: there is none)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


def stronger(a: Tuple[str, int], b: Tuple[str, int]) -> bool:
    """Is fact a at least as strong as fact b (so b is not worth storing)?"""
    if _RANK[a[0]] != _RANK[b[0]]:
        return _RANK[a[0]] > _RANK[b[0]]
    return a[0] != BOUND or a[1] >= b[1]


def stored_facts(path: str, problem: TaskProblem, objective: str = "total") -> Dict[int, Tuple[str, int, bool]]:
    """The facts of the existing checkpoint ``path`` (`Checkpoint.facts`);
    `CheckpointError` when it is missing or another problem's."""
    return _read(path, problem, objective, Checkpoint.facts)


def stored_time(path: str, problem: TaskProblem, objective: str = "total") -> Tuple[float, float, int, int]:
    """`Checkpoint.time_spent` of the existing checkpoint ``path``: what its runs took."""
    return _read(path, problem, objective, Checkpoint.time_spent)


def _read(path: str, problem: TaskProblem, objective: str, what):
    """``what(checkpoint)`` of the existing checkpoint ``path``, opened only to read (no run counted)."""
    if not os.path.isfile(path):
        raise CheckpointError(f"checkpoint {path}: no such file")
    ck = Checkpoint(path, problem, objective, reading=True)
    try:
        return what(ck)
    finally:
        ck.close()


def open_checkpoint(path: Optional[str], problem: TaskProblem, objective: str = "total") -> Optional[Checkpoint]:
    return None if path is None else Checkpoint(path, problem, objective)
