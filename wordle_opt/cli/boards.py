"""``simulate`` and ``play`` with ``--boards N`` above 1 (Dordle 2, Quordle 4,
Octordle 8): `cli.playing` defines the options and hands such runs here."""

from __future__ import annotations

from wordle_opt.cli._common import Progress
from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern


def _refuse_one_board_options(args) -> None:
    for option, value in (("--hard", args.hard), ("--tree", args.tree), ("--compare", getattr(args, "compare", None))):
        if value:
            raise WordleOptError(f"{option} is not offered with --boards {args.boards}")


def simulate(args) -> int:
    from wordle_opt.games.boards import simulate_boards

    _refuse_one_board_options(args)
    progress = Progress.of(args, unit="games")
    try:
        result = simulate_boards(
            args.boards,
            args.strategy,
            games=1000 if args.games is None else args.games,
            seed=args.seed,
            max_guesses=args.max_guesses,
            opener=args.opener,
            answers=args.answers or "original",
            guesses=args.guesses,
            answers_only=args.answers_only,
            progress=progress,
        )
    finally:
        progress.close()
    print(result)
    if args.paths:
        for game, path in result.paths.items():
            turns = " ".join(
                f"{g}:" + ",".join("-" if p is None else Pattern(p, len(g)).byg for p in pats) for g, pats in path
            )
            print(game, turns)
    return 0


def play(args) -> int:
    from wordle_opt.games.boards_play import BoardsAssistant

    _refuse_one_board_options(args)
    return BoardsAssistant(
        args.boards,
        args.strategy or "entropy",  # (exact advice is for one board)
        answers=args.answers or "original",
        guesses=args.guesses,
        answers_only=args.answers_only,
        opener=args.opener,
        max_guesses=args.max_guesses,
    ).run()
