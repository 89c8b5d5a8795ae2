"""The daily practice set: which tasks, in what order, and why each (plain Python).

The same function chooses for the Practice page (flows/practice.py) and for the
simulated learners (tools/practice_sim.py), so what the simulation measures is what the
page does. A set is, in this order:

1. reviews due (FSRS says the learner is about to forget them), most overdue first;
2. tasks on the weakest skill: the skill already tried with the lowest chance of being
   known, each task the one exercising it that the learner is likeliest to get right
   otherwise (its other skills known), so a miss points at that skill;
3. one stretch task: the first task of the first skill not tried yet, in the course's
   order, or, once every skill is tried, the hardest task not solved yet.

What is left of the set is filled with the next weakest skills, more tasks on the new
skill, further new skills, and last the tasks the learner is least likely to get right.
Each pick carries a `Reason`, words for which the page chooses (one catalogue
sentence per kind of reason).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from tutorial_app.course.mastery import Mastery
from tutorial_app.course.skills import Task, skill_order

SET_SIZE: Final = 5
REVIEWS: Final = 2   # at most this many reviews in a set, so new work is never crowded out
WEAK: Final = 2      # tasks on the weakest skill

_Add = Callable[["Task", "Reason"], None]
ReasonKind = Literal["review", "missed", "learning", "new", "harder"]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a task was chosen: its kind, the skill it is about, and a count (misses this
    week for "missed", days since it was last reviewed for "review")."""

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


def daily_set(tasks: Sequence[Task], now: Situation, size: int = SET_SIZE) -> list[Pick]:
    """The set for today (see the module's docstring)."""
    model = now.model
    picks: list[Pick] = []
    taken: set[str] = set()
    by_key = {task.key: task for task in tasks}

    def add(task: Task, reason: Reason) -> None:
        picks.append(Pick(task, reason))
        taken.add(task.key)

    # Among the due keys that are tasks: the first chapter's steps, which every learner
    # does first, are the most overdue and are no practice task.
    due_tasks = sorted((key for key in now.due if key in by_key), key=lambda k: now.due[k])
    for key in due_tasks[:min(REVIEWS, size)]:
        days = int((now.now - now.reviewed.get(key, now.now)) // 86400)
        add(by_key[key], Reason("review", _weakest_of(model, by_key[key]), days))
    skills = sorted({s for t in tasks for s in t.skills}, key=skill_order)
    weak = weakest_skills(model, skills)
    new = [s for s in skills if model.state(s) == "unseen"]
    new.sort(key=lambda s: min(t.order for t in tasks if s in t.skills))
    if weak:
        _on_skill(tasks, model, weak[0], min(WEAK, size - len(picks) - 1), taken, now, add)
    stretch = _stretch(tasks, model, new, taken, now)
    if stretch is not None and len(picks) < size:
        add(*stretch)
    for skill in weak[1:]:
        _on_skill(tasks, model, skill, size - len(picks), taken, now, add)
    if stretch is not None and stretch[1].kind == "new":
        for task in _all_on(tasks, stretch[1].skill, taken)[:size - len(picks)]:
            add(task, Reason("new", stretch[1].skill))
    for skill in new[1:]:
        first = _first_on(tasks, skill, taken) if len(picks) < size else None
        if first is not None:
            add(first, Reason("new", skill))
    rest = sorted((t for t in tasks if t.key not in taken),
                  key=lambda t: (model.p_right(t), t.order))
    for task in rest[:size - len(picks)]:
        add(task, Reason("harder", _weakest_of(model, task)))
    return picks[:size]


def _weakest_of(model: Mastery, task: Task) -> str:
    return min(task.skills, key=lambda s: (model.p_known(s), skill_order(s)))


def _on_skill(tasks: Sequence[Task], model: Mastery, skill: str, count: int,
              taken: set[str], now: Situation, add: _Add) -> None:
    """Up to `count` tasks on one skill: not solved before first, then likeliest right."""
    if count <= 0:
        return
    fits = [t for t in tasks if skill in t.skills and t.key not in taken]
    fits.sort(key=lambda t: (t.key in now.solved, -model.others_known(t, skill), t.order))
    missed = now.missed_week.get(skill, 0)
    reason = Reason("missed", skill, missed) if missed else Reason("learning", skill)
    for task in fits[:count]:
        add(task, reason)


def _all_on(tasks: Sequence[Task], skill: str, taken: set[str]) -> list[Task]:
    """The tasks on a skill, the most focused first, then in course order."""
    fits = [t for t in tasks if skill in t.skills and t.key not in taken]
    return sorted(fits, key=lambda t: (len(t.skills), t.order))


def _first_on(tasks: Sequence[Task], skill: str, taken: set[str]) -> Task | None:
    """The first task in course order on a skill, with the fewest other skills."""
    fits = [t for t in tasks if skill in t.skills and t.key not in taken]
    return min(fits, key=lambda t: (len(t.skills), t.order), default=None)


def _stretch(tasks: Sequence[Task], model: Mastery, new: list[str], taken: set[str],
             now: Situation) -> tuple[Task, Reason] | None:
    if new:
        first = _first_on(tasks, new[0], taken)
        if first is not None:
            return first, Reason("new", new[0])
    harder = [t for t in tasks if t.key not in taken and t.key not in now.solved]
    if not harder:
        return None
    task = max(harder, key=lambda t: (t.difficulty, len(t.skills), -t.order))
    return task, Reason("harder", _weakest_of(model, task))
