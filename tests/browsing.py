"""The browser tests' helpers: a headless chromium driven by Selenium
(tests/web/test_browser*.py), the page's board and keyboard read and played."""

from __future__ import annotations

import os
import shutil

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT = 120  # seconds: the first suggestion includes SALET's proof


def missing_browser() -> str:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    lacking = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.path.exists(p)]
    if lacking:
        return f"{', '.join(lacking)} missing (apt-get install chromium chromium-driver)"
    return ""


def wait_for(driver, test, timeout=WAIT):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: test(d))


def css(driver, sel):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, sel)


def text(driver, sel) -> str:
    """The text of the first element ``sel`` finds ("" when none, or when the page replaced it meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException

    found = css(driver, sel)
    try:
        return found[0].text if found else ""
    except StaleElementReferenceException:
        return ""


def open_view(driver, base, view, *, lists="original"):
    """The page at ``#view``, on ``lists`` unless the view names its own (None:
    the page's default, today's game)."""
    if lists and "lists=" not in view:
        view += f"{'&' if '?' in view else '?'}lists={lists}"
    driver.get("about:blank")  # a fresh page: the same URL again would only move to its #fragment
    driver.get(f"{base}/#{view}")


def tile_colours(row) -> str:
    """A board row's colours as BYG text, read from the tiles' classes c0/c1/c2;
    a typed tile not coloured yet ("unset", played as grey) is "-"."""
    out = ""
    for t in row.find_elements("css selector", ".tile"):
        classes = t.get_attribute("class").split()
        c = [k for k in classes if k in ("c0", "c1", "c2")]
        out += "BYG"[int(c[0][1])] if c else "-" if "unset" in classes else "."
    return out


def played_as(colours: str) -> str:
    """What an entry row's tiles will be played as: an uncoloured tile counts as grey."""
    return colours.replace("-", "B")


def entry_tiles(driver):
    return css(driver, "#board .entry .tile")


def click_keys(driver, word):
    """Type ``word`` on the on-screen keyboard."""
    for ch in word:
        css(driver, f'#keyboard .key[data-key="{ch}"]')[0].click()


def physical_keys(driver, keys):
    """Press ``keys`` on the physical keyboard, with the focus on the page's body."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(driver).send_keys(keys).perform()


def set_colours_by_clicking(driver, colours):
    for i, c in enumerate(colours):
        for _ in range("BYG".index(c)):
            entry_tiles(driver)[i].click()
