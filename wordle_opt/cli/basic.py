"""Commands ``score`` and ``lists``."""

from __future__ import annotations

import argparse
import sys

from wordle_opt.display import tiles, use_colour
from wordle_opt.patterns import score
from wordle_opt.rules import MAX_LENGTH, MIN_LENGTH
from wordle_opt.wordlists import DEFAULT_SET, SETS, check_word, data_dir, list_sets, load_lists
from wordle_opt.words import normalise


def register(sub: "argparse._SubParsersAction") -> None:
    p = sub.add_parser(
        "score",
        help="colour a guess against an answer",
        description="Colour GUESS against ANSWER. Any two words of one length (4 to 8 letters, any alphabet) are scored; "
        "with --answers, GUESS must also be an allowed guess and ANSWER a possible answer "
        "of that list.",
    )
    p.add_argument("guess", metavar="GUESS")
    p.add_argument("answer", metavar="ANSWER")
    p.add_argument(
        "--answers",
        metavar="SET",
        default=None,
        help=f"check both words against a named set ({', '.join(SETS)}) or a list file",
    )
    p.set_defaults(func=cmd_score)

    p = sub.add_parser(
        "lists",
        help="show the bundled word lists and their counts",
        description="Show the bundled word-list sets with their answer and guess counts.",
    )
    p.set_defaults(func=cmd_lists)


def cmd_score(args: argparse.Namespace) -> int:
    # The guess sets the length; messages say "a-z" while both words are ASCII.
    plain = all(c.isascii() for c in args.guess + args.answer)
    own = len(normalise(args.guess))
    guess = check_word(args.guess, "guess", own if MIN_LENGTH <= own <= MAX_LENGTH else None, plain)
    answer = check_word(args.answer, "answer", len(guess), plain)
    if args.answers is not None:
        lists = load_lists(args.answers)
        lists.guess_index(guess)
        lists.answer_index(answer)
    pattern = score(guess, answer)
    colour = use_colour(sys.stdout)
    print(
        f"{tiles(guess, pattern, colour)}  digits {pattern.digits} (0 grey, 1 yellow, 2 green)  "
        f"number {int(pattern)} (the digits in base 3, first letter lowest)"
    )
    return 0


def cmd_lists(args: argparse.Namespace) -> int:
    rows = [("set", "answers", "guesses", "letters", "files")]
    sets = list_sets()
    for s, lists in sets:
        name = s.name + (" (default)" if s.name == DEFAULT_SET else "")
        letters = f"{lists.length} a-z" + "".join(c for c in lists.alphabet if not c.isascii())
        rows.append(
            (name, str(len(lists.answers)), str(len(lists.guesses)), letters, f"{s.answers_file} + {s.guesses_file}")
        )
    w = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print(f"{r[0]:<{w[0]}}  {r[1]:>{w[1]}}  {r[2]:>{w[2]}}  {r[3]:<{w[3]}}  {r[4]}")
    print()
    for s, _ in sets:
        print(f"{s.name}: {s.description}")
    print(f"\nfiles in {data_dir()}")
    print("a word-list file works wherever a SET is asked for (one word a line, '#' comments)")
    return 0
