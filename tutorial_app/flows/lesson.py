"""The lesson path and a lesson's score (plain Python, no Streamlit).

A lesson is *open* when every lesson it requires is finished, *locked*
otherwise, *done* once finished. Its stars are the rounded mean of the stars
of its scored steps (play, choose, mistake); read steps are not scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Protocol

from engine import Position
from tutorial_app.services.store import LessonProgress

if TYPE_CHECKING:
    from tutorial_app.course import Feedback

DONE: Final = "done"
OPEN: Final = "open"
LOCKED: Final = "locked"


class _StepLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...


class _LessonLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def requires(self) -> tuple[str, ...]: ...
    @property
    def steps(self) -> Sequence[_StepLike]: ...


def scored_steps(lesson: _LessonLike) -> list[str]:
    return [step.id for step in lesson.steps if step.kind != "read"]


def lesson_stars(lesson: _LessonLike, step_stars: Mapping[str, int]) -> int:
    """0-3: the rounded mean over scored steps (3 for a lesson with only reading)."""
    scored = scored_steps(lesson)
    if not scored:
        return 3
    total = sum(step_stars.get(step_id, 0) for step_id in scored)
    return int(total / len(scored) + 0.5)


def unsolved(lesson: _LessonLike, step_stars: Mapping[str, int]) -> list[str]:
    return [step_id for step_id in scored_steps(lesson) if step_id not in step_stars]


@dataclass(frozen=True, slots=True)
class PathEntry:
    lesson: _LessonLike
    state: str
    stars: int
    solved: int
    total: int
    missing: tuple[str, ...]  # titles of required lessons not finished yet

    @property
    def started(self) -> bool:
        return self.solved > 0


def lesson_path(lessons: Sequence[_LessonLike],
                progress: Mapping[str, LessonProgress]) -> list[PathEntry]:
    titles = {lesson.id: lesson.title for lesson in lessons}
    entries: list[PathEntry] = []
    for lesson in lessons:
        mine = progress.get(lesson.id, LessonProgress())
        missing = tuple(titles.get(req, req) for req in lesson.requires
                        if not progress.get(req, LessonProgress()).completed)
        state = DONE if mine.completed else (LOCKED if missing else OPEN)
        scored = scored_steps(lesson)
        solved = sum(1 for step_id in scored if step_id in mine.steps)
        entries.append(PathEntry(lesson, state, mine.stars, solved, len(scored), missing))
    return entries


def star_text(stars: int, out_of: int = 3) -> str:
    stars = max(0, min(stars, out_of))
    return "★" * stars + "☆" * (out_of - stars)


@dataclass(frozen=True)
class StepTry:
    """The learner's work on the step on screen (kept in session state; defined here,
    not in the page script, so the class survives the script's reruns)."""

    lesson: str
    step: str
    wrong: int = 0
    hints: int = 0
    feedback: Feedback | None = None
    after: Position | None = None
    chosen: frozenset[int] = field(default_factory=frozenset)
    judge: str | None = None  # the judge's own words about the last try

    @property
    def solved(self) -> bool:
        return self.feedback is not None and self.feedback.correct
