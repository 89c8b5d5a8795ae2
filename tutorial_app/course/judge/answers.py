"""Which moves meet a goal, and how a written move is matched to feedback.

Shared by the loader (which must prove each step solvable and fail-able, and
check the moves that feedback is keyed on) and by the checker (which looks
the learner's attempt up in the same way), so the two cannot drift apart.
"""

from __future__ import annotations

from engine import Attempt, BuildRef, Move, Position, Verdict
from tutorial_app.course.goals import Goal
from tutorial_app.course.scene import Scene


def solutions(position: Position, goal: Goal) -> tuple[Move, ...]:
    """The legal moves that meet the goal, in the generator's order."""
    scene = Scene(position)
    return tuple(m for m in scene.moves if goal.met(scene.trial(m)))


def attempt_key(attempt: Attempt) -> str:
    """A written form that ignores grouping and order: `8s capture 6c 3h`."""
    items = sorted(_text(i) for i in attempt.items)
    targets = sorted(_text(i) for i in attempt.targets)
    value = "" if attempt.value is None else str(attempt.value)
    return " ".join([str(attempt.card), attempt.kind, value, *targets, "|", *items])


def feedback_keys(attempt: Attempt, verdict: Verdict) -> tuple[str, ...]:
    """The keys under which feedback for this attempt may be stored: the outcome's
    canonical text when the judge could name one, and the attempt's own form."""
    keys = [attempt_key(attempt)]
    if verdict.move is not None:
        keys.insert(0, verdict.move.text)
    return tuple(keys)


def _text(thing: object) -> str:
    if isinstance(thing, BuildRef):
        return thing.ref
    ref = getattr(thing, "ref", None)
    return str(ref) if isinstance(ref, str) else str(thing)
