"""Pieces every command shares: option helpers and the progress line."""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from typing import Optional

from wordle_opt.errors import WordleOptError
from wordle_opt.rules import parse_cap
from wordle_opt.wordlists import SETS

# The bundled sets by name, from wordlists.SETS (one list of them).
LIST_NAMES = ", ".join(SETS)
LIST_HELP = f"{LIST_NAMES} (default original), or a file (one word a line)"


def add_list_options(p: argparse.ArgumentParser, answers_default="original", answers_help=None) -> None:
    """--answers SET|FILE and --guesses SET|FILE."""
    p.add_argument(
        "--answers", default=answers_default, metavar="SET|FILE", help=answers_help or f"answer list: {LIST_HELP}"
    )
    p.add_argument(
        "--guesses",
        default=None,
        metavar="SET|FILE",
        help="allowed guesses: a named set or a file (default: the answer set's own)",
    )


HARD_RULES = ("nyt", "strict", "easy")
EASY = "easy: any allowed guess at any turn"


def add_hard_option(p: argparse.ArgumentParser, *, word=None, tree_default=False, easy=False, help=None) -> None:
    """--hard [nyt|strict]: alone, the NYT rule.  ``word``: the command's positional
    and an example of it (("OPENER", "salet")), which a word after a bare --hard
    is read as (`bare_hard_first`).  ``tree_default``: the default is the rule a
    --tree file records, and ``easy`` is a choice that overrides it; ``easy``:
    ``easy`` is a choice (the same as no --hard)."""
    text = "hard mode: nyt (the game's rule; --hard alone) or strict"
    if tree_default:
        text += f"; default: the rule the --tree file records, else easy; --hard {EASY}"
    else:
        text += f"; without --hard, {EASY}"
    if word is not None:
        metavar, example = word
        command = p.prog.split()[-1]
        text += (
            f". A word after a bare --hard that is not a rule is the {metavar} argument: "
            f"'{command} --hard {example}' is '{command} {example} --hard nyt'"
        )
    p.add_argument(
        "--hard",
        nargs="?",
        const="nyt",
        default=None,
        choices=("nyt", "strict", "easy") if tree_default or easy else ("nyt", "strict"),
        help=help or text,
    )


def bare_hard_first(argv):
    """``--hard`` followed by a word that is not a rule (``search --hard salet``)
    means the NYT rule, and the word is the positional argument.  Returns the
    new argv and the words so read (for the error when the positional is
    already taken: ``search salet --hard weird``)."""
    out, after_hard = [], []
    for i, arg in enumerate(argv):
        out.append(arg)
        if arg == "--hard" and i + 1 < len(argv):
            nxt = argv[i + 1]
            if not nxt.startswith("-") and nxt.lower() not in HARD_RULES:
                out.append("nyt")
                after_hard.append(nxt)
    return out, after_hard


def _at_least_one(text: str, what: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def positive_int(text: str) -> int:
    """argparse type: an integer of at least 1 (thread counts)."""
    return _at_least_one(text, "a whole number")


# `--top all`: every opener ranked exactly.  Any count at least the number of
# guesses means every opener (the ranking clamps it to the list it loads).
EVERY_OPENER = sys.maxsize


def opener_count(text: str) -> int:
    """argparse type: how many openers to rank, at least 1, or 'all' (EVERY_OPENER)."""
    if text.strip().lower() == "all":
        return EVERY_OPENER
    return _at_least_one(text, "a whole number or 'all'")


def guess_count(text: str) -> int:
    """argparse type: a number of guesses, at least 1."""
    return _at_least_one(text, "a number of guesses")


def positive_float(text: str) -> float:
    """argparse type: a number above 0 (sizes in MiB)."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not x > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return x


def seconds(text: str) -> float:
    """argparse type for --time-limit: a finite number of seconds above 0."""
    x = positive_float(text)
    if not math.isfinite(x):
        raise argparse.ArgumentTypeError(
            f"must be a finite number of seconds (leave the option out for no limit), got {text}"
        )
    return x


def guess_cap(text: str):
    """argparse type for --max-guesses: a positive int, or 'none' for no cap (rules.parse_cap)."""
    try:
        return parse_cap(text)
    except WordleOptError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


QUIET_HELP = "no progress display on a terminal and no 'progress:' lines in a log (the result and errors still print)"


def add_quiet_option(p: argparse.ArgumentParser) -> None:
    """--quiet: the option of every command that shows progress (`Progress`, the ranking's bar)."""
    p.add_argument("--quiet", "-q", action="store_true", help=QUIET_HELP)


def ranking_bar(args) -> Optional[bool]:
    """The ranking's ``progress`` argument: False with --quiet, else None (a bar
    on a terminal, plain lines in a log)."""
    return False if getattr(args, "quiet", False) else None


class Progress:
    """Progress of a long run on stderr: on a terminal, a \\r line once the run
    has taken over a second (quick runs print nothing); otherwise (a file, a
    pipe, cron, nohup) a plain line at most every ``WORDLE_OPT_PROGRESS_SECONDS``
    seconds (default 30), as the opener ranking writes.  ``quiet`` (--quiet):
    nothing at all."""

    def __init__(self, stream=None, delay: float = 1.0, unit: str = "answers", *, quiet: bool = False):
        from wordle_opt.openers.progress import interval_from_env

        self.stream = stream if stream is not None else sys.stderr
        self.quiet = quiet
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.monotonic()
        self.delay = delay
        self.unit = unit
        self.last = 0.0
        self.shown = False
        self.interval = interval_from_env()
        self.last_plain = self.start

    @classmethod
    def of(cls, args, unit: str = "answers") -> "Progress":
        """The progress of a command run with ``args`` (its --quiet)."""
        return cls(unit=unit, quiet=bool(getattr(args, "quiet", False)))

    def __call__(self, done: int, total: int, label: str = "") -> None:
        if self.quiet:
            return
        now = time.monotonic()
        what = f"{label}: " if label else ""
        figures = f"{done}/{total} {self.unit} ({100 * done / max(total, 1):.0f}%), {now - self.start:.0f} s"
        if not self.enabled:
            if now - self.last_plain >= self.interval and done < total:
                self.last_plain = now
                self.stream.write(f"progress: {what}{figures}\n")
                self.stream.flush()
            return
        if now - self.start < self.delay or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        self.shown = True
        self.stream.write(f"\r{what}{figures}   ")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 70 + "\r")
            self.stream.flush()


# Notes that are not part of the result: they go to stderr (with the progress
# line), so that stdout holds only the result.  The anytime search's log of
# how it got its tree stays with the result, on stdout.
_STDERR_NOTES = ("warning:", "searching within", "trying at most", "resumed from checkpoint")


def note_printer(progress: "Progress"):
    """A ``note(line)`` for the API: clears the progress line, then prints
    warnings and the cap being tried on stderr, the rest on stdout."""

    def note(line: str) -> None:
        progress.close()
        stream = sys.stderr if line.startswith(_STDERR_NOTES) else sys.stdout
        print(line, file=stream, flush=True)

    return note


def check_writable(path: str, option: str = "--out") -> None:
    """A one-line error for an output path (``option``) that cannot be written, before any long work."""
    if not path.strip():
        raise WordleOptError(f"{option} needs a file name, got an empty one")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise WordleOptError(f"{option} {path}: is a directory; expected a file name")
    if not os.path.isdir(folder):
        raise WordleOptError(f"{option} {path}: folder {folder} does not exist")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise WordleOptError(f"{option} {path}: not writable")
