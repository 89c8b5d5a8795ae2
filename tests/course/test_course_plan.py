"""The daily set's reviews (course/practice/plan.py), on hand-made tasks: a plain model, a
clock, keys due."""

from __future__ import annotations

from tutorial_app.course import Course
from tutorial_app.course.practice.mastery import Mastery
from tutorial_app.course.practice.plan import REVIEWS, Reason, Situation, daily_set
from tutorial_app.course.practice.skills import SKILLS, Task, course_tasks

DAY = 86400.0


def situation(due: dict[str, float], now: float = 40 * DAY) -> Situation:
    return Situation(Mastery(), due, {key: at - DAY for key, at in due.items()},
                     set(due), {}, now)


def test_reviews_are_chosen_among_the_due_keys_that_are_tasks() -> None:
    """The first chapter's steps are due first (every learner does them first) and are
    not practice tasks: the set still holds the due tasks' reviews."""
    tasks = [Task(f"puzzle:p{n}", (SKILLS[n],), n, 1) for n in range(6)]
    due = {f"step:basics/s{n}": n * 60.0 for n in range(5)}  # the most overdue, not tasks
    due |= {"puzzle:p4": 10 * DAY, "puzzle:p2": 11 * DAY, "puzzle:p0": 12 * DAY}
    picks = daily_set(tasks, situation(due))
    reviews = [p.task.key for p in picks if p.reason.kind == "review"]
    assert reviews == ["puzzle:p4", "puzzle:p2"][:REVIEWS]


def known(levels: dict[str, float], now: float = 40 * DAY) -> Mastery:
    """A model that has seen each skill tried at `now`, known as given."""
    model = Mastery(known=dict(levels), tries={s: 3 for s in levels},
                    right={s: 2 for s in levels}, last={s: now for s in levels})
    return model.at(now)


def test_one_step_further_is_harder_than_the_hardest_task_solved() -> None:
    """Every "harder" pick used to be no harder than what she had solved (the filler
    called the tasks she was least likely to get right "harder", whatever their
    level). A harder pick is now above the hardest task she solved on its skill."""
    tasks = [Task(f"puzzle:p{d}{n}", ("sums",), 10 * d + n, d) for d in range(1, 6)
             for n in range(2)]
    solved = {"puzzle:p10", "puzzle:p20", "puzzle:p30"}
    now = Situation(known({"sums": 0.99}), {}, {}, solved, {}, 40 * DAY)
    picks = daily_set(tasks, now)
    harder = [p for p in picks if p.reason.kind == "harder"]
    assert harder and all(p.task.difficulty > 3 for p in harder), [
        (p.task.key, p.reason.kind) for p in picks]
    assert harder[0].task.difficulty == 4  # one step, not a leap


def test_a_skill_without_a_task_of_its_own_is_practised_where_it_is_weakest_of_fewest() -> None:
    """Raising has no task that practises it alone. The weak skill's task is one where
    it is the weakest of the task's skills, with the fewest skills: a miss on
    building+raising points at raising more than one on pairing+sums+raising, even when
    the other two are known a little better than building."""
    tasks = [Task("puzzle:wide", ("pairing", "sums", "raising"), 0, 2),
             Task("puzzle:narrow", ("building", "raising"), 1, 2)]
    model = known({"pairing": 0.99, "sums": 0.99, "building": 0.96, "raising": 0.3})
    picks = daily_set(tasks, Situation(model, {}, {}, set(), {}, 40 * DAY))
    assert picks[0].reason == Reason("learning", "raising")
    assert picks[0].task.key == "puzzle:narrow"


def test_every_game_skill_has_a_task_the_plan_gives_for_it(shipped: Course) -> None:
    """Several groups, raising, multiple builds, taking builds and the controller's duty
    have no task of their own; each, as the weakest skill, still gets a task on it."""
    tasks = course_tasks(shipped.lessons, shipped.puzzles)
    for skill in SKILLS:
        model = known({s: (0.3 if s == skill else 0.99) for s in SKILLS})
        picks = daily_set(tasks, Situation(model, {}, {}, set(), {}, 40 * DAY))
        on = [p for p in picks if p.reason.skill == skill and skill in p.task.skills]
        assert on, skill
        assert min(len(p.task.skills) for p in on) == min(
            len(t.skills) for t in tasks if skill in t.skills), skill


def test_reviews_are_of_skills_not_of_every_due_card() -> None:
    """Fifty due cards of sums are one review of sums, and none once sums has been
    practised since they fell due: reviews used to fill every set for ever."""
    tasks = [Task(f"puzzle:s{n}", ("sums",), n, 1) for n in range(5)]
    tasks.append(Task("puzzle:c", ("court-cards",), 9, 1))
    due = {t.key: 10 * DAY + t.order for t in tasks}
    model = known({"sums": 0.99, "court-cards": 0.99}, now=5 * DAY).at(40 * DAY)
    picks = daily_set(tasks, Situation(model, due, {k: 5 * DAY for k in due}, set(due), {},
                                       40 * DAY))
    reviews = [p.task.key for p in picks if p.reason.kind == "review"]
    assert reviews == ["puzzle:s0", "puzzle:c"]
    model.last["sums"] = 20 * DAY  # sums practised after its cards fell due
    picks = daily_set(tasks, Situation(model, due, {k: 5 * DAY for k in due}, set(due), {},
                                       40 * DAY))
    assert [p.task.key for p in picks if p.reason.kind == "review"] == ["puzzle:c"]


def test_a_new_skill_is_said_new_once_and_its_lesson_steps_come_in_order() -> None:
    """A day-one set was five steps of "Sums" in the order 4, 5, 1, 2, 3, each
    "Something new: a first task on “Sums”". The first says it is new; the others
    are more of it; a lesson's steps come in the lesson's order."""
    steps = [Task(f"step:sums/s{n}", ("pairing", "sums") if n < 3 else ("sums",), n, 1,
                  lesson="sums") for n in range(5)]
    pairing = Task("step:pairing/p", ("pairing",), -1, 1, lesson="pairing")
    model = known({"pairing": 0.99}, now=0.0)
    picks = daily_set([pairing, *steps], Situation(model, {}, {}, {pairing.key}, {}, 0.0))
    news = [p for p in picks if p.reason.kind == "new" and p.reason.skill == "sums"]
    assert len(news) >= 3
    assert [p.task.order for p in news] == sorted(p.task.order for p in news)
    assert news[0].reason.n == 0 and all(p.reason.n > 0 for p in news[1:])
