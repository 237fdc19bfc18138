"""The small games the differential tests draw from: clusters of near-identical
words, the cases where guesses outside the set, hard-mode legality and the
guess cap all matter.  One copy, shared by the core's and the solver's tests."""

from __future__ import annotations

from wordle_opt.core import _core

CLUSTERS = [
    "fight light might night right sight tight wight bight",
    "batch catch hatch latch match patch watch",
    "baker faker maker taker waker",
    "bound found hound mound pound round sound wound",
    "cater eater hater later water",
]
# The compiled core's rule codes by the rule's public name.
RULES = {None: _core.RULE_EASY, "nyt": _core.RULE_NYT, "strict": _core.RULE_STRICT}
