"""The daily practice set: which tasks, in what order, and why each (plain Python).

The same function chooses for the Practice page (flows/practice.py) and for the
simulated learners (tools/practice_sim.py), so what the simulation measures is what the
page does. A set is, in this order:

1. reviews of skills (at most REVIEWS): FSRS keeps a card per task, and a due card whose
   skills have all been tried since it fell due is passed over (another task has
   reviewed them), as is one whose skills a chosen review already covers, most overdue
   first;
2. tasks on the weakest skill: the skill already tried with the lowest chance of being
   known, each task one where it is the weakest of the task's skills, with the fewest
   skills (raising or the controller's duty have no task of their own), the others best
   known, so a miss points at that skill;
3. one stretch task: the first task of the first skill not tried yet, in the course's
   order; else the course's next step (the first step not solved of a lesson she may
   open: finishing lessons opens the skills behind them); else a task harder than the
   hardest she has solved on one of its skills.

What is left of the set is filled with the next weakest skills, more tasks on the new
skill, further new skills, the course's next steps, and really harder tasks; a set with
nothing else holds the skills tried longest ago.
Each pick carries a `Reason`, words for which the page chooses (one catalogue
sentence per kind of reason).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from tutorial_app.course.practice.mastery import Mastery
from tutorial_app.course.practice.skills import Task, skill_order

SET_SIZE: Final = 5
REVIEWS: Final = 2   # at most this many reviews in a set, so new work is never crowded out
WEAK: Final = 2      # tasks on the weakest skill

_Add = Callable[["Task", "Reason"], None]
ReasonKind = Literal["review", "missed", "learning", "new", "next", "harder"]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a task was chosen: its kind, the skill it is about, and a count (misses this
    week for "missed", days since it was last reviewed for "review", 0 for the first
    task of a "new" skill and 1 for the ones after it, which are more of it)."""

    kind: ReasonKind
    skill: str
    n: int = 0


@dataclass(frozen=True, slots=True)
class Pick:
    task: Task
    reason: Reason


@dataclass(frozen=True, slots=True)
class Situation:
    """What the plan knows of the learner now."""

    model: Mastery
    due: Mapping[str, float]            # task key -> when it fell due (only those due now)
    reviewed: Mapping[str, float]       # task key -> when it was last reviewed
    solved: Collection[str]             # task keys solved at least once
    missed_week: Mapping[str, int]      # skill -> wrong tries on it this week
    now: float


def weakest_skills(model: Mastery, skills: Sequence[str]) -> list[str]:
    """The skills tried and not mastered, weakest first."""
    learning = [s for s in skills if model.state(s) == "learning"]
    return sorted(learning, key=lambda s: (model.p_known(s), skill_order(s)))


def daily_set(tasks: Sequence[Task], now: Situation) -> list[Pick]:
    """The set for today (see the module's docstring)."""
    model = now.model
    picks: list[Pick] = []
    taken: set[str] = set()

    def add(task: Task, reason: Reason) -> None:
        picks.append(Pick(task, reason))
        taken.add(task.key)

    for task, days in due_reviews(tasks, now)[:min(REVIEWS, SET_SIZE)]:
        add(task, Reason("review", _weakest_of(model, task), days))
    skills = sorted({s for t in tasks for s in t.skills}, key=skill_order)
    weak = weakest_skills(model, skills)
    new = [s for s in skills if model.state(s) == "unseen"]
    new.sort(key=lambda s: min(t.order for t in tasks if s in t.skills))
    if weak:
        _on_skill(tasks, model, weak[0], min(WEAK, SET_SIZE - len(picks) - 1), taken, now, add)
    stretch = _stretch(tasks, model, new, taken, now)
    if stretch is not None and len(picks) < SET_SIZE:
        add(*stretch)
    for skill in weak[1:]:
        _on_skill(tasks, model, skill, SET_SIZE - len(picks), taken, now, add)
    if stretch is not None and stretch[1].kind == "new":
        for task in _all_on(tasks, stretch[1].skill, taken)[:SET_SIZE - len(picks)]:
            add(task, Reason("new", stretch[1].skill, 1))  # more of it: said new once
    for skill in new[1:]:
        first = _first_on(tasks, skill, taken) if len(picks) < SET_SIZE else None
        if first is not None:
            add(first, Reason("new", skill))
    for step in _next_steps(tasks, taken, now)[:SET_SIZE - len(picks)]:
        add(step, Reason("next", _weakest_of(model, step)))
    while len(picks) < SET_SIZE and (more := harder_task(tasks, model, now, taken)) is not None:
        add(*more)
    if not picks:
        for task in _longest_unpractised(tasks, now, SET_SIZE):
            days = int((now.now - now.reviewed.get(task.key, now.now)) // 86400)
            add(task, Reason("review", _weakest_of(model, task), days))
    return picks[:SET_SIZE]


def _longest_unpractised(tasks: Sequence[Task], now: Situation, size: int) -> list[Task]:
    """Nothing due, nothing weak, new or harder: the skills tried longest ago, each
    through a solved task on it with the fewest other skills (the spacing a review
    schedule would give them, a skill at a time)."""
    model = now.model
    skills = sorted({s for t in tasks for s in t.skills if s in model.last},
                    key=lambda s: (model.last[s], skill_order(s)))
    out: list[Task] = []
    for skill in skills[:size]:
        fits = [t for t in tasks if skill in t.skills and t not in out]
        if fits:
            out.append(min(fits, key=lambda t: (t.key not in now.solved, len(t.skills),
                                                now.reviewed.get(t.key, 0.0), t.order)))
    return out


def due_reviews(tasks: Sequence[Task], now: Situation) -> list[tuple[Task, int]]:
    """The reviews a set may hold, most overdue first, each with the days since the task
    was last reviewed: reviews of skills, through the due tasks. A due task is passed
    over when each of its skills has been tried since it fell due (another task has
    reviewed them), and when a review already chosen is about its weakest skill: one
    solved task a day per skill keeps the skill, not fifty due cards of the same sums
    (the first chapter's steps, most overdue and no practice task, are not among them)."""
    model = now.model
    by_key = {task.key: task for task in tasks}
    out: list[tuple[Task, int]] = []
    covered: set[str] = set()
    for key in sorted((k for k in now.due if k in by_key), key=lambda k: now.due[k]):
        task = by_key[key]
        stale = {s for s in task.skills if model.last.get(s, 0.0) <= now.due[key]} - covered
        if not stale:
            continue
        covered |= stale
        out.append((task, int((now.now - now.reviewed.get(key, now.now)) // 86400)))
    return out


def _weakest_of(model: Mastery, task: Task) -> str:
    return min(task.skills, key=lambda s: (model.p_known(s), skill_order(s)))


def _on_skill(tasks: Sequence[Task], model: Mastery, skill: str, count: int,
              taken: set[str], now: Situation, add: _Add) -> None:
    """Up to `count` tasks on one skill: not solved before first, then the ones where
    it is the weakest of the task's skills, the fewest skills (a skill with no task of
    its own, raising or the controller's duty, is practised where a miss points at it
    most), the others best known."""
    if count <= 0:
        return
    fits = [t for t in tasks if skill in t.skills and t.key not in taken]
    fits.sort(key=lambda t: (t.key in now.solved, _weakest_of(model, t) != skill,
                             len(t.skills), -model.others_known(t, skill), t.order))
    missed = now.missed_week.get(skill, 0)
    reason = Reason("missed", skill, missed) if missed else Reason("learning", skill)
    for task in fits[:count]:
        add(task, reason)


def _all_on(tasks: Sequence[Task], skill: str, taken: set[str]) -> list[Task]:
    """The tasks on a skill: a lesson's steps in the lesson's order (its author's: a
    set once sent a learner to steps 4, 5, 1, 2, 3), then puzzles, the most focused
    first."""
    fits = [t for t in tasks if skill in t.skills and t.key not in taken]
    return sorted(fits, key=lambda t: (t.kind != "step", 0 if t.lesson else len(t.skills),
                                       t.order))


def _first_on(tasks: Sequence[Task], skill: str, taken: set[str]) -> Task | None:
    """The first task on a skill, as `_all_on` orders them."""
    fits = _all_on(tasks, skill, taken)
    return fits[0] if fits else None


def hardest_solved(tasks: Sequence[Task], solved: Collection[str]) -> dict[str, int]:
    """Per skill, the difficulty of the hardest task on it the learner has solved."""
    out: dict[str, int] = {}
    for task in tasks:
        if task.key in solved:
            for skill in task.skills:
                out[skill] = max(out.get(skill, 0), task.difficulty)
    return out


def harder_task(tasks: Sequence[Task], model: Mastery, now: Situation, taken: set[str]
                ) -> tuple[Task, Reason] | None:
    """One step further: a task harder than the hardest she has solved on one of its
    skills, the weakest such skill first, the least hard of those (one step, not a
    leap). None when she has solved the hardest there is."""
    top = hardest_solved(tasks, now.solved)
    best: tuple[tuple[float, int, int, int], Task, str] | None = None
    for task in tasks:
        if task.key in taken or task.key in now.solved:
            continue
        for skill in task.skills:
            if task.difficulty > top.get(skill, 0) and skill in top:
                rank = (model.p_known(skill), task.difficulty, len(task.skills), task.order)
                if best is None or rank < best[0]:
                    best = (rank, task, skill)
    return None if best is None else (best[1], Reason("harder", best[2]))


def _stretch(tasks: Sequence[Task], model: Mastery, new: list[str], taken: set[str],
             now: Situation) -> tuple[Task, Reason] | None:
    """A first task on a new skill; else the course's next step (the first step not
    solved, in course order, of a lesson she may open: it leads to what she has not
    met); else a harder task."""
    if new:
        first = _first_on(tasks, new[0], taken)
        if first is not None:
            return first, Reason("new", new[0])
    steps = _next_steps(tasks, taken, now)
    if steps:
        return steps[0], Reason("next", _weakest_of(model, steps[0]))
    return harder_task(tasks, model, now, taken)


def _next_steps(tasks: Sequence[Task], taken: set[str], now: Situation) -> list[Task]:
    """The course's next steps: the steps not solved yet of lessons she may open, in
    course order (finishing a lesson opens the next, and the skills it leads to)."""
    return sorted((t for t in tasks if t.lesson and t.key not in taken
                   and t.key not in now.solved), key=lambda t: t.order)
