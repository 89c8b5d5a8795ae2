"""Classroom, Rules, every page rendering, broken lesson files, and safety: no HTML
or script from a lesson file or a link ever reaches the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apphelpers import PAGES, click, new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from engine.settings import SETTING
from tutorial_app.course import Course
from tutorial_app.services.signin import SignIn
from tutorial_app.services.store import ProgressStore
from tutorial_app.ui.phone_menu import PHONE_MENU_SCRIPT
from tutorial_app.ui.session import SCROLL_TOP_SCRIPT
from tutorial_app.ui.steady_taps import STEADY_TAPS_SCRIPT


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_renders(app: AppTest, page: str) -> None:
    open_page(app, page)
    assert not app.exception


def test_every_page_renders_with_the_real_lessons(env: None,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CASSINO_LESSONS")
    at = new_app()
    for page in PAGES:
        open_page(at, page)


def test_practice_offers_a_set_and_the_skill_map_to_a_signed_in_learner(app: AppTest,
                                                                        db: Path) -> None:
    open_page(app, "practice")
    assert "Welcome! Who is learning?" in texts(app)  # nobody signed in: the welcome
    sign_in(app)
    open_page(app, "practice")
    said = texts(app).replace("\\", "")
    assert "Your first set comes with the first scored exercises." in said  # not begun
    with ProgressStore(db) as store:  # she has begun the first lesson
        store.record_step(store.learner("Ana").id, "basics", "pair", 3)
    open_page(app, "practice")
    said = texts(app).replace("\\", "")  # as read, without Markdown's escapes
    assert "Today's set" in said and "Your skills" in said
    assert "Something new: a first task on “Pairing”." in said
    assert any(x.proto.label == "Open this task" for x in app.get("page_link"))


def test_practice_says_when_the_day_is_done_and_offers_more(app: AppTest, db: Path,
                                                            course_dir: Path) -> None:
    from tutorial_app.course import load_course
    from tutorial_app.course.practice.plan import SET_SIZE
    from tutorial_app.flows import practice

    open_page(app, "practice")
    sign_in(app)
    course = load_course(course_dir)
    with ProgressStore(db) as store:
        learner = store.learner("Ana")
        tasks = practice.tasks_of(course)
        assert len(tasks) >= SET_SIZE
        for task in tasks[:SET_SIZE]:
            store.record_attempt(learner.id, task.kind, task.ref, "5h", "correct", "legal")
    open_page(app, "practice")
    said = texts(app)
    assert f"Done for today: you solved {SET_SIZE} tasks." in said
    assert not any(x.proto.label == "Open this task" for x in app.get("page_link"))
    app.toggle(key="practice-more").set_value(True).run()
    assert any(x.proto.label == "Open this task" for x in app.get("page_link"))


def test_classroom_reveals_the_answer_and_all_legal_moves_and_records_nothing(
        app: AppTest, db: Path) -> None:
    open_page(app, "classroom")
    assert "Classroom" in texts(app)
    click(app, "class-next")  # the play step of the test lesson
    assert "Capture the 7♥." in texts(app)
    assert any(b.key == "cbbig-class-h-7s" for b in app.button)  # large cards
    app.toggle(key="class.reveal").set_value(True).run()
    assert "7♠ takes 7♥" in texts(app)
    assert "7s x 7h" not in texts(app)  # the room reads words, not the notation
    app.toggle(key="class.moves").set_value(True).run()
    assert "All legal moves (" in texts(app)
    click(app, "cbbig-class-h-7s")
    click(app, "cbbig-class-t-3c")
    click(app, "class-capture")
    assert app.error
    app.radio(key="class.mode").set_value("puzzle").run()
    assert not app.exception
    assert ProgressStore(db).learners() == []

    def hides_the_menu() -> bool:  # the projector's CSS (the phone menu's script names it too)
        return any("stSidebar" in str(h.proto.body) and str(h.proto.body) != PHONE_MENU_SCRIPT
                   for h in app.get("html"))

    assert not hides_the_menu()
    app.toggle(key="class.projector").set_value(True).run()
    assert hides_the_menu()  # projector mode: the page alone
    app.toggle(key="class.projector").set_value(False).run()
    assert not hides_the_menu()


def test_classroom_shows_a_typed_position_and_plays_its_moves(app: AppTest, db: Path) -> None:
    open_page(app, "classroom")
    assert "lesson" in app.query_params
    app.radio(key="class.mode").set_value("position").run()
    assert "Type a position above" in texts(app)
    assert "lesson" not in app.query_params  # the link no longer opens the lesson
    app.text_input(key="class.position_text").input("table: 5c 9x; hand: 8s").run()
    assert "The position you typed cannot be read" in texts(app) and not app.exception
    app.text_input(key="class.position_text").input("table: 5c 3d 9h; hand: 8s 3h").run()
    assert {"cbbig-class-h-8s", "cbbig-class-t-5c"} <= {b.key for b in app.button}
    assert app.query_params["position"] == "table: 3d 5c 9h; hand: 3h 8s"
    for key in ("cbbig-class-h-8s", "cbbig-class-t-5c", "class-capture"):
        click(app, key)
    assert "5♣ alone makes 5; 8♠ takes cards that add up to 8" in texts(app)  # the judge's words
    assert not any(b.key == "class-play" for b in app.button)  # nothing to play
    for key in ("class-clear", "cbbig-class-h-8s", "cbbig-class-t-5c", "cbbig-class-t-3d",
                "class-capture"):
        click(app, key)
    assert app.success
    click(app, "class-play")  # the class sees what follows
    keys = {b.key for b in app.button}
    assert "cbbig-class-t-9h" in keys and "cbbig-class-t-5c" not in keys
    assert "cbbig-class-h-3h" in keys and "cbbig-class-h-8s" not in keys
    assert app.query_params["position"] == "table: 9h; hand: 3h"
    assert app.text_input(key="class.position_text").value == "table: 9h; hand: 3h"
    click(app, "class-restart")
    assert "cbbig-class-t-5c" in {b.key for b in app.button}
    assert ProgressStore(db).learners() == []  # nothing recorded


def test_a_position_link_opens_in_the_classroom(app: AppTest) -> None:
    open_page(app, "classroom", position="table: 5c; hand: 5h; players: 3; rules: royal; last")
    assert app.radio(key="class.mode").value == "position"
    assert "3 players · Royal Cassino · Last play of the hand" in texts(app)
    app.toggle(key="class.advice").set_value(True).run()  # the class asks the computer
    assert "The computer would play: **5♥ takes 5♣**" in texts(app).replace("\\", "")
    assert "It is the last play of the hand" in texts(app)
    assert "cbbig-class-h-5h" in {b.key for b in app.button}
    bad = open_page(new_app(), "classroom", position="table: 5c; hand: 5c")
    assert "The position in the link is impossible" in texts(bad)


def test_the_teacher_can_close_sign_in_by_name_alone(env: None, db: Path) -> None:
    ana = ProgressStore(db).learner("Ana")
    before = open_page(new_app(), "learn")
    assert [b.key for b in before.text_input if b.key == "signin_name"]
    assert not [b for b in before.button if (b.key or "").startswith("as-")]  # no names
    assert "Ana" not in texts(before)
    teacher = open_page(new_app(), "classroom")
    assert teacher.toggle(key="class.names_shown").value is True
    teacher.toggle(key="class.names_shown").set_value(False).run()
    assert not ProgressStore(db).names_on_welcome()
    after = open_page(new_app(), "learn")
    assert not [b for b in after.text_input if b.key == "signin_name"]  # class sign-in only
    assert [b for b in after.text_input if b.key == "signin_code"]
    assert SignIn(ProgressStore(db), {}).sign_in_by_name("ana") is None
    teacher = open_page(new_app(), "classroom")
    assert teacher.toggle(key="class.names_shown").value is False
    teacher.toggle(key="class.names_shown").set_value(True).run()
    again = open_page(new_app(), "learn")
    sign_in(again, "ana")  # open again: typing the name finds Ana's progress
    assert f"Learning as **{ana.name}**" in texts(again)


def test_rules_page_explains_every_setting(app: AppTest) -> None:
    open_page(app, "rules")
    presets, settings = (table.value for table in app.dataframe)
    assert set(settings["Setting"]) == set(SETTING)
    assert "royal" in set(presets["Preset"])


def test_a_broken_lesson_file_is_named_and_the_rest_still_works(app: AppTest,
                                                                course_dir: Path) -> None:
    (course_dir / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    (course_dir / "wrong.yaml").write_text(
        "id: wrong\ntitle: Wrong\nsummary: x\nrules: classic\nsteps:\n"
        "  - id: a\n    kind: play\n    position: 'table: 7h; hand: 7s'\n"
        "    prompt: x\n    goal: {capture: [9h]}\n    colour: red\n", encoding="utf-8")
    open_page(app, "learn")
    problems = "\n".join(e.value for e in app.error).replace("\\", "")
    assert "broken.yaml" in problems and "wrong.yaml" in problems
    sign_in(app)
    assert "Test basics" in texts(app)
    click(app, "open-basics")
    assert not app.exception


EVIL = "<script>alert('x')</script><img src=x onerror=alert(1)>"


# The one script the app writes itself: it posts a one-time ticket (or a "clear") to the
# cookie route, which sets the HttpOnly cookie that remembers the learner.
OWN_SCRIPT = re.compile(r'<script>fetch\("/_cassino/cookie", \{method: \'POST\', credentials: '
                        r"'same-origin', headers: \{\"X-Cassino-Cookie\": '1', 'Content-Type': "
                        r"'text/plain'\}, body: \"(ticket=[A-Za-z0-9_-]+|clear=cassino_"
                        r'(device|teacher))"\}\);</script>')


def unsafe_outputs(at: AppTest) -> list[str]:
    """Everything emitted as raw HTML: st.html bodies and markdown allowed to hold HTML
    (except the app's own scripts: the cookie script, matched exactly, and the steady
    taps, scroll-to-top and phone menu scripts, equal to their constants)."""
    found = [str(h.proto.body) for h in at.get("html")
             if not OWN_SCRIPT.fullmatch(str(h.proto.body))
             and str(h.proto.body) not in (STEADY_TAPS_SCRIPT, SCROLL_TOP_SCRIPT,
                                           PHONE_MENU_SCRIPT)]
    found += [m.value for m in at.markdown if m.proto.allow_html]
    return found


def test_a_lesson_that_tries_to_inject_html_is_shown_as_text(app: AppTest,
                                                              course_dir: Path) -> None:
    (course_dir / "evil.yaml").write_text(
        'id: evil\ntitle: "Evil <b>title</b>"\nsummary: "<i>sum</i> [x](javascript:alert(1))"\n'
        "rules: classic\nsteps:\n"
        f'  - id: read\n    kind: read\n    text: "{EVIL} ![p](http://example.com/p.png)"\n'
        f'    position: "table: 7h; hand: 7s"\n'
        f'  - id: play\n    kind: play\n    position: "table: 7h; hand: 7s 3d"\n'
        f'    prompt: "{EVIL}"\n    goal: {{capture: [7h]}}\n    success: "{EVIL}"\n',
        encoding="utf-8")
    open_page(app, "learn", lesson="evil", step="read")
    sign_in(app)
    for chunk in unsafe_outputs(app):
        assert "<script" not in chunk and "onerror" not in chunk and "javascript:" not in chunk
    shown = texts(app)
    assert "&lt;script&gt;" in shown and "<script" not in shown
    assert "](http" not in shown
    click(app, "step-next")
    click(app, "cb-learn-h-7s")
    click(app, "cb-learn-t-7h")
    click(app, "learn-capture")
    for chunk in unsafe_outputs(app):
        assert "<script" not in chunk and "onerror" not in chunk
    assert "<script" not in texts(app)
    click(app, "to-path")
    for chunk in unsafe_outputs(app):
        assert "<i>" not in chunk and "javascript:" not in chunk


def test_links_that_try_to_inject_html_are_shown_as_text(app: AppTest) -> None:
    for page, params in (("learn", {"lesson": EVIL, "step": EVIL}),
                         ("puzzles", {"puzzle": EVIL}),
                         ("sandbox", {"position": f"table: 7h; hand: 7s {EVIL}"}),
                         ("sandbox", {"position": "table: 7h; hand: 7s", "moves": EVIL})):
        open_page(app, page, **params)
        for chunk in unsafe_outputs(app):
            assert "<script" not in chunk and "onerror" not in chunk
        assert "<script" not in texts(app)


def test_learner_names_are_shown_as_text(app: AppTest) -> None:
    open_page(app, "learn")
    sign_in(app, "<b>Bo</b> [x](javascript:1)")
    assert "<b>" not in texts(app)
    for chunk in unsafe_outputs(app):
        assert "<b>Bo" not in chunk


def test_the_four_colour_deck(app: AppTest) -> None:
    open_page(app, "sandbox", position="table: 5d 5c; hand: 5h")
    bodies = "".join(str(h.proto.body) for h in app.get("html"))
    app.toggle(key="four_colour").set_value(True).run()
    four = "".join(str(h.proto.body) for h in app.get("html"))
    assert bodies != four  # the diamonds and clubs are drawn again, in blue and green


def test_every_real_lesson_step_and_a_sample_of_puzzles_open(
        env: None, db: Path, monkeypatch: pytest.MonkeyPatch, shipped: Course) -> None:
    """Smoke test over the real course: each lesson step and every 10th puzzle renders
    (for a learner who finished every lesson: a locked lesson does not open by link)."""
    from tutorial_app.services.store import ProgressStore

    monkeypatch.delenv("CASSINO_LESSONS")
    course = shipped
    store = ProgressStore(db)
    learner = store.learner("Ana")
    for lesson in course.lessons:
        store.complete_lesson(learner.id, lesson.id, 3)
    at = new_app()
    open_page(at, "learn")
    sign_in(at, "Ana")
    for lesson in course.lessons:
        for step in lesson.steps:
            at.query_params.clear()
            at.query_params.update({"lesson": lesson.id, "step": step.id})
            at.run()
            assert not at.exception, (lesson.id, step.id, [e.value for e in at.exception])
            assert at.session_state["learn.lesson"] == lesson.id
    at.switch_page("views/puzzles.py")
    for puzzle in course.puzzles[::10]:
        at.query_params.clear()
        at.query_params.update({"puzzle": puzzle.id})
        at.run()
        assert not at.exception, (puzzle.id, [e.value for e in at.exception])
        assert at.session_state["puzzles.current"] == puzzle.id
