"""Reading a game for the review: the words played and the colours they got.

Two forms, as a string or a sequence:

* the guesses alone, with the answer given: ``"salet drone crate"`` (or
  ``["salet", "drone", "crate"]``) and ``answer="crate"``;
* the game state, colours instead of an answer (a game still in progress):
  ``"salet.BBBYB.drone.YBBBG"`` -- word and colours alternate -- or
  ``[("salet", "BBBYB"), ("drone", "YBBBG")]``.

Parts are separated by dots or spaces alike (``"salet.drone.crate"`` with the
answer is the first form, as the page's links write it); with an answer, the
colours may be given too, and are checked against it.

Every way a game can be wrong gets one line naming the turn, the word, the
list and what was expected (`GameError`).
"""

from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple, Union

from wordle_opt.display import plural
from wordle_opt.errors import HardModeError, PatternError, WordleOptError
from wordle_opt.patterns import Pattern, score
from wordle_opt.rules import ALL_GREEN, Rule, score_words
from wordle_opt.wordlists import WordLists

FORMS = "guesses with an answer (salet drone crate) or WORD.COLOURS pairs (salet.BBBYB.drone.YBBBG)"

GameText = Union[str, Sequence[Union[str, Tuple[str, object]]]]


class GameError(WordleOptError):
    """A game that cannot be reviewed: malformed, or not a game these lists and rules allow."""


def _tokens(game: GameText) -> Tuple[List[object], bool]:
    """The parts of a game and whether it was given as (word, colours) pairs."""
    if isinstance(game, str):
        if "/" in game or "\\" in game:
            raise GameError(f"game {_show(game)} looks like a file path; expected {FORMS}")
        return [t for t in re.split(r"[\s.,;]+", game.strip()) if t], False
    if not isinstance(game, (list, tuple)):
        raise GameError(f"game must be a string or a list of words or (word, colours) pairs, got {type(game).__name__}")
    out: List[object] = []
    paired = False
    for item in game:
        if isinstance(item, str):
            out += _tokens(item)[0]
        elif isinstance(item, (list, tuple)) and len(item) == 2:
            out += list(item)
            paired = True
        else:
            raise GameError(f"game part {item!r}: expected a word or a (word, colours) pair")
    return out, paired


def _is_colours(token: object) -> bool:
    try:
        Pattern.parse(token)
        return True
    except PatternError:
        return False


def parse_game(game: GameText, lists: WordLists, answer: Optional[str] = None) -> List[Tuple[str, Pattern]]:
    """(word, colours) for each turn; colours come from the answer when only
    guesses are given, and are checked against it when both are."""
    tokens, paired = _tokens(game)
    if not tokens:
        raise GameError(f"empty game: expected {FORMS}")
    if answer is not None:
        answer = lists.answers[lists.answer_index(str(answer).strip().lower())]
    # Alternating word/colours unless it can only be guesses: with an answer, dots
    # or spaces alike (salet.drone.crate as the page's links write it), and no part
    # a colouring rather than a word.
    pairs = answer is None or paired or any(_is_colours(t) and not lists.is_guess(str(t).lower()) for t in tokens)
    if pairs:
        if len(tokens) % 2:
            raise GameError(
                f"game {_show(game)}: {len(tokens)} parts, expected WORD.COLOURS pairs "
                f"(e.g. salet.BBBYB.drone.YBBBG){'' if answer else ', or give the answer'}"
            )
        turns = []
        for i in range(0, len(tokens), 2):
            word = _word(tokens[i], lists, i // 2 + 1)
            try:
                colours = Pattern.parse(tokens[i + 1])
            except PatternError as exc:
                raise GameError(f"turn {i // 2 + 1} ({word.upper()}): {exc}") from None
            turns.append((word, colours))
    else:
        turns = [(w, None) for w in (_word(t, lists, i + 1) for i, t in enumerate(tokens))]
    if answer is not None:
        for i, (word, colours) in enumerate(turns):
            real = score(word, answer)
            if colours is not None and colours != real:
                raise GameError(
                    f"turn {i + 1}: {word.upper()} against the answer {answer.upper()} "
                    f"colours {real.byg}, not {colours.byg}"
                )
            turns[i] = (word, real)
    return turns


def _word(token: object, lists: WordLists, turn: int) -> str:
    if not isinstance(token, str):
        raise GameError(f"turn {turn}: {token!r} is not a word; expected {FORMS}")
    try:
        return lists.guesses[lists.guess_index(token.strip().lower())]
    except WordleOptError as exc:
        raise GameError(f"turn {turn}: {exc}") from None


def _show(game: GameText) -> str:
    text = game if isinstance(game, str) else repr(game)
    return repr(text if len(text) <= 60 else text[:57] + "...")


def check_game(turns: List[Tuple[str, Pattern]], lists: WordLists, rule: Rule, cap: Optional[int]) -> None:
    """Raise GameError unless the game is one these lists, rule and cap allow:
    some answer gives every colouring, each guess is legal, nothing follows GGGGG."""
    history: List[Tuple[str, int]] = []
    left = list(lists.answers)
    for t, (word, colours) in enumerate(turns, 1):
        if history and history[-1][1] == ALL_GREEN:
            raise GameError(
                f"turn {t}: {word.upper()} follows {history[-1][0].upper()} GGGGG at turn {t - 1}; "
                "expected the game to end at the all-green guess"
            )
        if cap is not None and t > cap:
            raise GameError(
                f"turn {t}: {word.upper()} is guess {t}, beyond the cap of {plural(cap, 'guess')} "
                "(a larger max_guesses, or none)"
            )
        why = rule.violation(history, word)
        if why:
            raise HardModeError(f"turn {t}: {word.upper()} breaks the hard rule ({rule.word}): {why}")
        c = int(colours)  # (score_words: the words are checked already; 4x faster than score, 0.4 s a turn)
        left = [a for a in left if score_words(word, a) == c]
        if not left:
            seen = ", ".join(f"{w.upper()} {Pattern(p).byg}" for w, p in history + [(word, colours)])
            raise GameError(
                f"turn {t}: no answer in list {lists.name!r} gives {seen}; expected colours that some answer could give"
            )
        history.append((word, int(colours)))
