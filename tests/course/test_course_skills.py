"""Skills read from the course, the knowledge-tracing model and the FSRS grading."""

from __future__ import annotations

from fsrs import Rating

from tutorial_app.course import Course
from tutorial_app.course.practice.mastery import MASTERED, Mastery, Try, trace, tries_from_log
from tutorial_app.course.practice.review import grade, recall, review
from tutorial_app.course.practice.skills import (
    SKILLS,
    Task,
    course_tasks,
    is_skill,
    missed_skills,
    reason_skill,
    skills_in,
    task_key,
)


def test_every_game_skill_is_exercised_by_the_course(shipped: Course) -> None:
    tasks = course_tasks(shipped.lessons, shipped.puzzles)
    found = skills_in(tasks)
    assert set(SKILLS) <= set(found)
    assert any(s.startswith("setting:") for s in found)
    assert all(is_skill(s) for s in found)


def test_skills_come_from_what_a_task_asks(shipped: Course) -> None:
    tasks = {t.key: t for t in course_tasks(shipped.lessons, shipped.puzzles)}
    sums = [t for t in tasks.values() if t.lesson == "sums"]
    assert sums and all("sums" in t.skills or "pairing" in t.skills for t in sums)
    assert any("sums" in t.skills for t in sums)
    assert any("controller" in t.skills for t in tasks.values() if t.lesson == "controller")
    royal = [t for t in tasks.values() if t.lesson == "royal"]
    assert royal and any("setting:face_values" in t.skills for t in royal)
    # the course's fixed order is the tasks' order
    assert [t.order for t in tasks.values()] == list(range(len(tasks)))


def test_reason_codes_name_the_skill_they_show_missing() -> None:
    assert reason_skill("wrong-sum") == "sums"
    assert reason_skill("trail-while-controlling") == "controller"
    assert reason_skill("legal") is None
    task = Task("step:x/y", ("pairing", "sums"), 0, 1)
    assert list(missed_skills(task, "wrong-sum")) == ["sums"]
    assert list(missed_skills(task, "legal")) == ["pairing", "sums"]
    # a reason about a skill the task does not exercise blames the whole task
    assert list(missed_skills(task, "trail-while-controlling")) == ["pairing", "sums"]
    assert task_key("step", "sums/first") == "step:sums/first"
    assert task_key("live", "3/4") is None


def test_knowledge_tracing_rises_with_right_tries_and_falls_with_misses() -> None:
    task = Task("step:a/b", ("sums",), 0, 1)
    model = Mastery()
    first = model.p_right(task)
    for _ in range(6):
        model.update(Try(task, True))
    assert model.p_right(task) > first
    assert model.state("sums") == "mastered"
    assert model.p_known("sums") >= MASTERED
    missed = trace([Try(task, False, "wrong-sum")] * 3)
    assert missed.p_known("sums") < 0.5 and missed.state("sums") == "learning"
    assert missed.state("pairing") == "unseen"


def test_a_reason_code_blames_its_own_skill_only() -> None:
    task = Task("step:a/b", ("pairing", "sums"), 0, 1)
    model = trace([Try(task, True), Try(task, False, "wrong-sum"), Try(task, False, "wrong-sum")])
    assert model.p_known("sums") < model.p_known("pairing")


def test_the_log_feeds_the_model_and_unknown_rows_are_left_out() -> None:
    task = Task("puzzle:p1", ("sums",), 0, 1)
    rows = [("puzzle:p1", "missed", "legal", 1.0), ("puzzle:gone", "correct", "legal", 2.0),
            ("puzzle:p1", "unreadable", "", 3.0), ("puzzle:p1", "correct", "legal", 4.0)]
    tries = tries_from_log(rows, {task.key: task})
    assert [t.right for t in tries] == [False, True]


def test_fsrs_grades_and_spaces_reviews() -> None:
    assert grade(True, 0, 0) is Rating.Good
    assert grade(True, 0, 1) is Rating.Hard   # a nudge, then her own answer
    assert grade(True, 1, 0) is Rating.Again  # a wrong try first: she did not recall it
    assert grade(True, 0, 2) is Rating.Again  # the answer all but given
    assert grade(True, 2, 0) is Rating.Again
    assert grade(False, 0, 0) is Rating.Again
    day = 86400.0
    good = review(None, Rating.Good, 0.0)
    again = review(None, Rating.Again, 0.0)
    assert good.due > again.due >= day - 1
    later = review(good.card, Rating.Good, good.due)
    assert later.due - good.due > good.due  # the interval grows after a good review
    assert 0.85 < recall(later.card, later.due) < 0.95


def test_a_wrong_try_before_the_right_answer_is_a_lapse() -> None:
    """A card reviewed Good four times, then one wrong try before the right answer:
    the learner did not recall it, so it comes back within days (as Again does), not in
    a year (as Hard did: 364 days)."""
    day = 86400.0
    card, at = None, 0.0
    for _ in range(4):
        done = review(card, Rating.Good, at)
        card, at = done.card, done.due
    slip = review(card, grade(True, 1, 0), at)
    forgot = review(card, Rating.Again, at)
    assert slip.due == forgot.due
    assert slip.due - at < 10 * day
