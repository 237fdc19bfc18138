"""A ranking table a user made (issue 24): the CSV of `openers --out` names
the problem it was ranked on on every row, `read_ranking_file` reads it back
whole (every fact as the ranking proved it) and refuses, in one line naming
the file, anything else; `RankingTable.mismatch` says why it is not the
table of another game."""

from __future__ import annotations

import csv

import pytest

from wordle_opt.openers.ranking import rank_openers
from wordle_opt.openers.tables import (
    BOUND,
    EXACT,
    INFEASIBLE,
    PROBLEM_COLUMNS,
    RankingTableError,
    is_table_file,
    read_ranking_file,
)
from wordle_opt.wordlists import WordLists

WORDS = "fight light might night right sight batch catch hatch match bound found hound crane flomp thumb".split()


@pytest.fixture(scope="module")
def lists():
    return WordLists.from_words(tuple(WORDS), name="small")


@pytest.fixture(scope="module")
def written(lists, tmp_path_factory):
    """A ranking of the small game (two exact, the rest bounds) and its CSV."""
    ranking = rank_openers(answers=lists, top=2, workers=1, progress=False, trees=False)
    path = tmp_path_factory.mktemp("table") / "t.csv"
    ranking.to_csv(path)
    return ranking, path


def test_the_csv_reads_back_as_every_fact_the_ranking_proved(lists, written):
    ranking, path = written
    table = read_ranking_file(path)
    assert (table.rule, table.cap, table.n_answers) == (None, 6, len(lists.answers))
    assert table.mismatch(lists, None, 6) is None
    assert set(table.values) == set(lists.guesses)
    for o, (kind, value) in ranking.facts.items():
        v = table.get(lists.guesses[o])
        assert (v.kind, v.total) == (kind, None if kind == INFEASIBLE else value)
    least, words, proven, _ = table.best()
    assert (least, words[0]) == (ranking.best.total, ranking.best.word) and proven
    assert {v.kind for v in table.values.values()} <= {EXACT, BOUND}
    assert "t.csv" in table.source and is_table_file(path)


def test_a_table_names_what_differs_from_another_game(lists, written):
    table = read_ranking_file(written[1])
    assert "rule easy, not nyt" in table.mismatch(lists, "nyt", 6)
    assert "max_guesses 6, not none" in table.mismatch(lists, None, None)
    fewer = WordLists.from_words(tuple(WORDS[:-1]), tuple(WORDS), name="fewer")
    assert "answers 16 words" in table.mismatch(fewer, None, 6)
    more = WordLists.from_words(tuple(WORDS), tuple(WORDS) + ("slate",), name="more")
    assert "1 of them missing" in table.mismatch(more, None, 6)
    # the answers as a set: their order changes no value
    shuffled = WordLists.from_words(tuple(reversed(WORDS)), name="again")
    assert table.mismatch(shuffled, None, 6) is None


def _rewrite(src, dst, edit):
    rows = list(csv.reader(src.open()))
    rows = edit(rows)
    with dst.open("w", newline="") as f:
        csv.writer(f).writerows(rows)
    return dst


def _cell(rows, line, column, value):
    rows[line - 1][rows[0].index(column)] = value
    return rows


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda r: [row[:9] for row in r], ["do not say which lists", "older"]),
        (lambda r: [["word", "value"], ["crane", "3"]], ["expected the CSV of `openers --out`", "missing"]),
        (lambda r: _cell(r, 3, "kind", "guess"), ["line 3", "kind 'guess'", "exact, bound or infeasible"]),
        (lambda r: _cell(r, 4, "total", "7.5"), ["line 4", "not a whole number"]),
        (lambda r: _cell(r, 5, "opener", r[1][0]), ["line 5", "appears twice"]),
        (lambda r: _cell(r, 6, "rule", "nyt"), ["line 6", "a table holds one ranking"]),
        (lambda r: [_cell(r, i, "objective", "worst,total") for i in range(2, len(r) + 1)][-1], ["ranked by worst"]),
        (lambda r: r[:1], ["has no openers"]),
        (lambda r: [_cell(r, i, "rule", "medium") for i in range(2, len(r) + 1)][-1], ["names no game", "medium"]),
        (lambda r: r[:2] + [r[2][:3]], ["line 3", "cells"]),
    ],
)
def test_a_bad_table_is_one_line_naming_the_file(written, tmp_path, edit, words):
    bad = _rewrite(written[1], tmp_path / "bad.csv", edit)
    with pytest.raises(RankingTableError) as err:
        read_ranking_file(bad)
    message = str(err.value)
    assert "\n" not in message and "bad.csv" in message
    for w in words:
        assert w in message, message


def test_a_missing_file_or_a_checkpoint_is_refused(lists, tmp_path):
    with pytest.raises(RankingTableError, match="nope.csv: cannot be read"):
        read_ranking_file(tmp_path / "nope.csv")
    ck = tmp_path / "ck.sqlite"
    rank_openers(answers=lists, top=1, workers=1, progress=False, trees=False, checkpoint=str(ck))
    assert not is_table_file(ck) and is_table_file(tmp_path / "new.csv")
    with pytest.raises(RankingTableError, match="is an openers checkpoint, not a table"):
        read_ranking_file(ck)


def test_every_row_of_the_csv_names_the_problem(written):
    rows = list(csv.DictReader(written[1].open()))
    assert {tuple(r[c] for c in PROBLEM_COLUMNS) for r in rows} == {(rows[0]["answers"], "easy", "6", "total")}
