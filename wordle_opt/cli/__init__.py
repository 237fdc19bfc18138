"""Command line: ``python -m wordle_opt COMMAND ...``.

Each command lives in a module of this package with a ``register(subparsers)``
function; a command only parses its arguments into options and calls the same
public API a notebook uses.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import Dict, List, Optional

from wordle_opt.errors import WordleOptError

# Modules that define commands, in the order --help lists them.
COMMAND_MODULES = ("basic", "searching", "openers", "trees", "playing", "absurdle", "reviewing", "proving", "serving")


class _Parser(argparse.ArgumentParser):
    """argparse, its error on one line: an argument's line breaks and other
    control characters are shown escaped (``'\\r'``), not written out (issue 26 fuzz)."""

    def error(self, message: str):
        super().error(one_line(message))


def one_line(message: str) -> str:
    """``message`` with its control characters (a line break in a file name) escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def build_parser() -> argparse.ArgumentParser:
    import importlib

    parser = _Parser(
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


def _bare_hard_error(command: argparse.ArgumentParser, args, word: str) -> str:
    """The error for a word after a bare --hard that the command has no place for."""
    hard = next(a for a in command._actions if "--hard" in a.option_strings)
    text = f"--hard takes a rule ({', '.join(hard.choices)}), not {word!r}"
    positional = next((a for a in command._actions if not a.option_strings and a.dest != "help"), None)
    if positional is None:
        opener = " (--opener WORD: the first guess)" if "--opener" in command._option_string_actions else ""
        return f"{text}; {command.prog.split()[-1]} takes no word argument{opener}"
    value = getattr(args, positional.dest)
    value = " ".join(value) if isinstance(value, list) else value
    return f"{text}; a word after a bare --hard is the {positional.metavar} argument, which is already {value!r}"


def _stop_on_signals() -> Dict[str, Optional[int]]:
    """SIGTERM (what kill, systemd and CI send) stops a run as Ctrl-C does:
    a KeyboardInterrupt, so every long run writes what it has (its tree,
    its checkpoint) on the way out.  A second SIGINT or SIGTERM ends the
    process at once, with one line.  Returns the signal heard, filled in
    when one comes.  (A signal the parent set to be ignored stays ignored.)"""
    heard: Dict[str, Optional[int]] = {"signal": None}
    if threading.current_thread() is not threading.main_thread():
        return heard

    def again(signum, frame):
        os.write(2, f"stopped at once ({signal.Signals(signum).name} again)\n".encode())
        os._exit(128 + signum)

    def first(signum, frame):
        heard["signal"] = signum
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) is first:
                signal.signal(sig, again)
        raise KeyboardInterrupt

    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, first)
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, first)
    return heard


def _terminated(message: str) -> int:
    """A run stopped by SIGTERM: one line, exit 143 (128 + SIGTERM)."""
    print(f"terminated (SIGTERM): {message}", file=sys.stderr)
    return 128 + signal.SIGTERM


def _command_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The subparser of ``command``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[command]
    return parser


def _one_value_each(parser: argparse.ArgumentParser, args) -> None:
    """argparse hands a positional of one word a list when its value is a
    second '--' (``score -- x --`` gave ANSWER=[] and a TypeError: issue 26
    fuzz): a usage error instead."""
    for action in parser._actions:
        if not action.option_strings and action.nargs is None and isinstance(getattr(args, action.dest, None), list):
            parser.error(f"argument {action.metavar or action.dest.upper()}: expected one word, got '--'")


def _saved(args) -> Optional[str]:
    """What a stopped run leaves: with a checkpoint, where the progress is and how to resume."""
    from wordle_opt.openers.tables import is_table_file

    ranking = getattr(args, "ranking", None)
    if ranking is not None and is_table_file(ranking):  # (review --ranking FILE.csv: a table it reads)
        ranking = None
    checkpoint = getattr(args, "checkpoint", None) or ranking
    if checkpoint is None:
        return None
    return f"progress is saved in {checkpoint}; run the same command again to resume"


def main(argv: Optional[List[str]] = None) -> int:
    import warnings

    warnings.formatwarning = _warning_line
    parser = build_parser()
    from wordle_opt.cli._common import bare_hard_first

    argv, after_hard = bare_hard_first(sys.argv[1:] if argv is None else list(argv))
    args, extra = parser.parse_known_args(argv)
    # (errors with the command's own usage, not the top-level one)
    command = _command_parser(parser, args.command)
    if after_hard and "--hard" not in command._option_string_actions:
        # (bare_hard_first read a word after --hard as the NYT rule's: this command has no --hard)
        command.error(f"unrecognized arguments: --hard ({args.command} has no --hard option)")
    for word in extra:
        if word in after_hard:
            command.error(_bare_hard_error(command, args, word))
    if extra:
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    _one_value_each(command, args)
    heard = _stop_on_signals()
    code = _run(args, heard)
    if getattr(args, "exit_at_once", False):
        # (serve: searches still running in the server's worker threads cannot be
        # interrupted and hold nothing worth keeping; without this the process
        # waited for them at exit, and Ctrl-C seemed to do nothing)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def _run(args, heard: Dict[str, Optional[int]]) -> int:
    """The command's exit code, with one line for an error or a signal."""
    try:
        code = int(args.func(args) or 0)
    except WordleOptError as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        saved = _saved(args)
        if heard["signal"] == signal.SIGTERM:
            return _terminated(saved or "stopped before a result")
        print("interrupted" + (f": {saved}" if saved else ""), file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
    # (a run that stops with what it has, as the anytime search does, returns normally)
    return _terminated("what the run had is above") if heard["signal"] == signal.SIGTERM else code
