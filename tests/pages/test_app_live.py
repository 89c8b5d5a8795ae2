"""The live classroom in the app: a teacher makes a class and asks a live question; three learners
join by code on their own devices and answer (one correct, one legal miss, one
illegal; one changes its answer); the projector shows the three with their marks and
reasons, mistakes first; "Next" reaches everyone. Learners cannot open teacher pages,
by the menu or by the address, nor see another learner's progress."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest
from apphelpers import click, let_in, new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.flows import live
from tutorial_app.services import guard
from tutorial_app.services.classes import ClassStore, LiveAnswer, LiveState, SchoolClass
from tutorial_app.services.store import ProgressStore


def make_class(teacher: AppTest, name: str = "5B") -> str:
    teacher.text_input(key="new_class_name").input(name)
    next(b for b in teacher.button if b.label == "Create class").click().run()
    assert not teacher.exception, [e.value for e in teacher.exception]
    assert teacher.selectbox(key="class.class_id").value is not None
    code = next(c.code for c in rooms_of(teacher) if c.name == name)
    assert code in "\n".join(h.proto.body for h in teacher.get("html")), "code on the screen"
    return code


def rooms_of(at: AppTest) -> list[SchoolClass]:
    """The first teacher's classes, read from the test's store (its path is kept in
    the teacher's session by the test)."""
    with ProgressStore(Path(at.session_state["_db"])) as store:
        return ClassStore(store).classes_of(1)


def join(code: str, name: str) -> AppTest:
    """A learner joins by the QR code's link, waits, and the teacher lets them in."""
    learner = open_page(new_app(), "live", join=code)
    assert learner.text_input(key="join_code").value == code  # from the QR code's link
    learner.text_input(key="join_name").input(name)
    next(b for b in learner.button if b.label == "Join").click().run()
    assert "Waiting for your teacher to let you in" in texts(learner)
    assert let_in(code) == [name]
    learner.run()  # the waiting screen's next look
    assert not learner.exception, [e.value for e in learner.exception]
    return learner


def answer(learner: AppTest, *cards: str, action: str) -> None:
    for card in cards:
        click(learner, f"cb-live-{card}")
    click(learner, f"live-{action}")


def test_a_live_question_answered_by_three_learners(app: AppTest, db: Path) -> None:
    teacher = open_page(app, "classroom", puzzle="tp1")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    click(teacher, "live-ask")
    assert "0 of 0 answered" in texts(teacher)

    ana, bo, cy = join(code, "Ana"), join(code, "Bo"), join(code, "Cy")
    for learner in (ana, bo, cy):
        assert "Question 1" in texts(learner) and "Take as many cards" in texts(learner)
    answer(ana, "h-8s", "t-2c", "t-6s", "t-3d", "t-5h", action="capture")  # correct
    answer(bo, "h-4d", action="trail")                                        # legal miss
    answer(cy, "h-4d", action="trail")                                        # ... changed:
    assert "Your answer: **4♦ trails**" in texts(cy)
    answer(cy, "h-8s", "t-5h", action="capture")                              # illegal
    assert "Your answer: **8♠ takes 5♥**" in texts(cy)

    teacher.run()
    assert "3 of 3 answered" in texts(teacher)
    assert not [b for b in teacher.button if b.key and b.key.startswith("live-bar-btn")]
    click(teacher, "live-show")
    bars = [b.label for b in teacher.button if b.key and b.key.startswith("live-bar-btn")]
    assert len(bars) == 3, bars
    assert bars[-1].startswith("✓") and "correct" in bars[-1]
    assert {bars[0][0], bars[1][0]} == {"~", "✗"}  # the mistakes before the right move
    said = texts(teacher)
    assert "could take 4 cards" in said                 # the legal miss: the goal's reason
    assert "5♥ alone makes 5" in said               # the illegal move: the judge's
    assert "Ana" not in said and "Cy" not in said      # names hidden by default
    miss = next(b for b in teacher.button if b.key and b.label.startswith("~"))
    miss.click().run()
    picked = "\n".join(h.proto.body for h in teacher.get("html") if "ct-marked" in h.proto.body)
    assert 'alt="four of diamonds (selected)"' in picked  # the answer's card, marked
    assert picked.count('class="ct-card ct-marked"') == 1 and "4♦ trails" in texts(teacher)

    click(teacher, "live-next")
    for learner in (ana, bo, cy):
        learner.run()
        assert "Question 2" in texts(learner) and "Pair a card" in texts(learner)
    teacher.run()
    assert "0 of 3 answered" in texts(teacher)


def test_the_most_common_mistake_comes_first() -> None:
    def said(who: int, move: str, verdict: str) -> LiveAnswer:
        return LiveAnswer(who, f"L{who}", move, verdict, "", "why", float(who))

    shown = live.bars([said(1, "a", live.CORRECT), said(2, "a", live.CORRECT),
                       said(3, "a", live.CORRECT), said(4, "b", live.ILLEGAL),
                       said(5, "c", live.MISSED), said(6, "c", live.MISSED)])
    assert [(b.move, b.count) for b in shown] == [("c", 2), ("b", 1), ("a", 3)]


def test_a_learner_cannot_open_teacher_pages_by_menu_or_address(app: AppTest) -> None:
    open_page(app, "learn")
    sign_in(app, "Ana")
    # The menu (the registered pages) has no Classroom for a learner ...
    with pytest.raises(ValueError, match="Could not find a navigation page") as refused:
        app.switch_page("views/classroom.py")
    assert "views/live.py" in str(refused.value) and "classroom.py" not in str(
        refused.value).split("Known pages")[1]
    # ... and the address of it, typed, lands on the Learn page (a browser test opens it).
    app.query_params.clear()
    app.run()
    said = texts(app)
    assert "Class progress" not in said and "Teacher sign-in" not in said
    assert not any(t.label == "Password" for t in app.text_input)
    # a teacher signing in on a shared computer first switches learner: the menu has it
    next(b for b in app.button if b.key == "sign-out").click().run()
    app.switch_page("views/classroom.py").run()
    assert "Teacher sign-in" in texts(app)


def test_the_classroom_page_refuses_a_learner_even_when_run(app: AppTest) -> None:
    """The page's own guard (ui/teacher.py), whatever the menu offers."""
    open_page(app, "learn")
    sign_in(app, "Ana")
    sign_in(open_page(new_app(), "learn"), "Bo")
    page = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "tutorial_app" /
                                 "views" / "classroom.py"), default_timeout=60)
    page.session_state["learner_id"] = 1
    page.session_state["signin.cookie_read"] = True
    page.run()
    said = texts(page)
    assert "This page is for teachers" in said
    assert "Bo" not in said and "Class progress" not in said


def test_a_teacher_signs_in_with_the_password(app: AppTest) -> None:
    app.run()
    app.switch_page("views/classroom.py").run()
    assert "Teacher sign-in" in texts(app)
    app.text_input(key="teacher_name").input("Teacher")
    app.text_input(key="teacher_password").input("wrong-pass")
    next(b for b in app.button if b.label == "Sign in").click().run()
    assert "do not match" in texts(app) and "Class progress" not in texts(app)
    app.text_input(key="teacher_name").input("Teacher")
    app.text_input(key="teacher_password").input("teacher-pass")
    next(b for b in app.button if b.label == "Sign in").click().run()
    assert "Teacher: **Teacher**" in texts(app)


def test_wrong_passwords_make_the_sign_in_wait(app: AppTest,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted in the store, not the session: a fresh session (a new connection) is held
    up just the same (services/guard.py; the lockout itself: tests/services/test_signin.py).
    The first wait is made a minute long, so a slow machine cannot outwait it."""
    key = (guard.TEACHER, guard.ACCOUNT)
    monkeypatch.setitem(guard.POLICIES, key, dataclasses.replace(guard.POLICIES[key],
                                                                 first_wait=60.0))
    app.run()
    app.switch_page("views/classroom.py").run()
    for _ in range(3):
        app.text_input(key="teacher_name").input("Teacher")
        app.text_input(key="teacher_password").input("wrong-pass")
        next(b for b in app.button if b.label == "Sign in").click().run()
    assert "do not match" in texts(app)
    fresh = new_app()
    fresh.run()
    fresh.switch_page("views/classroom.py").run()
    fresh.text_input(key="teacher_name").input("Teacher")
    fresh.text_input(key="teacher_password").input("teacher-pass")  # right, but too soon
    next(b for b in fresh.button if b.label == "Sign in").click().run()
    said = texts(fresh).replace("\\", "")
    assert "Teacher: **Teacher**" not in said and "Too many wrong passwords: wait" in said


def test_nobody_is_offered_a_name_at_sign_in(app: AppTest, db: Path) -> None:
    """A browser that joined a class is offered no classmate after "Switch learner", and a
    stranger's browser nobody at all: the class form asks for the secret pictures."""
    teacher = open_page(app, "classroom")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher, "5B")
    sign_in(open_page(new_app(), "learn"), "Solo")  # a learner in no class
    ana = join(code, "Ana")
    join(code, "Bo")
    ana.switch_page("views/learn.py").run()
    next(b for b in ana.button if b.key == "sign-out").click().run()
    stranger = open_page(new_app(), "learn")
    for browser in (ana, stranger):
        shown = texts(browser) + " ".join(b.label for b in browser.button)
        assert not [b for b in browser.button if b.key and b.key.startswith("as-")]
        assert "Ana" not in shown and "Bo" not in shown and "Solo" not in shown
        assert [box for box in browser.text_input if box.key == "signin_code"]


def test_the_teacher_exports_and_deletes_a_learners_record(app: AppTest, db: Path) -> None:
    teacher = open_page(app, "classroom")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    ana = join(code, "Ana")
    teacher.run()
    exported = [b for b in teacher.get("download_button") if b.proto.label.startswith(
        "Export this learner")]
    assert exported
    assert teacher.button(key="rec-delete").disabled  # not before the tick
    teacher.checkbox(key="rec-sure").check().run()
    click(teacher, "rec-delete")
    with ProgressStore(db) as store:
        assert [x.name for x in store.learners()] == []
    ana.run()  # her own session: signed out, not served from a cached copy
    assert "Learning as **Ana**" not in texts(ana)
    assert any(box.key == "signin_name" for box in ana.text_input)


def test_the_class_progress_shows_the_chosen_class_only(app: AppTest, db: Path) -> None:
    teacher = open_page(app, "classroom")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    sign_in(open_page(new_app(), "learn"), "Solo")  # in no class
    join(code, "Ana")
    teacher.run()
    names = {str(v) for frame in teacher.dataframe for v in frame.value.iloc[:, 0]}
    assert "Ana" in names and "Solo" not in names


def test_a_learner_in_the_sandbox_gets_no_link_to_the_classroom(app: AppTest) -> None:
    open_page(app, "learn")
    sign_in(app, "Ana")
    app.query_params["position"] = "table: 5c 3d; hand: 8s"
    app.switch_page("views/sandbox.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert not [link for link in app.get("page_link") if "classroom" in str(link.proto.page)]
    fresh = open_page(new_app(), "sandbox", position="table: 5c 3d; hand: 8s")
    assert [link for link in fresh.get("page_link") if "classroom" in str(link.proto.page)]


def test_a_closed_question_takes_no_more_answers(app: AppTest, db: Path) -> None:
    teacher = open_page(app, "classroom", puzzle="tp1")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    click(teacher, "live-ask")
    ana = join(code, "Ana")
    answer(ana, "h-4d", action="trail")
    click(teacher, "live-close")
    assert "The question is closed." in texts(teacher)
    ana.run()
    assert ana.button(key="live-capture").disabled and ana.button(key="live-trail").disabled
    assert "Your answer: **4♦ trails**" in texts(ana) and "The question is closed." in texts(ana)


def test_a_join_link_on_a_device_signed_in_elsewhere_offers_to_join(app: AppTest,
                                                                     db: Path) -> None:
    teacher = open_page(app, "classroom")
    teacher.session_state["_db"] = str(db)
    first, second = make_class(teacher, "5A"), make_class(teacher, "5B")
    ana = join(first, "Ana")
    ana.query_params["join"] = second
    ana.switch_page("views/live.py").run()
    assert ana.text_input(key="join_name") is not None
    ana.text_input(key="join_name").input("Bo")
    next(b for b in ana.button if b.label == "Join").click().run()
    assert let_in(second) == ["Bo"]
    ana.run()
    assert "Learning as **Bo**" in texts(ana)


def test_a_join_link_guessed_by_a_signed_in_learner_is_counted_and_locked(
        app: AppTest, db: Path) -> None:
    """Which class a link's code opens shows on the page (its join form, or the
    learner's own question), so a code tried by link counts against the address as a
    typed one does; once the address is locked, even a right code is refused, saying
    so. The learner's own class's link is no guess and always opens."""
    teacher = open_page(app, "classroom")
    teacher.session_state["_db"] = str(db)
    mine, other = make_class(teacher, "5A"), make_class(teacher, "5B")
    ana = join(mine, "Ana")
    for _ in range(2):  # the page reruns on every click: the code is counted once
        ana.query_params["join"] = "ZZZZZZ"
        ana.switch_page("views/live.py").run()
        assert "No class has this code" in texts(ana)
        assert "join_name" not in [box.key for box in ana.text_input]  # no join form
    with ProgressStore(db) as store:
        counted = guard.Guard(store).limit(guard.JOIN, guard.ADDRESS, guard.LOCAL)
        assert counted is not None and counted.failures == 1
        now = [counted.last_failure]  # a patient guesser's wrong codes, each wait waited
        limits = guard.Guard(store, clock=lambda: now[0])
        while not counted.locked(time.time()):
            found = limits.begin(guard.JOIN, None, guard.LOCAL)
            if isinstance(found, guard.Attempt):
                limits.failed(found, "test")
            now[0] += guard.MAX_WAIT + 1
            counted = limits.limit(guard.JOIN, guard.ADDRESS, guard.LOCAL) or counted
    ana.query_params["join"] = other  # a right code, from a locked address
    ana.switch_page("views/live.py").run()
    assert "locked" in texts(ana)
    assert "join_name" not in [box.key for box in ana.text_input]  # no sign of it
    ana.query_params["join"] = mine  # her own class's link is no guess
    ana.switch_page("views/live.py").run()
    assert "locked" not in texts(ana) and "Waiting for the teacher of 5A" in texts(ana)


def test_a_learner_joining_while_a_question_is_up_lands_on_it(app: AppTest, db: Path) -> None:
    """Typing the class's code on the welcome screen (no link) while a question is up
    lands on the question; on the other pages a banner one tap from it, in the page
    itself (a phone's sidebar is folded away)."""
    teacher = open_page(app, "classroom", puzzle="tp2")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    click(teacher, "live-ask")

    cy = open_page(new_app(), "learn")
    cy.text_input(key="join_code").input(code)
    cy.text_input(key="join_name").input("Cy")
    next(b for b in cy.button if b.label == "Join").click().run()
    assert let_in(code) == ["Cy"]
    cy.run()
    assert not cy.exception, [e.value for e in cy.exception]
    assert "Question 1" in texts(cy) and "Pair a card" in texts(cy)  # the question

    cy.switch_page("views/learn.py").run()  # she may leave it: a banner leads back
    assert "Your lessons" in texts(cy)
    links = [str(link.proto.label) for link in cy.get("page_link")]
    assert any("question 1 up: answer it now" in label for label in links), links
    assert not [link for link in cy.sidebar.get("page_link") if "question" in
                str(link.proto.label)]
    answer(open_page(cy, "live"), "h-5s", "t-5d", action="capture")
    cy.switch_page("views/puzzles.py").run()
    links = [str(link.proto.label) for link in cy.get("page_link")]
    assert any("you have answered" in label for label in links), links

    click(teacher, "live-end")
    cy.switch_page("views/learn.py").run()
    assert not [link for link in cy.get("page_link") if "question" in str(link.proto.label)]


def test_the_projector_comes_back_after_a_reload(app: AppTest, db: Path) -> None:
    """A reload is a new session: projector mode, the class and the step on the screen
    come back from the store, and the table shows the live question the phones show."""
    teacher = open_page(app, "classroom", lesson="basics", step="pair")
    teacher.session_state["_db"] = str(db)
    make_class(teacher, "5A")
    make_class(teacher, "5B")
    first = next(c for c in rooms_of(teacher) if c.name == "5A")
    teacher.selectbox(key="class.class_id").set_value(first.id).run()
    teacher.toggle(key="class.projector").set_value(True).run()
    click(teacher, "live-ask")
    assert "Capture the 7♥" in texts(teacher)

    again = open_page(new_app(), "classroom")  # the address bar lost on the way
    assert again.toggle(key="class.projector").value is True
    assert again.selectbox(key="class.class_id").value == first.id
    assert "Capture the 7♥" in texts(again)
    assert again.query_params["step"] in ("pair", ["pair"])  # and the address bar too
    assert "0 of 0 answered" in texts(again)  # the live question, still up


TEACHER_ONLY = ("Learners and secrets", "Joining the class", "Records (export, delete)", "Homework",
                "Skill map of the class", "Wrong tries and lockouts",
                "Your signed-in devices", "Class progress")


def everything_drawn(at: AppTest) -> str:
    """All the page draws, folded or not: texts, the parts' titles, the tables' cells
    and the choices of every drop-down list."""
    parts = [texts(at), *(str(e.label) for e in at.expander)]
    for table in at.dataframe:
        parts.append(table.value.to_csv())
    for box in at.selectbox:
        parts.extend(str(option) for option in box.options)
    return "\n".join(parts)


def test_projector_mode_draws_nothing_only_the_teacher_may_see(app: AppTest, db: Path
                                                               ) -> None:
    """The projected page is on the wall: no learner's name or secret picture, no
    records, wrong tries, devices or reports, not even folded; turning projector mode
    off brings them back."""
    teacher = open_page(app, "classroom", puzzle="tp1")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    join(code, "Ananias")
    teacher.run()
    teacher.toggle(key="signin-show-secrets").set_value(True).run()
    drawn = everything_drawn(teacher)
    assert "Ananias" in drawn  # the teacher's own view names the learner
    assert all(title in drawn for title in TEACHER_ONLY), drawn

    teacher.toggle(key="class.projector").set_value(True).run()
    assert not teacher.exception, [e.value for e in teacher.exception]
    drawn = everything_drawn(teacher)
    assert "Ananias" not in drawn
    assert not [title for title in TEACHER_ONLY if title in drawn], drawn
    assert not [x for x in teacher.toggle if x.key == "signin-show-secrets"]
    assert "Take as many cards" in texts(teacher)  # the puzzle is still on the screen
    assert "Turn it off to see them" in texts(teacher)

    teacher.toggle(key="class.projector").set_value(False).run()
    assert "Ananias" in everything_drawn(teacher)


def test_the_ask_button_says_what_it_will_do_while_a_question_is_up(app: AppTest, db: Path
                                                                    ) -> None:
    """No question up: "Ask the class this", the main button. The same question up:
    nothing to ask, and a line says so. Another puzzle on the screen: "Ask this
    instead", no longer the main button, and asking it replaces the question."""
    teacher = open_page(app, "classroom", puzzle="tp1")
    teacher.session_state["_db"] = str(db)
    make_class(teacher)
    ask = teacher.button(key="live-ask")
    assert (ask.label, ask.proto.type, ask.disabled) == ("Ask the class this (live)",
                                                        "primary", False)
    click(teacher, "live-ask")
    ask = teacher.button(key="live-ask")
    assert ask.disabled and ask.proto.type != "primary", ask.label
    assert "This is the question up now" in texts(teacher)

    teacher.selectbox(key="class.puzzle").set_value("tp2").run()
    ask = teacher.button(key="live-ask")
    assert (ask.label, ask.proto.type, ask.disabled) == ("Ask this instead", "secondary",
                                                        False)
    assert "in its place" in texts(teacher)
    click(teacher, "live-ask")
    assert teacher.button(key="live-ask").disabled  # the new one is up now
    state = rooms_state(teacher)
    assert state is not None and state.question == 2 and state.ref == "tp2"


def rooms_state(at: AppTest) -> LiveState | None:
    with ProgressStore(Path(at.session_state["_db"])) as store:
        rooms = ClassStore(store)
        return rooms.live_state(rooms.classes_of(1)[0].id)
