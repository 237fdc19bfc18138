"""The play assistant driven by scripted input, in-process and as `python -m wordle_opt play`."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from wordle_opt.assistant.autoplay import solve
from wordle_opt.assistant.play import Assistant
from wordle_opt.errors import WordleOptError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import score_words
from wordle_opt.strategies.simulation import simulate
from wordle_opt.wordlists import load_lists

BYG = "BYG"


def byg(p: int) -> str:
    return "".join(BYG[(p // 3**i) % 3] for i in range(5))


class Player(io.StringIO):
    """An input stream that answers the assistant's prompts like a person who
    knows the answer: Enter at the guess prompt (accept the suggestion), the
    true colours at the colours prompt."""

    def __init__(self, answer: str, out: io.StringIO, style: str = "byg"):
        super().__init__()
        self.answer, self.out, self.style, self.turns = answer, out, style, 0

    def readline(self, *args):
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        m = re.match(r"colours for (\w+)> $", prompt)
        if m:
            p = Pattern(score_words(m.group(1).lower(), self.answer))
            return {"byg": p.byg.lower(), "digits": p.digits, "emoji": p.emoji}[self.style] + "\n"
        if prompt.startswith("guess "):
            self.turns += 1
            return "\n" if self.turns < 15 else ""
        return ""


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
@pytest.mark.parametrize("strategy,hard", [("entropy", None), ("minimax", "nyt"), ("frequency", "strict")])
def test_reaches_the_answer_for_a_sample(original, strategy, hard):
    sim = simulate(strategy, hard=hard, answers=original)
    rng = np.random.default_rng(3)
    for i, answer in enumerate(rng.choice(original.answers, 8, replace=False)):
        out = io.StringIO()
        player = Player(answer, out, style=("byg", "digits", "emoji")[i % 3])
        a = Assistant(strategy, hard=hard, lists=original, input=player, output=out)
        assert a.run() == 0
        n = sim.guesses[answer]
        text = out.getvalue()
        assert f"Solved in {n} guess" in text, text[-500:]
        # the assistant plays exactly the game the simulation recorded
        assert [(original.guesses[g], p) for g, p in a.history] == sim.paths[answer]
        assert "\x1b[" not in text


def session(script: str, strategy="entropy", **kw):
    out = io.StringIO()
    a = Assistant(strategy, input=io.StringIO(script), output=out, **kw)
    code = a.run()
    return a, code, out.getvalue()


def test_status_lists_few_candidates_and_alternatives(original):
    p = byg(score_words("salet", "crane"))
    a, code, text = session(f"salet {p}\nquit\n", lists=original)
    assert code == 0
    left = [w for w in original.answers if score_words("salet", w) == score_words("salet", "crane")]
    assert f"{len(left)} answers left" in text
    assert "Alternatives:" in text and "bits" in text
    assert "Suggestion:" in text and "guesses to finish on average" in text


def test_lists_candidates_when_ten_or_fewer(original):
    colours = {"salet": byg(score_words("salet", "crane")), "crony": byg(score_words("crony", "crane"))}
    a, code, text = session(f"salet {colours['salet']}\ncrony {colours['crony']}\nquit\n", lists=original)
    left = [
        w for w in original.answers if all(score_words(g, w) == score_words(g, "crane") for g in ("salet", "crony"))
    ]
    assert len(left) <= 10
    assert f"answers left: {', '.join(w.upper() for w in left)}" in text or f"1 answer left: {left[0].upper()}" in text


def test_inconsistent_feedback_changes_nothing(original):
    # SALET GGGGY: no word at all can give it (the T would need a fifth place).
    script = "salet\nggggy\nbbbbb\nquit\n"
    a, code, text = session(script, lists=original)
    assert code == 0
    assert "no answer left gives SALET GGGGY" in text and "nothing changed, 2315 candidates remain" in text
    # asked again for the same guess's colours, and the second answer was taken
    assert [(original.guesses[g], p) for g, p in a.history] == [("salet", 0)]


def test_all_green_for_an_allowed_word_outside_the_answers_solves_with_a_note(original):
    # SALET is an allowed guess but not an answer of the original list: today's
    # answer can be such a word, so GGGGG is taken, with a note (issue 9).
    a, code, text = session("salet ggggg\n", lists=original)
    assert "Solved in 1 guess!" in text
    assert "no answer of list 'original' gives SALET GGGGG" in text and "--answers nyt-3158" in text
    # ... but after CRANE BBBBB, CRANE itself is ruled out for every word
    a, code, text = session("crane bbbbb\ncrane ggggg\nquit\n", lists=original)  # quit at colours
    assert "no answer left gives CRANE GGGGG" in text and len(a.history) == 1
    a, code, text = session("crane ggggg\n", lists=original)
    assert "Solved in 1 guess!" in text


def test_undo(original):
    a, code, text = session("salet bbbbb\nundo\nquit\n", lists=original)
    assert "undone: back to guess 1" in text and a.history == []
    assert len(a.candidates) == 2315
    a, code, text = session("undo\nquit\n", lists=original)
    assert "nothing to undo" in text
    # undo at the colours prompt drops the word, not the previous turn
    a, code, text = session("salet bbbbb\ncrony\nundo\nquit\n", lists=original)
    assert "CRONY not recorded" in text and len(a.history) == 1


def test_hard_rule_break_gives_the_reason(original):
    # SALET with A green: the NYT rule needs A in position 2 next time.
    p = byg(score_words("salet", "baker"))
    a, code, text = session(f"salet {p}\ncrony\nquit\n", lists=original, hard="nyt")
    assert "error: CRONY breaks the hard rule (nyt): letter 2 must be A" in text
    assert len(a.history) == 1
    with pytest.raises(WordleOptError, match="hard rule"):
        a.apply("crony", "bbbbb")
    assert len(a.history) == 1


def test_unknown_word_suggests(original):
    a, code, text = session("salte\nquit\n", lists=original)
    assert "error: 'salte' is not an allowed guess" in text and "did you mean" in text
    assert a.history == []


def test_garbage_feedback_asks_again(original):
    a, code, text = session("salet\nbyq\nbbbbbb\n\nbbbbb\nquit\n", lists=original)
    assert "error: pattern 'byq' has 3 tiles" in text
    assert "error: pattern 'bbbbbb' has 6 tiles" in text
    assert [(original.guesses[g], p) for g, p in a.history] == [("salet", 0)]


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_end_of_input_anywhere_exits_cleanly(original):
    for script in ("", "salet", "salet\n", "salet\nbbbbb\n"):
        a, code, text = session(script, lists=original)
        assert code == 0 and "Traceback" not in text


IGHT = ["fight", "light", "might", "night", "right", "sight", "tight", "wight"]


def test_optimal_off_its_tree_solves_the_position_exactly():
    from oracle import exhaustive_optimum, exhaustive_second, exhaustive_tree

    from wordle_opt.trees.tree import Tree
    from wordle_opt.wordlists import WordLists

    lists = WordLists.from_words(IGHT, IGHT + ["flomp", "wrist"], name="ight")
    tree = Tree(exhaustive_tree(lists.answers, lists.guesses), lists)
    other = next(w for w in lists.guesses if w != tree.root.guess)
    script = f"{other} {byg(score_words(other, 'tight'))}\nquit\n"
    a, code, text = session(script, "optimal", lists=lists, tree=tree)
    assert code == 0
    assert f"Suggestion: {tree.root.guess.upper()} ({tree.average:.2f} guesses to finish" in text
    assert "does not cover" in text and "solving each position exactly from here" in text
    assert "entropy from here" not in text
    # the suggestion off the tree is an exact best guess of the position (the oracle's optimum)
    left = [w for w in IGHT if score_words(other, w) == score_words(other, "tight")]
    best = exhaustive_optimum(left, lists.guesses, max_guesses=5)
    second = re.findall(r"Suggestion: (\w+) \(([\d.]+) guesses", text)[-1]
    assert exhaustive_second(left, lists.guesses, other, second[0].lower(), max_guesses=6) == best
    assert float(second[1]) == pytest.approx(best / len(left), abs=0.005)


def test_default_advice_is_exact_and_says_so():
    # No bundled ranking and no SALET in these lists: each position is solved on
    # its own, the first one included; the opener is the oracle's best.
    from oracle import exhaustive_optimum

    from wordle_opt.wordlists import WordLists

    lists = WordLists.from_words(IGHT, IGHT + ["flomp", "wrist"], name="ight")
    out = io.StringIO()
    Assistant(lists=lists, input=io.StringIO("quit\n"), output=out).run()  # no strategy given
    text = out.getvalue()
    assert "advice: each position solved exactly on its own" in text
    word, value = re.search(r"Suggestion: (\w+) \(([\d.]+) guesses", text).groups()
    best = exhaustive_optimum(IGHT, lists.guesses, max_guesses=6)
    assert exhaustive_optimum(IGHT, lists.guesses, max_guesses=6, opener=word.lower()) == best
    assert float(value) == pytest.approx(best / len(IGHT), abs=0.005)
    # with SALET among the guesses: the optimal tree from it, searched and proven here
    few = ["crane", "tatty", "vivid", "salty", "light", "pious"]
    lists = WordLists.from_words(few, few + ["salet"], name="few")
    a, code, text = session("quit\n", "optimal", lists=lists)
    assert re.search(r"exact advice: the optimal tree from SALET, proven in [\d.]+ s \(the default opener", text)
    total = exhaustive_optimum(few, lists.guesses, max_guesses=6, opener="salet")
    assert f"Suggestion: SALET ({total / len(few):.2f} guesses" in text


def test_an_exact_search_that_does_not_finish_in_time_falls_back_to_entropy_and_says_so(original):
    from wordle_opt.wordlists import WordLists

    # 2315 answers and no known opener: the first position takes minutes, not 0.05 s.
    lists = WordLists.from_words(original.answers, original.answers, name="answers only")
    a, code, text = session("quit\n", "optimal", lists=lists, resolve_seconds=0.05)
    assert code == 0
    assert (
        "note: the exact search of this position did not finish in 0.05 s; suggesting by entropy for this guess" in text
    )
    entropy = session("quit\n", "entropy", lists=lists)[2]
    assert re.findall(r"Suggestion: \w+", text) == re.findall(r"Suggestion: \w+", entropy)


@pytest.mark.slow  # (the tree search: a few seconds)
def test_cli_play_without_a_strategy_follows_the_proven_best_openers_optimal_tree(original):
    # (on the original lists: `play` alone is today's game, nyt-3158; tests/web/test_today.py)
    res = _cli(["play", "--answers", "original"], "quit\n")
    assert res.returncode == 0, res.stderr
    assert re.search(
        r"exact advice: the optimal tree from SALET, proven in [\d.]+ s \(proven the best opener", res.stdout
    )
    assert "Suggestion: SALET (3.42 guesses to finish on average" in res.stdout  # 7920 / 2315


def test_solve_prints_the_game(original):
    out = io.StringIO()
    path = solve("tatty", strategy="entropy", lists=original, output=out)
    sim = simulate("entropy", answers=original)
    assert path == sim.paths["tatty"]
    lines = out.getvalue().splitlines()
    assert lines[-1].startswith(f"TATTY in {len(path)} guesses")
    for i, (g, p) in enumerate(path):
        assert lines[i] == f"{i + 1}  {g.upper()} {byg(p)}"


def _cli(args, stdin=""):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args], input=stdin, capture_output=True, text=True, env=env, timeout=300
    )


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_cli_play_reaches_answers(original):
    sim = simulate("entropy", opener="salet", answers=original)
    for answer in ("crane", "tatty", "vivid"):
        script = "".join(f"{g} {byg(p)}\n" for g, p in sim.paths[answer])
        res = _cli(["play", "--opener", "salet"], script)
        assert res.returncode == 0, res.stderr
        assert f"Solved in {len(sim.paths[answer])} guess" in res.stdout
        assert "\x1b[" not in res.stdout


def test_cli_play_survives_bad_input_and_eof():
    script = "xyzzy\nsalet\nqqqqq\nggggy\nundo\nsalet bbbbb\ncrony 🟩⬛⬛⬛⬛\nundo\n"
    res = _cli(["play", "--hard"], script)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stdout + res.stderr
    assert "did you mean" in res.stdout and "is not a colour" in res.stdout
    assert "no answer left gives SALET GGGGY" in res.stdout
    assert "\x1b[" not in res.stdout


def test_cli_solve():
    res = _cli(["solve", "crane", "--strategy", "minimax", "--hard", "strict"])
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[-1].startswith("CRANE in ")
    res = _cli(["solve", "crane", "--strategy", "nope"])
    assert res.returncode == 2 and res.stderr.startswith("error: unknown strategy")


def test_undo_returns_from_the_exact_search_off_the_tree_to_the_tree():
    from oracle import exhaustive_tree

    from wordle_opt.trees.tree import Tree
    from wordle_opt.wordlists import WordLists

    answers = ["fight", "light", "might", "sight", "crane", "pious"]
    lists = WordLists.from_words(answers, answers + ["flams", "slate"])
    suggested = lambda text: re.findall(r"Suggestion: (\w+)", text)  # noqa: E731
    entropy_first = suggested(session("quit\n", lists=lists)[2])[0].lower()
    opener = next(w for w in lists.guesses if w != entropy_first)
    tree = Tree(exhaustive_tree(lists.answers, lists.guesses, opener=opener), lists)
    off_tree = next(w for w in ("slate", "flams") if w != opener)
    p = byg(score_words(off_tree, "fight"))
    a, code, text = session(f"{off_tree} {p}\nundo\nquit\n", strategy="optimal", lists=lists, tree=tree)
    assert "solving each position exactly from here" in text
    # back at the start, the tree covers the position again: its opener, not entropy's
    assert suggested(text)[0] == opener.upper() and suggested(text)[-1] == opener.upper()


@pytest.mark.parametrize("answer", ["abuzz", "tarse"])  # in nyt-3158 / only allowed, not original answers
def test_an_answer_outside_the_list_is_found_among_the_allowed_words(original, answer):
    assert answer not in original.answers and answer in load_lists("nyt").guesses
    lists = original if answer in original.guesses else load_lists("original", "nyt")
    out = io.StringIO()
    a = Assistant("entropy", lists=lists, input=Player(answer, out), output=out, colour=False)
    assert a.run() == 0
    text = out.getvalue()
    assert "today's answer is not in it" in text and "allowed word" in text
    assert re.search(r"Solved in \d+ guess", text) and a.lists.guesses[a.history[-1][0]] == answer
    assert "For today's game use --answers nyt-3158" in text
    assert "Without --answers it plays today's game: nyt-3158" in " ".join(_cli(["play", "--help"]).stdout.split())


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_a_guess_other_than_the_suggestion_shows_its_cost_on_the_review_measure(original):
    # After SALET's colours for BRICK the position is small enough for exact
    # values; the figures must be the review's (review_values): the player's
    # word against the suggestion's.
    from wordle_opt.reviews.reviewer import review

    crane = byg(score_words("crane", "brick"))
    salet = byg(score_words("salet", "brick"))
    a, code, text = session(f"salet {salet}\ncrane {crane}\nquit\n", lists=original, colour=False)
    suggestion = re.findall(r"Suggestion: (\w+)", text)[1]
    assert suggestion != "CRANE"
    m = re.search(r"CRANE \(yours\): ([\d.]+) guesses to finish, ([\d.]+) candidates left on average", text)
    s = re.search(suggestion + r" \(suggested\): ([\d.]+) guesses to finish", text)
    assert m and s, text
    r = review("salet crane brick", answer="brick", answers=original, threads=1)
    turn = r.turns[1]
    assert turn.player.exact and float(m.group(1)) == pytest.approx(turn.player.expected, abs=1e-4)
    assert float(s.group(1)) >= turn.best.expected - 1e-4
    cands = [w for w in original.answers if score_words("salet", w) == score_words("salet", "brick")]
    pats = [score_words("crane", w) for w in cands if w != "crane"]
    sizes = np.unique(pats, return_counts=True)[1]
    assert float(m.group(2)) == pytest.approx(float((sizes**2).sum()) / len(cands), abs=0.05)
    assert f"cost of CRANE: {float(m.group(1)) - float(s.group(1)):+.4f} guesses per game" in text
    # "expected" no longer names two things on one screen
    assert "expected" not in text.replace("expected group", "")


def test_the_assistant_parses_its_advice_options_once():
    from wordle_opt.assistant.options import RESOLVE_SECONDS, AdviceOptions
    from wordle_opt.rules import Rule

    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]
    a = Assistant("entropy", hard="strict", answers=words, max_guesses="5", output=io.StringIO())
    assert a.options == AdviceOptions(Rule.STRICT, 5, False, RESOLVE_SECONDS)
    assert a.walker.rule is Rule.STRICT and a.strategy.rule is Rule.STRICT
    with pytest.raises(WordleOptError, match=r"^max_guesses: expected a number of guesses, got 'six'$"):
        Assistant("entropy", answers=words, max_guesses="six", output=io.StringIO())
