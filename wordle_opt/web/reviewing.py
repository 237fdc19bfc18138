"""The Review view: ``wordle_opt.review`` of a game, as the CLI shows it.

The table's cells are the CLI's own (``review_show.rows``), so the page and
``python -m wordle_opt review`` cannot disagree; the figures behind them come
along for anything else the page shows.  Given a ranking table of the game
(``serve --ranking FILE``) or a bundled one, the review reads the first
guesses' values from it as ``review`` does.
"""

from __future__ import annotations

from typing import Optional

from wordle_opt.reviews.reviewer import review_problem
from wordle_opt.reviews.sharing import is_shared, read_shared
from wordle_opt.reviews.show import HEADER, notes, rows
from wordle_opt.solver.options import SearchOptions
from wordle_opt.solver.problem import Problem
from wordle_opt.web.admission import Busy, Cancelled, budget, search_slot
from wordle_opt.web.games import Game
from wordle_opt.web.memo import Unkept, memo
from wordle_opt.web.rankings import ranking_table
from wordle_opt.web.searching import SEARCH_CACHE_MB

# The reviewer's searches run in batches, each with its own time limit: this
# share of the request's budget each, so that a review stopped by them (with
# proven bounds, marked as such) ends within the budget.
BATCH_SHARE = 0.25


def review_game(game: Game, text: str, answer: Optional[str]) -> dict:
    """The review of ``text`` within the request's time budget: values the
    reviewer could not prove in time are proven bounds, marked so; a review
    that does not end by the deadline is stopped (503)."""
    # (a pasted share, the grid with the words, is read into word.COLOURS pairs first)
    text = read_shared(text) if is_shared(text) else " ".join(text.split())
    answer = answer.strip().lower() if answer and answer.strip() else None

    def compute():
        b = budget()
        with search_slot():
            b.check()
            try:
                with b.stopping_at(b.deadline):
                    options = SearchOptions(
                        threads=1, cache_mb=SEARCH_CACHE_MB, time_limit=max(0.1, b.left() * BATCH_SHARE)
                    )
                    r = review_problem(
                        Problem(game.lists, game.rule, game.cap),
                        options,
                        text,
                        answer,
                        # the first guesses' values from a table the server was given (serve --ranking), else
                        # the bundled one, as `review` does: the page and the command review alike
                        ranking=ranking_table(game),
                    )
            except KeyboardInterrupt:  # (stopped: the deadline or the client leaving)
                if b.cancelled.is_set():
                    raise Cancelled() from None
                raise Busy(
                    f"the review did not finish within {b.seconds:g} s; retry when the server is less busy",
                    max(1, round(b.seconds)),
                ) from None
        # (the CLI's note on its E(...) columns left out: the page names them in words and explains them)
        said = [n for n in notes(r) if not n.startswith("E(...)")]
        out = {**r.as_dict(), "mode": r.mode, "header": HEADER, "rows": rows(r), "notes": said}
        return Unkept(out) if out.get("stopped_searches") else out  # (bounds: a calmer moment proves more)

    return memo.get(("review", game.key, game.rule, game.cap, text, answer), compute)
