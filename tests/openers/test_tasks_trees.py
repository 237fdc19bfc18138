"""The ranked openers' trees as the workers build them (`tasks.opener_trees`):
each verified and as good as the opener's proven total, and stopped with the
ranking (Ctrl-C with --workers 1 stops the thread's searches, `stop_all`)."""

from __future__ import annotations

import threading
import time

import pytest
from clusters import EXTRA, WORDS

from wordle_opt.openers import tasks
from wordle_opt.solver.problem import Problem
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.verification import verify
from wordle_opt.wordlists import WordLists


@pytest.mark.parametrize("hard", [None, "nyt", "strict"])
def test_each_tree_verifies_at_the_openers_proven_total(hard):
    lists = WordLists.from_words(WORDS, sorted(set(WORDS) | set(EXTRA)), name="clusters")
    task = tasks.TaskProblem.of(Problem(lists, hard, 4), cache_mb=1)
    openers = [lists.guess_index(w) for w in ("fight", "batch", "flams", "crwth")]
    tasks._local.states = {}
    for o, total, root in tasks.opener_trees(task, openers):
        _, kind, exact = tasks.prove_opener(task, o, lists.modules.core.INFINITY)
        if kind == tasks.INFEASIBLE:
            assert root is None and total >= lists.modules.core.INFINITY
            continue
        assert kind == tasks.EXACT and total == exact and root.guess == lists.guesses[o]
        rep = verify(
            Tree(root, lists, hard=hard, max_guesses=4),
            answers=lists.answers,
            guesses=lists.guesses,
            hard=hard or "easy",
            max_guesses=4,
        )
        assert rep.ok and rep.total == exact
    tasks._local.states = {}


def test_stop_all_stops_a_tree_being_built(original):
    # QAJAQ's tree: about 16 s of CPU on one thread; stopped once its search has begun.
    task = tasks.TaskProblem.of(Problem(original, None, 6), cache_mb=16)
    outcome = []

    def build():
        try:
            outcome.append(tasks.opener_trees(task, [original.guess_index("qajaq")]))
        except KeyboardInterrupt:
            outcome.append("stopped")

    thread = threading.Thread(target=build)
    thread.start()
    while thread.is_alive() and not _searching():
        time.sleep(0.01)
    tasks.stop_all()
    thread.join()
    assert outcome == ["stopped"]


def _searching() -> bool:
    with tasks._states_lock:
        return any(st.trees_scope._solvers for st in tasks._all_states)


def test_stop_all_stops_a_chunk_of_bounds(original):
    # SIGTERM with --workers 1 in the screen waited for the thread's whole chunk
    # of opener bounds (hard mode, nyt-3158: minutes); now one opener's at most.
    # 60 hard-mode bounds of the original lists: about 0.6 s of CPU each.
    task = tasks.TaskProblem.of(Problem(original, "nyt", 6), cache_mb=16)
    outcome = []

    def bound():
        try:
            outcome.append(tasks.bound_openers(task, list(range(60)), (original.modules.core.INFINITY, 0)))
        except KeyboardInterrupt:
            outcome.append("stopped")

    thread = threading.Thread(target=bound)
    thread.start()
    while thread.is_alive() and not _has_state(task):
        time.sleep(0.01)
    tasks.stop_all()
    thread.join()
    assert outcome == ["stopped"]


def _has_state(task) -> bool:
    with tasks._states_lock:
        return any(st.problem == task for st in tasks._all_states)
