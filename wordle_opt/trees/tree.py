"""A decision tree over a list of answers ([`Tree`][wordle_opt.Tree]), with its figures,
following it, and reading and writing its files (formats: ``treefile``).

    tree = Tree.load("salet.tree")          # or Tree(root_node, "original")
    tree.total, tree.histogram, tree.next_guess([("salet", "BBBBB")])

Checking a tree against the rules is ``wordle_opt.verify``.
"""

from __future__ import annotations

import html
import json
import os
from typing import Dict, Iterable, List, Optional, Tuple

from wordle_opt.display import html_histogram, html_table, plural, upper
from wordle_opt.errors import PatternError, TreeError, WordListError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import all_green, normalise_rule, score_words
from wordle_opt.trees import treefile, treemeta
from wordle_opt.trees.node import Node, history_text
from wordle_opt.wordlists import check_word, resolve_words
from wordle_opt.words import LETTERS, normalise

__all__ = ["Node", "Tree", "history_text"]


def _pattern_arg(value, length: int = 5) -> int:
    """A pattern of a ``length``-letter word given by a user: int, Pattern, or
    text in any form Pattern.parse reads ('BYGBB', '01200' -- digits in letter
    order, not a decimal number --, tiles); a string of another length may be
    the decimal int."""
    green = all_green(length)
    if isinstance(value, str):
        try:
            return int(Pattern.parse(value, length))
        except PatternError:
            if not value.strip().isdecimal():
                raise
            p = int(value)
    else:
        try:
            p = int(value)
        except (TypeError, ValueError):
            raise TreeError(
                f"pattern must be an int 0..{green} or text like {'BYG'.ljust(length, 'B')!r}, got {value!r}"
            ) from None
    if not 0 <= p <= green:
        raise TreeError(f"pattern {p} is out of range 0..{green}")
    return p


def check_lengths(root: Node, answers, guesses, list_name: Optional[str] = None) -> None:
    """One word length for a tree and its lists, else a one-line WordListError."""
    length = len(root.guess)
    for what, words in (("answer", answers), ("guess", guesses)):
        odd = next((w for w in words if len(w) != length), None)
        if odd is not None:
            where = f" of list {list_name!r}" if list_name else ""
            raise WordListError(
                f"{what} {odd!r}{where} has {len(odd)} letters, but the tree plays "
                f"{length}-letter words (opener {upper(root.guess)})"
            )


class Tree:
    """A decision tree over a list of answers, with its figures.

    The figures (``total``, ``average``, ``histogram``, ``max_depth``) come
    from walking every answer down the tree by its real colourings; they are
    computed on first use and raise TreeError if some answer is not solved.
    Use [`verify`][wordle_opt.verify] for a full check against the rules.
    """

    def __init__(
        self,
        root: Node,
        answers,
        *,
        guesses=None,
        hard=None,
        max_guesses=None,
        name: Optional[str] = None,
        sources=None,
        recorded: bool = True,
    ):
        """``sources``: the lists' record (treemeta), by default what ``answers`` and
        ``guesses`` were given as; ``recorded`` False for a tree read from a file
        that says nothing of its rule, cap and lists (a published tree)."""
        if not isinstance(root, Node):
            raise TreeError(f"tree root must be a Node, not {type(root).__name__}")
        lname, ans, gs = resolve_words(answers, guesses)
        self.root = root
        self.answers: Tuple[str, ...] = ans
        self.guesses: Tuple[str, ...] = gs
        self.length = len(root.guess)
        check_lengths(root, ans, gs, lname)
        self.name: Optional[str] = name if name is not None else lname
        self.hard = normalise_rule(hard)
        if max_guesses is not None and (
            isinstance(max_guesses, bool) or not isinstance(max_guesses, int) or max_guesses < 1
        ):
            raise TreeError(f"max_guesses must be a positive int or None, not {max_guesses!r}")
        self.max_guesses: Optional[int] = max_guesses
        self.sources = tuple(sources) if sources is not None else treemeta.sources_of(answers, guesses)
        self.recorded = recorded
        self._depths: Optional[Dict[str, int]] = None

    # ---- figures
    def _walk(self, answer: str) -> List[Tuple[str, Pattern]]:
        node, path = self.root, []
        while True:
            p = Pattern(score_words(node.guess, answer), self.length)
            path.append((node.guess, p))
            if p.solved:
                return path
            child = node.children.get(p)
            if child is None:
                raise TreeError(
                    f"the tree does not solve {upper(answer)}: no branch for "
                    f"{upper(node.guess)} {p.byg} at guess {len(path)}"
                )
            node = child

    def _figures(self) -> Dict[str, int]:
        if self._depths is None:
            self._depths = {a: len(self._walk(a)) for a in self.answers}
        return self._depths

    @property
    def histogram(self) -> Dict[int, int]:
        """{number of guesses: number of answers}, by increasing guesses."""
        h: Dict[int, int] = {}
        for d in self._figures().values():
            h[d] = h.get(d, 0) + 1
        return dict(sorted(h.items()))

    @property
    def total(self) -> int:
        return sum(self._figures().values())

    @property
    def average(self) -> float:
        return self.total / len(self.answers) if self.answers else 0.0

    @property
    def max_depth(self) -> int:
        return max(self._figures().values(), default=0)

    # ---- following the tree
    def next_guess(self, history: Iterable[Tuple[str, object]] = ()) -> str:
        """The tree's guess after ``history`` = [(guess, pattern), ...]."""
        node = self.root
        for i, item in enumerate(history, 1):
            if isinstance(item, (str, bytes)) or not hasattr(item, "__len__") or len(item) != 2:
                raise TreeError(
                    f"history item {i}: expected a (guess, colouring) pair such as ('salet', 'BYBBB'), got {item!r}"
                )
            guess, pattern = item
            g = normalise(str(guess))
            if g != node.guess:
                raise TreeError(f"guess {i}: the tree plays {upper(node.guess)} here, not {upper(g)}")
            p = _pattern_arg(pattern, self.length)
            if p == all_green(self.length):
                raise TreeError(f"guess {i} ({upper(g)} {'G' * self.length}) already solved the game")
            child = node.children.get(p)
            if child is None:
                raise TreeError(f"guess {i}: the tree has no branch for {upper(g)} {Pattern(p, self.length).byg}")
            node = child
        return node.guess

    def path(self, answer: str) -> List[Tuple[str, Pattern]]:
        """[(guess, colouring), ...] the tree plays against ``answer``, each colouring a
        Pattern (an int, so ``== 242`` still works); ends (answer, Pattern GGGGG)."""
        a = check_word(answer, "answer", self.length, self._ascii())
        if a not in self._answer_set():
            listed = f"'{self.name}'" if self.name else "this tree's"
            raise WordListError(
                f"'{answer}' is not in {plural(listed, 'answer')} list ({plural(len(self.answers), 'word')})"
            )
        return self._walk(a)

    def _ascii(self) -> bool:
        """Lists of a-z only (then messages say so)."""
        if not hasattr(self, "_az"):
            self._az = set("".join(self.guesses)).union(*self.answers) <= LETTERS
        return self._az

    def _answer_set(self):
        s = getattr(self, "_aset", None)
        if s is None:
            s = self._aset = frozenset(self.answers)
        return s

    @property
    def meta(self) -> treemeta.TreeMeta:
        """What a file of this tree records: rule, cap, lists."""
        return treemeta.TreeMeta(self.hard, self.max_guesses, *self.sources, recorded=self.recorded, length=self.length)

    # ---- JSON
    def to_dict(self) -> dict:
        return treefile.to_dict(self.root, self.meta)

    def to_json(self, indent: Optional[int] = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent) + "\n"

    @classmethod
    def from_json(cls, text: str, lists=None, path=None) -> "Tree":
        """Read the JSON format; ``lists`` defaults to the lists the file records
        (else 'original'); ``path``, the file's, to find a recorded list file beside it."""
        root, meta = treefile.parse_json(text)
        return cls._with_meta(root, meta, lists=lists, path=path, hard=treemeta.RECORDED, max_guesses=treemeta.RECORDED)

    @classmethod
    def _with_meta(cls, root, meta, *, lists, path, hard, max_guesses) -> "Tree":
        where = str(path) if path else "the tree text"
        rule = treemeta.settle_rule(meta, hard, where)
        # A Tree keeps None for a file without a record (unknown); verify reads that as 6.
        cap = meta.max_guesses if max_guesses is treemeta.RECORDED else treemeta.settle_cap(meta, max_guesses, where)
        if lists is None:
            answers, guesses = treemeta.recorded_lists(meta, path)
            return cls(
                root,
                answers,
                guesses=guesses,
                hard=rule,
                max_guesses=cap,
                sources=(meta.answers, meta.guesses) if meta.recorded else None,
                recorded=meta.recorded,
            )
        treemeta.check_lists(meta, lists, None, where)
        return cls(root, lists, hard=rule, max_guesses=cap, recorded=meta.recorded)

    # ---- leaderboard text
    def to_text(self, header: bool = True) -> str:
        """The leaderboard text format (see the module docstring), after ``#`` lines
        recording the rule, the cap and the lists (``header``; none for a tree read
        from a file without them).  Raises if an answer is unsolved."""
        lines = [self._walk(a) for a in self.answers]
        lines.sort(key=lambda path: [p.byg for _, p in path])
        head = treemeta.header(self.meta) if header and self.recorded else ""
        return head + treefile.format_lines(lines)

    @classmethod
    def from_text(
        cls, text: str, lists=None, *, hard=treemeta.RECORDED, max_guesses=treemeta.RECORDED, path=None
    ) -> "Tree":
        """Read the text format; the rule, cap and lists default to the ones its
        ``#`` lines record (else easy, no cap, 'original')."""
        root = treefile.build_root(treefile.parse_text(text))
        return cls._with_meta(
            root, treemeta.parse_header(text), lists=lists, path=path, hard=hard, max_guesses=max_guesses
        )

    # ---- files
    def save(self, path, format: Optional[str] = None) -> None:
        """Write the tree; format 'json' or 'text', by default from the extension (.json)."""
        fmt = format or ("json" if str(path).lower().endswith(".json") else "text")
        if fmt not in ("json", "text"):
            raise TreeError(f"unknown tree format {fmt!r}: expected 'json' or 'text'")
        data = self.to_json() if fmt == "json" else self.to_text()
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(data)
        except OSError as exc:
            raise TreeError(f"cannot write tree file {path}: {exc.strerror or exc}") from None

    @classmethod
    def load(cls, path, lists=None) -> "Tree":
        """Read a tree file, JSON or text (told apart by content), with the rule,
        cap and lists it records; explicit ``lists`` that differ get a TreeFileWarning."""
        text = treefile.read_file(path)
        try:
            if treefile.is_json(text):
                return cls.from_json(text, lists, path=path)
            return cls.from_text(text, lists, path=path)
        except TreeError as exc:
            raise TreeError(f"tree file {os.fspath(path)}: {exc}") from None

    # ---- display
    def _summary(self) -> Optional[str]:
        try:
            return f"total {self.total}, average {self.average:.4f}, at most {plural(self.max_depth, 'guess')}"
        except TreeError:
            return None

    def __repr__(self) -> str:
        rule = self.hard or "easy"
        figs = self._summary() or "does not solve every answer"
        return f"<Tree {upper(self.root.guess)}: {plural(len(self.answers), 'answer')}, {figs}, {rule}>"

    def _repr_html_(self) -> str:
        try:
            hist = self.histogram
            rows = [
                ("opener", upper(self.root.guess)),
                ("answers", len(self.answers)),
                ("total", self.total),
                ("average", f"{self.average:.4f}"),
                ("worst case", f"{plural(self.max_depth, 'guess')}"),
            ]
        except TreeError as exc:
            hist = {}
            rows = [("opener", upper(self.root.guess)), ("answers", len(self.answers)), ("problem", str(exc))]
        rows += [("hard mode", self.hard or "off"), ("guess cap", self.max_guesses if self.max_guesses else "none")]
        return html_table(rows) + html_histogram(hist) + self._branches_html()

    def _branches_html(self, shown: int = 10) -> str:
        """The opener's ``shown`` largest branches: colours, answers, second guess."""
        groups: Dict[int, int] = {}
        for a in self.answers:
            p = score_words(self.root.guess, a)
            groups[p] = groups.get(p, 0) + 1
        order = sorted(groups, key=lambda p: (-groups[p], p))
        cells = []
        for p in order[:shown]:
            child = self.root.children.get(p)
            then = "solved" if p == all_green(self.length) else upper(child.guess) if child else "no branch"
            cells.append((Pattern(p, self.length).byg, groups[p], then))
        body = "".join(f"<tr><td><code>{c}</code></td><td>{n}</td><td>{html.escape(t)}</td></tr>" for c, n, t in cells)
        more = len(order) - shown
        foot = (
            f"<p>... and {plural(more, 'more colouring')} (tree.next_guess(history) follows any)</p>"
            if more > 0
            else ""
        )
        return (
            f"<p>after {upper(self.root.guess)}, the largest groups first:</p>"
            f"<table><tr><th>colours</th><th>answers</th><th>second guess</th></tr>{body}</table>{foot}"
        )
