"""What `search` returns: the proven optimum for one opener (or the best
opener), its tree and figures, and how it shows (text, notebook HTML).

    >>> r = search("salet")
    >>> r.total, r.average, r.proven      # (7920, 3.4212, True)
    >>> print(r)                           # the summary table
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from wordle_opt.display import gap, plural
from wordle_opt.display import html_histogram as _html_histogram
from wordle_opt.display import html_table as _html_table
from wordle_opt.rules import Rule
from wordle_opt.trees.tree import Tree


@dataclass
class SearchResult:
    """The proven optimum for one opener (or the best opener), with its tree.

    ``feasible`` is False when no strategy solves every answer within
    ``max_guesses``; then ``tree`` and the figures are None and
    ``unsolvable`` lists the opener's groups proven not to finish (one
    suffices: the search stops at the first, so it may not list them all).
    """

    opener: Optional[str]
    """The first guess (the best one, proven by the ranking, when none was given)."""
    hard: Optional[str]
    """The hard-mode rule: None (easy), ``"nyt"`` or ``"strict"``."""
    max_guesses: Optional[int]
    """The guess cap (None: no cap)."""
    lists: str
    """The name of the word lists searched."""
    n_answers: int
    """How many answers the tree solves."""
    feasible: bool
    """False when no strategy solves every answer within ``max_guesses``."""
    tree: Optional[Tree]
    """The tree (a `Tree`: walk it, save it, verify it); None when not ``feasible``."""
    stats: Dict[str, float] = field(default_factory=dict)
    """How the search went: ``seconds`` (wall), ``cpu_seconds``, ``nodes`` searched, ``cache_hits``, ..."""
    unsolvable: List[str] = field(default_factory=list)
    """When not ``feasible``: the opener's groups proven not to finish within the cap."""
    objective: str = "total"
    """What was minimised: ``"total"``, ``"worst,total"`` or ``"total,worst"``."""
    proof: Optional[str] = None
    """Why nothing better exists under the objective, beyond the capped optimum
    (e.g. "no tree solves all 2315 answers within 4 guesses from SALET")."""
    lower_bound: Optional[int] = None
    """Anytime searches (beam, time limit): no tree from the opener totals less (None: an exact search)."""
    stopped: bool = False
    """The time limit or Ctrl-C ended an anytime search before its proof; when
    it is not ``feasible`` then, no tree was found in time (nothing proven)."""
    gave_up: bool = False
    """The anytime search's beam fitted no tree within the cap even at its
    widest (``max_beam``): no tree, and nothing proven about the cap."""
    interrupted: bool = False
    """``stopped`` by Ctrl-C, not by the time limit."""

    @property
    def proven(self) -> bool:
        """True when ``tree`` is a proven optimum.  (An exact search that
        returns has always proven its answer; when the cap is infeasible,
        what it proved is that no strategy fits, and there is no tree.  An
        anytime search has proven it when its lower bound meets the total.)"""
        return self.feasible and (self.lower_bound is None or self.lower_bound >= self.total)

    @property
    def total(self) -> Optional[int]:
        """The total number of guesses over all answers (the tree's); None when not ``feasible``."""
        return self.tree.total if self.tree else None

    @property
    def average(self) -> Optional[float]:
        """The average number of guesses per answer (``total / n_answers``)."""
        return self.tree.average if self.tree else None

    @property
    def histogram(self) -> Optional[Dict[int, int]]:
        """How many answers are solved in each number of guesses: ``{2: 84, 3: 1234, 4: 935, 5: 62}`` for SALET."""
        return self.tree.histogram if self.tree else None

    @property
    def max_depth(self) -> Optional[int]:
        """The worst case: the most guesses any answer takes."""
        return self.tree.max_depth if self.tree else None

    @property
    def rule_name(self) -> str:
        """The rule in words: "easy", "hard (NYT rule)" or "hard (strict rule)"."""
        return Rule(self.hard).label

    @property
    def cap_name(self) -> str:
        """The cap in words: "at most 6 guesses" or "no cap"."""
        return "no cap" if self.max_guesses is None else f"at most {plural(self.max_guesses, 'guess')}"

    def summary_rows(self) -> List[Tuple[str, str]]:
        rows = [
            ("opener", (self.opener or "?").upper()),
            ("mode", f"{self.rule_name}, {self.cap_name}"),
            ("lists", f"{self.lists} ({plural(self.n_answers, 'answer')})"),
            ("minimise", self.objective),
        ]
        if not self.feasible and self.gave_up:
            rows.append(("result", "no tree found by the beam within the cap (this proves nothing about the cap)"))
        elif not self.feasible and self.stopped:
            rows.append(
                (
                    "result",
                    f"no tree found {'before it was stopped (Ctrl-C or SIGTERM)' if self.interrupted else 'in the time given'} "
                    "(stopped before the search finished: this proves nothing about the cap)",
                )
            )
        elif not self.feasible:
            rows.append(("result", f"no strategy solves every answer within {plural(self.max_guesses, 'guess')}"))
        else:
            rows += [
                ("total", str(self.total)),
                ("average", f"{self.average:.4f}"),
                ("histogram", "  ".join(f"{k}:{v}" for k, v in sorted(self.histogram.items()))),
                ("worst case", f"{plural(self.max_depth, 'guess')}"),
            ]
        if not self.feasible and (self.stopped or self.gave_up):
            if self.lower_bound is not None:
                rows.append(("lower bound", f"{self.lower_bound} (proven): no tree from this opener totals less"))
        elif not self.feasible:
            rows.append(("proven", f"no strategy within {plural(self.max_guesses, 'guess')}"))
        elif self.lower_bound is not None:
            rows.append(
                ("lower bound", f"{self.lower_bound} (proven); the tree is {gap(self.total, self.lower_bound)}")
            )
        else:
            rows.append(("proven optimal", "yes"))
        if self.proof:
            rows.append(("proof", self.proof))
        rows += [
            ("time", f"{self.stats.get('seconds', 0):.2f} s wall, {self.stats.get('cpu_seconds', 0):.2f} s CPU"),
            (
                "nodes",
                f"{int(self.stats.get('nodes', 0)):,} searched, {int(self.stats.get('cache_hits', 0)):,} cache hits",
            ),
        ]
        return rows

    def __str__(self) -> str:
        width = max(len(k) for k, _ in self.summary_rows())
        return "\n".join(f"{k:<{width}}  {v}" for k, v in self.summary_rows())

    def __repr__(self) -> str:
        if not self.feasible:
            why = (
                "no tree found by the beam"
                if self.gave_up
                else "stopped by Ctrl-C before a tree was found"
                if self.interrupted
                else "no tree found in time"
                if self.stopped
                else f"infeasible within {self.max_guesses}"
            )
            return f"<SearchResult {self.opener} {self.rule_name}: {why}>"
        return f"<SearchResult {self.opener} {self.rule_name}: total {self.total}, average {self.average:.4f}>"

    def _repr_html_(self) -> str:
        return _html_table(self.summary_rows()) + (_html_histogram(self.histogram) if self.tree else "")
