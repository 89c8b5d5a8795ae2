"""The course follows the learner, in a real browser: on a phone (390x844) a new
learner signs in and finishes the first stage, the hand, the table and the move
buttons always on one screen; Continue resumes mid-lesson; Puzzles opens on a
theme the learner has been taught."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserpage import PHONE, card, idle, new_page, press, release, sign_in
from browserserver import FIXTURE_COURSE, Server
from playwright.sync_api import Page, expect

from tutorial_app.course import ChooseStep, load_course


@pytest.fixture
def phone(browser: Any) -> Iterator[Page]:
    opened = new_page(browser, PHONE, has_touch=True)
    yield opened
    release(opened)


def _span_of_hand_table_and_buttons(page: Page) -> tuple[float, float]:
    """Top of the table and bottom of the move buttons, in page coordinates."""
    table = page.locator("div[class*='st-key-felt']").first.bounding_box()
    hand = page.locator("div[class*='st-key-hand']").first.bounding_box()
    trail = page.get_by_role("button", name="Trail").bounding_box()
    capture = page.get_by_role("button", name="Capture").bounding_box()
    assert table and hand and trail and capture
    top = min(table["y"], hand["y"])
    bottom = max(trail["y"] + trail["height"], capture["y"] + capture["height"])
    return top, bottom


def test_a_new_learner_finishes_the_first_stage_on_a_phone(server: Server, phone: Page,
                                                           tmp_path: Path) -> None:
    page = phone
    page.goto(f"{server.url}/")
    # the sidebar starts collapsed: the sign-in box is not hidden under it
    expect(page.get_by_role("button", name="Start learning")).to_be_in_viewport()
    sign_in(page, "Pia")
    press(page, page.get_by_role("button", name="Start: Test basics"))
    expect(page.get_by_text("Step 1 of 4")).to_be_visible()
    press(page, page.get_by_role("button", name="Next"))
    # the play step: the table, the hand and the move buttons fit one phone screen
    expect(page.get_by_text("Capture the 7♥.")).to_be_visible()
    idle(page)
    top, bottom = _span_of_hand_table_and_buttons(page)
    print(f"table top {top:.0f} px, move buttons bottom {bottom:.0f} px (viewport 844)")
    assert bottom - top <= PHONE["height"]
    page.locator("div[class*='st-key-felt']").first.scroll_into_view_if_needed()
    expect(page.get_by_role("button", name="Capture")).to_be_in_viewport()
    expect(card(page, "seven of spades")).to_be_in_viewport()
    page.screenshot(path=str(tmp_path / "phone-play-step.png"))
    press(page, card(page, "seven of spades"))
    expect(card(page, "seven of spades (selected)")).to_be_visible()
    press(page, card(page, "seven of hearts"))
    expect(card(page, "seven of hearts (selected)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capture"))
    success = page.get_by_test_id("stAlertContentSuccess")
    expect(success).to_contain_text("3 of 3 stars")
    press(page, page.get_by_role("button", name="Next"))
    # the choose step
    expect(page.get_by_text("Which moves are legal?")).to_be_visible()
    step = load_course(FIXTURE_COURSE, proofs=False).lesson("basics").step("which")
    assert isinstance(step, ChooseStep)
    for index in sorted(step.correct):
        press(page, page.get_by_text(step.options[index], exact=True))
    press(page, page.get_by_role("button", name="Check"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    press(page, page.get_by_role("button", name="Next"))
    # the mistake step
    expect(page.get_by_text("What is wrong with this move?")).to_be_visible()
    press(page, page.get_by_text("The cards do not add up"))
    press(page, page.get_by_role("button", name="Check"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    press(page, page.get_by_role("button", name="Finish lesson"))
    expect(page.get_by_text("Lesson finished: Test basics")).to_be_visible()
    expect(page.get_by_role("button", name="Next lesson: Test sums")).to_be_visible()
    page.screenshot(path=str(tmp_path / "phone-stage-finished.png"))


def test_continue_resumes_mid_lesson(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/?lesson=basics&step=pair")
    sign_in(page, "Quinn")
    press(page, card(page, "seven of spades"))
    expect(card(page, "seven of spades (selected)")).to_be_visible()
    press(page, card(page, "seven of hearts"))
    expect(card(page, "seven of hearts (selected)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    press(page, page.get_by_role("button", name="All lessons"))
    press(page, page.get_by_role("button", name="Continue: Test basics"))
    expect(page.get_by_text("Which moves are legal?")).to_be_visible()
    expect(page.get_by_text("Step 3 of 4")).to_be_visible()


def test_puzzles_open_on_a_taught_theme(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/puzzles")
    sign_in(page, "Sid")  # a learner with no lesson finished: told so, shown none
    expect(page.get_by_text("the first puzzles open here once you finish “Test basics”")
           ).to_be_visible()
    expect(page.get_by_text("Pair a card.")).to_have_count(0)
    server.unlock("Rae", "after-basics")  # Test basics finished: its theme is taught
    press(page, page.get_by_role("button", name="Switch learner"))
    sign_in(page, "Rae")
    expect(page.get_by_text("Pair a card.")).to_be_visible()  # tp2, theme pairing
    # the theme's one-line description, under its readable name
    expect(page.get_by_text("A card takes a loose card of the same value.")).to_be_visible()
