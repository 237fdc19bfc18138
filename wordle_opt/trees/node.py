"""A decision tree's nodes: one guess each, and the subtree after each colouring.

``children`` maps each colouring the guess can get (an int 0..3**L - 2 for
L-letter words; 3**L - 1, all green, is never stored: it means solved) to the subtree played next.  A leaf
is ``Node(answer, {})``.
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

from wordle_opt.display import upper
from wordle_opt.patterns import Pattern


def history_text(history: Sequence[Tuple[str, int]]) -> str:
    """'at the start' or 'after SALET BBBBB, COURD YBBBB' for messages."""
    if not history:
        return "at the start"
    return "after " + ", ".join(f"{upper(g)} {Pattern(p, len(g)).byg}" for g, p in history)


class Node:
    """One guess of a decision tree and the subtrees after each colouring."""

    __slots__ = ("guess", "children")

    def __init__(self, guess: str, children: Optional[Dict[int, "Node"]] = None):
        self.guess = guess
        self.children: Dict[int, Node] = dict(children) if children else {}

    def __eq__(self, other) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        return self.guess == other.guess and self.children == other.children

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        if not self.children:
            return f"Node({self.guess!r})"
        kids = ", ".join(f"{Pattern(p, len(self.guess)).byg}: {c!r}" for p, c in sorted(self.children.items()))
        return f"Node({self.guess!r}, {{{kids}}})"
