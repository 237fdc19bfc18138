"""The long runs of the proofs: their options, openers and verdict file (issue 27).

The cap proofs (`hardcap_run`, `groupcap_run`: ``prove --cap``) search openers for
hours (the strict rule's cap-7 proof: two processes of 3000 s), so each
verdict is written as it is found and a rerun with the same file goes on
where the last stopped: the last line of an opener wins, so a retry's line
overrides the earlier ``open``.  N processes each take every N-th opener
(``--shard K/N``) into a file of their own.  The options the two share
are declared and checked here, once; `RunFile` is the group closing's file too.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import resource
import time
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.rules import Rule
from wordle_opt.trees import treemeta
from wordle_opt.trees.tree import Tree
from wordle_opt.wordlists import WordLists, load_lists

HEADER = ("opener", "verdict", "colouring", "answers")
OPEN = "open"  # (the verdict of an opener the budgets left undecided)


class Usage(Exception):
    """A bad option of a proof run: the one line to print (exit status 2)."""


def add_arguments(
    parser: argparse.ArgumentParser, *, max_guesses: int, sample_help: str, answers: Optional[str] = "original-all"
) -> None:
    """The options the proof runs take: the openers (default: every
    guess), the lists, the cap, ``--shard``, ``--sample``, ``--out`` and
    ``--retry-open``."""
    parser.add_argument(
        "openers",
        nargs="*",
        metavar="OPENER",
        help="OPENER or TREE to prove; with --cap, only these openers (default: every guess)",
    )
    parser.add_argument(
        "--answers",
        default=answers,
        metavar="SET|FILE",
        help="the answer list (--cap: default original-all; OPENER: original)",
    )
    parser.add_argument("--guesses", default=None, metavar="SET|FILE", help="the guesses (default: the answers' own)")
    parser.add_argument("--max-guesses", type=int, default=max_guesses, metavar="N", help="OPENER: the tree's cap (6)")
    parser.add_argument(
        "--shard", default=None, metavar="K/N", help="only every N-th opener, guess or group from the K-th (0 <= K < N)"
    )
    parser.add_argument("--sample", type=int, default=None, metavar="N", help=sample_help)
    parser.add_argument(
        "--out",
        default=None,
        metavar="PATH",
        help="the proof's folder (OPENER, TREE), a group's file (--group) or the verdict CSV (--cap); a rerun resumes",
    )
    parser.add_argument("--retry-open", action="store_true", help="search again the openers --out has as open")


def lists_and_openers(args: argparse.Namespace) -> Tuple[WordLists, List[int], Tuple[int, int]]:
    """The lists, the named openers' guess numbers and the shard (K, N) of
    ``add_arguments``'s options; `Usage` naming the bad one."""
    if args.max_guesses < 2:
        raise Usage(f"--max-guesses: expected 2 or more, got {args.max_guesses}")
    if args.sample is not None and args.sample < 1:
        raise Usage(f"--sample: expected 1 or more, got {args.sample}")
    try:
        shard = parse_shard(args.shard)
    except ValueError:
        raise Usage(f"--shard: expected K/N with 0 <= K < N, got {args.shard}") from None
    try:
        lists = load_lists(args.answers, args.guesses)
        return lists, [lists.guess_index(w) for w in args.openers], shard
    except WordleOptError as e:
        raise Usage(str(e)) from None


def easy_tree(path: str, done: str) -> Tuple[WordLists, Tree]:
    """The lists and tree of the tree file ``path`` (the lists it records, or
    files beside it), easy mode with a cap of 3 or more: `WordleOptError`
    naming the file otherwise (``done``: what is done to such a tree)."""
    tree = Tree.load(path)
    if Rule(tree.hard).hard:
        raise WordleOptError(f"{path}: a {tree.hard}-rule tree; only easy-mode trees are {done}")
    if tree.max_guesses is None or tree.max_guesses < 3:
        raise WordleOptError(f"{path}: records no cap of 3 guesses or more")
    lists = load_lists(*treemeta.recorded_lists(tree.meta, path))
    return lists, Tree.load(path, lists)


def read(path: str) -> Dict[str, dict]:
    """The rows of the verdict file ``path`` by opener (the last line wins)."""
    with open(path, newline="") as f:
        return {row["opener"]: row for row in csv.DictReader(f)}


def parse_shard(text: Optional[str]) -> Tuple[int, int]:
    """``"K/N"`` (None: ``0/1``) as (K, N); ValueError unless 0 <= K < N."""
    shard, shards = (int(x) for x in (text or "0/1").split("/"))
    if not 0 <= shard < shards:
        raise ValueError(text)
    return shard, shards


def pick(named: Sequence[int], n_guesses: int, *, sample: Optional[int], shard: Tuple[int, int]) -> List[int]:
    """The openers a run takes: ``named`` (guess numbers), else every guess
    or a random ``sample`` of them (seed 0, so each shard draws the same),
    then every N-th from the K-th for ``shard`` (K, N)."""
    todo = list(named)
    if not todo:
        todo = list(range(n_guesses))
        if sample is not None:
            todo = sorted(
                np.random.default_rng(0).choice(n_guesses, size=min(sample, n_guesses), replace=False).tolist()
            )
    k, n = shard
    return todo[k::n]


class RunFile:
    """A CSV that a long run appends to, a row a verdict: ``done`` has the
    rows read so far by their first field, as dicts (the last line wins);
    `write` appends one, flushed at once in one short write, so an
    interrupted run keeps every verdict found and processes may share the
    file; `news` reads the rows appended since (by other processes too).
    A row of the wrong width is a `WordleOptError` naming the file.
    ``path`` None: nothing read or written."""

    def __init__(self, path: Optional[str], header: Sequence[str]):
        self.path, self.header = path, tuple(header)
        self.done: Dict[str, dict] = {}
        self._seen = 0
        self._file = None
        if path:
            if not os.path.exists(path) or os.path.getsize(path) == 0:
                with open(path, "a", newline="") as f:
                    csv.writer(f).writerow(self.header)
            self.news()
            self._file = open(path, "a", newline="")

    def news(self) -> List[dict]:
        if not self.path:
            return []
        with open(self.path, "rb") as f:
            f.seek(self._seen)
            data = f.read()
        end = data.rfind(b"\n") + 1  # (a line another process is writing waits for the next call)
        self._seen += end
        rows = []
        for r in csv.reader(data[:end].decode().splitlines()):
            if not r or tuple(r) == self.header:
                continue
            if len(r) != len(self.header):
                raise WordleOptError(f"{self.path}: expected {','.join(self.header)}, got {','.join(r)}")
            row = dict(zip(self.header, r))
            self.done[r[0]] = row
            rows.append(row)
        return rows

    def write(self, row: Sequence) -> None:
        if self._file:
            line = io.StringIO()
            csv.writer(line, lineterminator="\n").writerow(row)
            self._file.write(line.getvalue())
            self._file.flush()
            self.done[str(row[0])] = dict(zip(self.header, ("" if x is None else str(x) for x in row)))

    def close(self) -> None:
        if self._file:
            self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class VerdictLog(RunFile):
    """The cap proofs' verdicts by opener (`RunFile`, columns ``HEADER``);
    with ``retry_open`` the ``open`` ones are left out of ``done``, so they
    are searched again."""

    def __init__(self, path: Optional[str], *, retry_open: bool = False):
        super().__init__(path, HEADER)
        if retry_open:
            self.done = {w: r for w, r in self.done.items() if r["verdict"] != OPEN}

    def verdict(self, word: str) -> Optional[str]:
        """The verdict the file has for ``word``, or None: search it."""
        row = self.done.get(word)
        return row["verdict"] if row else None

    def resumed(self, words: Sequence[str]) -> str:
        """A note for the run's summary: how many of ``words`` the file had
        settled already (not searched again), or ""."""
        settled = [self.verdict(w) for w in words if w in self.done]
        if not settled:
            return ""
        hint = "; --retry-open searches the open ones again" if OPEN in settled else ""
        return f" ({len(settled)} as {self.path} had them{hint})"


class Clock:
    """Wall and CPU seconds since it was made and the peak memory, as a
    proof run's last line gives them (``str``)."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.monotonic(), time.process_time()

    def __str__(self) -> str:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # (kilobytes on Linux)
        return (
            f"{time.monotonic() - self.wall:.0f} s wall, {time.process_time() - self.cpu:.0f} s CPU, {peak:.0f} MB peak"
        )


def few(words: Sequence[str], most: int = 20) -> str:
    """The first ``most`` words, and `...` if there are more."""
    return " ".join(words[:most]) + (" ..." if len(words) > most else "")


def verdict_line(lists: WordLists, refuted: np.ndarray, theorem: str) -> str:
    """``theorem`` when every opener is ``refuted`` (a bool a guess), else
    the openers that are not."""
    if refuted.all():
        return theorem
    rest = [lists.guesses[o] for o in np.flatnonzero(~refuted)]
    return f"not refuted: {len(rest)} openers: {few(rest)}"
