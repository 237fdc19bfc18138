"""End to end: the page in a real headless browser (Debian's chromium, driven
by Selenium through /usr/bin/chromedriver), against a live server.

On CI (CI=true) a missing browser fails the test: `.ci/run` installs it.
Elsewhere the test skips and says what is missing.
"""

from __future__ import annotations

import pytest
from browsing import (
    click_keys,
    css,
    entry_tiles,
    open_view,
    physical_keys,
    played_as,
    set_colours_by_clicking,
    text,
    tile_colours,
    wait_for,
)

import wordle_opt

# A real browser against a live server: tens of seconds in all, so the whole
# module runs with the slow tests (CI runs them after the quick line).
# One worker drives the one browser and server (`--dist loadgroup`).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]


def test_play_a_game_to_the_answer(browser, live_server):
    """Turn 1 on the on-screen keyboard with clicked tiles, turn 2 on the
    physical keyboard (letters, Space on the tiles, Enter), the rest with the
    suggestion's Use button and the colours typed; the board keeps every row
    and the keyboard shows each letter's state."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    answer = "cater"
    tree = wordle_opt.search("salet", threads=1).tree
    open_view(browser, live_server, "play")
    wait_for(browser, lambda d: text(d, "#suggestion") == "SALET")
    assert "2315 answers left" in text(browser, "#candidates")
    assert "3.421" in text(browser, "#advice")
    assert css(browser, "#advice")[0].get_attribute("aria-live") == "polite"
    assert len(css(browser, "#board .row")) == 6  # six rows, the first one being entered
    # offline: every file the page loaded came from this server
    loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(u.startswith(live_server) for u in loaded), loaded
    played = []
    for turn in range(1, 7):
        wait_for(browser, lambda d: text(d, "#suggestion"))
        word = text(browser, "#suggestion").lower()
        colours = wordle_opt.score(word, answer).byg
        if turn == 1:  # the on-screen keyboard, the tiles clicked, the on-screen Enter
            click_keys(browser, word)
            assert [t.text for t in entry_tiles(browser)] == list(word.upper())
            set_colours_by_clicking(browser, colours)
            assert played_as(tile_colours(css(browser, "#board .entry")[0])) == colours
            css(browser, "#enter")[0].click()
        elif turn == 2:  # the physical keyboard: a wrong letter taken back, Space on a tile, Enter
            physical_keys(browser, word[:4] + "x" + Keys.BACKSPACE + word[4])
            assert [t.text for t in entry_tiles(browser)] == list(word.upper())
            for i, c in enumerate(colours):
                for _ in range("BYG".index(c)):
                    browser.execute_script("arguments[0].focus()", entry_tiles(browser)[i])
                    ActionChains(browser).send_keys(Keys.SPACE).perform()
            assert played_as(tile_colours(css(browser, "#board .entry")[0])) == colours
            ActionChains(browser).send_keys(Keys.ENTER).perform()  # on a tile: plays the row
        else:  # the suggestion's Use button, the colours typed as text
            css(browser, "#take")[0].click()
            assert [t.text for t in entry_tiles(browser)] == list(word.upper())
            if not css(browser, ".typed")[0].get_attribute("open"):
                css(browser, ".typed summary")[0].click()
            css(browser, "#colours")[0].send_keys(colours + Keys.ENTER)
        wait_for(browser, lambda d: len(css(d, "#board .turn")) == turn)
        played.append((word, wordle_opt.Pattern(colours)))
        row = css(browser, "#board .turn")[-1]
        assert tile_colours(row) == colours
        assert row.get_attribute("aria-label").startswith(f"guess {turn}: {word[0].upper()} ")
        if colours == "GGGGG":
            break
    assert played == tree.path(answer)
    wait_for(browser, lambda d: text(d, "#solved"))
    assert text(browser, "#solved") == f"Solved in {len(played)} guesses!"
    # the board shows the tiles with their colours, and keeps six rows
    last = css(browser, "#board .turn")[-1].find_elements("css selector", ".tile")
    assert [t.text for t in last] == list(answer.upper())
    assert all("c2" in t.get_attribute("class") for t in last)
    assert len(css(browser, "#board .row")) == 6
    # the keyboard: each letter's best state so far, said in its label
    key = lambda k: css(browser, f'#keyboard .key[data-key="{k}"]')[0]  # noqa: E731
    assert "c2" in key("c").get_attribute("class") and key("c").get_attribute("aria-label") == "C, green"
    assert "c0" in key("s").get_attribute("class") and key("s").get_attribute("aria-label") == "S, grey"
    assert "c" not in key("q").get_attribute("class").replace("key", "") and key("q").get_attribute("aria-label") == "Q"
    # the address holds the game
    assert "game=" + ".".join(f"{w}.{wordle_opt.Pattern(p).byg}" for w, p in played) in browser.current_url

    # undo takes the last turn back and the suggestion returns
    css(browser, "#undo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == len(played) - 1 and text(d, "#suggestion"))
    assert text(browser, "#suggestion") == answer.upper()
    assert not css(browser, "#solved")


def test_a_tile_cycles_grey_yellow_green_when_clicked(browser, live_server):
    """A typed letter is an uncoloured tile (issue 49, 9: it showed grey
    before any colour was set); clicks make it yellow, green, grey, yellow."""
    open_view(browser, live_server, "play")
    wait_for(browser, lambda d: text(d, "#suggestion") == "SALET")
    click_keys(browser, "crane")
    seen = []
    for _ in range(5):
        tile = entry_tiles(browser)[2]
        seen.append((tile_colours(css(browser, "#board .entry")[0])[2], tile.get_attribute("aria-label")))
        tile.click()
    assert [c for c, _ in seen] == ["-", "Y", "G", "B", "Y"]
    assert seen[0][1] == "A, not coloured yet, counts as grey: press for yellow"
    assert seen[1][1].startswith("A, yellow") and seen[2][1].startswith("A, green") and seen[3][1].startswith("A, grey")
    tile = entry_tiles(browser)[0]  # (not clicked: an empty tile's look, with its letter)
    look = browser.execute_script("const s = getComputedStyle(arguments[0]); return s.backgroundColor", tile)
    assert look == "rgba(0, 0, 0, 0)", look
    assert all(t.get_attribute("aria-label") for t in css(browser, "#board .row:not([aria-hidden]) .tile"))
    assert all(k.get_attribute("aria-label") for k in css(browser, "#keyboard .key"))


def test_the_first_guess_alternatives_show_the_bundled_rankings_values(browser, live_server):
    """At the first guess of a game a bundled ranking covers, each alternative
    shows its total from it: exact ("(7923)" beside the average) or a proven
    lower bound ("≥ 3.434 (≥ 7950)"); nothing is left to search."""
    from wordle_opt.openers.tables import table_for

    table = table_for(wordle_opt.load_lists("original"), None, 6)
    open_view(browser, live_server, "play")
    wait_for(browser, lambda d: len(css(d, "#alternatives tr")) > 1)
    assert "bundled opener ranking" in text(browser, "#ranking-note")
    assert not css(browser, "#alternatives .pending-value") and not css(browser, "#alternatives-note")
    for row in css(browser, "#alternatives tr")[1:]:
        word, value, how = (c.text for c in row.find_elements("css selector", "td"))
        known = table.get(word.rstrip(" *"))
        if known.kind == "exact":
            assert value == f"{known.total / 2315:.3f} ({known.total})", (word, value)
        else:
            assert value == f"≥ {known.total / 2315:.3f} (≥ {known.total})", (word, value)
        assert "bundled opener ranking" in how


@pytest.mark.slow
def test_the_first_guess_alternatives_get_their_exact_values(browser, live_server):
    """At the first guess of a game no bundled ranking covers (nyt-12947), the
    API leaves the alternatives unvalued (too many answers); the page values
    each by its optimal tree, one after the other."""
    open_view(browser, live_server, "play?lists=nyt-12947&rule=easy&cap=6")
    wait_for(browser, lambda d: len(css(d, "#alternatives tr")) > 1)
    assert "valued by the proven optimal tree" in text(browser, "#alternatives-note")
    wait_for(browser, lambda d: not css(d, "#alternatives .pending-value"), timeout=900)
    best = float(text(browser, "#value").split()[0])
    rows = css(browser, "#alternatives tr")[1:]
    assert rows
    for row in rows:
        word, value, how = (c.text for c in row.find_elements("css selector", "td"))
        assert float(value) >= best, (word, value)  # (the suggestion is the best opener)
        assert how.startswith(f"exact (the optimal tree from {word.rstrip(' *')})"), how


def test_bad_colours_show_an_error_and_change_nothing(browser, live_server):
    open_view(browser, live_server, "play")
    wait_for(browser, lambda d: text(d, "#suggestion") == "SALET")
    click_keys(browser, "salet")
    set_colours_by_clicking(browser, "GGGGY")
    css(browser, "#enter")[0].click()
    wait_for(browser, lambda d: text(d, "#play-error"))
    assert "no answer left gives SALET GGGGY" in text(browser, "#play-error")
    assert not css(browser, "#board .turn")
    assert [t.text for t in entry_tiles(browser)] == list("SALET")  # the row is still there to fix


def test_a_reload_keeps_the_game(browser, live_server):
    open_view(browser, live_server, "play?game=salet.BGBGY&rule=easy&cap=6")
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 1 and text(d, "#suggestion"))
    assert tile_colours(css(browser, "#board .turn")[0]) == "BGBGY"
    first = text(browser, "#suggestion")
    click_keys(browser, first.lower())
    set_colours_by_clicking(browser, wordle_opt.score(first.lower(), "cater").byg)
    css(browser, "#enter")[0].click()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 2)
    browser.refresh()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 2 and text(d, "#suggestion"))
    assert "".join(t.text for t in css(browser, "#board .turn")[1].find_elements("css selector", ".tile")) == first
    # the skip link moves the focus, and leaves the game and its address alone
    url = browser.current_url
    browser.execute_script("document.querySelector('.skip').click()")
    assert browser.switch_to.active_element.get_attribute("id") == "main"
    assert browser.current_url == url and len(css(browser, "#board .turn")) == 2


def test_a_shared_review_link_shows_the_review(browser, live_server):
    open_view(browser, live_server, "review?game=salet+drone+crate&answer=crate&lists=original&rule=easy&cap=6")
    wait_for(browser, lambda d: len(css(d, "#review-table .review-row")) == 3, timeout=600)
    assert [tile_colours(r) for r in css(browser, "#review-board .turn")] == ["BYBYY", "BGBBG", "GGGGG"]
    assert css(browser, "#review-game")[0].get_attribute("value") == "salet drone crate"
    assert css(browser, "#review-answer")[0].get_attribute("value") == "crate"
    assert "SALET costs 7920 guesses" in text(browser, "#review-out")


def test_explore_the_tree(browser, live_server):
    open_view(browser, live_server, "explore")
    wait_for(browser, lambda d: "7920 guesses for 2315 answers" in text(d, "#tree"))
    assert [r.text.replace("\n", "") for r in css(browser, "#explore-board .row")] == ["SALET"]
    first = css(browser, "#tree details")[0]
    assert "221 answers" in first.text and "COURD" in first.text
    first.find_element("css selector", "summary").click()
    wait_for(browser, lambda d: len(css(d, "#tree .node .node")) == 1)
    inner = css(browser, "#tree .node .node")[0]
    assert inner.text.startswith("Guess COURD")
    assert "221 answers" in inner.text
    # the board shows the way: SALET coloured as opened, then COURD to play
    assert tile_colours(css(browser, "#explore-board .turn")[0]) == "BBBBB"
    assert css(browser, "#explore-board .pending")[0].text.replace("\n", "") == "COURD"
    # and the address keeps the node: a reload opens it again
    assert "path=BBBBB" in browser.current_url
    browser.refresh()
    wait_for(browser, lambda d: len(css(d, "#tree .node .node")) == 1)
    assert css(browser, "#tree .node .node")[0].text.startswith("Guess COURD")
    wait_for(browser, lambda d: css(d, "#explore-board .pending"))
    assert css(browser, "#explore-board .pending")[0].text.replace("\n", "") == "COURD"
    assert "path=BBBBB" in browser.current_url
    # a link two colourings deep: the way to MUMMY
    open_view(browser, live_server, "explore?opener=salet&path=BBBBB,BBYBB")
    wait_for(browser, lambda d: len(css(d, "#tree .node .node .node")) == 1)
    wait_for(browser, lambda d: len(css(d, "#explore-board .turn")) == 2)
    assert [tile_colours(r) for r in css(browser, "#explore-board .turn")] == ["BBBBB", "BBYBB"]
    assert css(browser, "#explore-board .pending")[0].text.replace("\n", "") == "FUNKY"
    assert "path=BBBBB,BBYBB" in browser.current_url


def test_the_theme_toggle_switches_and_is_kept(browser, live_server):
    open_view(browser, live_server, "play")
    background = lambda: browser.execute_script("return getComputedStyle(document.body).backgroundColor")  # noqa: E731
    light = background()
    css(browser, "#theme")[0].click()
    assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
    assert css(browser, "#theme")[0].get_attribute("aria-pressed") == "true"
    dark = background()
    assert dark != light
    browser.refresh()
    assert background() == dark  # kept over a reload
    css(browser, "#theme")[0].click()
    assert background() == light
    browser.execute_script("localStorage.clear()")


CONTRAST_JS = """
const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                     return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const ratio = (a, b) => { const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const page = getComputedStyle(document.body).backgroundColor;
const out = {};
for (const [name, sel, own] of arguments[0]) {
  const e = document.querySelector(sel);
  const st = getComputedStyle(e);
  out[name] = ratio(st.color, own ? st.backgroundColor : page);
}
return out;
"""


def test_text_tiles_and_keys_have_enough_contrast_in_both_themes(browser, live_server):
    """WCAG AA: text 4.5:1; the tiles' and keys' letters, large and bold, 3:1."""
    open_view(browser, live_server, "play?game=salet.BGBGY")
    wait_for(browser, lambda d: text(d, "#suggestion"))
    checks = [
        ("text", "#candidates", False),
        ("hint", ".play-more .hint", False),
        ("link", "#alternatives .word-link", False),
        ("grey tile", "#board .turn .tile.c0", True),
        ("yellow tile", "#board .turn .tile.c1", True),
        ("green tile", "#board .turn .tile.c2", True),
        ("key", '#keyboard .key[data-key="q"]', True),
        ("yellow key", '#keyboard .key[data-key="t"]', True),
        ("use", "#take", True),
    ]
    for theme in ("light", "dark"):
        browser.execute_script("document.documentElement.dataset.theme = arguments[0]", theme)
        found = browser.execute_script(CONTRAST_JS, checks)
        for name, ratio in found.items():
            need = 4.5 if name in ("text", "hint", "link", "use") else 3.0
            assert ratio >= need, (theme, name, ratio)


def test_use_puts_the_focus_on_the_row_and_tab_walks_its_tiles(browser, live_server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_view(browser, live_server, "play")
    wait_for(browser, lambda d: text(d, "#suggestion") == "SALET")
    css(browser, "#take")[0].click()
    focused = lambda: browser.switch_to.active_element.get_attribute("aria-label")  # noqa: E731
    assert focused().startswith("S, not coloured yet")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert focused().startswith("A, not coloured yet")
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    assert focused().startswith("A, yellow")  # the focus stays on the tile it changed


def test_a_phone_has_no_sideways_scroll_and_the_suggestion_above_the_fold(browser, live_server):
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        open_view(browser, live_server, "play?game=salet.BGBGY")
        wait_for(browser, lambda d: text(d, "#suggestion"))
        assert browser.execute_script("return window.innerWidth") == 390
        bottom = browser.execute_script("return document.querySelector('#value').getBoundingClientRect().bottom")
        assert bottom <= 844
        for view in ("play", "review?game=salet+drone+crate&answer=crate", "explore?path=BBBBB"):
            open_view(browser, live_server, view)
            if view.startswith("review"):
                wait_for(browser, lambda d: css(d, "#review-table"), timeout=600)
                box = css(browser, "#review-out .scroll")[0]
                assert browser.execute_script("return arguments[0].getBoundingClientRect().right", box) <= 390
            elif view.startswith("explore"):
                wait_for(browser, lambda d: css(d, "#tree .node .node"))
            else:
                wait_for(browser, lambda d: text(d, "#suggestion"))
            width = browser.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, (view, width)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


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


def test_review_matches_the_cli(browser, live_server, generous_limits):
    # (generous_limits: what is compared here is the table, not the server's 3 s budget, which a
    # loaded machine can exceed while the start-up warm-up runs beside it)
    open_view(browser, live_server, "review")
    css(browser, "#review-game")[0].send_keys("salet drone crate")
    css(browser, "#review-answer")[0].send_keys("crate")
    css(browser, "#review-go")[0].click()
    wait_for(browser, lambda d: css(d, "#review-table .review-row") or text(d, "#review-error"), timeout=600)
    assert not text(browser, "#review-error")
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


def test_a_tree_cut_short_by_the_budget_says_what_was_proven(browser, live_server, generous_limits):
    """Issue 49, 1: QAJAQ's tree is not proven within 10 s (the CLI: minutes).  The page said
    "Proven optimal for this opener" beside an API answer of "proven": false;
    its words now follow the API's: the best tree found with its proven lower
    bound, or the refusal saying that the budget is too small."""
    generous_limits.time_limit = 10.0  # (5 s of exact search, then 5 s of the anytime one: a tree, mostly)
    open_view(browser, live_server, "explore?opener=qajaq&lists=original&rule=easy&cap=6")
    wait_for(browser, lambda d: text(d, "#tree-summary") or text(d, "#explore-error"))
    summary, error = text(browser, "#tree-summary"), text(browser, "#explore-error")
    if summary:
        api = browser.execute_script(
            "return fetch('/api/explore?opener=qajaq&lists=original&hard=easy&max_guesses=6').then(r => r.json())"
        )
        # (proven in 10 s would be news: it takes the CLI minutes.  This second
        # request may find no tree in its 10 s where the page's found one: the
        # CI rehearsal at load 10 got the refusal; either way nothing is proven.)
        if "tree" in api:
            assert api["tree"]["proven"] is False, api
        else:
            assert api["error"].startswith("the tree from QAJAQ needs more than this server's 10 s a request"), api
        assert "proven optimal" not in summary.lower().replace("not proven optimal", ""), summary
        assert summary.startswith("Best tree found from QAJAQ within the server's 10 s: "), summary
        assert "Not proven optimal: proven lower bound " in summary, summary
        assert "estimate" in css(browser, "#tree-summary")[0].get_attribute("class")
    else:
        assert error.startswith("the tree from QAJAQ needs more than this server's 10 s a request"), error
        assert "retry" not in error


def test_enter_after_undo_plays_the_typed_row_and_redo_brings_back(browser, live_server):
    """Issue 49, 2: after Undo the focus stays on its button; Enter with a
    row typed used to press Undo again (a second row lost, the typed letters
    with it).  Enter now plays the typed row wherever the focus is, and Undo
    and New game can be taken back with Redo."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    answer = "cater"
    rows = [(w, wordle_opt.score(w, answer).byg) for w in ("salet", "crony")]
    game = ".".join(f"{w}.{c}" for w, c in rows)
    open_view(browser, live_server, f"play?game={game}&lists=original&rule=easy&cap=6")
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 2 and text(d, "#suggestion"))
    css(browser, "#undo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 1 and text(d, "#suggestion"))
    word = "brace"
    click_keys(browser, word)
    set_colours_by_clicking(browser, wordle_opt.score(word, answer).byg)
    undo = css(browser, "#undo")[0]
    browser.execute_script("arguments[0].focus()", undo)
    assert browser.switch_to.active_element == undo
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 2)
    turns = css(browser, "#board .turn")
    assert [tile_colours(r) for r in turns] == [rows[0][1], wordle_opt.score(word, answer).byg]
    assert "".join(t.text for t in turns[1].find_elements("css selector", ".tile")) == word.upper()
    assert css(browser, "#redo")[0].get_attribute("disabled")  # (a row played starts a new line of play)
    # New game, then Redo: the game is back
    wait_for(browser, lambda d: text(d, "#suggestion"))
    css(browser, "#newgame")[0].click()
    wait_for(browser, lambda d: not css(d, "#board .turn") and text(d, "#suggestion") == "SALET")
    assert "New game: Redo puts it back" in text(browser, "#play-note")
    css(browser, "#redo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 2 and text(d, "#suggestion"))
    css(browser, "#undo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 1)
    assert (
        text(browser, "#play-note")
        == f"Took back {word.upper()} {wordle_opt.score(word, answer).byg}: Redo puts it back."
    )
    css(browser, "#redo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#board .turn")) == 2 and text(d, "#suggestion"))
    assert f"game=salet.{rows[0][1]}.{word}." in browser.current_url


def test_the_alternatives_are_shown_best_value_first(browser, live_server):
    """Issue 49, 7: the table of alternatives, at the first guess (the bundled
    ranking's best) and after SALET BYBBB (exact values), is in value order."""
    from wordle_opt.openers.tables import table_for

    table = table_for(wordle_opt.load_lists("original"), None, 6)
    for view, words in (
        ("play", [v.word.upper() for v in table.top(6) if v.word != "salet"][:5]),
        ("play?game=salet.BYBBB", None),
    ):
        open_view(browser, live_server, f"{view}&lists=original&rule=easy&cap=6".replace("play&", "play?"))
        wait_for(browser, lambda d: len(css(d, "#alternatives tr")) > 1)
        rows = [[c.text for c in r.find_elements("css selector", "td")] for r in css(browser, "#alternatives tr")[1:]]
        values = [float(value.split()[0]) for _, value, _ in rows]
        assert values == sorted(values), rows
        assert "best value first" in text(browser, "#alternatives caption")
        if words:
            assert [w.rstrip(" *") for w, _, _ in rows] == words
        assert all("bits" not in how for _, _, how in rows), rows


FITS_JS = """
const page = document.documentElement, box = document.querySelector('#review-out .scroll');
const theme = document.querySelector('#theme').getBoundingClientRect();
return {page: [page.scrollWidth, page.clientWidth], table: [box.scrollWidth, box.clientWidth],
        theme: [theme.right, page.clientWidth]};
"""


def test_the_review_fits_a_desktop_and_a_phone(browser, live_server):
    """Issue 49, 8: at 1280 px "luck %" was behind a scroll bar with room to
    spare; at 390 px the table was 857 px wide in 371 and the theme button
    cut at the right edge.  Now nothing scrolls sideways, in either theme."""
    try:
        for width, height in ((1280, 900), (390, 844)):
            browser.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500},
            )
            open_view(browser, live_server, "review?game=salet+drone+crate&answer=crate&lists=original&rule=easy&cap=6")
            wait_for(browser, lambda d: len(css(d, "#review-table .review-row")) == 3, timeout=600)
            for theme in ("light", "dark"):
                browser.execute_script("document.documentElement.dataset.theme = arguments[0]", theme)
                fits = browser.execute_script(FITS_JS)
                assert fits["page"][0] <= fits["page"][1], (width, theme, fits)
                assert fits["table"][0] <= fits["table"][1], (width, theme, fits)
                assert fits["theme"][0] <= fits["theme"][1], (width, theme, fits)
            # every column's figure is on the screen: "luck %" of the last turn included
            luck = css(browser, "#review-table .review-row td")[-1]
            assert luck.is_displayed() and luck.text == "88"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_script("localStorage.clear()")


def test_title_lists_yellow_and_a_centred_board(browser, live_server):
    """Issue 49, 9: the page has a real title; the lists menu describes each
    list and says which is today's game; the yellow is Wordle's, not brown;
    on a desktop the board is in the middle of the page."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    )
    try:
        open_view(browser, live_server, "play?game=salet.BYBBB&lists=original&rule=easy&cap=6")
        wait_for(browser, lambda d: text(d, "#suggestion"))
        assert browser.title.startswith("wordle_opt: the best Wordle guess")
        options = {o.get_attribute("value"): o.get_attribute("textContent") for o in css(browser, "#lists option")}
        assert "today's game" in options["nyt-3158"] and "today's game" not in options["original"]
        assert options["original"].startswith("original: Wordle before the NYT")
        yellow = css(browser, "#board .turn .tile.c1")[0]
        assert yellow.value_of_css_property("background-color") == "rgba(201, 180, 88, 1)"
        board = browser.execute_script(
            "const r = document.querySelector('#board').getBoundingClientRect(); return (r.left + r.right) / 2"
        )
        middle = browser.execute_script("return document.documentElement.clientWidth / 2")
        assert abs(board - middle) < 40, (board, middle)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
