"""Issue 9 defects in the search path, and the search API's fallback and
plain-Python mode (issue 8).  Each test failed before its fix."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from oracle import exhaustive_optimum
from searching import search

from wordle_opt.errors import WordleOptError
from wordle_opt.wordlists import WordLists

IGHT = "fight light might night right sight tight wight bight".split()


def _cli(*args, cwd, timeout=60):
    return subprocess.run(
        [sys.executable, "-m", "wordle_opt", *args], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )


@pytest.mark.parametrize("bad", [float("inf"), float("nan"), True])
def test_non_finite_cache_is_refused(bad):
    # inf used to hang for good: the loop doubling the cache size overflowed.
    with pytest.raises(WordleOptError, match="cache_mb"):
        search("salet", cache_mb=bad)


@pytest.mark.parametrize("value", ["inf", "100000", "100000000"])
def test_cli_cache_too_big_is_one_line(tmp_path, value):
    r = _cli("search", "salet", "--cache-mb", value, cwd=tmp_path)
    assert r.returncode != 0 and "cache" in r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr and "MemoryError" not in r.stderr


def test_threads_beyond_the_cores_are_capped_with_a_note():
    lists = WordLists.from_words(IGHT[:4] + ["crane"], IGHT[:4] + ["crane"])
    notes = []
    result = search("crane", answers=lists, threads=999, note=notes.append)
    cores = os.cpu_count() or 1
    assert result.stats["threads"] == cores
    assert any("999 threads capped" in n and str(cores) in n for n in notes)


def test_progress_moves_inside_groups(monkeypatch):
    # The line used to move only when a whole group finished: it must also move
    # while the groups done stay the same (the nodes searched grow).  Polled every
    # millisecond here, so a search of a few tenths of a second is polled inside
    # its groups however fast the machine is (at 0.2 s it sometimes was not).
    monkeypatch.setattr("wordle_opt.solver.engine.POLL_SECONDS", 0.001)
    calls = []
    search("salet", threads=2, progress=lambda done, total, status: calls.append((done, total, status)))
    inside = [(a, b) for a, b in zip(calls, calls[1:]) if a[0] == b[0] and a[2] != b[2] and "nodes searched" in b[2]]
    assert inside, calls[:5]
    assert calls[-1][0] == calls[-1][1]


def test_a_huge_instance_is_announced_before_the_search(monkeypatch):
    monkeypatch.setattr(sys.modules["wordle_opt.solver.exact"], "BIG_GROUP", 3)
    lists = WordLists.from_words(IGHT, IGHT + ["vouch"])
    notes = []
    search("vouch", answers=lists, note=notes.append)  # VOUCH leaves all 9 _IGHTs in one group
    assert any("warning" in n and "9 of the 9 answers" in n for n in notes)


def test_fallback_finds_the_smallest_cap_with_one_engine():
    lists = WordLists.from_words(IGHT, IGHT)
    refuted, notes = [], []
    result = search("fight", answers=lists, max_guesses=3, fallback=True, on_refuted=refuted.append, note=notes.append)
    expected = next(c for c in range(4, 12) if exhaustive_optimum(IGHT, IGHT, max_guesses=c, opener="fight"))
    assert result.feasible and result.max_guesses == expected
    assert result.total == exhaustive_optimum(IGHT, IGHT, max_guesses=expected, opener="fight")
    assert [r.max_guesses for r in refuted] == list(range(3, expected))
    assert all(r.stats["seconds"] > 0 and r.stats["threads"] >= 1 for r in refuted)
    assert notes == [f"trying at most {c} guesses" for c in range(4, expected + 1)]


def test_an_infeasible_cap_is_not_called_proven_optimal():
    lists = WordLists.from_words(IGHT, IGHT)
    result = search("fight", answers=lists, max_guesses=3)
    assert not result.proven
    assert "proven optimal" not in str(result)
    assert "no strategy within 3 guesses" in str(result)


def test_cli_says_which_cap_it_tries(tmp_path):
    words = tmp_path / "ight.txt"
    words.write_text("\n".join(IGHT) + "\n")
    r = _cli("search", "fight", "--answers", str(words), "--max-guesses", "3", cwd=tmp_path)
    assert "trying at most 4 guesses" in r.stderr  # (a note, not the result: stderr)


def test_plain_python_search_matches_the_oracle(tmp_path):
    # WORDLE_OPT_IMPLEMENTATION=python runs the whole search on the plain twin.
    words = ["batch", "catch", "hatch", "latch", "match", "crane", "pious"]
    code = (
        "from wordle_opt import search\nfrom wordle_opt.wordlists import WordLists\n"
        "from wordle_opt.solver.exact import solve\nfrom wordle_opt.solver.options import SearchOptions\n"
        "from wordle_opt.solver.problem import Problem\n"
        "import wordle_opt.core as e\nassert e.modules(5).core.__name__ == 'wordle_opt.core._core_py'\n"
        f"w = {words!r}\n"
        "for hard in (None, 'nyt', 'strict'):\n"
        "    print(search('crane', hard=hard, answers=WordLists.from_words(w, w), threads=2,"
        " share_min=1).total)\n"
        # (and the batch of bounders, easy mode's threads sharing one subset table)
        "    print(solve(Problem(WordLists.from_words(w, w), hard, 6), 'crane', SearchOptions(threads=2, cache_mb=1,"
        " bounded_min=1, hard_bounded_min=1)).total)\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "WORDLE_OPT_IMPLEMENTATION": "python"},
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    expected = [
        exhaustive_optimum(words, words, hard=h, max_guesses=6, opener="crane") for h in (None, "nyt", "strict")
    ]
    assert [int(x) for x in r.stdout.split()] == [v for v in expected for _ in range(2)]


def test_cli_threads_beyond_the_cores_get_one_warning_line(tmp_path):
    words = tmp_path / "ight.txt"
    words.write_text("\n".join(IGHT[:5]) + "\n")
    r = _cli("search", "fight", "--answers", str(words), "--threads", "999", cwd=tmp_path)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    warnings = [line for line in r.stderr.splitlines() if "999 threads" in line]
    assert warnings == [f"warning: 999 threads capped at the machine's {os.cpu_count()} cores"]
