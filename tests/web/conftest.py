"""The web tests check what the page answers, not how fast: each runs with a
time budget far above what its searches take on a loaded machine, unless it
sets its own (the budget's tests)."""

from __future__ import annotations

import os

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


@pytest.fixture(scope="module")
def browser():
    """A headless chromium (tests/browsing.py), for the browser tests."""
    from browsing import CHROMEDRIVER, CHROMIUM, missing_browser

    why = missing_browser()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs the browser for the end-to-end test: {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000"):
        opts.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    yield driver
    driver.quit()
