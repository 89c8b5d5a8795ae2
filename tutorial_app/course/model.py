"""What a loaded course is made of: lessons, steps, puzzles, and feedback.

Everything here is frozen data, built once by the loader after validation,
so the app can hold and share it freely. Answers are not written by lesson
authors: `solutions` and `correct` are computed from the engine at load time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from engine import Move, Position, Rules
from tutorial_app.course.goals import Goal

THEMES: Final = (
    "pairing", "sum", "multiple-capture", "court-cards", "build", "raise", "multiple-build",
    "take-build", "controller", "sweep", "mistake", "endgame", "scoring", "strategy", "royal",
    "variant",
)
STEP_KINDS: Final = ("read", "play", "choose", "mistake")
Status = Literal["correct", "missed", "illegal"]


@dataclass(frozen=True)
class ReadStep:
    """Text to read, with an optional picture of a position."""

    id: str
    text: str
    position: Position | None = None
    key: str = ""  # translation key prefix, e.g. "lesson.sums.steps.idea"
    kind: Literal["read"] = "read"


@dataclass(frozen=True)
class PlayStep:
    """Make a move on the position that meets the goal."""

    id: str
    prompt: str
    position: Position
    goal: Goal
    hints: tuple[str, str, str]
    feedback: dict[str, str] = field(default_factory=dict, compare=False)
    success: str = ""
    solution_moves: tuple[Move, ...] = field(default=(), repr=False)
    key: str = ""
    kind: Literal["play"] = "play"


@dataclass(frozen=True)
class ChooseStep:
    """Pick every correct option; which are correct is computed by the engine."""

    id: str
    prompt: str
    position: Position | None
    options: tuple[str, ...]
    correct: frozenset[int]
    option_moves: tuple[str, ...] = ()  # the options as written (move notation)
    explanations: tuple[str, ...] = ()  # why each option is or is not correct
    success: str = ""
    key: str = ""
    kind: Literal["choose"] = "choose"


@dataclass(frozen=True)
class MistakeStep:
    """Name what is wrong with an illegal move; the answer is the judge's reason code."""

    id: str
    prompt: str
    position: Position
    move: str
    answer: str
    choices: tuple[tuple[str, str], ...]
    move_words: str = ""  # the move in the learner's words
    explanation: str = ""  # the judge's explanation, shown once answered
    rule: str | None = None
    success: str = ""
    key: str = ""
    kind: Literal["mistake"] = "mistake"


Step = ReadStep | PlayStep | ChooseStep | MistakeStep


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


@dataclass(frozen=True)
class Feedback:
    """The answer to a learner's try. `stars` counts only when status is "correct"."""

    status: Status
    message: str
    code: str | None = None
    move: Move | None = None
    stars: int = 0
    rule: str | None = None  # the RULES.md number behind an illegal move, when known

    @property
    def correct(self) -> bool:
        return self.status == "correct"
