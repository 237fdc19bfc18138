"""A bounded local load test: 50 suggestion requests at once to a live server on
127.0.0.1 (nothing leaves the machine).  Every answer must be right and no
request may fail; the response times are reported (run with -s to see them
as they come; they also go to the test's report as user properties)."""

from __future__ import annotations

import statistics
import threading
import time

import pytest

import wordle_opt

CONCURRENT = 50


def _positions(original):
    """50 different second-turn positions after SALET, from the 3rd to the 52nd
    largest colouring group (the two largest are other tests' positions), so
    that every request needs its own searches."""
    counts = {}
    for a in original.answers:
        p = wordle_opt.score("salet", a).byg
        counts[p] = counts.get(p, 0) + 1
    ranked = sorted(counts, key=lambda p: (-counts[p], p))
    return [(p, counts[p]) for p in ranked[2 : 2 + CONCURRENT]]


@pytest.mark.slow
def test_50_concurrent_suggestions(live_server, original, record_property, capsys):
    import httpx

    positions = _positions(original)
    assert len(positions) == CONCURRENT
    start = threading.Barrier(CONCURRENT)
    results = [None] * CONCURRENT

    def one(i, colours):
        with httpx.Client(timeout=300) as client:
            start.wait()
            t0 = time.perf_counter()
            r = client.post(f"{live_server}/api/advice", json={"history": [{"guess": "salet", "colours": colours}]})
            results[i] = (time.perf_counter() - t0, r.status_code, r.json(), t0, time.perf_counter())

    threads = [threading.Thread(target=one, args=(i, p)) for i, (p, _) in enumerate(positions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = max(r[4] for r in results) - min(r[3] for r in results)  # first request sent to last answer

    for (colours, n), (_, status, body, _, _) in zip(positions, results):
        assert status == 200, body
        assert body["candidates"] == n and body["suggestion"]["exact"], (colours, body)
    times = sorted(r[0] for r in results)
    p50 = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    figures = {
        "requests": CONCURRENT,
        "wall_s": round(wall, 2),
        "p50_s": round(p50, 3),
        "p95_s": round(p95, 3),
        "max_s": round(times[-1], 3),
    }
    for k, v in figures.items():
        record_property(k, v)
    with capsys.disabled():
        print(
            f"\nweb load: {CONCURRENT} concurrent suggestion requests, all 200 and exact: "
            f"p50 {p50:.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s, wall {wall:.2f} s"
        )
