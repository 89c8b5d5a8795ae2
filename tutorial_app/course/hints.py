"""Three levels of hint, as on lichess: a nudge, the card to play, the move.

Authors may write any of them; the missing ones are made from the goal and
the computed solutions, so every play step and puzzle has all three.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Move
from tutorial_app.course.goals import Goal
from tutorial_app.words import words
from tutorial_app.words.i18n import join_or, t

LEVELS = ("nudge", "card", "move")


def generated(goal: Goal, solutions: Sequence[Move]) -> tuple[str, str, str]:
    """The hints the engine can give by itself for this goal and these answers."""
    if not solutions:
        return (goal.nudge(), "", "")
    cards = sorted({m.card for m in solutions})
    if len(cards) == 1:
        card = t("hint.card", card=cards[0].pretty)
    else:
        card = t("hint.cards", cards=join_or([c.pretty for c in cards]))
    key = "hint.move" if len(solutions) == 1 else "hint.one-move"
    return (goal.nudge(), card, t(key, move=words.move(solutions[0])))


def complete(given: Sequence[str], goal: Goal, solutions: Sequence[Move]) -> tuple[str, str, str]:
    """The author's hints, with the missing levels filled in."""
    made = generated(goal, solutions)
    nudge, card, move = (given[i] if i < len(given) else made[i] for i in range(3))
    return (nudge, card, move)
