"""The Puzzle streak mode without Streamlit: each puzzle harder than the last, one miss
ends the run, the best run is kept per learner; on the shipped puzzles and a real store."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from shipped import shipped_course

from engine import legal_moves, parse_attempt
from tutorial_app.course import Course
from tutorial_app.course.judge.checking import check_answer, solutions
from tutorial_app.course.model import Puzzle
from tutorial_app.flows.streak import StreakController, aim, hardness
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.words.i18n import using


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


def climb(page: StreakController, solved: int) -> list[Puzzle]:
    """Solve `solved` puzzles of a run started on the page; the puzzles played."""
    played = []
    for _ in range(solved):
        puzzle = page.screen().puzzle
        assert puzzle is not None
        played.append(puzzle)
        page.answer(parse_attempt(right(puzzle)))
    return played


def test_a_run_rises_in_difficulty_by_steps(course: Course, store: ProgressStore) -> None:
    """Two runs of 7 and 5 were all ●○○○○: each next puzzle was only a hair harder (the
    next id among 74 puzzles of one rating). Now each aims a step higher: the levels
    shown never fall, and climb to the hardest within nine puzzles."""
    for seed in (1, 7, 11):
        page = control({}, course, store, store.learner(f"Run{seed}"))
        page.start(seed=seed)
        levels = []
        for _ in range(9):
            screen = page.screen()
            assert screen.puzzle is not None and screen.level is not None
            levels.append(screen.level)
            page.answer(parse_attempt(right(screen.puzzle)))
        assert levels == sorted(levels), levels  # never easier than the last
        assert levels[0] == 1 and levels[-1] == 5 and len(set(levels)) == 5, levels
        assert max(b - a for a, b in pairwise(levels)) == 1  # in steps


def test_the_climb_follows_the_measured_ratings(course: Course, store: ProgressStore) -> None:
    """Puzzles rated by learners' first tries climb by their rating, not their label: a
    ●○○○○ puzzle that learners fail is met high in the run, shown at its measured level."""
    ana = store.learner("Ana")
    easiest = min(course.puzzles, key=lambda p: hardness(p, {}))
    for _ in range(12):  # learners keep missing it: it is rated up
        learner = store.learner(f"L{_}")
        store.record_puzzle(learner.id, easiest.id, easiest.difficulty, False, hinted=False)
    rated = store.puzzle_ratings()
    assert rated[easiest.id][0] > hardness(easiest, {})[0] + 150
    page = control({}, course, store, ana)
    page.start(seed=5)
    played = climb(page, 9)
    ratings = [hardness(p, rated) for p in played]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert all(r[0] >= aim(n) for n, r in enumerate(ratings)), ratings
    assert played[0].id != easiest.id  # no longer the easiest


def test_the_puzzle_that_ends_a_run_stays_with_its_answer(course: Course,
                                                          store: ProgressStore) -> None:
    page = control({}, course, store, store.learner("Ana"))
    page.start(seed=2)
    climb(page, 3)
    puzzle = page.screen().puzzle
    assert puzzle is not None
    page.answer(parse_attempt(wrong(puzzle)))
    screen = page.screen()
    assert screen.run is not None and screen.run.over and screen.puzzle is None
    assert screen.ended == puzzle
    assert screen.answer and set(screen.answer) == set(solutions(puzzle))
    assert screen.level is not None and 1 <= screen.level <= 5
