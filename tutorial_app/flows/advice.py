"""The computer's advice on a bare position, for the Sandbox and the Classroom
(plain Python, no Streamlit): the counting player's move and the reason in
words (`engine.advice.advise`). Worked out only when the page asks for it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engine import CassinoError, Position
from engine.advice import advise
from engine.errors import TooMuchWorkError
from tutorial_app.words import words

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Advice:
    move: str    # the move in words, e.g. "8♠ takes 5♣+3♦"
    reason: str  # why, in words
    # The search gave up at the work limit (engine/limits.py): the page says so rather
    # than showing nothing, so a teacher knows the advice was asked for and refused.
    too_much_work: bool = False


def advice_for(position: Position) -> Advice | None:
    """The advice for the player to move, or None when there is no move to advise
    (no card in hand, or an impossible position, which the page explains itself)."""
    try:
        found = advise(position)
    except TooMuchWorkError as error:
        log.debug("advice refused for %r: %s", position.text, error)
        return Advice("", "", too_much_work=True)
    except CassinoError as error:
        log.debug("no advice for %r: %s", position.text, error)
        return None
    return Advice(words.move(found.move), words.said(found.said, found.reason))
