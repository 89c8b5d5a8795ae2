"""The Classroom's and the Class question page's panels as controllers (issue 33): the
live question, homework, the class's practice and its records are driven click by click
with a dict for the session and a real store, as the learner pages' controllers are, and
each `screen()` says what the panel draws (ui/ only draws it)."""

from __future__ import annotations

from typing import Any

import pytest
from apphelpers import FIXTURES

from engine import parse_attempt
from tutorial_app.course import Course, load_course
from tutorial_app.flows import live
from tutorial_app.flows.class_practice_page import ClassPracticeController
from tutorial_app.flows.classroom import ClassroomController
from tutorial_app.flows.homework_page import LESSON, PUZZLES, HomeworkController, LearnerHomework
from tutorial_app.flows.live_page import MARKS, ClassPicker, LearnerLive, LiveController
from tutorial_app.flows.records_page import RecordsController
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore
from tutorial_app.words.i18n import t


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


def _no_link(code: str) -> tuple[int | None, str | None]:
    raise AssertionError(f"no join link on this page, yet {code} was looked up")


def test_a_live_question_asked_answered_and_shown(course: Course, store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    memory: dict[str, Any] = {}
    classroom = ClassroomController(memory, course, store, {}, teacher_id=teacher.id,
                                    rooms=rooms)
    picker = ClassPicker(rooms, teacher.id, memory, classroom)
    assert picker.classes() == {} and picker.chosen() is None
    assert picker.create("") is not None  # refused, in words
    assert picker.create("5B") is None
    room = picker.chosen()
    assert room is not None and picker.classes() == {room.id: "5B"}
    ana, _ = rooms.join(room.code, "Ana")

    ctl = LiveController(rooms, room, classroom, memory)
    before = ctl.screen()
    assert not before.active and before.code == room.code
    ctl.ask((live.LESSON, "basics/pair"))
    assert ctl.screen().active and ctl.screen().open and not ctl.screen().shown

    phone: dict[str, Any] = {}
    learner = LearnerLive(rooms, course, ana, phone)
    drawn = learner.screen(None, _no_link)
    assert not drawn.join and drawn.asked is not None and drawn.question == 1
    assert drawn.mine is None
    learner.answer(drawn, parse_attempt("7s x 3c"))
    mine = learner.screen(None, _no_link).mine
    assert mine is not None and "3♣" in mine.move and mine.reason

    count = ctl.projector(course)
    assert count is not None and (count.answered, count.members) == (1, 1)
    assert count.bars == ()  # answers hidden until shown
    ctl.show_answers(True)
    shown = ctl.projector(course)
    assert shown is not None and len(shown.bars) == 1
    bar = shown.bars[0]
    assert bar.label.startswith(MARKS[live.ILLEGAL]) and bar.share == 1.0 and bar.reason
    assert bar.names == ""  # names only when the teacher asks
    ctl.pick(bar.move)
    picked = ctl.projector(course)
    assert picked is not None and picked.picked is not None
    assert picked.picked.mark == MARKS[live.ILLEGAL]

    ctl.open_question(False)  # closed: a late answer is refused and said so
    late = learner.screen(None, _no_link)
    learner.answer(late, parse_attempt("7s x 7h"))
    assert learner.screen(None, _no_link).refused
    assert not learner.moved(room.id, learner.screen(None, _no_link).signature)
    ctl.end()
    assert learner.moved(room.id, late.signature)
    assert learner.screen(None, _no_link).asked is None  # waiting again


def test_homework_assigned_reported_and_listed(course: Course, store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    ctl = HomeworkController(rooms, course, room)
    choices = ctl.choices()
    assert set(choices.lessons) == {x.id for x in course.lessons}
    assert set(choices.puzzles) == {p.id for p in course.puzzles}

    done = ctl.assign(LESSON, "", "after-basics", [], 0, [], None)
    assert done.error is None and done.tasks == 1 and done.behind == ("Ana",)
    first = next(iter(course.puzzles)).id
    assert ctl.assign(PUZZLES, "Pick", None, [], 0, [first], None).tasks == 1

    screen = ctl.screen()
    assert [r.title for r in screen.reports] == ["Pick", t("homework.default_title")]
    assert all("Ana" in r.table_csv for r in screen.reports)
    tried = ctl.tries(screen.reports[0].report, ana.id, f"puzzle:{first}")
    assert tried is not None and tried.none  # no tries yet

    box = LearnerHomework(rooms, course, ana).screen()
    assert [x.title for x in box] == ["Pick", t("homework.default_title")]
    assert box[0].tasks[0].kind == "puzzle" and not box[0].tasks[0].done


def test_the_class_practice_and_records(course: Course, store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    found = ClassPracticeController(rooms, course, teacher.id, room).screen()
    assert next(iter(found.table.values())) == ["Ana"]
    assert found.common == () and found.weak == ()

    forgotten: list[int] = []
    records = RecordsController(rooms, room, forgotten.extend)
    shown = records.screen()
    assert shown.members == {ana.id: "Ana"} and '"5B"' in shown.class_json
    assert "Ana" in records.learner_json(ana.id)
    records.delete_learner(ana.id)
    assert forgotten == [ana.id] and records.screen().members == {}
