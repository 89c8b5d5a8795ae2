"""End to end in a real browser: a learner plays a capture by clicking cards, sees
a wrong move explained, opens a puzzle link, works the cards by keyboard, and a
teacher sends a Sandbox position to the Classroom and plays a move there."""

from __future__ import annotations

from collections.abc import Callable

from browserpage import card, idle, press, sign_in, teacher_sign_in
from browserserver import Server
from playwright.sync_api import Page, expect


def test_learn_a_capture_by_clicking_cards(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/")
    sign_in(page, "Ana")
    expect(page.get_by_role("heading", name="Test basics")).to_be_visible()
    # .streamlit/config.toml: learners see the app, not Streamlit's developer toolbar
    expect(page.get_by_role("button", name="Deploy")).to_have_count(0)
    press(page, page.get_by_role("button", name="Start").first)
    expect(page.get_by_text("Step 1 of 4")).to_be_visible()
    press(page, page.get_by_role("button", name="Next"))
    expect(page.get_by_text("Capture the 7♥.")).to_be_visible()
    press(page, card(page, "seven of spades"))
    expect(card(page, "seven of spades (selected)")).to_be_visible()
    press(page, card(page, "seven of hearts"))
    expect(card(page, "seven of hearts (selected)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capture"))
    success = page.get_by_test_id("stAlertContentSuccess")
    expect(success).to_contain_text("A pair.")
    expect(success).to_contain_text("★★★")
    assert "lesson=basics" in page.url and "step=pair" in page.url


def test_a_wrong_move_is_explained(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/?lesson=basics&step=pair")
    sign_in(page, "Bo")
    press(page, card(page, "seven of spades"))
    expect(card(page, "seven of spades (selected)")).to_be_visible()
    press(page, card(page, "three of clubs"))
    expect(card(page, "three of clubs (selected)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capture"))
    error = page.get_by_test_id("stAlertContentError")
    expect(error).to_contain_text("3♣")
    expect(error).to_contain_text("(rule 4.1)")  # the rule number, a link to the rule
    # clear the selection and try again
    press(page, page.get_by_role("button", name="Clear selection"))
    expect(card(page, "seven of spades (selected)")).to_have_count(0)


def test_a_puzzle_link_opens_the_puzzle(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/puzzles?puzzle=tp2")
    sign_in(page, "Cy")
    expect(page.get_by_text("Pair a card.")).to_be_visible()
    press(page, card(page, "five of spades"))
    expect(card(page, "five of spades (selected)")).to_be_visible()
    press(page, card(page, "five of diamonds"))
    expect(card(page, "five of diamonds (selected)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    expect(page.get_by_text("Rating 1200 →")).to_be_visible()


def test_cards_work_by_keyboard(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/sandbox?position=table%3A+5c+3d%3B+hand%3A+8s")
    seven = card(page, "eight of spades")
    expect(seven).to_be_visible()
    idle(page)
    seven.focus()
    page.keyboard.press("Enter")
    expect(card(page, "eight of spades (selected)")).to_be_visible()
    idle(page)
    card(page, "five of clubs").focus()
    page.keyboard.press("Space")
    expect(card(page, "five of clubs (selected)")).to_be_visible()
    idle(page)
    card(page, "three of diamonds").focus()
    page.keyboard.press("Enter")
    expect(card(page, "three of diamonds (selected)")).to_be_visible()
    idle(page)
    page.get_by_role("button", name="Capture").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("8♠ takes")


def remembered(page: Page) -> bool:
    """Whether the browser holds the sign-in cookie (HttpOnly: the page's scripts cannot
    see it, so the test asks the browser itself)."""
    return any(c["name"] == "cassino_device" for c in page.context.cookies())


def wait_until(page: Page, condition: Callable[[], bool]) -> None:
    for _ in range(200):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("the browser's cookies never changed as expected")


def test_a_reload_remembers_the_learner_until_they_switch(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/")
    sign_in(page, "Gil")
    wait_until(page, lambda: remembered(page))
    page.reload()
    expect(page.get_by_text("Learning as Gil")).to_be_visible()
    expect(page.get_by_role("textbox", name="Your name")).to_have_count(0)
    press(page, page.get_by_role("button", name="Switch learner"))
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible()
    wait_until(page, lambda: not remembered(page))
    page.reload()
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible()
    expect(page.get_by_text("Learning as Gil")).to_have_count(0)


def test_a_sandbox_position_goes_to_the_classroom(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/sandbox?position=table%3A+5c+3d%3B+hand%3A+8s")
    press(page, page.get_by_role("tab", name="Notation"))
    press(page, page.get_by_role("link", name="Show this position in the Classroom"))
    teacher_sign_in(page)
    expect(page.get_by_role("heading", name="Classroom")).to_be_visible()
    assert "/classroom?position=" in page.url
    press(page, card(page, "eight of spades"))
    press(page, card(page, "five of clubs"))
    press(page, card(page, "three of diamonds"))
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("8♠ takes")
    press(page, page.get_by_role("button", name="Play this move"))
    expect(page.get_by_text("The table is empty.")).to_be_visible()
