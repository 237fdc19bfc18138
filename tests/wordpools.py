"""The word pool several Hypothesis tests draw small games from: families
that make caps tight (_IGHT, _ATCH, _OUND) and outsiders that split them."""

from __future__ import annotations

FAMILIES = (
    *"fight light might night right sight tight".split(),
    *"batch catch hatch match patch".split(),
    *"bound found hound mound sound".split(),
)
OUTSIDERS = tuple("salet crane flomp wrist thumb clamp dwarf bowel chump group".split())
POOL = FAMILIES + OUTSIDERS
# Letters repeated in the guess, the answer or both: the colouring's hard cases.
REPEATS = tuple("eerie geese llama added sassy".split())
# Two families of eight, _IGHT and _OUND: easy mode splits them with FLOMP,
# WRIST or SWORD; under the strict rule only a word still possible may split.
IGHT_OUND = tuple(
    "fight light might night right sight tight wight bound found hound mound pound round sound wound".split()
)
