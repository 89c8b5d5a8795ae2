"""What a loaded course is made of: lessons, steps, puzzles, and feedback.

Everything here is frozen data, built once by the loader after validation,
so the app can hold and share it freely. Answers are not written by lesson
authors: `solutions` and `correct` are computed from the engine at load time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Literal

from engine import Move, Position, Rules, Verdict
from tutorial_app.course import words
from tutorial_app.course.goals import Goal

THEMES: Final = (
    "pairing", "sum", "multiple-capture", "court-cards", "build", "raise", "multiple-build",
    "take-build", "controller", "sweep", "mistake", "endgame", "scoring", "strategy", "royal",
    "variant", "add-to-build", "ace-high",
)


class StepKind(StrEnum):
    """A lesson step's `kind:`, the same text as in the YAML files."""

    READ = "read"  # text to read, with an optional picture; not scored
    PLAY = "play"  # make a move that meets the goal
    CHOOSE = "choose"  # tick every correct option
    MISTAKE = "mistake"  # name what is wrong with an illegal move
    QUIZ = "quiz"  # pick the value of a fact of the game the engine computes (the deal...)


STEP_KINDS: Final = tuple(StepKind)


class FeedbackStatus(StrEnum):
    """How a learner's try went. Not to be confused with the judge's reason codes:
    the judge says *why* a move is not allowed (`wrong-sum`, ..., and `illegal` when it
    cannot say); the status says what the try was worth to the lesson."""

    CORRECT = "correct"  # the goal is met, the right options ticked, the right reason named
    MISSED = "missed"  # a legal move that misses the goal, or a wrong pick (the YAML
    #                    feedback key `missed` is this text)
    NOT_ALLOWED = "not-allowed"  # a move the rules forbid: the verdict says why
    UNREADABLE = "unreadable"  # typed text that is not move notation at all (no verdict)


@dataclass(frozen=True)
class ReadStep:
    """Text to read, with an optional picture of a position."""

    id: str
    text: str
    position: Position | None = None
    key: str = ""  # translation key prefix, e.g. "lesson.sums.steps.idea"
    kind: Literal[StepKind.READ] = StepKind.READ


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
    kind: Literal[StepKind.PLAY] = StepKind.PLAY


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
    kind: Literal[StepKind.CHOOSE] = StepKind.CHOOSE
    hints: tuple[str, ...] = ()  # made from the options: what to check, how many, one answer

    @property
    def single(self) -> bool:
        """One correct option: the learner picks one (radio), not ticks several."""
        return len(self.correct) == 1


@dataclass(frozen=True)
class MistakeStep:
    """Name what is wrong with an illegal move; the answer is the judge's reason code."""

    id: str
    prompt: str
    position: Position
    move: str
    verdict: Verdict  # the judge's, on the move shown (computed when the lesson is loaded)
    choices: tuple[tuple[str, str], ...]
    move_words: str = ""  # the move in the learner's words
    success: str = ""
    key: str = ""
    kind: Literal[StepKind.MISTAKE] = StepKind.MISTAKE
    hints: tuple[str, ...] = ()  # made from the move: where to look, one wrong choice, the rule

    @property
    def answer(self) -> str:
        """The reason code the learner should name."""
        return self.verdict.code

    @property
    def explanation(self) -> str:
        """The judge's explanation, shown once answered, in the learner's language."""
        return words.verdict(self.verdict)

    @property
    def rule(self) -> str | None:
        return self.verdict.rule


@dataclass(frozen=True)
class QuizStep:
    """Pick the value of a fact of the game (the deal, the stock, who wins): the engine
    computes it (course/facts.py), the author only lists the choices."""

    id: str
    prompt: str
    fact: str  # a name of course/facts.py
    rules: Rules
    choices: tuple[tuple[str, str], ...]  # (value as text, what the learner reads)
    answer: str  # the value, as text, the engine computed
    success: str = ""
    key: str = ""
    position: None = None
    kind: Literal[StepKind.QUIZ] = StepKind.QUIZ
    wrong: tuple[tuple[str, str], ...] = ()  # (value, why that choice is wrong), each wrong one


Step = ReadStep | PlayStep | ChooseStep | MistakeStep | QuizStep


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
    stage: int = 1  # which stage of the chapter (course/stages.py)
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


@dataclass(frozen=True)
class Feedback:
    """The answer to a learner's try, judged once: the page shows it, it never asks again.

    `message` is what the learner reads: the lesson author's words for this move or
    reason when they wrote some, else the judge's explanation or the goal's account of
    the miss. `verdict` is the engine judge's own answer about the move (its reason
    code, its words naming the cards, the rule of docs/rules.md it rests on), kept even
    when the author's words replace it; None for a choose step and for text that is
    not a move. For a mistake step it is the judge's verdict on the move shown.
    `stars` (0-3) counts only when the status is CORRECT.
    """

    status: FeedbackStatus
    message: str
    verdict: Verdict | None = None
    stars: int = 0

    @property
    def correct(self) -> bool:
        return self.status is FeedbackStatus.CORRECT

    @property
    def code(self) -> str | None:
        """The judge's reason code ("legal" for any legal move), if there is a verdict."""
        return self.verdict.code if self.verdict is not None else None

    @property
    def move(self) -> Move | None:
        """The move as the judge understood it, when the try named a definite one."""
        return self.verdict.move if self.verdict is not None else None

    @property
    def rule(self) -> str | None:
        """The number of the rule in docs/rules.md behind the verdict, e.g. "4.1"."""
        return self.verdict.rule if self.verdict is not None else None

    @property
    def judge_words(self) -> str | None:
        """The judge's own explanation, whoever wrote `message`, in the learner's language."""
        return words.verdict(self.verdict) if self.verdict is not None else None
