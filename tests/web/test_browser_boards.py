"""End to end, several boards on the page (issue 52): a Dordle of today's
list played to the end with the on-screen keyboard, each board's tiles
clicked, at 1280 and 390 px, light and dark; the boards and the advice are
those of the command line's assistant (`play --boards`); Quordle's 2 x 2;
Undo, Redo, New game, a refused turn, and each board count keeping its game."""

from __future__ import annotations

import pytest
from browsing import click_keys, css, entry_tiles, open_view, text, wait_for

import wordle_opt
from wordle_opt.games.boards_play import BoardsAssistant

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

WIDTHS = {1280: (1280, 900, False), 390: (390, 844, True)}


@pytest.fixture
def screen(browser):
    """screen(width): the window's size, undone after the test."""

    def set_to(width):
        w, h, mobile = WIDTHS[width]
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile}
        )
        browser.get("about:blank")

    yield set_to
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def theme(browser, name):
    browser.execute_script("document.documentElement.dataset.theme = arguments[0]", name)


def board_rows(browser, b):
    """Board ``b``'s played rows as BYG text, read in one go (the page redraws the boards as it answers)."""
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((r) => [...r.querySelectorAll('.tile')]"
        ".map((t) => 'BYG'[Number(t.className.match(/\\bc(\\d)/)[1])]).join(''))",
        f"#board-{b} .turn",
    )


def colour_board(browser, b, colours):
    for i, c in enumerate(colours):
        for _ in range("BYG".index(c)):
            css(browser, f"#board-{b} .entry .tile")[i].click()


def advice_matches(browser, cli):
    """The advice panel says what the command line's assistant says at the same position."""
    pos = cli.position
    assert text(browser, "#suggestion").lower() == cli.suggestion()
    assert text(browser, "#value") == pos.suggest(cli.strategy)[1]
    lines = [li.text for li in css(browser, "#boards-left li")]
    for b, line in enumerate(lines):
        if pos.solved[b] is not None:
            assert line == f"Board {b + 1}: solved at guess {pos.solved[b]}"
        else:
            n = len(pos.cands[b])
            assert line.startswith(f"Board {b + 1}: {n} answer{'s' if n > 1 else ''} left"), line


# (two of the four sizes and shades: the one-board browser tests play all four;
# the browser tests share one worker, CI's longest path)
@pytest.mark.parametrize("width,shade", [(1280, "light"), (390, "dark")])
def test_a_dordle_of_todays_game_played_to_the_end(browser, live_server, screen, width, shade):
    screen(width)
    answers = ("mound", "cider")
    open_view(browser, live_server, "play", lists=None)
    theme(browser, shade)
    wait_for(browser, lambda d: "3158 answers left" in text(d, "#candidates"))
    click_keys(browser, "sl")  # a one-board guess begun: kept while the boards are played
    css(browser, '#board-count button[data-boards="2"]')[0].click()
    wait_for(browser, lambda d: len(css(d, "#boards-left li")) == 2 and text(d, "#suggestion"))
    assert "Dordle: 2 boards" in text(browser, "#boards-game") and css(browser, "#board")[0].is_displayed() is False
    assert "optimal" not in text(browser, "#advice")
    cli = BoardsAssistant(2, answers="nyt-3158")
    solved = [False, False]
    for turn in range(1, 8):
        wait_for(browser, lambda d: text(d, "#suggestion") and len(css(d, "#boards-left li")) == 2)
        advice_matches(browser, cli)
        word = text(browser, "#suggestion").lower()
        click_keys(browser, word)
        played = [None if s else wordle_opt.score(word, a).byg for a, s in zip(answers, solved)]
        for b, colours in enumerate(played, 1):
            if colours is None:
                assert not css(browser, f"#board-{b} .entry")  # a solved board takes no more guesses
            else:
                assert [t.text for t in css(browser, f"#board-{b} .entry .tile")] == list(word.upper())
                colour_board(browser, b, colours)
        if turn == 2:  # Enter on the keyboard with the focus on Undo: plays the row, never presses Undo
            from selenium.webdriver.common.action_chains import ActionChains
            from selenium.webdriver.common.keys import Keys

            browser.execute_script("document.querySelector('#undo').focus()")
            ActionChains(browser).send_keys(Keys.ENTER).perform()
        else:
            css(browser, "#enter")[0].click()
        cli.apply(word, [c for c in played if c is not None])
        solved = [s or word == a for s, a in zip(solved, answers)]
        want = [[wordle_opt.Pattern(p[b]).byg for _, p in cli.position.turns if p[b] is not None] for b in (0, 1)]
        wait_for(browser, lambda d: [board_rows(d, 1), board_rows(d, 2)] == want)
        if all(solved):
            break
    wait_for(browser, lambda d: text(d, "#solved"))
    assert text(browser, "#solved") == f"All 2 boards solved in {len(cli.position.turns)} guesses."
    assert all(s is not None for s in cli.position.solved)
    assert [t.text for t in css(browser, ".board-title")] == [
        f"Board {b + 1} · solved at guess {cli.position.solved[b]}" for b in range(2)
    ]
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    left, right = (css(browser, f"#board-{b}")[0].rect for b in (1, 2))
    assert left["y"] == right["y"] and left["x"] + left["width"] <= right["x"]  # side by side, phone too
    assert "boards=2" in browser.current_url and "game=" in browser.current_url
    browser.save_screenshot(f"/tmp/boards-{width}-{shade}.png")  # (looked at; one is in docs/img)
    # back to one board: its game as it was left; and the Dordle still there after
    css(browser, '#board-count button[data-boards="1"]')[0].click()
    wait_for(
        browser, lambda d: css(d, "#board")[0].is_displayed() and [t.text for t in entry_tiles(d)][:2] == ["S", "L"]
    )
    css(browser, '#board-count button[data-boards="2"]')[0].click()
    wait_for(browser, lambda d: text(d, "#solved"))


def test_quordle_two_by_two_undo_redo_new_game_and_a_refused_turn(browser, live_server, screen):
    screen(390)
    open_view(browser, live_server, "play?boards=4", lists=None)
    wait_for(browser, lambda d: len(css(d, "#boards-left li")) == 4 and text(d, "#suggestion"))
    boxes = [css(browser, f"#board-{b}")[0].rect for b in (1, 2, 3, 4)]
    assert boxes[0]["y"] == boxes[1]["y"] < boxes[2]["y"] == boxes[3]["y"]  # 2 x 2 on a phone
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    # a word not in the list is flagged as it is typed
    click_keys(browser, "cranx")
    wait_for(browser, lambda d: text(d, "#play-flag"))
    assert "'cranx' is not an allowed guess" in text(browser, "#play-flag")
    assert all("illegal" in r.get_attribute("class") for r in css(browser, "#boards .entry"))
    css(browser, '#keyboard .key[data-key="backspace"]')[0].click()
    wait_for(browser, lambda d: not text(d, "#play-flag"))
    # colours no answer of board 3 gives: refused in one line, nothing recorded, nothing lost
    click_keys(browser, "e")
    colour_board(browser, 3, "YYYYY")
    css(browser, "#enter")[0].click()
    wait_for(browser, lambda d: text(d, "#play-error"))
    assert text(browser, "#play-error") == "turn 1 (CRANE), board 3: no answer of nyt-3158 is consistent with YYYYY"
    assert not css(browser, "#boards .turn") and [t.text for t in css(browser, "#board-3 .entry .tile")] == list(
        "CRANE"
    )
    # the colours typed instead, one colouring per board
    if not css(browser, ".typed")[0].get_attribute("open"):
        css(browser, ".typed summary")[0].click()
    from selenium.webdriver.common.keys import Keys

    css(browser, "#colours")[0].send_keys("BBBBB BYBBB BBBBG GGBBB" + Keys.ENTER)
    wait_for(browser, lambda d: len(css(d, "#boards .turn")) == 4)
    assert [board_rows(browser, b) for b in (1, 2, 3, 4)] == [["BBBBB"], ["BYBBB"], ["BBBBG"], ["GGBBB"]]
    assert "game=crane.BBBBB,BYBBB,BBBBG,GGBBB" in browser.current_url
    cli = BoardsAssistant(4, answers="nyt-3158")
    cli.apply("crane", "BBBBB BYBBB BBBBG GGBBB")
    wait_for(browser, lambda d: text(d, "#suggestion").lower() == cli.suggestion())
    # Undo takes the turn back, Redo puts it back, New game clears and Redo restores
    css(browser, "#undo")[0].click()
    wait_for(browser, lambda d: not css(d, "#boards .turn"))
    css(browser, "#redo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#boards .turn")) == 4)
    css(browser, "#newgame")[0].click()
    wait_for(browser, lambda d: not css(d, "#boards .turn") and "Redo puts it back" in text(d, "#play-note"))
    css(browser, "#redo")[0].click()
    wait_for(browser, lambda d: len(css(d, "#boards .turn")) == 4)
    # a reload keeps the game (the address holds it)
    browser.refresh()
    wait_for(browser, lambda d: len(css(d, "#boards .turn")) == 4 and text(d, "#suggestion"))
    assert text(browser, "#suggestion").lower() == cli.suggestion()
