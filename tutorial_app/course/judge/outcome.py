"""What a learner's try came to: its status, the words the learner reads, the judge's
verdict and the stars.

Apart from the course model so that each step kind's unit (course/steps/) can return
one without importing the model that lists the kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine import Move, Verdict
from tutorial_app.words import words


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
class Feedback:
    """The answer to a learner's try, judged once: the page shows it, it never asks again.

    `message` is what the learner reads: the lesson author's words for this move or
    reason when they wrote some, else the judge's explanation or the goal's account of
    the miss. `verdict` is the engine judge's own answer about the move (its reason
    code, its words naming the cards, the rule of docs/rules.md it rests on), kept even
    when the author's words replace it; None for a choose step and for text that is
    not a move. For a mistake step it is the judge's verdict on the move shown.
    `stars` (0-3, `stars()` below) counts only when the status is CORRECT.
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


REVEALED: Final = 3  # the hint level that shows the answer itself (course/hints.py: the move)


def free_tries(answers: int) -> int:
    """The wrong tries a step forgives before its third star, at a step offering
    `answers` different answers (one of them right): half of the wrong ones, rounded
    down. A learner who tries the answers in turn until one is right has been shown the
    answer by elimination; one who tried at most half of them was exploring."""
    return max(answers - 1, 0) // 2


def stars(wrong_attempts: int, hints_used: int, *, answers: int) -> int:
    """Stars reward solving without help, not a right first try.

    3: solved without a hint, after at most `free_tries(answers)` wrong tries (none at
    a step of two answers, one at three or four, two at five or six...: trying every
    answer in turn never earns 3); 2: solved after a hint short of the answer, or after
    more wrong tries than that; 1: solved once shown the answer (hint level 3, the move).

    Why: formative feedback helps a novice when it is non-evaluative and keeps the
    attention on the task; a grade attached to every slip turns it to the self and
    away from learning, and mistakes are a normal part of learning (Shute, 2008,
    "Focus on Formative Feedback", Review of Educational Research 78(1), 153-189, and
    the studies it reviews, Butler 1987 among them). Exploring first and being told
    why is productive (Kapur, 2008, "Productive failure"). So a wrong try the judge
    explains costs nothing while it is exploring; what the stars measure is how much
    help the solve took (the assistance a tutor gave: hints, then the answer), and
    `answers` bounds the tries so that blind guessing does not pass for exploring.
    """
    if hints_used >= REVEALED:
        return 1
    if hints_used > 0 or wrong_attempts > free_tries(answers):
        return 2
    return 3
