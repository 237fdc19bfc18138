"""The page's "Not the answer" box: answers the player knows are impossible,
removed from the game's lists (`wordle_opt.assistant.excluded`, what `play
--exclude` does).  The lists left are kept like an upload, under an id the
page then plays with: advice, trees and reviews are exact for them."""

from __future__ import annotations

import hashlib

from wordle_opt.assistant.excluded import without_answers
from wordle_opt.web.games import get_lists
from wordle_opt.web.uploads import keep_lists


def exclude(lists: str, words: str) -> dict:
    """{"name": the new lists' id, "label", "answers": left, "removed"}."""
    base = get_lists(lists)
    left = without_answers(base, words.splitlines(), "the words to exclude")
    digest = hashlib.sha256("\n".join(left.answers).encode()).hexdigest()[:12]
    key = keep_lists(f"{lists}-without-{digest}", left)
    return {
        "name": key,
        "label": left.name,
        "answers": len(left.answers),
        "removed": len(base.answers) - len(left.answers),
    }
