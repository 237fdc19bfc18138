"""The emoji grid of a finished game, and a game pasted back (issue 52)."""

from __future__ import annotations

import random

import pytest

import wordle_opt
from wordle_opt.patterns import Pattern
from wordle_opt.reviews.sharing import ShareError, is_shared, read_shared, share_grid
from wordle_opt.wordlists import load_lists


def game(answer, words):
    return [(w, wordle_opt.score(w, answer)) for w in words]


def test_the_grid_is_the_familiar_one():
    turns = game("crate", ["salet", "drone", "crate"])
    assert share_grid(turns, None, 6) == "Wordle 3/6\n\n\u2b1b\U0001f7e8\u2b1b\U0001f7e8\U0001f7e8\n" + (
        "\u2b1b\U0001f7e9\u2b1b\u2b1b\U0001f7e9\n" + "\U0001f7e9" * 5
    )
    assert share_grid(turns, "nyt", 6).startswith("Wordle 3/6*\n")
    lost = game("crate", ["fuzzy"] * 6)
    assert share_grid(lost, None, 6).startswith("Wordle X/6\n")


@pytest.mark.parametrize("words_at", ["after", "before", "beside"])
def test_a_shared_grid_with_the_words_reads_back_as_the_game(words_at):
    lists = load_lists("nyt-3158")
    rng = random.Random(52)
    for _ in range(20):
        answer = rng.choice(lists.answers)
        turns = game(answer, rng.sample(lists.guesses, rng.randint(1, 5)) + [answer])
        grid = share_grid(turns, None, None)
        rows = grid.splitlines()[2:]
        words = [w for w, _ in turns]
        if words_at == "after":
            text = grid + "\n" + " ".join(words)
        elif words_at == "before":
            text = "\n".join(words) + "\n\n" + grid
        else:  # each row with its word, as a player types it, the NYT's U+FE0F after each tile
            text = "\n".join(
                f"{w.upper()} {r.replace(chr(0x1F7E9), chr(0x1F7E9) + chr(0xFE0F))}" for w, r in zip(words, rows)
            )
        assert is_shared(text)
        assert read_shared(text) == ".".join(f"{w}.{Pattern(int(p)).byg}" for w, p in turns)


def test_words_with_their_colours_read_back_and_words_alone_stay_words():
    assert read_shared("salet BYBYY\ndrone 01002\n") == "salet.BYBYY.drone.BYBBG"
    assert read_shared("salet\ndrone\ncrate") == "salet drone crate"
    assert not is_shared("salet drone crate") and is_shared("salet\ndrone")


@pytest.mark.parametrize(
    "text,says",
    [
        (
            "Wordle 1,234 3/6\n\n\u2b1b\u2b1b\u2b1b\u2b1b\u2b1b",
            "no words; a share grid alone does not say what was played",
        ),
        ("salet\ndrone\n\u2b1b\u2b1b\u2b1b\u2b1b\u2b1b", "2 words and 1 rows of colours"),
        ("salet BBBBB\nthis is mine", "'this' is neither a five-letter word nor a row of colours"),
    ],
)
def test_a_paste_that_cannot_be_read_is_one_clear_line(text, says):
    with pytest.raises(ShareError) as err:
        read_shared(text)
    assert says in str(err.value) and "\n" not in str(err.value)
