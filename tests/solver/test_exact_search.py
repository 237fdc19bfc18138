"""The compiled exact search against the plain-Python exhaustive oracle, and
the search API's behaviour (trees, figures, errors, infeasibility)."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest
from clusters import CLUSTERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import exhaustive_optimum
from searching import search

import wordle_opt
from wordle_opt.errors import WordleOptError, WordListError
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists

OTHERS = (
    "crane slate pious flume brick handy toxic jumpy vowel girth shard nymph whelp squib ozone fjord glyph knave"
).split()
WORDS = sorted({w for c in CLUSTERS for w in c.split()} | set(OTHERS))

word_lists = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12, unique=True)


def lists_for(answers, extra):
    return WordLists.from_words(answers, sorted(set(answers) | set(extra)), name="generated")


@pytest.mark.parametrize("hard", [None, "nyt", "strict"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=word_lists,
    extra=st.lists(st.sampled_from(WORDS), max_size=6, unique=True),
    cap=st.sampled_from([None, 2, 3, 4]),
    shared=st.booleans(),
    data=st.data(),
)
def test_optimum_equals_exhaustive_search(hard, answers, extra, cap, shared, data):
    lists = lists_for(answers, extra)
    opener = data.draw(st.sampled_from(lists.guesses))
    expected = exhaustive_optimum(lists.answers, lists.guesses, hard=hard, max_guesses=cap, opener=opener)
    # shared: every group is solved by both threads together (Solver.solve_shared_root)
    result = search(
        opener, hard=hard, answers=lists, max_guesses=cap, threads=2, cache_mb=1, share_min=1 if shared else None
    )
    if expected is None:
        # (at least the group that has no tree; hard mode stops at the first)
        assert not result.feasible and result.tree is None and result.unsolvable
        return
    assert result.feasible
    assert result.total == expected
    report = verify(result.tree, answers=lists.answers, guesses=lists.guesses, hard=hard, max_guesses=cap)
    assert report.ok, report.errors
    assert report.total == expected


@pytest.mark.parametrize("hard", [None, "nyt", "strict"])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(WORDS), min_size=1, max_size=7, unique=True),
    extra=st.lists(st.sampled_from(WORDS), max_size=4, unique=True),
)
def test_best_opener_equals_exhaustive_search(hard, answers, extra):
    lists = lists_for(answers, extra)
    expected = exhaustive_optimum(lists.answers, lists.guesses, hard=hard)
    result = search(None, hard=hard, answers=lists, max_guesses=None, cache_mb=1)
    assert result.total == expected
    # the opener it names really achieves the optimum
    assert exhaustive_optimum(lists.answers, lists.guesses, hard=hard, opener=result.opener) == expected


def test_guess_outside_the_set_is_found():
    # Four _ight words and FLAMS: FLAMS tells F, L, M and S apart... but SIGHT,
    # MIGHT, LIGHT, FIGHT: the optimum guesses FLAMS (outside the set) first.
    lists = WordLists.from_words(["fight", "light", "might", "sight"], ["fight", "light", "might", "sight", "flams"])
    result = search(None, answers=lists, max_guesses=None)
    assert result.opener == "flams" and result.total == 8 == exhaustive_optimum(lists.answers, lists.guesses)


def test_tree_api_on_a_small_list():
    lists = WordLists.from_words(CLUSTERS[1].split() + ["crane", "pious"], WORDS)
    result = search("crane", answers=lists, threads=2)
    tree = result.tree
    assert tree.root.guess == "crane"
    assert sum(tree.histogram.values()) == len(lists.answers)
    assert result.total == sum(k * v for k, v in tree.histogram.items())
    assert result.average == pytest.approx(result.total / len(lists.answers))
    for answer in lists.answers:
        path = tree.path(answer)
        assert path[-1] == (answer, 242)
        for k in range(1, len(path)):
            assert tree.next_guess(path[:k]) == path[k][0]
    assert result.proven and result.stats["seconds"] > 0
    assert result.stats["threads"] == 2
    assert "total" in str(result) and "<table>" in result._repr_html_()


def test_infeasible_cap_is_reported_not_raised():
    lists = WordLists.from_words(CLUSTERS[0].split(), CLUSTERS[0].split())
    result = search("fight", answers=lists, max_guesses=3)
    assert not result.feasible and result.tree is None and result.total is None
    assert result.unsolvable
    assert "no strategy solves every answer within 3" in str(result)
    assert exhaustive_optimum(lists.answers, lists.guesses, max_guesses=3, opener="fight") is None


def test_bad_input_gets_clear_errors():
    with pytest.raises(WordListError, match="salte.*salet"):
        search("salte")
    with pytest.raises(WordleOptError, match="max_guesses"):
        search("salet", max_guesses=0)
    with pytest.raises(WordleOptError, match="max_guesses"):
        search("salet", max_guesses="six")
    with pytest.raises(WordleOptError, match="hard"):
        search("salet", hard="ultra")
    with pytest.raises(WordleOptError, match="threads"):
        search("salet", threads=0)
    with pytest.raises(WordleOptError, match="cache_mb"):
        search("salet", cache_mb=0)
    lists = WordLists.from_words(["crane", "slate"])
    with pytest.raises(WordleOptError, match="already has its guesses"):
        search("crane", answers=lists, guesses="original")


def test_exported_from_the_package():
    from wordle_opt.openers.best import search as search_best

    # (the same search, except that without an opener the ranking proves the best)
    assert wordle_opt.search is search_best
    # its own docstring (it was glued on from the solver's at import) names every option it takes
    params = inspect.signature(search_best).parameters
    assert [p for p in params if f"``{p}``" not in search_best.__doc__ and f"``{p}(" not in search_best.__doc__] == []
    assert wordle_opt.SearchResult.__name__ == "SearchResult"


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, cwd=cwd)


def test_cli_search_writes_a_tree_that_verifies(tmp_path):
    answers = CLUSTERS[4].split() + ["crane", "pious"]
    words = tmp_path / "words.txt"
    words.write_text("\n".join(answers) + "\n")
    out = tmp_path / "tree.txt"
    r = _cli("search", "crane", "--answers", str(words), "--out", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "proven optimal  yes" in r.stdout and "\x1b[" not in r.stdout
    total = int(next(line.split()[1] for line in r.stdout.splitlines() if line.startswith("total")))
    assert total == exhaustive_optimum(sorted(answers), sorted(answers), max_guesses=6, opener="crane")
    v = _cli("verify", str(out), "--answers", str(words), cwd=tmp_path)
    assert v.returncode == 0, v.stdout + v.stderr
    assert f"total: {total}" in v.stdout


def test_cli_search_over_the_cap_finds_the_smallest_cap(tmp_path):
    words = tmp_path / "ight.txt"
    words.write_text("\n".join(CLUSTERS[0].split()) + "\n")
    r = _cli("search", "fight", "--answers", str(words), "--max-guesses", "3", cwd=tmp_path)
    assert r.returncode == 1
    assert "no strategy solves every answer within 3 guesses" in r.stdout
    expected_cap = next(
        c
        for c in range(4, 12)
        if exhaustive_optimum(CLUSTERS[0].split(), CLUSTERS[0].split(), max_guesses=c, opener="fight")
    )
    assert f"the best it can do with {expected_cap} guesses" in r.stdout


def test_cli_search_bad_opener_is_one_line(tmp_path):
    r = _cli("search", "salte", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "salet" in r.stderr and "Traceback" not in r.stderr


def test_cli_hard_flag_before_the_opener(tmp_path):
    words = tmp_path / "words.txt"
    answers = CLUSTERS[4].split() + ["crane", "pious"]
    words.write_text("\n".join(answers) + "\n")
    expected = exhaustive_optimum(sorted(answers), sorted(answers), hard="nyt", max_guesses=6, opener="crane")
    for args in (["--hard", "crane"], ["crane", "--hard"], ["--hard", "nyt", "crane"]):
        r = _cli("search", *args, "--answers", str(words), cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert "hard (NYT rule)" in r.stdout and f"total           {expected}" in r.stdout
    r = _cli("search", "--hard", "strict", "crane", "--answers", str(words), cwd=tmp_path)
    assert "hard (strict rule)" in r.stdout


def test_ctrl_c_stops_a_long_search_at_once(tmp_path, ctrl_c):
    # The best opener over the full lists is a search of hours: Ctrl-C must end it.
    r = ctrl_c(["search"], tmp_path, wait=1, started=True)
    assert r.running  # still searching
    *progress, last = r.err.strip().splitlines()
    assert r.returncode == 130 and last == "interrupted", r.err
    assert progress and all(line.startswith("openers: ") for line in progress), r.err
    assert r.seconds < 5


@pytest.mark.parametrize(
    "args,message",
    [
        (["--threads", "0"], "--threads: must be at least 1"),
        (["--cache-mb", "0"], "--cache-mb: must be above 0"),
        (["--max-guesses", "none?"], "--max-guesses"),
        (["--out", "no-such-folder/tree.txt"], "does not exist"),
        (["--out", "."], "is a directory"),
    ],
)
def test_cli_search_bad_options_fail_before_searching(tmp_path, args, message):
    r = _cli("search", "salet", *args, cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
