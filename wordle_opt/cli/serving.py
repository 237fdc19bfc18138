"""Command ``serve``: the web page (Play, Review, Explore) on a local server."""

from __future__ import annotations

import argparse
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
    from wordle_opt.web.admission import TIME_LIMIT_RANGE, Limits

    d = Limits()
    p.add_argument(
        "--time-limit",
        type=seconds_within(*TIME_LIMIT_RANGE),
        default=d.time_limit,
        metavar="SECONDS",
        help=f"the work one request may start, waiting included (default {d.time_limit:g}); past it the answer "
        "is the best found so far, labelled 'not proven' with its proven bound",
    )
    p.add_argument(
        "--per-client",
        type=count_within(1, 1000),
        default=d.per_client,
        metavar="N",
        help=f"searches one client address may run or queue at once (default {d.per_client}); more get 429",
    )
    p.add_argument(
        "--queue",
        type=count_within(0, 10000),
        default=d.queue,
        metavar="N",
        help=f"requests that may wait for a search slot (default {d.queue}); more get 503 with Retry-After",
    )
    p.add_argument(
        "--upload-words",
        type=count_within(1, 1_000_000),
        default=d.upload_words,
        metavar="N",
        help=f"words in an uploaded list (default {d.upload_words:,}); a longer list is refused",
    )
    p.add_argument(
        "--ranking",
        action="append",
        default=[],
        dest="tables",
        metavar="FILE.csv",
        help="a ranking table that `openers --top all --out FILE.csv` wrote: the page reads the first "
        "guesses' values of its game (the lists, rule and cap it was ranked on) from it instead of "
        "searching; repeat for more games",
    )
    p.set_defaults(func=cmd_serve, exit_at_once=True)


def seconds_within(low: float, high: float):
    """argparse type: a number of seconds from low to high."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
        if not low <= value <= high:  # (also refuses nan)
            raise argparse.ArgumentTypeError(f"expected {low:g} to {high:g} seconds, got {text}")
        return value

    return parse


def count_within(low: int, high: int):
    """argparse type: a whole number from low to high."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {value}")
        return value

    return parse


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

        from wordle_opt.web import admission, rankings
        from wordle_opt.web.app import app
    except ImportError as exc:
        raise WordleOptError(
            f"serve needs the web extra ({exc.name} is missing): pip install 'wordle_opt[web]'"
        ) from None
    rankings.given_tables[:] = given_tables(args.tables)
    admission.limits.time_limit, admission.limits.per_client = args.time_limit, args.per_client
    admission.limits.queue, admission.limits.upload_words = args.queue, args.upload_words
    # (a shutdown waits at most 2 s for requests in flight: a search can run for minutes)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    logging.getLogger("uvicorn.error").addFilter(_CancelledInOneLine())
    _announce_when_up(server, args.host, args.open)
    server.run()
    return 0


def given_tables(files):
    """serve --ranking: each table read and checked whole now (a bad one is an
    error before the server starts), with one line saying which game it serves."""
    from wordle_opt.openers.tables import EXACT, read_ranking_file
    from wordle_opt.rules import Rule
    from wordle_opt.web.games import list_names

    tables = [read_ranking_file(f) for f in files]
    for t in tables:
        games = [name for name, lists in list_names().items() if t.mismatch(lists, t.rule, t.cap) is None]
        where = f"the {' and '.join(games)} lists" if games else "an upload of its lists (no bundled set has them)"
        exact = sum(v.kind == EXACT for v in t.values.values())
        cap = "no cap" if t.cap is None else f"{t.cap} guesses"
        print(
            f"wordle_opt: {t.source}: {exact} of {len(t.values)} openers exact ({Rule(t.rule).word}, {cap}, "
            f"answers {t.answers}); the page values the first guesses of {where} from it",
            flush=True,
        )
    return tables


class _CancelledInOneLine(logging.Filter):
    """A request cancelled in flight (the server stopping, its client gone) is
    one log line, not an asyncio traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        # (imported here: at the top it cost every CLI command 25 ms of start-up;
        # by the time a record comes, uvicorn has imported it)
        import asyncio

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
