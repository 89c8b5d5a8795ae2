"""Screenshots of the main pages in a real browser, with the real lessons.

Each page must render without an exception box. The pictures go to a temporary
folder, or to docs/screenshots/ when UPDATE_SCREENSHOTS=1 is set (that is how
the pictures in the docs are made)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browserpage import card, drawn, press, release, sign_in, teacher_sign_in
from browserserver import ROOT, Server
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.slow  # about a minute in all: sent out first (tests/conftest.py)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        folder = ROOT / "docs" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path


def snap(page: Page, folder: Path, name: str, full: bool = True) -> None:
    """Save the page once drawn (browserpage.drawn: the script run, fonts and pictures
    in); `full` makes the window as tall as the page (Streamlit scrolls inside its main
    block, so a full-page screenshot alone would not see it all). Each test has seen
    what its last click leads to before it takes the picture."""
    drawn(page)
    if full:
        height = page.evaluate(
            "Math.max(...[...document.querySelectorAll('[data-testid=stMain] *')]"
            ".slice(0, 1).map(e => e.scrollHeight), 1000)")
        page.set_viewport_size({"width": 1400, "height": min(int(height) + 80, 4000)})
        drawn(page)
    page.screenshot(path=str(folder / f"{name}.png"))
    page.set_viewport_size({"width": 1400, "height": 1000})


def test_screenshots_of_the_main_pages(real_server: Server, page: Page, shots: Path) -> None:
    url = real_server.url
    page.goto(f"{url}/")
    sign_in(page, "Ana")
    snap(page, shots, "learn-path", full=False)

    page.goto(f"{url}/?lesson=cards&step=play-seven")  # the browser remembers Ana from here on
    expect(page.get_by_text("Learning as Ana")).to_be_visible()
    expect(page.locator('[class*="st-key-hand-learn"]')).to_be_visible()
    hand = page.locator('[class*="st-key-hand-learn"] button').first
    press(page, hand)
    chosen = page.get_by_role("button", name="(selected)")
    expect(chosen).to_have_count(1)
    press(page, page.locator('[class*="st-key-felt-learn"] button').first)
    expect(chosen).to_have_count(2)
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentError").or_(
        page.get_by_test_id("stAlertContentSuccess"))).to_be_visible()  # the verdict
    snap(page, shots, "lesson-step")

    page.goto(f"{url}/puzzles")
    expect(page.get_by_text("Learning as Ana")).to_be_visible()
    press(page, page.get_by_role("button", name="Show me every puzzle all the same"))
    press(page, page.locator('[class*="st-key-hand-puzzle"] button').first)
    snap(page, shots, "puzzles")

    position = "table: 3d 4s 9d [7: 3c 4h @1]; hand: 2s 9c 7d"
    page.goto(f"{url}/sandbox?position={position}")
    press(page, card(page, "two of spades"))
    expect(card(page, "two of spades (selected)")).to_be_visible()
    press(page, page.locator('[class*="st-key-cb-sandbox-b7"] button'))
    expect(page.get_by_role("button", name="(selected)")).to_have_count(2)
    snap(page, shots, "sandbox")

    page.goto(f"{url}/")
    press(page, page.get_by_role("button", name="Switch learner"))  # teachers only there
    page.goto(f"{url}/classroom?lesson=sums&step=first-sum")
    teacher_sign_in(page)
    press(page, page.get_by_text("Reveal the answer"))
    expect(page.locator(".st-key-class-answer")).to_be_visible()  # drawn by the server
    snap(page, shots, "classroom")

    page.goto(f"{url}/rules")
    snap(page, shots, "rules", full=False)


def test_screenshot_of_the_play_page(real_server: Server, page: Page, shots: Path) -> None:
    """A game against a level-3 computer, five rounds in, played by following the hints:
    a single build (the computer's, just made) and a multiple one (the learner's) are
    on the table, and the hint says which to take."""
    from engine.advice import hint
    from tutorial_app.flows.play import game as pg
    from tutorial_app.flows.play.game import YOU, Game, Setup

    seed, rounds = 187, 5
    page.goto(f"{real_server.url}/play")
    sign_in(page, "Ana")
    press(page, page.get_by_role("combobox", name="The computer"))
    press(page, page.get_by_role("option", name="Level 3: counting"))
    press(page, page.get_by_text("Advanced"))
    seed_box = page.get_by_role("spinbutton", name="Seed")
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    press(page, page.get_by_role("button", name="Start the game"))
    expect(page.get_by_text(f"seed {seed}")).to_be_attached()  # the game of that seed
    game = Game.start(Setup(2, (3,), pg.make_rules("classic"), seed))
    for _ in range(rounds):
        expect(page.get_by_text("Your turn.")).to_be_visible()
        move = hint(game.state, YOU).move
        press(page, page.get_by_role("button", name="Hint", exact=True))
        press(page, page.get_by_role("button", name="Select these cards for me"))
        expect(card(page, f"{move.card.name} (selected)")).to_be_visible()
        label = {"capture": "Capture", "trail": "Trail"}.get(move.kind, f"Build {move.value}")
        press(page, page.get_by_role("button", name=label, exact=True))
        game, _ = game.attempt(move.as_attempt())
        expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
        press(page, page.get_by_role("button", name="Continue"))
        game = game.advance()
    expect(page.get_by_text("Your turn.")).to_be_visible()
    assert len(game.state.builds) == 2, "the picture should show two builds"
    press(page, page.get_by_role("button", name="Hint", exact=True))
    press(page, page.get_by_role("button", name="Select these cards for me"))
    expect(card(page, "(selected)")).to_be_visible()
    press(page, page.get_by_text("Game log"))
    expect(page.locator(".st-key-play-log")).to_be_visible()
    snap(page, shots, "play")


def test_screenshot_of_the_coach(real_server: Server, page: Page, shots: Path) -> None:
    """A poor first move against level 2 (seed 2024: trailing the 4♥ when a build
    was there to make), and the coach's word on it."""
    from engine.advice import review
    from tutorial_app.flows.play import game as pg
    from tutorial_app.flows.play.game import Game, Setup

    seed = 2024
    game = Game.start(Setup(2, (pg.DEFAULT_LEVEL,), pg.make_rules("classic"), seed))
    trail = next(m for m in game.state.legal_moves() if m.text == "4h t")
    found = review(game.state, trail)
    assert found is not None, "the picture needs a move the coach corrects"
    page.goto(f"{real_server.url}/play")
    sign_in(page, "Coach")
    press(page, page.get_by_text("Advanced"))
    seed_box = page.get_by_role("spinbutton", name="Seed")
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    press(page, page.get_by_role("button", name="Start the game"))
    expect(page.get_by_text(f"seed {seed}")).to_be_attached()  # the game of that seed
    press(page, card(page, trail.card.name))
    press(page, page.get_by_role("button", name="Trail", exact=True))
    expect(page.locator(".st-key-play-coach")).to_contain_text("Coach:")
    snap(page, shots, "coach")


def test_screenshots_of_the_live_classroom(server: Server, page: Page, shots: Path) -> None:
    """The projector with the answer bars (one clicked, names on), and a learner's phone
    answer screen (390 x 844) after answering."""
    from test_browser_live import answer, join

    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{server.url}/classroom?puzzle=tp1")
    teacher_sign_in(page)
    page.get_by_role("textbox", name="New class name").fill("5B")
    press(page, page.get_by_role("button", name="Create class"))
    code_box = page.locator(".live-code div").nth(1)
    code_box.wait_for()
    code = code_box.inner_text().strip()
    press(page, page.get_by_role("button", name="Ask the class this (live)"))
    browser = page.context.browser
    phones = [join(browser, server, code, name) for name in ("Ana", "Bo", "Cy", "Dee")]
    answer(phones[0], ["eight of spades", "two of clubs", "six of spades",
                       "three of diamonds", "five of hearts"], "Capture")
    answer(phones[1], ["four of diamonds"], "Trail")
    answer(phones[2], ["four of diamonds"], "Trail")
    answer(phones[3], ["eight of spades", "five of hearts"], "Capture")
    expect(page.get_by_text("4 of 4 answered")).to_be_visible()
    press(page, page.get_by_role("button", name="Show answers"))
    press(page, page.get_by_text("Names on screen"))
    press(page, page.locator('[class*="st-key-live-bar-btn-0"] button'))
    expect(page.locator('[class*="st-key-live-picked"]')).to_be_visible()
    snap(page, shots, "classroom-live")
    drawn(phones[1])
    phones[1].screenshot(path=str(shots / "live-phone.png"))
    for phone in phones:
        release(phone)
