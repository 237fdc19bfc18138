"""Screenshots of the page's three views (Play, Review, Explore) with headless
chromium, for documentation:  python tools/web_screenshots.py [OUTDIR]

Needs the [test] extra (selenium, uvicorn) and Debian's chromium and
chromium-driver.  Starts the app on 127.0.0.1 at a free port; writes
play.png, review.png and explore.png.
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
from wordle_opt.web.app import app


def start_server() -> str:
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    base = start_server()
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,1000"):
        opts.add_argument(arg)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    wait = WebDriverWait(d, 600)
    find = lambda sel: d.find_element(By.CSS_SELECTOR, sel)  # noqa: E731
    try:
        # Play: two turns of a game towards CATER, then the third suggestion.
        d.get(f"{base}/#play")
        for _ in range(2):
            wait.until(lambda d: find("#suggestion").text)
            find("#take").click()
            word = find("#word").get_attribute("value")
            find("#colours").send_keys(wordle_opt.score(word, "cater").byg)
            n = len(d.find_elements(By.CSS_SELECTOR, "#board .turn"))
            find("#enter").click()
            wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .turn")) == n + 1)
        wait.until(lambda d: find("#suggestion").text)
        find("#take").click()
        d.save_screenshot(str(out / "play.png"))
        # Review: the example game.
        d.get("about:blank")
        d.get(f"{base}/#review")
        find("#review-game").send_keys("salet drone crate")
        find("#review-answer").send_keys("crate")
        find("#review-go").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#review-table"))
        d.save_screenshot(str(out / "review.png"))
        # Explore: SALET's tree, its largest colouring opened two levels deep.
        d.set_window_size(1100, 1500)
        d.get("about:blank")
        d.get(f"{base}/#explore")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#tree details"))
        d.find_elements(By.CSS_SELECTOR, "#tree details summary")[0].click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#tree .node .node details"))
        d.find_elements(By.CSS_SELECTOR, "#tree .node .node details summary")[0].click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#tree .node .node .node"))
        d.save_screenshot(str(out / "explore.png"))
    finally:
        d.quit()
    print("\n".join(str(out / f"{v}.png") for v in ("play", "review", "explore")))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
