"""The game review: skill and luck against the exact optimum.

Values on generated lists against a plain-Python computation from the
definitions (the exhaustive oracle), the optimal SALET tree scoring full
skill, ADIEU's exact cost against SALET's, bounds under a time limit, and
one-line errors for every kind of bad game.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum, exhaustive_tree

import wordle_opt
from wordle_opt.errors import HardModeError, WordleOptError
from wordle_opt.reviews import values as review_values
from wordle_opt.reviews.game import GameError, parse_game
from wordle_opt.reviews.reviewer import review
from wordle_opt.rules import ALL_GREEN, score_words, violation
from wordle_opt.solver import bounded
from wordle_opt.wordlists import WordLists

CLUSTERS = [
    "fight light might night right sight tight",
    "batch catch hatch latch match patch",
    "bound found hound mound pound round",
]
OTHERS = "crane slate pious flume brick handy toxic vowel girth shard".split()
WORDS = sorted({w for c in CLUSTERS for w in c.split()} | set(OTHERS))


# ------------------------------------------------- from the definitions


def _opt(S, L, hard, d):
    """V(S, L, d) by the oracle; None when no strategy finishes within d."""
    if d is not None and d < 1:
        return None
    return exhaustive_optimum(S, L, hard=hard, max_guesses=d)


def reference_review(lists, turns, hard, cap):
    """Per turn (V, Q(guess), skill, luck, luck percentile, position), computed
    from the definitions in wordle_opt.review with the exhaustive oracle."""
    out, S, history = [], list(lists.answers), []
    for t, (g, p) in enumerate(turns):
        L = [w for w in lists.guesses if violation(history, w, hard) is None]
        d = None if cap is None else cap - t
        V = _opt(S, L, hard, d)
        Q = exhaustive_optimum(S, L, hard=hard, max_guesses=d, opener=g)
        groups = {}
        for a in S:
            groups.setdefault(score_words(g, a), []).append(a)
        left = {}  # colouring -> guesses still needed after g, per answer (None: cannot finish)
        for q, Sq in groups.items():
            if q == ALL_GREEN:
                left[q] = Fraction(0)
                continue
            Lq = [w for w in L if violation([(g, q)], w, hard) is None]
            v = _opt(Sq, Lq, hard, None if d is None else d - 1)
            left[q] = None if v is None else Fraction(v, len(Sq))
        skill = None if V is None else (0.0 if Q is None else 100 * V / Q)
        luck = pct = None
        if Q is not None:
            n = len(S)
            luck = (Q - n) / n - float(left[p])
            worse = sum(len(groups[q]) for q in groups if left[q] > left[p])
            same = sum(len(groups[q]) for q in groups if left[q] == left[p])
            pct = 100 * (worse + same / 2) / n
        out.append((V, Q, skill, luck, pct, (S, L, d)))
        S = groups[p]
        history.append((g, p))
    return out


@st.composite
def games(draw, hard):
    answers = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8, unique=True))
    extra = draw(st.lists(st.sampled_from(WORDS), max_size=4, unique=True))
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    cap = draw(st.sampled_from([None, 2, 3, 4]))
    answer = draw(st.sampled_from(lists.answers))
    turns = []
    for _ in range(cap or 5):
        legal = [w for w in lists.guesses if violation(turns, w, hard) is None]
        g = draw(st.sampled_from(legal))
        turns.append((g, score_words(g, answer)))
        if turns[-1][1] == ALL_GREEN:
            break
    return lists, cap, answer, turns


@pytest.mark.parametrize("hard", [None, "nyt", "strict"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), colours_form=st.booleans())
def test_values_skill_and_luck_match_the_definitions(hard, data, colours_form):
    check_against_definitions(*data.draw(games(hard)), hard=hard, colours_form=colours_form)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_set_solved_in_batch_gives_the_same_review(data):
    # Easy mode's big sets go to solver.bounded; from one answer on here.
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(bounded, "BOUNDED_MIN", 1)
        check_against_definitions(*data.draw(games(None)), hard=None, colours_form=False)


def check_against_definitions(lists, cap, answer, turns, *, hard, colours_form):
    if colours_form:
        game = ".".join(f"{g}.{wordle_opt.Pattern(p).byg}" for g, p in turns)
        r = review(game, hard=hard, answers=lists, max_guesses=cap, threads=1, cache_mb=1)
    else:
        r = review(
            " ".join(g for g, _ in turns),
            answer=answer,
            hard=hard,
            answers=lists,
            max_guesses=cap,
            threads=1,
            cache_mb=1,
        )
    ref = reference_review(lists, turns, hard, cap)
    assert len(r.turns) == len(turns)
    for turn, (V, Q, skill, luck, pct, (S, L, d)) in zip(r.turns, ref):
        assert turn.exact and turn.best_scope == "proven best"  # (at most 12 guesses: every tie tried)
        assert turn.candidates_before == len(S)
        assert set(turn.candidates_after) == {a for a in S if score_words(turn.guess, a) == turn.colours}
        assert turn.best.total == (float("inf") if V is None else V)
        assert turn.player.total == (float("inf") if Q is None else Q)
        assert turn.skill == pytest.approx(skill) if skill is not None else turn.skill is None
        assert turn.luck == pytest.approx(luck) if luck is not None else turn.luck is None
        assert turn.luck_percentile == pytest.approx(pct) if pct is not None else turn.luck_percentile is None
        # the guesses named best are exactly those that reach the optimum
        if V is not None:
            best = {b for b in L if exhaustive_optimum(S, L, hard=hard, max_guesses=d, opener=b) == V}
            assert set(turn.best_guesses) == best


def test_a_guess_that_ties_only_without_the_cap_is_not_best():
    # After BATCH, FIGHT LIGHT SIGHT remain with 2 guesses left. FIGHT would
    # leave LIGHT and SIGHT together (BGGGG), which 1 guess cannot finish:
    # only FLUME (F, L, neither) splits all three within the cap.
    lists = WordLists.from_words(["sight", "fight", "flume", "light"], ["batch"], name="ight")
    r = review("batch batch", answer="sight", answers=lists, max_guesses=3, threads=1, cache_mb=1)
    assert r.turns[1].candidates_before == 3
    assert r.turns[1].best_guesses == ("flume",) and r.turns[1].best.total == 6
    assert r.turns[1].player.total == float("inf") and r.turns[1].skill == 0.0
    assert str(r).splitlines()[-1] == f"reviewed in {r.seconds:.2f} s"  # (not a bare "1.09 s": issue 49)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=2, max_size=8, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=4, unique=True),
    data=st.data(),
)
def test_following_an_optimal_tree_scores_full_skill(answers, extra, data):
    lists = WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")
    tree = exhaustive_tree(lists.answers, lists.guesses)
    answer = data.draw(st.sampled_from(lists.answers))
    node, game = tree, []
    while True:
        game.append(node.guess)
        p = score_words(node.guess, answer)
        if p == ALL_GREEN:
            break
        node = node.children[p]
    r = review(game, answer=answer, answers=lists, max_guesses=None, threads=1, cache_mb=1)
    assert [t.skill for t in r.turns] == [100.0] * len(game)
    assert all(t.guess in t.best_guesses for t in r.turns)


# ------------------------------------------------- the original lists


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
@pytest.mark.parametrize("hard", [None, "nyt"])
def test_the_optimal_salet_tree_scores_full_skill_on_every_turn(original, hard):
    tree = wordle_opt.search("salet", hard=hard, answers=original).tree
    for answer in ("crate", "wedge", "nymph", "fluff", "siege"):
        game = [g for g, _ in tree.path(answer)]
        r = review(game, answer=answer, hard=hard, answers=original)
        assert [t.skill for t in r.turns] == [100.0] * len(game), (answer, str(r))
        assert all(t.player.exact and t.best.exact for t in r.turns)
        # the first turn's best is only the best of the openers searched: said so
        assert r.turns[0].best_scope.startswith("best of the") and not r.turns[0].exact
        assert r.turns[-1].colours == ALL_GREEN and r.turns[-1].candidates_after == (answer,)


@pytest.mark.slow
def test_adieu_costs_8370_against_salets_7920(original):
    r = review("adieu crate", answer="crate", answers=original, openers=["salet"])
    first = r.turns[0]
    assert first.player.total == 8370 and first.player.exact
    assert first.best.total == 7920 and first.best_guesses == ("salet",)
    assert first.loss == pytest.approx(450 / 2315) and round(first.loss, 3) == 0.194
    assert "8370 guesses over 2315 answers against 7920, i.e. 0.194 guesses per game" in str(r)


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_a_turn_reports_candidates_and_expectations(original):
    r = review("salet drone crate", answer="crate", answers=original)
    t2 = r.turns[1]
    assert t2.candidates_before == 20
    assert t2.candidates_after == ("crate", "grate", "irate", "trace")
    # every figure is the exact total over the candidates, divided by their number
    assert t2.player.expected == t2.player.total / 20 and t2.best.total <= t2.player.total
    assert t2.expected_after == pytest.approx((t2.player.total - 20) / 20)
    assert t2.realised_after == pytest.approx(r.turns[2].best.total / 4)
    text, html = str(r), r._repr_html_()
    assert "CRATE GRATE IRATE TRACE" in text and "<table>" in html and "SALET" in html
    assert repr(r).startswith("<Review 'salet drone crate'")
    d = json.loads(json.dumps(r.as_dict(), allow_nan=False))  # what a web page gets
    assert d["turns"][1]["candidates_after"] == ["crate", "grate", "irate", "trace"]
    assert d["turns"][1]["colours"] == "BGBBG" and d["turns"][1]["skill"] == t2.skill


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_a_time_limit_gives_proven_bounds_marked_as_such(original, monkeypatch):
    # SALET's exact 7920 takes about a second: stopped at 1 ms, the review
    # shows a lower bound instead, labelled, and it is below the exact value.
    monkeypatch.setattr(review_values, "_ROOT_CACHE", {})  # no exact value remembered
    r = review("salet", answer="crate", answers=original, time_limit=0.001)
    t = r.turns[0]
    assert not t.player.exact and 2 * 2315 - 1 <= t.player.total <= 7920
    assert r.stopped_searches > 0 and "proven lower bounds" in str(r)
    assert not t.exact and ">=" in str(r)


# ------------------------------------------------- bad games


@pytest.mark.parametrize(
    "game,answer,hard,message",
    [
        ("salet drone crate", "crape", None, "'crape' is a valid guess but not a possible answer in list 'original'"),
        ("salet xyzz crate", "crate", None, "turn 2: guess 'xyzz' has 4 letters"),
        ("salet zzzzz crate", "crate", None, "turn 2: 'zzzzz' is not an allowed guess in list 'original'"),
        ("salet.BBBYB.drone.GBBBG", "judge", None, "turn 2: DRONE against the answer JUDGE colours YBBBG, not GBBBG"),
        ("salet.BBBBB.drone.GGGGG", None, None, "turn 2: no answer in list 'original' gives SALET BBBBB, DRONE GGGGG"),
        ("salet crate drone", "crate", None, "turn 3: DRONE follows CRATE GGGGG at turn 2"),
        ("salet.BBBYB.drone", None, None, "3 parts, expected WORD.COLOURS pairs"),
        ("salet.BBQYB", None, None, "turn 1 (SALET): pattern 'BBQYB'"),
        ("", None, None, "empty game"),
        ("salet drone crane crate", "crate", "nyt", "turn 2: DRONE breaks the hard rule (nyt): guess must contain A"),
        ("a.b.c.d", None, None, "turn 1: guess 'a' has 1 letter"),
    ],
)
def test_bad_games_get_one_line_errors(original, game, answer, hard, message):
    with pytest.raises(WordleOptError) as info:
        review(game, answer=answer, hard=hard, answers=original)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(
    "game,answer",
    [
        ("salet drone crate", "crate"),
        ("salet.drone.crate", "crate"),  # as the page's links write it (app.js)
        (["salet", "drone", "crate"], "crate"),
        ("salet.BYBYY.drone.BGBBG.crate.GGGGG", None),
        ("salet.BYBYY.drone.BGBBG.crate.GGGGG", "crate"),
        ("salet BYBYY drone BGBBG crate GGGGG", "crate"),
        ([("salet", "BYBYY"), ("drone", "BGBBG"), ("crate", "GGGGG")], None),
    ],
)
def test_every_documented_form_of_a_game_reads_the_same(original, game, answer):
    turns = parse_game(game, original, answer=answer)
    assert [(w, p.byg) for w, p in turns] == [("salet", "BYBYY"), ("drone", "BGBBG"), ("crate", "GGGGG")]


def test_dotted_colours_that_the_answer_contradicts_are_refused(original):
    with pytest.raises(GameError, match="turn 2 \\(DRONE\\): pattern 'crate'"):
        parse_game("salet.BYBYY.drone.crate", original, answer="crate")


def test_hard_mode_errors_are_hard_mode_errors(original):
    with pytest.raises(HardModeError):
        review("salet drone crate", answer="crate", hard="strict", answers=original)


def test_a_game_longer_than_the_cap_is_refused(original):
    game = "fight light might night right sight tight"
    with pytest.raises(GameError, match="turn 7: TIGHT is guess 7, beyond the cap of 6"):
        review(game, answer="tight", answers=original)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # (tens of seconds: the quick line stays under 5 minutes)
def test_cli_review_prints_the_table_and_one_line_errors():
    r = _cli("review", "salet.BBBYB.drone.YBBBG")
    assert r.returncode == 0, r.stderr
    assert "BUDGE CHIDE FUDGE GUIDE HEDGE JUDGE MIDGE WEDGE" in r.stdout and "skill" in r.stdout
    r = _cli("review", "--answer", "crate", "salet", "drone", "crane", "crate", "--hard")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == "error: turn 2: DRONE breaks the hard rule (nyt): guess must contain A"


def test_ctrl_c_stops_a_long_review_at_once(tmp_path, ctrl_c):
    # QAJAQ's value in the every-word game takes minutes to prove, with no
    # time limit: Ctrl-C must end it.  (On the original lists it now takes
    # about 7 s, all after the first progress line could come: on an idle
    # machine the line came at 8 s and the review ended before the signal.)
    args = ["review", "qajaq", "--answer", "crate", "--answers", "original-all", "--time-limit", "3600"]
    r = ctrl_c(args, tmp_path, wait=1, started=True)
    assert r.running  # still searching
    *progress, last = r.err.strip().splitlines()
    assert r.returncode == 130 and last == "interrupted", r.err
    assert progress and all(line.startswith("progress: turn 1 QAJAQ") for line in progress), r.err
    assert r.seconds < 5


def test_an_opener_ranking_proves_the_first_turns_best(original, tmp_path):
    # Past 100 answers the review only searches a shortlist; a ranking makes its "best" proven.
    lists = WordLists.from_words(
        original.answers[:130], guesses=sorted(set(original.answers[:130]) | set(original.guesses[:500])), name="sample"
    )
    ranking = wordle_opt.rank_openers(answers=lists, top=2, workers=1, progress=False)
    best = ranking.ranking[0]
    unranked = review(f"{best.word} {lists.answers[7]}", answer=lists.answers[7], answers=lists)
    assert not unranked.turns[0].best_scope.startswith("proven")
    r = review(f"{best.word} {lists.answers[7]}", answer=lists.answers[7], answers=lists, ranking=ranking)
    first = r.turns[0]
    assert first.best_scope.startswith("proven best") and best.word in first.best_guesses
    assert first.best.total == best.total == wordle_opt.search(best.word, answers=lists).total
    assert first.skill == 100
    # (a ranking of another problem is refused in one line, naming what differs)
    with pytest.raises(WordleOptError, match=r"another problem \(rule differ"):
        review(f"{best.word} {lists.answers[7]}", answer=lists.answers[7], answers=lists, hard="nyt", ranking=ranking)
    # and from the CLI, through a checkpoint file
    words = tmp_path / "words.txt"
    words.write_text("\n".join(lists.answers) + "\n")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_opt",
            "review",
            best.word,
            lists.answers[7],
            "--answer",
            lists.answers[7],
            "--answers",
            str(words),
            "--ranking",
            str(tmp_path / "rank.sqlite"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "not proven" not in out.stdout and (tmp_path / "rank.sqlite").exists()


def test_review_builds_its_problem_and_options_once_and_passes_them_down(monkeypatch):
    from wordle_opt.reviews import reviewer
    from wordle_opt.rules import Rule
    from wordle_opt.solver.options import SearchOptions

    seen = []

    def spy(problem, options, game, answer=None, **more):
        seen.append((problem, options))
        return real(problem, options, game, answer, **more)

    real = reviewer.review_problem
    monkeypatch.setattr(reviewer, "review_problem", spy)
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]
    r = reviewer.review(
        "cigar rebut", answer="rebut", hard="strict", answers=words, threads=1, cache_mb=4, time_limit=9
    )
    [(problem, options)] = seen
    assert problem.rule is Rule.STRICT and r.hard == "strict"
    assert options == SearchOptions(threads=1, cache_mb=4, time_limit=9)
