"""Which puzzles a learner is ready for (plain Python, no Streamlit).

A puzzle is offered to a learner (in the day's practice set, on the Puzzles page's
first visit, after a finished lesson's "practise it" link) only when every concept it
needs is taught by the stages she has finished. What a puzzle needs is not written by
its author but derived from the puzzle (course/concepts.py through `step_needs`: its
solutions, goal, settings, position and the reasons its wrong tries are explained
with); what a stage teaches is its chapter's `teaches:`. A stage that practises a
theme does not make every puzzle of that theme ready: after the several-groups stage,
a multiple-capture puzzle whose answer takes a build waits for the builds.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from tutorial_app.course.model import Lesson, Puzzle
from tutorial_app.course.steps import step_needs


def taught_by(lessons: Iterable[Lesson], finished: Collection[str]) -> frozenset[str]:
    """Every concept the finished stages (their ids in `finished`) teach."""
    return frozenset(c for lesson in lessons if lesson.id in finished for c in lesson.teaches)


def untaught(puzzle: Puzzle, taught: Collection[str]) -> list[str]:
    """The concepts the puzzle needs that are not among `taught`, sorted."""
    return sorted(c for c in step_needs(puzzle) if c not in taught)


def ready(puzzle: Puzzle, taught: Collection[str]) -> bool:
    """Is every concept the puzzle needs taught?"""
    return not untaught(puzzle, taught)


def ready_ids(puzzles: Sequence[Puzzle], lessons: Iterable[Lesson],
              finished: Collection[str]) -> frozenset[str]:
    """The ids of the puzzles a learner who finished these stages is ready for."""
    taught = taught_by(lessons, finished)
    return frozenset(p.id for p in puzzles if ready(p, taught))
