"""An independent check of a decision tree against the rules, and its report.

    report = verify("salet.tree", hard="nyt")
    report.ok, report.total, print(report)

Plain-Python scoring and hard rules (``rules.py``) only: nothing of the search.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from wordle_opt.display import html_histogram, html_table, plural, upper
from wordle_opt.errors import TreeError, WordleOptError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import Rule, all_green, score_words
from wordle_opt.trees import treefile, treemeta
from wordle_opt.trees.node import Node, history_text
from wordle_opt.trees.tree import Tree, check_lengths
from wordle_opt.wordlists import resolve_words

_MAX_ERRORS = 20  # VerifyReport keeps the first few problems, counts all


@dataclass
class VerifyReport:
    """What [`verify`][wordle_opt.verify] found.  Figures (total, average, histogram) count only
    the answers the tree does solve (``n_solved`` of ``n_answers``)."""

    ok: bool
    errors: List[str]
    total: int
    average: float
    histogram: Dict[int, int]
    max_depth: int
    n_answers: int
    rule: Optional[str]
    max_guesses: Optional[int]
    n_errors: int = 0
    n_solved: int = 0

    def __bool__(self) -> bool:
        return self.ok

    def _cap(self) -> str:
        return f"at most {plural(self.max_guesses, 'guess')}" if self.max_guesses else "no guess cap"

    def __str__(self) -> str:
        rule = f"hard mode ({self.rule})" if self.rule else "easy mode"
        if self.ok:
            head = [f"ok: all {plural(self.n_answers, 'answer')} solved, {rule}, {self._cap()}"]
        else:
            head = [f"NOT OK: {self.n_errors} problem{'s' * (self.n_errors != 1)} ({rule}, {self._cap()})"]
            head += [f"  {e}" for e in self.errors]
            if self.n_errors > len(self.errors):
                head.append(f"  ... and {self.n_errors - len(self.errors)} more")
            head.append(f"solved: {self.n_solved} of {plural(self.n_answers, 'answer')}")
        hist = "  ".join(f"{k}:{v}" for k, v in sorted(self.histogram.items()))
        return "\n".join(
            head
            + [
                f"answers: {self.n_answers}",
                f"total: {self.total}",
                f"average: {self.average:.4f}",
                f"histogram: {hist}",
                f"worst case: {plural(self.max_depth, 'guess')}",
            ]
        )

    def _repr_html_(self) -> str:
        status = "ok" if self.ok else f"{self.n_errors} problem(s)"
        rows = [
            ("status", status),
            ("rule", self.rule or "easy"),
            ("cap", self._cap()),
            ("answers", self.n_answers),
            ("total", self.total),
            ("average", f"{self.average:.4f}"),
            ("worst case", f"{plural(self.max_depth, 'guess')}"),
        ]
        errs = ""
        if self.errors:
            errs = "<ul>" + "".join(f"<li>{html.escape(e)}</li>" for e in self.errors) + "</ul>"
        return html_table(rows) + errs + html_histogram(self.histogram)


def verify(tree, answers=None, *, guesses=None, hard=None, max_guesses=treemeta.RECORDED) -> VerifyReport:
    """Re-check a tree from the rules alone (plain-Python scoring, rules.py).

    ``tree``: a Tree, a Node (then ``answers`` is required) or a file path
    (JSON or leaderboard text).  ``answers``/``guesses`` default to the
    tree's lists (the ones a file records; 'original' if it records none).
    ``hard``: None = the rule the tree records (easy if none); 'easy'/False
    forces easy rules; 'nyt'/'strict' check that rule.  ``max_guesses``: by
    default the cap the tree records (6 for a file that records none), else
    the cap, None for none.  An explicit value that contradicts the record
    gets a one-line TreeFileWarning.  Problems are reported, not raised; only
    an unreadable or malformed file raises TreeError.
    """
    root, entries, meta, where, answers, guesses = _open(tree, answers, guesses)
    if isinstance(max_guesses, bool) or not (
        max_guesses is None or max_guesses is treemeta.RECORDED or (isinstance(max_guesses, int) and max_guesses >= 1)
    ):
        raise WordleOptError(f"max_guesses must be a positive int or None, not {max_guesses!r}")
    name, ans, gs = resolve_words(answers, guesses)
    rule = treemeta.settle_rule(meta, treemeta.RECORDED if hard is None else hard, where)
    max_guesses = treemeta.settle_cap(meta, max_guesses, where)
    check_lengths(root, ans, gs, name)
    errors = _Errors()
    if len(set(ans)) != len(ans):
        errors("the answers list has duplicate words")
    if not ans:
        errors("the answers list is empty")
    lines = _check_lines(entries, ans, errors) if entries is not None else None
    depth_of = _walk(root, ans, set(gs), rule=Rule(rule), max_guesses=max_guesses, err=errors)
    if lines is not None:
        # An answer the walk could not solve is reported there, once; this is
        # the rarer case of a tree that solves it without the answer's own line.
        for a in depth_of:
            if a not in lines:
                errors(f"answer {upper(a)} is missing from the tree file")
    hist: Dict[int, int] = {}
    for d in depth_of.values():
        hist[d] = hist.get(d, 0) + 1
    total = sum(depth_of.values())
    return VerifyReport(
        ok=errors.count == 0,
        errors=errors.kept,
        total=total,
        average=total / len(depth_of) if depth_of else 0.0,
        histogram=dict(sorted(hist.items())),
        max_depth=max(depth_of.values(), default=0),
        n_answers=len(ans),
        rule=rule,
        max_guesses=max_guesses,
        n_errors=errors.count,
        n_solved=len(depth_of),
    )


class _Errors:
    """Keeps the first _MAX_ERRORS problems, counts all."""

    def __init__(self):
        self.kept: List[str] = []
        self.count = 0

    def __call__(self, msg: str) -> None:
        self.count += 1
        if len(self.kept) < _MAX_ERRORS:
            self.kept.append(msg)


def _open(tree, answers, guesses):
    """(root, text lines or None, the tree's record, its name for messages, answers, guesses),
    the lists defaulting to the recorded ones."""
    entries = None
    if isinstance(tree, Tree):
        root, meta, where = tree.root, tree.meta, None  # warnings are for files
        if answers is None:
            answers = tree.answers
            if guesses is None:
                guesses = tree.guesses
        else:
            treemeta.check_lists(meta, answers, guesses, where)
        return root, entries, meta, where, answers, guesses
    if isinstance(tree, Node):
        if answers is None:
            raise WordleOptError("verify(Node) needs the answers list")
        return tree, entries, treemeta.TreeMeta(), None, answers, guesses
    if not isinstance(tree, (str, os.PathLike)):
        raise WordleOptError(f"verify() takes a Tree, a Node or a file path, not {type(tree).__name__}")
    text = treefile.read_file(tree)
    try:
        if treefile.is_json(text):
            root, meta = treefile.parse_json(text)
        else:
            entries = treefile.parse_text(text)
            root, meta = treefile.build_root(entries), treemeta.parse_header(text)
    except TreeError as exc:
        raise TreeError(f"tree file {os.fspath(tree)}: {exc}") from None
    where = str(tree)
    if answers is None:
        # Names and paths as recorded; explicit --guesses alone keep the recorded answers.
        answers, rec_guesses = treemeta.recorded_lists(meta, tree)
        guesses = rec_guesses if guesses is None else guesses
    else:
        treemeta.check_lists(meta, answers, guesses, where)
    return root, entries, meta, where, answers, guesses


def _check_lines(entries, ans, err) -> Dict[str, int]:
    """Text files say each answer's patterns outright: check them line by line;
    {answer: its line}."""
    answer_set = set(ans)
    seen: Dict[str, int] = {}
    for n, path in entries:
        a = path[-1][0]
        if a not in answer_set:
            err(f"line {n}: {upper(a)} is not in the answers list")
        if a in seen:
            err(f"answer {upper(a)} appears twice (lines {seen[a]} and {n})")
        else:
            seen[a] = n
        for k, (g, p) in enumerate(path[:-1], 1):
            real = score_words(g, a)
            if real != p:
                err(
                    f"line {n}: answer {upper(a)}, guess {k}: the file says {upper(g)} "
                    f"{Pattern(p, len(g)).byg} but {upper(g)} scores {Pattern(real, len(g)).byg} "
                    f"against {upper(a)}"
                )
    return seen


def _walk(root, ans, guess_set, *, rule, max_guesses, err) -> Dict[str, int]:
    """Walk the tree with the set of answers reaching each node; {answer: guesses}."""
    depth_of: Dict[str, int] = {}
    stack: List[Tuple[Node, List[str], List[Tuple[str, int]]]] = [(root, list(ans), [])]
    while stack:
        node, group, history = stack.pop()
        k = len(history) + 1
        g = node.guess
        where = history_text(history)
        if g not in guess_set:
            err(f"guess {k} {where}: {upper(g)} is not an allowed guess")
        if rule.hard:
            why = rule.violation(history, g)
            if why:
                err(f"guess {k} {where}: {upper(g)} breaks the hard-mode rule ({rule.word}): {why}")
        groups: Dict[int, List[str]] = {}
        for a in group:
            groups.setdefault(score_words(g, a), []).append(a)
        green = all_green(len(g))
        if green in groups:
            depth_of[g] = k
            if max_guesses is not None and k > max_guesses:
                err(f"answer {upper(g)} needs {plural(k, 'guess')}, over the cap of {max_guesses}")
        for p, child in sorted(node.children.items()):
            if p not in groups:
                err(
                    f"unreachable branch {where}: {upper(g)} {Pattern(p, len(g)).byg} (guess {k}) "
                    f"is the colouring of no remaining answer"
                )
            else:
                stack.append((child, groups[p], history + [(g, p)]))
        for p, left in groups.items():
            if p != green and p not in node.children:
                for a in left:
                    err(
                        f"answer {upper(a)} is not solved: no branch for {upper(g)} {Pattern(p, len(g)).byg} "
                        f"(guess {k}) {where}"
                    )

    return depth_of
