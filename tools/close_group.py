"""Prove one group of a stored easy-mode tree optimal, second guess by second guess.

    python tools/close_group.py trees/tarns-original-all.json BBBBG --out g1132.csv
    python tools/close_group.py trees/tarns-original-all.json BBBBG --out g1132.csv --shard 1/2
    python tools/close_group.py trees/tarns-original-all.json BBBBG --out g1132.csv --check

The group is the answers the tree's opener colours COLOURING; the target is
the tree's total over them.  Every guess gets a verdict
(`wordle_opt.openers.groupclose`): refuted (its cost is the target or more:
``whole``, ``term``, ``struck``, ``fits``, ``exact``), ``better`` (a tree
below the target: spliced into the tree and written to OUT.better.json) or
``open`` (a part outran ``--part-limit``).  Each verdict is appended to
``--out`` as it is found (``guess,how,value,witness``), so Ctrl-C and the
same command resume; N processes (``--shard K/N``) may share one file, and
each takes up the infeasible parts the others found (``fits`` lines) to
strike its own guesses.  When the file has every guess refuted the last line
printed is the theorem: no tree for the group totals less than the target,
so the group's value is the target.  ``--check`` re-decides every line of
the file from scratch (``--shard``: every N-th line) and says whether the
file proves it.  A progress line goes to stderr and to ``--log`` at most
every 30 s (``WORDLE_OPT_PROGRESS_SECONDS``).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.groupclose import BETTER, FITS, REFUTED, GroupCloser, Verdict, group_of
from wordle_opt.openers.progress import interval_from_env
from wordle_opt.openers.proofruns import Clock, parse_shard
from wordle_opt.patterns import Pattern
from wordle_opt.solver.anytime_widen import subtree_total
from wordle_opt.solver.engine import Engine
from wordle_opt.trees import treemeta
from wordle_opt.trees.tree import Tree
from wordle_opt.wordlists import load_lists

HEADER = ["guess", "how", "value", "witness"]


class ProofFile:
    """The verdicts in ``path`` by guess (the last line wins) and `write`
    appending one, flushed at once (one short write: processes may share the
    file).  `news` gives the lines other processes added since the last call."""

    def __init__(self, path: str):
        self.path = path
        if not os.path.exists(path) or os.path.getsize(path) == 0:
            with open(path, "a", newline="") as f:
                csv.writer(f).writerow(HEADER)
        self.done = {}
        self._seen = 0
        self.news()
        self._file = open(path, "a", newline="")

    def news(self):
        with open(self.path, "rb") as f:
            f.seek(self._seen)
            data = f.read()
        end = data.rfind(b"\n") + 1  # (a line being written by another process waits)
        self._seen += end
        rows = [r for r in csv.reader(data[:end].decode().splitlines()) if r and r != HEADER]
        for r in rows:
            if len(r) != 4:
                raise WordleOptError(f"{self.path}: expected guess,how,value,witness, got {','.join(r)}")
            self.done[r[0]] = r
        return rows

    def write(self, word: str, v: Verdict) -> None:
        line = f"{word},{v.how},{v.value},{v.witness}\n"
        self._file.write(line)
        self._file.flush()
        self.done[word] = [word, v.how, str(v.value), v.witness]

    def close(self) -> None:
        self._file.close()


def take_cores(closer: GroupCloser, rows) -> None:
    """Strike with the infeasible parts of the ``fits`` lines in ``rows``."""
    for word, how, _, witness in rows:
        if how == FITS:
            h = closer.engine.lists.guess_index(word)
            q = int(Pattern.parse(witness, closer.engine.lists.length))
            closer.strike(closer.S[closer.engine.table[h, closer.S] == q], h, q)


def load(args):
    tree = Tree.load(args.tree)
    if tree.hard is not None:
        raise WordleOptError(f"{args.tree}: a {tree.hard}-rule tree; only easy-mode trees are closed")
    if tree.max_guesses is None or tree.max_guesses < 3:
        raise WordleOptError(f"{args.tree}: records no cap of 3 guesses or more")
    lists = load_lists(*treemeta.recorded_lists(tree.meta, args.tree))  # (named lists, or files beside the tree)
    tree = Tree.load(args.tree, lists)
    try:
        q = int(Pattern.parse(args.colouring, lists.length))
    except ValueError as e:
        raise WordleOptError(f"{args.colouring}: not a colouring of {lists.length} letters ({e})") from None
    child = tree.root.children.get(q)
    if child is None or not child.children:
        raise WordleOptError(f"{args.colouring}: {tree.root.guess.upper()} leaves no group of 3 or more answers there")
    return tree, lists, q, child


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", help="a tree file (JSON), easy mode, with its lists recorded")
    ap.add_argument("colouring", help="the group: the opener's colouring, as BBBBG")
    ap.add_argument("--out", required=True, help="CSV of verdicts, appended; a rerun resumes")
    ap.add_argument("--shard", default=None, help="K/N: only every N-th guess from the K-th")
    ap.add_argument("--part-limit", type=float, default=600.0, help="seconds for one exact part (600)")
    ap.add_argument("--cache-mb", type=float, default=2000)
    ap.add_argument("--log", default=None, help="append the progress lines to this file too")
    ap.add_argument("--check", action="store_true", help="re-decide the lines of --out from scratch")
    args = ap.parse_args(argv)
    try:
        shard = parse_shard(args.shard)
    except ValueError:
        print(f"--shard: expected K/N with 0 <= K < N, got {args.shard}", file=sys.stderr)
        return 2
    if args.part_limit <= 0:
        print(f"--part-limit: expected positive seconds, got {args.part_limit:g}", file=sys.stderr)
        return 2
    try:
        tree, lists, q, child = load(args)
        engine = Engine(lists, None, threads=1, cache_mb=args.cache_mb)
        S = group_of(engine, lists.guess_index(tree.root.guess), q)
        if len(S) < 3:
            raise WordleOptError(
                f"{args.colouring}: {tree.root.guess.upper()} leaves {len(S)} answers there; expected 3 or more"
            )
        target = subtree_total(engine, child, S)
        closer = GroupCloser(engine, S, tree.max_guesses - 1, target, part_limit=args.part_limit)
        proof = ProofFile(args.out)
        log = open(args.log, "a") if args.log else None
        try:
            run = check if args.check else close
            return run(args, tree, lists, q, closer, proof, shard, log)
        except KeyboardInterrupt:
            print(f"interrupted: {args.out} keeps every verdict found; the same command resumes", file=sys.stderr)
            return 130
        finally:
            proof.close()
            if log:
                log.close()
    except WordleOptError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def say(line: str, log, *, result: bool = False) -> None:
    """A progress line on stderr (a result on stdout) and in the log."""
    print(line, file=sys.stdout if result else sys.stderr, flush=True)
    if log:
        log.write(line + "\n")
        log.flush()


def close(args, tree, lists, q, closer, proof, shard, log) -> int:
    clock, name = Clock(), f"{tree.root.guess.upper()} {args.colouring.upper()}"
    k, n = shard
    todo = [h for h in range(len(lists.guesses))[k::n] if lists.guesses[h] not in proof.done]
    take_cores(closer, proof.done.values())
    say(
        f"close {name}: {len(closer.S)} answers, target {closer.target}, {len(todo)} guesses to decide"
        f" ({len(proof.done)} in {args.out})",
        log,
    )
    counts: dict = {}
    interval, last, start = interval_from_env(), time.monotonic(), time.monotonic()
    for i, h in enumerate(todo):
        if i % 20 == 0:
            take_cores(closer, proof.news())
        word = lists.guesses[h]
        if word in proof.done:
            continue
        v = closer.verdict(h)
        proof.write(word, v)
        counts[v.how] = counts.get(v.how, 0) + 1
        if v.how == BETTER:
            tree.root.children[q].guess, tree.root.children[q].children = word, closer.better[h].children
            out = os.path.splitext(args.out)[0] + ".better.json"
            Tree(tree.root, lists, max_guesses=tree.max_guesses).save(out)
            say(
                f"better: {word.upper()} gives the group {v.value} < {closer.target}; the tree is in {out}",
                log,
                result=True,
            )
        now = time.monotonic()
        if now - last >= interval:
            last = now
            rate = (i + 1) / (now - start)
            say(
                f"close {name}: {now - start:.0f} s, {i + 1}/{len(todo)} guesses, "
                + ", ".join(f"{c} {how}" for how, c in sorted(counts.items()))
                + f", {rate:.2f}/s, about {(len(todo) - i - 1) / rate / 60:.0f} min left",
                log,
            )
    say(f"close {name}: shard {k}/{n} done, " + ", ".join(f"{c} {h}" for h, c in sorted(counts.items())), log)
    say(verdict(lists, proof, closer.target, name) + f" ({clock})", log, result=True)
    return 0


def verdict(lists, proof, target, name) -> str:
    """The theorem when every guess of the lists has a refuting line, else what is missing."""
    missing = [w for w in lists.guesses if w not in proof.done]
    better = [r for r in proof.done.values() if r[1] == BETTER]
    other = [r for r in proof.done.values() if r[1] not in REFUTED and r[1] != BETTER]
    if better:
        best = min(better, key=lambda r: int(r[2]))
        return f"not proven: {best[0].upper()} gives {name} {best[2]} < {target}"
    if missing or other:
        return f"not proven yet: {len(missing)} guesses to decide, {len(other)} open"
    return f"proven: no tree for the group {name} totals less than {target}; its value is {target}"


def check(args, tree, lists, q, closer, proof, shard, log) -> int:
    """Re-decide each line's claim from scratch (`GroupCloser.holds`)."""
    clock, name = Clock(), f"{tree.root.guess.upper()} {args.colouring.upper()}"
    k, n = shard
    rows = sorted(proof.done.values(), key=lambda r: lists.guess_index(r[0]))[k::n]
    bad = []
    interval, last = interval_from_env(), time.monotonic()
    for i, (word, how, value, witness) in enumerate(rows):
        try:
            ok = closer.holds(lists.guess_index(word), how, int(value), witness)
        except (ValueError, WordleOptError):
            ok = False  # (a word or colouring that is not one)
        if not ok:
            bad.append(word)
        if time.monotonic() - last >= interval:
            last = time.monotonic()
            say(f"check {name}: {i + 1}/{len(rows)} lines, {len(bad)} failed", log)
    if bad:
        say(f"check {name}: {len(bad)} lines do not hold: {' '.join(bad[:20])}", log, result=True)
        return 1
    say(f"check {name}: all {len(rows)} lines hold ({clock})", log, result=True)
    if n == 1:
        say(verdict(lists, proof, closer.target, name), log, result=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
