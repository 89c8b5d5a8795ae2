"""What a reload must not lose (services/resume.py), at the controllers' level: a fresh
dict is a new browser session of the same teacher or learner, over a real store on
SQLite and PostgreSQL.

- The projector: the class, projector mode and the step on the screen come back as
  they were; a prepared link still wins; with nothing kept, the live question is shown,
  so the table shows what the phones answer.
- A step's stars are earned once: a hint and two wrong tries stay with the step
  whatever the learner does (Next, Back, another tab, a reload) until it is solved;
  Next past an unsolved step says so.
"""

from __future__ import annotations

from typing import Any

import pytest
from apphelpers import FIXTURES

from engine import parse_attempt
from tutorial_app.course import Course, load_course
from tutorial_app.flows.classroom import CLASS, PROJECTOR, ClassroomController, Mode
from tutorial_app.flows.lesson import LessonController, PlayerScreen
from tutorial_app.services.classes import ClassStore, Teacher
from tutorial_app.services.resume import Resume
from tutorial_app.services.store import Learner, ProgressStore


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


@pytest.fixture
def rooms(store: ProgressStore) -> ClassStore:
    return ClassStore(store)


@pytest.fixture
def teacher(rooms: ClassStore) -> Teacher:
    return rooms.add_teacher("Dora", "a long teacher password")


class Projector:
    """One browser session of the teacher on the Classroom page."""

    def __init__(self, course: Course, store: ProgressStore, rooms: ClassStore,
                 teacher: Teacher, **params: str) -> None:
        self.memory: dict[str, Any] = {}
        self.params: dict[str, str] = dict(params)
        self.args = (course, store, rooms, teacher)

    def run(self) -> ClassroomController:
        course, store, rooms, teacher = self.args
        ctl = ClassroomController(self.memory, course, store, self.params,
                                  teacher_id=teacher.id, rooms=rooms)
        ctl.sync()
        return ctl

    def set(self, widget: str, value: object) -> None:
        self.memory[self.run().key(widget)] = value


def test_the_projector_comes_back_after_a_reload(course: Course, store: ProgressStore,
                                                 rooms: ClassStore, teacher: Teacher) -> None:
    first, second = (rooms.create_class(teacher.id, name) for name in ("5A", "5B"))
    before = Projector(course, store, rooms, teacher)
    before.set(PROJECTOR, True)
    before.set(CLASS, first.id)  # not the newest class, which a new session would pick
    before.run().go(1)           # the lesson's play step
    ctl = before.run()
    assert ctl.live_ref() == ("lesson", "basics/pair")
    rooms.put_question(first.id, *ctl.live_ref())
    assert before.params == {"lesson": "basics", "step": "pair"}

    # A reload: a new session, the address bar lost on the way.
    after = Projector(course, store, rooms, teacher)
    ctl = after.run()
    item = ctl.screen().item
    assert item is not None and item.text == "Capture the 7♥." and item.index == 1
    assert after.memory[ctl.key(PROJECTOR)] is True
    assert after.memory[ctl.key(CLASS)] == first.id != second.id
    assert after.params == {"lesson": "basics", "step": "pair"}
    state = rooms.live_state(first.id)
    assert state is not None and ctl.live_ref() == (state.kind, state.ref)  # what phones show

    # The same reload with the address bar kept: the same screen.
    again = Projector(course, store, rooms, teacher, lesson="basics", step="pair")
    assert again.run().screen().item.index == 1  # type: ignore[union-attr]


def test_a_puzzle_or_a_position_comes_back_too(course: Course, store: ProgressStore,
                                               rooms: ClassStore, teacher: Teacher) -> None:
    before = Projector(course, store, rooms, teacher)
    before.set("mode", Mode.PUZZLE.value)
    before.set("puzzle", "tp2")
    before.run()
    ctl = Projector(course, store, rooms, teacher).run()
    assert ctl.mode == Mode.PUZZLE and ctl.live_ref() == ("puzzle", "tp2")

    before.set("mode", Mode.POSITION.value)
    before.set("position_text", "table: 5c 3d; hand: 8s")
    before.run().position_typed()
    before.run()
    after = Projector(course, store, rooms, teacher)
    shown = after.run().screen().position
    assert shown is not None and shown.shown is not None
    assert shown.shown.text == "table: 3d 5c; hand: 8s"  # as the engine writes it
    assert after.params == {"position": "table: 3d 5c; hand: 8s"}


def test_a_prepared_link_wins_over_the_kept_screen(course: Course, store: ProgressStore,
                                                   rooms: ClassStore, teacher: Teacher) -> None:
    before = Projector(course, store, rooms, teacher)
    before.run().go(1)
    before.run()
    linked = Projector(course, store, rooms, teacher, puzzle="tp1")
    ctl = linked.run()
    assert ctl.mode == Mode.PUZZLE and ctl.live_ref() == ("puzzle", "tp1")
    assert Projector(course, store, rooms, teacher).run().live_ref() == ("puzzle", "tp1")


def test_with_nothing_kept_the_live_question_is_on_the_screen(
        course: Course, store: ProgressStore, rooms: ClassStore, teacher: Teacher) -> None:
    room = rooms.create_class(teacher.id, "6C")
    rooms.put_question(room.id, "lesson", "basics/pair")  # asked from another device
    projector = Projector(course, store, rooms, teacher)
    ctl = projector.run()
    assert ctl.live_ref() == ("lesson", "basics/pair")
    assert projector.memory[ctl.key(CLASS)] == room.id


def test_another_teacher_keeps_their_own_screen(course: Course, store: ProgressStore,
                                                rooms: ClassStore, teacher: Teacher) -> None:
    other = rooms.add_teacher("Eli", "another long password")
    mine = Projector(course, store, rooms, teacher)
    mine.set("mode", Mode.PUZZLE.value)
    mine.set("puzzle", "tp2")
    mine.run()
    theirs = Projector(course, store, rooms, other).run()
    assert theirs.mode == Mode.LESSON and theirs.live_ref() is None  # the first step: reading

    # Eli signs in on Dora's projector, in the same browser session, and moves it on:
    # what he shows is kept as his, and Dora's kept screen is not written over.
    mine.args = (course, store, rooms, other)
    mine.set("puzzle", "tp1")
    assert mine.run().live_ref() == ("puzzle", "tp1")
    assert Projector(course, store, rooms, other).run().live_ref() == ("puzzle", "tp1")
    assert Projector(course, store, rooms, teacher).run().live_ref() == ("puzzle", "tp2")


class Lesson:
    """One browser session of a learner on the Learn page, as views/learn.py builds it."""

    def __init__(self, course: Course, store: ProgressStore, learner: Learner) -> None:
        self.memory: dict[str, Any] = {}
        self.params: dict[str, str] = {}
        self.args = (course, store, learner)

    @property
    def control(self) -> LessonController:
        course, store, learner = self.args
        return LessonController(self.memory, course, store, learner, self.params,
                                kept=Resume(store))

    def player(self) -> PlayerScreen:
        control = self.control
        control.follow_link()
        screen = control.screen()
        assert isinstance(screen, PlayerScreen), screen
        return screen


def test_hints_and_wrong_tries_stay_with_the_step_until_it_is_solved(
        course: Course, store: ProgressStore) -> None:
    ana = store.learner("Ana")
    page = Lesson(course, store, ana)
    page.control.open_lesson("basics", 1)
    page.control.hint()
    page.control.answer(parse_attempt("7s x 3c"))
    page.control.answer(parse_attempt("4d t"))
    work = page.player().work
    assert (work.wrong, work.hints) == (2, 1)

    page.control.go(1)  # Next, with the step unsolved: said once, on the next step
    screen = page.player()
    assert screen.step.id == "which" and screen.skipped == 2
    assert page.player().skipped is None
    page.control.go(-1)  # Back: the step comes back with its hint and tries
    screen = page.player()
    assert (screen.work.wrong, screen.work.hints) == (2, 1) and screen.work.feedback is None
    assert screen.hints == ("Which card has the same value as the 7♥?",)

    reloaded = Lesson(course, store, ana)  # a reload, or another tab: the store has them
    reloaded.control.open_lesson("basics", 1)
    assert (reloaded.player().work.wrong, reloaded.player().work.hints) == (2, 1)
    reloaded.control.answer(parse_attempt("7s x 7h"))
    stars = reloaded.player().work.feedback.stars  # type: ignore[union-attr]
    # the hint kept costs its star (a hint short of the move: 2 stars, whatever the tries)
    assert stars == 2 and store.progress(ana.id)["basics"].steps == {"pair": 2}

    again = Lesson(course, store, ana)  # solved: the next visit starts afresh
    again.control.open_lesson("basics", 1)
    assert (again.player().work.wrong, again.player().work.hints) == (0, 0)
    again.control.go(1)  # moving past a step solved before says nothing
    assert again.player().skipped is None


def test_each_learner_keeps_their_own_tries(course: Course, store: ProgressStore) -> None:
    ana, bo = store.learner("Ana"), store.learner("Bo")
    page = Lesson(course, store, ana)
    page.control.open_lesson("basics", 1)
    page.control.answer(parse_attempt("7s x 3c"))
    other = Lesson(course, store, bo)
    other.control.open_lesson("basics", 1)
    assert other.player().work.wrong == 0
    assert Resume(store).work(ana.id, "step", "basics/pair").wrong == 1
