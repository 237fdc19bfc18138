"""The Explore view: the optimal tree of an opener, one node at a time.

A node is named by the colourings that lead to it from the opener (the
guesses along the way are the tree's own).  Each node shows its guess, the
answers that reach it, the histogram of their guesses in all, and one child
per colouring its guess can get.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from wordle_opt.assistant.exact import KNOWN_OPENERS
from wordle_opt.assistant.excluded import base_name
from wordle_opt.errors import TreeError
from wordle_opt.patterns import Pattern
from wordle_opt.trees.tree import Tree
from wordle_opt.web.admission import BeyondBudget, budget
from wordle_opt.web.background import prover
from wordle_opt.web.games import Game
from wordle_opt.web.memo import Memo, Unkept
from wordle_opt.web.searching import exact_search

DEFAULT_OPENER = "salet"
LIST_AT_MOST = 20

# Trees and their indexes are a few MB each: keep few.
_trees = Memo(size=16)


@dataclass(frozen=True)
class Found:
    """The tree from an opener: proven optimal (None when no tree fits the
    cap), or the best the anytime search found within the request's budget
    with its proven lower bound (then not kept: a later request may prove it)."""

    tree: Optional[Tree]
    proven: bool
    lower_bound: Optional[int] = None
    seconds: float = 0.0


def opener_tree(game: Game, opener: str) -> Found:
    """The tree opening with ``opener``, within the request's time budget."""
    opener = opener.strip().lower()
    game.lists.guess_index(opener)  # a clear error for an unknown word, before any search

    def compute():
        seconds = budget().seconds
        r = exact_search(game.lists, opener, game.rule, game.cap, anytime=True)
        if r is None or (r.stopped and not r.feasible):
            # (not "retry": an idle server meets the same budget; QAJAQ hard needs 33 s on the CLI)
            bound = (
                ""
                if r is None or r.lower_bound is None
                else f"; proven so far: at least {r.lower_bound} guesses in all"
            )
            raise BeyondBudget(
                f"the tree from {opener.upper()} needs more than this server's {seconds:g} s a request: "
                f"no complete tree within it{bound} (the command line's search has no such limit)"
            )
        if r.stopped:
            return Unkept(Found(r.tree, False, r.lower_bound, seconds))
        return Found(r.tree if r.feasible else None, True)

    return _trees.get(_tree_key(game, opener), compute)


def _tree_key(game: Game, opener: str) -> tuple:
    return ("tree", game.key, game.rule, game.cap, opener)


def tree_opener(game: Game) -> str:
    """The opener whose tree the Play view follows in this game (`play`'s own where it knows one)."""
    return KNOWN_OPENERS.get((base_name(game.lists.name), game.rule), DEFAULT_OPENER)


def kept_tree(game: Game, opener: str, *, wait: float = 0.0) -> Optional[Found]:
    """The opener's proven tree if the server keeps one.  Else it is proven
    in the background (`wordle_opt.web.background`), waited for at most
    ``wait`` seconds, and None when it is not there by then."""
    key = _tree_key(game, opener)
    found = _trees.peek(key)
    if found is None and prover.submit(key, lambda: _prove_tree(game, opener)):
        prover.wait(key, wait)
        found = _trees.peek(key)
    return found if found is not None and found.proven and found.tree is not None else None


def tree_pending(game: Game, opener: str) -> bool:
    return prover.pending(_tree_key(game, opener))


def _prove_tree(game: Game, opener: str) -> None:
    # (twice: the first may only have waited for a request's search that its budget cut short)
    for _ in range(2):
        if opener_tree(game, opener).proven:
            return


class TreeView:
    """Every answer's path through one tree, grouped by the node it passes."""

    def __init__(self, tree: Tree):
        self.tree = tree
        self.paths: Dict[str, List[Tuple[str, int]]] = {a: tree.path(a) for a in tree.answers}
        self._groups: Dict[tuple, List[str]] = {}
        for a, path in self.paths.items():
            for k in range(len(path)):
                self._groups.setdefault(tuple(p for _, p in path[:k]), []).append(a)

    def group(self, patterns: tuple) -> List[Tuple[str, int]]:
        """(answer, guesses in all) for the answers reaching the node."""
        return [(a, len(self.paths[a])) for a in self._groups.get(patterns, [])]

    def node(self, patterns: tuple) -> dict:
        answers = self._groups.get(patterns)
        if not answers:
            seen = " ".join(Pattern(p).byg for p in patterns)
            raise TreeError(f"the tree has no node after the colourings {seen}: no answer gets them")
        k = len(patterns)
        guess = self.paths[answers[0]][k][0]
        hist: Dict[int, int] = {}
        children: Dict[int, List[str]] = {}
        for a in answers:
            d = len(self.paths[a])
            hist[d] = hist.get(d, 0) + 1
            children.setdefault(self.paths[a][k][1], []).append(a)
        total = sum(d * c for d, c in hist.items())
        kids = []
        for p, group in sorted(children.items(), key=lambda pg: (-len(pg[1]), pg[0])):
            solved = p == 242
            kids.append(
                {
                    "pattern": Pattern(p).byg,
                    "answers": len(group),
                    "guess": group[0] if solved else self.paths[group[0]][k + 1][0],
                    "solved": solved,
                    "words": group if len(group) <= LIST_AT_MOST else None,
                }
            )
        return {
            "path": [Pattern(p).byg for p in patterns],
            "depth": k + 1,
            "guess": guess,
            "answers": len(answers),
            "words": answers if len(answers) <= LIST_AT_MOST else None,
            "total": total,
            "average": total / len(answers),
            "histogram": {str(d): c for d, c in sorted(hist.items())},
            "children": kids,
        }


def unproven_note(total: int, found: Found, n: int) -> str:
    """What a tree cut short by the budget is: its total, and what was proven."""
    return (
        f"best found within {found.seconds:g} s, total {total}; not proven optimal: "
        f"proven lower bound {found.lower_bound} ({found.lower_bound / n:.4f} on average)"
    )


def tree_view(game: Game, opener: str) -> Tuple[Optional[TreeView], Found]:
    found = opener_tree(game, opener)
    if found.tree is None:
        return None, found
    if not found.proven:
        return TreeView(found.tree), found
    key = ("view", game.key, game.rule, game.cap, opener.strip().lower())
    return _trees.get(key, lambda: TreeView(found.tree)), found


def explore(game: Game, opener: str, path: tuple) -> dict:
    """The node after the colourings ``path`` (ints) in the tree of ``opener``."""
    view, found = _shown(game, opener)
    node = view.node(tuple(path))
    tree = view.tree
    node["tree"] = {
        "opener": tree.root.guess,
        "total": tree.total,
        "average": tree.average,
        "answers": len(tree.answers),
        "max_depth": tree.max_depth,
        "proven": found.proven,
        "lower_bound": tree.total if found.proven else found.lower_bound,
        "seconds": None if found.proven else found.seconds,
        "note": "proven optimal for this opener"
        if found.proven
        else unproven_note(tree.total, found, len(tree.answers)),
    }
    return node


def _shown(game: Game, opener: str) -> Tuple[TreeView, Found]:
    """The tree shown (proven, or the best the budget found) and how it was found."""
    view, found = tree_view(game, opener)
    if view is None:
        raise TreeError(
            f"no strategy opening with {opener.strip().upper()} finds every answer of "
            f"{game.lists.name} within {game.cap} guesses"
        )
    return view, found


def find_answer(game: Game, opener: str, answer: str) -> dict:
    """``answer``'s way through the tree of ``opener``: {"answer", "path": the
    colourings, "guesses": the tree's guesses}; an answer not in the tree is a
    TreeError naming it and the list."""
    view, _ = _shown(game, opener)
    word = answer.strip().lower()
    if word not in view.paths:
        game.lists.answer_index(word)  # (a word that is no answer of the list: its own message)
        raise TreeError(f"{word!r} is not an answer of the tree from {opener.upper()}")
    path = view.paths[word]
    return {"answer": word, "path": [Pattern(p).byg for _, p in path], "guesses": [g for g, _ in path]}


def tree_file(game: Game, opener: str, fmt: str) -> Tuple[str, str]:
    """(file name, text) of the tree of ``opener``, in the leaderboard text
    format or JSON: what `wordle_opt verify` and `Tree.load` read."""
    tree = _shown(game, opener)[0].tree
    name = f"{tree.root.guess}-{game.key}-{game.rule.word}-{game.cap or 'nocap'}.{'json' if fmt == 'json' else 'txt'}"
    return name, tree.to_json() if fmt == "json" else tree.to_text()
