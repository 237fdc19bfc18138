"""The web page's memo: pending work does not evict finished results (issue 28, W4)."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")

from wordle_opt.web.memo import Memo  # noqa: E402


def test_work_in_flight_does_not_evict_a_finished_result():
    memo, calls, release = Memo(size=2), [], threading.Event()
    assert memo.get(("default",), lambda: calls.append("default") or "tree") == "tree"

    def slow(key):
        def compute():
            calls.append(key)
            release.wait(30)
            return key

        return compute

    threads = [threading.Thread(target=memo.get, args=((f"rare{i}",), slow(f"rare{i}"))) for i in range(5)]
    for t in threads:
        t.start()
    while len(calls) < 6:  # (all five in flight)
        threading.Event().wait(0.01)
    # the default view's result is still there: no second computation
    assert memo.get(("default",), lambda: calls.append("default again") or "tree") == "tree"
    assert "default again" not in calls
    release.set()
    for t in threads:
        t.join(30)
    # once finished, the memo keeps its size: the two most recently used results
    memo.get(("one more",), lambda: "x")
    assert len(memo._items) == 2


def test_a_full_memo_evicts_the_least_recently_used_result():
    memo, calls = Memo(size=2), []
    for key in ("a", "b", "a", "c"):  # (a used again before c comes: b goes)
        memo.get((key,), lambda key=key: calls.append(key) or key)
    memo.get(("a",), lambda: calls.append("a again"))
    memo.get(("b",), lambda: calls.append("b again") or "b")
    assert calls == ["a", "b", "c", "b again"]


def test_a_full_memo_looks_at_a_few_items_a_call_not_all(monkeypatch):
    """The positions memo keeps 4096 values: each new one scanned every item
    (Future.done on each), a third of a hard-mode turn's time."""
    from concurrent.futures import Future

    from wordle_opt.web import memo as memo_module

    looked = []

    class Counted(Future):
        def done(self):
            looked.append(1)
            return super().done()

    monkeypatch.setattr(memo_module, "Future", Counted)
    memo = Memo(size=1000)
    for i in range(1000):
        memo.get((i,), lambda i=i: i)
    del looked[:]
    for i in range(1000, 1010):
        assert memo.get((i,), lambda i=i: i) == i
    assert len(memo._items) == 1000 and memo.peek((9,)) is None and memo.peek((10,)) == 10
    assert len(looked) <= 10 * 3, len(looked)
