"""The two tree file formats: versioned JSON and the leaderboard text.

File formats
------------
JSON (``*.json``), versioned::

    {"format": "wordle_opt-tree", "version": 1,
     "length": 6 (only when not 5),
     "hard": null | "nyt" | "strict", "max_guesses": 6 | null,
     "answers": "original" | {"path": "my-words.txt", "sha256": "..."} | null,
     "guesses": the same (absent in older files: the answers set's own),
     "root": {"guess": "salet",
              "children": {"BBBBB": {"guess": "courd", "children": {...}},
                           ...}}}

Patterns are B/Y/G strings as long as the words (letter i = colour of
letter i); words have 4 to 8 letters of any alphabet, one length a tree.  ``children``
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
upper or lower case, and blank lines.  Lines starting with ``#`` are
comments; the ones we write above the tree record the rule, the cap and the
lists (``treemeta``), and published trees have none.
"""

from __future__ import annotations

import json
from typing import Dict, List, Optional, Tuple

from wordle_opt.errors import TreeError
from wordle_opt.patterns import Pattern
from wordle_opt.rules import MAX_LENGTH, MIN_LENGTH, all_green
from wordle_opt.trees.node import Node, history_text
from wordle_opt.trees.treemeta import TreeMeta, json_fields, json_list, parse_header, parse_length
from wordle_opt.words import normalise, word_problem

FORMAT = "wordle_opt-tree"
VERSION = 1
_BYG = frozenset("BYG")


def _parse_byg(text: str, length: int) -> Optional[int]:
    """A B/Y/G string of ``length`` tiles (any case; the files' only pattern
    form) as an int, or None."""
    if len(text) != length or not set(text.upper()) <= _BYG:
        return None
    return int(Pattern.parse(text, length))


def is_word(w, length: Optional[int] = None) -> bool:
    """A normalised word (NFC, lowercase letters), of ``length`` letters if given."""
    return isinstance(w, str) and normalise(w) == w and word_problem(w, length) is None


def to_dict(root: Node, meta: TreeMeta) -> dict:
    """The JSON document of a tree (see the module docstring)."""
    L = len(root.guess)

    def enc(node: Node) -> dict:
        d: dict = {"guess": node.guess}
        if node.children:
            d["children"] = {
                Pattern(p, L).byg: enc(c)
                for p, c in sorted(node.children.items(), key=lambda kv: Pattern(kv[0], L).byg)
            }
        return d

    return {"format": FORMAT, "version": VERSION, **json_fields(meta), "root": enc(root)}


def format_lines(paths: List[List[Tuple[str, int]]]) -> str:
    out, prev = [], None
    for path in paths:
        tokens = []
        for k, (g, p) in enumerate(path, 1):
            tokens += [g, f"{Pattern(p, len(g)).byg}{k}"]
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


def _parse_path(n: int, tokens: List[str], length: int) -> List[Tuple[str, int]]:
    """Line ``n``'s tokens as [(guess, pattern), ...], words of ``length`` letters."""
    path = []
    green = all_green(length)
    for k in range(1, len(tokens) // 2 + 1):
        g, pk = tokens[2 * k - 2], tokens[2 * k - 1]
        if not is_word(g, length):
            raise TreeError(f"line {n}: {g!r} is not a {length}-letter word (guess {k})")
        if len(pk) < length + 1 or pk[length:] != str(k):
            raise TreeError(f"line {n}: expected a pattern followed by {k} after {g.upper()}, got {pk!r}")
        p = _parse_byg(pk[:length], length)
        if p is None:
            raise TreeError(f"line {n}: {pk[:length].upper()!r} is not a pattern of B, Y, G (guess {k})")
        last = k == len(tokens) // 2
        if last and p != green:
            raise TreeError(
                f"line {n}: the last guess {g.upper()} must be {'G' * length}, got {Pattern(p, length).byg}"
            )
        if not last and p == green:
            raise TreeError(f"line {n}: guess {k} {g.upper()} is {'G' * length} but the line goes on")
        path.append((g, p))
    return path


# A leaderboard text line, as the errors describe it.
_LINE_FORM = "a line per answer of guesses each with its colours and turn (salet BYBYY1 crate GGGGG2)"


def parse_text(text: str) -> List[Tuple[int, List[Tuple[str, int]]]]:
    """Lines of the leaderboard format -> [(line number, [(guess, pattern), ...])].
    The first guess decides the word length.

    Raises TreeError naming the line for anything malformed.
    """
    entries = []
    length: Optional[int] = None
    prev_full: Optional[str] = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
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
                    f"line {n}: indentation of {indent} spaces does not end after a guess word of the line above"
                )
            full = prefix + line[indent:]
        else:
            full = line
        tokens = normalise(full).split()
        if not entries and len(tokens) == 1:
            raise TreeError(
                f"line {n}: one word, as in a word list; this is not a tree file: expected {_LINE_FORM}, or JSON"
            )
        if len(tokens) % 2:
            raise TreeError(f"line {n}: an odd number of items; expected {_LINE_FORM}")
        if length is None and tokens:
            length = len(tokens[0])
            if not MIN_LENGTH <= length <= MAX_LENGTH:
                raise TreeError(
                    f"line {n}: {tokens[0]!r} is not a word of {MIN_LENGTH} to {MAX_LENGTH} letters (guess 1)"
                )
        path = _parse_path(n, tokens, length)
        entries.append((n, path))
        prev_full = normalise(full)
    if not entries:
        raise TreeError("empty: no lines (expected a leaderboard text tree or a JSON tree)")
    return entries


def build_root(entries) -> Node:
    """Merge per-answer lines into one tree; TreeError if two lines disagree on a guess."""
    root: Optional[Node] = None
    where: Dict[int, int] = {}  # id(node) -> line that introduced it
    for n, path in entries:
        if root is None:
            root = Node(path[0][0])
            where[id(root)] = n
        node, green = root, all_green(len(root.guess))
        for i, (g, p) in enumerate(path):
            if g != node.guess:
                hist = [(gg, pp) for gg, pp in path[:i]]
                raise TreeError(
                    f"line {n}: guess {i + 1} is {g.upper()}, but line {where[id(node)]} plays "
                    f"{node.guess.upper()} {history_text(hist)}"
                )
            if p == green:
                break
            child = node.children.get(p)
            if child is None:
                child = node.children[p] = Node(path[i + 1][0])
                where[id(child)] = n
            node = child
    assert root is not None
    return root


def parse_json(text: str):
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
        raise TreeError(
            f"unsupported tree format version {data.get('version')!r} (this wordle_opt reads version {VERSION})"
        )
    hard = data.get("hard")
    if hard not in (None, "nyt", "strict"):
        raise TreeError(f"JSON \"hard\" must be null, \"nyt\" or \"strict\", got {hard!r}")
    mg = data.get("max_guesses")
    if mg is not None and (isinstance(mg, bool) or not isinstance(mg, int) or mg < 1):
        raise TreeError(f"JSON \"max_guesses\" must be a positive integer or null, got {mg!r}")
    length = parse_length(data["length"]) if "length" in data else None
    ans = json_list(data.get("answers"), "answers")
    gs = json_list(data["guesses"], "guesses") if "guesses" in data else ans
    if "root" not in data:
        raise TreeError("JSON tree has no \"root\"")

    if length is None:
        length = 5  # files without "length" are five-letter (we record any other length)
    green = all_green(length)

    def dec(obj, where: str, depth: int) -> Node:
        if depth > 64:
            raise TreeError(f"{where}: tree deeper than 64 guesses")
        if not isinstance(obj, dict):
            raise TreeError(f"{where}: a node must be an object with \"guess\"")
        g = obj.get("guess")
        if not isinstance(g, str) or not is_word(normalise(g), length):
            raise TreeError(f"{where}: \"guess\" must be a {length}-letter word, got {g!r}")
        kids = obj.get("children", {})
        if not isinstance(kids, dict):
            raise TreeError(f"{where}: \"children\" must be an object keyed by B/Y/G patterns")
        node = Node(normalise(g))
        for key, child in kids.items():
            p = _parse_byg(key, length)
            if p is None:
                raise TreeError(f"{where}: child key {key!r} is not a pattern of {length} letters B, Y, G")
            if p == green:
                raise TreeError(f"{where}: no child may follow {'G' * length} (the game is solved)")
            if p in node.children:
                raise TreeError(f"{where}: pattern {key.upper()} appears twice")
            node.children[p] = dec(child, f"{where}.{key.upper()}", depth + 1)
        return node

    root = dec(data["root"], "root", 1)
    return root, TreeMeta(hard=hard, max_guesses=mg, answers=ans, guesses=gs, recorded=True, length=length)


def read_file(path) -> str:
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


def is_json(text: str) -> bool:
    """A JSON tree (or a JSON value that is not one: an array is refused as
    JSON, not read as leaderboard text)."""
    return text.lstrip().startswith(("{", "["))


def read_meta(path) -> TreeMeta:
    """What a tree file records (TreeMeta() for a text file without the ``#`` record)."""
    text = read_file(path)
    if is_json(text):
        return parse_json(text)[1]
    return parse_header(text)
