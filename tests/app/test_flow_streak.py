"""The Puzzle streak mode without Streamlit: each puzzle harder than the last, one miss
ends the run, the best run is kept per learner; on the shipped puzzles and a real store."""

from __future__ import annotations

from typing import Any

import pytest
from shipped import shipped_course

from engine import legal_moves, parse_attempt
from tutorial_app.course import Course
from tutorial_app.course.checking import check_answer, solutions
from tutorial_app.course.i18n import using
from tutorial_app.course.model import Puzzle
from tutorial_app.flows.streak import StreakController, hardness
from tutorial_app.services.store import Learner, ProgressStore


@pytest.fixture(scope="module")
def course() -> Course:
    return shipped_course()


def control(memory: dict[str, Any], course: Course, store: ProgressStore,
            learner: Learner) -> StreakController:
    return StreakController(memory, course, store, learner)


def right(puzzle: Puzzle) -> str:
    return next(iter(solutions(puzzle))).text


def wrong(puzzle: Puzzle) -> str:
    good = set(solutions(puzzle))
    return next(m for m in legal_moves(puzzle.position) if m not in good).text


def test_a_run_climbs_and_a_miss_ends_it(course: Course, store: ProgressStore) -> None:
    ana = store.learner("Ana")
    memory: dict[str, Any] = {}
    page = control(memory, course, store, ana)
    assert page.screen().run is None and page.screen().best == 0
    page.start(seed=7)
    climbed: list[tuple[float, str]] = []
    for _ in range(6):
        puzzle = page.screen().puzzle
        assert puzzle is not None
        climbed.append(hardness(puzzle, {}))
        page.answer(parse_attempt(right(puzzle)))
    assert climbed == sorted(climbed) and len(set(climbed)) == 6  # each harder
    run = page.run()
    assert run is not None and run.length == 6 and not run.over
    puzzle = page.screen().puzzle
    assert puzzle is not None and puzzle.id not in run.solved
    page.answer(parse_attempt(wrong(puzzle)))
    screen = page.screen()
    assert screen.run is not None and screen.run.over and screen.puzzle is None
    assert screen.best == 6 and screen.new_best
    assert store.best_streak(ana.id) == 6
    page.answer(parse_attempt(right(puzzle)))  # the run is over: nothing changes
    assert store.best_streak(ana.id) == 6


def test_a_shorter_run_keeps_the_best_and_runs_are_seeded(course: Course,
                                                          store: ProgressStore) -> None:
    bo = store.learner("Bo")
    store.record_streak(bo.id, 4)
    first: dict[str, Any] = {}
    second: dict[str, Any] = {}
    one = control(first, course, store, bo)
    two = control(second, course, store, bo)
    one.start(seed=3)
    two.start(seed=3)
    assert one.run() is not None and one.run() == two.run()
    puzzle = one.screen().puzzle
    assert puzzle is not None
    one.answer(parse_attempt(wrong(puzzle)))
    screen = one.screen()
    assert screen.best == 4 and not screen.new_best
    assert store.best_streak(bo.id) == 4
    assert store.best_streak(store.learner("Cy").id) == 0


def test_the_last_reply_is_worded_in_the_language_of_the_drawing(
        course: Course, store: ProgressStore) -> None:
    """A miss ends the run; the learner switches to Portuguese and reads the reply in
    Portuguese, the run's end (and its record) as it was."""
    ana = store.learner("Ana")
    memory: dict[str, Any] = {}
    page = control(memory, course, store, ana)
    page.start(seed=7)
    puzzle = page.screen().puzzle
    assert puzzle is not None
    attempt = parse_attempt(wrong(puzzle))
    page.answer(attempt)
    english = page.screen().run
    assert english is not None and english.over and english.feedback is not None
    with using("pt-BR"):
        run = control(memory, course, store, ana).screen().run
        portuguese = check_answer(puzzle, attempt).message
    assert run is not None and run.feedback is not None and run.over
    assert run.feedback.message == portuguese != english.feedback.message
    assert run.feedback.status == english.feedback.status and run.solved == english.solved
    back = control(memory, course, store, ana).screen().run
    assert back is not None and back.feedback == english.feedback
