"""A demonstration on the Learn page's controller, without Streamlit: the beat on screen
kept in the page's memory with its step, Next and "Watch again", a fresh start on
coming back, the step's own Next the one to press until the last beat, and nothing
scored or recorded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from watch_lessons import sum_lesson

from tutorial_app.course import Course, loads
from tutorial_app.course.model import Lesson
from tutorial_app.flows.lesson import LessonController, PlayerScreen
from tutorial_app.services.store import Learner, ProgressStore

LESSON = sum_lesson("sums", "Sums")


@pytest.fixture
def page(tmp_path: Path) -> tuple[dict[str, Any], Course, ProgressStore, Learner]:
    lesson = loads(LESSON)
    assert isinstance(lesson, Lesson)
    store = ProgressStore(tmp_path / "progress.sqlite3")
    return {}, Course(lessons=[lesson]), store, store.learner("Ana")


def run(page: tuple[dict[str, Any], Course, ProgressStore, Learner]) -> LessonController:
    memory, course, store, learner = page
    return LessonController(memory, course, store, learner, {})


def screen(page: tuple[dict[str, Any], Course, ProgressStore, Learner]) -> PlayerScreen:
    found = run(page).screen()
    assert isinstance(found, PlayerScreen)
    return found


def test_next_steps_through_the_beats_and_stops_at_the_last(page: Any) -> None:
    run(page).open_lesson("sums")
    first = screen(page)
    assert (first.step.id, first.beat) == ("see-a-sum", 0)
    assert first.watching and first.needs_answer  # its own buttons are the ones to press
    run(page).next_beat()
    assert screen(page).beat == 1
    run(page).next_beat()
    last = screen(page)
    assert last.beat == 2 and last.needs_answer  # "Your turn", not the lesson's Next
    run(page).next_beat()  # the last beat stays
    assert screen(page).beat == 2


def test_watch_again_starts_from_the_first_beat(page: Any) -> None:
    run(page).open_lesson("sums")
    run(page).next_beat()
    run(page).next_beat()
    run(page).watch_again()
    assert screen(page).beat == 0


def test_the_beat_belongs_to_its_step_and_a_step_opened_again_starts_afresh(
        page: Any) -> None:
    memory, _, store, learner = page
    run(page).open_lesson("sums")
    run(page).next_beat()
    run(page).go(1)  # "Your turn": the task after it
    task = screen(page)
    assert task.step.id == "first-sum" and task.beat == 0 and task.needs_answer
    run(page).next_beat()  # a step shown at once has no beats: nothing kept
    assert "learn.beat" not in memory
    run(page).go(-1)
    assert screen(page).beat == 0
    memory["learn.beat"] = ("sums", "first-sum", 2)  # kept for another step: not this one's
    assert screen(page).beat == 0
    assert store.progress(learner.id) == {}  # watching records nothing
    assert screen(page).skipped is None  # and leaving it is no skipped task
