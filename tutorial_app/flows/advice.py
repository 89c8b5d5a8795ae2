"""The computer's advice on a bare position, for the Sandbox and the Classroom
(plain Python, no Streamlit): the counting player's move and the reason in
words (`engine.advice.advise`). Worked out only when the page asks for it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engine import CassinoError, Position
from engine.advice import advise
from tutorial_app.course import words

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Advice:
    move: str    # the move in words, e.g. "8♠ takes 5♣+3♦"
    reason: str  # why, in words


def advice_for(position: Position) -> Advice | None:
    """The advice for the player to move, or None when there is no move to advise
    (no card in hand, or an impossible position, which the page explains itself)."""
    try:
        found = advise(position)
    except CassinoError as error:
        log.debug("no advice for %r: %s", position.text, error)
        return None
    return Advice(words.move(found.move), words.said(found.said, found.reason))
