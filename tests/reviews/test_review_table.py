"""The review reads the first guesses' values from a ranking table (issue
24): `openers --top all --out t.csv`, then `review --ranking t.csv` gives
every opener of a small game its exact value, equal to `search WORD`, with
the same turns as a review that searches them; a table of another game is
refused in one line."""

from __future__ import annotations

import pytest

import wordle_opt
from wordle_opt.cli import main
from wordle_opt.errors import WordleOptError
from wordle_opt.openers.tables import read_ranking_file
from wordle_opt.reviews import values as review_values
from wordle_opt.reviews.reviewer import review
from wordle_opt.reviews.show import rows
from wordle_opt.reviews.values import INF
from wordle_opt.wordlists import WordLists

WORDS = (
    "fight light might night right sight tight batch catch hatch match patch bound found hound "
    "mound sound salet crane flomp wrist thumb clamp dwarf bowel chump group"
).split()


@pytest.fixture(scope="module", params=[None, "nyt"], ids=["easy", "nyt"])
def made(request, tmp_path_factory):
    """(rule, the answers file, the table `openers --top all --out` wrote, the lists)."""
    folder = tmp_path_factory.mktemp("made")
    words = folder / "answers.txt"
    words.write_text("\n".join(WORDS) + "\n")
    out = folder / "t.csv"
    hard = ["--hard", request.param] if request.param else []
    args = ["openers", "--answers", str(words), "--top", "all", "--workers", "1", "--out", str(out), "--quiet"]
    assert main(args + hard) == 0
    return request.param, words, out, WordLists.from_words(tuple(WORDS), name=str(words))


def _game(opener: str):
    answer = next(w for w in WORDS if w != opener)
    return f"{opener} {answer}", answer


def test_every_opener_is_valued_from_the_table_equal_to_its_search(made, monkeypatch):
    hard, _, out, lists = made
    table = read_ranking_file(out)
    best = wordle_opt.search(None, answers=lists, hard=hard, threads=1)
    for opener in lists.guesses:
        game, answer = _game(opener)
        one = wordle_opt.search(opener, answers=lists, hard=hard, threads=1)
        # (no opener's groups remembered from another review: those would be used before the table)
        monkeypatch.setattr(review_values, "_ROOT_CACHE", {})
        r = review(game, answer=answer, answers=lists, hard=hard, ranking=table, threads=1)
        searched = review(game, answer=answer, answers=lists, hard=hard, threads=1)
        first = r.turns[0]
        assert first.player.exact and first.player.total == (one.total if one.feasible else INF), opener
        assert first.best.exact and first.best.total == best.total and first.best_scope.startswith("proven best")
        assert set(first.best_guesses) == set(searched.turns[0].best_guesses)
        assert r.table == table.source
        # the same turns as the review that searches: only the first turn's luck % is not known
        assert first.luck_percentile is None
        assert [t.as_dict() | {"luck_percentile": None} for t in r.turns[:1]] == [
            t.as_dict() | {"luck_percentile": None} for t in searched.turns[:1]
        ]
        assert [t.as_dict() for t in r.turns[1:]] == [t.as_dict() for t in searched.turns[1:]]


def test_the_command_reads_the_table_and_prints_what_the_api_gives(made, capsys):
    hard, words, out, lists = made
    game, answer = _game("thumb")
    args = ["review", *game.split(), "--answer", answer, "--answers", str(words), "--ranking", str(out), "--quiet"]
    assert main(args + (["--hard", hard] if hard else [])) == 0
    printed = capsys.readouterr().out
    direct = review(game, answer=answer, answers=lists, hard=hard, ranking=read_ranking_file(out), threads=1)
    for row in rows(direct):
        assert " ".join(row) in " ".join(printed.split()), printed
    assert f"values from the ranking table {out.name}" in printed
    assert not (out.parent / "t.csv-journal").exists()  # (read, never opened as a checkpoint)


def test_a_table_of_another_game_is_refused_in_one_line(made, capsys):
    hard, words, out, lists = made
    other = "nyt" if hard is None else None
    with pytest.raises(WordleOptError, match=r"ranking table t.csv was ranked on another game \(rule"):
        review("thumb crane", answer="crane", answers=lists, hard=other, ranking=read_ranking_file(out))
    args = ["review", "thumb", "crane", "--answer", "crane", "--answers", str(words), "--ranking", str(out)]
    assert main(args + ["--max-guesses", "5"] + (["--hard", hard] if hard else [])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "max_guesses 6, not 5" in err, err
