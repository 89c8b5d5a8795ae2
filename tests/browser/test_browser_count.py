"""A count step (the shipped course's game to 21) on a 390x844 phone: two whole captured piles (52
cards) fit the screen's width as cards to tap, a card tapped that scores nothing is
named in the reply, and the hand counted right passes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserpage import PHONE, idle, new_page, press, release, remembered, sign_in
from browserserver import Server
from playwright.sync_api import Locator, Page, expect
from shipped import shipped_course

from tutorial_app.course.judge.outcome import stars
from tutorial_app.course.steps.count import CountStep, answers, by_suit

LESSON, STEP = "count-it", "both-reach-21"


@pytest.fixture(scope="module")
def count_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app with one open lesson: the shipped course's count step of a game to 21."""
    shipped = shipped_course().lesson("scoring-2").step("count-both-reach-21")
    assert isinstance(shipped, CountStep)
    folder = tmp_path_factory.mktemp("count")
    piles = ", ".join(f"'{' '.join(str(c) for c in pile)}'" for pile in shipped.piles)
    (folder / "count.yaml").write_text(
        f"id: {LESSON}\ntitle: Count it\nteaches: [scoring, game-end]\nsteps:\n"
        f"  - id: {STEP}\n    kind: count\n    prompt: Count this hand.\n"
        f"    piles: [{piles}]\n    before: {list(shipped.before or ())}\n"
        "    success: 22 each, so another hand is played.\n", encoding="utf-8")
    running = Server(folder / "progress.sqlite3", folder, folder / "streamlit.log")
    yield running
    running.stop()


@pytest.fixture
def phone(browser: Any) -> Iterator[Page]:
    opened = new_page(browser, PHONE, has_touch=True)
    yield opened
    release(opened)


def _pile(page: Page, side: int) -> Locator:
    return page.get_by_test_id("stMain").get_by_test_id("stButtonGroup").nth(side)


def _answer(page: Page, question: int, label: str) -> None:
    radio = page.get_by_test_id("stMain").get_by_test_id("stRadio").nth(question)
    press(page, radio.get_by_text(label, exact=True))


def test_a_hand_counted_on_a_phone(count_server: Server, phone: Page,
                                   tmp_path: Path) -> None:
    step = shipped_course().lesson("scoring-2").step("count-both-reach-21")
    assert isinstance(step, CountStep)
    page = phone
    page.goto(f"{count_server.url}/")
    sign_in(page, "Cleo")
    # signed in (the browser remembers her) before the link is opened in the same tab
    expect(page.get_by_text("Your lessons")).to_be_visible()
    remembered(page)
    page.goto(f"{count_server.url}/?lesson={LESSON}&step={STEP}")
    expect(page.get_by_text("You: 27 cards captured")).to_be_visible()
    expect(page.get_by_text("Your opponent: 25 cards captured")).to_be_visible()
    idle(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    print(f"page width with two piles of cards: {width} px (viewport {PHONE['width']})")
    assert width <= PHONE["width"]  # the piles wrap; nothing to scroll sideways
    piles = [by_suit(pile) for pile in step.piles]
    scoring = [[c for c in pile if str(c) in step.points] for pile in piles]
    nothing = next(c for c in piles[0] if str(c) not in step.points)
    for side, cards in enumerate(scoring):
        for which in cards:
            press(page, _pile(page, side).get_by_text(which.pretty, exact=True))
    press(page, _pile(page, 0).get_by_text(nothing.pretty, exact=True))
    sides = {"0": "You", "1": "Your opponent"}
    _answer(page, 0, sides[step.cards])
    _answer(page, 1, sides[step.spades])
    _answer(page, 2, "Nobody yet: another hand is played")
    page.screenshot(path=str(tmp_path / "phone-count-step.png"), full_page=True)
    press(page, page.get_by_role("button", name="Check"))
    warning = page.get_by_test_id("stAlertContentWarning").last
    expect(warning).to_contain_text(f"{nothing.pretty} scores nothing by itself")
    press(page, _pile(page, 0).get_by_text(nothing.pretty, exact=True))  # untapped
    press(page, page.get_by_role("button", name="Check"))
    success = page.get_by_test_id("stAlertContentSuccess")
    expect(success).to_contain_text("22 each")
    # one wrong part told, then right, without a hint: exploring, within the free tries
    earned = stars(1, 0, answers=answers(step))
    assert earned == 3
    expect(success).to_contain_text(f"{earned} of 3 stars")
