"""The lesson step kinds, one unit each, in one table.

A kind's module (course/steps/<kind>.py) holds its dataclass, its YAML reader, its
checker (`check(step, answer) -> Feedback`), the concepts it needs, its revealed
answer and how an author reads it; `UNITS` below maps the YAML `kind:` to it. The
Learn page's drawer for each kind is in views/learn.py's `DRAWERS`. Adding a kind:
docs/architecture.md, "Adding a step kind".
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from tutorial_app.course.steps import choose, count, deal, mistake, play, quiz, read, watch
from tutorial_app.course.steps.base import AnswerLine, StepUnit
from tutorial_app.course.steps.choose import ChooseStep
from tutorial_app.course.steps.count import CountStep
from tutorial_app.course.steps.deal import DealStep
from tutorial_app.course.steps.mistake import MistakeStep
from tutorial_app.course.steps.play import PlayStep
from tutorial_app.course.steps.quiz import QuizStep
from tutorial_app.course.steps.read import ReadStep
from tutorial_app.course.steps.watch import WatchStep

if TYPE_CHECKING:
    from tutorial_app.course.model import Puzzle


class StepKind(StrEnum):
    """A lesson step's `kind:`, the same text as in the YAML files."""

    READ = "read"  # text to read, with an optional picture; not scored
    PLAY = "play"  # make a move that meets the goal
    CHOOSE = "choose"  # tick every correct option
    MISTAKE = "mistake"  # name what is wrong with an illegal move
    QUIZ = "quiz"  # pick the value of a fact of the game the engine computes (the deal...)
    DEAL = "deal"  # deal a round by clicking where each packet goes
    COUNT = "count"  # count a hand's points from captured piles, then who wins
    WATCH = "watch"  # a move the board makes by itself, beat by beat; not scored


Step = (ReadStep | PlayStep | ChooseStep | MistakeStep | QuizStep | DealStep | CountStep
        | WatchStep)

UNITS: Final[dict[StepKind, StepUnit[Any]]] = {
    StepKind.READ: read.UNIT,
    StepKind.PLAY: play.UNIT,
    StepKind.CHOOSE: choose.UNIT,
    StepKind.MISTAKE: mistake.UNIT,
    StepKind.QUIZ: quiz.UNIT,
    StepKind.DEAL: deal.UNIT,
    StepKind.COUNT: count.UNIT,
    StepKind.WATCH: watch.UNIT,
}

STEP_KINDS: Final = tuple(StepKind)


def unit(kind: str) -> StepUnit[Any]:
    """The unit of a step kind; a puzzle is checked and shown as a play step."""
    return UNITS[StepKind.PLAY if kind == "puzzle" else StepKind(kind)]


def unit_of(step: Step | Puzzle) -> StepUnit[Any]:
    return unit(step.kind)


def step_needs(step: Step | Puzzle) -> dict[str, str]:
    """Each concept the step needs, with where the need comes from (for the error): its
    unit's answer (the concepts' tables are course/concepts.py, which the units read)."""
    return unit_of(step).needs(step)


def scored(kind: str) -> bool:
    """Is a step of this kind answered and given stars (not only read)?"""
    return unit(kind).scored


__all__ = ["STEP_KINDS", "UNITS", "AnswerLine", "ChooseStep", "CountStep", "DealStep",
           "MistakeStep", "PlayStep", "QuizStep", "ReadStep", "Step", "StepKind", "StepUnit",
           "WatchStep", "scored", "step_needs", "unit", "unit_of"]
