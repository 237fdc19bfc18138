"""Fixtures the test modules share."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from typing import List, Optional

import pytest

# The test oracles (oracle.py, absurdle_oracle.py) live here, beside the tests
# and out of the wheel; the tests in the subfolders import them by name.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from wordle_opt.wordlists import load_lists


@pytest.fixture(scope="session")
def original():
    """The original lists (2315 answers, 12972 guesses), loaded once."""
    return load_lists("original")


@pytest.fixture(scope="session")
def live_server():
    """The web app on a real uvicorn server at 127.0.0.1 (a free port), for the
    browser and load tests; yields its base URL."""
    pytest.importorskip("fastapi", reason="needs the [web] extra")
    import threading
    import time

    import uvicorn

    from wordle_opt.web.app import app

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the web server did not start"
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@dataclasses.dataclass
class Interrupted:
    """What the CLI did when a test pressed Ctrl-C: its exit code, all its
    output, whether it was still running at the signal, and how long it took
    to exit after it."""

    returncode: int
    out: str
    err: str
    running: bool
    seconds: float


@pytest.fixture
def ctrl_c():
    """``ctrl_c(args, cwd, marker=None, wait=1.0, sig=SIGINT, times=1, started=False)``:
    run ``python -m wordle_opt ARGS`` and send it ``sig`` (``times`` times)
    ``wait`` seconds after the stdout line that contains ``marker`` (or after
    its start).  ``started=True`` waits instead for the first plain progress
    line on stderr (written every 0.2 s here): the work has
    begun, so the signal cannot land while the package still imports, which
    at load 6-7 took longer than a fixed wait.  The child gets the
    default SIGINT: a test run started in the background, with no job
    control, passes SIGINT on ignored, and the child would never stop."""

    def run(
        args: List[str],
        cwd,
        marker: Optional[str] = None,
        wait: float = 1.0,
        sig: int = signal.SIGINT,
        times: int = 1,
        *,
        started: bool = False,
    ) -> Interrupted:
        env = dict(os.environ, WORDLE_OPT_PROGRESS_SECONDS="0.2") if started else None
        proc = subprocess.Popen(
            [sys.executable, "-m", "wordle_opt", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=cwd,
            env=env,
            preexec_fn=_default_sigint,
        )
        lines, err_lines = [], []
        if marker is not None:
            for line in proc.stdout:
                lines.append(line)
                if marker in line:
                    break
        if started:
            err_lines.append(proc.stderr.readline())
        time.sleep(wait)
        running = proc.poll() is None
        start = time.monotonic()
        for i in range(times):  # (a second signal: at once, before the first one's cleanup ends)
            proc.send_signal(sig)
            if i + 1 < times:
                time.sleep(0.05)
        rest, err = proc.communicate(timeout=60)
        seconds = time.monotonic() - start
        return Interrupted(proc.returncode, "".join(lines) + rest, "".join(err_lines) + err, running, seconds)

    return run
