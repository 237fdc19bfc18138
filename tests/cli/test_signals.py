"""SIGTERM (kill, systemd, CI) stops a long run as Ctrl-C does: promptly,
with what it has written (the anytime search's tree and checkpoint, the
ranking's checkpoint), one line on stderr and a non-zero exit; a second
signal ends the process at once."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time

import pytest


def _one_terminated_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("terminated (SIGTERM): "), err
    return lines[0]


@pytest.mark.slow
def test_sigterm_stops_the_anytime_search_with_its_tree_and_checkpoint(tmp_path, ctrl_c):
    # SALET, beam 1: the widening runs for tens of seconds; SIGTERM in it keeps every group's tree.
    ck = tmp_path / "ck.sqlite"
    args = ["search", "salet", "--beam", "1", "--threads", "1", "--time-limit", "600", "--checkpoint", str(ck)]
    r = ctrl_c(args, tmp_path, marker="now trying more guesses", sig=signal.SIGTERM)
    assert r.running and r.returncode == 143 and r.seconds < 30, r.out + r.err
    _one_terminated_line(r.err)
    total = int(next(line.split()[1] for line in r.out.splitlines() if line.startswith("total ")))
    with sqlite3.connect(ck) as db:
        groups, saved = db.execute("SELECT count(*), sum(total) FROM anytime").fetchone()
    assert groups == 148 and 2315 + saved == total  # (the tree printed is the one saved)


def _facts(path) -> int:
    try:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT count(*) FROM facts").fetchone()[0]
    except sqlite3.Error:  # (not made yet, or being written)
        return 0


def test_sigterm_stops_the_ranking_and_keeps_its_checkpoint(tmp_path):
    ck, out = tmp_path / "rank.sqlite", tmp_path / "all.csv"
    args = ["openers", "--workers", "2", "--checkpoint", str(ck), "--out", str(out)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordle_opt", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 300
    while _facts(ck) == 0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.5)
    saved = _facts(ck)
    assert saved > 0 and proc.poll() is None, "the ranking saved no fact while it ran"
    start = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143 and time.monotonic() - start < 10, err
    assert _one_terminated_line(err)
    assert _facts(ck) >= saved and not out.exists()  # (what it had proven is kept; no table of an unfinished ranking)


def test_a_second_signal_ends_at_once(tmp_path, ctrl_c):
    r = ctrl_c(["openers", "--workers", "2"], tmp_path, wait=2.0, sig=signal.SIGTERM, times=2, started=True)
    assert r.running and r.seconds < 10, r.out + r.err
    # the second signal came during the first one's way out, or after it had ended: never a traceback
    assert r.returncode in (143, -signal.SIGTERM) and "Traceback" not in r.err, r.err
    assert r.err.strip().splitlines()[-1] in (
        "stopped at once (SIGTERM again)",
        "terminated (SIGTERM): stopped before a result",
    ), r.err


def test_workers_end_with_the_ranking(tmp_path, ctrl_c):
    """The workers do not inherit the CLI's SIGTERM handler: the main process
    ends them at once (inheriting it, they turned SIGTERM into a
    KeyboardInterrupt of their task and kept the exit waiting for 50 s)."""
    r = ctrl_c(["openers", "--workers", "2"], tmp_path, wait=3.0, sig=signal.SIGTERM, started=True)
    assert r.running and r.returncode == 143 and r.seconds < 10, r.out + r.err


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"])
def test_serve_stops_promptly_with_a_search_in_flight(tmp_path, sig, code):
    """`serve` with a long search running (QAJAQ's tree: minutes) ends within
    seconds of one signal, with one log line for the cancelled request and no
    traceback; it used to wait for the search (issue 28, W5)."""
    pytest.importorskip("fastapi", reason="needs the [web] extra")
    import threading
    import urllib.request

    proc = subprocess.Popen(
        [sys.executable, "-m", "wordle_opt", "serve", "--port", "0", "--time-limit", "600"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    url = proc.stdout.readline().split(" on ")[1].split()[0]

    def explore_qajaq():
        try:
            urllib.request.urlopen(url + "api/explore?opener=qajaq", timeout=120).read()
        except OSError:  # (the server stops under it)
            pass

    threading.Thread(target=explore_qajaq, daemon=True).start()
    time.sleep(3)
    start = time.monotonic()
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code and time.monotonic() - start < 15, err
    assert "Traceback" not in err and "CancelledError" not in err, err


def test_ctrl_c_while_the_package_imports_is_one_line(tmp_path):
    """(issue 28, L10) Ctrl-C before the CLI has started (while `python -m
    wordle_opt` still imports) ends with one line and 130, not a traceback;
    the KeyboardInterrupt is raised at the import of wordle_opt.cli."""
    code = (
        "import builtins, runpy\n"
        "real = builtins.__import__\n"
        "def importing(name, *args, **kwargs):\n"
        "    if name == 'wordle_opt.cli':\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = importing\n"
        "runpy.run_module('wordle_opt', run_name='__main__', alter_sys=True)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert r.returncode == 130 and r.stderr == "interrupted\n", r.stderr
