"""Close the groups of a stored easy-mode tree, second guess by second guess
(``python -m wordle_opt prove TREE --group COLOURING``; every group: ``prove
TREE --out FOLDER``).

The group is the answers the tree's opener colours COLOURING; the target is
the tree's total over them.  Every guess gets a verdict
(`wordle_opt.proofs.groupclose`): refuted (its cost is the target or more:
``whole``, ``term``, ``struck``, ``fits``, ``exact``), ``better`` (a tree
below the target: spliced into the tree and written to OUT.better.json) or
``open`` (a part outran ``part_limit``).  Each verdict is appended to the
group's file as it is found (``guess,how,value,witness``), so Ctrl-C and the
same command resume; N processes (shard K/N) may share one file, and each
takes up the infeasible parts the others found (``fits`` lines) to strike
its own guesses.  When the file has every guess refuted the last line
printed is the theorem: no tree for the group totals less than the target,
so the group's value is the target.  `check` re-decides every line of the
file from scratch (a shard: every N-th line; a sample: a random N of them,
seed 0) and says whether the file proves it.  A progress line goes to
stderr and to the log at most every 30 s (``WORDLE_OPT_PROGRESS_SECONDS``).

`close_all` takes every group of the opener, largest first, into a folder:
a group of more than ``exact_up_to`` answers as above (its file
``<COLOURING>.csv``, every process on it, each on its shard of the guesses),
a smaller one solved whole by the exact engine with beta = its target (one
process a group; a line in ``groups.csv``: ``colouring,size,target,how,value``,
how ``solved`` (value: a bound >= target), ``better`` or ``open``).  When
every group is proven the last line is the theorem that no tree from the
opener totals less than the tree; `check_all` re-decides every group's proof.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Optional, Tuple

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.progress import interval_from_env
from wordle_opt.patterns import Pattern
from wordle_opt.proofs.groupclose import (
    BETTER,
    FITS,
    OPEN,
    REFUTED,
    GroupCloser,
    group_of,
    solve_limited,
)
from wordle_opt.proofs.runs import Clock, RunFile, easy_tree
from wordle_opt.rules import Rule
from wordle_opt.solver.anytime_widen import subtree_total
from wordle_opt.solver.engine import Engine
from wordle_opt.trees.tree import Tree

HEADER = ["guess", "how", "value", "witness"]


def proof_file(path: str) -> RunFile:
    """The verdicts of one group's proof by guess (`RunFile`: appended as
    found, shared by the shards; the last line of a guess wins)."""
    return RunFile(path, HEADER)


def take_cores(closer: GroupCloser, rows) -> None:
    """Strike with the infeasible parts (and the families in them) of the
    ``fits`` lines in ``rows``."""
    for r in rows:
        if r["how"] == FITS:
            closer.take(closer.engine.lists.guess_index(r["guess"]), r["witness"])


class Run:
    """What every group's work shares: the tree (file ``tree_path``), its
    lists and engine, the options, the log and the clock.  ``out``: the
    group's file, or the folder of every group's; ``shard`` (K, N);
    ``part_limit`` seconds for one exact solve; groups of up to
    ``exact_up_to`` answers solved whole; ``sample``: `check` only that many
    lines of each file; ``log``: a file the progress lines are appended to.
    Use it in a ``with``: the log is closed on the way out."""

    def __init__(
        self,
        tree_path: str,
        *,
        out: str,
        shard: Tuple[int, int] = (0, 1),
        part_limit: float = 600.0,
        exact_up_to: int = 150,
        cache_mb: float = 2000,
        sample: Optional[int] = None,
        log: Optional[str] = None,
    ):
        self.tree_path, self.out, self.shard = str(tree_path), str(out), shard
        self.part_limit, self.exact_up_to, self.sample = part_limit, exact_up_to, sample
        self.lists, self.tree = easy_tree(self.tree_path, "closed")
        self.engine = Engine(self.lists, Rule.EASY, threads=1, cache_mb=cache_mb)
        self.opener = self.lists.guess_index(self.tree.root.guess)
        self.d = self.tree.max_guesses - 1
        self.log = open(log, "a") if log else None
        self.clock = Clock()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        if self.log:
            self.log.close()

    def groups(self):
        """(colouring, answers, target) of every group, largest first."""
        out = []
        for q, child in self.tree.root.children.items():
            S = group_of(self.engine, self.opener, q)
            out.append((q, S, subtree_total(self.engine, child, S)))
        out.sort(key=lambda g: (-len(g[1]), g[0]))
        return out

    def group(self, text: str):
        try:
            q = int(Pattern.parse(text, self.lists.length))
        except ValueError as e:
            raise WordleOptError(f"{text}: not a colouring of {self.lists.length} letters ({e})") from None
        for g in self.groups():
            if g[0] == q:
                if len(g[1]) < 3:
                    raise WordleOptError(f"{text}: {self.name(q)} has {len(g[1])} answers; expected 3 or more")
                return g
        raise WordleOptError(f"{text}: {self.tree.root.guess.upper()} leaves no group there")

    def name(self, q: int) -> str:
        return f"{self.tree.root.guess.upper()} {Pattern(q, self.lists.length).byg}"

    def say(self, line: str, *, result: bool = False) -> None:
        """A progress line on stderr (a result on stdout) and in the log."""
        print(line, file=sys.stdout if result else sys.stderr, flush=True)
        if self.log:
            self.log.write(line + "\n")
            self.log.flush()

    def better(self, q: int, node, path: str, how: str) -> None:
        """Splice a better subtree for group q into the tree and write it."""
        self.tree.root.children[q] = node
        Tree(self.tree.root, self.lists, max_guesses=self.tree.max_guesses).save(path)
        self.say(f"better: {how}; the tree is in {path}", result=True)

    def closer(self, S, target) -> GroupCloser:
        return GroupCloser(self.engine, S, self.d, target, part_limit=self.part_limit)


def close_group(run: Run, colouring: str) -> bool:
    """Close the group ``colouring`` into the file ``run.out``; True when
    its value is proven."""
    q, S, target = run.group(colouring)
    with proof_file(run.out) as proof:
        close(run, q, run.closer(S, target), proof)
        ok, line = verdict(run.lists, proof, target, run.name(q))
        run.say(line + f" ({run.clock})", result=True)
        return ok


def check_group(run: Run, colouring: str) -> bool:
    """Re-decide the group ``colouring``'s file ``run.out``."""
    q, S, target = run.group(colouring)
    with proof_file(run.out) as proof:
        return check(run, q, run.closer(S, target), proof)


def close(run: Run, q: int, closer: GroupCloser, proof: RunFile) -> None:
    """This shard's guesses of group q, each verdict written as found."""
    lists, name = run.lists, run.name(q)
    k, n = run.shard
    todo = [h for h in range(len(lists.guesses))[k::n] if lists.guesses[h] not in proof.done]
    take_cores(closer, proof.done.values())
    run.say(
        f"close {name}: {len(closer.S)} answers, target {closer.target}, {len(todo)} guesses to decide"
        f" ({len(proof.done)} in {proof.path})"
    )
    counts: dict = {}
    interval, start = interval_from_env(), time.monotonic()
    last = start
    for i, h in enumerate(todo):
        if i % 20 == 0:
            take_cores(closer, proof.news())
        word = lists.guesses[h]
        if word in proof.done:
            continue
        v = closer.verdict(h)
        proof.write([word, v.how, v.value, v.witness])
        counts[v.how] = counts.get(v.how, 0) + 1
        if v.how == BETTER:
            path = os.path.splitext(proof.path)[0] + ".better.json"
            run.better(q, closer.better[h], path, f"{word.upper()} gives {name} {v.value} < {closer.target}")
        now = time.monotonic()
        if now - last >= interval:
            last = now
            rate = (i + 1) / (now - start)
            run.say(
                f"close {name}: {now - start:.0f} s, {i + 1}/{len(todo)} guesses, "
                + ", ".join(f"{c} {how}" for how, c in sorted(counts.items()))
                + f", {rate:.2f}/s, about {(len(todo) - i - 1) / rate / 60:.0f} min left"
            )
    run.say(f"close {name}: shard {k}/{n} done, " + ", ".join(f"{c} {h}" for h, c in sorted(counts.items())))


def verdict(lists, proof, target, name):
    """(proven, the line to print): the theorem when every guess of the
    lists has a refuting line, else what is missing."""
    missing = [w for w in lists.guesses if w not in proof.done]
    better = [r for r in proof.done.values() if r["how"] == BETTER]
    other = [r for r in proof.done.values() if r["how"] not in REFUTED and r["how"] != BETTER]
    if better:
        best = min(better, key=lambda r: int(r["value"]))
        return False, f"not proven: {best['guess'].upper()} gives {name} {best['value']} < {target}"
    if missing or other:
        return False, f"not proven yet: {name}: {len(missing)} guesses to decide, {len(other)} open"
    return True, f"proven: no tree for the group {name} totals less than {target}; its value is {target}"


def check(run: Run, q: int, closer: GroupCloser, proof: RunFile) -> bool:
    """Re-decide each line's claim from scratch (`GroupCloser.holds`)."""
    lists, name = run.lists, run.name(q)
    k, n = run.shard
    rows = sorted(proof.done.values(), key=lambda r: r["guess"])
    whole = run.sample is None or run.sample >= len(rows)
    if not whole:
        pick = np.random.default_rng(0).choice(len(rows), size=run.sample, replace=False)
        rows = [rows[i] for i in sorted(pick)]  # (seed 0: every shard draws the same lines)
    of = "" if whole else f" (a sample of the file's {len(proof.done)})"
    rows = rows[k::n]
    bad = []
    interval, last = interval_from_env(), time.monotonic()
    for i, r in enumerate(rows):
        word = r["guess"]
        try:
            ok = closer.holds(lists.guess_index(word), r["how"], int(r["value"]), r["witness"])
        except (ValueError, WordleOptError):
            ok = False  # (a word or colouring that is not one)
        if not ok:
            bad.append(word)
        if time.monotonic() - last >= interval:
            last = time.monotonic()
            run.say(f"check {name}: {i + 1}/{len(rows)} lines, {len(bad)} failed")
    if bad:
        run.say(f"check {name}: {len(bad)} lines do not hold: {' '.join(bad[:20])}", result=True)
        return False
    run.say(f"check {name}: all {len(rows)} lines{of} hold ({run.clock})", result=True)
    if n == 1 and whole:
        run.say(verdict(lists, proof, closer.target, name)[1], result=True)
    return True


# ---- every group (--all)

SMALL_HEADER = ["colouring", "size", "target", "how", "value"]
SOLVED = "solved"


def small_file(run: Run) -> RunFile:
    """groups.csv in --out: a line a small group (`RunFile`, by colouring;
    the last line wins, and ``open`` ones are solved again)."""
    return RunFile(os.path.join(run.out, "groups.csv"), SMALL_HEADER)


def close_all(run: Run) -> bool:
    """Close every group of the tree into the folder ``run.out``; True when
    the theorem is proven."""
    folder = run.out
    os.makedirs(folder, exist_ok=True)
    k, n = run.shard
    groups = run.groups()
    big = [g for g in groups if len(g[1]) > run.exact_up_to]
    small = [g for g in groups if len(g[1]) <= run.exact_up_to][k::n]
    run.say(
        f"close {run.tree.root.guess.upper()}: {len(groups)} groups, {len(big)} of more than "
        f"{run.exact_up_to} answers guess by guess, {len(small)} smaller solved whole in this shard"
    )
    for q, S, target in big:
        with proof_file(os.path.join(folder, Pattern(q, run.lists.length).byg + ".csv")) as proof:
            close(run, q, run.closer(S, target), proof)
    interval, last = interval_from_env(), time.monotonic()
    with small_file(run) as small_log:
        for i, (q, S, target) in enumerate(small):
            byg = Pattern(q, run.lists.length).byg
            if byg in small_log.done and small_log.done[byg]["how"] != OPEN:
                continue
            v, node, run.engine = solve_limited(run.engine, S, run.d, beta=target, limit=run.part_limit)
            how = OPEN if v is None else SOLVED if node is None else BETTER
            small_log.write([byg, len(S), target, how, v])
            if how == BETTER:
                run.better(q, node, os.path.join(folder, "better.json"), f"{run.name(q)}: {v} < {target}")
            if time.monotonic() - last >= interval:
                last = time.monotonic()
                run.say(f"close {run.tree.root.guess.upper()}: {i + 1}/{len(small)} small groups solved ({run.clock})")
    ok, line = status_all(run, groups)
    run.say(line + f" ({run.clock})", result=True)
    return ok


def status_all(run: Run, groups):
    """(proven, the line to print) over every group's proof in --out."""
    folder = run.out
    with small_file(run) as f:
        small = f.done
    open_, better = [], []
    for q, S, target in groups:
        byg = Pattern(q, run.lists.length).byg
        path = os.path.join(folder, byg + ".csv")
        if os.path.exists(path):
            with proof_file(path) as proof:
                proven, line = verdict(run.lists, proof, target, run.name(q))
                if line.startswith("not proven:"):
                    better.append(byg)
        else:
            row = small.get(byg)
            proven = row is not None and row["how"] == SOLVED and int(row["value"]) >= target
            if row is not None and row["how"] == BETTER:
                better.append(byg)
        if not proven:
            open_.append(byg)
    who = run.tree.root.guess.upper()
    if better:
        return False, f"not proven: a better subtree for {len(better)} groups of {who}: {' '.join(better[:10])}"
    if open_:
        return False, f"not proven yet: {len(open_)} of {len(groups)} groups of {who} open: {' '.join(open_[:10])}"
    total = run.tree.total
    return True, f"proven: no tree from {who} totals less than {total} (every group closed): the tree is optimal"


def check_all(run: Run) -> bool:
    """Re-decide every group's proof: the lines of the groups with a file,
    the others solved again (this shard's share of each); a whole check is
    True only when the folder proves the theorem."""
    folder, groups = run.out, run.groups()
    with small_file(run) as f:
        small = f.done
    k, n = run.shard
    good, rest = True, []
    for q, S, target in groups:  # (a group with a file was closed guess by guess, whatever --exact-up-to was)
        path = os.path.join(folder, Pattern(q, run.lists.length).byg + ".csv")
        if not os.path.exists(path):
            rest.append((q, S, target))
            continue
        with proof_file(path) as proof:
            good &= check(run, q, run.closer(S, target), proof)
    for q, S, target in rest[k::n]:
        row = small.get(Pattern(q, run.lists.length).byg)
        if row is None or row["how"] != SOLVED:
            continue
        if int(row["target"]) != target or int(row["value"]) < target:
            v = node = None  # (a line about another tree, or one that proves nothing)
        else:
            v, node, run.engine = solve_limited(run.engine, S, run.d, beta=target, limit=run.part_limit)
        if v is None or node is not None:  # (not proven again: no bound >= target in the time)
            run.say(f"check {run.name(q)}: the small group's line does not hold", result=True)
            good = False
    if good and n == 1 and run.sample is None:  # (a sample re-decides too little for the theorem)
        proven, line = status_all(run, groups)
        run.say(line, result=True)
        return proven
    return good
