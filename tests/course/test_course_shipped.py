"""Every file shipped in lessons/ loads and validates, quickly; and for every play
step and puzzle a correct move, a wrong legal move (where there is one) and an
illegal move are checked; every choose and mistake step answers right and wrong."""

from __future__ import annotations

import pytest
from shipped import proved_course

from engine import CAPTURE, legal_moves
from tutorial_app.course import (
    ChooseStep,
    Course,
    FeedbackStatus,
    MistakeStep,
    PlayStep,
    Puzzle,
    ReadStep,
    Step,
    check_answer,
    check_choice,
    check_mistake,
    solutions,
)
from tutorial_app.course.proofs import brevity
from tutorial_app.course.reading import stages


@pytest.mark.slow  # a proof over the whole course: `make test`, not `make test-quick`
def test_shipped_lessons_validate() -> None:
    """The one test that runs every feedback proof on the shipped files (the others
    read the course as the app loads it, tests/support/shipped.py)."""
    proved = proved_course()
    assert [str(e) for e in proved.errors] == []
    files = {lesson.file for lesson in proved.lessons}
    assert proved.files > 0 and len(files) + len(proved.puzzle_sets) == proved.files


def test_enough_puzzles(shipped: Course) -> None:
    assert len(shipped.puzzles) >= 200
    assert {p.difficulty for p in shipped.puzzles} >= {1, 2, 3, 4}


def _playables(course: Course) -> list[PlayStep | Puzzle]:
    steps: list[PlayStep | Puzzle] = [s for lesson in course.lessons for s in lesson.steps
                                      if isinstance(s, PlayStep)]
    return [*steps, *course.puzzles]


def test_every_play_step_and_puzzle_checks_right_wrong_and_illegal(shipped: Course) -> None:
    checked = 0
    for step in _playables(shipped):
        where = f"{step.key}"
        answers = solutions(step)
        assert answers, where
        assert check_answer(step, answers[0]).status is FeedbackStatus.CORRECT, where
        assert check_answer(step, answers[0].text).status is FeedbackStatus.CORRECT, where
        wrong = [m for m in legal_moves(step.position) if m not in answers]
        if not step.goal.legality_only:
            assert wrong, where
            feedback = check_answer(step, wrong[0])
            assert feedback.status is FeedbackStatus.MISSED and feedback.message, where
        illegal = check_answer(step, "Ks x 10d 10h 10c")
        assert illegal.status is FeedbackStatus.NOT_ALLOWED and illegal.message, where
        assert all(step.hints), where
        checked += 1
    assert checked == len(_playables(shipped))


def test_every_choose_and_mistake_step_answers(shipped: Course) -> None:
    for lesson in shipped.lessons:
        for step in lesson.steps:
            if isinstance(step, ChooseStep):
                assert check_choice(step, step.correct).status is FeedbackStatus.CORRECT, step.key
                assert check_choice(step, frozenset()).status is FeedbackStatus.MISSED, step.key
            elif isinstance(step, MistakeStep):
                assert check_mistake(step, step.answer).status is FeedbackStatus.CORRECT, step.key
                other = next(code for code, _ in step.choices if code != step.answer)
                assert check_mistake(step, other).status is FeedbackStatus.MISSED, step.key


def test_every_lesson_past_the_basics_leads_to_puzzles_to_practise(shipped: Course) -> None:
    practised = [lesson for lesson in shipped.lessons if lesson.practice]
    chapters = [lesson for lesson in shipped.lessons if lesson.stage == lesson.stages]
    assert len(practised) >= len(chapters) - 2  # all but the first two lessons
    for lesson in practised:
        for theme in lesson.practice:
            assert len(shipped.puzzles_with(theme)) >= 5, (lesson.id, theme)


def test_the_course_is_cut_into_short_doing_stages(shipped: Course) -> None:
    """3 to 8 tasks a stage, two thirds of them doing (a demonstration counted with the
    task it opens); the first task is a guided move."""
    for lesson in shipped.lessons:
        tasks = stages.task_count(lesson.steps)
        assert 3 <= tasks <= 8, lesson.id
        assert 3 * stages.doing(lesson.steps) >= 2 * tasks, lesson.id
    first_move = next(s for s in shipped.lessons[0].steps if isinstance(s, PlayStep))
    assert "Trail" in first_move.prompt  # the first move is guided, naming the button
    chapters = {lesson.chapter for lesson in shipped.lessons}
    assert len(chapters) == 20 and len(shipped.lessons) > len(chapters)


def course_tasks(shipped: Course) -> list[list[Step]]:
    """Every task of the course in order, as the stages count them (consecutive reading
    joined, a demonstration with the task it opens)."""
    return [task for lesson in shipped.lessons for task in stages.tasks(lesson.steps)]


def captures(step: Step) -> bool:
    return isinstance(step, PlayStep) and all(m.kind == CAPTURE for m in step.solution_moves)


def test_the_course_opens_on_the_goal_and_captures_by_the_eighth_task(
        shipped: Course) -> None:
    """Issue 34: the goal first (capture, to score at the end of the hand), with a picture
    of the layout and then of the pack; the first capture within the first 8 tasks, shown
    first; the deal drills only once the learner has captured."""
    tasks = course_tasks(shipped)
    goal, pack = tasks[0][0], tasks[1][0]
    assert isinstance(goal, ReadStep) and goal.figure and goal.figure.name == "layout"
    assert "capturing" in goal.text and "score points" in goal.text
    assert isinstance(pack, ReadStep) and pack.figure and pack.figure.name == "pack"
    first_capture = next(i for i, task in enumerate(tasks) if any(map(captures, task)))
    assert first_capture < 8, first_capture
    assert tasks[first_capture][0].kind == "watch"  # shown before it is asked
    first_deal = next(i for i, task in enumerate(tasks) if task[-1].kind == "deal")
    assert first_deal > first_capture


def test_the_first_chapters_prompts_are_one_short_instruction(shipped: Course) -> None:
    """At most 30 words, as a reader counts them, in plain type; the rule is in `why:`."""
    for lesson in shipped.lessons[:4]:
        for step in lesson.steps:
            prompt = getattr(step, "prompt", "")
            assert brevity.words_read(prompt) <= brevity.PROMPT_WORDS, step.key
