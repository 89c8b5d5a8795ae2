"""The parts of a page that rerun alone on a click (st.fragment: the lesson player, the
puzzle on screen, the Sandbox's board) still change everything a click changes: the
link follows the step, finishing a lesson says so on the path, a rated puzzle moves the
rating above it and in the sidebar, a move played in the Sandbox joins the moves played.
(AppTest reruns whole pages, so only a browser sees this.)"""

from __future__ import annotations

from browserpage import card, press, sign_in
from browserserver import Server
from playwright.sync_api import Page, expect


def test_a_lesson_played_through_to_the_path(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/?lesson=basics&step=idea")
    sign_in(page, "Fay")
    expect(page.get_by_text("Step 1 of 4")).to_be_visible()
    press(page, page.get_by_role("button", name="Next"))
    expect(page.get_by_text("Step 2 of 4")).to_be_visible()
    page.wait_for_url("**step=pair**")  # the link follows the step
    hint = page.get_by_role("button", name="Hint 1 of 3")
    press(page, hint)
    expect(page.get_by_text("Which card has the same value")).to_be_visible()
    press(page, card(page, "seven of spades"))
    press(page, card(page, "seven of hearts"))
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("A pair.")
    expect(page.get_by_role("button", name="Capture")).to_have_count(0)  # solved
    press(page, page.get_by_role("button", name="Next"))
    expect(page.get_by_text("Step 3 of 4")).to_be_visible()
    for option in (0, 2):  # the two legal moves of the three
        press(page, page.locator(f'[class*="st-key-learn-opt-which-{option}"] label'))
    press(page, page.get_by_role("button", name="Check"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    press(page, page.get_by_role("button", name="Next"))
    expect(page.get_by_text("Step 4 of 4")).to_be_visible()
    press(page, page.get_by_text("The cards do not add up"))
    press(page, page.get_by_role("button", name="Check"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    press(page, page.get_by_role("button", name="Finish"))
    finished = page.get_by_test_id("stAlertContentSuccess")
    expect(finished).to_contain_text("Test basics")  # said once, on the path
    expect(page.get_by_role("heading", name="Test sums")).to_be_visible()
    assert "lesson=" not in page.url


def test_all_lessons_leaves_the_player(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/?lesson=basics&step=pair")
    sign_in(page, "Gus")
    press(page, card(page, "seven of spades"))
    press(page, page.get_by_role("button", name="All lessons"))
    expect(page.get_by_role("heading", name="Test basics")).to_be_visible()
    expect(page.get_by_text("Step 2 of 4")).to_have_count(0)


def test_a_rated_puzzle_moves_the_rating_above_it_and_in_the_sidebar(server: Server,
                                                                     page: Page) -> None:
    page.goto(f"{server.url}/puzzles?puzzle=tp2")
    sign_in(page, "Hal")
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_text("Puzzle rating 1200")).to_be_visible()
    press(page, card(page, "five of spades"))
    press(page, card(page, "five of diamonds"))
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    expect(sidebar.get_by_text("Puzzle rating 1200")).to_have_count(0)
    expect(page.get_by_test_id("stMetricDelta").first).to_be_visible()
    press(page, page.get_by_role("button", name="Next puzzle"))
    expect(page.get_by_text("Take as many cards as you can.")).to_be_visible()
    page.wait_for_url("**puzzle=tp1**")


def test_a_sandbox_move_joins_the_moves_played(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/sandbox?position=table%3A+5c+3d%3B+hand%3A+8s+2c")
    expect(page.get_by_text("No moves yet")).to_be_visible()
    press(page, card(page, "two of clubs"))
    press(page, card(page, "five of clubs"))
    press(page, page.get_by_role("button", name="Capture"))  # not allowed: the board only
    expect(page.get_by_test_id("stAlertContentError")).to_be_visible()
    expect(page.get_by_text("No moves yet")).to_be_visible()
    press(page, page.get_by_role("button", name="Clear selection"))
    press(page, card(page, "eight of spades"))
    press(page, card(page, "five of clubs"))
    press(page, card(page, "three of diamonds"))
    press(page, page.get_by_role("button", name="Capture"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("8♠ takes")
    expect(page.get_by_text("No moves yet")).to_have_count(0)
    expect(page.get_by_text("1. 8♠", exact=False).first).to_be_visible()
    page.wait_for_url("**moves=**")
