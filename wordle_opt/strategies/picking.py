"""The one order of guesses every strategy (and the boards' assistant) picks
by: the strategy's own score(s), largest first, then guesses that could be
the answer, then list (alphabetical) order."""

from __future__ import annotations

from typing import Sequence

import numpy as np

# Float scores closer than this are ties (sums of the same terms in another order).
EPS = 1e-9


def pick_best(keys: Sequence[np.ndarray], legal: np.ndarray, could_be: np.ndarray) -> int:
    """Position in ``legal`` of the best guess: largest keys[0], then keys[1], ...,
    then a possible answer, then the smallest guess index."""
    idx = np.arange(len(legal))
    for key in list(keys) + [could_be.astype(np.int8)]:
        k = key[idx]
        idx = idx[k >= k.max() - EPS]
        if len(idx) == 1:
            return int(idx[0])
    return int(idx[np.argmin(legal[idx])])


def best_first(keys: Sequence[np.ndarray], legal: np.ndarray, could_be: np.ndarray) -> np.ndarray:
    """Positions in ``legal`` from best to worst, same order as pick_best (ties by rounding)."""
    sort_keys = [legal, -could_be.astype(np.int8)]
    for key in reversed(list(keys)):
        sort_keys.append(-np.round(np.asarray(key, dtype=np.float64), 9))
    return np.lexsort(sort_keys)
