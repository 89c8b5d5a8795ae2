"""The English words of replies that lead (course/judge/lead.py, judge/moves.py), part
of the app's catalogue (words/i18n.py finds every messages_*.py module).

A try with the right card and the wrong action is told the card is right and what to
do with it; a miss in a position with few legal moves is told the kind of goal, not
the answer (`goal.brief.*`); a goal that only asks for a kind of move gets no clause
saying the move's kind again.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # the card the answer plays, and what to do with it
    "lead.right-card.capture": "The {card} is right: capture with it.",
    "lead.right-card.build": "The {card} is right: build {value} with it.",
    "lead.right-card.trail": "The {card} is right: trail it.",
    # a legal miss with the right card: the move, why it misses, then the lead
    "feedback.missed-lead": "{move}: {why}. {lead}",
    "feedback.missed-plain-lead": "{move}. {lead}",
    # a legal miss whose goal asks only for a kind of move ("2♦ trails. The goal: build.")
    "feedback.missed-plain": "{move}. The goal: {goal}.",
    # the goal without the answer's cards, when few legal moves are left
    "goal.brief.capture": "take the cards the task names",
    "goal.brief.play": "play the card the task names",
    "goal.brief.move.capture": "make the capture the task asks for",
    "goal.brief.move.build": "make the build the task asks for",
    "goal.brief.move.trail": "trail the card the task asks for",
    # a mistake step's move trails a card of the table, not of the hand
    "mistake.not.trail-table-card": "{card} lies on the table, not in the hand: a card is "
                                    "trailed from the hand.",
}
