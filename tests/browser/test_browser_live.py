"""The live classroom in real browsers: a teacher makes a class and asks a
puzzle live; three learners on phone-sized screens join by code and answer (one
correct, one legal miss, one illegal after changing a legal miss); the projector
counts them by itself, shows three bars with marks and reasons, mistakes first;
"Next" reaches all three. A learner cannot open the Classroom by its address."""

from __future__ import annotations

from typing import Any

from browserpage import PHONE, card, form, new_page, press, release, sign_in, teacher_sign_in
from browserserver import Server
from playwright.sync_api import Page, expect

from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore


def phone(browser: Any) -> Page:
    return new_page(browser, PHONE)


def fold_sidebar(learner: Page) -> None:
    """A phone shows the page, not the menu: the sidebar starts folded on a narrow screen."""
    expect(learner.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")


def join(browser: Any, server: Server, code: str, name: str) -> Page:
    """A new learner joins from the projector's link (the code filled in), waits for the
    teacher, who lets them in (as "Approve" does: tests/browser/test_browser_identity.py
    clicks it), and is shown the two secret pictures the app made for them."""
    learner = phone(browser)
    learner.goto(f"{server.url}/live?join={code}")
    fold_sidebar(learner)
    joining = form(learner, "Join")
    expect(joining.get_by_role("textbox", name="Class code")).to_have_value(code)
    joining.get_by_role("textbox", name="Your name in the class").fill(name)
    press(learner, joining.get_by_role("button", name="Join", exact=True))
    expect(learner.get_by_text("Waiting for your teacher to let you in")).to_be_visible()
    with ProgressStore(server.db) as store:
        rooms = ClassStore(store)
        room = rooms.class_by_code(code)
        assert room is not None and rooms.approve_all(room.id) == [(name, None)]
    expect(learner.get_by_text("Your secret pictures are")).to_be_visible()
    press(learner, learner.get_by_role("button", name="I will remember them"))
    # .first: while the page is drawn again after that press, the question's heading can
    # be on the page twice for a moment (the old run's and the new one's)
    expect(learner.get_by_text("Question 1").first).to_be_visible()
    return learner


def answer(learner: Page, cards: list[str], action: str) -> None:
    for name in cards:
        press(learner, card(learner, name))
        expect(card(learner, f"{name} (selected)")).to_be_visible()
    press(learner, learner.get_by_role("button", name=action))


def test_a_live_question_with_three_phones(server: Server, page: Page, browser: Any) -> None:
    page.goto(f"{server.url}/classroom?puzzle=tp1")
    teacher_sign_in(page)
    page.get_by_role("textbox", name="New class name").fill("5B")
    press(page, page.get_by_role("button", name="Create class"))
    code_box = page.locator(".live-code div").nth(1)
    code_box.wait_for()
    code = code_box.inner_text().strip()
    assert len(code) == 6
    expect(page.get_by_test_id("stImage").first).to_be_visible()  # the QR code
    expect(page.get_by_text(f"/live?join={code}")).to_be_visible()  # what it encodes
    press(page, page.get_by_role("button", name="Ask the class this (live)"))
    expect(page.get_by_text("0 of 0 answered")).to_be_visible()

    ana = join(browser, server, code, "Ana")
    bo = join(browser, server, code, "Bo")
    cy = join(browser, server, code, "Cy")
    answer(ana, ["eight of spades", "two of clubs", "six of spades", "three of diamonds",
                 "five of hearts"], "Capture")
    expect(ana.get_by_text("Your answer: 8♠ takes 6♠+2♣, 5♥+3♦")).to_be_visible()
    answer(bo, ["four of diamonds"], "Trail")
    expect(bo.get_by_text("Your answer: 4♦ trails")).to_be_visible()
    answer(cy, ["four of diamonds"], "Trail")
    expect(cy.get_by_text("Your answer: 4♦ trails")).to_be_visible()
    answer(cy, ["eight of spades", "five of hearts"], "Capture")  # changed
    expect(cy.get_by_text("Your answer: 8♠ takes 5♥")).to_be_visible()

    expect(page.get_by_text("3 of 3 answered")).to_be_visible()  # no click: it refreshes
    press(page, page.get_by_role("button", name="Show answers"))
    bars = page.locator('[class*="st-key-live-bar-btn"] button')
    expect(bars).to_have_count(3)
    labels = [bars.nth(i).inner_text() for i in range(3)]
    assert labels[2].startswith("✓"), labels
    assert {labels[0][0], labels[1][0]} == {"~", "✗"}, labels
    expect(page.get_by_text("could take 4 cards")).to_be_visible()
    expect(page.get_by_text("5♥ alone makes 5", exact=False)).to_be_visible()
    expect(page.get_by_text("Ana", exact=True)).to_have_count(0)  # names hidden

    press(page, page.get_by_role("button", name="Next question"))
    for learner in (ana, bo, cy):
        expect(learner.get_by_text("Question 2")).to_be_visible()
        expect(learner.get_by_text("Pair a card.")).to_be_visible()
        release(learner)


def test_a_learner_cannot_open_the_classroom_by_its_address(server: Server,
                                                             page: Page) -> None:
    page.goto(f"{server.url}/")
    sign_in(page, "Dee")
    expect(page.get_by_role("link", name="Classroom")).to_have_count(0)  # not in the menu
    page.goto(f"{server.url}/classroom")
    expect(page.get_by_text("Learning as Dee")).to_be_visible()
    expect(page.get_by_role("textbox", name="Password")).to_have_count(0)
    expect(page.get_by_text("Class progress")).to_have_count(0)
    expect(page.get_by_role("heading", name="Classroom")).to_have_count(0)
