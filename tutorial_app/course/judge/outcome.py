"""What a learner's try came to: its status, the words the learner reads, the judge's
verdict and the stars.

Apart from the course model so that each step kind's unit (course/steps/) can return
one without importing the model that lists the kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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


def stars(wrong_attempts: int, hints_used: int) -> int:
    """3 for a first try with no hint; 2 with one or two slips (wrong tries plus hint
    levels used); 1 otherwise, which includes being shown the move (hint level 3)."""
    slips = max(wrong_attempts, 0) + max(hints_used, 0)
    if slips == 0:
        return 3
    return 2 if slips <= 2 else 1
