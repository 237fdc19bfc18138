"""Several boards: the joint strategies, the simulation and the assistant."""

from __future__ import annotations

import io
import math
from collections import Counter
from itertools import product

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_opt.cli import main
from wordle_opt.errors import WordleOptError
from wordle_opt.games.boards import (
    BoardsStrategy,
    ExpectedSizeBoards,
    Position,
    default_cap,
    play_game,
    simulate_boards,
)
from wordle_opt.games.boards_play import BoardsAssistant
from wordle_opt.patterns import Pattern
from wordle_opt.rules import score_words
from wordle_opt.wordlists import WordLists

word = st.text(alphabet="abcdes", min_size=5, max_size=5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(word, min_size=3, max_size=12, unique=True), st.data())
def test_entropy_is_over_the_joint_colourings(answers, data):
    lists = WordLists.from_words(answers, name="gen")
    n = len(lists.answers)
    boards = [
        np.array(sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=n))), dtype=np.int32)
        for _ in range(data.draw(st.integers(2, 3)))
    ]
    keys = BoardsStrategy(lists)._keys(boards)[0]
    for i, g in enumerate(lists.guesses):
        # every tuple of answers is equally likely; count the tuples of colourings
        joint = Counter(
            tuple(score_words(g, lists.answers[a]) for a in deal) for deal in product(*[list(b) for b in boards])
        )
        total = sum(joint.values())
        expected = -sum(c / total * math.log2(c / total) for c in joint.values())
        assert keys[i] == pytest.approx(expected, abs=1e-9)


def test_a_certain_board_is_finished(original):
    strat = BoardsStrategy(original)
    big = np.arange(100, dtype=np.int32)
    one = np.array([original.answer_index("crane")], dtype=np.int32)
    assert original.guesses[strat.choose([big, one])] == "crane"
    assert original.guesses[ExpectedSizeBoards(original).choose([one, big])] == "crane"


def test_games_replay_against_the_rules(original):
    result = simulate_boards(4, "entropy", games=12, seed=3, answers=original)
    again = simulate_boards(4, "entropy", games=12, seed=3, answers=original)
    assert result.guesses == again.guesses  # seeded
    assert result.max_guesses == default_cap(4) == 9
    for deal, path in result.paths.items():
        answers = deal.split("+")
        assert len(set(answers)) == 4
        solved_at = {}
        for turn, (guess, pats) in enumerate(path, 1):
            for b, a in enumerate(answers):
                if b in solved_at:
                    assert pats[b] is None  # no guess goes to a solved board
                else:
                    assert pats[b] == score_words(guess, a)
                    if guess == a:
                        solved_at[b] = turn
        assert len(solved_at) == 4 and max(solved_at.values()) == len(path) == result.guesses[deal]
    assert sum(result.histogram.values()) == 12
    assert 0 < result.solved_percent <= 100 and 5 <= result.average <= 9
    assert "Quordle (4 boards), 12 random games" in str(result)


def test_octordle_and_options(original):
    result = simulate_boards(8, "expected-size", games=3, seed=1, answers=original, opener="crane", answers_only=True)
    assert all(path[0][0] == "crane" for path in result.paths.values())
    assert all(original.is_guess(g) and g in original.answers for p in result.paths.values() for g, _ in p[1:])
    assert result.max_guesses == 13 and "solved <= 13 " in str(result)
    with pytest.raises(WordleOptError, match="hard mode"):
        simulate_boards(2, hard="nyt", answers=original)
    with pytest.raises(WordleOptError, match="unknown strategy 'optimal' for several boards"):
        simulate_boards(2, "optimal", answers=original)
    with pytest.raises(WordleOptError, match="boards must be"):
        simulate_boards(0, answers=original)


def test_the_suggestion_says_what_it_is(original):
    """A heuristic, named so (the assistant and the page say it alike); a certain board's last answer; an opener chosen."""
    strat = BoardsStrategy(original)
    pos = Position(strat.ctx, 2)
    g, how = pos.suggest(strat)
    assert g == strat.choose(pos.cands, first=True) and how == strat.means and how.startswith("heuristic")
    crane = original.guess_index("crane")
    pos.apply(crane, {0: int(Pattern("BBBBB")), 1: int(Pattern("GGGGB"))})
    pos.cands[1] = pos.cands[1][:1]  # (board 2 down to one answer)
    g, how = pos.suggest(strat)
    assert g == strat.ctx.ans2guess[pos.cands[1][0]] and how == "board 2 has one answer left: this guess solves it"
    split = pos.split(g)
    assert split[1] == (1, 1, True) and split[0][0] >= 1
    chosen = BoardsStrategy(original, opener="crane")
    assert Position(chosen.ctx, 2).suggest(chosen) == (crane, "the opener you chose")


def test_position_refuses_inconsistent_colourings(original):
    pos = Position(BoardsStrategy(original).ctx, 2)
    g = original.guess_index("clint")
    with pytest.raises(WordleOptError, match="board 2: no answer of original is consistent with GGGGG"):
        pos.apply(g, {0: 0, 1: Pattern("GGGGG")})  # CLINT is not an answer
    assert pos.turns == [] and all(len(c) == len(original.answers) for c in pos.cands)


def test_assistant_plays_a_game_to_the_end(original):
    strat = BoardsStrategy(original)
    deal = [original.answer_index(w) for w in ("crane", "tatty", "vivid")]
    game = play_game(strat, deal, 20)
    lines = []
    for g, pats in game.turns:
        lines.append(original.guesses[g])  # word first; colourings at the prompt
        lines.append(" ".join(Pattern(p).byg for p in pats if p is not None))
    script = "zzzzz\n" + "\n".join(lines[:2]) + "\nundo\n" + "\n".join(lines) + "\n"
    out = io.StringIO()
    code = BoardsAssistant(3, answers=original, input=io.StringIO(script), output=out, colour=False).run()
    text = out.getvalue()
    assert code == 0
    assert f"All 3 boards solved in {len(game.turns)} guesses." in text
    assert "error: 'zzzzz' is not an allowed guess" in text and "undone" in text


def test_assistant_asks_again_after_bad_colourings(original):
    script = "soare\nBBBBB\nBBBBB BBBBB XXXXZ\nBBBBB GBBBB\nquit\n"
    out = io.StringIO()
    BoardsAssistant(2, answers=original, input=io.StringIO(script), output=out, colour=False).run()
    text = out.getvalue()
    assert "expected 2 colourings (one per open board), got 1" in text
    assert "expected 2 colourings (one per open board), got 3" in text
    assert "SOARE BBBBB  SOARE GBBBB" in text


def test_cli_boards(capsys):
    assert main(["simulate", "--boards", "2", "--games", "5", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Dordle (2 boards), 5 random games" in out and "solved <= 7" in out
    assert main(["simulate", "--boards", "2", "--hard"]) == 2
    assert "--hard is not offered with --boards 2" in capsys.readouterr().err
    # one board: the original command and its own cap
    assert main(["simulate", "--answers", "original", "--strategy", "first", "--opener", "salet"]) == 0
    assert "solved <= 6" in capsys.readouterr().out


def test_cli_play_boards(monkeypatch, capsys):
    script = "soare\nBBBBB BBBBB\nundo\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["play", "--boards", "2", "--opener", "salet"]) == 0
    out = capsys.readouterr().out
    assert "Dordle, 2 boards" in out and "7 guesses" in out and "Suggestion: SALET (the opener you chose)" in out
    assert f"({BoardsStrategy.means})" in out  # after SOARE: the heuristic, said so
    assert "SOARE BBBBB  SOARE BBBBB" in out and "undone" in out
