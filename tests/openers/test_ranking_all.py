"""`openers --top all` (issue 24): the complete table, every opener exact,
each equal to that opener's own search, and a run stopped part way resumes
from its checkpoint without redoing the openers it saved."""

from __future__ import annotations

import csv

import pytest

from wordle_opt import search
from wordle_opt.cli import main
from wordle_opt.openers import ranker, tasks
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.result import EXACT, INFEASIBLE
from wordle_opt.wordlists import WordLists

WORDS = (
    "fight light might night right sight tight batch catch hatch match patch bound found hound "
    "mound sound salet crane flomp wrist thumb clamp dwarf bowel chump group"
).split()


@pytest.mark.parametrize("hard", [None, "nyt"])
def test_top_all_writes_every_opener_exact_and_equal_to_its_own_search(tmp_path, hard):
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(WORDS) + "\n")
    out, ck = tmp_path / "all.csv", tmp_path / "ck.sqlite"
    args = ["openers", "--answers", str(words), "--top", "all", "--workers", "1", "--out", str(out)]
    args += ["--checkpoint", str(ck)] + (["--hard", hard] if hard else [])
    assert main(args) == 0
    rows = list(csv.DictReader(out.open()))
    assert sorted(r["opener"] for r in rows) == sorted(WORDS)
    # every row settled: an exact total with its rank, or proven infeasible within the cap (hard mode)
    assert all((r["kind"] == EXACT and r["rank"]) or r["kind"] == INFEASIBLE for r in rows)
    exact = [r for r in rows if r["kind"] == EXACT]
    assert sorted(int(r["rank"]) for r in exact) == list(range(1, len(exact) + 1))
    assert len(exact) == len(rows) if hard is None else len(exact) > 0
    # (the best opener's tree only: the table is the totals)
    assert [bool(r["worst"]) for r in sorted(exact, key=lambda r: int(r["rank"]))] == [True] + [False] * (
        len(exact) - 1
    )
    lists = WordLists.from_words(tuple(WORDS), name="small")
    for r in rows:
        one = search(r["opener"], answers=lists, hard=hard, threads=1)
        if r["kind"] == EXACT:
            assert one.proven and one.total == int(r["total"]), r
        else:
            assert not one.feasible, r


def test_a_complete_table_stopped_part_way_resumes_without_redoing_saved_openers(tmp_path, monkeypatch):
    lists = WordLists.from_words(tuple(WORDS), name="small")
    n = len(lists.guesses)
    fresh = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False)
    assert len(fresh.ranking) == n
    calls, stop = [], [True]
    real = tasks.prove_opener

    def stopping(problem, o, beta, **kw):
        if stop[0] and len(calls) == n // 2:
            raise KeyboardInterrupt
        calls.append(int(o))
        return real(problem, o, beta, **kw)

    monkeypatch.setattr(tasks, "prove_opener", stopping)  # (the batches)
    monkeypatch.setattr(ranker, "prove_opener", stopping)  # (the seeds)
    ck = str(tmp_path / "ck.sqlite")
    with pytest.raises(KeyboardInterrupt):
        rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, checkpoint=ck)
    first = list(calls)
    assert 0 < len(first) < n
    calls.clear()
    stop[0] = False
    again = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, checkpoint=ck)
    assert [(x.word, x.total) for x in again.ranking] == [(x.word, x.total) for x in fresh.ranking]
    # (an opener proven before the stop is in the checkpoint and is not searched again)
    assert not set(calls) & set(first), sorted(set(calls) & set(first))


def _run_until_stopped(problem) -> None:
    """A proof that would not end: busy (the budget is CPU time) until this
    thread's engine is stopped, then what the core raises."""
    stopping = tasks._state(problem).engine.stopping
    while not stopping.is_set():
        pass
    raise KeyboardInterrupt("search stopped")


@pytest.mark.parametrize("hard", [None, "nyt"])
def test_a_table_proves_the_openers_over_its_budget_last_and_to_the_same_values(monkeypatch, hard):
    # (ranker.TABLE_BUDGET: a proof that outlasts it is stopped, from another
    # thread as Ctrl-C stops one, and made again with no limit once every
    # other opener is settled; the stopped solver is replaced)
    lists = WordLists.from_words(tuple(WORDS), name="small")
    n = len(lists.guesses)
    fresh = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard)
    slow, calls = {"fight", "crane"}, []
    real = tasks.prove_opener

    def proving(problem, o, beta, **kw):
        word = problem.guesses[o]
        calls.append(word)
        if word in slow and calls.count(word) == 1:
            _run_until_stopped(problem)
        return real(problem, o, beta, **kw)

    monkeypatch.setattr(tasks, "prove_opener", proving)
    monkeypatch.setattr(ranker, "prove_opener", proving)
    monkeypatch.setattr(ranker, "TABLE_BUDGET", 0.3)
    again = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard)
    assert again.facts == fresh.facts
    assert [(x.word, x.total) for x in again.ranking] == [(x.word, x.total) for x in fresh.ranking]
    assert sorted(calls[-2:]) == sorted(slow) and all(calls.count(w) == 2 for w in slow)
    assert sorted(calls[:-2]) == sorted(lists.guesses)  # (each once, the slow ones' first tries among them)


@pytest.mark.parametrize("hard", [None, "nyt"])
def test_a_table_whose_every_proof_is_stopped_at_once_still_completes_exactly(monkeypatch, hard):
    # (budget 0: the core's own searches stopped as soon as they start)
    lists = WordLists.from_words(tuple(WORDS), name="small")
    n = len(lists.guesses)
    fresh = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard)
    kinds, within = [], tasks.prove_opener_within

    def counted(problem, o, budget, **kw):
        out = within(problem, o, budget, **kw)
        kinds.append(out[1])
        return out

    monkeypatch.setattr(tasks, "prove_opener_within", counted)
    monkeypatch.setattr(ranker, "TABLE_BUDGET", 0.0)
    again = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard)
    assert again.facts == fresh.facts
    assert [(x.word, x.total) for x in again.ranking] == [(x.word, x.total) for x in fresh.ranking]
    assert len(kinds) == n and kinds.count(tasks.DEFERRED) > n // 2, kinds


def test_a_resumed_table_proves_the_openers_put_off_before_last_and_with_no_budget(tmp_path, monkeypatch):
    # (the checkpoint keeps them: else each sitting spends TABLE_BUDGET on each again)
    lists = WordLists.from_words(tuple(WORDS), name="small")
    n, ck = len(lists.guesses), str(tmp_path / "ck.sqlite")
    fresh = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False)
    calls, slow, first = [], [], [True]
    real, within = tasks.prove_opener, tasks.prove_opener_within

    def proving(problem, o, beta, **kw):
        word = problem.guesses[o]
        calls.append(word)
        if not slow:  # (the first opener proven is over the budget)
            slow.append(word)
            _run_until_stopped(problem)
        return real(problem, o, beta, **kw)

    def tried_within(problem, o, budget, **kw):
        calls.append("within")
        if first[0] and calls.count("within") == 5:
            raise KeyboardInterrupt  # (Ctrl-C: the sitting ends after four tries)
        return within(problem, o, budget, **kw)

    monkeypatch.setattr(tasks, "prove_opener", proving)
    monkeypatch.setattr(ranker, "prove_opener", proving)
    monkeypatch.setattr(tasks, "prove_opener_within", tried_within)
    monkeypatch.setattr(ranker, "TABLE_BUDGET", 0.3)
    with pytest.raises(KeyboardInterrupt):
        rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, checkpoint=ck)
    assert len(slow) == 1 and calls.count(slow[0]) == 1
    calls.clear()
    first[0] = False
    again = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, checkpoint=ck)
    # the others within the budget, then the one put off, last and with none
    assert calls[-1] == slow[0] and calls[-2] != "within" and calls.count(slow[0]) == 1
    assert calls.count("within") == n - 4
    assert again.facts == fresh.facts


def test_a_table_s_budget_counts_the_proving_thread_s_cpu_not_the_wall_clock():
    # (at the lowest priority beside CI, 15-second openers took over 120 s of wall time)
    import time

    spent, c0 = tasks._thread_cpu(), time.thread_time()
    time.sleep(0.3)
    assert spent() < 0.1
    while time.thread_time() - c0 < 0.3:  # (0.3 s of this thread's CPU, however long that takes)
        pass
    assert 0.25 <= spent() <= time.thread_time() - c0 + 0.05
