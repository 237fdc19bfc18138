"""Several boards at once (Dordle 2, Quordle 4, Octordle 8): one guess goes
to every unsolved board; the game is over when every board is solved.

    >>> r = simulate_boards(4, "entropy", games=500, seed=0)   # Quordle
    >>> print(r)       # solved within 9 %, average, histogram (a SimulationResult)

Strategies choose over the boards' joint candidate sets.  The boards'
answers are drawn independently, so the joint colouring (the tuple of
colourings over the unsolved boards) has entropy equal to the sum of the
boards' entropies; ``entropy`` maximises that sum.  ``expected-size``
minimises the sum over boards of the expected candidates left.  Both then
prefer the guess with the largest chance of solving a board now (sum of
1/n over the boards where it is a candidate), then list order.  And both
finish a board that is certain: when a board has one candidate left, that
word is played (of several such boards, the first).  Hard mode is not
offered: the games' hard modes differ, and the one-board rules do not say
how they combine.
"""

from __future__ import annotations

import time
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from wordle_opt.display import plural
from wordle_opt.errors import WordleOptError, WordListError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import Rule
from wordle_opt.strategies.builtin import strategy_key
from wordle_opt.strategies.context import context_for
from wordle_opt.strategies.picking import pick_best
from wordle_opt.strategies.simulation import GUESS_CAP, SimulationResult
from wordle_opt.wordlists import load_lists

# The guess caps the games use: Wordle 6, Dordle 7, Quordle 9, Octordle 13.
GAME_CAPS = {1: 6, 2: 7, 4: 9, 8: 13}
GAME_NAMES = {1: "Wordle", 2: "Dordle", 4: "Quordle", 8: "Octordle"}
MAX_BOARDS = 32


def default_cap(n_boards: int) -> int:
    """The game's guess cap for ``n_boards`` boards (N + 5 for counts no game uses)."""
    return GAME_CAPS.get(int(n_boards), int(n_boards) + 5)


def refuse_hard(hard) -> None:
    """A one-line error for a hard-mode rule: the boards are played in easy mode (the module's note says why)."""
    if Rule.parse(hard).hard:
        raise WordleOptError("hard mode is not offered with several boards")


def check_boards(n_boards) -> int:
    if isinstance(n_boards, bool) or not isinstance(n_boards, (int, np.integer)) or not 1 <= n_boards <= MAX_BOARDS:
        raise WordleOptError(f"boards must be a whole number from 1 to {MAX_BOARDS}, not {n_boards!r}")
    return int(n_boards)


class BoardsStrategy:
    """``choose(boards, legal)`` -> guess index, where ``boards`` is the list
    of the unsolved boards' candidate arrays (int32 answer indices)."""

    name = "entropy"
    # What its guess is, for a player (the assistant's and the page's words alike)
    means = "heuristic: the guess that tells the most about the open boards together (entropy), not an optimum"

    def __init__(self, lists, opener: Optional[str] = None, answers_only: bool = False):
        self.lists = lists
        self.ctx = context_for(lists)
        self.legal = self.ctx.root_legal(answers_only)
        self.opener = None
        if opener:
            self.opener = lists.guess_index(str(opener).strip().lower())
            if answers_only and self.ctx.guess2ans[self.opener] < 0:
                raise WordListError(
                    f"opener {opener!r} is not in the answer list of {lists.name} (answers-only guessing)"
                )
        self._first: Optional[int] = None
        self.decisions = 0

    def choose(self, boards: Sequence[np.ndarray], first: bool = False) -> int:
        if any(len(b) == 0 for b in boards):
            raise WordleOptError("a board has no answer consistent with the feedback so far")
        if first and self.opener is not None:
            return self.opener
        if first and self._first is not None:  # every game opens the same way
            return self._first
        self.decisions += 1
        certain = [b for b in boards if len(b) == 1]
        if certain:
            return int(self.ctx.ans2guess[certain[0][0]])
        keys = self._keys(boards)
        g = int(self.legal[pick_best(keys, self.legal, np.zeros(len(self.legal), bool))])
        if first:
            self._first = g
        return g

    def _solve_chance(self, boards) -> np.ndarray:
        chance = np.zeros(len(self.lists.guesses))
        for b in boards:
            chance[self.ctx.ans2guess[b]] += 1.0 / len(b)
        return chance[self.legal]

    def _keys(self, boards) -> List[np.ndarray]:
        total = np.zeros(len(self.legal))
        for b in boards:
            ent, _, _, _ = self.ctx.H.score_guesses(self.ctx.table, np.ascontiguousarray(b), self.legal)
            total += ent
        return [total, self._solve_chance(boards)]


class ExpectedSizeBoards(BoardsStrategy):
    name = "expected-size"
    means = "heuristic: the guess that leaves the fewest answers expected over the open boards, not an optimum"

    def _keys(self, boards) -> List[np.ndarray]:
        total = np.zeros(len(self.legal))
        for b in boards:
            _, _, sumsq, _ = self.ctx.H.score_guesses(self.ctx.table, np.ascontiguousarray(b), self.legal)
            total -= sumsq / len(b)
        return [total, self._solve_chance(boards)]


BOARD_STRATEGIES = {cls.name: cls for cls in (BoardsStrategy, ExpectedSizeBoards)}


def get_boards_strategy(name, lists, opener=None, answers_only=False) -> BoardsStrategy:
    if isinstance(name, BoardsStrategy):
        return name
    cls = BOARD_STRATEGIES.get(strategy_key(name))
    if cls is None:
        raise WordleOptError(
            f"unknown strategy {name!r} for several boards: expected one of {', '.join(BOARD_STRATEGIES)}"
        )
    return cls(lists, opener=opener, answers_only=answers_only)


class Position:
    """The boards' candidates and which are solved; ``apply`` records one turn."""

    def __init__(self, ctx, n_boards: int):
        self.ctx = ctx
        self.all_green = 3 ** len(ctx.lists.answers[0]) - 1  # 3 colours per letter
        self.cands: List[np.ndarray] = [ctx.all_answers] * n_boards
        self.solved: List[Optional[int]] = [None] * n_boards  # turn each board was solved
        self.turns: List[Tuple[int, Tuple[Optional[int], ...]]] = []

    @property
    def open_boards(self) -> List[int]:
        return [i for i, s in enumerate(self.solved) if s is None]

    @property
    def done(self) -> bool:
        return all(s is not None for s in self.solved)

    def suggest(self, strategy: BoardsStrategy) -> Tuple[int, str]:
        """``strategy``'s next guess here, and what it is, for a player."""
        g = strategy.choose([self.cands[b] for b in self.open_boards], first=not self.turns)
        certain = [b for b in self.open_boards if len(self.cands[b]) == 1]
        if not self.turns and strategy.opener is not None:
            return g, "the opener you chose"
        if certain:
            return g, f"board {certain[0] + 1} has one answer left: this guess solves it"
        return g, strategy.means

    def split(self, guess: int) -> List[Optional[Tuple[int, int, bool]]]:
        """Per board, what ``guess`` does there: (colourings possible, answers
        left at worst, could be the answer); None for a solved board."""
        out: List[Optional[Tuple[int, int, bool]]] = []
        for b, cands in enumerate(self.cands):
            if self.solved[b] is not None:
                out.append(None)
                continue
            counts = np.bincount(self.ctx.table[guess, cands], minlength=self.all_green + 1)
            out.append((int(np.count_nonzero(counts)), int(counts.max()), bool(counts[self.all_green])))
        return out

    def apply(self, guess: int, patterns: Dict[int, int]) -> None:
        """Record ``guess`` with colouring ``patterns[board]`` for every open
        board; WordleOptError (and nothing changed) if a board would be left
        with no candidate."""
        new = list(self.cands)
        for b in self.open_boards:
            p = int(patterns[b])
            if p != self.all_green:
                new[b] = self.ctx.next_candidates(self.cands[b], guess, p)
            elif self.ctx.guess2ans[guess] < 0 or not np.isin(self.ctx.guess2ans[guess], self.cands[b]):
                new[b] = self.cands[b][:0]
            else:
                new[b] = np.array([self.ctx.guess2ans[guess]], dtype=np.int32)
            if len(new[b]) == 0:
                raise WordleOptError(
                    f"board {b + 1}: no answer of {self.ctx.lists.name} is consistent with "
                    f"{Pattern(p, len(self.ctx.lists.answers[0])).byg}"
                )
        turn = len(self.turns) + 1
        for b in self.open_boards:
            if int(patterns[b]) == self.all_green:
                self.solved[b] = turn
        self.cands = new
        self.turns.append((int(guess), tuple(patterns.get(b) for b in range(len(self.cands)))))


def all_solved(n_boards: int, guesses: int, cap: int) -> str:
    """The line that ends a game (the assistant's and the page's)."""
    late = "" if guesses <= cap else f" (over the cap of {cap})"
    return f"All {n_boards} boards solved in {plural(guesses, 'guess')}{late}."


class BoardsResult(SimulationResult):
    """A SimulationResult whose 'answers' are games: ``guesses['cigar+rebut+...']``
    is the number of guesses until every board was solved (None: not within the cap)."""

    boards: int = 1

    def _title(self) -> str:
        game = GAME_NAMES.get(self.boards, "several boards")
        return f"{game} ({plural(self.boards, 'board')}), {plural(self.n, 'random game')}, " + super()._title()

    def __str__(self) -> str:
        text = super().__str__().replace("answers     ", "games       ", 1)
        # SimulationResult pads the cap to two places, enough for one board only
        cap = f"solved <= {self.max_guesses}"
        return text.replace(cap, cap + " ", 1) if self.max_guesses >= 10 else text


def play_game(strategy: BoardsStrategy, answers: Sequence[int], cap: int) -> Position:
    """Play one game against the answer indices ``answers`` (one per board)."""
    ctx = strategy.ctx
    pos = Position(ctx, len(answers))
    while not pos.done and len(pos.turns) < cap:
        open_boards = pos.open_boards
        g = strategy.choose([pos.cands[b] for b in open_boards], first=not pos.turns)
        pos.apply(g, {b: int(ctx.table[g, answers[b]]) for b in open_boards})
    return pos


def sample_games(n_answers: int, n_boards: int, games: int, seed: int) -> np.ndarray:
    """``games`` x ``n_boards`` answer indices, distinct within a game (as the games deal them)."""
    if n_boards > n_answers:
        raise WordleOptError(f"{n_boards} boards need at least {n_boards} answers, the list has {n_answers}")
    rng = np.random.default_rng(seed)
    return np.array([rng.choice(n_answers, n_boards, replace=False) for _ in range(games)], dtype=np.int32)


def simulate_boards(
    boards=4,
    strategy="entropy",
    *,
    games=1000,
    seed=0,
    max_guesses=None,
    opener=None,
    answers="original",
    guesses=None,
    answers_only=False,
    hard=None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> BoardsResult:
    """Play ``games`` random games of ``boards`` boards (seeded by ``seed``)."""
    n = check_boards(boards)
    refuse_hard(hard)
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise WordleOptError(f"games must be a positive whole number, not {games!r}")
    cap = default_cap(n) if max_guesses is None else int(max_guesses)
    if cap < 1:
        raise WordleOptError(f"max_guesses must be at least 1, not {max_guesses!r}")
    lists = load_lists(answers, guesses)
    strat = get_boards_strategy(strategy, lists, opener=opener, answers_only=answers_only)
    deals = sample_games(len(lists.answers), n, int(games), int(seed))
    limit = max(GUESS_CAP, cap)
    start = time.perf_counter()
    result_guesses: Dict[str, Optional[int]] = {}
    paths: Dict[str, list] = {}
    for i, deal in enumerate(deals):
        pos = play_game(strat, deal, limit)
        key = "+".join(lists.answers[a] for a in deal)
        if key in result_guesses:  # the same deal again (likely with one board): keep both games
            key = f"{key}#{i + 1}"
        result_guesses[key] = len(pos.turns) if pos.done else None
        paths[key] = [(lists.guesses[g], pats) for g, pats in pos.turns]
        if progress is not None:
            progress(i + 1, len(deals))
    seconds = time.perf_counter() - start
    result = BoardsResult(
        strategy=strat.name,
        lists=lists.name,
        hard=None,
        opener=next(iter(paths.values()))[0][0],
        answers_only=bool(answers_only),
        max_guesses=cap,
        guesses=result_guesses,
        paths=paths,
        seconds=seconds,
        decisions=strat.decisions,
        cap=limit,
    )
    result.boards = n
    return result
