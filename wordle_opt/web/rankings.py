"""The ranking tables that value a game's first guesses: those the server was
given (``serve --ranking FILE``), else the bundled ones."""

from __future__ import annotations

from typing import List, Optional

from wordle_opt.openers.tables import RankingTable, table_for
from wordle_opt.web.games import Game

# Ranking tables the server was given (``serve --ranking FILE``), each read and
# checked whole at start-up: a game's first guesses are valued from the one
# ranked on exactly that game (lists, rule, cap), else from a bundled one.
given_tables: List[RankingTable] = []


def ranking_table(game: Game, *, bundled: bool = True) -> Optional[RankingTable]:
    """The ranking table of exactly this game: one the server was given,
    else (with ``bundled``) the bundled one, else None."""
    for table in given_tables:
        if table.mismatch(game.lists, game.rule, game.cap) is None:
            return table
    return table_for(game.lists, game.rule, game.cap) if bundled else None
