"""Refute openers under a cap by one of their groups (issue 27):

    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 --out s7.csv
    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 --out s7-1.csv --shard 1/2
    python tools/group_cap_proof.py --answers original-all --hard strict --max-guesses 7 --check s7-0.csv,s7-1.csv
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
deadline, and prints that no opener has a tree within the cap (proven) only
when every opener of the guess list is refuted by a line that holds.
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import sys
import time

import numpy as np

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.groupcap import BUDGETS, FITS, LIMIT, OPEN, REFUTED, check, refute
from wordle_opt.openers.progress import PlainBar
from wordle_opt.patterns import Pattern
from wordle_opt.solver.engine import Engine
from wordle_opt.wordlists import load_lists

_RULES = {"nyt": "nyt", "strict": "strict", "easy": None}
_THEOREM = "no opener has a tree within {cap} guesses ({mode}): proven"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("openers", nargs="*", help="only these openers (default: every guess)")
    ap.add_argument("--answers", default="original-all")
    ap.add_argument("--guesses", default=None)
    ap.add_argument("--hard", choices=sorted(_RULES), default="strict", help="the rule (default: strict)")
    ap.add_argument("--max-guesses", type=int, default=7)
    ap.add_argument(
        "--budget",
        default=",".join(str(b) for b in BUDGETS),
        help="seconds a group is searched in each pass, comma-separated",
    )
    ap.add_argument("--limit", type=float, default=LIMIT, help="seconds in all for an opener before it is left open")
    ap.add_argument("--shard", default=None, help="K/N: only every N-th opener from the K-th (0 <= K < N)")
    ap.add_argument(
        "--sample",
        type=int,
        default=None,
        help="a random sample of this many openers, or with --check of lines (seed 0)",
    )
    ap.add_argument("--out", default=None, help="CSV of verdicts, appended; a rerun resumes")
    ap.add_argument("--retry-open", action="store_true", help="search again the openers --out has as open")
    ap.add_argument("--check", default=None, help="re-decide the refuted lines of these CSVs (comma-separated)")
    ap.add_argument("--cache-mb", type=float, default=256)
    args = ap.parse_args(argv)
    if args.max_guesses < 2:
        print("--max-guesses: expected 2 or more", file=sys.stderr)
        return 2
    try:
        budgets = [float(b) for b in args.budget.split(",")]
        shard, shards = (int(x) for x in (args.shard or "0/1").split("/"))
        assert min(budgets) > 0 and args.limit > 0 and 0 <= shard < shards
    except (ValueError, AssertionError):
        print(
            "--budget: expected positive seconds, comma-separated; --limit: positive seconds; --shard: K/N, 0 <= K < N",
            file=sys.stderr,
        )
        return 2
    try:
        lists = load_lists(args.answers, args.guesses)
        todo = [lists.guess_index(w) for w in args.openers]
    except WordleOptError as e:
        print(e, file=sys.stderr)
        return 2
    rule = _RULES[args.hard]
    mode = "easy mode" if rule is None else f"hard mode, {args.hard} rule"
    engine = Engine(lists, rule, threads=1, cache_mb=args.cache_mb)
    cap = args.max_guesses
    if args.check:
        return check_files(lists, engine, cap, args.check.split(","), mode, sample=args.sample)
    t0, c0 = time.monotonic(), time.process_time()
    if not todo:
        todo = list(range(len(lists.guesses)))
        if args.sample is not None:
            todo = sorted(np.random.default_rng(0).choice(len(todo), size=args.sample, replace=False).tolist())
    todo = todo[shard::shards]
    verdicts = _read(args.out) if args.out and os.path.exists(args.out) else {}
    if args.retry_open:
        verdicts = {w: r for w, r in verdicts.items() if r["verdict"] != OPEN}
    new_file = not (args.out and os.path.exists(args.out))
    out = open(args.out, "a", newline="") if args.out else None
    writer = csv.writer(out) if out else None
    if writer and new_file:
        writer.writerow(["opener", "verdict", "colouring", "answers"])
    bar = PlainBar(len(todo))
    bar.set_description(f"refuting under a cap of {cap} ({mode})", refresh=False)
    tally = {REFUTED: 0, FITS: 0, OPEN: 0}
    left = {FITS: [], OPEN: []}
    try:
        for o in todo:
            word = lists.guesses[o]
            row = verdicts.get(word)
            kind = row["verdict"] if row else None
            if kind is None:
                v = refute(engine, o, cap, budgets=budgets, limit=args.limit, tick=bar.refresh)
                kind = v.kind
                colouring = Pattern(v.colouring, lists.length).byg if v.kind == REFUTED else ""
                if writer:
                    writer.writerow([word, kind, colouring, v.answers or ""])
                    out.flush()
            tally[kind] += 1
            if kind != REFUTED:
                left[kind].append(word)
            bar.n += 1
            bar.set_postfix_str(f"{tally[REFUTED]} refuted, {tally[OPEN]} open, {tally[FITS]} with a tree")
    except KeyboardInterrupt:
        print(f"stopped after {bar.n} of {len(todo)} openers; run again with the same --out to go on", file=sys.stderr)
        return 130
    finally:
        if out:
            out.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{len(todo)} openers: {tally[REFUTED]} refuted, {tally[OPEN]} open, {tally[FITS]} with a tree within {cap} "
        f"({mode}); {time.monotonic() - t0:.0f} s wall, {time.process_time() - c0:.0f} s CPU, {peak:.0f} MB peak"
    )
    for kind, label in ((FITS, "with a tree"), (OPEN, "open")):
        if left[kind]:
            print(f"{label}: " + " ".join(left[kind][:20]) + (" ..." if len(left[kind]) > 20 else ""))
    if not left[FITS] and not left[OPEN] and not args.openers and args.sample is None and shards == 1:
        print(_THEOREM.format(cap=cap, mode=mode))
    return 0


def _read(path):
    with open(path, newline="") as f:
        return {row["opener"]: row for row in csv.DictReader(f)}  # (the last line wins)


def check_files(lists, engine, cap, paths, mode, *, sample=None) -> int:
    """Re-decide every refuted line of ``paths`` (or a random ``sample`` of
    them) with no deadline, and print the theorem only if every opener is
    refuted by a line that holds."""
    t0, c0 = time.monotonic(), time.process_time()
    rows = {}
    for path in paths:
        try:
            rows.update({w: r for w, r in _read(path).items() if r["verdict"] == REFUTED})
        except (OSError, KeyError, csv.Error) as e:
            print(f"{path}: expected a CSV of verdicts (opener,verdict,colouring,answers): {e}", file=sys.stderr)
            return 2
    named = len(rows)
    if sample is not None and sample < len(rows):
        keep = np.random.default_rng(0).choice(sorted(rows), size=sample, replace=False)
        rows = {w: rows[w] for w in sorted(keep)}
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
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{len(rows) - len(bad)} refutations hold, {len(bad)} do not; {int(refuted.sum())} of "
        f"{len(lists.guesses)} openers refuted; {time.monotonic() - t0:.0f} s wall, "
        f"{time.process_time() - c0:.0f} s CPU, {peak:.0f} MB peak"
    )
    if bad:
        print("refutations that do not hold: " + " ".join(bad[:20]))
    if len(rows) < named:
        print(f"(a sample: {len(rows)} of the {named} refuted lines)")
    elif refuted.all():
        print(_THEOREM.format(cap=cap, mode=mode))
    else:
        rest = [lists.guesses[o] for o in np.flatnonzero(~refuted)]
        print(f"not refuted: {len(rest)} openers: " + " ".join(rest[:20]) + (" ..." if len(rest) > 20 else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
