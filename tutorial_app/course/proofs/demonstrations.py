"""Show, then ask: the first task of each new kind in the course comes after a
demonstration of it (issue 34: every new idea was met first as a test).

A *new kind of task* is the first task in course order (lessons with their
prerequisites first, steps in order; a task is a step the learner answers) that needs
one of NEW_KINDS (course/concepts.py derives what a step needs). Before it, in the
same lesson file, a demonstration (a watch step, course/steps/watch.py) must show
that concept being done: its moves use it, or, for a sweep, a controller's turn and
scoring, its moves sweep, are made by a player who controls a build, or it points at
a captured card that scores (`watch.demonstrates`).

Left out of NEW_KINDS: `values` (reading a card's value is no move to show: the
pictures of the pack are for it), `last-cards`, `deal`, `game-end` and `strategy`,
which are about the hand around a move, not a kind of move; and the settings of
variants, whose tasks are the moves already shown under other values.

The check needs the whole course in order, so it is made by `validate` on a course
folder (course/authoring/cli.py), not when one file is read; each problem is named at
the task's `file:line` in its lesson file.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

import yaml

from tutorial_app.course.model import Lesson
from tutorial_app.course.reading.errors import LessonError
from tutorial_app.course.reading.yamlsrc import compose_nodes, item
from tutorial_app.course.steps import step_needs, unit_of

NEW_KINDS: Final = (
    "trail", "pair", "sum", "several-groups", "court-capture", "build", "take-build",
    "raise", "multiple-build", "add-to-build", "controller", "sweep", "scoring",
)

# what a watch step shows a concept by, where it is not a move that uses it
SHOWN_BY: Final = {
    "sweep": "a move that clears the table",
    "controller": "a move made while controlling a build",
    "scoring": "a beat pointing at a captured card that scores",
}

Where = tuple[int, int, str]  # line, column, the step's YAML path


def missing(lessons: Sequence[Lesson]) -> list[LessonError]:
    """A problem for each new kind of task with no demonstration of it before it in its
    lesson file, at that task's step."""
    met: set[str] = set()
    shown: dict[str, set[str]] = {}  # lesson file -> concepts its demonstrations showed
    places: dict[str, dict[str, Where]] = {}
    out: list[LessonError] = []
    for lesson in lessons:
        before = shown.setdefault(lesson.file, set())
        for step in lesson.steps:
            unit = unit_of(step)
            before.update(unit.demonstrates(step))
            if not unit.scored:
                continue
            needs = step_needs(step)
            for concept in NEW_KINDS:
                if concept not in needs or concept in met:
                    continue
                met.add(concept)
                if concept in before:
                    continue
                where = places.setdefault(lesson.file, step_places(lesson.file)).get(
                    step.id, (1, 1, step.id))
                out.append(LessonError(
                    lesson.file, where[0], where[1], where[2],
                    f"the course's first task that needs {concept!r} ({needs[concept]}) has "
                    f"no demonstration of it before it in this lesson: add a watch step "
                    f"before it with "
                    f"{SHOWN_BY.get(concept, f'a move that shows {concept!r}')}"))
    return out


def step_places(file: str) -> dict[str, Where]:
    """Where each step of a lesson file is (its mapping's line and column, and path);
    empty when the file cannot be read again."""
    try:
        root = compose_nodes(Path(file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    out: dict[str, Where] = {}
    if not isinstance(root, yaml.MappingNode):
        return out
    steps = next((v for k, v in root.value if getattr(k, "value", None) == "steps"), None)
    if not isinstance(steps, yaml.SequenceNode):
        return out
    for index, node in enumerate(steps.value):
        if not isinstance(node, yaml.MappingNode):
            continue
        for key, value in node.value:
            if getattr(key, "value", None) == "id" and isinstance(value, yaml.ScalarNode):
                mark = node.start_mark
                out[str(value.value)] = (mark.line + 1, mark.column + 1, item("steps", index))
    return out
