"""Is the word being typed a legal guess here?  The Play view asks while the
player types, so that a word the game would refuse (not an allowed guess, or
one that breaks the hard rule) is flagged, with the reason, before it is
played.  The reason is the package's own (`wordle_opt.rules.violation`, what
`play` and the search apply): the page keeps no copy of the rule.
"""

from __future__ import annotations

from typing import Optional

from wordle_opt.errors import WordleOptError
from wordle_opt.rules import Rule, violation
from wordle_opt.web.advice import History
from wordle_opt.web.games import Game


def check_guess(game: Game, history: History, word: str) -> dict:
    """{"word", "ok", "reason"} for ``word`` after ``history`` (cheap: no search)."""
    word = word.strip().lower()
    reason: Optional[str] = None
    try:
        for i, (played, _) in enumerate(history, 1):
            game.lists.guess_index(played)
    except WordleOptError as exc:
        raise WordleOptError(f"turn {i}: {exc}") from None
    try:
        game.lists.guess_index(word)
    except WordleOptError as exc:
        reason = str(exc)
    else:
        why = violation(history, word, game.rule)
        if why:
            reason = f"{word.upper()}: {why}, {Rule.parse(game.rule).label}"
    return {"word": word, "ok": reason is None, "reason": reason}
