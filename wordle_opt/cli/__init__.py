"""Command line: ``python -m wordle_opt COMMAND ...``.

Each command lives in a module of this package with a ``register(subparsers)``
function; a command only parses its arguments into options and calls the same
public API a notebook uses.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from wordle_opt.errors import WordleOptError

# Modules that define commands, in the order --help lists them.
COMMAND_MODULES = ("basic", "searching", "openers", "trees", "playing", "absurdle", "reviewing", "serving")


def build_parser() -> argparse.ArgumentParser:
    import importlib

    parser = argparse.ArgumentParser(
        prog="python -m wordle_opt",
        description="Provably optimal Wordle decision trees, strategies and a play assistant.",
    )
    from wordle_opt import __version__

    parser.add_argument("--version", action="version", version=f"wordle_opt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(f"wordle_opt.cli.{name}").register(sub)
    return parser


def _warning_line(message, category, filename, lineno, line=None) -> str:
    # Warnings (e.g. duplicates dropped from a list file) as one plain line.
    return f"warning: {message}\n"


def _first_positional(args) -> str:
    for name in ("opener", "answer", "tree", "file", "game"):
        value = getattr(args, name, None)
        if isinstance(value, str):
            return value
    return "given"


def _command_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The subparser of ``command``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[command]
    return parser


def _interrupted(args) -> str:
    """What Ctrl-C leaves: with a checkpoint, where the progress is and how to resume."""
    checkpoint = getattr(args, "checkpoint", None) or getattr(args, "ranking", None)
    if checkpoint is None:
        return "interrupted"
    return f"interrupted: progress is saved in {checkpoint}; run the same command again to resume"


def main(argv: Optional[List[str]] = None) -> int:
    import warnings

    warnings.formatwarning = _warning_line
    parser = build_parser()
    from wordle_opt.cli._common import bare_hard_first

    argv, after_hard = bare_hard_first(sys.argv[1:] if argv is None else list(argv))
    args, extra = parser.parse_known_args(argv)
    for word in extra:
        if word in after_hard:
            parser.error(
                f"--hard takes a rule (nyt or strict), not {word!r}; a word after a bare --hard is "
                f"the command's WORD argument, which is already {_first_positional(args)!r}"
            )
    if extra:
        # (the command's own usage, not the top-level one)
        _command_parser(parser, args.command).error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return int(args.func(args) or 0)
    except WordleOptError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_interrupted(args), file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
