"""Screenshots of the page's three views (Play mid-game, Review, Explore) with
headless chromium, at a desktop's 1280 px and a phone's 390 px wide, in the
light and the dark theme, for documentation and for checking the layout
(and the first guess, its alternatives valued):

    python tools/web_screenshots.py [OUTDIR]        # default: screenshots/

Needs the [test] extra (selenium, uvicorn) and Debian's chromium and
chromium-driver.  Starts the app on 127.0.0.1 at a free port; writes
{view}-{width}-{theme}.png, e.g. play-390-dark.png (view: play, shared,
boards, flagged, first, review, explore; twenty-eight files), and at 390 px the whole page as well
({view}-390-{theme}-full.png).  The
dark theme is the system's (prefers-color-scheme, emulated), not the toggle.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import wordle_opt
from wordle_opt.web import admission
from wordle_opt.web.app import app

# (width, height, mobile): a desktop window and an iPhone 12-15's viewport.
SIZES = [(1280, 900, False), (390, 844, True)]
THEMES = ["light", "dark"]
# Play: two turns towards CATER, then the third suggestion taken and two tiles coloured.
PLAY = (
    "#play?game=" + ".".join(f"{w}.{wordle_opt.score(w, 'cater').byg}" for w in ("salet", "pious")) + "&lists=original"
)
REVIEW = "#review?game=salet+drone+crate&answer=crate&lists=original"
EXPLORE = "#explore?opener=salet&path=BBBBB,BBYBB&lists=original"  # on the way to MUMMY
# Today's game (the page's default list), finished: its share grid; and in hard
# mode a guess that breaks the rule, flagged as it is typed.
TODAY_ANSWER = "mound"
FLAGGED = ("#play?game=tarse.BBBBG&rule=nyt", "dodgy")
# Two boards (Dordle) of today's list, two turns towards MOUND and CIDER; the
# boards' suggestion taken and its first four tiles coloured on each board.
BOARDS_ANSWERS = ("mound", "cider")
BOARDS = "#play?boards=2&game=" + ".".join(
    f"{w}." + ",".join(wordle_opt.score(w, a).byg for a in BOARDS_ANSWERS) for w in ("tarse", "dinlo")
)


def today_game() -> str:
    """The game the page plays towards TODAY_ANSWER on today's list, easy: the optimal tree from TARSE."""
    tree = wordle_opt.search("tarse", answers="nyt-3158", threads=1).tree
    return "#play?game=" + ".".join(f"{w}.{p.byg}" for w, p in tree.path(TODAY_ANSWER)) + "&rule=easy"


def metrics(width: int, height: int, mobile: bool) -> dict:
    return {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}


def start_server() -> str:
    # The page as an idle server shows it: a machine loaded by other work
    # would run out of the default 3 s budget and show that instead.
    admission.limits.time_limit = 60.0
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"


def browser() -> webdriver.Chrome:
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars"):
        opts.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    base = start_server()
    d = browser()
    wait = WebDriverWait(d, 900)
    find = lambda sel: d.find_element(By.CSS_SELECTOR, sel)  # noqa: E731
    found = lambda sel: d.find_elements(By.CSS_SELECTOR, sel)  # noqa: E731
    written = []

    def load(fragment: str) -> None:
        d.get("about:blank")  # a fresh page: the same URL again would only move to its #fragment
        d.get(f"{base}/{fragment}")

    shared = today_game()
    try:
        for width, height, mobile in SIZES:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics(width, height, mobile))
            for theme in THEMES:
                d.execute_cdp_cmd(
                    "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]}
                )

                def shot(view: str) -> None:
                    path = out / f"{view}-{width}-{theme}.png"
                    d.save_screenshot(str(path))
                    written.append(path)
                    if mobile:  # and the whole page, below the fold too
                        tall = d.execute_script("return document.documentElement.scrollHeight")
                        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics(width, tall, mobile))
                        path = out / f"{view}-{width}-{theme}-full.png"
                        d.save_screenshot(str(path))
                        written.append(path)
                        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics(width, height, mobile))

                load(PLAY)
                wait.until(lambda d: find("#suggestion").text)
                find("#take").click()
                tiles = found("#board .entry .tile")
                tiles[1].click()  # the second tile yellow
                for _ in range(2):
                    tiles = found("#board .entry .tile")
                    tiles[4].click()  # the last one green
                shot("play")

                load(shared)  # today's game finished: the grid, Copy, the review's link
                wait.until(lambda d: found("#share-grid"))
                shot("shared")

                load(BOARDS)
                wait.until(lambda d: find("#suggestion").text and len(found("#board-1 .turn")) == 2)
                word = find("#suggestion").text.lower()
                find("#take").click()
                for b, answer in enumerate(BOARDS_ANSWERS, 1):
                    for i, c in enumerate(wordle_opt.score(word, answer).byg[:4]):
                        for _ in range("BYG".index(c)):
                            found(f"#board-{b} .entry .tile")[i].click()
                d.execute_script("document.activeElement.blur()")
                shot("boards")

                load(FLAGGED[0])  # hard mode: a word that breaks the rule, flagged while typed
                wait.until(lambda d: find("#suggestion").text)
                for ch in FLAGGED[1]:
                    find(f'#keyboard .key[data-key="{ch}"]').click()
                wait.until(lambda d: find("#play-flag").text)
                shot("flagged")

                load("#play?lists=original")  # the first guess, its alternatives valued one by one
                wait.until(lambda d: found("#alternatives") and not found("#alternatives .pending-value"))
                shot("first")

                load(REVIEW)
                wait.until(lambda d: found("#review-table .review-row"))
                shot("review")

                load(EXPLORE)
                wait.until(lambda d: len(found("#tree .node .node .node")) == 1)
                shot("explore")
    finally:
        d.quit()
    print("\n".join(str(p) for p in written))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
