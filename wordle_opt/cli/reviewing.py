"""Command ``review``: a finished game (or one in progress) against the exact optimum."""

from __future__ import annotations

import argparse

from wordle_opt.cli._common import (
    Progress,
    add_hard_option,
    add_list_options,
    add_quiet_option,
    check_writable,
    guess_cap,
    ranking_bar,
    seconds,
)


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser(
        "review",
        help="rate each guess of a game for skill and luck, from the exact optimum",
        description="For each guess: the candidates before and after, the expected guesses still "
        "needed after it and after the best guess (exact optimum under the rule, lists and cap), "
        "the best guess, a skill score and a luck score. Give the guesses and --answer "
        "(salet drone crate --answer crate), or the colours instead (salet.BBBYB.drone.YBBBG).",
    )
    p.add_argument("game", nargs="+", metavar="GAME", help="the guesses (with --answer), or WORD.COLOURS pairs")
    p.add_argument("--answer", default=None, metavar="WORD", help="the answer of a finished game")
    add_hard_option(p, word=("GAME", "salet drone crate"))
    add_list_options(p)
    p.add_argument(
        "--max-guesses", type=guess_cap, default=6, metavar="N|none", help="guess cap, or 'none' for no cap (default 6)"
    )
    p.add_argument(
        "--openers",
        default="",
        metavar="A,B",
        help="more first guesses to search for the first turn's best (when not proven)",
    )
    p.add_argument(
        "--ranking",
        default=None,
        metavar="FILE",
        help="a ranking table FILE.csv that `openers --top all --out FILE.csv` wrote for these lists, "
        "rule and cap: the first guesses' values are read from it, not searched; or a checkpoint FILE: "
        "prove the best opener with the opener ranking (as `openers --top 1 --checkpoint FILE`: minutes "
        "the first time, then read back from FILE). Default: the bundled ranking of these lists, rule and cap, "
        "where there is one (original and nyt lists, easy and nyt rule, 6 guesses)",
    )
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=60.0,
        metavar="S",
        help="seconds per batch of searches; past it, proven bounds (default 60)",
    )
    add_quiet_option(p)
    p.set_defaults(func=cmd_review)


def cmd_review(args) -> int:
    from wordle_opt.openers.tables import is_table_file, read_ranking_file
    from wordle_opt.reviews.reviewer import review

    ranking = None
    if args.ranking is None:
        # The bundled ranking of these lists, rule and cap, where there is one: it
        # proves the best opener (the review alone searched a few, "not proven here").
        from wordle_opt.openers.tables import table_for
        from wordle_opt.rules import normalise_rule
        from wordle_opt.wordlists import load_lists

        lists = load_lists(args.answers, args.guesses)
        ranking = table_for(lists, normalise_rule(args.hard), args.max_guesses)
    elif is_table_file(args.ranking):
        ranking = read_ranking_file(args.ranking)  # (checked against the game by review())
    else:
        from wordle_opt.openers.ranking import rank_openers

        check_writable(args.ranking, "--ranking")
        ranking = rank_openers(
            hard=args.hard,
            answers=args.answers,
            guesses=args.guesses,
            max_guesses=args.max_guesses,
            top=1,
            checkpoint=args.ranking,
            trees=False,
            progress=ranking_bar(args),
        )
    progress = Progress.of(args, unit="steps")
    try:
        result = review(
            " ".join(args.game),
            answer=args.answer,
            hard=args.hard,
            answers=args.answers,
            guesses=args.guesses,
            max_guesses=args.max_guesses,
            openers=[w for w in args.openers.split(",") if w.strip()],
            time_limit=args.time_limit,
            progress=progress,
            ranking=ranking,
        )
    finally:
        progress.close()
    print(result)
    return 0
