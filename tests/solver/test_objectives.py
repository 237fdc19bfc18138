"""The objectives (total, worst,total, total,worst) against the plain-Python
Pareto-front oracle written from their definitions, and the published
results that use them."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_front, exhaustive_objective, exhaustive_optimum
from searching import search

from wordle_opt.errors import WordleOptError
from wordle_opt.solver.objectives import parse_objective, rank_key
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

WORDS = sorted(
    set(
        """fight light might night right sight tight wight bight batch catch hatch latch
    match patch watch baker faker maker taker waker bound found hound mound pound round sound wound
    cater eater hater later water crane slate pious flume brick handy toxic jumpy vowel girth shard
    nymph whelp squib ozone fjord glyph knave""".split()
    )
)


def lists_for(answers, extra):
    return WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, cwd=cwd)


# The oracle found these: the tree with the smallest worst case (3) totals
# more than the tree with the fewest guesses (4 deep).
DISAGREE = [
    (None, "bight cater crane fight glyph latch right slate toxic wight", "might waker", ((3, 23), (4, 22))),
    ("nyt", "baker fjord girth hater jumpy light maker taker toxic waker", "sight wight", ((3, 23), (4, 22))),
    (None, "batch fight fjord found light might patch pound right shard", "wight", ((3, 25), (4, 23))),
]


def _check(result, lists, hard, expected):
    """result is feasible with (worst case, total) == expected and verifies."""
    if expected is None:
        assert not result.feasible
        return
    assert result.feasible
    assert (result.max_depth, result.total) == expected
    report = verify(result.tree, answers=lists.answers, guesses=lists.guesses, hard=hard)
    assert report.ok, report.errors
    assert (report.max_depth, report.total) == expected


@pytest.mark.parametrize("hard, answers, extra, front", DISAGREE)
def test_objectives_disagree_where_the_oracle_says(hard, answers, extra, front):
    lists = lists_for(answers.split(), extra.split())
    assert exhaustive_front(lists.answers, lists.guesses, hard) == front
    for opener in ("crane", "fight", lists.guesses[0]):
        if opener not in lists.guesses:
            continue
        for objective in ("worst,total", "total,worst"):
            want = exhaustive_objective(lists.answers, lists.guesses, objective, hard=hard, opener=opener)
            got = search(opener, hard=hard, answers=lists, max_guesses=None, minimise=objective, threads=1, cache_mb=1)
            _check(got, lists, hard, want)
    # Best opener: the objectives pick different trees.
    worst_first = search(None, hard=hard, answers=lists, max_guesses=None, minimise="worst,total", cache_mb=1)
    total_first = search(None, hard=hard, answers=lists, max_guesses=None, minimise="total,worst", cache_mb=1)
    _check(worst_first, lists, hard, front[0])
    _check(total_first, lists, hard, front[-1])
    assert worst_first.total > total_first.total and worst_first.max_depth < total_first.max_depth
    assert worst_first.proof == f"no tree solves all {len(lists.answers)} answers within 2 guesses from any opener"


@pytest.mark.parametrize("hard", [None, "nyt", "strict"])
@pytest.mark.parametrize("objective", ["total", "worst,total", "total,worst"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=1, max_size=10, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=5, unique=True),
    cap=st.sampled_from([None, 2, 3, 4]),
    data=st.data(),
)
def test_each_objective_equals_the_front_oracle(hard, objective, answers, extra, cap, data):
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses))
    want = exhaustive_objective(lists.answers, lists.guesses, objective, hard=hard, max_guesses=cap, opener=opener)
    got = search(
        opener, hard=hard, answers=lists, max_guesses=cap, minimise=objective, threads=2, cache_mb=1, fallback=False
    )
    if objective == "total":
        # The front agrees with the plain total oracle; the worst case of the
        # total-only tree is not part of the objective.
        assert (want and want[1]) == exhaustive_optimum(
            lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener
        )
        assert got.feasible == (want is not None)
        if want:
            assert got.total == want[1]
        return
    _check(got, lists, hard, want)


def test_parse_objective():
    assert parse_objective("Worst, Total") == "worst,total"
    assert parse_objective("worst") == "worst,total"
    assert parse_objective("total") == "total"
    with pytest.raises(WordleOptError, match="'speed' is not an objective; expected one of total, worst,total"):
        parse_objective("speed")
    with pytest.raises(WordleOptError, match="minimise"):
        search("crane", answers=WordLists.from_words(["crane", "slate"]), minimise="worst,speed")


def test_cli_minimise(tmp_path):
    words, guesses = tmp_path / "w.txt", tmp_path / "g.txt"
    words.write_text("\n".join(DISAGREE[0][1].split()) + "\n")
    guesses.write_text("\n".join(DISAGREE[0][1].split() + DISAGREE[0][2].split()) + "\n")
    r = _cli(
        "search",
        "--answers",
        str(words),
        "--guesses",
        str(guesses),
        "--max-guesses",
        "none",
        "--minimise",
        "worst,total",
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    # Without an opener, search proves the best opener by the ranking: by worst
    # case first it is (3, 23), while the fewest guesses in all is (4, 22).
    (worst, total), (worst_by_total, least_total) = DISAGREE[0][3]
    assert "minimise worst,total" in r.stdout
    best = re.search(r"^\s+1\s+([A-Z]+)\s+(\d+)\s+[\d.]+\s+(\d+)$", r.stdout, re.M)
    assert best and (int(best[3]), int(best[2])) == (worst, total), r.stdout
    assert f"no opener solves every answer within {worst - 1} guesses" in r.stdout
    plain = _cli("search", "--answers", str(words), "--guesses", str(guesses), "--max-guesses", "none", cwd=tmp_path)
    first = re.search(r"^\s+1\s+([A-Z]+)\s+(\d+)\s+[\d.]+\s+(\d+)$", plain.stdout, re.M)
    assert first and (int(first[3]), int(first[2])) == (worst_by_total, least_total), plain.stdout
    bad = _cli("search", "crane", "--answers", str(words), "--minimise", "fast", cwd=tmp_path)
    assert bad.returncode != 0 and len(bad.stderr.strip().splitlines()) == 1


# ------------------------------------------------------------ published results


@pytest.mark.slow
def test_salet_worst_then_total_is_5_7920(original):
    result = search("salet", answers=original, minimise="worst,total")
    assert (result.max_depth, result.total) == (5, 7920)
    assert result.proof == "no tree solves all 2315 answers within 4 guesses from SALET"


@pytest.mark.slow
def test_palet_hard_worst_then_total_is_5_8206(original):
    # (no tree within 4 exists even in easy mode from SALET; PALET's own proof is the search's)
    result = search("palet", hard="nyt", answers=original, minimise="worst,total")
    assert (result.max_depth, result.total) == (5, 8206)
    assert result.proof == "no tree solves all 2315 answers within 4 guesses from PALET"
    assert verify(result.tree, answers=original.answers, guesses=original.guesses, hard="nyt").ok


@pytest.mark.slow
def test_trace_hard_needs_8(original):
    result = search("trace", hard="nyt", answers=original, max_guesses=None, minimise="worst,total")
    assert result.max_depth == 8
    assert result.proof == "no tree solves all 2315 answers within 7 guesses from TRACE"


# ------------------------------------------------------------ anytime search


@pytest.mark.parametrize("hard", [None, "nyt"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=1, max_size=14, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=5, unique=True),
    cap=st.sampled_from([None, 3, 4, 6]),
    beam=st.sampled_from([1, 2, 5]),
    limit=st.sampled_from([None, 1e-6, 0.1]),
    data=st.data(),
)
def test_anytime_tree_verifies_and_its_bound_is_below_the_optimum(hard, answers, extra, cap, beam, limit, data):
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses))
    exact = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    got = search(opener, hard=hard, answers=lists, max_guesses=cap, beam=beam, time_limit=limit, threads=2, cache_mb=1)
    if got.stopped and not got.feasible:
        # The time limit ended the beam before a tree: no claim about the cap, a true bound.
        assert limit is not None and "no tree found in the time given" in str(got)
        assert exact is None or got.lower_bound <= exact
        return
    if exact is None:
        assert not got.feasible
        return
    assert got.feasible
    report = verify(got.tree, answers=lists.answers, guesses=lists.guesses, hard=hard, max_guesses=cap)
    assert report.ok, report.errors
    assert report.total == got.total >= exact >= got.lower_bound
    if limit is None:
        # No time limit: the closing phase runs until the proof is complete.
        assert got.lower_bound == got.total == exact and got.proven


def test_anytime_on_salet_reaches_the_proven_optimum(original):
    got = search("salet", answers=original, beam=1)
    assert got.lower_bound == got.total == 7920 and got.proven
    assert "lower bound  7920 (proven); the tree is optimal\n" in str(got)


def test_anytime_stopped_in_the_beam_says_no_tree_was_found_in_time(original):
    got = search("salet", answers=original, beam=1, time_limit=1e-6)
    assert got.stopped and not got.feasible and got.tree is None and not got.proven
    assert 2315 < got.lower_bound <= 7920  # the groups' first bounds, from before the beam
    text = str(got)
    assert "no tree found in the time given" in text and "no strategy" not in text
    assert f"lower bound  {got.lower_bound} (proven)" in text


def test_anytime_bad_input():
    lists = WordLists.from_words(["crane", "slate"])
    for kwargs, match in [
        (dict(beam=0), "beam must be a positive"),
        (dict(time_limit=-1), "time_limit"),
        (dict(beam=2, minimise="worst,total"), "needs an opener and minimise='total'"),
    ]:
        with pytest.raises(WordleOptError, match=match):
            search("crane", answers=lists, **kwargs)
    with pytest.raises(WordleOptError, match="needs an opener"):
        search(None, answers=lists, beam=1)


def test_rank_key_orders_by_the_objective():
    trees = [(7920, 5), (7925, 4), (7920, 6)]  # (total, worst)
    assert sorted(trees, key=lambda t: rank_key("total,worst", *t)) == [(7920, 5), (7920, 6), (7925, 4)]
    assert sorted(trees, key=lambda t: rank_key("worst,total", *t)) == [(7925, 4), (7920, 5), (7920, 6)]
    assert rank_key("total", 7920, 5) == rank_key("total", 7920, 6)


def test_cli_anytime_tree_verifies(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n")
    out = tmp_path / "tree.txt"
    r = _cli(
        "search", "crane", "--answers", str(words), "--beam", "1", "--time-limit", "30", "--out", str(out), cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    total = int(next(line.split()[1] for line in r.stdout.splitlines() if line.startswith("total ")))
    assert f"lower bound  {total} (proven); the tree is optimal" in r.stdout
    assert total == exhaustive_optimum(WORDS, WORDS, opener="crane", max_guesses=6)
    v = _cli("verify", str(out), "--answers", str(words), cwd=tmp_path)
    assert v.returncode == 0 and f"total: {total}" in v.stdout, v.stdout + v.stderr


def test_cli_ctrl_c_during_the_anytime_search_returns_the_best_tree_and_its_bound(tmp_path, ctrl_c):
    # FUZZY's proof takes far longer than its beam (1 s beam, > 15 s closing measured):
    # Ctrl-C once the closing phase runs must print the beam's tree with its bound.
    out = tmp_path / "tree.txt"
    r = ctrl_c(
        ["search", "fuzzy", "--beam", "1", "--threads", "1", "--out", str(out)],
        tmp_path,
        marker="now raising the lower bound",
    )
    text, err = r.out, r.err
    assert r.running and r.returncode == 0, text + err
    total = int(next(line.split()[1] for line in text.splitlines() if line.startswith("total ")))
    bound = int(next(line.split()[2] for line in text.splitlines() if line.startswith("lower bound ")))
    assert bound <= total
    assert "Traceback" not in err
    v = _cli("verify", str(out), cwd=tmp_path)
    assert v.returncode == 0 and f"total: {total}" in v.stdout, v.stdout + v.stderr
