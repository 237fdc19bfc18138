"""The Review view: ``wordle_opt.review`` of a game, as the CLI shows it.

The table's cells are the CLI's own (``review_show.rows``), so the page and
``python -m wordle_opt review`` cannot disagree; the figures behind them come
along for anything else the page shows.
"""

from __future__ import annotations

from typing import Optional

from wordle_opt.reviews.reviewer import review
from wordle_opt.reviews.show import HEADER, notes, rows
from wordle_opt.web.compute import SEARCH_CACHE_MB, Game, memo, search_slot


def review_game(game: Game, text: str, answer: Optional[str]) -> dict:
    text = " ".join(text.split())
    answer = answer.strip().lower() if answer and answer.strip() else None

    def compute():
        with search_slot():
            r = review(
                text,
                answer=answer,
                hard=game.rule,
                answers=game.lists,
                max_guesses=game.cap,
                threads=1,
                cache_mb=SEARCH_CACHE_MB,
            )
        return {**r.as_dict(), "mode": r.mode, "header": HEADER, "rows": rows(r), "notes": notes(r)}

    return memo.get(("review", game.key, game.rule, game.cap, text, answer), compute)
