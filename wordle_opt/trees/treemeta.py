"""What a tree file records besides the tree: the hard-mode rule, the guess cap
and the word lists the tree was made for, and the defaults that follow.

A list is recorded as a bundled set's name ('original'), as a user's file
``{"path": ..., "sha256": ...}``, or as None (words given in memory).  The
text format carries the record as ``#`` comment lines above the tree::

    # wordle_opt tree
    # length: 6          (only when not 5: files before other lengths had none)
    # hard: nyt
    # max-guesses: none
    # answers: original
    # guesses: original

(a user's list: ``# answers: sha256:<64 hex> my-words.txt``).  Published
trees have no such lines: then nothing is recorded, and readers assume easy
mode, a cap of 6 and the original lists, as before.  An option given
explicitly wins over the record, with a one-line TreeFileWarning.
"""

from __future__ import annotations

import hashlib
import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Tuple, Union

from wordle_opt.errors import TreeError
from wordle_opt.rules import MAX_LENGTH, MIN_LENGTH, normalise_rule, parse_cap
from wordle_opt.wordlists import SETS, WordLists

Spec = Union[None, str, dict]
DEFAULT_CAP = 6  # the game's cap: what a file without a record is checked against
_MAGIC = "# wordle_opt tree"


class TreeFileWarning(UserWarning):
    """An explicit option contradicts what a tree file records."""


class _Recorded:
    def __repr__(self) -> str:
        return "RECORDED"


RECORDED = _Recorded()  # an option's default: the value the tree file records


@dataclass(frozen=True)
class TreeMeta:
    hard: Optional[str] = None
    max_guesses: Optional[int] = None
    answers: Spec = None
    guesses: Spec = None
    recorded: bool = False  # False: a file without the record (a published tree)
    length: int = 5  # letters per word; recorded in files only when not 5 (files before issue 13)


# ---- what a list was given as


def _sha256(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _label_spec(label, role: str) -> Spec:
    """A WordLists source label (bundled file name or user path) as a record."""
    if not label:
        return None
    for name, s in SETS.items():
        if label == (s.answers_file if role == "answers" else s.guesses_file):
            return name
    if os.path.isfile(label):
        return {"path": str(label), "sha256": _sha256(label)}
    return None


def _arg_spec(value) -> Spec:
    if isinstance(value, str) and value in SETS:
        return value
    if isinstance(value, (str, os.PathLike)) and os.path.isfile(value):
        return {"path": os.fspath(value), "sha256": _sha256(value)}
    return None


def sources_of(answers, guesses=None) -> Tuple[Spec, Spec]:
    """(answers record, guesses record) of the lists a Tree was built from."""
    if isinstance(answers, WordLists):
        if answers.name in SETS:
            return answers.name, answers.name
        return _label_spec(answers.answers_source, "answers"), _label_spec(answers.guesses_source, "guesses")
    a = _arg_spec(answers) if isinstance(answers, (str, os.PathLike)) else None
    if guesses is None:
        g = a
    elif isinstance(guesses, WordLists):
        g = guesses.name if guesses.name in SETS else _label_spec(guesses.guesses_source, "guesses")
    else:
        g = _arg_spec(guesses) if isinstance(guesses, (str, os.PathLike)) else None
    return a, g


def spec_text(spec: Spec) -> str:
    if spec is None:
        return "unrecorded"
    if isinstance(spec, str):
        return spec
    return f"{spec['path']} (sha256 {spec['sha256'][:12]}...)"


# ---- the text header


def header(meta: TreeMeta) -> str:
    def lst(spec: Spec) -> str:
        if isinstance(spec, dict):
            return f"sha256:{spec['sha256']} {spec['path']}"
        return spec or "none"

    cap = "none" if meta.max_guesses is None else str(meta.max_guesses)
    length = "" if meta.length == 5 else f"# length: {meta.length}\n"
    return (
        f"{_MAGIC}\n{length}# hard: {meta.hard or 'easy'}\n# max-guesses: {cap}\n"
        f"# answers: {lst(meta.answers)}\n# guesses: {lst(meta.guesses)}\n"
    )


def parse_header(text: str) -> TreeMeta:
    """The record in the ``#`` lines of a text tree (TreeMeta() if there is none)."""
    found = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].partition(":")
        key, value = key.strip().lower(), value.strip()
        if sep and key in ("hard", "max-guesses", "answers", "guesses", "length"):
            found[key] = (n, value)
    if not found:
        return TreeMeta()
    fields = {}
    for key, (n, value) in found.items():
        try:
            if key == "hard":
                fields["hard"] = normalise_rule(value.lower())
            elif key == "max-guesses":
                fields["max_guesses"] = parse_cap(value)
            elif key == "length":
                fields["length"] = parse_length(value)
            else:
                fields[key] = _parse_list(value)
        except Exception as exc:
            raise TreeError(f"line {n}: '# {key}: {value}' is not a valid record ({exc})") from None
    return TreeMeta(recorded=True, **fields)


def _parse_list(value: str) -> Spec:
    if value.lower() in ("", "none"):
        return None
    if value in SETS:
        return value
    sha, _, path = value.partition(" ")
    if not sha.startswith("sha256:") or len(sha) != 71 or not path.strip():
        raise TreeError(f"expected a list name ({', '.join(SETS)}) or 'sha256:<hex> PATH'")
    return {"path": path.strip(), "sha256": sha[7:].lower()}


def parse_length(value) -> int:
    """A recorded word length: a whole number MIN_LENGTH..MAX_LENGTH."""
    n = value if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(value, str) and value.strip().isdecimal():
        n = int(value)
    if n is None or not MIN_LENGTH <= n <= MAX_LENGTH:
        raise TreeError(f"word length must be {MIN_LENGTH} to {MAX_LENGTH}, got {value!r}")
    return n


# ---- JSON fields


def json_fields(meta: TreeMeta) -> dict:
    length = {} if meta.length == 5 else {"length": meta.length}
    return {
        **length,
        "hard": meta.hard,
        "max_guesses": meta.max_guesses,
        "answers": meta.answers,
        "guesses": meta.guesses,
    }


def json_list(value, key: str) -> Spec:
    if value is None or (isinstance(value, str) and value in SETS):
        return value
    if (
        isinstance(value, dict)
        and isinstance(value.get("path"), str)
        and isinstance(value.get("sha256"), str)
        and len(value["sha256"]) == 64
    ):
        return {"path": value["path"], "sha256": value["sha256"].lower()}
    raise TreeError(
        f"JSON \"{key}\" must be null, a named set ({', '.join(SETS)}) or "
        f"{{\"path\": ..., \"sha256\": ...}}, got {value!r}"
    )


# ---- using the record


def _find(spec: dict, role: str, tree_path) -> str:
    """The recorded list file: as recorded, else beside the tree file; its sha256 must match."""
    folder = os.path.dirname(os.fspath(tree_path)) if tree_path else ""
    seen = []
    for p in (spec["path"], os.path.join(folder, spec["path"]), os.path.join(folder, os.path.basename(spec["path"]))):
        if os.path.isfile(p) and p not in seen:
            seen.append(p)
            if _sha256(p) == spec["sha256"]:
                return p
    where = f"{tree_path} was made" if tree_path else "the tree was made"
    state = "has changed since (its sha256 differs)" if seen else "is not found"
    raise TreeError(f"{where} with the {role} list {spec['path']}, which {state}: give --{role}")


def recorded_lists(meta: TreeMeta, tree_path=None) -> Tuple[Union[str, None], Union[str, None]]:
    """(answers, guesses) to load for a tree with this record: names or file paths."""

    def one(spec: Spec, role: str):
        return _find(spec, role, tree_path) if isinstance(spec, dict) else spec

    a, g = one(meta.answers, "answers"), one(meta.guesses, "guesses")
    if a is None:
        return "original", (None if g in (None, "original") else g)
    return a, (None if g == a else g)


def _rule_text(rule: Optional[str]) -> str:
    return f"hard mode ({rule})" if rule else "easy mode"


def _cap_text(cap: Optional[int]) -> str:
    return f"at most {cap} guesses" if cap else "no guess cap"


def describe(meta: TreeMeta) -> str:
    """'hard mode (nyt), no guess cap, answers original' (what a file records)."""
    return f"{_rule_text(meta.hard)}, {_cap_text(meta.max_guesses)}, answers {spec_text(meta.answers)}"


def _warn(message: str) -> None:
    warnings.warn(message, TreeFileWarning, stacklevel=4)


def settle_rule(meta: TreeMeta, hard, where: Optional[str]) -> Optional[str]:
    """The rule to use: the recorded one for RECORDED, else ``hard``, with a
    warning if it contradicts the record of the file ``where`` (None: no file, no warning)."""
    if hard is RECORDED:
        return meta.hard
    rule = normalise_rule(hard)
    if where and meta.recorded and rule != meta.hard:
        _warn(f"{where} records {_rule_text(meta.hard)}; using {_rule_text(rule)} as asked")
    return rule


def settle_cap(meta: TreeMeta, cap, where: Optional[str]) -> Optional[int]:
    """The cap to use: the recorded one (else 6) for RECORDED, else ``cap`` (warning if it contradicts)."""
    if cap is RECORDED:
        return meta.max_guesses if meta.recorded else DEFAULT_CAP
    cap = parse_cap(cap)
    if where and meta.recorded and cap != meta.max_guesses:
        _warn(f"{where} records {_cap_text(meta.max_guesses)}; using {_cap_text(cap)} as asked")
    return cap


def check_lists(meta: TreeMeta, answers, guesses, where: Optional[str]) -> None:
    """Warn when explicit lists differ from the recorded ones (both known)."""
    if not (where and meta.recorded):
        return
    a, g = sources_of(answers, guesses)
    for role, given, rec in (("answers", a, meta.answers), ("guesses", g, meta.guesses)):
        if given is not None and rec is not None and given != rec:
            _warn(f"{where} records the {role} list {spec_text(rec)}; using {spec_text(given)} as asked")
            return
