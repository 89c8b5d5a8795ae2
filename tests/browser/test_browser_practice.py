"""Practice in Chromium, on the real lessons: a class learner misses a sum twice in the
sums lesson, opens Practice and is given a task on sums with the reason said; the
teacher's class skill map shows the gap and the wrong tries' reason with an example.
With UPDATE_SCREENSHOTS=1 the two screens are kept as docs/screenshots/practice-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserpage import DESKTOP, new_page, press, release, remembered, select, teacher_sign_in
from browserserver import TEACHER, Server, lessons_of
from journeys import Screen, pictures
from playwright.sync_api import expect

from tutorial_app.flows import practice
from tutorial_app.services.classes import ClassStore, first_teacher_from_environment
from tutorial_app.services.store import ProgressStore


def _class_learner(server: Server, name: str) -> str:
    """A class of the server's teacher with one learner; the learner's login card key."""
    store = ProgressStore(server.db)
    try:
        first_teacher_from_environment(store, {"CASSINO_TEACHER": TEACHER[0],
                                               "CASSINO_TEACHER_PASSWORD": TEACHER[1]})
        rooms = ClassStore(store)
        teacher = rooms.teacher_password_ok(*TEACHER)
        assert teacher is not None
        room = rooms.create_class(teacher.id, "5B")
        rooms.add_learners(room.id, [name])
        learner = rooms.member_named(room.id, name)
        assert learner is not None
        secret = rooms.secret_of(learner.id)
        assert secret is not None
        return secret.card_key
    finally:
        store.close()


def test_a_missed_sum_comes_back_in_practice_and_on_the_class_map(
        real_server: Server, browser: Any, tmp_path: Path) -> None:
    key = _class_learner(real_server, "Wren")
    real_server.unlock("Wren", "sums", "first-sum")
    folder = pictures(tmp_path)
    learner = Screen(new_page(browser, DESKTOP), "en")
    page = learner.page
    try:
        page.goto(f"{real_server.url}/?card={key}")
        expect(page.get_by_text("Learning as Wren")).to_be_visible()
        remembered(page)  # signed in for good once the cookie route has set it
        page.goto(f"{real_server.url}/?lesson=sums&step=first-sum")
        error = page.get_by_test_id("stAlertContentError")
        for _ in range(2):  # two wrong sums: 2♣ cannot take 3♦
            select(page, "two of clubs", "three of diamonds")
            press(page, page.get_by_role("button", name="Capture"))
            expect(error).to_contain_text("3♦ alone makes 3")
            press(page, page.get_by_role("button", name="Start again"))
        page.goto(f"{real_server.url}/practice")
        learner.settle()
        why = "This week you have made 2 wrong tries on “Sums”."
        pick = page.locator('[class*="st-key-practice-pick-"]').filter(has_text=why).first
        expect(pick).to_be_visible()
        course = lessons_of(None)
        on_sums = {practice.task_title(course, x) for x in practice.tasks_of(course)
                   if "sums" in x.skills}
        title = pick.locator("strong").first.inner_text()
        assert title in on_sums, title
        expect(pick.get_by_role("link", name="Open this task")).to_be_visible()
        skills = page.locator('[class*="st-key-practice-map"]')
        expect(skills.get_by_role("row").filter(has_text="Sums").first).to_contain_text(
            "Learning")
        learner.snap(folder, "practice-learner")
        # the task opens from its link, on the board
        press(page, pick.get_by_role("link", name="Open this task"))
        expect(page.locator('[class*="st-key-hand-"]').first).to_be_visible()
    finally:
        release(page)

    teacher = Screen(new_page(browser, DESKTOP), "en")
    page = teacher.page
    try:
        page.goto(f"{real_server.url}/classroom")
        teacher_sign_in(page)
        press(page, page.get_by_text("Skill map of the class"))
        press(page, page.get_by_text("Show the map (it names the learners"))
        grid = page.locator('[class*="st-key-class-skill-map"]')
        header = grid.get_by_role("columnheader")
        expect(header.filter(has_text="Sums").first).to_be_visible()
        names = [x.strip() for x in header.all_inner_texts()]
        row = grid.get_by_role("row").filter(has_text="Wren").first
        cells = [x.strip() for x in row.get_by_role("cell").all_inner_texts()]
        offset = len(names) - len(cells)  # a first header over the row numbers, if any
        assert cells[names.index("Sums") - offset] == "Learning"
        assert cells[names.index("Scoring") - offset] == "Not seen"
        reasons = page.locator('[class*="st-key-class-reasons"]')
        expect(reasons).to_contain_text("The cards do not add up")
        expect(reasons).to_contain_text("“The cards do not add up”: 2 wrong tries this week")
        expect(reasons).to_contain_text("Wren played")
        press(page, reasons.get_by_text("The example's position"))  # the task's own table
        expect(reasons.get_by_role("img", name="two of clubs").first).to_be_visible()
        expect(page.get_by_role("button", name="Assign practice on “Sums” as homework")
               ).to_be_visible()
        teacher.snap(folder, "practice-teacher")
        press(page, page.get_by_role("button", name="Assign practice on “Sums” as homework"))
        expect(page.get_by_text("Homework set: “Practice: Sums”.")).to_be_visible()
    finally:
        release(page)
