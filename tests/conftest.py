"""Fixtures the test modules share."""
from __future__ import annotations

import signal

import pytest

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


@pytest.fixture
def interruptible():
    """Popen keywords for a child that a test stops with SIGINT: the child
    gets the default SIGINT (a test run started in the background, with no job
    control, passes SIGINT on ignored, and the child would never stop)."""
    return {"preexec_fn": _default_sigint}
