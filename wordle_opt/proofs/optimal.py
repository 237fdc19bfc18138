"""A tree proven optimal for its opener, from nothing but the opener:
search, polish, then close every group (``python -m wordle_opt prove OPENER``).

Proving TARNS optimal on the every-word game took three commands before
(the search, polishing, the closing of every group); `prove_opener` runs
them in turn into one folder, each step skipped when its file is there:

    search.sqlite   the anytime search's checkpoint (a stopped search resumes)
    searched.json   the search's tree
    tree.json       that tree polished (`polish`): the tree the proof is about
    <COLOURING>.csv, groups.csv   every group's proof (`closing.close_all`)
    prove.log       the progress lines

so Ctrl-C and the same command resume where it stopped.  The last line is
the theorem (no tree from the opener totals less than the tree) or what is
still open; ``prove --check FOLDER`` re-decides the proof from scratch.
"""

from __future__ import annotations

import os
from typing import Callable, NamedTuple, Optional, Tuple

from wordle_opt.errors import WordleOptError
from wordle_opt.openers.checkpoint import open_checkpoint
from wordle_opt.openers.tasks import TaskProblem
from wordle_opt.proofs.closing import Run, check_all, close_all
from wordle_opt.proofs.polish import polish_file
from wordle_opt.solver.exact import SearchResult, check_anytime, solve
from wordle_opt.solver.options import DEFAULT_CACHE_MB, SearchOptions
from wordle_opt.solver.problem import Problem

SEARCH, SEARCHED, TREE, LOG = "search.sqlite", "searched.json", "tree.json", "prove.log"


class Proof(NamedTuple):
    """What `prove_opener` reached: the tree's ``total`` and file, and
    whether every group was closed (``proven``)."""

    opener: str
    total: int
    tree: str
    proven: bool


def prove_opener(
    opener: str,
    *,
    out: str,
    answers="original",
    guesses=None,
    max_guesses: int = 6,
    beam: Optional[int] = None,
    time_limit: float = 60.0,
    polish_min: int = 40,
    shard: Tuple[int, int] = (0, 1),
    part_limit: float = 600.0,
    exact_up_to: int = 150,
    cache_mb: float = 2000,
    progress=None,
    say: Callable[[str], None] = print,
) -> Proof:
    """Search ``opener``'s tree (the anytime search: ``beam``, then its bound
    raised for ``time_limit`` seconds), polish it and close every group of
    it into the folder ``out`` (see the module); a rerun resumes.  ``shard``
    (K, N): this process's share of the closing (N processes on one
    folder: shard 0 searches and polishes, the others start once its
    tree.json is there, so that every shard closes the same tree)."""
    problem = Problem.parse(answers=answers, guesses=guesses, max_guesses=max_guesses)
    opener = opener.strip().lower()
    problem.lists.guess_index(opener)  # (a word that is no guess: one line, before any file is made)
    check_anytime(problem, opener, beam=beam or 2, time_limit=time_limit)
    os.makedirs(out, exist_ok=True)
    searched, tree_path = os.path.join(out, SEARCHED), os.path.join(out, TREE)
    if shard[0] != 0 and not os.path.exists(tree_path):
        raise WordleOptError(
            f"--shard {shard[0]}/{shard[1]}: {out} has no {TREE} yet; start shard 0/{shard[1]} first "
            f"(it searches and polishes), this one once {tree_path} is there"
        )
    say = _logged(say, os.path.join(out, LOG))
    if not os.path.exists(tree_path):
        if not os.path.exists(searched):
            say(f"prove {opener.upper()}: searching (anytime, {time_limit:g} s for its bound); checkpoint in {out}")
            result = _search(problem, opener, beam=beam or 2, time_limit=time_limit, out=out, progress=progress)
            if result.interrupted:  # (the anytime search returns what it has on Ctrl-C: its checkpoint keeps it)
                raise KeyboardInterrupt
            if result.tree is None:
                raise WordleOptError(
                    f"{opener}: the search found no tree within {max_guesses} guesses; nothing to prove"
                )
            result.tree.save(searched)
            say(f"prove {opener.upper()}: the search's tree totals {result.tree.total}, in {searched}")
        tree, gain = polish_file(searched, min_size=polish_min, part_limit=min(part_limit, 120.0), say=say)
        tree.save(tree_path + ".part")
        os.replace(tree_path + ".part", tree_path)  # (whole or absent: a rerun trusts the file)
        say(f"prove {opener.upper()}: the tree ({tree.total}) is in {tree_path}; closing its groups")
    else:
        say(f"prove {opener.upper()}: resumed with the tree in {tree_path}")
    with Run(
        tree_path,
        out=out,
        shard=shard,
        part_limit=part_limit,
        exact_up_to=exact_up_to,
        cache_mb=cache_mb,
        log=os.path.join(out, LOG),
    ) as run:
        proven = close_all(run)
        return Proof(run.tree.root.guess, run.tree.total, tree_path, proven)


def _search(problem: Problem, opener: str, *, beam: int, time_limit: float, out: str, progress) -> SearchResult:
    """The anytime search of ``opener`` (one thread), its checkpoint in ``out``."""
    store = open_checkpoint(os.path.join(out, SEARCH), TaskProblem.of(problem, cache_mb=DEFAULT_CACHE_MB))
    try:
        options = SearchOptions(threads=1, beam=beam, time_limit=time_limit)
        return solve(problem, opener, options, store=store, progress=progress)
    finally:
        store.close()


def _logged(say: Callable[[str], None], path: str) -> Callable[[str], None]:
    """``say``, each line appended to the log ``path`` too."""

    def both(line: str) -> None:
        say(line)
        with open(path, "a") as f:
            f.write(line + "\n")

    return both


def tree_of(folder: str, tree: Optional[str]) -> str:
    """The tree a proof folder is about: ``tree`` if given, else the folder's
    tree.json; `WordleOptError` when neither is there."""
    if tree:
        return tree
    path = os.path.join(folder, TREE)
    if not os.path.exists(path):
        raise WordleOptError(f"{folder}: no {TREE} in it; name the tree the proof is about with --tree")
    return path


def check_folder(folder: str, *, tree: Optional[str] = None, **options) -> bool:
    """Re-decide the proof in ``folder`` (`closing.check_all`; ``options``
    those of `closing.Run` but ``out``)."""
    with Run(tree_of(folder, tree), out=folder, **options) as run:
        return check_all(run)
