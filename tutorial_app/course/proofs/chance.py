"""Steps that cannot be passed by chance: each step's right answer is not a likely guess.

A play step or puzzle teaches nothing if a guess passes it: so it needs at least
MIN_LEGAL_MOVES legal moves, and fewer than half of them may meet the goal. (A goal
that tests legality alone, `any`, is exempt: its chance lies in the illegal tries.)
A prompt that asks for the best ("as many points as you can") must have a goal met
by exactly the best moves by the step's own scoring. A spot-the-mistake prompt must
not give its answer away by naming the answer's key words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from engine import Move, Position
from tutorial_app.course import goals as g
from tutorial_app.course.scene import Scene

MIN_LEGAL_MOVES: Final = 3
BEST_WORDS: Final = re.compile(r"\b(as many|as much|the most|most points|best|highest)\b",
                               re.IGNORECASE)

# reason code -> words that, in the prompt, name the answer
KEY_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "card-not-in-hand": ("not in", "not hold", "does not have"),
    "not-on-table": ("not on the table", "no such card"),
    "ambiguous": ("which build", "two builds of", "ambiguous"),
    "part-of-build": ("out of the build", "break", "apart"),
    "card-used-twice": ("twice", "same card", "counted"),
    "capture-nothing": ("no table cards", "nothing"),
    "wrong-sum": ("add up", "adds up", "total"),
    "bad-capture-value": ("as 14", "classic game", "in the classic"),
    "number-takes-court": ("number card",),
    "court-by-sum": ("as if", "by adding", "were 11", "were 12", "were 13"),
    "court-takes-more-than-one": ("both queens", "both kings", "both jacks", "more than one",
                                  "only one"),
    "build-wrong-value": ("wrong value",),
    "build-in-sum": ("plus the", "in a sum"),
    "builds-off": ("in this variant", "no building", "builds off"),
    "court-cannot-build": ("court card",),
    "build-no-table-cards": ("alone", "no table cards"),
    "build-without-played-card": ("with them", "played card"),
    "build-too-high": ("too high", "too much"),
    "build-not-held": ("keep", "kept", "holding"),
    "raise-multiple": ("multiple", "two groups"),
    "loose-changes-build": ("loose",),
    "two-builds": ("both", "join", "merge", "together"),
    "trail-with-table-cards": ("table cards",),
    "trail-while-controlling": ("control",),
    "leaves-build-uncovered": ("control", "only", "leave the build"),
}


def playable_problems(position: Position, goal: g.Goal, found: tuple[Move, ...],
                      moves: list[Move], prompt: str) -> Iterator[str]:
    """Why a guess would pass this step, if it would."""
    if goal.legality_only:
        return
    listing = ", ".join(m.text for m in moves)
    if len(moves) < MIN_LEGAL_MOVES:
        yield (f"only {len(moves)} legal move(s) ({listing}): a guess passes too often; "
               f"give the hand more cards (at least {MIN_LEGAL_MOVES} legal moves)")
    elif 2 * len(found) >= len(moves):
        yield (f"{len(found)} of the {len(moves)} legal moves meet this goal: a guess passes "
               "half the time or more; narrow the goal or add choices")
    if prompt and BEST_WORDS.search(prompt):
        best = best_points_problem(position, goal)
        if best:
            yield best


def best_points_problem(position: Position, goal: g.Goal) -> str | None:
    """A points goal under a prompt that asks for the best must ask for the best."""
    wanted = _points(goal)
    if wanted is None:
        return None
    best = Scene(position).best_points
    if wanted != best:
        return (f"the prompt asks for the best, but the goal accepts {wanted} point(s) where "
                f"the best move scores {best}: write points-at-least: {best}")
    return None


def _points(goal: g.Goal) -> int | None:
    if isinstance(goal, g.PointsAtLeast):
        return goal.points
    if isinstance(goal, g.AllOf):
        for part in goal.goals:
            found = _points(part)
            if found is not None:
                return found
    return None


def prompt_gives_away(prompt: str, answer: str) -> str | None:
    """The key word of the answer that the prompt names, if it names one."""
    low = prompt.lower()
    for word in KEY_WORDS.get(answer, ()):
        if re.search(rf"\b{re.escape(word)}\b", low):
            return word
    return None
