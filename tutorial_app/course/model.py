"""What a loaded course is made of: lessons, steps, puzzles, and feedback.

Everything here is frozen data, built once by the loader after validation,
so the app can hold and share it freely. Answers are not written by lesson
authors: `solutions` and `correct` are computed from the engine at load time.

Each step kind's dataclass lives with its reader and checker in course/steps/; they
are named here too, beside the lesson that holds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from engine import Move, Position, Rules
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus
from tutorial_app.course.steps import (
    STEP_KINDS,
    ChooseStep,
    MistakeStep,
    PlayStep,
    QuizStep,
    ReadStep,
    Step,
    StepKind,
)

THEMES: Final = (
    "pairing", "sum", "multiple-capture", "court-cards", "build", "raise", "multiple-build",
    "take-build", "controller", "sweep", "mistake", "endgame", "scoring", "strategy", "royal",
    "variant", "add-to-build", "ace-high",
)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    summary: str
    rules: Rules
    requires: tuple[str, ...]
    steps: tuple[Step, ...]
    file: str = ""
    practice: tuple[str, ...] = ()  # puzzle themes to practise once the lesson is done
    teaches: tuple[str, ...] = ()  # concepts (course/concepts.py) this lesson introduces
    chapter: str = ""  # the lesson file's title, when this is one of its stages
    stage: int = 1  # which stage of the chapter (course/reading/stages.py)
    stages: int = 1  # how many stages the chapter has

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(f"lesson {self.id!r} has no step {step_id!r}")


@dataclass(frozen=True)
class Puzzle:
    """A position and a goal, with themes and a difficulty; checked like a play step."""

    id: str
    set_id: str
    title: str
    prompt: str
    position: Position
    goal: Goal
    themes: tuple[str, ...]
    difficulty: int
    hints: tuple[str, str, str]
    feedback: dict[str, str] = field(default_factory=dict, compare=False)
    success: str = ""
    solution_moves: tuple[Move, ...] = field(default=(), repr=False)
    key: str = ""
    kind: Literal["puzzle"] = "puzzle"


@dataclass(frozen=True)
class PuzzleSet:
    id: str
    title: str
    summary: str
    rules: Rules
    puzzles: tuple[Puzzle, ...]
    file: str = ""


__all__ = ["STEP_KINDS", "THEMES", "ChooseStep", "Feedback", "FeedbackStatus", "Lesson",
           "MistakeStep", "PlayStep", "Puzzle", "PuzzleSet", "QuizStep", "ReadStep", "Step",
           "StepKind"]
