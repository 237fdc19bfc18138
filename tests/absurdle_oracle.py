"""Plain-Python Absurdle, from the definitions: the reference the tests hold
`wordle_opt.games.absurdle` to.  Words are strings, colourings come from
``rules.score_words``; the search tries every guess at every depth, with no
bound and no memo, so it is for small generated instances only."""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from wordle_opt.rules import score_words


def _hints(pattern: int, length: int) -> Tuple[int, int]:
    digits = [(pattern // 3**i) % 3 for i in range(length)]
    return digits.count(2), digits.count(1)


def reply(cands: Sequence[str], guess: str, tie_break: str = "fewest-hints") -> Tuple[int, List[str]]:
    """(colouring, kept words): the largest group; ties by the fewest greens,
    then yellows, then the lowest colouring ('fewest-hints'), or the lowest
    colouring ('lowest')."""
    groups: Dict[int, List[str]] = {}
    for a in cands:
        groups.setdefault(score_words(guess, a), []).append(a)

    def key(p):
        hints = _hints(p, len(guess)) if tie_break == "fewest-hints" else (0, 0)
        return (-len(groups[p]), hints, p)

    p = min(groups, key=key)
    return p, groups[p]


def wins_within(
    cands: Sequence[str], guesses: Sequence[str], d: int, tie_break: str, all_green: int
) -> Optional[List[str]]:
    """A line of at most ``d`` guesses whose last reply is all green, or None."""
    if d < 1:
        return None
    for g in guesses:
        p, kept = reply(cands, g, tie_break)
        if p == all_green:
            return [g]
    for g in guesses:
        p, kept = reply(cands, g, tie_break)
        rest = wins_within(kept, guesses, d - 1, tie_break, all_green)
        if rest is not None:
            return [g] + rest
    return None


def fewest(
    answers: Sequence[str],
    guesses: Sequence[str],
    max_depth: int,
    tie_break: str = "fewest-hints",
    opener: Optional[str] = None,
) -> Optional[int]:
    """Fewest guesses forcing a win (opening with ``opener`` if given), None above ``max_depth``."""
    all_green = 3 ** len(answers[0]) - 1
    for d in range(1, max_depth + 1):
        if opener is None:
            if wins_within(answers, guesses, d, tie_break, all_green) is not None:
                return d
            continue
        p, kept = reply(answers, opener, tie_break)
        if p == all_green or wins_within(kept, guesses, d - 1, tie_break, all_green) is not None:
            return d
    return None
