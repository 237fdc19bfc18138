"""Refute openers under a cap by one of their groups (issue 27):

    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 --out s7.csv
    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 --out s7-1.csv --shard 1/2
    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 --check s7-0.csv,s7-1.csv
    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 --check s7.csv --shard 1/2
    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 chomp thump

Each opener is refuted when one of its groups has no tree within the cap
less one more guesses under the rule, which the feasibility search decides
(`wordle_opt.openers.groupcap`: ``--budget`` seconds a group in each pass,
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
"""

from __future__ import annotations

import argparse
import csv
import sys

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.groupcap import BUDGETS, FITS, LIMIT, OPEN, REFUTED, check, refute
from wordle_opt.openers.progress import PlainBar
from wordle_opt.openers.proofruns import (
    Clock,
    Usage,
    VerdictLog,
    add_arguments,
    few,
    lists_and_openers,
    pick,
    read,
    verdict_line,
)
from wordle_opt.patterns import Pattern
from wordle_opt.solver.engine import Engine

_RULES = {"nyt": "nyt", "strict": "strict", "easy": None}
_THEOREM = "no opener has a tree within {cap} guesses ({mode}): proven"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(
        ap, max_guesses=7, sample_help="a random sample of this many openers, or with --check of lines (seed 0)"
    )
    ap.add_argument("--hard", choices=sorted(_RULES), default="strict", help="the rule (default: strict)")
    ap.add_argument(
        "--budget",
        default=",".join(str(b) for b in BUDGETS),
        help="seconds a group is searched in each pass, comma-separated",
    )
    ap.add_argument("--limit", type=float, default=LIMIT, help="seconds in all for an opener before it is left open")
    ap.add_argument("--check", default=None, help="re-decide the refuted lines of these CSVs (comma-separated)")
    ap.add_argument("--cache-mb", type=float, default=256)
    args = ap.parse_args(argv)
    try:
        budgets = [float(b) for b in args.budget.split(",")]
        assert min(budgets) > 0 and args.limit > 0
    except (ValueError, AssertionError):
        print(
            f"--budget: expected positive seconds, comma-separated, got {args.budget}; --limit: positive seconds",
            file=sys.stderr,
        )
        return 2
    try:
        lists, todo, shard = lists_and_openers(args)
    except Usage as e:
        print(e, file=sys.stderr)
        return 2
    rule = _RULES[args.hard]
    mode = "easy mode" if rule is None else f"hard mode, {args.hard} rule"
    engine = Engine(lists, rule, threads=1, cache_mb=args.cache_mb)
    cap = args.max_guesses
    if args.check:
        return check_files(lists, engine, cap, args.check.split(","), mode, sample=args.sample, shard=shard)
    clock = Clock()
    todo = pick(todo, len(lists.guesses), sample=args.sample, shard=shard)
    log = VerdictLog(args.out, retry_open=args.retry_open)
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
                v = refute(engine, o, cap, budgets=budgets, limit=args.limit, tick=bar.refresh)
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
    if not left[FITS] and not left[OPEN] and not args.openers and args.sample is None and shard[1] == 1:
        print(_THEOREM.format(cap=cap, mode=mode))
    return 0


def check_files(lists, engine, cap, paths, mode, *, sample=None, shard=(0, 1)) -> int:
    """Re-decide every refuted line of ``paths`` (or a random ``sample`` of
    them; of those, every N-th from the K-th for ``shard`` (K, N): N
    processes share the hour the strict cap-7 file takes) with no deadline,
    and print the theorem only if every opener is refuted by a line that
    holds."""
    clock = Clock()
    rows = {}
    for path in paths:
        try:
            rows.update({w: r for w, r in read(path).items() if r["verdict"] == REFUTED})
        except (OSError, KeyError, csv.Error) as e:
            print(f"{path}: expected a CSV of verdicts (opener,verdict,colouring,answers): {e}", file=sys.stderr)
            return 2
    named = len(rows)
    if sample is not None and sample < len(rows):
        keep = np.random.default_rng(0).choice(sorted(rows), size=sample, replace=False)
        rows = {w: rows[w] for w in sorted(keep)}
    rows = {w: rows[w] for w in sorted(rows)[shard[0] :: shard[1]]}
    refuted = np.zeros(len(lists.guesses), dtype=bool)
    bad = []
    bar = PlainBar(len(rows))
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
    print(
        f"{len(rows) - len(bad)} refutations hold, {len(bad)} do not; {int(refuted.sum())} of "
        f"{len(lists.guesses)} openers refuted; {clock}"
    )
    if bad:
        print(f"refutations that do not hold: {few(bad)}")
    if len(rows) < named:
        print(f"(a {'sample' if shard[1] == 1 else 'shard'}: {len(rows)} of the {named} refuted lines)")
    else:
        print(verdict_line(lists, refuted, _THEOREM.format(cap=cap, mode=mode)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
