"""Decision trees: the objects, their two file formats, and an independent verifier.

A tree is a :class:`Node` per guess; ``children`` maps each colouring the guess
can get (an int 0..241; 242, all green, is never stored: it means solved) to
the subtree played next.  A leaf is ``Node(answer, {})``.

File formats
------------
JSON (``*.json``), versioned::

    {"format": "wordle_opt-tree", "version": 1,
     "hard": null | "nyt" | "strict", "max_guesses": 6 | null,
     "answers": "original" | null,          # named list set, if any
     "root": {"guess": "salet",
              "children": {"BBBBB": {"guess": "courd", "children": {...}},
                           ...}}}

Patterns are B/Y/G strings (letter i = colour of letter i).  ``children``
may be omitted for a leaf.  Unknown top-level keys are ignored.

Leaderboard text (anything else): one line per answer, each a sequence of
``GUESS PATTERNk`` tokens separated by single spaces, the last one
``ANSWER GGGGGk``::

    salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4
                                    BGYYB3 pygmy GGGGG4

On each line the part shared with the line above, up to and including the
last shared guess word and the space after it, is replaced by as many spaces.
This is the convention of Alex Selby's published trees (e.g.
``salet.easy.origwords.tree`` in github.com/alex1770/wordle), and so is the
line order, which we follow so that such a file reads back and writes out
unchanged: lines sorted by their pattern strings in order (B < G < Y), the
all-green ``GUESS GGGGGk`` line of a node in its sorted place among the
node's branches.  Reading accepts compressed or plain lines in any order,
upper or lower case, and blank lines.
"""
from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from wordle_opt._reference import ALL_GREEN, score_words
from wordle_opt.errors import PatternError, TreeError, WordleOptError, WordListError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import normalise_rule, violation
from wordle_opt.wordlists import SETS, check_word, load_lists

FORMAT = "wordle_opt-tree"
VERSION = 1
_BYG = "BYG"
_MAX_ERRORS = 20  # VerifyReport keeps the first few problems, counts all


# --------------------------------------------------------------------- patterns

def byg(pattern: int) -> str:
    """Colouring int 0..242 as a B/Y/G string, letter i first."""
    return Pattern(int(pattern)).byg


def parse_byg(text: str) -> int:
    """B/Y/G string (any case) -> colouring int; ValueError otherwise."""
    t = text.upper()
    if len(t) != 5 or any(c not in _BYG for c in t):
        raise ValueError(f"{text!r} is not a pattern of 5 letters B, Y, G")
    return sum(_BYG.index(c) * 3**i for i, c in enumerate(t))


def _as_pattern(value) -> int:
    """A pattern given by a user: int, Pattern, or text in any form Pattern.parse
    reads ('BYGBB', '01200' -- digits in letter order, not a decimal number --,
    tiles); a string of another length may be the decimal int."""
    if isinstance(value, str):
        try:
            return int(Pattern.parse(value))
        except PatternError:
            if not value.strip().isdecimal():
                raise
            p = int(value)
    else:
        try:
            p = int(value)
        except (TypeError, ValueError):
            raise TreeError(f"pattern must be an int 0..242 or text like 'BYGBB', got {value!r}") from None
    if not 0 <= p <= ALL_GREEN:
        raise TreeError(f"pattern {p} is out of range 0..242")
    return p


def _is_word(w) -> bool:
    return isinstance(w, str) and len(w) == 5 and w.isascii() and w.isalpha() and w.islower()


def history_text(history: Sequence[Tuple[str, int]]) -> str:
    """'at the start' or 'after SALET BBBBB, COURD YBBBB' for messages."""
    if not history:
        return "at the start"
    return "after " + ", ".join(f"{g.upper()} {byg(p)}" for g, p in history)


# ------------------------------------------------------------------------- Node

class Node:
    """One guess of a decision tree and the subtrees after each colouring."""

    __slots__ = ("guess", "children")

    def __init__(self, guess: str, children: Optional[Dict[int, "Node"]] = None):
        self.guess = guess
        self.children: Dict[int, Node] = dict(children) if children else {}

    def __eq__(self, other) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        return self.guess == other.guess and self.children == other.children

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        if not self.children:
            return f"Node({self.guess!r})"
        kids = ", ".join(f"{byg(p)}: {c!r}" for p, c in sorted(self.children.items()))
        return f"Node({self.guess!r}, {{{kids}}})"

    def iter_nodes(self):
        """Every node of the subtree, depth first."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.children.values())

    @property
    def size(self) -> int:
        return sum(1 for _ in self.iter_nodes())


# ------------------------------------------------------------------- word lists

def _resolve_lists(answers=None, guesses=None, default="original"):
    """(name or None, answers tuple, guesses tuple) from whatever the caller gave.

    ``answers``: a WordLists, a named set or file path (via load_lists), or a
    sequence of words.  ``guesses``: None (the lists' own), a named set/path,
    or a sequence of words.
    """
    if answers is None:
        answers = default
    if hasattr(answers, "answers") and hasattr(answers, "guesses"):
        name = getattr(answers, "name", None)
        ans, gs = tuple(answers.answers), tuple(answers.guesses)
    elif isinstance(answers, (str, os.PathLike)):
        lists = load_lists(answers, guesses if isinstance(guesses, (str, os.PathLike)) else None)
        name, ans, gs = lists.name, tuple(lists.answers), tuple(lists.guesses)
        if isinstance(guesses, (str, os.PathLike)):
            guesses = None  # already applied
    else:
        name, ans = None, tuple(check_word(w, "answer") for w in answers)
        gs = ans
    if guesses is not None:
        if hasattr(guesses, "guesses"):
            gs = tuple(guesses.guesses)
        elif isinstance(guesses, (str, os.PathLike)):
            gs = tuple(load_lists(guesses).guesses)
        else:
            gs = tuple(check_word(w, "guess") for w in guesses)
        name = None  # a named set with other guesses is no longer that set
    if name not in SETS:
        name = None
    return name, ans, gs


# ------------------------------------------------------------------------- Tree

class Tree:
    """A decision tree over a list of answers, with its figures.

    The figures (``total``, ``average``, ``histogram``, ``max_depth``) come
    from walking every answer down the tree by its real colourings; they are
    computed on first use and raise TreeError if some answer is not solved.
    Use :func:`verify` for a full check against the rules.
    """

    def __init__(self, root: Node, answers, guesses=None, hard=None, max_guesses=None,
                 name: Optional[str] = None):
        if not isinstance(root, Node):
            raise TreeError(f"tree root must be a Node, not {type(root).__name__}")
        lname, ans, gs = _resolve_lists(answers, guesses)
        self.root = root
        self.answers: Tuple[str, ...] = ans
        self.guesses: Tuple[str, ...] = gs
        self.name: Optional[str] = name if name is not None else lname
        self.hard = normalise_rule(hard)
        if max_guesses is not None and (isinstance(max_guesses, bool) or not isinstance(max_guesses, int)
                                        or max_guesses < 1):
            raise TreeError(f"max_guesses must be a positive int or None, not {max_guesses!r}")
        self.max_guesses: Optional[int] = max_guesses
        self._depths: Optional[Dict[str, int]] = None

    # ---- figures
    def _walk(self, answer: str) -> List[Tuple[str, int]]:
        node, path = self.root, []
        while True:
            p = score_words(node.guess, answer)
            path.append((node.guess, p))
            if p == ALL_GREEN:
                return path
            child = node.children.get(p)
            if child is None:
                raise TreeError(
                    f"the tree does not solve {answer.upper()}: no branch for "
                    f"{node.guess.upper()} {byg(p)} at guess {len(path)}")
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
        for i, (guess, pattern) in enumerate(history, 1):
            g = str(guess).lower()
            if g != node.guess:
                raise TreeError(f"guess {i}: the tree plays {node.guess.upper()} here, not {g.upper()}")
            p = _as_pattern(pattern)
            if p == ALL_GREEN:
                raise TreeError(f"guess {i} ({g.upper()} GGGGG) already solved the game")
            child = node.children.get(p)
            if child is None:
                raise TreeError(
                    f"guess {i}: the tree has no branch for {g.upper()} {byg(p)}: "
                    f"no answer of its list gets that colouring there")
            node = child
        return node.guess

    def path(self, answer: str) -> List[Tuple[str, int]]:
        """[(guess, pattern), ...] the tree plays against ``answer``; ends (answer, 242)."""
        a = check_word(answer, "answer")
        if a not in self._answer_set():
            listed = f"'{self.name}'" if self.name else "this tree's"
            raise WordListError(
                f"'{answer}' is not in {listed} answers list ({len(self.answers)} words)")
        return self._walk(a)

    def _answer_set(self):
        s = getattr(self, "_aset", None)
        if s is None:
            s = self._aset = frozenset(self.answers)
        return s

    # ---- JSON
    def to_dict(self) -> dict:
        def enc(node: Node) -> dict:
            d: dict = {"guess": node.guess}
            if node.children:
                d["children"] = {byg(p): enc(c) for p, c in
                                 sorted(node.children.items(), key=lambda kv: byg(kv[0]))}
            return d

        return {"format": FORMAT, "version": VERSION, "hard": self.hard,
                "max_guesses": self.max_guesses, "answers": self.name if self.name in SETS else None,
                "root": enc(self.root)}

    def to_json(self, indent: Optional[int] = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent) + "\n"

    @classmethod
    def from_json(cls, text: str, lists=None) -> "Tree":
        """Read the JSON format; ``lists`` defaults to the set the file names (else 'original')."""
        root, meta = _parse_json(text)
        return cls(root, lists if lists is not None else (meta["answers"] or "original"),
                   hard=meta["hard"], max_guesses=meta["max_guesses"])

    # ---- leaderboard text
    def to_text(self) -> str:
        """The leaderboard text format (see the module docstring); raises if an answer is unsolved."""
        lines = [self._walk(a) for a in self.answers]
        lines.sort(key=lambda path: [byg(p) for _, p in path])
        return _format_lines(lines)

    @classmethod
    def from_text(cls, text: str, lists=None, hard=None, max_guesses=None) -> "Tree":
        entries = parse_text(text)
        root = build_root(entries)
        return cls(root, lists if lists is not None else "original", hard=hard,
                   max_guesses=max_guesses)

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
        """Read a tree file, JSON or text (told apart by content)."""
        text = _read(path)
        if text.lstrip().startswith("{"):
            return cls.from_json(text, lists)
        return cls.from_text(text, lists)

    # ---- display
    def _summary(self) -> Optional[str]:
        try:
            return (f"total {self.total}, average {self.average:.4f}, "
                    f"at most {self.max_depth} guesses")
        except TreeError:
            return None

    def __repr__(self) -> str:
        rule = self.hard or "easy"
        figs = self._summary() or "does not solve every answer"
        return f"<Tree {self.root.guess.upper()}: {len(self.answers)} answers, {figs}, {rule}>"

    def _repr_html_(self) -> str:
        try:
            hist = self.histogram
            rows = [("opener", self.root.guess.upper()), ("answers", len(self.answers)),
                    ("total", self.total), ("average", f"{self.average:.4f}"),
                    ("worst case", f"{self.max_depth} guesses")]
        except TreeError as exc:
            hist = {}
            rows = [("opener", self.root.guess.upper()), ("answers", len(self.answers)),
                    ("problem", str(exc))]
        rows += [("hard mode", self.hard or "off"),
                 ("guess cap", self.max_guesses if self.max_guesses else "none")]
        return _html_table(rows) + _html_histogram(hist)


# ----------------------------------------------------------------- text format

def _format_lines(paths: List[List[Tuple[str, int]]]) -> str:
    out, prev = [], None
    for path in paths:
        tokens = []
        for k, (g, p) in enumerate(path, 1):
            tokens += [g, f"{byg(p)}{k}"]
        full = " ".join(tokens)
        if prev is not None:
            shared = 0
            while shared < min(len(prev), len(tokens)) and prev[shared] == tokens[shared]:
                shared += 1
            # blank out up to and including the last shared guess word (even index)
            last_guess = shared - 1 if shared % 2 == 1 else shared - 2
            if last_guess >= 0:
                width = len(" ".join(tokens[: last_guess + 1])) + 1
                full = " " * width + full[width:]
        out.append(full)
        prev = tokens
    return "\n".join(out) + "\n"


def parse_text(text: str) -> List[Tuple[int, List[Tuple[str, int]]]]:
    """Lines of the leaderboard format -> [(line number, [(guess, pattern), ...])].

    Raises TreeError naming the line for anything malformed.
    """
    entries = []
    prev_full: Optional[str] = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if "\t" in line:
            raise TreeError(f"line {n}: tab character; the format uses spaces only")
        indent = len(line) - len(line.lstrip(" "))
        if indent:
            if prev_full is None:
                raise TreeError(f"line {n}: indented, but there is no line above to share a prefix with")
            prefix = prev_full[:indent]
            if len(prefix) < indent or prev_full[indent - 1] != " " or len(prefix.split()) % 2 != 1:
                raise TreeError(
                    f"line {n}: indentation of {indent} spaces does not end after a guess word "
                    f"of the line above")
            full = prefix + line[indent:]
        else:
            full = line
        tokens = full.lower().split()
        if len(tokens) % 2:
            raise TreeError(f"line {n}: expected pairs 'GUESS PATTERNk', got an odd number of items")
        path = []
        for k in range(1, len(tokens) // 2 + 1):
            g, pk = tokens[2 * k - 2], tokens[2 * k - 1]
            if not _is_word(g):
                raise TreeError(f"line {n}: {g!r} is not a 5-letter word (guess {k})")
            if len(pk) < 6 or pk[5:] != str(k):
                raise TreeError(f"line {n}: expected a pattern followed by {k} after {g.upper()}, got {pk!r}")
            try:
                p = parse_byg(pk[:5])
            except ValueError:
                raise TreeError(f"line {n}: {pk[:5].upper()!r} is not a pattern of B, Y, G (guess {k})") from None
            last = k == len(tokens) // 2
            if last and p != ALL_GREEN:
                raise TreeError(f"line {n}: the last guess {g.upper()} must be GGGGG, got {byg(p)}")
            if not last and p == ALL_GREEN:
                raise TreeError(f"line {n}: guess {k} {g.upper()} is GGGGG but the line goes on")
            path.append((g, p))
        entries.append((n, path))
        prev_full = full.lower()
    if not entries:
        raise TreeError("empty tree file: no lines")
    return entries


def build_root(entries) -> Node:
    """Merge per-answer lines into one tree; TreeError if two lines disagree on a guess."""
    root: Optional[Node] = None
    where: Dict[int, int] = {}  # id(node) -> line that introduced it
    for n, path in entries:
        if root is None:
            root = Node(path[0][0])
            where[id(root)] = n
        node = root
        for i, (g, p) in enumerate(path):
            if g != node.guess:
                hist = [(gg, pp) for gg, pp in path[:i]]
                raise TreeError(
                    f"line {n}: guess {i + 1} is {g.upper()}, but line {where[id(node)]} plays "
                    f"{node.guess.upper()} {history_text(hist)}")
            if p == ALL_GREEN:
                break
            child = node.children.get(p)
            if child is None:
                child = node.children[p] = Node(path[i + 1][0])
                where[id(child)] = n
            node = child
    assert root is not None
    return root


# ------------------------------------------------------------------ JSON format

def _parse_json(text: str):
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TreeError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise TreeError("JSON tree nested too deeply") from None
    if not isinstance(data, dict):
        raise TreeError("JSON tree must be an object with \"format\": \"wordle_opt-tree\"")
    if data.get("format") != FORMAT:
        raise TreeError(f"JSON \"format\" must be \"{FORMAT}\", got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise TreeError(f"unsupported tree format version {data.get('version')!r} (this wordle_opt reads version {VERSION})")
    hard = data.get("hard")
    if hard not in (None, "nyt", "strict"):
        raise TreeError(f"JSON \"hard\" must be null, \"nyt\" or \"strict\", got {hard!r}")
    mg = data.get("max_guesses")
    if mg is not None and (isinstance(mg, bool) or not isinstance(mg, int) or mg < 1):
        raise TreeError(f"JSON \"max_guesses\" must be a positive integer or null, got {mg!r}")
    ans = data.get("answers")
    if ans is not None and (not isinstance(ans, str) or ans not in SETS):
        raise TreeError(f"JSON \"answers\" must be null or a named set ({', '.join(SETS)}), got {ans!r}")
    if "root" not in data:
        raise TreeError("JSON tree has no \"root\"")

    def dec(obj, where: str, depth: int) -> Node:
        if depth > 64:
            raise TreeError(f"{where}: tree deeper than 64 guesses")
        if not isinstance(obj, dict):
            raise TreeError(f"{where}: a node must be an object with \"guess\"")
        g = obj.get("guess")
        if not isinstance(g, str) or not _is_word(g.lower()):
            raise TreeError(f"{where}: \"guess\" must be a 5-letter word, got {g!r}")
        kids = obj.get("children", {})
        if not isinstance(kids, dict):
            raise TreeError(f"{where}: \"children\" must be an object keyed by B/Y/G patterns")
        node = Node(g.lower())
        for key, child in kids.items():
            try:
                p = parse_byg(key)
            except ValueError:
                raise TreeError(f"{where}: child key {key!r} is not a pattern of 5 letters B, Y, G") from None
            if p == ALL_GREEN:
                raise TreeError(f"{where}: no child may follow GGGGG (the game is solved)")
            if p in node.children:
                raise TreeError(f"{where}: pattern {key.upper()} appears twice")
            node.children[p] = dec(child, f"{where}.{key.upper()}", depth + 1)
        return node

    root = dec(data["root"], "root", 1)
    return root, {"hard": hard, "max_guesses": mg, "answers": ans}


def _read(path) -> str:
    try:
        with open(path, encoding="utf-8-sig") as f:  # a BOM from Windows editors is not text
            return f.read()
    except FileNotFoundError:
        raise TreeError(f"tree file not found: {path}") from None
    except IsADirectoryError:
        raise TreeError(f"tree file {path} is a directory") from None
    except UnicodeDecodeError:
        raise TreeError(f"tree file {path} is not UTF-8 text") from None
    except OSError as exc:
        raise TreeError(f"cannot read tree file {path}: {exc.strerror or exc}") from None


# ---------------------------------------------------------------------- verify

@dataclass
class VerifyReport:
    """What :func:`verify` found.  Figures count the answers the tree does solve."""

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
        return f"at most {self.max_guesses} guesses" if self.max_guesses else "no guess cap"

    def __str__(self) -> str:
        rule = f"hard mode ({self.rule})" if self.rule else "easy mode"
        if self.ok:
            head = [f"ok: all {self.n_answers} answers solved, {rule}, {self._cap()}"]
        else:
            head = [f"NOT OK: {self.n_errors} problem{'s' * (self.n_errors != 1)} "
                    f"({rule}, {self._cap()})"]
            head += [f"  {e}" for e in self.errors]
            if self.n_errors > len(self.errors):
                head.append(f"  ... and {self.n_errors - len(self.errors)} more")
            head.append(f"solved: {self.n_solved} of {self.n_answers} answers")
        hist = "  ".join(f"{k}:{v}" for k, v in sorted(self.histogram.items()))
        return "\n".join(head + [
            f"answers: {self.n_answers}",
            f"total: {self.total}",
            f"average: {self.average:.4f}",
            f"histogram: {hist}",
            f"worst case: {self.max_depth} guesses",
        ])

    def _repr_html_(self) -> str:
        status = "ok" if self.ok else f"{self.n_errors} problem(s)"
        rows = [("status", status), ("rule", self.rule or "easy"), ("cap", self._cap()),
                ("answers", self.n_answers), ("total", self.total),
                ("average", f"{self.average:.4f}"), ("worst case", f"{self.max_depth} guesses")]
        errs = ""
        if self.errors:
            errs = "<ul>" + "".join(f"<li>{html.escape(e)}</li>" for e in self.errors) + "</ul>"
        return _html_table(rows) + errs + _html_histogram(self.histogram)


def verify(tree, answers=None, guesses=None, hard=None, max_guesses=6) -> VerifyReport:
    """Re-check a tree from the rules alone (plain-Python scoring, rules.py).

    ``tree``: a Tree, a Node (then ``answers`` is required) or a file path
    (JSON or leaderboard text).  ``answers``/``guesses`` default to the
    tree's lists (a JSON file's named set; 'original' for text).  ``hard``:
    None = the rule the tree records (easy if none); 'easy'/False forces easy
    rules; 'nyt'/'strict' check that rule.  ``max_guesses``: the cap, None
    for none.  Problems are reported, not raised; only an unreadable or
    malformed file raises TreeError.
    """
    entries = None
    meta_hard, default_lists = None, "original"
    if isinstance(tree, Tree):
        root = tree.root
        meta_hard = tree.hard
        if answers is None:
            answers = tree.answers
            if guesses is None:
                guesses = tree.guesses
    elif isinstance(tree, Node):
        root = tree
        if answers is None:
            raise WordleOptError("verify(Node) needs the answers list")
    elif isinstance(tree, (str, os.PathLike)):
        text = _read(tree)
        if text.lstrip().startswith("{"):
            root, meta = _parse_json(text)
            meta_hard = meta["hard"]
            default_lists = meta["answers"] or "original"
        else:
            entries = parse_text(text)
            root = build_root(entries)
    else:
        raise WordleOptError(f"verify() takes a Tree, a Node or a file path, not {type(tree).__name__}")

    name, ans, gs = _resolve_lists(answers, guesses, default=default_lists)
    rule = meta_hard if hard is None else normalise_rule(hard)
    if max_guesses is not None and (isinstance(max_guesses, bool) or not isinstance(max_guesses, int)
                                    or max_guesses < 1):
        raise WordleOptError(f"max_guesses must be a positive int or None, not {max_guesses!r}")

    errors: List[str] = []
    count = [0]

    def err(msg: str) -> None:
        count[0] += 1
        if len(errors) < _MAX_ERRORS:
            errors.append(msg)

    answer_set = set(ans)
    guess_set = set(gs)
    if len(answer_set) != len(ans):
        err("the answers list has duplicate words")
    if not ans:
        err("the answers list is empty")

    # Text files say each answer's patterns outright: check them line by line.
    if entries is not None:
        seen: Dict[str, int] = {}
        for n, path in entries:
            a = path[-1][0]
            if a not in answer_set:
                err(f"line {n}: {a.upper()} is not in the answers list")
            if a in seen:
                err(f"answer {a.upper()} appears twice (lines {seen[a]} and {n})")
            else:
                seen[a] = n
            for k, (g, p) in enumerate(path[:-1], 1):
                real = score_words(g, a)
                if real != p:
                    err(f"line {n}: answer {a.upper()}, guess {k}: the file says {g.upper()} "
                        f"{byg(p)} but {g.upper()} scores {byg(real)} against {a.upper()}")
        missing = [a for a in ans if a not in seen]
        for a in missing:
            err(f"answer {a.upper()} is missing from the tree file")

    # Walk the tree with the set of answers reaching each node.
    depth_of: Dict[str, int] = {}
    stack: List[Tuple[Node, List[str], List[Tuple[str, int]]]] = [(root, list(ans), [])]
    while stack:
        node, group, history = stack.pop()
        k = len(history) + 1
        g = node.guess
        where = history_text(history)
        if g not in guess_set:
            err(f"guess {k} {where}: {g.upper()} is not an allowed guess")
        if rule is not None:
            why = violation(history, g, rule)
            if why:
                err(f"guess {k} {where}: {g.upper()} breaks the hard-mode rule ({rule}): {why}")
        groups: Dict[int, List[str]] = {}
        for a in group:
            groups.setdefault(score_words(g, a), []).append(a)
        if ALL_GREEN in groups:
            depth_of[g] = k
            if max_guesses is not None and k > max_guesses:
                err(f"answer {g.upper()} needs {k} guesses, over the cap of {max_guesses}")
        for p, child in sorted(node.children.items()):
            if p not in groups:
                err(f"unreachable branch {where}: {g.upper()} {byg(p)} (guess {k}) "
                    f"is the colouring of no remaining answer")
            else:
                stack.append((child, groups[p], history + [(g, p)]))
        for p, left in groups.items():
            if p != ALL_GREEN and p not in node.children:
                for a in left:
                    err(f"answer {a.upper()} is not solved: no branch for {g.upper()} {byg(p)} "
                        f"(guess {k}) {where}")

    hist: Dict[int, int] = {}
    for d in depth_of.values():
        hist[d] = hist.get(d, 0) + 1
    total = sum(depth_of.values())
    return VerifyReport(
        ok=count[0] == 0, errors=errors, total=total,
        average=total / len(ans) if ans else 0.0,
        histogram=dict(sorted(hist.items())), max_depth=max(depth_of.values(), default=0),
        n_answers=len(ans), rule=rule, max_guesses=max_guesses,
        n_errors=count[0], n_solved=len(depth_of))


# ------------------------------------------------------------------------ html

def _html_table(rows) -> str:
    body = "".join(f"<tr><th style='text-align:left'>{html.escape(str(k))}</th>"
                   f"<td style='text-align:right'>{html.escape(str(v))}</td></tr>" for k, v in rows)
    return f"<table>{body}</table>"


def _html_histogram(hist: Dict[int, int]) -> str:
    if not hist:
        return ""
    top = max(hist.values())
    rows = "".join(
        f"<tr><td>{k}</td><td><div style='background:#6aaa64;height:1em;"
        f"width:{max(1, round(200 * v / top))}px'></div></td><td>{v}</td></tr>"
        for k, v in sorted(hist.items()))
    return f"<table><tr><th>guesses</th><th></th><th>answers</th></tr>{rows}</table>"
