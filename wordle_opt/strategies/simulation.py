"""Play a strategy against every answer and report how it did.

    >>> r = wordle_opt.simulate("entropy", opener="salet")
    >>> print(r)            # solved within 6, average, histogram, worst words
    >>> r.plot()            # matplotlib histogram (pip install wordle_opt[plot])

Simulation walks the game tree of the strategy rather than playing the
answers one by one: at each position the strategy is asked once, the
candidates are split by the colouring of its guess, and each group is
followed on.  Every answer still sees exactly the game it would see alone
(strategies are functions of the position), but a decision shared by many
answers is evaluated once -- that is what makes entropy over 2315 answers
with all 12972 guesses take seconds.  Games that are not solved after
``GUESS_CAP`` guesses (a strategy going round in circles) count as failures.
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from wordle_opt.display import html_histogram, plural
from wordle_opt.errors import WordleOptError, WordListError
from wordle_opt.rules import Rule
from wordle_opt.strategies.builtin import Strategy, get_strategy, strategy_key
from wordle_opt.strategies.context import context_for
from wordle_opt.trees.node import history_text
from wordle_opt.wordlists import load_lists

GUESS_CAP = 20

Path = List[Tuple[str, int]]


class Walker:
    """Plays one strategy from any position; remembers every decision it made
    (keyed by history), so later walks through known positions cost nothing.
    The memo holds one int per position: a whole game tree is a few thousand."""

    def __init__(self, lists, strategy: Strategy, *, hard=None, answers_only=False, cap: int = GUESS_CAP):
        self.lists = lists
        self.ctx = context_for(lists)
        self.strategy = strategy
        self.rule = Rule.parse(hard)
        self.answers_only = answers_only
        self.cap = cap
        self.memo: Dict[tuple, int] = {}
        self.decisions = 0

    def root(self):
        return self.ctx.all_answers, self.ctx.root_legal(self.answers_only)

    def state(self, history: Sequence[Tuple[int, int]]):
        """(candidates, legal) after ``history`` of (guess index, colouring)."""
        cands, legal = self.root()
        for g, p in history:
            cands = self.ctx.next_candidates(cands, g, p)
            legal = self.ctx.next_legal(legal, g, p, self.rule)
        return cands, legal

    def guess(self, history: tuple, cands, legal) -> int:
        g = self.memo.get(history)
        if g is None:
            g = int(self.strategy.choose(cands, legal, list(history)))
            i = int(np.searchsorted(legal, g))  # legal is sorted
            if i >= len(legal) or legal[i] != g:
                self._illegal(history, g)
            self.memo[history] = g
            self.decisions += 1
        return g

    def _illegal(self, history, g):
        """A strategy (say a tree for another rule) played a guess not allowed here."""
        from wordle_opt.errors import HardModeError

        words = self.lists.guesses
        played = [(words[h], p) for h, p in history]
        why = self.rule.violation(played, words[g])
        if why is None:
            why = "it is not a possible answer (answers-only guessing)"
        mode = f"hard ({self.rule.word})" if self.rule.hard else "easy"
        raise HardModeError(
            f"strategy {self.strategy.name} plays {words[g].upper()} {history_text(played)}, "
            f"not allowed in {mode} mode: {why}"
        )

    def walk(
        self, history: tuple = (), cands=None, legal=None, progress: Optional[Callable[[int], None]] = None
    ) -> Dict[int, Tuple[tuple, bool]]:
        """Play every answer of ``cands`` from ``history``: answer index ->
        (full history of (guess, colouring), solved?)."""
        if cands is None:
            cands, legal = self.state(history)
        out: Dict[int, Tuple[tuple, bool]] = {}
        self._walk(tuple(history), cands, legal, out=out, progress=progress)
        return out

    def _walk(self, history, cands, legal, *, out, progress):
        g = self.guess(history, cands, legal)
        pats = self.ctx.table[g, cands]
        order = np.argsort(pats, kind="stable")
        pats_sorted = pats[order]
        cuts = np.flatnonzero(np.diff(pats_sorted)) + 1
        starts = np.concatenate(([0], cuts))
        ends = np.concatenate((cuts, [len(cands)]))
        for s, e in zip(starts, ends):
            p = int(pats_sorted[s])
            group = np.ascontiguousarray(cands[order[s:e]])
            h = history + ((g, p),)
            if p == self.ctx.all_green:
                out[int(group[0])] = (h, True)
            elif len(h) >= self.cap:
                for a in group:
                    out[int(a)] = (h, False)
            else:
                self._walk(h, group, self.ctx.next_legal(legal, g, p, self.rule), out=out, progress=progress)
                continue
            if progress is not None:
                progress(e - s)


@dataclass(repr=False)
class SimulationResult:
    """Outcome of playing a strategy against every answer.

    ``guesses[word]`` is the number of guesses the answer took (None when not
    solved within the cap); ``paths[word]`` its game as (guess, colouring)."""

    strategy: str
    lists: str
    hard: Optional[str]
    opener: Optional[str]
    answers_only: bool
    max_guesses: int
    guesses: Dict[str, Optional[int]]
    paths: Dict[str, Path]
    seconds: float
    decisions: int = 0
    cap: int = GUESS_CAP

    @property
    def n(self) -> int:
        return len(self.guesses)

    @property
    def unsolved(self) -> List[str]:
        """Answers the strategy never found (stopped after ``cap`` guesses)."""
        return sorted(w for w, k in self.guesses.items() if k is None)

    @property
    def failed(self) -> List[str]:
        """Answers not solved within ``max_guesses`` (including unsolved ones)."""
        return sorted(w for w, k in self.guesses.items() if k is None or k > self.max_guesses)

    @property
    def solved_within(self) -> int:
        return self.n - len(self.failed)

    @property
    def solved_percent(self) -> float:
        return 100.0 * self.solved_within / self.n if self.n else 0.0

    @property
    def total(self) -> int:
        """Guesses summed over the solved answers."""
        return sum(k for k in self.guesses.values() if k is not None)

    @property
    def average(self) -> float:
        solved = [k for k in self.guesses.values() if k is not None]
        return sum(solved) / len(solved) if solved else float("nan")

    @property
    def max_depth(self) -> Optional[int]:
        solved = [k for k in self.guesses.values() if k is not None]
        return max(solved) if solved else None

    @property
    def histogram(self) -> Dict[int, int]:
        """Guesses -> number of answers (solved ones; see ``unsolved`` for the rest)."""
        hist: Dict[int, int] = {}
        for k in self.guesses.values():
            if k is not None:
                hist[k] = hist.get(k, 0) + 1
        return dict(sorted(hist.items()))

    def worst(self, k: int = 10) -> List[Tuple[str, Optional[int]]]:
        """The ``k`` answers needing the most guesses (unsolved first), then alphabetical."""
        cap = self.cap + 1
        items = sorted(self.guesses.items(), key=lambda wk: (-(wk[1] if wk[1] is not None else cap), wk[0]))
        return items[:k]

    def path(self, answer: str) -> Path:
        """The game played against ``answer``."""
        word = str(answer).strip().lower()
        if word not in self.paths:
            raise WordListError(f"{answer!r} is not an answer of list {self.lists!r} ({plural(self.n, 'answer')})")
        return self.paths[word]

    # Display -------------------------------------------------------------
    def _title(self) -> str:
        mode = f"hard ({self.hard})" if self.hard else "easy"
        bits = [f"strategy {self.strategy}", f"lists {self.lists}", mode]
        if self.opener:
            bits.append(f"opener {self.opener}")
        if self.answers_only:
            bits.append("answers-only")
        return ", ".join(bits)

    def _bars(self, width: int = 40) -> List[Tuple[str, int, str]]:
        hist = self.histogram
        rows = [(str(k), v) for k, v in hist.items()]
        if self.unsolved:
            rows.append((f">{self.cap}", len(self.unsolved)))
        top = max((v for _, v in rows), default=1)
        return [(label, v, "#" * max(1, round(width * v / top))) for label, v in rows]

    def __str__(self) -> str:
        lines = [self._title()]
        solved = f"solved <= {self.max_guesses}"
        w = max(12, len(solved) + 1)  # label column, at least one space wide
        lines.append(f"{'answers':<{w}}{self.n}")
        lines.append(f"{solved:<{w}}{self.solved_within} ({self.solved_percent:.2f}%)")
        lines.append(f"{'average':<{w}}{self.average:.4f} guesses ({self.total} total)")
        if self.max_depth is not None:
            lines.append(f"{'most':<{w}}{plural(self.max_depth, 'guess')}")
        if self.failed:
            shown = ", ".join(self.failed[:20]) + (" ..." if len(self.failed) > 20 else "")
            lines.append(f"{'failed':<{w}}{len(self.failed)}: {shown}")
        lines.append("histogram   guesses, answers")
        for label, v, bar in self._bars():
            lines.append(f"  {label:>3} {v:5d} {bar}")
        worst = ", ".join(f"{w} {k if k is not None else 'X'}" for w, k in self.worst(5))
        lines.append(f"{'worst':<{w}}{worst}")
        lines.append(f"{'time':<{w}}{self.seconds:.2f} s ({plural(self.decisions, 'decision')})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        # The dataclass repr would print every answer's path (175 KB on the original lists).
        return (
            f"<SimulationResult {self.strategy} on {self.lists}: {self.solved_within}/{self.n} solved "
            f"within {self.max_guesses}, average {self.average:.4f}>"
        )

    def _repr_html_(self) -> str:
        e = html.escape
        rows = [
            ("answers", self.n),
            (f"solved within {self.max_guesses}", f"{self.solved_within} ({self.solved_percent:.2f}%)"),
            ("average guesses", f"{self.average:.4f}"),
            ("most guesses", self.max_depth),
            (f"not solved after {self.cap}", len(self.unsolved)),
            ("failed", ", ".join(self.failed) or "none"),
            ("worst", ", ".join(f"{w} ({k if k is not None else 'X'})" for w, k in self.worst(5))),
            ("time", f"{self.seconds:.2f} s"),
        ]
        table = "".join(f"<tr><th style='text-align:left'>{e(str(k))}</th><td>{e(str(v))}</td></tr>" for k, v in rows)
        return f"<div><b>{e(self._title())}</b><table>{table}</table>{html_histogram(self.histogram)}</div>"

    def plot(self, ax=None) -> None:
        """Bar chart of the histogram, into ``ax`` (a matplotlib Axes) or a new
        figure.  Returns nothing, so that a notebook shows the chart alone (an
        Axes returned was printed above it as ``<Axes: ...>``); pass ``ax`` to
        style it further."""
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            raise WordleOptError("plot() needs matplotlib: pip install wordle_opt[plot]") from None
        if ax is None:
            _, ax = plt.subplots()
        labels = [label for label, _, _ in self._bars()]
        values = [v for _, v, _ in self._bars()]
        colours = ["tab:green" if label.isdigit() and int(label) <= self.max_guesses else "tab:red" for label in labels]
        ax.bar(labels, values, color=colours)
        ax.set_xlabel("guesses")
        ax.set_ylabel("answers")
        ax.set_title(
            f"{self.strategy}: average {self.average:.4f}, {self.solved_percent:.1f}% within {self.max_guesses}"
        )


def simulate(
    strategy="entropy",
    *,
    opener=None,
    hard=None,
    answers="original",
    guesses=None,
    answers_only=False,
    max_guesses=6,
    tree=None,
    seed=0,
    progress: Optional[Callable[[int, int], None]] = None,
    **options,
) -> SimulationResult:
    """Play ``strategy`` against every answer.  ``progress(done, total)`` is
    called as answers finish.  ``answers`` may also be a WordLists."""
    if isinstance(max_guesses, bool) or not isinstance(max_guesses, (int, np.integer)) or max_guesses < 1:
        raise WordleOptError(f"max_guesses must be a positive int, not {max_guesses!r}")
    for name in ("boards", "games"):
        if name in options:
            raise WordleOptError(
                f"{name}={options[name]!r}: simulate plays one board; several boards at once are "
                "wordle_opt.games.boards.simulate_boards(boards, strategy, games=...) (the CLI's simulate --boards N)"
            )
    lists = load_lists(answers, guesses)
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
        **options,
    )
    start = time.perf_counter()
    walker = Walker(lists, strat, hard=rule, answers_only=answers_only, cap=max(GUESS_CAP, int(max_guesses)))
    total = len(lists.answers)
    done = [0]
    tick = None
    if progress is not None:

        def tick(k):
            done[0] += k
            progress(done[0], total)

    out = walker.walk((), progress=tick)
    seconds = time.perf_counter() - start
    words = lists.guesses
    result_guesses: Dict[str, Optional[int]] = {}
    paths: Dict[str, Path] = {}
    for a, (h, solved) in sorted(out.items()):
        word = lists.answers[a]
        paths[word] = [(words[g], p) for g, p in h]
        result_guesses[word] = len(h) if solved else None
    # The opening the strategy played (fixed or its own choice).
    root = walker.memo.get(())
    opener_word = words[root] if root is not None else None
    return SimulationResult(
        strategy=strat.name,
        lists=lists.name,
        hard=rule.value,
        opener=opener_word,
        answers_only=bool(answers_only),
        max_guesses=int(max_guesses),
        guesses=result_guesses,
        paths=paths,
        seconds=seconds,
        decisions=walker.decisions,
        cap=walker.cap,
    )


@dataclass(repr=False)
class ComparisonResult:
    """One SimulationResult per strategy, shown as one table."""

    results: List[SimulationResult] = field(default_factory=list)

    def rows(self) -> List[Tuple[str, ...]]:
        out = []
        for r in self.results:
            out.append(
                (
                    r.strategy,
                    r.opener or "-",
                    f"{r.solved_within}/{r.n}",
                    f"{r.solved_percent:.2f}%",
                    f"{r.average:.4f}",
                    str(r.max_depth),
                    str(len(r.failed)),
                    f"{r.seconds:.2f}",
                )
            )
        return out

    HEADER = ("strategy", "opener", "solved", "percent", "average", "most", "failed", "seconds")

    def __str__(self) -> str:
        rows = [self.HEADER] + self.rows()
        widths = [max(len(r[i]) for r in rows) for i in range(len(self.HEADER))]
        lines = [
            "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows
        ]
        lines.insert(1, "  ".join("-" * w for w in widths))
        if self.results:
            r = self.results[0]
            lines.insert(
                0, f"lists {r.lists}, {'hard (' + r.hard + ')' if r.hard else 'easy'}, solved within {r.max_guesses}"
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        head = "".join(f"<th>{e(h)}</th>" for h in self.HEADER)
        body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in self.rows())
        return f"<table><tr>{head}</tr>{body}</table>"

    def __repr__(self) -> str:
        body = ", ".join(f"{r.strategy} {r.average:.4f}" for r in self.results)
        n = len(self.results)
        return f"<ComparisonResult of {n} strateg{'y' if n == 1 else 'ies'}: {body}>"

    def __iter__(self):
        return iter(self.results)

    def __getitem__(self, name: str) -> SimulationResult:
        for r in self.results:
            if r.strategy == name:
                return r
        raise KeyError(name)


def compare(strategies="entropy,minimax,expected-size,frequency", progress=None, **kwargs) -> ComparisonResult:
    """Simulate each strategy (names as a list or comma-separated string) with the same options."""
    if isinstance(strategies, str):
        strategies = [s.strip() for s in strategies.split(",") if s.strip()]
    if not isinstance(strategies, (list, tuple)) or not all(isinstance(s, str) for s in strategies):
        raise WordleOptError(f"strategies: expected names like 'entropy,minimax' or a list of them, not {strategies!r}")
    if not strategies:
        raise WordleOptError("no strategy to compare: give names like 'entropy,minimax'")
    keys = [strategy_key(s) for s in strategies]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise WordleOptError(f"strategy {twice[0]} is named twice in the comparison: name each once")
    lists = load_lists(kwargs.pop("answers", "original"), kwargs.pop("guesses", None))
    results = []
    for name in strategies:
        cb = None
        if progress is not None:

            def cb(done, total, _name=name):
                progress(done, total, _name)

        # a tree (--tree) is for 'optimal' only; the heuristics are compared without it
        opts = kwargs if strategy_key(name) == "optimal" else {k: v for k, v in kwargs.items() if k != "tree"}
        results.append(simulate(name, answers=lists, progress=cb, **opts))
    return ComparisonResult(results)
