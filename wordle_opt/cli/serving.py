"""Command ``serve``: the web page (Play, Review, Explore) on a local server."""

from __future__ import annotations

import argparse
import asyncio
import logging

from wordle_opt.errors import WordleOptError


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser(
        "serve",
        help="the web page: play, review and explore in a browser",
        description="Start a local web server with the page (needs the [web] extra: "
        "pip install 'wordle_opt[web]') and print its address.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=port_number, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument("--open", action="store_true", help="open the page in a browser once the server is up")
    p.set_defaults(func=cmd_serve, exit_at_once=True)


def port_number(text: str) -> int:
    """argparse type for --port: a whole number from 0 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, got {port}")
    return port


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from wordle_opt.web.app import app
    except ImportError as exc:
        raise WordleOptError(
            f"serve needs the web extra ({exc.name} is missing): pip install 'wordle_opt[web]'"
        ) from None
    # (a shutdown waits at most 2 s for requests in flight: a search can run for minutes)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    logging.getLogger("uvicorn.error").addFilter(_CancelledInOneLine())
    _announce_when_up(server, args.host, args.open)
    server.run()
    return 0


class _CancelledInOneLine(logging.Filter):
    """A request cancelled in flight (the server stopping, its client gone) is
    one log line, not an asyncio traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, asyncio.CancelledError):
            record.msg, record.args = (
                "a request in flight was cancelled (the server is stopping or its client left)",
                (),
            )
            record.exc_info = record.exc_text = None
        return True


def _announce_when_up(server, host: str, open_browser: bool) -> None:
    """Print the address (and open a browser) once the socket is bound: with
    --port 0 only then is the port known."""
    import threading
    import time

    def wait():
        while not server.started:
            if server.should_exit:
                return
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        shown = "localhost" if host in ("127.0.0.1", "localhost") else host
        url = f"http://{shown}:{port}/"
        print(f"wordle_opt: serving the page on {url} (Ctrl-C stops)", flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    threading.Thread(target=wait, daemon=True).start()
