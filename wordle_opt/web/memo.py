"""The memo behind the page: each result computed once, concurrent requests
for the same one waiting for it instead of searching again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Future
from typing import Callable

from wordle_opt.web.admission import GRACE, Busy, Cancelled, budget


class Unkept:
    """A result the memo hands to its callers but does not keep (cut short by
    the time budget: a later request may do better)."""

    def __init__(self, value):
        self.value = value


class Memo:
    """Results by key, the ``size`` most recently used finished ones kept.  The
    first caller of a key computes it; callers arriving meanwhile wait for
    that result instead of starting the same search again.  Errors are passed
    on, not kept, and a computation whose client left is taken over by the
    next caller waiting; an `Unkept` result is passed on, not kept.  Work in
    flight neither counts nor evicts: 20 requests for rare openers used to
    push the default view's tree (SALET) out of a memo of 16 while they ran,
    and it was searched again behind them."""

    def __init__(self, size: int = 512):
        self.size = size
        self._lock = threading.Lock()
        self._items: "OrderedDict[tuple, Future]" = OrderedDict()
        self._computing = 0  # items in flight (not counted in size)

    def peek(self, key: tuple):
        """The kept result of ``key``, or None when there is none yet (nor computed nor waited for)."""
        with self._lock:
            fut = self._items.get(key)
            if fut is None or not fut.done() or fut.exception() is not None or isinstance(fut.result(), Unkept):
                return None
            self._items.move_to_end(key)
            return fut.result()

    def get(self, key: tuple, compute: Callable[[], object]):
        while True:
            with self._lock:
                fut = self._items.get(key)
                owner = fut is None
                if owner:
                    fut = self._items[key] = Future()
                    self._computing += 1
                else:
                    self._items.move_to_end(key)
            if owner:
                try:
                    value = compute()
                except BaseException as exc:
                    with self._lock:
                        self._computing -= 1
                        self._items.pop(key, None)
                    fut.set_exception(exc)
                    raise
                fut.set_result(value)
                with self._lock:
                    self._computing -= 1
                    if isinstance(value, Unkept):
                        self._items.pop(key, None)
                    self._evict()
            else:
                # (the owner's work is bounded by its own budget, which began before ours)
                b = budget()
                try:
                    value = fut.result(timeout=b.left() + 2 * GRACE)
                except Cancelled:
                    b.check()
                    continue  # its client left: compute it ourselves
                except TimeoutError:
                    raise Busy(f"the server is busy: the result did not come within {b.seconds:g} s", 1) from None
            return value.value if isinstance(value, Unkept) else value

    def _evict(self) -> None:
        # The least recently used finished ones beyond the size, from the front:
        # a few looked at, not every item (a scan of 4096 on each call took a
        # third of a hard-mode turn's time).
        excess = len(self._items) - self._computing - self.size
        old = []
        for k, f in self._items.items():
            if len(old) >= excess:
                break
            if f.done():
                old.append(k)
        for k in old:
            del self._items[k]


memo = Memo()
