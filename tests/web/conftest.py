"""The web tests check what the page answers, not how fast: each runs with a
time budget far above what its searches take on a loaded machine, unless it
sets its own (the budget's tests)."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")

from wordle_opt.web import compute


@pytest.fixture(autouse=True)
def generous_limits():
    saved = compute.Limits(**vars(compute.limits))
    compute.limits.time_limit = 300.0
    compute.limits.per_client = 1000
    compute.limits.queue = 1000
    yield compute.limits
    for k, v in vars(saved).items():
        setattr(compute.limits, k, v)
