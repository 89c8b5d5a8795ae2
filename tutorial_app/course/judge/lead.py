"""A try with the right card and the wrong action is told so, and led to the action.

A learner who picks the very card an answer plays, then trails it where it should
capture (or captures where it should build, or builds the wrong value), has found
half the answer. A reply that asks "which of your cards is worth 6?" turns her away
from it; the reply says instead that the card is right and what to do with it
("The 6♠ is right: capture with it."). Feedback entries written for any card of a
kind (`missed trail`, `wrong-sum capture`) were written for the wrong card, so they
do not answer such a try (judge/feedback.py); entries keyed by the card or the move
itself still do, and `validate` holds them to never asking which card
(course/proofs/truth.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from engine import BUILD, Attempt, Move
from tutorial_app.words.i18n import t

# A question that sends the learner looking for another card ("Which of your cards is
# worth 6?", "Which card adds 5?"): the English the lessons are written in.
ASKS_WHICH_CARD: Final = re.compile(r"\bwhich\b[^.!?]*\bcards?\b[^.!?]*\?", re.IGNORECASE)


def _action(kind: str, value: int | None) -> tuple[str, int | None]:
    """What a try does with its card: its kind, and a build's value."""
    return kind, value if kind == BUILD else None


def right_card(attempt: Attempt, solutions: Sequence[Move]) -> Move | None:
    """The answer that plays the try's card, when the try plays an answer's card with
    another action than every answer with that card (None otherwise: the card is not
    an answer's, or the action is right and only the cards chosen are wrong)."""
    if attempt.card is None:
        return None
    same = [m for m in solutions if m.card == attempt.card]
    done = _action(str(attempt.kind), attempt.value)
    if not same or any(_action(str(m.kind), m.value) == done for m in same):
        return None
    return same[0]


def lead(answer: Move) -> str:
    """'The 6♠ is right: capture with it.' for the answer that plays the 6♠."""
    value = answer.value if answer.kind == BUILD else None
    return t(f"lead.right-card.{answer.kind}", card=answer.card.pretty, value=value)


def asks_which_card(text: str) -> str | None:
    """The question in `text` that asks which card to play, or None."""
    found = ASKS_WHICH_CARD.search(text)
    return found.group(0) if found else None
