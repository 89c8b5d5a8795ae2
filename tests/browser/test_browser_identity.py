"""Who is who, through the real server in Chromium: a learner who knows a classmate's
name and the class code cannot open the classmate's account by any page, link or form;
a 390 x 844 phone signs in by a login card's QR link (the link the printed card's QR
code encodes); the teacher stays signed in across a reload and a second tab, with the
projector as it was, until "Sign out"; the sign-in cookies are HttpOnly (no page
script reads them) and the learner's token rotates on use. Takes the README's
screenshots login-cards.png and signin-card-phone.png (into docs/screenshots/ with
UPDATE_SCREENSHOTS=1, as test_browser_screenshots.py does)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from browserpage import (
    DESKTOP,
    PHONE,
    class_sign_in,
    drawn,
    form,
    idle,
    new_page,
    press,
    release,
    sign_in,
    teacher_sign_in,
)
from browserserver import ROOT, TEACHER, Server
from playwright.sync_api import Page, expect

from tutorial_app.services import pictures
from tutorial_app.services.classes import ClassStore, first_teacher_from_environment
from tutorial_app.services.store import ProgressStore
from tutorial_app.ui.login_cards import card_link, qr_picture
from tutorial_app.words.i18n import count, t, using

ENV = {"CASSINO_TEACHER": TEACHER[0], "CASSINO_TEACHER_PASSWORD": TEACHER[1]}


def a_class(server: Server, name: str, learners: list[str]
            ) -> tuple[int, str, dict[str, tuple[str, str, str]]]:
    """A class of the server's first teacher, with these learners added by the teacher:
    its id, its code, and each learner's pictures (their English words) and card key."""
    with ProgressStore(server.db) as store, using("en"):
        first_teacher_from_environment(store, ENV)
        rooms = ClassStore(store)
        room = rooms.create_class(1, name)
        rooms.add_learners(room.id, learners)
        secrets = {x.name: (pictures.word(s.first), pictures.word(s.second), s.card_key)
                   for x, s in rooms.secrets_of(room.id)}
    return room.id, room.code, secrets


def other_picture(word: str) -> str:
    with using("en"):
        return next(pictures.word(i) for i in range(pictures.COUNT) if pictures.word(i) != word)


def nobody_is(page: Page, name: str) -> None:
    """The page is not signed in as `name`, and does not offer the name either."""
    idle(page)
    expect(page.get_by_text(f"Learning as {name}")).to_have_count(0)
    expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)


def test_a_classmates_name_and_the_class_code_open_nothing(server: Server,
                                                           browser: Any) -> None:
    _, code, secrets = a_class(server, "Blue", ["Bea", "Bo"])
    page = new_page(browser, DESKTOP)
    try:
        page.goto(f"{server.url}/")
        nobody_is(page, "Bea")  # nobody's name on the welcome screen
        page.get_by_role("textbox", name="Your name", exact=True).fill("Bea")
        press(page, page.get_by_role("button", name="Start learning"))
        expect(page.get_by_text("belongs to a learner in a class")).to_be_visible()
        nobody_is(page, "Bea")
        page.get_by_role("textbox", name="Your name", exact=True).fill("Веа")  # Cyrillic
        press(page, page.get_by_role("button", name="Start learning"))
        expect(page.get_by_text("belongs to a learner in a class")).to_be_visible()

        first, second, _ = secrets["Bea"]
        class_sign_in(page, code, "Bea", other_picture(first), second)  # a guess
        expect(page.get_by_text("do not match a learner of this class")).to_be_visible()
        nobody_is(page, "Bea")

        page.goto(f"{server.url}/live?join={code}")
        joining = form(page, "Join")
        joining.get_by_role("textbox", name="Your name in the class").fill("bea")
        press(page, joining.get_by_role("button", name="Join", exact=True))
        expect(page.get_by_text("Your teacher has already listed this name")).to_be_visible()
        expect(page.get_by_text("Your secret pictures are")).to_have_count(0)
        expect(page.get_by_text("Waiting for your teacher")).to_have_count(0)
        nobody_is(page, "Bea")

        for path in ("/?card=" + "A" * 32, f"/live?join={code}&card=" + "b" * 32,
                     "/puzzles", "/play", "/live", "/classroom", "/cards",
                     f"/?join={code}", "/?learner_id=1", "/?learner=Bea"):
            page.goto(server.url + path)
            nobody_is(page, "Bea")

        bo_first, bo_second, _ = secrets["Bo"]  # Bo on the same device, with his secret
        page.goto(f"{server.url}/")
        class_sign_in(page, code, "Bo", bo_first, bo_second)
        expect(page.get_by_text("Learning as Bo")).to_be_visible()
        press(page, page.get_by_role("button", name="Switch learner"))
        expect(page.get_by_role("tab", name="In a class")).to_be_visible()
        nobody_is(page, "Bea")
        nobody_is(page, "Bo")  # "Switch learner" offers no one, not even Bo
    finally:
        release(page)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        return ROOT / "docs" / "screenshots"
    return tmp_path


def test_a_phone_signs_in_by_its_login_card(server: Server, browser: Any, shots: Path) -> None:
    names = [f"Learner {i:02d}" for i in range(1, 31)]
    class_id, code, secrets = a_class(server, "Green", names)
    teacher = new_page(browser, DESKTOP)
    phone = new_page(browser, PHONE)
    try:
        teacher.goto(f"{server.url}/cards?class={class_id}")
        teacher_sign_in(teacher)
        cards = teacher.locator(".login-card")
        expect(cards).to_have_count(30)
        expect(teacher.locator(".login-card .code").first).to_have_text(code)
        key = secrets["Learner 07"][2]
        link = card_link(server.url, key)
        drawn = cards.filter(has_text="Learner 07").locator("img.qr").get_attribute("src")
        assert drawn == qr_picture(link)  # the card's QR code is exactly this link's
        teacher.emulate_media(media="print")  # what the teacher's printer gets
        teacher.set_viewport_size({"width": 900, "height": 1270})
        idle(teacher)
        teacher.screenshot(path=str(shots / "login-cards.png"))

        phone.goto(link)  # the phone's camera opens the card's link
        expect(phone.get_by_role("heading", name="Your lessons")).to_be_visible()
        assert "card=" not in phone.url  # the key leaves the address bar and the history
        expect(phone.get_by_text("Learning as Learner 07")).to_be_attached()
        press(phone, phone.get_by_test_id("stExpandSidebarButton"))
        expect(phone.get_by_text("Learning as Learner 07")).to_be_visible()
        idle(phone)
        phone.screenshot(path=str(shots / "signin-card-phone.png"))
        phone.reload()  # and stays signed in on the phone
        expect(phone.get_by_text("Learning as Learner 07")).to_be_attached()
    finally:
        release(teacher)
        release(phone)


def words(key: str, **values: object) -> str:
    with using("pt-BR"):
        return t(key, **values)


def test_a_join_waits_on_the_phone_until_the_teacher_approves_it(
        server: Server, browser: Any, shots: Path) -> None:
    """In pt-BR: a phone asks to join by the projector's link and waits; a classmate's
    join under a listed name is refused and shown nothing; the teacher sees the request
    on the Classroom (its count in the panel's title) and approves it; then that phone,
    and no other, is signed in and shown its two pictures. Takes the screenshots
    join-waiting.pt-BR (phone, desktop) and join-approve.pt-BR (desktop, phone)."""
    _, code, _ = a_class(server, "Azul", ["Bea"])
    phone, classmate = new_page(browser, PHONE), new_page(browser, PHONE)
    teacher = new_page(browser, DESKTOP)
    try:
        for device, name in ((phone, "Cy"), (classmate, "Bea")):
            device.goto(f"{server.url}/live?join={code}&lang=pt-BR")
            joining = form(device, words("join.button"))
            joining.get_by_role("textbox", name=words("join.name")).fill(name)
            press(device, joining.get_by_role("button", name=words("join.button"), exact=True))
        expect(classmate.get_by_text(words("join.name_listed"))).to_be_visible()
        waiting = phone.locator(".st-key-join-waiting")
        expect(waiting).to_contain_text(words("join.waiting_title"))
        drawn(phone)
        phone.screenshot(path=str(shots / "join-waiting.pt-BR.phone.png"))
        phone.set_viewport_size(DESKTOP)
        drawn(phone)
        phone.screenshot(path=str(shots / "join-waiting.pt-BR.png"))
        phone.set_viewport_size(PHONE)

        teacher.goto(f"{server.url}/classroom?lang=pt-BR")
        teacher.get_by_role("textbox", name=words("teacher.name")).fill(TEACHER[0])
        teacher.get_by_role("textbox", name=words("teacher.password")).fill(TEACHER[1])
        press(teacher, teacher.get_by_role("button", name=words("teacher.sign_in")))
        panel = teacher.get_by_test_id("stExpander").filter(has_text=words("join_panel.rule"))
        with using("pt-BR"):
            title = count(1, "join-waiting")
        expect(panel.get_by_text(title)).to_be_visible()  # the count in the panel's title
        expect(panel.get_by_text("Cy", exact=True)).to_be_visible()
        expect(panel.get_by_text("Bea", exact=True)).to_have_count(0)
        drawn(teacher)
        panel.evaluate("e => e.scrollIntoView({block: 'center'})")
        teacher.screenshot(path=str(shots / "join-approve.pt-BR.png"))
        teacher.set_viewport_size(PHONE)
        drawn(teacher)
        panel.evaluate("e => e.scrollIntoView({block: 'center'})")
        teacher.screenshot(path=str(shots / "join-approve.pt-BR.phone.png"))
        teacher.set_viewport_size(DESKTOP)
        press(teacher, panel.get_by_role("button", name=words("join_panel.approve")))
        expect(teacher.get_by_text(words("join_panel.approved", name="Cy"))).to_be_visible()

        expect(phone.get_by_text(words("join.secret_help"))).to_be_visible()  # by itself
        signed_in = words("sidebar.learner", name="{}").replace("**", "")
        expect(phone.get_by_text(signed_in.format("Cy"))).to_be_attached()
        classmate.reload()
        expect(classmate.get_by_role("button", name=words("join.button"))).to_be_visible()
        for name in ("Cy", "Bea"):
            expect(classmate.get_by_text(signed_in.format(name))).to_have_count(0)
    finally:
        for page in (phone, classmate, teacher):
            release(page)


def cookie(page: Page, name: str) -> dict[str, Any] | None:
    return next((dict(c) for c in page.context.cookies() if c["name"] == name), None)


def wait_for_cookie(page: Page, name: str, unlike: object = None,
                    gone: bool = False) -> dict[str, Any] | None:
    """The cookie once the page's post to the cookie route has set it (to a value other
    than `unlike`), or once it is gone; the test fails after 20 s of waiting."""
    for _ in range(200):
        found = cookie(page, name)
        if (found is None) if gone else (found is not None and found["value"] != unlike):
            return found
        page.wait_for_timeout(100)
    raise AssertionError(f"the cookie {name} never {'went' if gone else 'came'}")


def test_the_teacher_stays_signed_in_across_reloads_and_tabs(server: Server,
                                                             browser: Any) -> None:
    page = new_page(browser, DESKTOP)
    try:
        page.goto(f"{server.url}/classroom")
        teacher_sign_in(page)
        press(page, page.get_by_text("Projector mode", exact=True))
        expect(page.get_by_role("switch", name="Projector mode")).to_be_checked()
        idle(page)  # the server has run the page with it
        kept = wait_for_cookie(page, "cassino_teacher")
        assert kept is not None and kept["httpOnly"] and kept["sameSite"] == "Strict"
        assert "cassino_teacher" not in page.evaluate("document.cookie")  # no script reads it

        page.reload()
        expect(page.get_by_text("Teacher: Teacher")).to_be_attached()
        expect(page.get_by_role("textbox", name="Password")).to_have_count(0)
        expect(page.get_by_role("switch", name="Projector mode")).to_be_checked()  # as it was

        second = page.context.new_page()
        second.goto(f"{server.url}/classroom")
        expect(second.get_by_text("Teacher: Teacher")).to_be_attached()
        second.close()

        press(page, page.get_by_text("Projector mode", exact=True))  # the menu back
        press(page, page.get_by_role("button", name="Sign out (teacher)"))
        expect(page.get_by_role("textbox", name="Password")).to_be_visible()
        page.reload()
        expect(page.get_by_role("textbox", name="Password")).to_be_visible()  # signed out
    finally:
        release(page)


def test_the_learners_cookie_is_httponly_and_rotates(server: Server, browser: Any) -> None:
    page = new_page(browser, DESKTOP)
    try:
        page.goto(f"{server.url}/")
        sign_in(page, "Rory")
        first = wait_for_cookie(page, "cassino_device")
        assert first is not None and first["httpOnly"] and first["sameSite"] == "Strict"
        assert "cassino_device" not in page.evaluate("document.cookie")
        page.reload()
        expect(page.get_by_text("Learning as Rory")).to_be_visible()
        second = wait_for_cookie(page, "cassino_device", unlike=first["value"])  # rotated
        assert second is not None and second["httpOnly"]
        press(page, page.get_by_role("button", name="Switch learner"))
        wait_for_cookie(page, "cassino_device", gone=True)  # cleared, and ended on the server
        page.reload()
        expect(page.get_by_role("button", name="Start learning")).to_be_visible()
    finally:
        release(page)
