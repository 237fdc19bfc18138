"""The web tests check what the page answers, not how fast: each runs with a
time budget far above what its searches take on a loaded machine, unless it
sets its own (the budget's tests)."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="needs the [web] extra")

from wordle_opt.web import admission


@pytest.fixture(autouse=True)
def generous_limits():
    saved = admission.Limits(**vars(admission.limits))
    admission.limits.time_limit = 300.0
    admission.limits.per_client = 1000
    admission.limits.queue = 1000
    yield admission.limits
    for k, v in vars(saved).items():
        setattr(admission.limits, k, v)
