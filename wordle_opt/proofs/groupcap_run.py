"""Refute openers under a cap by one of their groups (issue 27):

    python -m wordle_opt prove --cap 7 --hard strict --answers original-all --out s7.csv
    python -m wordle_opt prove --cap 7 --hard strict --answers original-all --out s7-1.csv --shard 1/2
    python -m wordle_opt prove --check s7-0.csv,s7-1.csv --cap 7 --hard strict --answers original-all
    python -m wordle_opt prove --check s7.csv --cap 7 --hard strict --answers original-all --shard 1/2
    python -m wordle_opt prove --cap 7 --hard strict --answers original-all chomp thump
    python -m wordle_opt prove --cap 7 --hard strict --answers original-all --out s7.csv --deep s7.deep
    python -m wordle_opt prove --check s7.csv,s7.deep --cap 7 --hard strict --answers original-all

Each opener is refuted when one of its groups has no tree within the cap
less one more guesses under the rule, which the feasibility search decides
(`wordle_opt.proofs.groupcap`: ``--budget`` seconds a group in each pass,
groups with a large family for their size first; ``--limit`` seconds in all).  With ``--out`` each opener's verdict is appended as
it is found (``opener,verdict,colouring,answers``; verdict ``refuted``,
``fits`` (a tree within the cap exists) or ``open``), and a rerun with the
same file skips the openers already there (Ctrl-C and resume;
``--retry-open`` searches the open ones again; ``--shard K/N`` takes every
N-th opener, for N processes, each with its own file).  ``--check`` re-decides
every refuted line of the files (comma-separated) from scratch with no
deadline (``--shard K/N``: every N-th of those lines, for N processes), and
prints that no opener has a tree within the cap (proven) only when one run
found every opener of the guess list refuted by a line that holds.

``--deep FILE`` refutes the named openers (default: those ``--out`` has as
open) two levels deep (`groupcap.refute_deep`: one group, and for each
second guess there a part it colours alike with no tree within the cap
less two; ``--budget`` and ``--limit`` then count per part and per second
guess) and appends each refuted opener's lines to FILE at once (``abuzz
BBBBB refix BGBBY``: opener, colouring, second guess, its colouring; a
rerun skips the openers FILE has).  ``--check`` takes such files too (their
first line is a ``#`` header) and re-decides every part with no deadline
(`groupcap.check_deep`; ``--shard``: every N-th opener).
"""

from __future__ import annotations

import csv
import os
import sys
from typing import Optional, Sequence, Tuple

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.progress import PlainBar
from wordle_opt.patterns import Pattern
from wordle_opt.proofs.groupcap import (
    DEEP_LIMIT,
    FITS,
    LIMIT,
    OPEN,
    REFUTED,
    check,
    check_deep,
    refute,
    refute_deep,
)
from wordle_opt.proofs.runs import (
    Clock,
    Usage,
    VerdictLog,
    few,
    pick,
    read,
    verdict_line,
)
from wordle_opt.rules import Rule
from wordle_opt.solver.engine import Engine

_THEOREM = "no opener has a tree within {cap} guesses ({mode}): proven"


def mode_of(rule: Rule) -> str:
    """The game's words in the run's lines: easy mode, or the hard rule."""
    return f"hard mode, {rule.word} rule" if rule.hard else "easy mode"


def refute_all(
    lists,
    engine: Engine,
    cap: int,
    todo: Sequence[int],
    *,
    out: Optional[str],
    budgets: Sequence[float],
    limit: float = LIMIT,
    sample: Optional[int] = None,
    shard: Tuple[int, int] = (0, 1),
    retry_open: bool = False,
) -> int:
    """Refute the openers ``todo`` (guess numbers; none: every guess, or a
    random ``sample``) by their groups under ``cap``, this ``shard``'s
    share, each verdict appended to ``out``; the theorem when every guess is
    refuted.  130 when interrupted (the file keeps what was found)."""
    named, mode = bool(todo), mode_of(engine.rule)
    clock = Clock()
    todo = pick(todo, len(lists.guesses), sample=sample, shard=shard)
    log = VerdictLog(out, retry_open=retry_open)
    resumed = log.resumed([lists.guesses[o] for o in todo])
    bar = PlainBar(len(todo))
    bar.set_description(f"refuting under a cap of {cap} ({mode})", refresh=False)
    tally = {REFUTED: 0, FITS: 0, OPEN: 0}
    left = {FITS: [], OPEN: []}
    try:
        for o in todo:
            word = lists.guesses[o]
            kind = log.verdict(word)
            if kind is None:
                v = refute(engine, o, cap, budgets=budgets, limit=limit, tick=bar.refresh)
                kind = v.kind
                colouring = Pattern(v.colouring, lists.length).byg if v.kind == REFUTED else ""
                log.write([word, kind, colouring, v.answers or ""])
            tally[kind] += 1
            if kind != REFUTED:
                left[kind].append(word)
            bar.n += 1
            bar.set_postfix_str(f"{tally[REFUTED]} refuted, {tally[OPEN]} open, {tally[FITS]} with a tree")
    except KeyboardInterrupt:
        print(f"stopped after {bar.n} of {len(todo)} openers; run again with the same --out to go on", file=sys.stderr)
        return 130
    finally:
        log.close()
    print(
        f"{len(todo)} openers: {tally[REFUTED]} refuted, {tally[OPEN]} open, {tally[FITS]} with a tree within {cap} "
        f"({mode}){resumed}; {clock}"
    )
    for kind, label in ((FITS, "with a tree"), (OPEN, "open")):
        if left[kind]:
            print(f"{label}: {few(left[kind])}")
    if not left[FITS] and not left[OPEN] and not named and sample is None and shard[1] == 1:
        print(_THEOREM.format(cap=cap, mode=mode))
    return 0


DEEP_HEADER = (
    "# {answers}: openers refuted two levels deep within {cap} ({mode}): "
    "opener colouring second-guess colouring (groupcap.check_deep)"
)


def deep_run(
    lists,
    engine: Engine,
    cap: int,
    named: Sequence[int],
    *,
    path: str,
    out: Optional[str],
    budgets: Sequence[float],
    limit: float = DEEP_LIMIT,
    shard: Tuple[int, int] = (0, 1),
) -> int:
    """``--deep FILE`` (``path``): refute the ``named`` openers (or the open
    ones of the verdict file ``out``) two levels deep, appending each
    refuted one's lines to FILE."""
    clock, mode = Clock(), mode_of(engine.rule)
    try:
        done = read_deep(path, lists) if os.path.exists(path) else {}
        if not named:
            if not (out and os.path.exists(out)):
                raise Usage("--deep: name the openers, or give --out a verdict file with open ones")
            named = [lists.guess_index(w) for w, r in read(out).items() if r["verdict"] == OPEN]
    except Usage as e:
        print(e, file=sys.stderr)
        return 2
    except (ValueError, OSError, KeyError, csv.Error, WordleOptError) as e:
        print(f"--deep {path}: {e}", file=sys.stderr)
        return 2
    todo = pick(named, len(lists.guesses), sample=None, shard=shard)
    had = [lists.guesses[o] for o in todo if lists.guesses[o] in done]
    todo = [o for o in todo if lists.guesses[o] not in done]
    bar = PlainBar(len(todo))
    bar.set_description(f"refuting two levels deep under a cap of {cap} ({mode})", refresh=False)
    refuted, left, gave_up = [], [], []
    try:
        for o in todo:
            word = lists.guesses[o]

            def done_one(i, n, word=word):
                bar.set_postfix_str(f"{word}: {i}/{n} second guesses refuted, {len(refuted)} openers refuted")

            v = refute_deep(engine, o, cap, budgets=budgets, limit=limit, tick=bar.refresh, done=done_one)
            if v.kind == REFUTED:
                write_deep(path, lists, o, v, header=DEEP_HEADER.format(answers=lists.name, cap=cap, mode=mode))
                refuted.append(word)
                if v.why:
                    gave_up.append(f"{word} ({'; '.join(v.why)})")
            else:
                left.append(f"{word} ({'; '.join(v.why)})")
            bar.n += 1
    except KeyboardInterrupt:
        print(f"stopped after {bar.n} of {len(todo)} openers; run again with the same --deep to go on", file=sys.stderr)
        return 130
    note = f" ({len(had)} as {path} had them)" if had else ""
    print(f"{len(todo)} openers: {len(refuted)} refuted two levels deep, {len(left)} open ({mode}){note}; {clock}")
    for line in gave_up:
        print(f"refuted by a later group: {line}")
    for line in left:
        print(f"open: {line}")
    return 0


def write_deep(path, lists, opener, v, *, header) -> None:
    """Append the lines of ``opener``'s two-level refutation ``v`` (a header
    first when the file is new), in one write: a file never holds half an
    opener."""
    n = lists.length
    head = [header] if not os.path.exists(path) else []
    group = f"{lists.guesses[opener]} {Pattern(v.colouring, n).byg}"
    lines = head + [f"{group} {lists.guesses[s.guess]} {Pattern(s.colouring, n).byg}" for s in v.seconds]
    with open(path, "a") as f:
        f.write("\n".join(lines) + "\n")


def is_deep(path) -> bool:
    with open(path) as f:
        return f.read(1) == "#"


def read_deep(path, lists):
    """The two-level refutations of ``path`` by opener word: (group
    colouring, {second guess number: its part's colouring}); ValueError
    naming the line that is not ``opener colouring guess colouring``."""
    out = {}
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if line[:1] == "#" or not line.strip():
                continue
            try:
                word, c, guess, q = line.split()
                lists.guess_index(word)
                c, q = (int(Pattern.parse(x, lists.length)) for x in (c, q))
                group = out.setdefault(word, (c, {}))
                if group[0] != c:
                    raise ValueError("a second group")
                group[1][lists.guess_index(guess)] = q
            except (ValueError, WordleOptError) as e:
                raise ValueError(f"line {i}: expected opener colouring guess colouring, got {line.strip()!r} ({e})")
    return out


def check_files(lists, engine, cap, paths, *, sample=None, shard=(0, 1)) -> int:
    """Re-decide every refuted line of ``paths`` (or a random ``sample`` of
    them; of those, every N-th from the K-th for ``shard`` (K, N): N
    processes share the hour the strict cap-7 file takes) with no deadline,
    and print the theorem only if every opener is refuted by a line that
    holds.  Files whose first line is a ``#`` header hold two-level
    refutations (``--deep``): each opener's checked whole (the shard takes
    every N-th opener of them)."""
    clock, mode = Clock(), mode_of(engine.rule)
    rows, deep = {}, {}
    for path in paths:
        try:
            if is_deep(path):
                deep.update(read_deep(path, lists))
            else:
                rows.update({w: r for w, r in read(path).items() if r["verdict"] == REFUTED})
        except (OSError, KeyError, ValueError, csv.Error) as e:
            print(
                f"{path}: expected a CSV of verdicts (opener,verdict,colouring,answers) or --deep lines: {e}",
                file=sys.stderr,
            )
            return 2
    named = len(rows) + len(deep)
    if sample is not None and sample < len(rows):
        keep = np.random.default_rng(0).choice(sorted(rows), size=sample, replace=False)
        rows = {w: rows[w] for w in sorted(keep)}
    rows = {w: rows[w] for w in sorted(rows)[shard[0] :: shard[1]]}
    deep = {w: deep[w] for w in sorted(deep)[shard[0] :: shard[1]]}
    refuted = np.zeros(len(lists.guesses), dtype=bool)
    bad = []
    bar = PlainBar(len(rows) + len(deep))
    bar.set_description(f"checking refutations under a cap of {cap} ({mode})", refresh=False)
    for word, row in rows.items():
        try:
            o = lists.guess_index(word)
            p = int(Pattern.parse(row["colouring"], lists.length))
        except (WordleOptError, ValueError):
            bad.append(word)
            continue
        if check(engine, o, p, cap):
            refuted[o] = True
        else:
            bad.append(word)
        bar.n += 1
        bar.set_postfix_str(f"{bar.n - len(bad)} hold, {len(bad)} do not")
    deep_bad = []
    for word, (c, seconds) in deep.items():
        o = lists.guess_index(word)
        wrong = check_deep(engine, o, c, seconds, cap=cap)
        if wrong:
            deep_bad.append(f"{word} ({few(wrong, 5)})")
        else:
            refuted[o] = True
        bar.n += 1
        bar.set_postfix_str(f"{bar.n - len(bad) - len(deep_bad)} hold, {len(bad) + len(deep_bad)} do not")
    two = f"{len(deep) - len(deep_bad)} two levels deep hold, {len(deep_bad)} do not; " if deep else ""
    print(
        f"{len(rows) - len(bad)} refutations hold, {len(bad)} do not; {two}{int(refuted.sum())} of "
        f"{len(lists.guesses)} openers refuted; {clock}"
    )
    if bad:
        print(f"refutations that do not hold: {few(bad)}")
    if deep_bad:
        print(f"two-level refutations that do not hold: {'; '.join(deep_bad)}")
    if len(rows) + len(deep) < named:
        print(f"(a {'sample' if shard[1] == 1 else 'shard'}: {len(rows) + len(deep)} of the {named} refuted lines)")
    else:
        print(verdict_line(lists, refuted, _THEOREM.format(cap=cap, mode=mode)))
    return 1 if bad or deep_bad else 0
