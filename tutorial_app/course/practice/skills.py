"""Skills: what each task of the course exercises, and which skill a wrong try shows
missing (plain Python, no Streamlit).

A task is a scored lesson step (play, choose, mistake, quiz) or a puzzle. Its skills
are not listed by hand: they are read from what course/concepts.py derives from the
task's goal, its solution moves, its position and its settings (`step_needs`), folded
into the handful of skills a learner and a teacher can name: pairing, sums, several
groups, court cards, building, raising, multiple builds, taking builds, the
controller's duty, sweeps, the last cards, scoring, and each setting that changes play.
Concepts that every task needs (card values, trailing, the deal) are not skills of
their own: a map that is always full says nothing.

A wrong try's reason code (the judge's `Verdict.code`) names the skill it shows
missing: `wrong-sum` is a sum added wrongly, `trail-while-controlling` the
controller's duty. A legal move that misses the goal ("legal") names none: the miss
counts against all of the task's skills.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from engine.settings import SETTINGS, SKILL_PREFIX
from tutorial_app.course.model import Lesson, Puzzle, Step
from tutorial_app.course.steps import scored, step_needs

SKILLS: Final = (
    "pairing", "sums", "several-groups", "court-cards", "building", "raising",
    "multiple-builds", "taking-builds", "controller", "sweeps", "last-cards", "scoring",
)
"""The game's own skills, in the order the course teaches them."""

SETTING_PREFIX: Final = SKILL_PREFIX
"""A setting that changes play is a skill of its own: `setting:face_values`."""

SETTING_SKILLS: Final[dict[str, str]] = {s.name: s.skill for s in SETTINGS}
"""Each setting's skill, from its record (engine/settings.py)."""

# concept (course/concepts.py) -> skill
CONCEPT_SKILLS: Final[dict[str, str]] = {
    "pair": "pairing", "sum": "sums", "several-groups": "several-groups",
    "court-capture": "court-cards", "build": "building", "add-to-build": "building",
    "raise": "raising", "multiple-build": "multiple-builds", "take-build": "taking-builds",
    "controller": "controller", "sweep": "sweeps", "last-cards": "last-cards",
    "scoring": "scoring", "game-end": "scoring",
}

# reason code -> the skill a try with it shows missing. Finer than the concept a
# learner needs to *read* the explanation (concepts.REASON_CONCEPTS): a wrong sum is a
# sum, even though the rule it breaks is the pairing rule.
REASON_SKILLS: Final[dict[str, str]] = {
    "wrong-sum": "sums", "capture-nothing": "pairing", "card-used-twice": "several-groups",
    "number-takes-court": "court-cards", "court-by-sum": "court-cards",
    "court-takes-more-than-one": "court-cards", "court-cannot-build": "building",
    "build-no-table-cards": "building", "build-without-played-card": "building",
    "build-too-high": "building", "build-not-held": "building",
    "build-wrong-value": "taking-builds", "build-in-sum": "taking-builds",
    "part-of-build": "taking-builds", "ambiguous": "taking-builds",
    "raise-multiple": "multiple-builds", "loose-changes-build": "raising",
    "two-builds": "raising", "trail-while-controlling": "controller",
    "leaves-build-uncovered": "controller", "builds-off": SETTING_SKILLS["builds"],
    "bad-capture-value": SETTING_SKILLS["ace_high"],
}


def is_skill(name: str) -> bool:
    """A skill id this module can give a task (a game skill or a setting's)."""
    return name in SKILLS or name in SETTING_SKILLS.values()


def concept_skill(concept: str) -> str | None:
    """The skill a concept belongs to; a setting `name=value` is the setting's skill."""
    if "=" in concept:
        return SETTING_SKILLS.get(concept.partition("=")[0])
    return CONCEPT_SKILLS.get(concept)


def reason_skill(code: str) -> str | None:
    """The skill a wrong try with this reason code shows missing, if it names one."""
    return REASON_SKILLS.get(code)


def item_skills(item: Step | Puzzle) -> tuple[str, ...]:
    """The skills a step or puzzle exercises, in the order of SKILLS (settings last)."""
    found = {skill for concept in step_needs(item) if (skill := concept_skill(concept))}
    return tuple(sorted(found, key=skill_order))


def skill_order(skill: str) -> tuple[int, str]:
    """Sort key: the game's skills in teaching order, then the settings by name."""
    return (SKILLS.index(skill), "") if skill in SKILLS else (len(SKILLS), skill)


@dataclass(frozen=True, slots=True)
class Task:
    """One thing the learner can be set to do, under the key the attempt log uses:
    `step:lesson/step` or `puzzle:id` (`kind` and `ref` of the `attempts` row)."""

    key: str
    skills: tuple[str, ...]
    order: int           # its place in the course's fixed order
    difficulty: int      # 1-5: a puzzle's own, a lesson's stage for a step
    lesson: str = ""     # the lesson of a step ("" for a puzzle)
    title: str = ""      # the lesson's or the puzzle's title, for the page

    @property
    def kind(self) -> str:
        return self.key.partition(":")[0]

    @property
    def ref(self) -> str:
        return self.key.partition(":")[2]


def task_key(kind: str, ref: str) -> str | None:
    """The task an attempt row (kind, ref) is about; None for one no task has (a typed
    position asked live)."""
    if kind in ("step", "puzzle") and ref:
        return f"{kind}:{ref}"
    return None


def course_tasks(lessons: Iterable[Lesson], puzzles: Iterable[Puzzle]) -> list[Task]:
    """Every task of the course with the skills it exercises: the lessons' scored steps
    in course order, then the puzzles (each set's order). Tasks without a skill (card
    values, trailing) are left out: practice has nothing to say of them."""
    tasks: list[Task] = []
    for lesson in lessons:
        for step in lesson.steps:
            if not scored(step.kind):  # read, and watched: nothing to practise
                continue
            skills = item_skills(step)
            if skills:
                tasks.append(Task(f"step:{lesson.id}/{step.id}", skills, len(tasks),
                                  min(5, max(1, lesson.stage)), lesson.id, lesson.title))
    for puzzle in puzzles:
        skills = item_skills(puzzle)
        if skills:
            tasks.append(Task(f"puzzle:{puzzle.id}", skills, len(tasks),
                              min(5, max(1, puzzle.difficulty)), "", puzzle.title))
    return tasks


def skills_in(tasks: Iterable[Task]) -> list[str]:
    """The skills some task exercises, in SKILLS order."""
    return sorted({s for task in tasks for s in task.skills}, key=skill_order)


def missed_skills(task: Task, code: str) -> Iterator[str]:
    """The skills a wrong try on the task counts against: the one its reason code names
    when the task exercises it, else all the task's skills."""
    named = reason_skill(code)
    if named is not None and named in task.skills:
        yield named
    else:
        yield from task.skills
