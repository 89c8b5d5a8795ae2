"""A real school's classroom behind a proxy, every phone from one address (issue 31's
"Done when"): the app, one replica with its SQLite store, behind nginx as `make
replicas` configures it (tests/browser/school.py), opened at a non-loopback address of
this machine, so that Chromium and the scripts all reach nginx from that one address
and nginx forwards it; CASSINO_PUBLIC_URL names it. Skipped, with the reason, without
nginx or such an address.

The journey: a teacher and a class of 30 made in the store; the 30 children sign in by
their pictures, a third of them after two wrong tries each, and all are in: three on
Chromium phones (390 x 844, pt-BR), reading what the screen says, the other 27 through
the load test's websocket client (tutorial_app/tools/loadtest/client.py), which speaks
the browser's protocol to the same server through the same proxy, as a class of
phones signing in at once. Meanwhile a classmate on the same network presses 100 times
on Maria's name with wrong pictures, waiting out the waits the app asks for during the
first 40 seconds, then pressing on; then Maria signs in with her pictures on her own
phone (where she signed in before) and with her login card on another, and the
teacher's "Wrong tries and lockouts" shows at least the tries the app checked. (Today's
limits need 127 s of waiting out before a name locks for an hour; 40 s leave her name
waiting 32 s, which is as much "kept out" for the journey and saves a minute and a
half of the suite.)

Before it, the proxy's address trusted as configured: through nginx the app counts a
wrong try at the school's address, never at "local" (nginx reaches the replica as
::ffff:127.0.0.1), and an X-Forwarded-For that a browser sends, through nginx or
straight to the replica, is ignored. After it, one address cannot take every session:
its 151st open page is refused (HTTP 429, and a page saying why in the phone's
language), while a phone from another address still opens the app.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserpage import answered, press
from journeys import Screen, phone, projector
from playwright.sync_api import expect
from school import (
    LANG,
    TEACHER,
    Child,
    Guessing,
    Holder,
    Outcome,
    School,
    child_signs_in,
    classmate_guesses,
    forged_try,
    in_thread,
    school,
    school_address,
    words,
)

from tutorial_app import config
from tutorial_app.services import guard
from tutorial_app.services import pictures as secret_pictures
from tutorial_app.words.i18n import count, using

pytestmark = pytest.mark.slow  # a server, nginx, 30 sign-ins and a guesser's waits

GUESSES = 100
TARGET = "Maria"
ON_CHROMIUM = ("Ana", "Bia", TARGET)  # Bia after two wrong tries


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[School]:
    address = school_address()
    if address is None:
        pytest.skip("the school journey needs a non-loopback IPv4 address on this machine "
                    "(`ip -4 addr` shows none): the phones must reach nginx from one")
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        pytest.skip("the school journey needs nginx (apt-get install nginx)")
    with school(tmp_path_factory.mktemp("school"), address) as found:
        yield found


def counted_at(found: School) -> set[str]:
    """Every address the app counted a wrong try at."""
    return ({x.subject for x in found.limits() if x.scope == guard.ADDRESS}
            | {x.last_address for x in found.limits()})


def test_behind_nginx_a_try_counts_at_the_schools_address_and_a_forged_one_is_ignored(
        running: School) -> None:
    child = running.children["Zeca"]
    # (in a thread of its own: a browser test before this one may have left Playwright's
    # event loop running in this one)
    through_nginx = in_thread(lambda: forged_try(running.url, running.code, child,
                                                 "203.0.113.9")).result(timeout=120)
    straight = in_thread(lambda: forged_try(running.app_url, running.code, child,
                                            "198.51.100.7")).result(timeout=120)
    assert words("signin.class_wrong") in through_nginx, through_nginx
    assert words("signin.class_wrong") in straight, straight
    seen = counted_at(running)
    assert running.address in seen, seen
    assert guard.LOCAL not in seen, seen  # nginx as ::ffff:127.0.0.1, trusted
    assert not {"203.0.113.9", "198.51.100.7"} & seen, seen  # a browser's own header


def class_sign_in(screen: Screen, code: str, child: Child, pair: tuple[int, int]) -> None:
    """The class sign-in as a child does it on a pt-BR phone: the tab, the code, the name,
    two pictures by their words."""
    page = screen.page
    press(page, page.get_by_role("tab", name=screen.words("welcome.tab_class")))
    form = page.locator(".st-key-class-signin")  # the code and name, then the pictures
    form.get_by_role("textbox", name=screen.words("join.code")).fill(code)
    name = form.get_by_role("textbox", name=screen.words("signin.class_name"), exact=True)
    name.fill(child.name)
    expect(page.get_by_text("Press Enter to submit form")).not_to_be_visible()  # English
    pills = form.get_by_test_id("stButtonGroup")
    with using(screen.lang):
        labels = [secret_pictures.word(i) for i in pair]
    for index, label in enumerate(labels):
        picture = pills.nth(index).get_by_role("radio", name=label, exact=True)
        press(page, picture)
        expect(picture).to_be_checked()  # every tap counts, the first after a wrong try too
    answered(page, form.get_by_role("button", name=screen.words("signin.class_button")))


def is_in(screen: Screen, name: str) -> None:
    """Signed in: the Learn page, and the sidebar names the child."""
    expect(screen.page.get_by_role("heading", name=screen.words("learn.title"))).to_be_visible()
    expect(screen.page.get_by_text(screen.words("sidebar.learner", name=name).replace(
        "**", ""))).to_be_attached()


def test_a_school_behind_one_address(running: School, browser: Any) -> None:
    url, code, children = running.url, running.code, running.children
    target = children[TARGET]
    on_phones = [children[n] for n in ON_CHROMIUM]
    scripted = [c for name, c in children.items() if name not in ON_CHROMIUM]
    assert len(scripted) == 27
    twice_wrong = {c.name for c in scripted[:9]} | {"Bia"}  # a third of the class
    problems: list[str] = []
    started = time.monotonic()
    maria_was_in = threading.Event()

    async def the_class() -> tuple[list[Outcome], Guessing]:
        """The 27 phones of the script sign in over a quarter of a minute; once Maria has
        been in on her phone, a classmate starts guessing on her name."""
        signing = [asyncio.create_task(child_signs_in(
            url, code, child, 2 if child.name in twice_wrong else 0, delay=0.5 * n))
            for n, child in enumerate(scripted)]
        await asyncio.to_thread(maria_was_in.wait, 120)
        guessing = await classmate_guesses(url, code, target, GUESSES, running.time_passes)
        return list(await asyncio.gather(*signing)), guessing

    background = in_thread(the_class)
    with phone(browser, LANG) as maria:
        # ----- Maria signs in on her own phone, and hands it on ------------------------------
        maria.page.goto(f"{url}/")
        maria.says(maria.words("welcome.title"))
        class_sign_in(maria, code, target, (target.first, target.second))
        is_in(maria, TARGET)
        press(maria.page, maria.page.get_by_test_id("stExpandSidebarButton"))
        press(maria.page, maria.page.get_by_role("button", name=maria.words("sidebar.switch")))
        maria.says(maria.words("welcome.title"))
        maria_was_in.set()
        collapse = maria.page.get_by_role("button", name="Collapse sidebar")
        if collapse.is_visible():  # the menu folded again, as the phone shows it
            press(maria.page, collapse)

        # ----- Ana and Bia on their phones, while the others sign in and the guesser guesses -
        for child in on_phones[:2]:
            with phone(browser, LANG) as screen:
                screen.page.goto(f"{url}/")
                if child.name in twice_wrong:
                    for n in range(2):
                        class_sign_in(screen, code, child, child.wrong_pair(n))
                        expect(screen.alert("error")).to_be_visible()  # not let in
                class_sign_in(screen, code, child, (child.first, child.second))
                try:
                    is_in(screen, child.name)
                except AssertionError:
                    problems.append(f"{child.name}'s right pictures on Chromium: {shown(screen)}")
        outcomes, guessing = background.result(timeout=300)
        class_seconds = time.monotonic() - started

        problems.extend(f"{o.name}'s right pictures: {o.right} {o.error}"  # at the first press
                        for o in outcomes if not o.inside)
        assert all(len(o.wrong) == 2 and all(o.wrong) and not o.in_after_wrong
                   for o in outcomes if o.name in twice_wrong), outcomes
        assert guessing.presses == GUESSES and not guessing.errors, guessing

        # ----- Maria, on her own phone, with her pictures ---------------------------------
        class_sign_in(maria, code, target, (target.first, target.second))
        try:
            is_in(maria, TARGET)
        except AssertionError:
            problems.append(f"her own phone, her right pictures: {shown(maria)}")

    # ----- Maria's login card, on another phone ---------------------------------------------
    with phone(browser, LANG) as other:
        other.page.goto(f"{url}/?card={target.card_key}")
        try:
            is_in(other, TARGET)
        except AssertionError:
            problems.append(f"her login card: {shown(other)}")

    # ----- the teacher's panel shows the tries ---------------------------------------------
    with projector(browser, LANG) as desk:
        desk.page.goto(f"{url}/classroom")
        desk.page.get_by_role("textbox", name=desk.words("teacher.name")).fill(TEACHER[0])
        desk.page.get_by_role("textbox", name=desk.words("teacher.password")).fill(TEACHER[1])
        desk.press_key("teacher.sign_in")
        expect(desk.page.get_by_text(desk.words("teacher.signed_in", name=TEACHER[0]).replace(
            "**", ""))).to_be_attached()
        seen = tries_shown(limits_panel(desk), TARGET)
        if seen is None or seen < guessing.checked:
            problems.append(f"the teacher's panel shows {seen} wrong tries for {TARGET}, "
                            f"the app checked {guessing.checked}")

    print(f"\nschool journey: the class in {class_seconds:.0f} s; the guesser's "
          f"{guessing.presses} presses: {guessing.said}, waited {guessing.waited:.0f} s")
    assert not problems, "\n".join(problems)


def shown(screen: Screen) -> str:
    alerts = screen.page.get_by_test_id("stAlert")
    return " | ".join(alerts.all_inner_texts()) or screen.page.locator("body").inner_text()[:300]


def tries_shown(panel: Any, name: str) -> int | None:
    """The wrong tries the panel shows for a learner: the first number after her name in
    its text (its table's cells included), or None if it does not name her."""
    try:
        expect(panel).to_contain_text(name)
    except AssertionError:
        return None
    found = re.search(rf"{re.escape(name)}\D*(\d+)", panel.text_content() or "")
    return int(found.group(1)) if found else None


def limits_panel(desk: Screen) -> Any:
    """The Classroom's "Wrong tries and lockouts", unfolded (its title is a count of the
    lockouts when there are some)."""
    page = desk.page
    panel = page.get_by_test_id("stExpander").filter(
        has=page.get_by_text(desk.words("limits.panel_help")))
    expect(panel).to_have_count(1)
    if not panel.get_by_text(desk.words("limits.panel_help")).is_visible():
        press(page, panel.locator("summary"))
    expect(panel.get_by_text(desk.words("limits.panel_help"))).to_be_visible()
    return panel


def test_one_address_cannot_take_every_session(running: School, browser: Any) -> None:
    cap = config.sessions_per_address()
    assert cap == 150  # the default, which a school of 40 phones with two tabs each fits in
    with phone(browser, LANG) as school_phone, phone(browser, LANG) as elsewhere:
        held = Holder(running.url, cap + 20)  # idle sessions from the school's address
        try:
            assert held.refused == 429, held.refused
            assert cap - 10 <= len(held.sockets) <= cap, len(held.sockets)
            school_phone.page.goto(f"{running.url}/")  # one more page: told why, in pt-BR
            expect(school_phone.page.get_by_role("heading", name=words(
                "connections.full_title"))).to_be_visible()
            with using(LANG):
                told = count(cap, "connections-full")
            expect(school_phone.page.get_by_text(told)).to_be_visible()
            # a phone from another address (this machine's own) still opens the app
            elsewhere.page.goto(f"http://127.0.0.1:{running.replicas.port}/")
            elsewhere.says(elsewhere.words("welcome.title"))
        finally:
            held.release()
        school_phone.page.reload()  # the pages closed, their places are free again
        school_phone.says(school_phone.words("welcome.title"))
