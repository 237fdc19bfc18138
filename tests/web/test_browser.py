"""End to end: the page in a real headless browser (Debian's chromium, driven
by Selenium through /usr/bin/chromedriver), against a live server.

On CI (CI=true) a missing browser fails the test: `.ci/run` installs it.
Elsewhere the test skips and says what is missing.
"""

from __future__ import annotations

import os
import shutil

import pytest

import wordle_opt

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT = 120  # seconds: the first suggestion includes SALET's proof


def _missing() -> str:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    lacking = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.path.exists(p)]
    if lacking:
        return f"{', '.join(lacking)} missing (apt-get install chromium chromium-driver)"
    return ""


@pytest.fixture(scope="module")
def browser():
    why = _missing()
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


def wait_for(driver, test, timeout=WAIT):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: test(d))


def css(driver, sel):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, sel)


def text(driver, sel) -> str:
    found = css(driver, sel)
    return found[0].text if found else ""


def open_view(driver, base, view):
    driver.get("about:blank")  # a fresh page: the same URL again would only move to its #fragment
    driver.get(f"{base}/#{view}")


def test_play_a_game_to_the_answer(browser, live_server):
    answer = "cater"
    tree = wordle_opt.search("salet", threads=1).tree
    open_view(browser, live_server, "play")
    wait_for(browser, lambda d: text(d, "#suggestion") == "SALET")
    assert "2315 answers left" in text(browser, "#candidates")
    assert "3.421" in text(browser, "#advice")
    # offline: every file the page loaded came from this server
    loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(u.startswith(live_server) for u in loaded), loaded
    played = []
    for turn in range(1, 7):
        wait_for(browser, lambda d: text(d, "#suggestion"))
        css(browser, "#take")[0].click()
        word = css(browser, "#word")[0].get_attribute("value")
        colours = wordle_opt.score(word, answer).byg
        if turn == 1:  # set the colours by clicking the tiles
            for i, c in enumerate(colours):
                for _ in range("BYG".index(c)):
                    css(browser, "#tiles .tile")[i].click()
            assert css(browser, "#colours")[0].get_attribute("value") == colours
        else:  # or by typing them
            css(browser, "#colours")[0].send_keys(colours)
        css(browser, "#enter")[0].click()
        wait_for(browser, lambda d: len(css(d, "#board .turn")) == turn)
        played.append((word, wordle_opt.Pattern(colours)))
        if colours == "GGGGG":
            break
    assert played == tree.path(answer)
    wait_for(browser, lambda d: text(d, "#solved"))
    assert text(browser, "#solved") == f"Solved in {len(played)} guesses!"
    # the board shows the tiles with their colours
    last = css(browser, "#board .turn")[-1].find_elements("css selector", ".tile")
    assert [t.text for t in last] == list(answer.upper())
    assert all("c2" in t.get_attribute("class") for t in last)

    # undo takes the last turn back and the suggestion returns
    css(browser, "#undo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == len(played) - 1 and text(d, "#suggestion"))
    assert text(browser, "#suggestion") == answer.upper()
    assert not css(browser, "#solved")


def test_bad_colours_show_an_error_and_change_nothing(browser, live_server):
    open_view(browser, live_server, "play")
    wait_for(browser, lambda d: text(d, "#suggestion") == "SALET")
    css(browser, "#word")[0].send_keys("salet")
    css(browser, "#colours")[0].send_keys("GGGGY")
    css(browser, "#enter")[0].click()
    wait_for(browser, lambda d: text(d, "#play-error"))
    assert "no answer left gives SALET GGGGY" in text(browser, "#play-error")
    assert not css(browser, "#board .turn")


def test_explore_the_tree(browser, live_server):
    open_view(browser, live_server, "explore")
    wait_for(browser, lambda d: "7920 guesses for 2315 answers" in text(d, "#tree"))
    first = css(browser, "#tree details")[0]
    assert "221 answers" in first.text and "COURD" in first.text
    first.find_element("css selector", "summary").click()
    wait_for(browser, lambda d: len(css(d, "#tree .node .node")) == 1)
    inner = css(browser, "#tree .node .node")[0]
    assert inner.text.startswith("Guess COURD")
    assert "221 answers" in inner.text


def _cli_review_rows(*args):
    import re
    import subprocess
    import sys
    import tempfile

    r = subprocess.run(
        [sys.executable, "-m", "wordle_opt", "review", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tempfile.gettempdir(),
    )
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    table = lines[1 : lines.index("")]
    return [re.split(r"\s{2,}", line.strip()) for line in table]


def test_review_matches_the_cli(browser, live_server):
    open_view(browser, live_server, "review")
    css(browser, "#review-game")[0].send_keys("salet drone crate")
    css(browser, "#review-answer")[0].send_keys("crate")
    css(browser, "#review-go")[0].click()
    wait_for(browser, lambda d: css(d, "#review-table .review-row"), timeout=600)
    page = []
    for row in css(browser, "#review-table .review-row"):
        cells = row.find_elements("css selector", "td")
        tiles = cells[1].find_elements("css selector", ".tile")
        word = "".join(t.text for t in tiles)
        colours = "".join("BYG"[int(t.get_attribute("class").split(" c")[1][0])] for t in tiles)
        page.append([cells[0].text, word, colours] + [c.text for c in cells[2:]])
    cli = _cli_review_rows("--answer", "crate", "salet", "drone", "crate")
    assert page == cli
    assert [r[8] for r in page] == ["100.0", "86.5", "100.0"]  # skill per turn
    assert "SALET costs 7920 guesses" in text(browser, "#review-out")
