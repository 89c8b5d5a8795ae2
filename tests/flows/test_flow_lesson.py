"""The Learn page's controller without Streamlit: a dict as the session's memory, a
real progress store, the small fixture course, and a dict as the link's parameters."""

from __future__ import annotations

import ast
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from apphelpers import FIXTURES

from engine import parse_attempt
from tutorial_app.course import ChooseStep, Course, FeedbackStatus, MistakeStep, load_course
from tutorial_app.course.steps import unit_of
from tutorial_app.flows.lesson import (
    ALL,
    LessonController,
    LessonState,
    PathScreen,
    PlayerScreen,
    StepTry,
)
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.words.i18n import using

VIEWS = Path(__file__).resolve().parents[2] / "tutorial_app" / "views"


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


@pytest.fixture
def ana(store: ProgressStore) -> Learner:
    return store.learner("Ana")


class Page:
    """One browser session on the Learn page: each call builds the controller afresh,
    as each script run does, over the same memory and link."""

    def __init__(self, course: Course, store: ProgressStore, learner: Learner | None,
                 **link: str) -> None:
        self.memory: dict[str, Any] = {}
        self.params: dict[str, str] = dict(link)
        self.course, self.store, self.learner = course, store, learner

    @property
    def control(self) -> LessonController:
        return LessonController(self.memory, self.course, self.store, self.learner, self.params)

    def run(self) -> PathScreen | PlayerScreen:
        """A script run: follow the link, then the screen."""
        control = self.control
        control.follow_link()
        return control.screen()

    def player(self) -> PlayerScreen:
        screen = self.run()
        assert isinstance(screen, PlayerScreen), screen
        return screen

    def path(self) -> PathScreen:
        screen = self.run()
        assert isinstance(screen, PathScreen), screen
        return screen


def test_the_path_says_which_lessons_are_open_and_locked(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    path = Page(course, store, ana).path()
    assert [(c.number, c.lesson.id, c.entry.state) for c in path.cards] == [
        (1, "basics", LessonState.OPEN), (2, "after-basics", LessonState.LOCKED)]
    assert path.cards[1].entry.missing == ("Test basics",)
    assert not path.cards[0].can_reset and path.cards[0].practice is None
    assert path.finished is None and not path.reset_done and not path.confirming_all


def test_a_lesson_played_through_wrong_hint_right_finish(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    page = Page(course, store, ana)
    page.control.open_lesson("basics")
    screen = page.player()
    assert (screen.index, screen.total, screen.step.id) == (0, 4, "idea")
    assert page.params == {"lesson": "basics", "step": "idea"}  # the link follows
    assert not screen.needs_answer and screen.board is None
    page.control.go(1)
    screen = page.player()
    assert screen.step.id == "pair" and screen.needs_answer
    assert screen.board == screen.step.position and screen.next_hint == 1 and not screen.hints

    # a wrong try: the Feedback carries the judge's verdict, and nothing is recorded
    page.control.answer(parse_attempt("7s x 3c"))
    work = page.player().work
    assert work.wrong == 1 and not work.solved and work.feedback is not None
    assert work.feedback.status is FeedbackStatus.NOT_ALLOWED
    assert work.feedback.verdict is not None and work.feedback.code == "wrong-sum"
    assert "3♣" in (work.feedback.judge_words or "") and work.feedback.rule == "4.1"
    assert store.progress(ana.id) == {}

    # a hint
    page.control.hint()
    screen = page.player()
    assert screen.hints == ("Which card has the same value as the 7♥?",)
    assert screen.next_hint == 2

    # the right try: the hint cost one star (the wrong try alone would not), recorded once
    page.control.answer(parse_attempt("7s x 7h"))
    screen = page.player()
    feedback = screen.work.feedback
    assert feedback is not None and feedback.status is FeedbackStatus.CORRECT
    assert feedback.stars == 2 and feedback.message == "A pair."
    assert store.progress(ana.id)["basics"].steps == {"pair": 2}
    assert screen.board is not None and "7h" not in screen.board.text  # after the move
    assert screen.pile == 2 and screen.next_hint is None and not screen.needs_answer
    page.control.answer(parse_attempt("7s x 7h"))  # a solved step stays solved
    assert page.player().work == screen.work

    # the choose step: the ticked options are read back from the widgets' keys
    page.control.go(1)
    screen = page.player()
    step = screen.step
    assert isinstance(step, ChooseStep) and step.id == "which"
    page.memory[page.control.answer_key(step, 1)] = True
    page.control.answer()
    work = page.player().work
    assert work.feedback is not None and work.feedback.status is FeedbackStatus.MISSED
    assert work.wrong == 1 and work.chosen == frozenset({1})
    page.memory[page.control.answer_key(step, 1)] = False
    for i in (0, 2):
        page.memory[page.control.answer_key(step, i)] = True
    page.control.answer()
    work = page.player().work
    # three options: one wrong try is exploring, and keeps the three stars
    assert work.solved and work.feedback is not None and work.feedback.stars == 3

    # the mistake step: nothing named yet does nothing; then a wrong and a right reason
    page.control.go(1)
    screen = page.player()
    step = screen.step
    assert isinstance(step, MistakeStep) and screen.last and screen.unsolved == 1
    page.control.answer()
    assert page.player().work.feedback is None
    page.memory[page.control.answer_key(step)] = "card-used-twice"
    page.control.answer()
    work = page.player().work
    assert work.feedback is not None and work.feedback.status is FeedbackStatus.MISSED
    assert work.feedback.code == "wrong-sum"  # the judge's verdict on the move shown
    assert work.feedback.message.startswith("Not that. ")  # why that reason does not apply
    page.control.hint()
    assert page.player().hints == step.hints[:1] and step.hints[0].startswith("Look at ")
    page.memory[page.control.answer_key(step)] = "wrong-sum"
    page.control.answer()
    screen = page.player()
    assert screen.work.solved and screen.unsolved == 0
    assert store.progress(ana.id)["basics"].steps == {"pair": 2, "which": 3, "spot": 2}
    # every check is in the attempt log (what was picked in place of a move), so the
    # choose and mistake steps count for practice too
    logged = [(a.ref, a.move, a.verdict) for a in ClassStore(store).attempts_of([ana.id])]
    assert ("basics/which", "2", "missed") in logged
    assert ("basics/which", "1 3", "correct") in logged
    assert ("basics/spot", "card-used-twice", "missed") in logged
    assert ("basics/spot", "wrong-sum", "correct") in logged

    # finish: back to the path, which says so once, with the puzzles to practise
    page.control.finish()
    path = page.path()
    assert page.params == {}
    assert path.finished is not None and path.finished.title == "Test basics"
    assert path.finished.stars == 2
    assert path.finished.practice is not None
    assert path.finished.practice.params == {"theme": "pairing"}
    assert path.finished.practice.puzzles == 1
    assert [c.entry.state for c in path.cards] == [LessonState.DONE, LessonState.OPEN]
    assert path.cards[0].practice == path.finished.practice and path.cards[0].can_reset
    assert page.path().finished is None
    assert store.progress(ana.id)["basics"].completed


def test_finish_waits_for_every_scored_step(course: Course, store: ProgressStore,
                                            ana: Learner) -> None:
    page = Page(course, store, ana, lesson="basics", step="spot")
    assert page.player().unsolved == 3
    page.control.finish()
    assert page.player().step.id == "spot"
    assert not store.progress(ana.id)


def test_retry_starts_the_step_again_and_keeps_the_stars(course: Course, store: ProgressStore,
                                                         ana: Learner) -> None:
    page = Page(course, store, ana, lesson="basics", step="pair")
    page.player()
    page.memory["learn.sel"] = "a selection on the board"
    page.control.answer(parse_attempt("7s x 7h"))
    assert page.player().work.solved
    page.control.retry()
    screen = page.player()
    assert screen.work == StepTry("basics", "pair") and "learn.sel" not in page.memory
    assert store.progress(ana.id)["basics"].steps == {"pair": 3}


def test_a_link_opens_its_step_once_and_the_link_follows_the_learner(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    page = Page(course, store, ana, lesson="basics", step="spot")
    assert page.player().step.id == "spot"
    page.control.go(-1)
    assert page.player().step.id == "which"
    assert page.params == {"lesson": "basics", "step": "which"}
    assert page.player().step.id == "which"  # the link written is not followed again
    page.params.update({"step": "pair"})  # a new link in the same tab
    assert page.player().step.id == "pair"
    page.params.update({"step": "no-such-step"})  # an unknown step: the lesson's first
    assert page.player().step.id == "idea"
    page.control.open_lesson(None)
    assert page.path() and page.params == {}


def test_a_link_to_a_missing_lesson_says_so_once(course: Course, store: ProgressStore) -> None:
    page = Page(course, store, None, lesson="<b>nope</b>")
    page.control.follow_link()
    assert page.control.take_link_error() == (
        "The link names a lesson that does not exist: <b>nope</b>")
    assert page.control.take_link_error() is None
    assert isinstance(page.control.screen(), PathScreen)


def test_the_link_is_followed_before_signing_in(course: Course, store: ProgressStore) -> None:
    page = Page(course, store, None, lesson="basics", step="pair")
    page.control.follow_link()
    page.learner = store.learner("Bo")  # the welcome form, then the next run
    assert page.player().step.id == "pair"


def test_reset_asks_first(course: Course, store: ProgressStore, ana: Learner) -> None:
    store.record_step(ana.id, "basics", "pair", 3)
    page = Page(course, store, ana)
    page.control.ask_reset("basics")
    path = page.path()
    assert path.cards[0].confirming and not path.cards[1].confirming
    page.control.ask_reset(None)  # cancel
    assert not page.path().cards[0].confirming
    assert store.progress(ana.id)["basics"].steps == {"pair": 3}
    page.control.ask_reset("basics")
    page.control.confirm_reset("basics")
    path = page.path()
    assert store.progress(ana.id) == {} and path.reset_done and not path.cards[0].confirming
    assert not page.path().reset_done
    store.record_puzzle(ana.id, "tp1", 2, True, hinted=False)
    page.control.ask_reset(ALL)
    assert page.path().confirming_all
    page.control.confirm_reset(ALL)
    assert store.solved_puzzles(ana.id) == {} and page.path().reset_done


def test_a_store_that_fails_is_logged_and_the_learner_told(
        course: Course, store: ProgressStore, ana: Learner, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, "record_step", broken)
    page = Page(course, store, ana, lesson="basics", step="pair")
    page.player()
    with caplog.at_level(logging.ERROR, logger="tutorial_app.flows.lesson"):
        page.control.answer(parse_attempt("7s x 7h"))
    assert "database is locked" in caplog.text
    assert page.player().work.solved  # what the learner did is still on screen
    assert page.control.take_notice() == (
        "Your progress could not be saved just now; please try again in a moment.")
    assert page.control.take_notice() is None


def test_a_try_left_by_an_older_version_is_dropped(course: Course, store: ProgressStore,
                                                   ana: Learner) -> None:
    page = Page(course, store, ana, lesson="basics", step="pair")
    page.player()
    page.memory["learn.try"] = ("an", "old", "tuple")
    page.memory["learn.step"] = "not a number"
    screen = page.player()
    assert screen.work == StepTry("basics", "idea")


@pytest.mark.parametrize("page", ["learn.py", "puzzles.py"])
def test_the_pages_neither_judge_nor_score(page: str) -> None:
    """One judgement per attempt: the pages show the controller's Feedback."""
    tree = ast.parse((VIEWS / page).read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    assert not names & {"check", "check_answer", "check_choice", "check_mistake", "stars",
                        "apply_move", "ProgressStore"}
    called = {node.func.attr for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
    assert not called & {"record_step", "record_puzzle", "complete_lesson", "reset_lesson",
                         "reset_all", "solved_puzzles", "rating_history"}


def test_a_choose_step_with_one_answer_is_answered_by_one_pick(
        store: ProgressStore, ana: Learner) -> None:
    from tutorial_app.course import Lesson, loads

    lesson = loads("""id: one
title: One answer
steps:
  - id: best
    kind: choose
    prompt: Which move takes the most cards?
    position: "table: 5c 3d 8d; hand: 8s"
    options: ["8s x 8d 5c+3d", "8s x 8d", "8s t"]
    correct: goal
    goal: most-cards
""", "one.yaml")
    assert isinstance(lesson, Lesson)
    page = Page(Course(lessons=[lesson]), store, ana)
    page.control.open_lesson("one")
    screen = page.player()
    step = screen.step
    assert isinstance(step, ChooseStep) and step.single and screen.next_hint == 1
    page.control.answer()  # nothing picked yet: nothing happens
    assert page.player().work.feedback is None
    page.memory[page.control.answer_key(step)] = 1
    page.control.answer()
    work = page.player().work
    assert work.feedback is not None and work.feedback.status is FeedbackStatus.MISSED
    # one short reply: why the pick is not what was asked
    assert work.feedback.message == ("Legal, but not what was asked: it takes 1 card, but 8♠ "
                                     "could take 3 cards.")
    page.control.hint()
    assert page.player().hints == step.hints[:1]
    page.memory[page.control.answer_key(step)] = 0
    page.control.answer()
    assert page.player().work.solved
def test_continue_resumes_at_the_first_unsolved_task(course: Course, store: ProgressStore,
                                                     ana: Learner) -> None:
    page = Page(course, store, ana)
    page.control.resume("basics")
    assert page.player().index == 0  # not begun: the first step
    page.control.go(1)
    page.control.answer(parse_attempt("7s x 7h"))  # solves "pair", step 1
    page.control.open_lesson(None)
    page.path()
    page.control.resume("basics")
    screen = page.player()
    assert screen.step.id == "which" and screen.index == 2


def test_the_end_of_a_lesson_offers_the_next_lesson(course: Course, store: ProgressStore,
                                                    ana: Learner) -> None:
    for step, stars in (("pair", 3), ("which", 3), ("spot", 3)):
        store.record_step(ana.id, "basics", step, stars, 0, 0)
    page = Page(course, store, ana)
    page.control.open_lesson("basics", 3)
    page.player()
    page.control.finish()
    screen = page.path()
    assert screen.finished is not None and screen.finished.next_lesson is not None
    assert screen.finished.next_lesson.id == "after-basics"
    assert screen.finished.practice is not None  # and its practice puzzles
    page.control.resume(screen.finished.next_lesson.id)
    assert page.player().lesson.id == "after-basics"


def test_a_locked_lesson_by_link_says_so_and_records_nothing(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    page = Page(course, store, ana, lesson="after-basics", step="sum")
    screen = page.run()
    assert isinstance(screen, PathScreen)
    error = page.control.take_link_error()
    assert error is not None and "locked" in error and "Test basics" in error
    # opened another way, the next run closes it again
    page.control.open_lesson("after-basics")
    assert isinstance(page.run(), PathScreen)
    # and a try sent to it all the same (no run in between) is not recorded
    control = page.control
    control.open_lesson("after-basics")
    control.answer(parse_attempt("8s x 5c+3d"))
    control.finish()
    assert "after-basics" not in store.progress(ana.id)


def test_the_feedback_is_worded_in_the_language_of_the_drawing(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    """A wrong try, then the learner switches to Italian: the reply drawn next is in
    Italian, the judgement (status, verdict, stars, the count of wrong tries) kept."""
    page = Page(course, store, ana, lesson="basics", step="pair")
    screen = page.player()
    assert screen.step.id == "pair"
    attempt = parse_attempt("7s x 3c")
    page.control.answer(attempt)
    english = page.player().work.feedback
    assert english is not None and english.status is FeedbackStatus.NOT_ALLOWED
    with using("it"):
        work = page.player().work
        italian = unit_of(screen.step).check(screen.step, attempt).message
    assert work.feedback is not None and work.feedback.message == italian != english.message
    assert work.feedback.verdict == english.verdict and work.wrong == 1
    back = page.player().work.feedback
    assert back is not None and back.message == english.message
