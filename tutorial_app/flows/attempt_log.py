"""Every try a learner makes goes into the attempt log, so a teacher can read
homework move by move: the move in notation, what the try was worth (the feedback's
status) and the judge's reason code.

Logging never stands in the learner's way: a store without the log (a test's fake)
or a store that fails is passed over, the cause logged.
"""

from __future__ import annotations

import logging

from engine import Attempt
from tutorial_app.course.model import Feedback
from tutorial_app.services import faults
from tutorial_app.services.faults import STORE_FAULTS

log = logging.getLogger(__name__)


def notation(attempt: Attempt, feedback: Feedback) -> str:
    """The move as the judge read it (canonical), else as it was tried."""
    verdict = feedback.verdict
    if verdict is not None and verdict.move is not None:
        return verdict.move.text
    return attempt.text


def log_attempt(store: object, learner_id: int | None, kind: str, ref: str, attempt: Attempt,
                feedback: Feedback) -> None:
    """Record one try (kind "step" with ref "lesson/step", or "puzzle" with its id)."""
    log_answer(store, learner_id, kind, ref, notation(attempt, feedback), feedback)


def log_answer(store: object, learner_id: int | None, kind: str, ref: str, answer: str,
               feedback: Feedback) -> None:
    """Record one try given as text: a move, or what a choose, mistake or quiz step's
    learner picked."""
    record = getattr(store, "record_attempt", None)
    if learner_id is None or record is None:
        return
    try:
        record(learner_id, kind, ref, answer, str(feedback.status), feedback.code or "")
    except STORE_FAULTS as error:
        faults.report(error, "recording an attempt")
