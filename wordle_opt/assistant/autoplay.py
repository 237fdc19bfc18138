"""One game played by a strategy against a known answer, printed as tiles
(the ``solve`` command)."""

from __future__ import annotations

import sys
from typing import List, Optional, TextIO, Tuple

from wordle_opt.display import plural, tiles, upper, use_colour
from wordle_opt.rules import Rule, all_green
from wordle_opt.strategies.builtin import get_strategy
from wordle_opt.strategies.simulation import Walker
from wordle_opt.wordlists import load_lists


def solve(
    answer: str,
    *,
    strategy="entropy",
    opener=None,
    hard=None,
    answers="original",
    guesses=None,
    answers_only=False,
    tree=None,
    seed=0,
    max_guesses=6,
    output: Optional[TextIO] = None,
    colour: Optional[bool] = None,
    lists=None,
) -> List[Tuple[str, int]]:
    """Play one game against ``answer`` and print it as tiles; returns the
    [(guess, colouring)] path."""
    lists = lists if lists is not None else load_lists(answers, guesses)
    a = lists.answer_index(str(answer))
    rule = Rule.parse(hard)
    strat = get_strategy(
        strategy,
        lists,
        opener=opener,
        answers_only=answers_only,
        hard=rule,
        seed=seed,
        tree=tree,
        max_guesses=max_guesses,
    )
    walker = Walker(lists, strat, hard=rule, answers_only=answers_only)
    cands, legal = walker.root()
    history: List[Tuple[int, int]] = []
    out = output if output is not None else sys.stdout
    show = use_colour(out) if colour is None else colour
    while len(history) < walker.cap:
        g = walker.guess(tuple(history), cands, legal)
        p = int(lists.table[g, a])
        history.append((g, p))
        out.write(f"{len(history)}  {tiles(lists.guesses[g], p, show)}\n")
        if p == all_green(lists.length):
            break
        cands = walker.ctx.next_candidates(cands, g, p)
        legal = walker.ctx.next_legal(legal, g, p, rule)
    n = len(history)
    if history and history[-1][1] == all_green(lists.length):
        out.write(
            f"{upper(lists.answers[a])} in {n} guess{'es' if n != 1 else ''} "
            f"({strat.name}{', hard ' + rule.word if rule.hard else ''})\n"
        )
    else:
        out.write(f"not solved after {plural(n, 'guess')}\n")
    out.flush()
    return [(lists.guesses[g], p) for g, p in history]
