"""Assigned work is always open, at the controllers' level (a dict for the session, a
real store on SQLite and PostgreSQL): a lesson the class has as homework opens for its
learners whatever the course's locks, says it was assigned, and counts; the teacher is
told who has not reached it; a lesson not assigned stays locked."""

from __future__ import annotations

from typing import Any

import pytest
from apphelpers import FIXTURES

from engine import parse_attempt
from tutorial_app.course import Course, load_course
from tutorial_app.flows import homework
from tutorial_app.flows.lesson import LessonController, LessonState, PathScreen, PlayerScreen
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.words.i18n import count, using


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


def learn(course: Course, rooms: ClassStore, learner: Learner, **link: str) -> LessonController:
    """A new session on the Learn page, as views/learn.py builds its controller."""
    memory: dict[str, Any] = {}
    return LessonController(memory, course, rooms.store, learner, dict(link),
                            assigned=lambda: homework.assigned_lessons(rooms, learner.id))


def test_an_assigned_lesson_opens_before_its_lessons_and_counts(
        course: Course, store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    bo, _ = rooms.join(room.code, "Bo")
    store.complete_lesson(bo.id, "basics", 3)  # Bo has reached it, Ana has not
    rooms.assign(room.id, "Sums", ["lesson:after-basics"])

    assert homework.not_reached(course, rooms, room.id, "after-basics") == ("Ana",)
    told = count(1, "homework-ahead", title="Test sums", names="Ana")
    assert "1 learner of the class has not finished" in told and "(Ana)" in told
    assert count(1, "homework-assigned") == "Assigned: 1 task."
    assert count(3, "homework-assigned") == "Assigned: 3 tasks."
    with using("pt-BR"):  # each language's own plural forms
        assert count(2, "homework-ahead", title="Somas", names="Ana, Bo").startswith(
            "“Somas” vem depois de lições que 2 alunos da turma ainda não concluíram (Ana, Bo)")
        assert count(1, "homework-assigned") == "Lição de casa passada: 1 tarefa."
    with using("it"):
        assert count(4, "homework-assigned") == "Assegnati: 4 compiti."

    control = learn(course, rooms, ana)
    path = control.screen()
    assert isinstance(path, PathScreen)
    card = next(c for c in path.cards if c.lesson.id == "after-basics")
    assert card.entry.state is LessonState.LOCKED and card.assigned and card.can_open

    control = learn(course, rooms, ana, lesson="after-basics", step="sum")
    control.follow_link()
    assert control.take_link_error() is None
    screen = control.screen()
    assert isinstance(screen, PlayerScreen) and screen.assigned
    control.answer(parse_attempt("8s x 5c+3d"))
    control.finish()
    done = store.progress(ana.id)["after-basics"]
    assert done.completed and done.stars == 3 and done.steps == {"sum": 3}


def test_a_lesson_not_assigned_stays_locked(course: Course, store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    rooms.assign(room.id, "Puzzles", ["puzzle:tp1"])
    assert homework.assigned_tasks(rooms, ana.id) == frozenset({"puzzle:tp1"})
    control = learn(course, rooms, ana, lesson="after-basics", step="sum")
    control.follow_link()
    error = control.take_link_error()
    assert error is not None and "locked" in error
    outsider = store.learner("Cy")  # in no class: nothing is assigned to them
    assert homework.assigned_lessons(rooms, outsider.id) == frozenset()
