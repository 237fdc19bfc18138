"""Command ``absurdle``: play against the adversary, or ``--solve`` it exactly."""

from __future__ import annotations

import argparse
import sys

from wordle_opt.cli._common import Progress, add_list_options, add_quiet_option, guess_count
from wordle_opt.games.absurdle import DEFAULT_TIE_BREAK, TIE_BREAKS

_ANY = "-"


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser(
        "absurdle",
        help="play Absurdle, or find the fewest guesses that force a win",
        description="Absurdle keeps the largest group of candidates after every guess. "
        "Without --solve: play against it. With --solve [OPENER]: the fewest guesses "
        "that force a win from OPENER (or from any opener), proven by search, with the line.",
    )
    p.add_argument(
        "--solve",
        nargs="?",
        const=_ANY,
        default=None,
        metavar="OPENER",
        help="solve exactly, opening with OPENER (default: any opener)",
    )
    p.add_argument(
        "--tie-break",
        default=DEFAULT_TIE_BREAK,
        choices=TIE_BREAKS,
        help="which of equally large groups the adversary keeps: fewest-hints (fewest greens, "
        "then yellows, then lowest colouring; the default) or lowest (colouring number)",
    )
    p.add_argument("--max-depth", type=guess_count, default=8, metavar="N", help="give up above N guesses (default 8)")
    add_list_options(p)
    add_quiet_option(p)
    p.set_defaults(func=cmd_absurdle)


def cmd_absurdle(args) -> int:
    from wordle_opt.wordlists import load_lists

    lists = load_lists(args.answers, args.guesses)
    if args.solve is not None:
        return _solve(args, lists)
    return _play(args, lists)


def _solve(args, lists) -> int:
    from wordle_opt.games.absurdle import solve

    progress = Progress.of(args, unit="openers" if args.solve == _ANY else "second guesses")
    try:
        result = solve(
            lists,
            opener=None if args.solve == _ANY else args.solve,
            tie_break=args.tie_break,
            max_depth=args.max_depth,
            progress=progress,
        )
    finally:
        progress.close()
    print(result)
    return 0 if result.guesses is not None else 1


def _play(args, lists) -> int:
    from wordle_opt.display import tiles, use_colour
    from wordle_opt.errors import WordleOptError
    from wordle_opt.games.absurdle import AbsurdleGame

    game = AbsurdleGame(lists, args.tie_break)
    colour = use_colour()
    print(f"absurdle: {len(lists.answers)} answers, tie-break {args.tie_break}; type a word (quit to stop)")
    while not game.won:
        sys.stdout.write(f"guess {len(game.history) + 1}> ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line or line.strip().lower() in ("quit", "exit", "q"):
            print()
            return 0
        try:
            p = game.play(line.strip())
        except WordleOptError as exc:
            print(f"error: {exc}")
            continue
        left = len(game.cands)
        print(
            tiles(game.history[-1][0], p, colour)
            + ("" if game.won else f"   {left} answer{'' if left == 1 else 's'} left")
        )
    n = len(game.history)
    print(f"You won in {n} guess{'es' if n != 1 else ''}.")
    return 0
