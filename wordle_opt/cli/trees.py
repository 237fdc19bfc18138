"""Commands on tree files: ``verify`` and ``show``."""

from __future__ import annotations

import sys
from typing import List, Optional, Tuple

from wordle_opt.cli._common import LIST_NAMES, add_hard_option, add_list_options, guess_cap
from wordle_opt.display import plural, upper
from wordle_opt.errors import WordleOptError
from wordle_opt.trees.treemeta import RECORDED
from wordle_opt.words import normalise


def register(sub) -> None:
    p = sub.add_parser(
        "verify",
        help="check a tree file against the rules and print its figures",
        description="Re-check a decision tree (JSON or leaderboard text) from the rules alone: "
        "every answer solved exactly once, every colouring right, every guess "
        "allowed (and legal in hard mode), within the guess cap.  Exit 0 if ok, 1 if not.",
    )
    p.add_argument("file", metavar="FILE", help="tree file (.json or leaderboard text)")
    add_list_options(
        p,
        answers_default=None,
        answers_help=f"answer list: {LIST_NAMES} or a file (default: the lists the tree file records, else original)",
    )
    add_hard_option(
        p,
        tree_default=True,
        help="check a hard-mode rule (--hard alone = nyt; default: the rule the tree file records, else easy)",
    )
    p.add_argument(
        "--max-guesses",
        type=guess_cap,
        default=RECORDED,
        metavar="N|none",
        help="guess cap ('none' for no cap; default: the cap the tree file records, else 6)",
    )
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser(
        "show",
        help="print a tree as an outline, or the path to one answer",
        description="Print a decision tree as an indented outline (coloured tiles on a terminal, "
        "B/Y/G letters when piped), or the game it plays against one answer.",
    )
    p.add_argument("tree", metavar="TREE", help="tree file (.json or leaderboard text)")
    p.add_argument("--answer", metavar="WORD", help="show only the game for this answer")
    add_list_options(
        p,
        answers_default=None,
        answers_help=f"answer list: {LIST_NAMES} or a file (default: the lists the tree file records, else original)",
    )
    p.add_argument("--depth", type=int, default=None, metavar="N", help="show only the first N guesses of each branch")
    p.set_defaults(func=cmd_show)


def cmd_verify(args) -> int:
    from wordle_opt.trees.verification import verify

    # Names and paths go through as given: an unset --answers means the set the
    # file names (else original), also when only --guesses is given.
    report = verify(args.file, answers=args.answers, guesses=args.guesses, hard=args.hard, max_guesses=args.max_guesses)
    print(report)
    return 0 if report.ok else 1


def cmd_show(args) -> int:
    from wordle_opt.display import use_colour
    from wordle_opt.trees.tree import Tree

    if args.depth is not None and args.depth < 1:
        raise WordleOptError(f"--depth must be at least 1, got {args.depth}")
    tree = Tree.load(args.tree, args.answers)
    if args.guesses is not None:
        tree = Tree(
            tree.root,
            args.answers or tree.name or "original",
            guesses=args.guesses,
            hard=tree.hard,
            max_guesses=tree.max_guesses,
        )
    colour = use_colour(sys.stdout)
    out = sys.stdout
    if args.answer:
        path = tree.path(args.answer)
        for guess, pattern in path:
            print(_tile(guess, pattern, colour), file=out)
        n = len(path)
        print(f"{upper(normalise(args.answer))}: solved in {n} guess{'es' * (n != 1)}", file=out)
        return 0
    for line in outline(tree, colour, args.depth):
        print(line, file=out)
    return 0


def _tile(word: str, pattern: int, colour: bool) -> str:
    from wordle_opt.display import tiles

    return tiles(word, pattern, colour)


def outline(tree, colour: bool = False, depth: Optional[int] = None) -> List[str]:
    """The tree as lines: each branch shows the colouring, then the next guess
    and how many answers are left; ``depth`` limits the guesses shown."""
    from wordle_opt.patterns import Pattern
    from wordle_opt.rules import all_green, score_words

    L, green = tree.length, all_green(tree.length)

    try:
        figs = f"total {tree.total}, average {tree.average:.4f}, at most {plural(tree.max_depth, 'guess')}"
    except WordleOptError as exc:
        figs = f"incomplete: {exc}"
    lines = [f"{upper(tree.root.guess)}  ({plural(len(tree.answers), 'answer')}; {figs})"]

    def walk(node, group: List[str], level: int) -> None:
        groups = {}
        for a in group:
            groups.setdefault(score_words(node.guess, a), []).append(a)
        pad = "  " * level
        # Same order as the text format: by B/Y/G string, all-green in its place.
        items: List[Tuple[int, object]] = list(node.children.items())
        # colourings some answer gets but the tree has no branch for (None below)
        items += [(p, None) for p in groups if p not in node.children]
        items.sort(key=lambda kv: Pattern(kv[0], L).byg)
        unused = 0  # branches for colourings no answer of these lists gets: counted, not listed
        for p, child in items:
            if p == green:
                lines.append(f"{pad}{_tile(node.guess, green, colour)}  solved in {level}")
                continue
            if child is None:
                lost = ", ".join(upper(a) for a in groups[p])
                lines.append(f"{pad}{_tile(node.guess, p, colour)}  -> no branch: not solved: {lost}")
                continue
            left = groups.get(p, [])
            if not left:
                unused += 1
                continue
            if len(left) == 1 and not child.children and child.guess == left[0]:
                note = f"{upper(child.guess)}, solved in {level + 1}"
            else:
                note = f"{upper(child.guess)}  ({plural(len(left), 'answer')})"
            lines.append(f"{pad}{_tile(node.guess, p, colour)}  -> {note}")
            if (
                (depth is None or level + 1 < depth)
                and left
                and not (len(left) == 1 and not child.children and child.guess == left[0])
            ):
                walk(child, left, level + 1)
        if unused:
            lines.append(f"{pad}(and {plural(unused, 'branch')} for colourings no answer of these lists gets)")

    walk(tree.root, list(tree.answers), 1)
    return lines
