"""End to end, today's game (issue 52): the page opens on nyt-3158 and plays
it with the on-screen keyboard in easy and hard mode, light and dark, 1280
and 390 px wide; an illegal hard-mode guess is flagged while it is typed; a
finished game is shared and pasted back into Review."""

from __future__ import annotations

import pytest
from browsing import click_keys, css, entry_tiles, open_view, set_colours_by_clicking, text, tile_colours, wait_for

import wordle_opt

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

WIDTHS = {1280: (1280, 900, False), 390: (390, 844, True)}


@pytest.fixture
def screen(browser):
    """screen(width, theme): the window's size and the page's theme, undone after the test."""

    def set_to(width, theme):
        w, h, mobile = WIDTHS[width]
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile}
        )
        browser.get("about:blank")
        return theme

    yield set_to
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def theme(browser, name):
    browser.execute_script("document.documentElement.dataset.theme = arguments[0]", name)


def no_sideways_scroll(browser, width):
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(
    "rule,width,shade", [("easy", 1280, "light"), ("easy", 390, "dark"), ("nyt", 1280, "dark"), ("nyt", 390, "light")]
)
def test_play_todays_game_with_the_on_screen_keyboard_share_it_and_paste_it_back(
    browser, live_server, screen, rule, width, shade
):
    screen(width, shade)
    answer = "mound" if rule == "easy" else "cider"
    open_view(browser, live_server, f"play?rule={rule}", lists=None)
    theme(browser, shade)
    wait_for(browser, lambda d: text(d, "#suggestion") and "3158 answers left" in text(d, "#candidates"))
    # today's game, by default: the menu says so
    assert css(browser, "#lists")[0].get_attribute("value") == "nyt-3158"
    assert "NYT, today's game" in css(browser, "#lists option:checked")[0].get_attribute("textContent")
    played = []
    for turn in range(1, 7):
        wait_for(browser, lambda d: text(d, "#suggestion") and "exact" in text(d, "#value"))
        assert "estimate" not in css(browser, "#value")[0].get_attribute("class")
        word = text(browser, "#suggestion").lower()
        colours = wordle_opt.score(word, answer).byg
        click_keys(browser, word)
        set_colours_by_clicking(browser, colours)
        assert not text(browser, "#play-flag")  # (the suggestion is legal, in hard mode too)
        css(browser, "#enter")[0].click()
        wait_for(browser, lambda d: len(css(d, "#board .turn")) == turn)
        played.append((word, colours))
        if colours == "GGGGG":
            break
    no_sideways_scroll(browser, width)
    # the familiar grid, Copy, and the link to the game's review
    wait_for(browser, lambda d: text(d, "#share-grid"))
    grid = text(browser, "#share-grid")
    rows = [wordle_opt.Pattern.parse(c).emoji for _, c in played]
    assert grid.splitlines() == [f"Wordle {len(played)}/6{'*' if rule == 'nyt' else ''}", "", *rows]
    css(browser, "#share-copy")[0].click()
    wait_for(browser, lambda d: text(d, "#copied"))
    css(browser, "#share-review")[0].click()
    wait_for(browser, lambda d: len(css(d, "#review-table .review-row")) == len(played), timeout=600)
    reviewed = [tile_colours(r) for r in css(browser, "#review-board .turn")]
    assert reviewed == [c for _, c in played]
    # pasted back: the grid and the words, reviewed at once
    open_view(browser, live_server, f"review?rule={rule}", lists=None)
    theme(browser, shade)
    css(browser, "#paste-box summary")[0].click()
    css(browser, "#paste")[0].send_keys(grid + "\n" + " ".join(w for w, _ in played))
    css(browser, "#paste-go")[0].click()
    wait_for(browser, lambda d: len(css(d, "#review-table .review-row")) == len(played), timeout=600)
    assert [tile_colours(r) for r in css(browser, "#review-board .turn")] == [c for _, c in played]
    assert css(browser, "#review-game")[0].get_attribute("value") == ".".join(f"{w}.{c}" for w, c in played)
    assert "game=" + ".".join(f"{w}.{c}" for w, c in played) in browser.current_url
    no_sideways_scroll(browser, width)


@pytest.mark.parametrize("width,shade", [(1280, "light"), (390, "dark")])
def test_an_illegal_hard_mode_guess_is_flagged_while_it_is_typed(browser, live_server, screen, width, shade):
    screen(width, shade)
    open_view(browser, live_server, "play?game=tarse.BBBBG&rule=nyt", lists=None)
    theme(browser, shade)
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 1 and text(d, "#suggestion"))
    click_keys(browser, "dodgy")
    wait_for(browser, lambda d: text(d, "#play-flag"))
    assert text(browser, "#play-flag") == "DODGY: letter 5 must be E, hard (NYT rule)"
    assert "illegal" in css(browser, "#board .entry")[0].get_attribute("class")
    css(browser, '#keyboard .key[data-key="backspace"]')[0].click()
    wait_for(browser, lambda d: not text(d, "#play-flag"))
    assert "illegal" not in css(browser, "#board .entry")[0].get_attribute("class")
    click_keys(browser, "e")  # DODGE: legal
    wait_for(browser, lambda d: "illegal" not in css(d, "#board .entry")[0].get_attribute("class"))
    assert not text(browser, "#play-flag") and [t.text for t in entry_tiles(browser)] == list("DODGE")
    # played anyway, an illegal word is refused and nothing is recorded
    for _ in range(5):
        css(browser, '#keyboard .key[data-key="backspace"]')[0].click()
    click_keys(browser, "dodgy")
    wait_for(browser, lambda d: text(d, "#play-flag"))
    css(browser, "#enter")[0].click()
    wait_for(browser, lambda d: text(d, "#play-error"))
    assert "letter 5 must be E" in text(browser, "#play-error") and len(css(browser, "#board .turn")) == 1
    # in easy mode nothing is flagged
    open_view(browser, live_server, "play?game=tarse.BBBBG&rule=easy", lists=None)
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 1 and text(d, "#suggestion"))
    click_keys(browser, "dodgy")
    set_colours_by_clicking(browser, "B")
    assert not text(browser, "#play-flag")


def test_answers_excluded_on_the_page_and_an_answers_way_found_and_downloaded(browser, live_server):
    open_view(browser, live_server, "play", lists=None)
    wait_for(browser, lambda d: "3158 answers left" in text(d, "#candidates"))
    if not css(browser, "#settings")[0].get_attribute("open"):
        css(browser, "#settings summary")[0].click()
    css(browser, "#exclude")[0].send_keys("crane\ncranx")
    css(browser, "#exclude-go")[0].click()
    wait_for(browser, lambda d: text(d, "#exclude-error"))
    assert "'cranx' is not a possible answer in list 'nyt-3158'" in text(browser, "#exclude-error")
    assert css(browser, "#exclude")[0].get_attribute("value") == "crane\ncranx"  # nothing entered is lost
    css(browser, "#exclude")[0].clear()
    css(browser, "#exclude")[0].send_keys("crane\nslate")
    css(browser, "#exclude-go")[0].click()
    wait_for(browser, lambda d: "3156 answers left" in text(d, "#candidates"))
    assert "nyt-3158 without 2" in css(browser, "#lists option:checked")[0].get_attribute("textContent")
    # Explore: find an answer's way; the downloads name the tree shown
    open_view(browser, live_server, "explore?rule=easy", lists="original")
    wait_for(browser, lambda d: "7920 guesses for 2315 answers" in text(d, "#tree"))
    assert css(browser, "#opener")[0].get_attribute("value") == "salet"
    css(browser, "#find-answer")[0].send_keys("mummy")
    css(browser, "#find-go")[0].click()
    want = wordle_opt.search("salet", threads=1).tree.path("mummy")
    wait_for(browser, lambda d: len(css(d, "#explore-board .turn")) == len(want))
    assert [tile_colours(r) for r in css(browser, "#explore-board .turn")] == [p.byg for _, p in want]
    href = css(browser, "#download-json")[0].get_attribute("href")
    assert "/api/explore/download?opener=salet&format=json&lists=original" in href
