"""The daily set's reviews (course/plan.py), on hand-made tasks: a plain model, a
clock, keys due."""

from __future__ import annotations

from tutorial_app.course.mastery import Mastery
from tutorial_app.course.plan import REVIEWS, Situation, daily_set
from tutorial_app.course.skills import Task

DAY = 86400.0


def situation(due: dict[str, float], now: float = 40 * DAY) -> Situation:
    return Situation(Mastery(), due, {key: at - DAY for key, at in due.items()},
                     set(due), {}, now)


def test_reviews_are_chosen_among_the_due_keys_that_are_tasks() -> None:
    """The first chapter's steps are due first (every learner does them first) and are
    not practice tasks: the set still holds the due tasks' reviews."""
    tasks = [Task(f"puzzle:p{n}", ("sums",), n, 1) for n in range(6)]
    due = {f"step:basics/s{n}": n * 60.0 for n in range(5)}  # the most overdue, not tasks
    due |= {"puzzle:p4": 10 * DAY, "puzzle:p2": 11 * DAY, "puzzle:p0": 12 * DAY}
    picks = daily_set(tasks, situation(due))
    reviews = [p.task.key for p in picks if p.reason.kind == "review"]
    assert reviews == ["puzzle:p4", "puzzle:p2"][:REVIEWS]
