"""A complete table proves a letter class's openers one after another on one
solver (`tasks.prove_openers_within`), the openers that are answers first,
and Ctrl-C in the middle of a class keeps the openers of it already proven."""

from __future__ import annotations

import pytest

from wordle_opt.openers import ranker, tasks
from wordle_opt.openers.ranking import rank_openers
from wordle_opt.wordlists import WordLists

ANSWERS = (
    "salet slate least stale steal crane caner nacre react crate trace cater fight night bound sound "
    "mound chump group dwarf"
).split()
# (classes: salet slate least stale steal; crane caner nacre; react crate trace cater)


def _lists() -> WordLists:
    return WordLists.from_words(tuple(ANSWERS), tuple(ANSWERS), name="anagrams")


@pytest.mark.parametrize("hard", [None, "nyt"])
def test_a_table_proves_each_letter_class_together_and_to_the_same_values(monkeypatch, hard):
    lists = _lists()
    n = len(lists.guesses)
    one_by_one = rank_openers(answers=lists, top=3, workers=1, progress=False, trees=False, hard=hard)
    seen, real = [], tasks.prove_opener_within

    def proving(problem, o, budget, **kw):
        seen.append((problem.guesses[o], o))
        return real(problem, o, budget, **kw)

    monkeypatch.setattr(tasks, "prove_opener_within", proving)
    table = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard)
    assert sorted(w for w, _ in seen) == sorted(lists.guesses)
    # each class's openers one after another, CLASS_CHUNK at a time (one task each)
    monkeypatch.setattr(ranker, "CLASS_CHUNK", 2)
    seen.clear()
    rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, hard=hard)
    order = [w for w, _ in seen]
    for cls, size in (("aelst", 5), ("acenr", 3), ("acert", 4)):
        at = [i for i, w in enumerate(order) if "".join(sorted(w)) == cls]
        assert len(at) == size and all(b == a + 1 for a, b in zip(at[0::2], at[1::2])), (cls, order)
    # in worker processes too; the values are each opener's own, as a top-3 ranking proves them
    spread = rank_openers(answers=lists, top=n, workers=2, progress=False, trees=False, hard=hard)
    assert spread.facts == table.facts
    assert [(x.word, x.total) for x in table.ranking[:3]] == [(x.word, x.total) for x in one_by_one.ranking]
    for o, (kind, value) in one_by_one.facts.items():
        if kind == tasks.EXACT:
            assert table.facts[o] == (kind, value)


def test_ctrl_c_in_the_middle_of_a_class_keeps_the_openers_of_it_already_proven(tmp_path, monkeypatch):
    lists = _lists()
    n, ck = len(lists.guesses), str(tmp_path / "table.sqlite")
    fresh = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False)
    calls, real, stop, kept = [], tasks.prove_opener_within, [True], []

    def proving(problem, o, budget, **kw):
        word = problem.guesses[o]
        if stop[0] and calls and "".join(sorted(word)) == "".join(sorted(calls[-1])):
            kept.append(calls[-1])
            raise KeyboardInterrupt  # (Ctrl-C on a class's second opener)
        calls.append(word)
        return real(problem, o, budget, **kw)

    monkeypatch.setattr(tasks, "prove_opener_within", proving)
    with pytest.raises(KeyboardInterrupt):
        rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, checkpoint=ck)
    assert kept and "".join(sorted(kept[0])) in ("aelst", "acenr", "acert"), kept
    calls.clear()
    stop[0] = False
    again = rank_openers(answers=lists, top=n, workers=1, progress=False, trees=False, checkpoint=ck)
    # the class's first opener, proven in the task the Ctrl-C stopped, is kept, not proven again
    # (a task still in flight then is lost, as before)
    assert kept[0] not in calls and len(calls) < n, (kept, calls)
    assert again.facts == fresh.facts


def test_a_table_proves_the_answers_first(monkeypatch):
    # guesses that are no answer and split these answers better than any answer
    # does: by bound alone they would come first
    answers = "fight night might light sight right tight wight bound sound mound round found hound".split()
    lists = WordLists.from_words(tuple(answers), tuple(answers) + ("flimt", "nowts", "smirk"), name="ight")
    seen, real = [], tasks.prove_opener_within

    def proving(problem, o, budget, **kw):
        seen.append(problem.guesses[o])
        return real(problem, o, budget, **kw)

    monkeypatch.setattr(tasks, "prove_opener_within", proving)
    table = rank_openers(answers=lists, top=len(lists.guesses), workers=1, progress=False, trees=False)
    assert len(seen) == len(lists.guesses) and set(seen[: len(answers)]) == set(answers), seen
    assert table.ranking[0].word in ("flimt", "nowts", "smirk")  # (the best opener is no answer)
