"""Command ``openers``: the proven ranking of the best first guesses."""

from __future__ import annotations

import argparse
import sys

from wordle_opt.cli._common import (
    EVERY_OPENER,
    Progress,
    add_hard_option,
    add_list_options,
    add_quiet_option,
    check_writable,
    guess_cap,
    note_printer,
    opener_count,
    positive_float,
    positive_int,
    ranking_bar,
    seconds,
)
from wordle_opt.openers.phases import PHASES_AFTER_SECONDS


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser(
        "openers",
        help="rank every first guess by its optimal total (or worst case), proven",
        description="Rank every allowed first guess by the optimal total number of guesses over "
        "all answers (or by --minimise): the K best, each proven exact, and a proven bound for every other.",
    )
    add_ranking_options(p)
    add_anytime_options(p)
    add_quiet_option(p)
    p.set_defaults(func=cmd_openers)


def add_anytime_options(p: argparse.ArgumentParser) -> None:
    """--beam and --time-limit: the anytime search (``search OPENER``) or ranking."""
    p.add_argument(
        "--beam",
        type=positive_int,
        default=None,
        metavar="N",
        help="anytime: a tree from the N most promising guesses at each node "
        "(default 2 with --time-limit), then a proven lower bound beside its total; "
        "openers: for the screen and for each of the --top openers it values best",
    )
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="anytime: stop after SECONDS (or Ctrl-C) with the best tree found and its proven gap; "
        "openers: shared equally by the --top openers",
    )


def add_ranking_options(p: argparse.ArgumentParser, with_lists: bool = True, with_checkpoint: bool = True) -> None:
    """The options of a ranking; ``search`` without an opener shares those
    after the lists (it has its own list options, --out, --cache-mb and
    --checkpoint, which resumes its anytime search too)."""
    if with_lists:
        add_hard_option(p)
        add_list_options(p)
        p.add_argument(
            "--max-guesses",
            type=guess_cap,
            default=6,
            metavar="N|none",
            help="guess cap, or 'none' for no cap (default 6)",
        )
        p.add_argument(
            "--out",
            default=None,
            metavar="FILE.csv",
            help="write every opener with its exact total or its proven lower bound (CSV)",
        )
        p.add_argument(
            "--tree",
            default=None,
            metavar="FILE",
            help="write the best opener's tree (json for *.json, else the leaderboard text)",
        )
        p.add_argument(
            "--cache-mb",
            type=positive_float,
            default=None,
            metavar="MB",
            help="solver cache per worker in MiB (default 192)",
        )
        p.add_argument(
            "--minimise",
            "--minimize",
            default="total",
            metavar="OBJECTIVE",
            help="rank by total (the default: fewest guesses in all), worst,total (smallest "
            "worst case, then fewest guesses) or total,worst (fewest guesses, ties broken by "
            "the smallest worst case); each proven",
        )
    p.add_argument(
        "--top",
        type=opener_count,
        default=None,
        metavar="K",
        help="how many openers to rank exactly (default 10; search: 1); 'all': every opener, "
        "the complete table (resumable with --checkpoint)",
    )
    if with_checkpoint:
        p.add_argument(
            "--checkpoint",
            default=None,
            metavar="FILE",
            help="save progress to FILE as it goes; rerun the same command to resume",
        )
    p.add_argument(
        "--workers", type=positive_int, default=None, metavar="N", help="local worker processes (default: all cores)"
    )
    p.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="the ranking's result ends with where the time went, phase by phase (shown anyway after "
        f"runs of {PHASES_AFTER_SECONDS:.0f} s or more)",
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on a Dask cluster, e.g. tcp://host:8786 (needs wordle_opt[distributed])",
    )


def run_ranking(args, top: int):
    """rank_openers with the command's options (the anytime ranking with --beam or --time-limit)."""
    from wordle_opt.openers.options import BEST_TREE_ONLY
    from wordle_opt.openers.ranking import DEFAULT_CACHE_MB, rank_openers

    progress = Progress.of(args, unit="groups")
    bar = ranking_bar(args)  # (False with --quiet)
    anytime = dict(note=note_printer(progress), progress=bar)
    if getattr(args, "beam", None) is not None or getattr(args, "time_limit", None) is not None:
        # (the anytime ranking: each search's progress, or none with --quiet)
        anytime.update(beam=args.beam, time_limit=args.time_limit, progress=progress if bar is None else False)
    return rank_openers(
        hard=args.hard,
        answers=args.answers,
        guesses=args.guesses,
        max_guesses=args.max_guesses,
        top=args.top or top,
        workers=args.workers if args.workers is not None else getattr(args, "threads", None),
        scheduler=args.scheduler,
        checkpoint=args.checkpoint,
        cache_mb=DEFAULT_CACHE_MB if args.cache_mb is None else args.cache_mb,
        minimise=args.minimise,
        # (a complete table: the totals, and the best opener's tree for --tree)
        trees=BEST_TREE_ONLY if args.top == EVERY_OPENER else True,
        **anytime,
    )


def write_tree(result, path: str, fmt=None) -> None:
    """The best opener's tree to path, in fmt (default: json for *.json, else text)."""
    if fmt is None:
        fmt = "json" if str(path).lower().endswith(".json") else "text"
    result.tree.save(path, format=fmt)
    print(f"tree of {result.best.word.upper()} written to {path} ({fmt})", file=sys.stderr)


def cmd_openers(args) -> int:

    for option, path in (("--out", args.out), ("--tree", args.tree)):
        if path:
            check_writable(path, option)
    result = run_ranking(args, 10)
    print(result.report(phases=args.verbose or None))
    if args.out:
        result.to_csv(args.out)
        print(f"every opener written to {args.out}", file=sys.stderr)
    if args.tree and result.tree is not None:
        write_tree(result, args.tree)
    return 0 if result.best is not None else 1
