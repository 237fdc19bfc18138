"""Commands ``simulate``, ``play`` and ``solve``."""

from __future__ import annotations

import argparse
import sys
from typing import Optional

from wordle_opt.cli import boards
from wordle_opt.cli._common import (
    LIST_NAMES,
    Progress,
    add_hard_option,
    add_list_options,
    add_quiet_option,
    guess_count,
    positive_int,
)
from wordle_opt.errors import WordleOptError
from wordle_opt.listsets import TODAY_SET
from wordle_opt.patterns import Pattern
from wordle_opt.strategies.builtin import STRATEGIES


def _common(
    p: argparse.ArgumentParser,
    *,
    word=None,
    max_guesses: str,
    strategy: Optional[str] = "entropy",
    strategy_help: str = "",
    answers_help: Optional[str] = None,
) -> None:
    p.add_argument(
        "--strategy",
        "-s",
        default=strategy,
        metavar="NAME",
        help=f"one of {', '.join(STRATEGIES)} ({strategy_help or 'default ' + strategy})",
    )
    add_hard_option(p, word=word, tree_default=True)
    add_list_options(p, answers_default=None, answers_help=answers_help)
    p.add_argument("--answers-only", action="store_true", help="guess only words that could be answers")
    p.add_argument("--opener", default=None, metavar="WORD", help="first guess (default: the strategy's)")
    p.add_argument(
        "--tree",
        default=None,
        metavar="FILE",
        help="tree file for --strategy optimal; its recorded rule, cap and lists are the "
        "defaults of --hard, --max-guesses and --answers/--guesses",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the random strategy (default 0)")
    p.add_argument(
        "--max-guesses",
        type=guess_count,
        default=None,
        metavar="N",
        help=f"{max_guesses} (default 6, or the cap a --tree file records; with --boards: 7, 9, 13 or N+5)",
    )


def _boards_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--boards",
        type=positive_int,
        default=1,
        metavar="N",
        help="play N boards at once, one guess for all: 2 Dordle, 4 Quordle, 8 Octordle (default 1)",
    )


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser(
        "simulate",
        help="play a strategy against every answer",
        description="Play a strategy against every answer and report solved within "
        "--max-guesses, average, histogram, worst words and time.",
    )
    _common(p, max_guesses="count a game as solved within N guesses; --strategy optimal plays within them")
    p.add_argument("--compare", default=None, metavar="A,B,C", help="simulate several strategies and print one table")
    p.add_argument("--paths", action="store_true", help="also print every answer's game")
    _boards_option(p)
    add_quiet_option(p)
    p.add_argument(
        "--games",
        type=positive_int,
        default=None,
        metavar="N",
        help="with --boards: random games to play, seeded by --seed (default 1000)",
    )
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser(
        "play",
        help="assistant for a live game",
        description="Suggests guesses for the game you are playing: type the word you "
        "played (Enter = the suggestion) and the colours you got (BYGBB, 01200 or tiles). Without "
        f"--answers it plays today's game: {TODAY_SET} (the extended NYT answers); when no answer of the list "
        "fits, it carries on with the allowed words that do. The advice is exact by default: the "
        "optimal tree from the best opener (proven best by a bundled ranking, else the best known; searched first, with progress), and a position off "
        "the tree solved on its own; it says when a search takes too long and it suggests by entropy.",
    )
    _common(
        p,
        strategy=None,
        strategy_help="default: exact advice, as above; entropy with --boards; the others are heuristics",
        answers_help=f"answer list: {LIST_NAMES} (default {TODAY_SET}: today's game), or a file (one word a line)",
        max_guesses="the game's guess cap: --strategy optimal plays within it, and a word other than the "
        "suggestion is valued by the exact guesses it needs within it",
    )
    _boards_option(p)
    p.add_argument(
        "--exclude",
        default=None,
        metavar="FILE",
        help="answers you know it is not (e.g. those already played), one a line: the advice is exact "
        "for the answers left",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser(
        "solve",
        help="show the game a strategy plays against ANSWER",
        description="Print the whole game for one answer as tiles.",
    )
    p.add_argument("answer", metavar="ANSWER")
    _common(p, word=("ANSWER", "crate"), max_guesses="the guess cap --strategy optimal plays within")
    p.set_defaults(func=cmd_solve)


def _options(args, uncapped: int = 6, *, answers_default: str = "original") -> dict:
    """The API's options; ``uncapped``: the cap for a --tree file without one;
    ``answers_default``: the list without --answers (nor a --tree file's)."""
    hard, answers, guesses, cap = args.hard, args.answers, args.guesses, args.max_guesses
    if args.tree is not None:
        hard, answers, guesses, cap = _tree_defaults(args)
        if cap is None and uncapped != 6:
            print(f"{args.tree} has no guess cap: a game counts as solved within {uncapped} guesses", file=sys.stderr)
            cap = uncapped
    return dict(
        opener=args.opener,
        hard=hard,
        answers=answers or answers_default,
        guesses=guesses,
        answers_only=args.answers_only,
        max_guesses=cap or 6,
        tree=args.tree,
        seed=args.seed,
    )


def _tree_defaults(args):
    """--hard, --answers/--guesses and --max-guesses from what the --tree file records,
    where not given.  A contradicting rule or list is warned about by the strategy
    that reads the tree; a contradicting cap here."""

    from wordle_opt.trees import treefile, treemeta

    meta = treefile.read_meta(args.tree)
    if not meta.recorded:
        return args.hard, args.answers, args.guesses, args.max_guesses
    hard = meta.hard if args.hard is None else args.hard
    answers, guesses = args.answers, args.guesses
    if answers is None:
        answers, recorded_guesses = treemeta.recorded_lists(meta, args.tree)
        guesses = recorded_guesses if guesses is None else guesses
    cap = treemeta.settle_cap(meta, treemeta.RECORDED if args.max_guesses is None else args.max_guesses, args.tree)
    if (
        (args.hard is None and hard)
        or (args.answers is None and answers != "original")
        or (args.max_guesses is None and cap not in (None, 6))
    ):
        print(f"{args.tree} records {treemeta.describe(meta)}: the defaults here", file=sys.stderr)
    return hard, answers, guesses, cap


def cmd_simulate(args) -> int:
    from wordle_opt.strategies.simulation import GUESS_CAP, compare, simulate

    if args.boards > 1:
        return boards.simulate(args)
    if args.games is not None:
        raise WordleOptError(
            f"--games {args.games}: only with --boards N (random games of N boards); "
            "one board plays every answer of the list once"
        )
    # A tree without a cap solves a game whenever it finishes it (within the
    # simulation's own limit), not within the default 6.
    options = _options(args, uncapped=GUESS_CAP)
    progress = Progress.of(args)
    try:
        if args.compare is not None:
            result = compare(args.compare, progress=progress, **options)
        else:
            result = simulate(args.strategy, progress=progress, **options)
    finally:
        progress.close()
    print(result)
    if args.paths and not args.compare:
        for word, path in result.paths.items():
            print(word, " ".join(f"{g}:{Pattern(p, len(g)).byg}" for g, p in path))
    return 0


def cmd_play(args) -> int:
    from wordle_opt.assistant.play import Assistant
    from wordle_opt.wordlists import load_lists

    if args.boards > 1:
        if args.exclude is not None:
            raise WordleOptError(f"--exclude {args.exclude}: for one board only, not with --boards {args.boards}")
        return boards.play(args)
    progress = Progress.of(args, unit="groups")
    try:
        options = _options(args, answers_default=TODAY_SET)
        if args.exclude is not None:
            options["lists"] = _excluded(args.exclude, load_lists(options["answers"], options["guesses"]))
        return Assistant(args.strategy or "optimal", progress=progress, **options).run()
    finally:
        progress.close()


def _excluded(path: str, lists):
    from wordle_opt.assistant.excluded import without_answers

    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise WordleOptError(f"--exclude {path}: cannot read it ({exc})") from None
    return without_answers(lists, text.splitlines(), path)


def cmd_solve(args) -> int:
    from wordle_opt.assistant.autoplay import solve

    path = solve(args.answer, strategy=args.strategy, **_options(args))
    return 0 if path and Pattern(path[-1][1], len(path[-1][0])).solved else 1
