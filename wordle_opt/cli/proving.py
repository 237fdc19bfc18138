"""The command ``prove``: a tree proven optimal for its opener, the groups of a
stored tree closed, the guess caps no opener meets, and ``--check`` of any
of their files (`wordle_opt.proofs`)."""

from __future__ import annotations

import os
import re
import sys

from wordle_opt.cli._common import Progress, add_hard_option
from wordle_opt.errors import WordleOptError
from wordle_opt.rules import Rule

_DESCRIPTION = (
    "Prove a tree optimal for its opener, or a guess cap no opener meets, and re-decide a stored proof. "
    "OPENER: search, polish and close every group into --out (a folder; the same command resumes), "
    "ending in the theorem that no tree from OPENER totals less. "
    "TREE (a tree file): close its groups (--group C: one group, --out its file) or --polish it. "
    "--cap N [OPENERS]: refute every opener under a cap of N (--by families under the NYT rule: the certificates hold "
    "under both hard rules; groups otherwise). --check FILE|FOLDER: re-decide a proof, a group's file, a certificate file "
    "(.cert) or cap verdicts (.csv, .deep; comma-separated). Exit 0 when a run ends (its last line says "
    "whether it proved the theorem), 1 when --check finds a line that does not hold or no theorem, 2 for "
    "bad input, 130 when interrupted (the files keep what was found: the same command resumes)."
)
FAMILIES, GROUPS = "families", "groups"


def register(sub) -> None:
    from wordle_opt.proofs.runs import add_arguments

    p = sub.add_parser(
        "prove", help="prove a tree optimal for its opener, or a cap; check a proof", description=_DESCRIPTION
    )
    add_arguments(
        p,
        max_guesses=6,
        sample_help="a random sample: of the openers (--cap), or of the lines --check re-decides (seed 0)",
        answers=None,
    )
    p.set_defaults(func=cmd_prove)
    add_hard_option(p, easy=True, help="--cap: the rule (--hard alone = nyt; default easy mode)")
    p.add_argument("--check", metavar="PATH", default=None, help="re-decide this proof from scratch")
    p.add_argument("--tree", metavar="TREE", default=None, help="--check: the tree a group's file or folder is about")
    p.add_argument(
        "--group", metavar="COLOURING", default=None, help="TREE: close only the opener's group so coloured (BBBBG)"
    )
    p.add_argument(
        "--polish", metavar="FILE", default=None, help="TREE: re-solve its parts two guesses down, write FILE"
    )
    p.add_argument("--polish-min", type=int, default=40, metavar="N", help="polish parts of more than N answers (40)")
    p.add_argument(
        "--time-limit", type=float, default=60.0, metavar="S", help="OPENER: seconds the search raises its bound (60)"
    )
    p.add_argument("--beam", type=int, default=2, metavar="N", help="OPENER: the anytime search's beam (2)")
    p.add_argument(
        "--part-limit", type=float, default=None, metavar="S", help="seconds for one exact solve (600; --polish 120)"
    )
    p.add_argument("--exact-up-to", type=int, default=150, metavar="N", help="groups this small solved whole (150)")
    p.add_argument(
        "--cache-mb", type=float, default=None, metavar="MB", help="the engine's cache (2000; --by groups 256)"
    )
    p.add_argument("--log", default=None, metavar="FILE", help="append the progress lines to this file too")
    p.add_argument("--cap", type=int, default=None, metavar="N", help="refute every opener under a cap of N guesses")
    p.add_argument("--by", choices=(FAMILIES, GROUPS), default=None, help="--cap: the certificates (see above)")
    p.add_argument(
        "--budget",
        default=None,
        help="--cap: nodes (families: 10,100,1000) or seconds (groups) per try, comma-separated",
    )
    p.add_argument("--tries", type=int, default=0, help="--by families: family parts searched per opener (0: all)")
    p.add_argument("--limit", type=float, default=None, metavar="S", help="--by groups: seconds in all for an opener")
    p.add_argument(
        "--export",
        metavar="FILE",
        default=None,
        help="--by families: write --out's certificates (a list: one a shard) to FILE",
    )
    p.add_argument(
        "--deep",
        metavar="FILE",
        default=None,
        help="--cap: refute the named (or open) openers two levels deep into FILE",
    )
    p.add_argument(
        "--levels",
        type=int,
        default=2,
        help="--by families --deep: 3 lets a second guess be refuted by its third guesses",
    )
    p.add_argument(
        "--whole", type=int, default=0, help="--by families --deep: colour classes of up to N answers as parts too"
    )


def cmd_prove(args) -> int:
    from wordle_opt.proofs.runs import parse_shard

    try:
        args.shard_kn = parse_shard(args.shard)
    except ValueError:
        raise WordleOptError(f"--shard: expected K/N with 0 <= K < N, got {args.shard}") from None
    if args.part_limit is not None and args.part_limit <= 0:
        raise WordleOptError(f"--part-limit: expected positive seconds, got {args.part_limit:g}")
    if args.sample is not None and (args.sample < 1 or not (args.check or args.cap)):
        raise WordleOptError(f"--sample: expected N >= 1 with --check or --cap, got {args.sample}")
    if args.check:
        return _check(args)
    if args.cap is not None:
        return _cap(args)
    if len(args.openers) != 1:
        raise WordleOptError("expected one OPENER or TREE to prove (or --cap N, or --check PATH)")
    target = args.openers[0]
    if os.path.exists(target) or target.lower().endswith((".json", ".txt")):
        return _tree(args, target)
    return _opener(args, target)


def _stopped(out: str) -> int:
    print(f"interrupted: {out} keeps what was found; the same command resumes", file=sys.stderr)
    return 130


def _run_options(args) -> dict:
    return dict(
        shard=args.shard_kn,
        part_limit=args.part_limit or 600.0,
        exact_up_to=args.exact_up_to,
        cache_mb=args.cache_mb or 2000,
        sample=args.sample,
        log=args.log,
    )


def _opener(args, opener: str) -> int:
    """OPENER: search, polish and close into the folder --out."""
    from wordle_opt.proofs.optimal import prove_opener

    if Rule.parse(args.hard).hard:
        raise WordleOptError(
            "prove OPENER: easy mode only (its groups are closed in easy mode); hard caps: --cap N --hard"
        )
    answers = args.answers or "original"
    out = args.out or f"{opener.lower()}-{os.path.basename(answers)}-proof"
    closing = {k: v for k, v in _run_options(args).items() if k not in ("sample", "log")}  # (prove.log is its log)
    progress = Progress(unit="groups")
    try:
        prove_opener(
            opener.lower(),
            out=out,
            answers=answers,
            guesses=args.guesses,
            max_guesses=args.max_guesses,
            beam=args.beam,
            time_limit=args.time_limit,
            polish_min=args.polish_min,
            progress=progress,
            say=lambda line: print(line, file=sys.stderr, flush=True),
            **closing,
        )
    except KeyboardInterrupt:
        progress.close()
        return _stopped(out)
    return 0


def _tree(args, path: str) -> int:
    """TREE: --polish it, or close one group (--group) or every group into --out."""
    from wordle_opt.proofs.closing import Run, close_all, close_group
    from wordle_opt.proofs.polish import polish_file

    if args.polish:
        tree, gain = polish_file(path, min_size=args.polish_min, part_limit=args.part_limit or 120.0)
        if gain:
            tree.save(args.polish)
            print(f"written to {args.polish}")
        return 0
    if not args.out:
        raise WordleOptError("prove TREE: expected --out (the group's file with --group, else a folder)")
    try:
        with Run(path, out=args.out, **_run_options(args)) as run:
            if args.group:
                close_group(run, args.group)
            else:
                close_all(run)
    except KeyboardInterrupt:
        return _stopped(args.out)
    return 0


_GROUP_FILE = re.compile(r"(.*)-([BYG]+)\.proof\.csv$")


def _check(args) -> int:
    """--check PATH: the kind of proof from the file itself."""
    from wordle_opt.proofs.closing import Run, check_group
    from wordle_opt.proofs.optimal import check_folder

    paths = args.check.split(",")
    first = paths[0]
    if os.path.isdir(first):
        return 0 if check_folder(first, tree=args.tree, **_run_options(args)) else 1
    if not os.path.exists(first):
        raise WordleOptError(f"--check: {first}: no such folder or file (a proof to re-decide)")
    with open(first) as f:
        head = f.readline()
    if head.startswith("guess,how"):
        named = _GROUP_FILE.match(os.path.basename(first))
        tree = args.tree or (named and os.path.join(os.path.dirname(first), named.group(1) + ".json"))
        group = args.group or (named and named.group(2))
        if not (tree and group):
            raise WordleOptError(f"--check {first}: a group's proof; name its tree and group with --tree and --group")
        with Run(tree, out=first, **_run_options(args)) as run:
            return 0 if check_group(run, group) else 1
    if head.startswith("opener,verdict") or (head.startswith("#") and "two levels deep" in head):
        return _cap(args, check=paths, head=head)
    return _cap(args, check=paths, head=head, by=FAMILIES)


def _within(head: str, args) -> int:
    """The cap: --cap, else the one the file's first line records."""
    if args.cap is not None:
        return args.cap
    found = re.search(r"within (\d+)", head)
    if not found:
        raise WordleOptError(f"--check {args.check}: the file does not record its cap; expected --cap N")
    return int(found.group(1))


def _cap(args, *, check=None, head: str = "", by=None) -> int:
    """--cap N: refute every opener (or --check such a file)."""
    from wordle_opt.proofs.runs import Usage, lists_and_openers

    if check:
        args.cap = _within(head, args)
        if args.hard is None:
            found = re.search(r"\((?:hard mode, )?(\w+) rule\)", head)
            args.hard = found.group(1) if found else None
        if args.answers is None and head.startswith("#"):
            args.answers = head.split()[1].rstrip(":")
    by = by or args.by or (FAMILIES if Rule.parse(args.hard) is Rule.NYT else GROUPS)
    args.max_guesses, args.answers = args.cap, args.answers or "original-all"
    try:
        lists, todo, shard = lists_and_openers(args)
    except Usage as e:
        raise WordleOptError(str(e)) from None
    if by == FAMILIES:
        return _families(args, lists, todo, shard=shard, check=check)
    return _groups(args, lists, todo, shard=shard, check=check)


def _budgets(text: str, kind, what: str) -> list:
    try:
        budgets = [kind(b) for b in text.split(",")]
    except ValueError:
        budgets = []
    if not budgets or min(budgets) <= 0:
        raise WordleOptError(f"--budget: expected positive {what}, comma-separated, got {text}")
    return budgets


def _families(args, lists, todo, *, shard, check) -> int:
    from wordle_opt.proofs import hardcap_run

    if args.hard is not None and not Rule.parse(args.hard).hard:  # (None: the NYT rule, as --by families takes)
        raise WordleOptError("--by families: hard-mode caps only (the certificates hold under both hard rules)")
    budgets = _budgets(args.budget or "10,100,1000", int, "node counts")
    game = hardcap_run.game_of(lists, budgets)
    if args.export:
        if not args.out:
            raise WordleOptError("--export: expected --out, the verdict files (comma-separated) to export")
        return hardcap_run.export(lists, args.cap, args.out, args.export)
    if check:
        return hardcap_run.check_file(lists, game, args.cap, check[0])
    if args.deep:
        deep = dict(budgets=budgets, levels=args.levels, whole=args.whole)
        return hardcap_run.deep(lists, game, args.cap, todo, path=args.deep, **deep)
    return hardcap_run.refute_all(
        lists,
        game,
        args.cap,
        todo,
        out=args.out,
        budgets=budgets,
        tries=args.tries,
        sample=args.sample,
        shard=shard,
        retry_open=args.retry_open,
    )


def _groups(args, lists, todo, *, shard, check) -> int:
    from wordle_opt.proofs import groupcap, groupcap_run
    from wordle_opt.solver.engine import Engine

    deep = bool(args.deep)
    budgets = args.budget or ",".join(str(b) for b in (groupcap.DEEP_BUDGETS if deep else groupcap.BUDGETS))
    budgets = _budgets(budgets, float, "seconds")
    limit = args.limit if args.limit is not None else groupcap.DEEP_LIMIT if deep else groupcap.LIMIT
    if limit <= 0:
        raise WordleOptError(f"--limit: expected positive seconds, got {limit:g}")
    rule = Rule.parse(args.hard)
    engine = Engine(lists, rule, threads=1, cache_mb=args.cache_mb or 256)
    if check:
        return groupcap_run.check_files(lists, engine, args.cap, check, sample=args.sample, shard=shard)
    if deep:
        return groupcap_run.deep_run(
            lists, engine, args.cap, todo, path=args.deep, out=args.out, budgets=budgets, limit=limit, shard=shard
        )
    return groupcap_run.refute_all(
        lists,
        engine,
        args.cap,
        todo,
        out=args.out,
        budgets=budgets,
        limit=limit,
        sample=args.sample,
        shard=shard,
        retry_open=args.retry_open,
    )
