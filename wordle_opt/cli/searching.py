"""Command ``search``: the proven optimal tree for an opener (or the best opener)."""

from __future__ import annotations

import argparse
import sys
from typing import Dict, List, Optional

from wordle_opt.cli._common import (
    Progress,
    add_hard_option,
    add_list_options,
    add_quiet_option,
    check_writable,
    guess_cap,
    note_printer,
    positive_float,
    positive_int,
)
from wordle_opt.cli.openers import add_anytime_options, add_ranking_options, run_ranking, write_tree
from wordle_opt.display import plural
from wordle_opt.errors import WordleOptError


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser(
        "search",
        help="compute and prove the optimal decision tree for an opener",
        description="Compute the decision tree that minimises the total number of guesses over "
        "all answers, starting with OPENER, and prove it optimal. Without OPENER, find the best "
        "opener too (practical on small custom lists).",
    )
    p.add_argument(
        "opener",
        nargs="?",
        default=None,
        metavar="OPENER",
        help="first guess, e.g. salet (default: search every allowed guess)",
    )
    add_hard_option(p, word=("OPENER", "salet"))
    add_list_options(p)
    p.add_argument(
        "--max-guesses", type=guess_cap, default=6, metavar="N|none", help="guess cap, or 'none' for no cap (default 6)"
    )
    p.add_argument("--out", default=None, metavar="FILE", help="write the tree to FILE")
    p.add_argument(
        "--format",
        default=None,
        choices=("text", "json"),
        help="tree file format (default: json for *.json, else the leaderboard text)",
    )
    p.add_argument(
        "--threads", type=positive_int, default=None, metavar="N", help="solver threads (default: all cores)"
    )
    p.add_argument(
        "--cache-mb",
        type=positive_float,
        default=None,
        metavar="MB",
        help="transposition table per thread in MiB (default 192)",
    )
    p.add_argument(
        "--minimise",
        "--minimize",
        default="total",
        metavar="OBJECTIVE",
        help="total (the default: fewest guesses in all), worst,total (smallest worst "
        "case, then fewest guesses) or total,worst (fewest guesses, ties broken by the "
        "smallest worst case); each proven",
    )
    add_anytime_options(p)
    p.add_argument(
        "--fit",
        action="store_true",
        help="anytime: first fit a tree within the cap for every group after OPENER, depth first "
        "(for tight caps in hard mode, where the beam's trees overrun the cap); without "
        "--time-limit the search ends with that tree",
    )
    p.add_argument(
        "--second",
        action="append",
        default=None,
        metavar="COLOURING=WORD",
        help="with --fit: after OPENER shows COLOURING, the fitting tries WORD second first "
        "(a hint, e.g. from a published tree; every guess is still tried if no tree fits after it); "
        "repeat for other colourings",
    )
    p.add_argument(
        "--no-fallback",
        action="store_true",
        help="when no tree fits the cap, do not look for the smallest cap that works",
    )
    p.add_argument(
        "--checkpoint",
        default=None,
        metavar="FILE",
        help="save progress to FILE as it goes (the ranking without OPENER, or the anytime "
        "search of OPENER: each group's best tree and bound); rerun the same command to resume",
    )

    add_ranking_options(
        p.add_argument_group("without OPENER (the ranking of `openers`)"), with_lists=False, with_checkpoint=False
    )
    add_quiet_option(p)
    p.set_defaults(func=cmd_search)


def cmd_search(args) -> int:
    from wordle_opt.openers.best import search  # (the public one: it opens --checkpoint)
    from wordle_opt.solver.options import DEFAULT_CACHE_MB

    if args.format is not None and args.out is None:
        raise WordleOptError(f"--format {args.format} needs --out FILE (the tree is written only to a file)")
    if args.out is not None:
        check_writable(args.out)  # before the search, not after it
    anytime = args.beam is not None or args.time_limit is not None or args.fit
    if args.opener is not None and args.checkpoint is not None and not anytime:
        raise WordleOptError(
            "--checkpoint with an OPENER resumes the anytime search: add --beam N, --time-limit "
            "SECONDS or --fit (the exact search of one opener keeps nothing between runs)"
        )
    given = [f"--{name}" for name in ("top", "workers", "scheduler") if getattr(args, name) is not None]
    if args.opener is not None and given:
        raise WordleOptError(
            f"{', '.join(given)}: only without OPENER (the ranking); the search of "
            f"{args.opener.upper()} runs on --threads"
        )
    if args.opener is None:
        if anytime:
            raise WordleOptError(
                "--beam/--time-limit/--fit: the anytime search needs an OPENER "
                "(`openers --beam N --time-limit SECONDS` ranks openers by it)"
            )
        return _best_opener(args)
    progress = Progress.of(args, unit="groups")
    first = []

    def refuted(result) -> None:
        # No strategy fits this cap: say so (the search goes on with the next).
        progress.close()
        if not first:
            first.append(result)
            print(result)
            print(
                f"no strategy solves every answer within {plural(result.max_guesses, 'guess')}"
                + (f" with opener {result.opener.upper()}" if result.opener else "")
            )
            for line in result.unsolvable[:5]:
                print(f"  cannot finish: {line}")
        else:
            print(f"not within {plural(result.max_guesses, 'guess')} either")
        sys.stdout.flush()

    note = note_printer(progress)

    try:
        result = search(
            opener=args.opener,
            hard=args.hard,
            answers=args.answers,
            guesses=args.guesses,
            max_guesses=args.max_guesses,
            threads=args.threads,
            cache_mb=DEFAULT_CACHE_MB if args.cache_mb is None else args.cache_mb,
            progress=progress,
            fallback=not args.no_fallback,
            on_refuted=refuted,
            note=note,
            minimise=args.minimise,
            beam=args.beam,
            time_limit=args.time_limit,
            checkpoint=args.checkpoint,
            fit=args.fit,
            second=_second(args.second),
        )
    finally:
        progress.close()
    if not result.feasible and result.stopped:
        print(result)  # an anytime search stopped before any tree: no claim about the cap
        return 1
    if not result.feasible:
        # Only with --no-fallback (or a cap no number of guesses can meet).
        refuted(result)
        return 1
    if first:
        print(f"\nthe best it can do with {plural(result.max_guesses, 'guess')}:")
    print(result)
    _write(result, args)
    return 1 if first else 0


def _best_opener(args) -> int:
    """Without OPENER: the proven ranking of `openers` (top 1 unless --top)."""

    result = run_ranking(args, 1)
    print(result.report(phases=args.verbose or None))
    if args.out and result.tree is not None:
        write_tree(result, args.out, args.format)
    return 0 if result.best is not None else 1


def _write(result, args) -> None:
    if not args.out or result.tree is None:
        return
    fmt = args.format
    if fmt is None:
        fmt = "json" if str(args.out).lower().endswith(".json") else "text"
    result.tree.save(args.out, format=fmt)
    print(f"tree written to {args.out} ({fmt})", file=sys.stderr)


def _second(values: Optional[List[str]]) -> Optional[Dict[str, str]]:
    """--second COLOURING=WORD values as a dict (the search checks each)."""
    if not values:
        return None
    out: Dict[str, str] = {}
    for value in values:
        colouring, sep, word = value.partition("=")
        if not sep or not colouring.strip() or not word.strip():
            raise WordleOptError(f"--second {value}: expected COLOURING=WORD, e.g. bbbbb=bezil")
        key = colouring.strip().upper()
        if key in out:
            raise WordleOptError(f"--second: {key} given twice ({out[key]}, then {word.strip()})")
        out[key] = word.strip()
    return out
