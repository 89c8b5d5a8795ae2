"""The live question without Streamlit (flows/live.py, the Classroom controller's
live_ref and next_live): what a question names, how an answer is judged on a lesson
step, a puzzle and a typed position (no goal), and "Next question"."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelpers import FIXTURES

from engine import parse_attempt
from tutorial_app.course import Course, load_course
from tutorial_app.flows import live
from tutorial_app.flows.classroom import ClassroomController, Mode
from tutorial_app.services.store import ProgressStore


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


def test_a_lesson_step_is_asked_and_judged_as_the_lesson_does(course: Course) -> None:
    asked = live.question(course, live.LESSON, "basics/pair")
    assert asked is not None and asked.item is not None
    right = live.judge(asked, parse_attempt("7s x 7h"))
    assert right.verdict == live.CORRECT and right.move == "7s x 7h"
    wrong = live.judge(asked, parse_attempt("7s x 3c"))
    assert wrong.verdict == live.ILLEGAL and "3♣" in wrong.reason and "\n" not in wrong.reason
    assert live.question(course, live.LESSON, "basics/idea") is None  # nothing to answer
    assert live.question(course, live.LESSON, "gone/pair") is None
    assert live.question(course, "other", "x") is None


def test_a_typed_position_has_no_goal(course: Course) -> None:
    asked = live.question(course, live.POSITION, "table: 5c 3d; hand: 8s")
    assert asked is not None and asked.item is None
    assert live.judge(asked, parse_attempt("8s x 5c+3d")).verdict == live.LEGAL
    assert live.judge(asked, parse_attempt("8s x 5c")).verdict == live.ILLEGAL
    assert live.question(course, live.POSITION, "table: 5c 5c; hand: 8s") is None


def test_the_controller_names_the_question_and_moves_on(course: Course,
                                                       tmp_path: Path) -> None:
    with ProgressStore(tmp_path / "p.sqlite3") as store:
        memory: dict[str, object] = {}
        ctl = ClassroomController(memory, course, store, {"lesson": "basics", "step": "idea"})
        ctl.sync()
        assert ctl.live_ref() is None  # a read step
        ctl = ClassroomController(memory, course, store, {"lesson": "basics", "step": "pair"})
        ctl.sync()
        assert ctl.live_ref() == ("lesson", "basics/pair")
        assert ctl.next_live() is None  # no later play step in the fixture lesson
        memory[ctl.key("mode")] = Mode.PUZZLE.value
        memory[ctl.key("puzzle")] = "tp1"
        assert ctl.live_ref() == ("puzzle", "tp1")
        assert ctl.next_live() == ("puzzle", "tp2")
        assert ctl.next_live() is None
