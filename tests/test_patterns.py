"""Pattern: the int 0..242 and its BYG / digit / emoji forms, and parsing user feedback."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import wordle_opt
from wordle_opt import Pattern, score
from wordle_opt.errors import PatternError, WordListError

ALL = range(243)


@pytest.mark.parametrize("value", ALL)
def test_every_pattern_round_trips_through_every_form(value):
    p = Pattern(value)
    assert int(p) == value and isinstance(p, int)
    # digit i is the colour of letter i, value = sum d_i * 3**i
    assert sum(int(d) * 3**i for i, d in enumerate(p.digits)) == value
    assert p.byg == p.digits.translate(str.maketrans("012", "BYG"))
    assert p.emoji == p.digits.translate(str.maketrans({"0": "⬛", "1": "🟨", "2": "🟩"}))
    for form in (p.byg, p.byg.lower(), p.digits, p.emoji, p.byg.replace("B", "."), p):
        assert Pattern.parse(form) == value
        assert type(Pattern.parse(form)) is Pattern
    assert Pattern(p.byg) == value  # a str given to the constructor is parsed
    assert Pattern.from_colours(p.colours) == value
    assert pickle.loads(pickle.dumps(p)) == value


def test_the_encoding_by_example():
    assert Pattern.parse("GGGGG") == 242 and Pattern(242).solved
    assert Pattern.parse("BBBBB") == 0
    assert Pattern.parse("YBBBB") == 1  # letter 0 is the lowest digit
    assert Pattern.parse("BBBBY") == 81
    assert Pattern.parse("GBBBB") == 2
    assert Pattern(103).byg == "YYGBY" and Pattern(103).digits == "11201"


@pytest.mark.parametrize(
    "text",
    [
        "BYGBB",
        "bygbb",
        "ByGbB",
        "01200",
        ".YG..",
        "-yg--",
        "xygxx",
        "XYGXX",
        "wygww",
        "_yg__",
        ".1g-b",
        "b y g b b",
        " BYGBB ",
        "B\tY G B B",
        "⬛🟨🟩⬛⬛",
        "⬜🟨🟩⬜⬜",  # light theme
        "⬛\ufe0f🟨🟩⬛\ufe0f⬛\ufe0f",  # pasted tiles with variation selectors
        "⬛🟦🟧⬛⬛",  # high-contrast theme: blue = yellow, orange = green
    ],
)
def test_parse_accepts_every_form(text):
    assert Pattern.parse(text) == 1 * 3 + 2 * 9
    assert Pattern.parse(text).byg == "BYGBB"


@pytest.mark.parametrize(
    "bad, message",
    [
        ("BYGB", "has 4 tiles; expected 5"),
        ("BYGBBB", "has 6 tiles; expected 5"),
        ("", "has 0 tiles"),
        ("BYGQB", r"'q' \(tile 4\) is not a colour"),
        ("01203", r"'3' \(tile 5\) is not a colour"),
        ("rrrrr", "'r' .* is not a colour"),
        ("🟥🟨🟩⬛⬛", "is not a colour"),
        ("242", "has 3 tiles"),
        (243, "out of range"),
        (-1, "out of range"),
        (1.0, "must be an int"),
        (True, "must be an int"),
        (None, "must be an int"),
    ],
)
def test_parse_rejects_anything_else_with_one_line(bad, message):
    with pytest.raises(PatternError, match=message) as info:
        Pattern.parse(bad)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("bad", [(0, 1, 2, 0), (0, 1, 2, 0, 3), (0, 1, 2, 0, -1)])
def test_from_colours_rejects_bad_colours(bad):
    with pytest.raises(PatternError):
        Pattern.from_colours(bad)


def test_pattern_behaves_as_an_int():
    p = Pattern(103)
    assert p == 103 and hash(p) == hash(103) and {103: "x"}[p] == "x"
    assert str(p) == "103" and f"{p}" == "103" and f"{p:03d}" == "103"
    assert repr(p) == "Pattern('YYGBY')"
    assert Pattern(np.uint8(103)) == 103
    assert Pattern.parse(103) == 103


def test_score_returns_a_pattern():
    p = score("crane", "react")
    assert type(p) is Pattern and p.byg == "YYGBY"
    assert wordle_opt.score is score and wordle_opt.Pattern is Pattern


def test_score_is_case_insensitive_and_takes_any_five_letters():
    assert score("CRANE", "React") == score("crane", "react")
    assert score("zzzzz", "qqqqq") == 0  # not words of any list: scoring is a pure function


@pytest.mark.parametrize(
    "guess, answer, message",
    [
        ("cran", "react", "guess 'cran' has 4 letters"),
        ("crane", "reacts", "answer 'reacts' has 6 letters"),
        ("cr4ne", "react", "guess 'cr4ne' contains '4'"),
        ("crane", "ré.ct", "answer 'ré.ct' contains '.'"),  # issue 13: é is a letter, '.' is not
        (None, "react", "guess must be a 4- to 8-letter word"),
    ],
)
def test_score_rejects_malformed_words(guess, answer, message):
    with pytest.raises(WordListError, match=message):
        score(guess, answer)


def test_pattern_table_shape_dtype_and_validation():
    t = wordle_opt.pattern_table(["crane", "SPEED"], ["abide", "react", "crane"])
    assert t.dtype == np.uint8 and t.shape == (2, 3)
    assert t.tolist() == [[int(score(g, a)) for a in ("abide", "react", "crane")] for g in ("crane", "speed")]
    assert wordle_opt.pattern_table([], ["crane"]).shape == (0, 1)
    with pytest.raises(WordListError, match="single string"):
        wordle_opt.pattern_table("crane", ["react"])
    with pytest.raises(WordListError, match="guess 'cr4ne'"):
        wordle_opt.pattern_table(["crane", "cr4ne"], ["react"])
    with pytest.raises(WordListError, match="answer 'rea'"):
        wordle_opt.pattern_table(["crane"], ["rea"])
