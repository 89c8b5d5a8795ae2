"""Cutting lessons into short stages: the units a learner works through.

A lesson file is a *chapter*; the course map shows it as one or more stages of
MIN_TASKS to MAX_TASKS tasks, at least two thirds of them doing (play, choose,
mistake, quiz). The cut is made here, when the course is loaded, so authors keep
writing one file per topic: consecutive reading steps are joined into one task
(reading comes in short pieces between doings), then the lesson is split into
the fewest stages of at most MAX_TASKS, as even in size as possible, with each
cut moved (by at most two tasks) to where every stage keeps its doing share.

The first stage keeps the lesson's id, so links and saved progress still work;
the next are `<id>-2`, `<id>-3`... each requiring the one before it. A lesson
that required a chapter requires its last stage.

A demonstration (a watch step, shown in beats) is not a task of its own but the
opening of the task after it: the learner watches a move, then makes one like it, and
a stage never ends between the two. So it is counted with that task (doing when that
task is), and adding a demonstration before a task changes no stage's size or doing
share: what a learner does in a stage is the same, only shown first. A read step,
which opens nothing in particular, stays a task of its own (not doing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from tutorial_app.course.model import Lesson, ReadStep, Step
from tutorial_app.course.steps import scored, unit_of

MIN_TASKS: Final = 3
MAX_TASKS: Final = 8
DOING_SHARE: Final = 2 / 3


def join_reading(steps: tuple[Step, ...]) -> list[Step]:
    """Consecutive read steps as one (their texts one after the other; the last
    picture shown, and the one figure), but for two figures (the pack, the seats...),
    which stay apart so that neither is lost."""
    out: list[Step] = []
    for step in steps:
        previous = out[-1] if out else None
        if (isinstance(step, ReadStep) and isinstance(previous, ReadStep)
                and not (step.figure and previous.figure)):
            out[-1] = replace(previous, text=f"{previous.text.rstrip()}\n\n{step.text}",
                              position=step.position or previous.position,
                              figure=step.figure or previous.figure)
        else:
            out.append(step)
    return out


def tasks(steps: Sequence[Step]) -> list[list[Step]]:
    """The steps as tasks: each demonstration with the step after it (a demonstration
    that ends the list is a task of its own)."""
    out: list[list[Step]] = []
    opening: list[Step] = []
    for step in steps:
        opening.append(step)
        if not unit_of(step).beats(step):
            out.append(opening)
            opening = []
    if opening:
        out.append(opening)
    return out


def task_count(steps: Sequence[Step]) -> int:
    return len(tasks(steps))


def doing(steps: Sequence[Step]) -> int:
    """The tasks among the steps that the learner does (a scored step, with the
    demonstration that opens it)."""
    return sum(1 for task in tasks(steps) if any(scored(s.kind) for s in task))


def _good(part: list[list[Step]]) -> bool:
    flat = [step for task in part for step in task]
    return MIN_TASKS <= len(part) <= MAX_TASKS and doing(flat) >= DOING_SHARE * len(part)


def cut(steps: list[Step]) -> list[list[Step]]:
    """The stages: the fewest of at most MAX_TASKS tasks, even in size, every one with
    its doing share where a cut within two tasks allows it."""
    units = tasks(steps)
    count = max(1, -(-len(units) // MAX_TASKS))
    bounds = [round(i * len(units) / count) for i in range(count + 1)]
    for i in range(1, count):
        best = bounds[i]
        for shift in (0, 1, -1, 2, -2):
            b = bounds[i] + shift
            if not bounds[i - 1] < b < bounds[i + 1]:
                continue
            if _good(units[bounds[i - 1]:b]) and (i + 1 < count or _good(units[b:bounds[i + 1]])):
                best = b
                break
        bounds[i] = best
    return [[step for task in units[bounds[i]:bounds[i + 1]] for step in task]
            for i in range(count)]


def stage_id(lesson_id: str, number: int) -> str:
    return lesson_id if number == 1 else f"{lesson_id}-{number}"


def split(lessons: list[Lesson]) -> list[Lesson]:
    """Every lesson as its stages, in order, prerequisites pointing at last stages."""
    last: dict[str, str] = {}
    out: list[Lesson] = []
    for lesson in lessons:
        parts = cut(join_reading(lesson.steps))
        requires = tuple(last.get(r, r) for r in lesson.requires)
        for number, part in enumerate(parts, start=1):
            stage = replace(
                lesson, id=stage_id(lesson.id, number), steps=tuple(part),
                requires=requires if number == 1 else (stage_id(lesson.id, number - 1),),
                chapter=lesson.title, stage=number, stages=len(parts),
                practice=lesson.practice if number == len(parts) else (),
                title=lesson.title if len(parts) == 1 else f"{lesson.title} ({number}/"
                                                            f"{len(parts)})")
            out.append(stage)
        last[lesson.id] = stage_id(lesson.id, len(parts))
    return out
