"""The teacher's class table (tutorial_app.class_report) and the Classroom page
showing it: built from the real store and a small course."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from apphelpers import FIXTURES, new_app, open_page, sign_in
from streamlit.testing.v1 import AppTest

from tutorial_app import config
from tutorial_app.course import load_course
from tutorial_app.flows.class_report import (
    CSV_COLUMNS,
    ClassRow,
    ago,
    class_rows,
    csv_headers,
    table,
    to_csv,
)
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore


def test_rows_say_how_far_each_learner_is(store: ProgressStore) -> None:
    course = load_course(FIXTURES / "course")
    lessons = list(course.lessons)
    ana, bo = store.learner("Ana"), store.learner("Bo")
    store.learner("Cy")  # signed in once, did nothing yet
    store.record_step(ana.id, "basics", "pair", 3)
    store.complete_lesson(ana.id, "basics", 2)
    store.record_puzzle(ana.id, course.puzzles[0].id, 1, True, False)
    store.record_step(bo.id, "basics", "pair", 1)
    everyone = {x.id for x in store.learners()}
    rows = {row.name: row for row in class_rows(lessons, store, everyone)}
    assert rows["Ana"].finished == 1 and rows["Ana"].lessons == len(lessons)
    assert rows["Ana"].stars == 2 and rows["Ana"].puzzles_solved == 1
    assert rows["Ana"].now_on == "Test sums"  # basics done opens the next lesson
    assert rows["Ana"].rating != rows["Cy"].rating  # the rated puzzle moved it
    assert rows["Bo"].finished == 0 and rows["Bo"].now_on == "Test basics"
    assert rows["Cy"].last_active is None and rows["Bo"].last_active is not None
    order = [row.name for row in class_rows(lessons, store, everyone)]
    assert order[-1] == "Cy"  # never active: last


def test_every_lesson_done_has_no_current_lesson(store: ProgressStore) -> None:
    lessons = list(load_course(FIXTURES / "course").lessons)
    ana = store.learner("Ana")
    for lesson in lessons:
        store.complete_lesson(ana.id, lesson.id, 3)
    (row,) = class_rows(lessons, store, {ana.id})
    assert row.now_on is None and row.finished == len(lessons) == row.lessons


def test_the_class_table_as_csv_reads_back_and_defuses_formulas(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In English (the run's language): `,`, headers in words, the last activity on the
    school's clock (CASSINO_TIME_ZONE)."""
    monkeypatch.setenv(config.TIME_ZONE_VARIABLE, "Europe/London")
    rows = [ClassRow("Ana", 3, 20, 7, "Pairing", 12, 1234.6, 1_700_000_000.0),
            ClassRow("=HYPERLINK(\"x\")", 0, 20, 0, None, 0, 1200.0, None),
            ClassRow("Bo, \"the\" second", 20, 20, 55, None, 300, 1500.0, 0.0)]
    read = list(csv.reader(io.StringIO(to_csv(rows).removeprefix("\ufeff"))))
    assert len(read[0]) == len(CSV_COLUMNS) and len(read) == 4
    assert read[0] == list(csv_headers()) and read[0][0] == "Learner"
    assert read[0][-1] == "Last active (Europe/London)"
    assert read[1] == ["Ana", "3", "20", "7", "Pairing", "12", "0", "0", "1235",
                       "11/14/2023 10:13 PM"]
    assert read[2][0] == "'=HYPERLINK(\"x\")" and read[2][4] == "every lesson done"
    assert read[2][9] == "" and read[3][9] == "1/1/1970 1:00 AM"  # London was on BST
    assert read[3][0] == "Bo, \"the\" second"  # quoting keeps commas and quotes whole


def test_every_kind_of_try_counts_as_activity(store: ProgressStore) -> None:
    """A learner who has only answered a live question, or only tried a homework puzzle
    without solving it, was "not yet" active before: the attempt log counts."""
    lessons = list(load_course(FIXTURES / "course").lessons)
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    bo, _ = rooms.join(room.code, "Bo")
    rooms.join(room.code, "Cy")
    state = rooms.put_question(room.id, "puzzle", "tp2")
    assert rooms.answer(room.id, state.question, ana.id, "5s x 5d", "correct", "", "")
    store.record_attempt(bo.id, "puzzle", "tp1", "4d t", "missed", "")  # homework, unsolved
    store.record_attempt(bo.id, "step", "basics/pair", "7s x 3c", "not-allowed", "wrong-sum")
    only = {x.id for x in rooms.members(room.id)}
    rows = {row.name: row for row in class_rows(lessons, store, only)}
    assert (rows["Ana"].tries, rows["Ana"].live_answers) == (1, 1)
    assert (rows["Bo"].tries, rows["Bo"].live_answers) == (2, 0)
    assert rows["Ana"].last_active is not None and rows["Bo"].last_active is not None
    assert rows["Cy"].last_active is None and rows["Cy"].tries == 0  # joined, no try yet
    cells = table(list(rows.values()))
    said = dict(zip(cells["learner"], zip(cells["tries"], cells["active"], strict=True),
                    strict=True))
    assert said["Ana"] == ("1 (1 live answer)", "just now")
    assert said["Bo"] == ("2", "just now") and said["Cy"] == ("0", "not yet")
    read = list(csv.reader(io.StringIO(to_csv(list(rows.values())).removeprefix("\ufeff"))))
    by_name = {line[0]: dict(zip(CSV_COLUMNS, line, strict=True)) for line in read[1:]}
    assert by_name["Ana"]["tries"] == "1" and by_name["Ana"]["live_answers"] == "1"
    assert by_name["Ana"]["last_active"] != ""


def test_ago_reads_like_a_person_would_say_it() -> None:
    now = 1_000_000.0
    assert ago(None, now) == "not yet"
    assert ago(now - 20, now) == "just now"
    assert ago(now - 5 * 60, now) == "5 min ago"
    assert ago(now - 3 * 3600 - 10, now) == "3 h ago"
    assert ago(now - 30 * 3600, now) == "yesterday"
    assert ago(now - 5 * 86400, now) == "5 days ago"
    assert ago(now + 50, now) == "just now"  # a clock a little ahead is not the future


def test_nobody_is_in_the_report_of_no_class(store: ProgressStore) -> None:
    """A teacher without a class: no learner of the server in the rows or the CSV."""
    lessons = list(load_course(FIXTURES / "course").lessons)
    store.record_step(store.learner("Ana").id, "basics", "pair", 3)
    assert class_rows(lessons, store, None) == [] and class_rows(lessons, store, set()) == []
    assert "Ana" not in to_csv(class_rows(lessons, store, None))


def test_the_classroom_page_shows_the_class(app: AppTest, db: Path) -> None:
    open_page(app, "classroom")
    again = new_app()
    open_page(again, "learn")
    sign_in(again, "Dora")
    open_page(app, "classroom")  # no class yet: Dora, in no class, is not listed
    assert "Make a class" in " ".join(i.value for i in app.info) and not app.dataframe
    with ProgressStore(db) as store:
        rooms = ClassStore(store)
        room = rooms.create_class(1, "5B")
        rooms.join(room.code, "Edu")
        store.record_step(store.learner("Dora").id, "basics", "pair", 3)
    open_page(app, "classroom")
    (frame,) = app.dataframe
    table = frame.value
    assert list(table["Learner"]) == ["Edu"]
    assert table["Lessons finished"][0] == "0 / 2" and table["Now on"][0] == "Test basics"
    assert table["Last active"][0] == "not yet"
    assert [b for b in app.get("download_button") if "Download as CSV" in b.proto.label]
