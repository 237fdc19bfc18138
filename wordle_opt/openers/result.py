"""The result of `rank_openers`: the proven ranking, as text, a notebook table and CSV."""

from __future__ import annotations

import csv
import html
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from wordle_opt.display import gap, plural
from wordle_opt.openers.phases import PHASES_AFTER_SECONDS, describe
from wordle_opt.openers.tables import PROBLEM_COLUMNS, problem_cells
from wordle_opt.openers.tasks import BOUND, EXACT, INFEASIBLE
from wordle_opt.rules import Rule


@dataclass
class RankedOpener:
    """One ranked opener: its proven optimal total and (if built) its optimal
    tree; ranked by another objective than the total, its proven worst case
    too (under 'worst,total' the total is the least within that worst case)."""

    word: str
    total: int
    tree: Optional[object] = None  # a wordle_opt Tree
    worst_case: Optional[int] = None
    lower_bound: Optional[int] = None  # the anytime ranking: total is its tree's, this is proven (None: exact)

    @property
    def worst(self) -> Optional[int]:
        if self.worst_case is not None:
            return self.worst_case
        return self.tree.max_depth if self.tree is not None else None


@dataclass
class OpenerRanking:
    """The K best openers, each with its exact total, and what is proven about
    every other opener: ``others_at_least`` (None when there is no other opener
    or the K-th place is empty).  ``facts`` maps each guess index to (kind,
    value): kind 'exact' (its optimal total), 'bound' (a proven lower bound) or
    'infeasible' (no strategy finishes within the cap).

    Ranked by ``objective`` 'worst,total' or 'total,worst': ``worst_facts``
    maps openers to (kind, worst case), 'exact' or 'bound' (at least), ``proof``
    says why no other opener does better; under 'worst,total' the facts of the
    unranked openers are their totals within the worst case of the last place."""

    hard: Optional[str]
    max_guesses: Optional[int]
    lists: str
    n_answers: int
    guesses: Tuple[str, ...]
    ranking: List[RankedOpener]
    others_at_least: Optional[int]
    facts: Dict[int, Tuple[str, int]]
    searched: frozenset = frozenset()  # the openers the exact search ran on (the rest: bounds alone)
    stats: Dict[str, float] = field(default_factory=dict)
    lists_obj: Optional[object] = field(default=None, repr=False)
    objective: str = "total"
    worst_facts: Dict[int, Tuple[str, int]] = field(default_factory=dict)
    proof: Optional[str] = None
    screened: Dict[int, Optional[int]] = field(default_factory=dict)  # anytime: beam totals (None: no tree)
    anytime: bool = False  # ranked by the anytime search: the totals are trees', each beside a proven bound

    @property
    def best(self) -> Optional[RankedOpener]:
        return self.ranking[0] if self.ranking else None

    @property
    def tree(self):
        """The best opener's optimal tree."""
        return self.best.tree if self.best else None

    @property
    def mode(self) -> str:
        cap = "no cap" if self.max_guesses is None else f"at most {plural(self.max_guesses, 'guess')}"
        by = "" if self.objective == "total" else f", minimise {self.objective}"
        return f"{Rule(self.hard).label}, {cap}{by}"

    def statement(self) -> str:
        """What is proven about the openers outside the ranking, in one line."""
        if self.proof is not None:
            return self.proof
        n_other = len(self.guesses) - len(self.ranking)
        if n_other == 0:
            return "every opener is ranked"
        if self.others_at_least is None:
            # (with nothing ranked, "no other opener" read as if some opener did)
            whom = "no other opener" if self.ranking else "no opener"
            return f"{whom} finishes every answer within {plural(self.max_guesses, 'guess')}"
        return f"every other opener ({n_other}) totals at least {self.others_at_least}"

    def rows(self) -> List[Tuple[int, str, int, str, str]]:
        out = []
        for i, r in enumerate(self.ranking, 1):
            worst = f"{r.worst}" if r.worst is not None else "?"
            row = (i, r.word.upper(), r.total, f"{r.total / self.n_answers:.4f}", worst)
            if self.anytime:
                row += (f"{r.lower_bound}" if r.lower_bound is not None else "", _gap(r))
            out.append(row)
        return out

    def header(self) -> Tuple[str, ...]:
        return ("rank", "opener", "tree" if self.anytime else "total", "average", "worst") + (
            ("proven >=", "gap") if self.anytime else ()
        )

    def __str__(self) -> str:
        return self.report()

    def report(self, *, phases: Optional[bool] = None) -> str:
        """The ranking as text; ``phases``: where the time went (default: after a
        run of at least PHASES_AFTER_SECONDS, counting its checkpoint's earlier runs)."""
        head = f"best openers: {self.lists} lists ({plural(self.n_answers, 'answer')}), {self.mode}"
        widths = (4, 6, 6, 7) + ((5, 9, 0) if self.anytime else (0,))  # (0: the last column, unpadded)
        fmt = "  ".join(f"{{:{'<' if k == 1 or w == 0 else '>'}{w}}}" for k, w in enumerate(widths))
        lines = [head] + [fmt.format(*row).rstrip() for row in [self.header()] + self.rows()]
        lines.append(self.statement())
        st = self.stats
        if st and self.anytime:
            lines.append(
                f"in {st.get('seconds', 0):.1f} s wall, {st.get('cpu_seconds', 0):.1f} s CPU, "
                f"{st.get('peak_rss_mb', 0):.0f} MB peak ({plural(int(st.get('workers', 1)), 'worker')}): "
                f"bounds refined for {int(st.get('refined', 0))} openers, "
                f"{plural(int(st.get('searched', 0)), 'opener')} searched"
            )
        elif st:
            how = (
                f"{int(st.get('settled_by_bounds', 0))} openers settled by bounds alone, "
                f"{int(st.get('searched', 0))} searched"
            )
            refuted = int(st.get("refuted_within", 0))
            if refuted:
                first = f"every opener refuted within {plural(refuted, 'guess')}"
                how = f"{first} first; then {how}" if self.ranking else first
            lines.append(
                f"proven in {st.get('seconds', 0):.1f} s wall, {st.get('cpu_seconds', 0):.1f} s CPU "
                f"({plural(int(st.get('workers', 1)), 'worker')}): {how}"
            )
            if st.get("runs", 1) > 1:
                untimed = int(st.get("untimed_runs", 0))
                lines.append(
                    f"over the {int(st['runs'])} runs of this checkpoint: {st['all_seconds']:.1f} s wall, "
                    f"{st['all_cpu_seconds']:.1f} s CPU"
                    + (
                        f" (not counting the CPU of {plural(untimed, 'run')} that did not save it: killed, or the anytime search; "
                        "wall time counted up to the last saved batch)"
                        if untimed
                        else ""
                    )
                )
            if phases is None:
                phases = st.get("all_seconds", st.get("seconds", 0)) >= PHASES_AFTER_SECONDS
            if phases and st.get("phases"):
                lines.append("where the time went:")
                lines.extend(describe(st["phases"]))
        return "\n".join(lines)

    def __repr__(self) -> str:
        b = self.best
        return (
            f"<OpenerRanking {self.mode}: best {b.word.upper()} {b.total}, {self.statement()}>"
            if b
            else f"<OpenerRanking {self.mode}: {self.statement()}>"
        )

    def _repr_html_(self) -> str:
        cells = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in self.rows()
        )
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header())
        return (
            f"<p>{html.escape(self.lists)} lists ({plural(self.n_answers, 'answer')}), {html.escape(self.mode)}</p>"
            f"<table><tr>{head}</tr>{cells}</table><p>{html.escape(self.statement())}</p>"
        )

    def to_csv(self, path) -> None:
        """Every opener with its exact total, its proven lower bound, or
        'infeasible'; a ranked opener's tree total too (the anytime ranking's
        trees total at least the proven bound).  Every row ends with the
        problem it was ranked on (`wordle_opt.openers.tables.PROBLEM_COLUMNS`),
        so that ``review``/``serve --ranking FILE`` use it only for that game."""
        ranked = {r.word: (i, r) for i, r in enumerate(self.ranking, 1)}
        problem = problem_cells(self.lists_obj.answers, self.hard, self.max_guesses, self.objective)
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(
                ["opener", "rank", "kind", "total", "worst", "worst_kind", "meaning", "tree_total", "beam_total"]
                + PROBLEM_COLUMNS
            )
            for o in sorted(range(len(self.guesses)), key=lambda o: self._csv_order(o, ranked)):
                word = self.guesses[o]
                kind, value = self.facts[o]
                wkind, worst = self.worst_facts.get(o, ("", ""))
                if word in ranked and not wkind and ranked[word][1].worst is not None:
                    wkind, worst = "tree", ranked[word][1].worst  # the worst case of its optimal tree
                w.writerow(
                    [
                        word,
                        ranked[word][0] if word in ranked else "",
                        kind,
                        "" if kind == INFEASIBLE else value,
                        worst,
                        wkind,
                        self._meaning(kind, wkind, worst),
                        ranked[word][1].total if word in ranked else "",
                        _screened(self.screened, o),
                    ]
                    + problem
                )

    def _csv_order(self, o: int, ranked: dict):
        """The CSV's rows: the ranked openers by rank, then the others by their
        total or bound (the infeasible last), ties in list order."""
        if self.guesses[o] in ranked:
            return (0, ranked[self.guesses[o]][0], o)
        kind, value = self.facts[o]
        return (1, kind == INFEASIBLE, value, kind != EXACT, o)

    def _meaning(self, kind: str, wkind: str, worst) -> str:
        total = {
            EXACT: "optimal total",
            BOUND: "proven lower bound on the total",
            INFEASIBLE: "no strategy within the cap",
        }[kind]
        if self.objective == "total,worst" and wkind == EXACT:
            return f"{total}; its optimal trees need at least {worst} guesses"
        if self.objective != "worst,total" or not wkind:
            return total
        if wkind == EXACT:
            return f"worst case {worst} (proven least), {total} within it"
        if kind == INFEASIBLE:
            return (
                total if self.max_guesses is not None and worst > self.max_guesses else f"worst case at least {worst}"
            )
        return f"worst case at least {worst}; within {worst} guesses, {total}"


def _gap(r: RankedOpener) -> str:
    return "" if r.lower_bound is None else gap(r.total, r.lower_bound).replace("optimal within ", "")


def _screened(screened: Dict[int, Optional[int]], o: int) -> str:
    if o not in screened:
        return ""
    return "none" if screened[o] is None else str(screened[o])
