"""Guessing strategies: one small class each, behind one interface.

    strategy = get_strategy("entropy", lists, hard="nyt")
    g = strategy.choose(candidates, legal, history)

``candidates`` are int32 answer indices still consistent with the feedback,
``legal`` the int32 guess indices allowed now (hard rule and answers-only
already applied), ``history`` the list of (guess index, colouring) so far.
The result is a guess index.  Every strategy here is a function of the
position (the same history gives the same guess; ``random`` seeds its
generator from the history), which lets simulation evaluate each decision
node once.  The heavy loops live in ``wordle_opt.core._heuristics`` (or its twin, see ``_impl``);
the arrays they read in ``wordle_opt.strategies.context``.

Tie-breaking is the same everywhere (`wordle_opt.strategies.picking`): the
strategy's own score(s), then guesses that could be the answer, then list
(alphabetical) order.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple, Type

import numpy as np

from wordle_opt.errors import TreeError, WordleOptError, WordListError
from wordle_opt.rules import Rule, parse_cap
from wordle_opt.strategies.context import context_for
from wordle_opt.strategies.picking import best_first, pick_best
from wordle_opt.trees.node import history_text
from wordle_opt.trees.tree import Tree
from wordle_opt.trees.treemeta import settle_rule
from wordle_opt.wordlists import WordLists


@dataclass(frozen=True)
class RankedGuess:
    """One suggestion: guess index and word, the strategy's score for it, shown as ``label``."""

    guess: int
    word: str
    score: float
    label: str
    could_be_answer: bool


# (strategy class, context, options, sizes) -> (context, opening guess)
_OPENINGS: Dict[tuple, Tuple[object, int]] = {}


class Strategy:
    """Base class.  Subclasses implement ``_choose`` (and ``_scores`` to rank)."""

    name = "?"
    description = ""
    score_name = "score"
    # True for strategies that only ever guess a possible answer.
    candidates_only = False
    # Keyword options the strategy reads from ``self.options``; others are refused.
    OPTIONS: tuple = ()

    def __init__(
        self, lists, *, opener: Optional[str] = None, answers_only: bool = False, hard=None, seed: int = 0, **options
    ):
        self.lists = lists
        self.ctx = context_for(lists)
        self.answers_only = bool(answers_only)
        self.rule = Rule.parse(hard)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise WordleOptError(f"seed must be a whole number, not {seed!r}")
        self.seed = int(seed or 0)
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            takes = f"takes {', '.join(self.OPTIONS)}" if self.OPTIONS else "takes no other options"
            raise TypeError(f"unexpected keyword argument {unknown[0]!r} (strategy {self.name} {takes})")
        self.options = options
        self.opener = None
        if opener:
            word = str(opener).strip().lower()
            g = lists.guess_index(word)
            if self.answers_only and self.ctx.guess2ans[g] < 0:
                raise WordListError(
                    f"opener {word!r} is not in the answer list of {lists.name} (answers-only guessing)"
                )
            self.opener = g

    def __repr__(self):
        return f"<{type(self).__name__} {self.name!r}>"

    # The interface -------------------------------------------------------
    def choose(self, candidates: np.ndarray, legal: np.ndarray, history) -> int:
        """The guess index to play at this position."""
        if len(candidates) == 0:
            raise WordleOptError("no answer is consistent with the feedback so far")
        if not history:
            if self.opener is not None:
                return self.opener
            # The opening costs the most and is the same every game: remember
            # it for every strategy object with the same lists and options.
            key = (
                type(self),
                id(self.ctx),
                self.answers_only,
                self.rule,
                self.seed,
                tuple(sorted(self.options.items())),
                len(candidates),
                len(legal),
            )
            hit = _OPENINGS.get(key)
            if hit is None or hit[0] is not self.ctx:
                if len(_OPENINGS) > 64:
                    _OPENINGS.clear()
                hit = _OPENINGS[key] = (self.ctx, int(self._choose(candidates, legal, history)))
            return hit[1]
        if len(candidates) <= 2 and self._shortcut_small:
            return int(self.ctx.ans2guess[candidates[0]])
        return int(self._choose(candidates, legal, history))

    _shortcut_small = True

    def ranked(self, candidates: np.ndarray, legal: np.ndarray, history, k: int = 5) -> List[RankedGuess]:
        """The ``k`` best guesses by this strategy's score, best first."""
        keys, labels = self._scores(candidates, legal, history)
        pool = legal
        could = self.ctx.is_candidate(candidates, pool)
        if keys is None:
            return []
        order = best_first(keys, pool, could)[:k]
        words = self.lists.guesses
        return [
            RankedGuess(int(pool[i]), words[int(pool[i])], float(keys[0][i]), labels(i), bool(could[i])) for i in order
        ]

    # To implement --------------------------------------------------------
    def _choose(self, candidates, legal, history) -> int:
        keys, _ = self._scores(candidates, legal, history)
        could = self.ctx.is_candidate(candidates, legal)
        return int(legal[pick_best(keys, legal, could)])

    def _scores(self, candidates, legal, history):
        """(keys, label(i)): score arrays over ``legal``, larger is better,
        and a function giving the text shown for position i."""
        return None, None


class EntropyStrategy(Strategy):
    name = "entropy"
    description = "largest Shannon entropy of the colouring distribution"
    score_name = "bits"

    def _scores(self, candidates, legal, history):
        ent, largest, _, groups = self.ctx.H.score_guesses(self.ctx.table, candidates, legal)
        return [ent], lambda i: f"{ent[i]:.3f} bits, {groups[i]} groups"


class Entropy2Strategy(Strategy):
    """Two-step look-ahead.  For the ``top_k`` (default 20) guesses with the most
    information now, the expected information of the pair (first guess, best
    second guess in each of its groups); play the first guess of the best pair.
    K = 20 costs a few seconds at the opening of the original lists (2315
    answers x 12972 guesses, computed once and remembered) and milliseconds
    later; K = 50 takes 2.5x longer and picks the same opening (SLANE)."""

    name = "entropy2"
    description = "two-step look-ahead on expected information (top 20 first guesses)"
    score_name = "bits (2 guesses)"
    TOP_K = 20
    OPTIONS = ("top_k",)

    def _scores(self, candidates, legal, history):
        ctx = self.ctx
        ent, largest, _, groups = ctx.H.score_guesses(ctx.table, candidates, legal)
        could = ctx.is_candidate(candidates, legal)
        k = int(self.options.get("top_k") or self.TOP_K)
        order = best_first([ent], legal, could)
        firsts = np.ascontiguousarray(legal[order[:k]])
        # Second guesses in order of usefulness now, so that the inner search
        # meets a perfect split early and stops.
        pool = np.ascontiguousarray(legal[order])
        if not self.rule.hard:
            two = _parallel_lookahead(ctx.H, ctx.table, candidates, firsts=firsts, pool=pool)
        else:
            two = np.array([self._two_step_hard(candidates, pool, int(f)) for f in firsts])
        keys = np.full(len(legal), -1.0)
        keys[order[:k]] = two
        return [keys, ent], lambda i: f"{keys[i]:.3f} bits over 2 guesses" if keys[i] >= 0 else f"{ent[i]:.3f} bits"

    def _two_step_hard(self, candidates, pool, first) -> float:
        ctx = self.ctx
        n = len(candidates)
        pats = ctx.table[first, candidates]
        total = 0.0
        values, counts = np.unique(pats, return_counts=True)
        total -= float(np.sum(counts / n * np.log2(counts / n)))
        for p, c in zip(values, counts):
            if p == ctx.all_green or c < 2:
                continue
            if c == 2:
                total += 2.0 / n
                continue
            group = np.ascontiguousarray(candidates[pats == p])
            legal2 = ctx.next_legal(pool, first, int(p), self.rule)
            total += c / n * ctx.H.max_entropy(ctx.table, group, legal2)
        return total


def _parallel_lookahead(H, table, candidates, *, firsts, pool):
    """lookahead_entropy, the first guesses shared among threads (the loop
    releases the GIL); only worth it for big positions like the opening."""
    threads = min(os.cpu_count() or 1, len(firsts))
    if threads < 2 or len(candidates) * len(pool) < 2_000_000:
        return H.lookahead_entropy(table, candidates, firsts, pool)
    from concurrent.futures import ThreadPoolExecutor

    chunks = [np.ascontiguousarray(c) for c in np.array_split(firsts, threads)]
    with ThreadPoolExecutor(threads) as ex:
        parts = list(ex.map(lambda c: H.lookahead_entropy(table, candidates, c, pool), chunks))
    return np.concatenate(parts)


class MinimaxStrategy(Strategy):
    name = "minimax"
    description = "smallest largest group (then smallest expected group)"
    score_name = "largest group"

    def _scores(self, candidates, legal, history):
        _, largest, sumsq, groups = self.ctx.H.score_guesses(self.ctx.table, candidates, legal)
        n = len(candidates)
        return (
            [-largest.astype(np.int64), -sumsq],
            lambda i: f"largest group {largest[i]}, expected {sumsq[i] / n:.2f}",
        )


class ExpectedSizeStrategy(Strategy):
    name = "expected-size"
    description = "smallest expected group size (sum of squares / n)"
    score_name = "expected group"

    def _scores(self, candidates, legal, history):
        _, largest, sumsq, groups = self.ctx.H.score_guesses(self.ctx.table, candidates, legal)
        n = len(candidates)
        return [-sumsq], lambda i: f"expected group {sumsq[i] / n:.2f}, largest {largest[i]}"


class FrequencyStrategy(Strategy):
    """The "common letters" heuristic: among the guesses that could be the
    answer, the one whose letters are most common over the candidates (per
    position, plus once per distinct letter anywhere).  Guessing only possible
    answers keeps it from looping on a word that tells nothing."""

    name = "frequency"
    description = "most common letters by position, among possible answers"
    score_name = "letter score"
    candidates_only = True

    def _pool(self, candidates, legal):
        could = self.ctx.is_candidate(candidates, legal)
        return legal[could] if could.any() else legal

    def _choose(self, candidates, legal, history):
        pool = np.ascontiguousarray(self._pool(candidates, legal))
        s = self.ctx.H.frequency_scores(self.ctx.answer_codes, candidates, self.ctx.guess_codes, pool)
        return int(pool[pick_best([s], pool, np.ones(len(pool), bool))])

    def _scores(self, candidates, legal, history):
        s = self.ctx.H.frequency_scores(self.ctx.answer_codes, candidates, self.ctx.guess_codes, legal)
        could = self.ctx.is_candidate(candidates, legal)
        key = np.where(could, s, -1)
        return [key], lambda i: f"letter score {s[i]}"


class RandomStrategy(Strategy):
    """A uniformly random possible answer.  The generator is seeded from
    (seed, history), so a position always gets the same guess: reproducible,
    and simulation can share decisions between answers."""

    name = "random"
    description = "a random possible answer (seeded)"
    candidates_only = True
    _shortcut_small = False

    def _choose(self, candidates, legal, history):
        key = [self.seed & 0xFFFFFFFF] + [int(x) for gp in history for x in gp]
        rng = np.random.default_rng(key)
        return int(self.ctx.ans2guess[candidates[rng.integers(len(candidates))]])

    def choose(self, candidates, legal, history):
        if not history and self.opener is None and len(candidates):
            return self._choose(candidates, legal, history)
        return super().choose(candidates, legal, history)


class FirstStrategy(Strategy):
    name = "first"
    description = "the first possible answer in list order"
    candidates_only = True

    def _choose(self, candidates, legal, history):
        return int(self.ctx.ans2guess[candidates[0]])


DEFAULT_OPENER = "salet"


class OptimalStrategy(Strategy):
    """Follows an exact decision tree: ``tree=`` a wordle_opt.trees.tree.Tree or a
    tree file; without one, ``wordle_opt.search(...)`` computes it on first use
    (opener default 'salet'; ``progress`` follows that search, and ``result``
    keeps what it proved)."""

    name = "optimal"
    description = "follows an exact decision tree"
    _shortcut_small = False

    def __init__(
        self,
        lists,
        *,
        opener=None,
        answers_only=False,
        hard=None,
        seed=0,
        tree=None,
        max_guesses=6,
        progress=None,
        **options,
    ):
        super().__init__(lists, opener=opener, answers_only=answers_only, hard=hard, seed=seed, **options)
        self._tree_source = tree
        self._tree = None
        self.progress = progress
        self.result = None  # the SearchResult, when the tree was searched here
        self.max_guesses = parse_cap(max_guesses, "max_guesses")

    @property
    def tree(self):
        if self._tree is None:
            self._tree = self._load_tree()
        return self._tree

    def _load_tree(self):
        src = self._tree_source
        if src is None:
            from wordle_opt.solver.exact import solve
            from wordle_opt.solver.problem import Problem

            opener = self.lists.guesses[self.opener] if self.opener is not None else DEFAULT_OPENER
            if not self.lists.is_guess(opener):
                raise WordListError(
                    f"strategy optimal without a tree searches from {opener.upper()}, which is not an "
                    f"allowed guess in list {self.lists.name!r}: give an opener or a tree file"
                )
            result = self.result = solve(
                Problem(self.lists, self.rule, self.max_guesses), opener, progress=self.progress
            )
            if result.tree is None:
                raise TreeError(
                    f"strategy optimal: no tree opening with {opener.upper()} solves every "
                    f"answer of {self.lists.name} within {self.max_guesses} guesses"
                )
            return result.tree
        if isinstance(src, (str, os.PathLike)):
            tree = Tree.load(src, self.lists)
            settle_rule(tree.meta, self.rule, str(src))  # warns when the file records another rule
        elif isinstance(src, Tree):
            tree = src
        else:
            raise WordleOptError(f"tree= must be a Tree or a tree file path, not {type(src).__name__}")
        if self.opener is not None and tree.root.guess != self.lists.guesses[self.opener]:
            raise TreeError(
                f"the tree opens with {tree.root.guess.upper()}, "
                f"not the requested opener {self.lists.guesses[self.opener].upper()}"
            )
        return tree

    def choose(self, candidates, legal, history):
        if len(candidates) == 0:
            raise WordleOptError("no answer is consistent with the feedback so far")
        words = [(self.lists.guesses[int(g)], int(p)) for g, p in history]
        tree = self.tree
        try:
            word = tree.next_guess(words)
        except WordleOptError as exc:
            raise TreeError(f"the tree does not cover the position {history_text(words)} ({exc})") from None
        try:
            return self.lists.guess_index(word)
        except WordListError:
            raise TreeError(f"the tree guesses {word!r}, which is not in the guess list of {self.lists.name}")


STRATEGIES: Dict[str, Type[Strategy]] = {
    cls.name: cls
    for cls in (
        EntropyStrategy,
        Entropy2Strategy,
        MinimaxStrategy,
        ExpectedSizeStrategy,
        FrequencyStrategy,
        RandomStrategy,
        FirstStrategy,
        OptimalStrategy,
    )
}


def strategy_key(name) -> str:
    """A strategy name as STRATEGIES spells it ('Expected_Size' -> 'expected-size')."""
    return str(name).strip().lower().replace("_", "-")


def get_strategy(name, lists, **opts) -> Strategy:
    """A strategy by name (see STRATEGIES), constructed with the word lists and
    options: opener, answers_only, hard, seed, and for 'optimal' tree/max_guesses/progress."""
    if isinstance(name, Strategy):
        return name
    if not isinstance(name, str):
        raise WordleOptError(f"strategy: expected a name ({', '.join(STRATEGIES)}), not {name!r}")
    if not isinstance(lists, WordLists):
        raise WordleOptError(f"lists: expected WordLists (wordle_opt.load_lists(...)), not {type(lists).__name__}")
    cls = STRATEGIES.get(strategy_key(name))
    if cls is None:
        raise WordleOptError(f"unknown strategy {name!r}: expected one of {', '.join(STRATEGIES)}")
    if cls is not OptimalStrategy:
        if opts.get("tree") is not None:  # it would be ignored: say so rather than play another strategy
            raise WordleOptError(
                f"a tree is followed only by strategy optimal, not {cls.name} (--strategy optimal --tree FILE)"
            )
        for k in ("tree", "max_guesses", "progress"):
            opts.pop(k, None)
    return cls(lists, **opts)
