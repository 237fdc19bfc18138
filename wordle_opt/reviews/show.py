"""A game review as text (terminal) and as an HTML table (notebooks)."""

from __future__ import annotations

import html
from typing import List, Optional

from wordle_opt.rules import ALL_GREEN
from wordle_opt.solver.evaluator import INF

_SHOW_WORDS = 8  # list the candidates left when there are at most this many
_SHOW_BEST = 3  # best guesses shown in the table, then a count
_TILE_CSS = {0: "#787c7e", 1: "#c9b458", 2: "#6aaa64"}


def _num(x: Optional[float], fmt: str = "{:.2f}", signed: bool = False) -> str:
    if x is None:
        return "-"
    return (("{:+" + fmt[2:]) if signed else fmt).format(x)


def _after(turn) -> str:
    words = turn.candidates_after
    if turn.colours == ALL_GREEN:
        return "solved"
    if len(words) <= _SHOW_WORDS:
        return f"{len(words)}: {' '.join(w.upper() for w in words)}"
    return str(len(words))


def _cost(c) -> str:
    if c.total == INF:
        return "over cap"
    return f"{c.expected:.3f}" if c.exact else f">={c.expected:.3f}"


def _best(turn) -> str:
    # The player's guess first when it is one of them; the full list stays in
    # turn.best_guesses (late turns can have hundreds of equal guesses).
    words = sorted(turn.best_guesses, key=lambda w: w != turn.guess)
    text = "/".join(w.upper() for w in words[:_SHOW_BEST]) or "-"
    more = len(words) - _SHOW_BEST
    if turn.best_scope == "proven best (not every tie listed)":
        text += f" +{more} or more" if more > 0 else " (maybe more)"
    elif more > 0:
        text += f" +{more}"
    return text + ("*" if turn.best_scope.startswith("best of") else "")


def _skill(turn) -> str:
    s = turn.skill
    if s is None:
        return "-"
    # skill = best / player: a lower bound on the player's cost bounds it from
    # above, one on the best's from below; with both, it is only an estimate.
    mark = {(True, True): "", (False, True): "<=", (True, False): ">=", (False, False): "~"}
    return mark[turn.player.exact, turn.best.exact] + f"{s:.1f}"


def _luck(turn) -> str:
    # luck is computed from the values of the guess's groups: exact with them
    text = _num(turn.luck, signed=True)
    return text if turn.player.exact or turn.luck is None else "~" + text


def rows(review) -> List[List[str]]:
    out = []
    for t in review.turns:
        out.append(
            [
                str(t.number),
                t.guess.upper(),
                t.colours.byg,
                str(t.candidates_before),
                _after(t),
                _cost(t.player),
                _cost(t.best),
                _best(t),
                _skill(t),
                _luck(t),
                _num(t.luck_percentile, "{:.0f}"),
            ]
        )
    return out


HEADER = ["#", "guess", "colours", "before", "after", "E(guess)", "E(best)", "best", "skill", "luck", "luck %"]


def notes(review) -> List[str]:
    out = [
        review.mode,
        "E(...): expected guesses still needed, this one included, playing that guess now and "
        "optimally after (exact optimum).",
    ]
    if review.root is not None and not review.root.proven:
        searched = ", ".join(f"{w.upper()} {c.text(4)}" for w, c in review.root.searched)
        out.append(f"* turn 1: {review.root.scope}: {searched}; the best opener is not proven here.")
    if review.table is not None:
        out.append(f"turn 1: the openers' values from {review.table} where it proves them, not searched.")
    if review.stopped_searches:
        out.append(
            f">= : {review.stopped_searches} group searches did not finish within the time limit; "
            "their values are proven lower bounds, not exact (<= / >= : skill bounded by them; "
            "~ : an estimate from bounds)."
        )
    t = review.turns[0] if review.turns else None
    if t is not None and t.best.feasible and t.player.feasible:
        n = t.candidates_before
        if t.player.exact and t.best.exact:
            out.append(
                f"opener: {t.guess.upper()} costs {t.player.total:.0f} guesses over {n} answers "
                f"against {t.best.total:.0f}, i.e. {t.loss:.3f} guesses per game."
            )
        else:
            out.append(
                f"opener: {t.guess.upper()} costs {_cost_words(t.player)} guesses over {n} answers "
                f"against {_cost_words(t.best)} (from bounds: not exact)."
            )
    out.append(f"reviewed in {review.seconds:.2f} s")
    return out


def _cost_words(c) -> str:
    return f"{c.total:.0f}" if c.exact else f"at least {c.total:.0f}"


def text_table(review) -> str:
    table = [HEADER] + rows(review)
    width = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    lines = [
        "  ".join(
            c.rjust(w) if i not in (1, 2, 4, 7) else c.ljust(w) for i, (c, w) in enumerate(zip(r, width))
        ).rstrip()
        for r in table
    ]
    return "\n".join(lines + [""] + notes(review))


def _tiles(word: str, colours) -> str:
    return "".join(
        f"<span style='display:inline-block;width:1.4em;text-align:center;color:white;"
        f"font-weight:bold;background:{_TILE_CSS[c]};margin:1px'>{html.escape(ch.upper())}</span>"
        for ch, c in zip(word, colours.colours)
    )


def html_table(review) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADER if h != "colours")
    body = []
    for t, r in zip(review.turns, rows(review)):
        cells = [r[0], _tiles(t.guess, t.colours)] + [html.escape(c) for c in r[3:]]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    foot = "".join(f"<p>{html.escape(n)}</p>" for n in notes(review))
    return f"<table><tr>{head}</tr>{''.join(body)}</table>{foot}"
