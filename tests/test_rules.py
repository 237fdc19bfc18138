"""The rule as one type (`wordle_opt.rules.Rule`): every spelling users give
parses once to it, its value is what the API and the files store, and every
place that names a rule takes the name from its one map."""

from __future__ import annotations

import pytest

import wordle_opt
from wordle_opt.core import core
from wordle_opt.errors import WordleOptError
from wordle_opt.openers.tables import read_ranking_file
from wordle_opt.rules import Rule, normalise_rule


@pytest.mark.parametrize(
    "hard, rule",
    [(None, Rule.EASY), (False, Rule.EASY), ("easy", Rule.EASY), ("none", Rule.EASY), ("", Rule.EASY)]
    + [(True, Rule.NYT), ("nyt", Rule.NYT), ("strict", Rule.STRICT), (Rule.STRICT, Rule.STRICT)],
)
def test_every_spelling_parses_to_its_rule_and_stores_as_before(hard, rule):
    assert Rule.parse(hard) is rule
    assert normalise_rule(hard) == rule.value == {Rule.EASY: None, Rule.NYT: "nyt", Rule.STRICT: "strict"}[rule]
    assert Rule(rule.value) is rule


@pytest.mark.parametrize("hard", ["NYT ", "hard", 1, 2.0])
def test_an_unknown_rule_is_one_line_naming_it(hard):
    with pytest.raises(WordleOptError, match=r"unknown hard-mode rule .*expected 'nyt', 'strict' or none"):
        Rule.parse(hard)


def test_the_core_codes_and_the_words_are_the_rules_own():
    assert [r.code(core) for r in Rule] == [core.RULE_EASY, core.RULE_NYT, core.RULE_STRICT]
    assert [r.word for r in Rule] == ["easy", "nyt", "strict"]


def test_results_tables_and_the_page_name_the_rule_from_the_one_map(tmp_path):
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]
    for rule in Rule:
        r = wordle_opt.search("cigar", answers=words, hard=rule.value)
        assert r.rule_name == rule.label and f"{rule.label}, at most 6 guesses" in r._repr_html_()
        ranked = wordle_opt.rank_openers(answers=words, hard=rule.value, top=1, workers=1, trees=False, progress=False)
        assert ranked.mode.startswith(f"{rule.label}, ")
        out = tmp_path / f"{rule.word}.csv"
        ranked.to_csv(str(out))
        assert read_ranking_file(out).rule == rule.value
    pytest.importorskip("fastapi", reason="needs the [web] extra")
    from wordle_opt.web.app import RuleWord

    assert RuleWord.__args__ == tuple(r.word for r in Rule)


def test_below_the_edge_the_rule_is_a_rule_and_has_no_truth_value():
    from wordle_opt.solver.engine import Engine
    from wordle_opt.solver.problem import Problem

    words = ["cigar", "rebut", "sissy", "humph"]
    problem = Problem.parse(hard=True, answers=words)
    assert problem.rule is Rule.NYT and problem.rule.hard and not Rule.EASY.hard
    assert Engine(problem.lists, problem.rule, threads=1, cache_mb=1).rule is Rule.NYT
    with pytest.raises(TypeError, match="ask rule.hard"):
        bool(Rule.EASY)  # (None's truth would pass for easy: `if rule:` is a mistake below the edge)
    assert Rule.NYT.violation([("cigar", 2)], "rebut") == "letter 1 must be C"
    assert Rule.EASY.violation([("cigar", 2)], "rebut") is None
