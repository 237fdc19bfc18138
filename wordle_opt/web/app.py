"""The web page's server: a FastAPI app serving the bundled page and a JSON API.

    uvicorn wordle_opt.web.app:app        # or: python -m wordle_opt serve

Routes (all JSON; a bad request gets a 4xx answer ``{"error": "..."}`` naming
the problem):

    GET  /api/lists              the bundled list sets
    POST /api/lists              upload a list (text, at most UPLOAD_LIMIT bytes) -> its id
    POST /api/advice             Play: a position's suggestion, alternatives, candidates
    POST /api/check              Play: is the word being typed a legal guess (hard rule), and why not
    POST /api/boards             Play, 2 or 4 boards: each board's candidates, the boards' suggestion
    POST /api/exclude            answers known impossible taken out of a list -> the new lists' id
    GET  /api/explore            Explore: one node of an opener's optimal tree
    GET  /api/explore/find       Explore: one answer's way through that tree
    GET  /api/explore/download   Explore: the tree as a file `verify` reads (text or JSON)
    POST /api/review             Review: a finished or running game, turn by turn

The handlers run in worker threads, so a search never holds up the event
loop.  The four that may search (advice, boards, explore, review) do so within a
time budget (``serve --time-limit``; past it they answer with what they
have, labelled), a bounded queue (beyond it: 503 with Retry-After) and a
share per client address (beyond it: 429); their work stops when their
client leaves.  See `wordle_opt.web.admission`.  The server reads no file a
request names: lists are the bundled sets or an upload kept in memory.
"""

from __future__ import annotations

import asyncio
import json
import threading
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, List, Literal, Optional

from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from wordle_opt.errors import WordleOptError
from wordle_opt.listsets import TODAY_NAME, TODAY_SET
from wordle_opt.patterns import Pattern
from wordle_opt.rules import Rule, parse_cap
from wordle_opt.web import admission, games, uploads, valuing
from wordle_opt.web.advice import advise, parse_history
from wordle_opt.web.boards import boards_advice, boards_game, parse_boards_history
from wordle_opt.web.excluding import exclude
from wordle_opt.web.explore import DEFAULT_OPENER, explore, find_answer, kept_tree, tree_file, tree_opener
from wordle_opt.web.legal import check_guess
from wordle_opt.web.reviewing import review_game
from wordle_opt.wordlists import SETS

STATIC = Path(__file__).with_name("static")
RuleWord = Literal[tuple(r.word for r in Rule)]  # (the one name map: wordle_opt.rules.Rule)


# No /docs page: FastAPI's loads its scripts from a CDN, and the page must work
# offline.  The schema itself is served locally.
@asynccontextmanager
async def _lifespan(app):
    _warm_up()
    yield


app = FastAPI(title="wordle_opt", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json", lifespan=_lifespan)
app.mount("/static", StaticFiles(directory=STATIC), name="static")


# ------------------------------------------------------------------- errors


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


@app.exception_handler(WordleOptError)
async def _bad_input(request: Request, exc: WordleOptError):
    return _error(400, str(exc))


@app.exception_handler(admission.Busy)
async def _busy(request: Request, exc: admission.Busy):
    response = _error(503, str(exc))
    response.headers["Retry-After"] = str(exc.retry_after)
    return response


@app.exception_handler(admission.BeyondBudget)
async def _beyond_budget(request: Request, exc: admission.BeyondBudget):
    return _error(503, str(exc))


@app.exception_handler(admission.TooMany)
async def _too_many(request: Request, exc: admission.TooMany):
    response = _error(429, str(exc))
    response.headers["Retry-After"] = str(max(1, round(admission.limits.time_limit)))
    return response


@app.exception_handler(admission.OutOfTime)
async def _out_of_time(request: Request, exc: admission.OutOfTime):
    # (work that could not answer with what it had: busy, not a bug)
    seconds = admission.limits.time_limit
    response = _error(503, f"the time budget of {seconds:g} s ran out before an answer; retry later")
    response.headers["Retry-After"] = str(max(1, round(seconds)))
    return response


@app.exception_handler(admission.Cancelled)
async def _cancelled(request: Request, exc: admission.Cancelled):
    return _error(499, "the client closed the request; its work was stopped")  # (nobody reads it)


@app.exception_handler(RequestValidationError)
async def _bad_request(request: Request, exc: RequestValidationError):
    first = exc.errors()[0]
    if first.get("type") == "json_invalid":
        # (its loc is a character offset, which alone means nothing to a reader)
        at = next((x for x in first.get("loc", ()) if isinstance(x, int)), None)
        why = (first.get("ctx") or {}).get("error", "")
        return _error(
            422, f"the request body is not valid JSON{f' at character {at}' if at is not None else ''}: {why}"
        )
    where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "request"
    return _error(422, f"{where}: {first.get('msg', 'invalid')}")


@app.exception_handler(Exception)
async def _server_error(request: Request, exc: Exception):
    # A bug, not bad input: still one JSON line for the page, never a traceback.
    return _error(500, f"internal error ({type(exc).__name__}); please report it")


@app.exception_handler(HTTPException)
async def _http_error(request: Request, exc: HTTPException):
    return _error(exc.status_code, str(exc.detail))


# ------------------------------------------------------------------- body size

# Every POST body is read up to a limit and no further: a request, however
# long its turns and game, is a few KB; an upload holds two lists.
BODY_LIMIT = 64 * 1024
UPLOAD_BODY_LIMIT = 2 * uploads.UPLOAD_LIMIT + 1024


class BodyLimit:
    """ASGI middleware: a POST body above its route's limit gets 413, by its
    Content-Length before it is read, or as it streams in past the limit."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        limit = UPLOAD_BODY_LIMIT if scope["path"] == "/api/lists" else BODY_LIMIT
        too_large = f"request body too large: the limit is {limit:,} bytes"
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            return await _error(413, too_large)(scope, receive, send)
        seen = 0

        async def bounded():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise HTTPException(413, too_large)
            return message

        return await self.app(scope, bounded, send)


app.add_middleware(BodyLimit)


# ------------------------------------------------------------------- models


class Settings(BaseModel):
    lists: str = Field("original", max_length=64)
    hard: RuleWord = "easy"
    max_guesses: Optional[int] = Field(6, ge=1, le=20)

    def to_game(self) -> games.Game:
        return games.make_game(self.lists, self.hard, self.max_guesses)


class Turn(BaseModel):
    guess: str = Field(max_length=32)
    colours: str = Field(max_length=64)


class AdviceRequest(Settings):
    history: List[Turn] = Field(default_factory=list, max_length=20)


class BoardsTurn(BaseModel):
    guess: str = Field(max_length=32)
    colours: List[Optional[Annotated[str, Field(max_length=64)]]] = Field(max_length=8)  # per board; null: solved


class BoardsRequest(BaseModel):
    lists: str = Field("original", max_length=64)
    hard: RuleWord = "easy"
    boards: int
    max_guesses: Optional[int] = Field(None, ge=1, le=20)  # none: the game's own (Dordle 7, Quordle 9)
    history: List[BoardsTurn] = Field(default_factory=list, max_length=20)


class CheckRequest(AdviceRequest):
    guess: str = Field(max_length=32)


class ReviewRequest(Settings):
    game: str = Field(min_length=1, max_length=400)
    answer: Optional[str] = Field(None, max_length=32)


# ------------------------------------------------------------------- heavy work

DISCONNECT_POLL = 0.25  # seconds between checks that a searching request's client is still there


async def heavy(request: Request, fn, *args):
    """``fn(*args)`` in a worker thread under a fresh `admission.Budget`; when the
    client leaves meanwhile, the budget is cancelled, which stops its searches."""
    b = admission.Budget(client=request.client.host if request.client else "unknown")
    task = asyncio.ensure_future(run_in_threadpool(admission.run_with, b, fn, *args))
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=DISCONNECT_POLL)
            if not task.done() and not b.cancelled.is_set() and await request.is_disconnected():
                b.cancel()
    except asyncio.CancelledError:
        # The server stopping (uvicorn cancels what is still running after its
        # graceful timeout): the work stops, and the client gets the JSON 503
        # of every refusal instead of uvicorn's plain-text 500.
        b.cancel()
        raise admission.Busy(
            "the server is stopping: this request's work was stopped; retry when it is back", 1
        ) from None
    return task.result()


warmed = threading.Event()  # the start-up warm-up is over (what it made is kept)


def _warm_up():
    """The bundled lists are loaded, the default view's tree (SALET,
    original lists, easy, 6 guesses) proven and a review from it made once at start, in the background and without a time limit: every
    first visit needs it, and on a loaded machine it takes more than a budget.
    Today's game too (nyt-3158, easy and hard, 6 guesses): the opener's tree,
    which values its first turn and many later ones, is queued for the
    background worker (TARSE easy: 2.5 s of one core measured, more than a
    budget under load), the first turn's advice made once (it ranks
    14855 guesses for the alternatives: 1.3 s), and the game's solver for
    later turns (`valuing.prepare`).  ``warmed`` is set when all that is done."""

    def warm():
        try:
            games.list_names()  # (loads every bundled set: a second, once)
            today = [games.make_game(TODAY_SET, rule, 6) for rule in ("easy", "nyt")]
            for g in today:
                kept_tree(g, tree_opener(g))
            game = games.make_game("original", "easy", 6)
            explore(game, DEFAULT_OPENER, ())
            # (a review proves its first turn's openers, seconds of CPU, then remembers them)
            review_game(game, f"{DEFAULT_OPENER} crane", "crane")
            for g in today:
                kept_tree(g, tree_opener(g), wait=b.left())
                advise(g, ())
                valuing.prepare(g, tree_opener(g))
        except Exception:  # (a failure here is met again, and said, by the first request)
            pass
        finally:
            warmed.set()

    warmed.clear()
    b = admission.Budget(seconds=admission.TIME_LIMIT_RANGE[1], client="warm-up")
    threading.Thread(target=admission.run_with, args=(b, warm), daemon=True).start()


# ------------------------------------------------------------------- routes


@app.get("/", include_in_schema=False)
def index():
    return FileResponse(STATIC / "index.html")


@app.get("/api/lists")
def lists():
    """The bundled list sets with their sizes; today's game (the page's default) first."""
    return sorted(
        (
            {
                "name": name,
                "answers": len(l.answers),
                "guesses": len(l.guesses),
                "description": SETS[name].description,
                "today": name == TODAY_SET,
                "title": TODAY_NAME if name == TODAY_SET else name,
            }
            for name, l in games.list_names().items()
        ),
        key=lambda s: not s["today"],
    )


@app.post("/api/lists")
async def upload_lists(request: Request, name: str = Query("upload", max_length=64)):
    """Upload word lists as JSON {"answers": TEXT, "guesses": TEXT or null}, one
    word a line.  The body is read up to the size limit and no further."""
    limit = 2 * uploads.UPLOAD_LIMIT + 1024
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return _error(413, f"upload too large: the limit is {uploads.UPLOAD_LIMIT} bytes a list")
    try:
        data = json.loads(body)
        answers, guesses = data["answers"], data.get("guesses")
        if not isinstance(answers, str) or not (guesses is None or isinstance(guesses, str)):
            raise TypeError
    except (ValueError, KeyError, TypeError, AttributeError):
        return _error(422, 'upload: expected JSON {"answers": "one word a line", "guesses": "..." or null}')
    key = uploads.upload(answers.encode(), None if guesses is None else guesses.encode(), name)
    l = games.get_lists(key)
    return {"name": key, "answers": len(l.answers), "guesses": len(l.guesses)}


class ExcludeRequest(BaseModel):
    lists: str = Field(TODAY_SET, max_length=64)
    words: str = Field(max_length=BODY_LIMIT // 2)


@app.post("/api/exclude")
def exclude_answers(req: ExcludeRequest):
    """``lists`` without the answers in ``words`` (one a line, or separated by
    spaces or commas), kept as new lists: their id, to play them with."""
    return exclude(req.lists, req.words)


@app.post("/api/advice")
async def advice(req: AdviceRequest, request: Request):
    """The position after ``history``: suggestion (with expected guesses, exact
    or a labelled estimate), alternatives, candidates left."""
    game = req.to_game()
    return await heavy(request, advise, game, parse_history((t.guess, t.colours) for t in req.history))


@app.post("/api/boards")
async def boards(req: BoardsRequest, request: Request):
    """Several boards (2 or 4) after ``history``: each board's candidates, the
    boards' next guess and what it is (the engine of ``play --boards``)."""
    game = boards_game(req.lists, req.hard, req.boards, req.max_guesses)
    history = parse_boards_history(((t.guess, t.colours) for t in req.history), req.boards)
    return await heavy(request, boards_advice, game, req.boards, history)


@app.post("/api/check")
def check(req: CheckRequest):
    """Is ``guess`` a legal guess after ``history``: the reason when not (not an
    allowed word; the hard rule, the package's own).  No search: no budget."""
    return check_guess(req.to_game(), parse_history((t.guess, t.colours) for t in req.history), req.guess)


def query_game(
    lists: str = Query("original", max_length=64),
    hard: RuleWord = "easy",
    max_guesses: str = Query("6", max_length=8),
) -> games.Game:
    """The game of a GET request's settings; ``max_guesses`` a number or none."""
    return games.make_game(lists, hard, parse_cap(max_guesses.strip() or None, "max_guesses"))


def _opener(game: games.Game, opener: str) -> str:
    # (no opener: the one whose tree Play follows in this game: SALET; TARSE on today's list)
    return opener.strip() or tree_opener(game)


@app.get("/api/explore")
async def explore_node(
    request: Request,
    *,
    opener: str = Query("", max_length=32),
    path: str = Query("", max_length=200),
    game: games.Game = Depends(query_game),
):
    """A node of the optimal tree of ``opener``, reached by the colourings in
    ``path`` (comma separated, e.g. ``BYBBB,BBGBY``)."""
    patterns = tuple(int(Pattern.parse(p)) for p in path.split(",") if p.strip())
    return await heavy(request, explore, game, _opener(game, opener), patterns)


@app.get("/api/explore/find")
async def explore_find(
    request: Request,
    *,
    answer: str = Query(max_length=32),
    opener: str = Query("", max_length=32),
    game: games.Game = Depends(query_game),
):
    """One answer's way through the tree of ``opener``: the colourings and the guesses."""
    return await heavy(request, find_answer, game, _opener(game, opener), answer)


@app.get("/api/explore/download")
async def explore_download(
    request: Request,
    *,
    opener: str = Query("", max_length=32),
    format: Literal["text", "json"] = "text",
    game: games.Game = Depends(query_game),
):
    """The tree of ``opener`` as a file `python -m wordle_opt verify` reads (text or JSON)."""
    name, body = await heavy(request, tree_file, game, _opener(game, opener), format)
    media = "application/json" if format == "json" else "text/plain; charset=utf-8"
    return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@app.post("/api/review")
async def review(req: ReviewRequest, request: Request):
    """``wordle_opt.review`` of a game: the CLI's table rows and notes, and every figure."""
    return await heavy(request, review_game, req.to_game(), req.game, req.answer)
