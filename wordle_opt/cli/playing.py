"""Commands ``simulate``, ``play`` and ``solve``."""
from __future__ import annotations

import argparse

from wordle_opt.cli._common import Progress, add_hard_option, add_list_options, guess_count
from wordle_opt.patterns import Pattern
from wordle_opt.rules import ALL_GREEN
from wordle_opt.strategies import STRATEGIES


def _common(p: argparse.ArgumentParser, strategy: bool = True) -> None:
    if strategy:
        p.add_argument("--strategy", "-s", default="entropy", metavar="NAME",
                       help=f"one of {', '.join(STRATEGIES)} (default entropy)")
    add_hard_option(p)
    add_list_options(p)
    p.add_argument("--answers-only", action="store_true", help="guess only words that could be answers")
    p.add_argument("--opener", default=None, metavar="WORD", help="first guess (default: the strategy's)")
    p.add_argument("--tree", default=None, metavar="FILE", help="tree file for --strategy optimal")
    p.add_argument("--seed", type=int, default=0, help="seed of the random strategy (default 0)")
    p.add_argument("--max-guesses", type=guess_count, default=6, metavar="N",
                   help="count a game as solved within N guesses (default 6)")


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser("simulate", help="play a strategy against every answer",
                       description="Play a strategy against every answer and report solved within "
                       "--max-guesses, average, histogram, worst words and time.")
    _common(p)
    p.add_argument("--compare", default=None, metavar="A,B,C",
                   help="simulate several strategies and print one table")
    p.add_argument("--paths", action="store_true", help="also print every answer's game")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("play", help="assistant for a live game",
                       description="Suggests guesses for the game you are playing: type the word you "
                       "played (Enter = the suggestion) and the colours you got (BYGBB, 01200 or tiles). For today's "
                       "game use --answers nyt-3158 (the extended NYT answers); when no answer of the list "
                       "fits, it carries on with the allowed words that do.")
    _common(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("solve", help="show the game a strategy plays against ANSWER",
                       description="Print the whole game for one answer as tiles.")
    p.add_argument("answer", metavar="ANSWER")
    _common(p)
    p.set_defaults(func=cmd_solve)


def _options(args) -> dict:
    return dict(opener=args.opener, hard=args.hard, answers=args.answers, guesses=args.guesses,
                answers_only=args.answers_only, max_guesses=args.max_guesses, tree=args.tree,
                seed=args.seed)


def cmd_simulate(args) -> int:
    from wordle_opt.simulate import compare, simulate

    progress = Progress()
    try:
        if args.compare is not None:
            result = compare(args.compare, progress=progress, **_options(args))
        else:
            result = simulate(args.strategy, progress=progress, **_options(args))
    finally:
        progress.close()
    print(result)
    if args.paths and not args.compare:

        for word, path in result.paths.items():
            print(word, " ".join(f"{g}:{Pattern(p).byg}" for g, p in path))
    return 0


def cmd_play(args) -> int:
    from wordle_opt.play import Assistant

    return Assistant(args.strategy, **_options(args)).run()


def cmd_solve(args) -> int:
    from wordle_opt.play import solve

    path = solve(args.answer, args.strategy, **_options(args))
    return 0 if path and path[-1][1] == ALL_GREEN else 1
