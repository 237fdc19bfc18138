"""``--boards N`` for the commands ``simulate`` and ``play`` (Dordle 2,
Quordle 4, Octordle 8).

This module registers no command of its own: it adds ``--boards`` and
``--games`` to the parsers that ``cli.playing`` made (so it must come after
"playing" in COMMAND_MODULES) and sends ``--boards`` above 1 to
`wordle_opt.boards`; one board goes to the original command, unchanged.
"""
from __future__ import annotations

import argparse
import functools

from wordle_opt.cli._common import Progress, positive_int
from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern


def register(sub: "argparse._SubParsersAction") -> None:
    for name, run in (("simulate", _simulate), ("play", _play)):
        p = sub.choices[name]
        p.add_argument("--boards", type=positive_int, default=1, metavar="N",
                       help="play N boards at once, one guess for all: 2 Dordle, 4 Quordle, 8 Octordle "
                       "(default 1; --max-guesses then defaults to 7, 9, 13, or N+5)")
        if name == "simulate":
            p.add_argument("--games", type=positive_int, default=1000, metavar="N",
                           help="with --boards: random games to play, seeded by --seed (default 1000)")
        # None = not given: the one-board default, or the boards' game cap.
        one_board_cap = p.get_default("max_guesses")
        p.set_defaults(max_guesses=None, func=functools.partial(_dispatch, p.get_default("func"), run,
                                                                one_board_cap))


def _dispatch(one_board, several, one_board_cap, args) -> int:
    if args.boards == 1:
        if args.max_guesses is None:
            args.max_guesses = one_board_cap
        return one_board(args)
    for option, value in (("--hard", args.hard), ("--tree", args.tree),
                          ("--compare", getattr(args, "compare", None))):
        if value:
            raise WordleOptError(f"{option} is not offered with --boards {args.boards}")
    return several(args)


def _simulate(args) -> int:
    from wordle_opt.boards import simulate_boards

    progress = Progress(unit="games")
    try:
        result = simulate_boards(args.boards, args.strategy, games=args.games, seed=args.seed,
                                 max_guesses=args.max_guesses, opener=args.opener, answers=args.answers,
                                 guesses=args.guesses, answers_only=args.answers_only, progress=progress)
    finally:
        progress.close()
    print(result)
    if args.paths:
        for game, path in result.paths.items():
            turns = " ".join(f"{g}:" + ",".join("-" if p is None else Pattern(p).byg for p in pats)
                             for g, pats in path)
            print(game, turns)
    return 0


def _play(args) -> int:
    from wordle_opt.boards_play import BoardsAssistant

    return BoardsAssistant(args.boards, args.strategy, answers=args.answers, guesses=args.guesses,
                           answers_only=args.answers_only, opener=args.opener,
                           max_guesses=args.max_guesses).run()
