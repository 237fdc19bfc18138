"""Play with several boards (Dordle 2, Quordle 4): one guess goes to every
unsolved board, each board gives its own colours.  The figures come from the
engine of the command line's ``play --boards`` (`wordle_opt.games.boards`):
the candidates left on each board and the joint strategy's next guess, with
what it is (a heuristic, never an optimum: exact advice is for one board).

The history is checked here, at the edge: each turn's word, and per board
its colours, or None for a board solved at an earlier turn (it is no longer
scored).  A bad turn is one line naming the turn, the word and the board.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from wordle_opt.errors import WordleOptError
from wordle_opt.games.boards import (
    GAME_NAMES,
    BoardsStrategy,
    Position,
    all_solved,
    default_cap,
    get_boards_strategy,
    refuse_hard,
)
from wordle_opt.patterns import Pattern
from wordle_opt.web.admission import OutOfTime, budget, search_slot
from wordle_opt.web.advice import LIST_AT_MOST
from wordle_opt.web.games import Game, make_game
from wordle_opt.web.memo import Unkept, memo

PAGE_BOARDS = (2, 4)  # the counts the page offers (Dordle, Quordle); one board is /api/advice

# ((word, (pattern or None per board)), ...)
BoardsHistory = Tuple[Tuple[str, Tuple[Optional[int], ...]], ...]


def boards_game(lists: str, hard: str, boards: int, max_guesses: Optional[int]) -> Game:
    """The game of a boards request: ``max_guesses`` None is the game's own cap
    (Dordle 7, Quordle 9); there is always a cap, as in ``play --boards``."""
    if boards not in PAGE_BOARDS:
        raise WordleOptError(
            f"boards: {boards} is not offered here: 2 ({GAME_NAMES[2]}) or 4 ({GAME_NAMES[4]}); one board is /api/advice"
        )
    refuse_hard(hard)
    return make_game(lists, hard, default_cap(boards) if max_guesses is None else max_guesses)


def parse_boards_history(turns, boards: int) -> BoardsHistory:
    """[(word, [colours text or None per board])] -> ((word, (pattern or None, ...)), ...)."""
    out = []
    for i, (word, colours) in enumerate(turns, 1):
        word = str(word).strip().lower()
        if len(colours) != boards:
            raise WordleOptError(
                f"turn {i} ({word.upper()}): expected {boards} colourings, one per board (null for a board "
                f"already solved), got {len(colours)}"
            )
        pats = []
        for b, c in enumerate(colours, 1):
            try:
                pats.append(None if c is None else int(Pattern.parse(c)))
            except WordleOptError as exc:
                raise WordleOptError(f"turn {i} ({word.upper()}), board {b}: {exc}") from None
        out.append((word, tuple(pats)))
    return tuple(out)


def _strategy(game: Game) -> BoardsStrategy:
    # (one a list set: it keeps the first guess, the same for every game: 0.6 s of one core for nyt-3158)
    return memo.get(("boards-strategy", game.key), lambda: get_boards_strategy("entropy", game.lists))


def replay(game: Game, boards: int, history: BoardsHistory) -> Position:
    """The position after ``history``; WordleOptError naming the turn, the word and the board."""
    pos = Position(_strategy(game).ctx, boards)
    name = GAME_NAMES[boards]
    for i, (word, pats) in enumerate(history, 1):
        where = f"turn {i} ({word.upper()})"
        if pos.done:
            raise WordleOptError(f"{where}: every board was solved at turn {i - 1}")
        if i > game.cap:
            raise WordleOptError(f"{where}: {name} has {game.cap} guesses, this is one more")
        try:
            g = game.lists.guess_index(word)
        except WordleOptError as exc:
            raise WordleOptError(f"turn {i}: {exc}") from None
        for b, p in enumerate(pats):
            if pos.solved[b] is not None and p is not None:
                raise WordleOptError(
                    f"{where}, board {b + 1}: solved at turn {pos.solved[b]}: no colours expected (null)"
                )
            if pos.solved[b] is None and p is None:
                raise WordleOptError(f"{where}, board {b + 1}: its colours are missing (the board is not solved)")
        try:
            pos.apply(g, {b: p for b, p in enumerate(pats) if p is not None})
        except WordleOptError as exc:
            raise WordleOptError(f"{where}, {exc}") from None
    return pos


def boards_advice(game: Game, boards: int, history: BoardsHistory) -> dict:
    """The page's figures for the position after ``history`` (cached)."""
    return memo.get(("boards", game.key, game.cap, boards, history), lambda: _advice(game, boards, history))


def _advice(game: Game, boards: int, history: BoardsHistory):
    pos = replay(game, boards, history)
    played = len(history)
    out = {
        "game": GAME_NAMES[boards],
        "boards": [_board(game, pos, b) for b in range(boards)],
        "cap": game.cap,
        "turn": played + 1,
        "done": pos.done,
        "lost": not pos.done and played >= game.cap,
        "suggestion": None,
        "strategy": _strategy(game).name,
        "note": None,
    }
    if pos.done:
        out["note"] = all_solved(boards, played, game.cap)
        return out
    if out["lost"]:
        left = pos.open_boards
        out["note"] = (
            f"No guesses left within the cap of {game.cap}: board{'s' if len(left) > 1 else ''} "
            f"{', '.join(str(b + 1) for b in left)} not solved."
        )
        return out
    # (the strategy ranks every guess on every open board: 4 boards of nyt-3158
    # at the first turn took 1.3 s of one core, loaded; later turns far less)
    try:
        with search_slot():
            budget().check()
            g, how = pos.suggest(_strategy(game))
    except OutOfTime:
        out["note"] = f"no suggestion within the time budget of {budget().seconds:g} s; ask again"
        return Unkept(out)
    out["suggestion"] = {"word": game.lists.guesses[g], "how": how, "exact": False, "split": _split(pos, g)}
    return out


def _board(game: Game, pos: Position, b: int) -> dict:
    cands = pos.cands[b]
    words = sorted(game.lists.answers[a] for a in cands)
    return {
        "board": b + 1,
        "solved_at": pos.solved[b],
        "candidates": len(cands),
        "words": words if len(words) <= LIST_AT_MOST else None,
    }


def _split(pos: Position, g: int) -> Sequence[Optional[dict]]:
    """Per board, what the suggestion does there (None: the board is solved)."""
    return [
        None if s is None else {"colourings": s[0], "at_worst": s[1], "could_be_answer": s[2]} for s in pos.split(g)
    ]
