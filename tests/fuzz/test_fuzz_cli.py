"""Fuzzing the CLI (issue 26): arguments and list files of every odd kind end
in exit 0, or exit 2 with one error line -- never a traceback, never another
code.  Each command runs in-process; every case is cheap (bad values, tiny
lists), so that no case starts real work."""

from __future__ import annotations

import contextlib
import io
import signal
import string

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from wordle_opt.cli import main

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def keep_signal_handlers():
    """main() installs its SIGINT/SIGTERM handlers: put the test runner's back."""
    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    yield
    for s, h in saved.items():
        signal.signal(s, h)


def run(argv):
    """(exit code, stdout, stderr) of ``python -m wordle_opt *argv``, in-process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # (argparse)
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def assert_clean(code, out, err):
    """Exit 0, or 2 with the error on one line (argparse's usage lines above it)."""
    assert "Traceback" not in err and "Traceback" not in out, err
    assert code in (0, 2), (code, err)
    if code == 2:
        lines = [line for line in err.strip().splitlines() if not line.startswith("warning: ")]
        assert lines, "exit 2 without a word"
        last = lines[-1]
        assert last.startswith("error: ") or ": error: " in last, err
        if last.startswith("error: "):
            assert len(lines) == 1, err  # (the package's own errors: one line, no usage)


# Argument values: text of any kind, numbers past every bound, and the usual suspects.
ODD = st.one_of(
    st.text(max_size=30).filter(lambda s: "\x00" not in s),
    st.sampled_from(["", "-", "--", "nan", "inf", "-inf", "1e400", "-1", "0", "00", "1.5", "0x10", "../../etc/passwd"]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)

# (option, a value that surely fails): the case's second, guaranteed error, so
# that an odd value that happens to be valid never starts the command's work.
NUMERIC = [
    ("search", "--threads"),
    ("search", "--cache-mb"),
    ("search", "--time-limit"),
    ("search", "--beam"),
    ("search", "--max-guesses"),
    ("openers", "--workers"),
    ("openers", "--top"),
    ("openers", "--time-limit"),
    ("simulate", "--max-guesses"),
    ("review", "--time-limit"),
    ("serve", "--port"),
    ("serve", "--time-limit"),
    ("serve", "--queue"),
    ("serve", "--per-client"),
    ("serve", "--upload-words"),
]
SURELY_BAD = {"serve": ["--port", "-1"]}


@FUZZ
@given(which=st.sampled_from(NUMERIC), value=ODD)
@example(which=("serve", "--time-limit"), value="nan")
@example(which=("search", "--time-limit"), value="1e400")
def test_odd_option_values_are_one_line(which, value):
    command, option = which
    bad = SURELY_BAD.get(command, ["--answers", "no-such-set-or-file.txt"])
    assert_clean(*run([command, *(["salet"] if command == "search" else []), f"{option}={value}", *bad]))


@FUZZ
@given(guess=ODD, answer=ODD)
@example(guess="crane", answer="react")
@example(guess="CRANE", answer="crâne")
@example(guess="12345", answer="crane")
@example(guess="", answer="--")  # (defect: argparse gave ANSWER=[], then a TypeError)
def test_score_any_words(guess, answer):
    assert_clean(*run(["score", "--", guess, answer]))


@FUZZ
@given(argv=st.lists(st.one_of(ODD, st.sampled_from(["--hard", "--answers", "--guesses", "-h?", "--x"])), max_size=5))
@example(argv=["", "\r", "0"])  # (defect: the '\r' echoed raw split the error line in two)
@example(argv=["--answers", "a\nb"])
@example(argv=["\x850"])  # (defect: 'tree file not found: \x850', a line break (NEL) in the error)
@example(argv=["--hard", ""])  # (defect: a word after --hard on a command with no --hard: StopIteration)
def test_any_arguments_to_a_cheap_command(argv):
    for command in ("score", "show", "verify"):
        assert_clean(*run([command, *argv]))


WORDS = ["crane", "react", "trace", "caret", "cater", "salet", "slate", "stale"]
LINE = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(["", " ", "\t", "CRANE", "cr4ne", "12345", "crânes", "craneo", "cran", "#note", "crane crane"]),
    st.text(alphabet=string.ascii_letters + string.digits + " \t#-_.é", max_size=12),
)
ENDING = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def list_files(draw):
    """The bytes of a list file: words, odd lines, BOMs, line endings, binary."""
    kind = draw(st.sampled_from(["lines", "lines", "lines", "binary", "empty", "huge", "utf16"]))
    if kind == "binary":
        return draw(st.binary(max_size=300))
    if kind == "empty":
        return draw(st.sampled_from([b"", b"\n", b"\r\n\r\n", b"\xef\xbb\xbf", b"   \n\t\n"]))
    if kind == "huge":  # (many duplicates of a few words, or one very long line)
        return draw(st.sampled_from([b"crane\n" * 200_000, b"c" * 2_000_000, (b"crane react " * 100_000) + b"\n"]))
    lines = draw(st.lists(LINE, max_size=30))
    text = draw(ENDING).join(lines)
    data = text.encode("utf-8", "surrogatepass")
    if kind == "utf16":
        return text.encode("utf-16")
    if draw(st.booleans()):
        data = b"\xef\xbb\xbf" + data
    return data


@FUZZ
@given(data=list_files(), guesses=st.one_of(st.none(), list_files()))
@example(data=b"\xef\xbb\xbfcrane\r\nreact\r\n", guesses=None)
@example(data=b"crane\ncrane\nreact\n", guesses=None)
@example(data=b"crane\nreacts\n", guesses=None)
@example(data=b"crane\n12345\n", guesses=None)
@example(data=b"\xff\xfe\x00\x01", guesses=None)
@example(data=b"", guesses=None)
@example(data=b"crane\n", guesses=b"")
def test_list_files_of_any_kind(tmp_path, data, guesses):
    answers = tmp_path / "answers.txt"
    answers.write_bytes(data)
    argv = ["score", "--answers", str(answers)]
    if guesses is not None:
        (tmp_path / "guesses.txt").write_bytes(guesses)
        argv += ["--guesses", str(tmp_path / "guesses.txt")]
    code, out, err = run([*argv, "crane", "react"])
    if "--guesses" in argv and code == 2 and "unrecognized arguments" in err:
        code, out, err = run([argv[0], *argv[1:3], "crane", "react"])  # (score has no --guesses)
    assert_clean(code, out, err)
    assert_clean(*run(["simulate", "--answers", str(answers), "--max-guesses", "0"]))
