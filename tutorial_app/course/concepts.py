"""Concepts: what a lesson teaches and what a step needs, so nothing is used before
it is taught.

A lesson declares `teaches: [sum, ...]`. What a step *needs* is not written by the
author but derived here from what the step asks of the learner:

- its solution moves (a concept every solution uses: a trail, a sum, a raise...);
- its goal (a sweep goal needs `sweep`, a points goal `scoring`...);
- its settings (each setting that differs from the classic game, e.g.
  `face_values=royal`, is a concept of its own);
- what its position shows: a build needs `build`, a multiple build
  `multiple-build`, a build the player to move controls `controller`;
- the reason codes of its plausible wrong tries and of every choice the learner
  reads (the reason codes its `feedback:` answers, a mistake step's answer and
  choices, a choose step's illegal options): a step that explains
  `trail-while-controlling` needs `controller`; an ace counted 14, as a move or as
  the choice `bad-capture-value`, needs `ace_high=true`.

The course checker (course.py) then reports a step that needs a concept no lesson
on its path (the lesson itself and everything it requires) teaches.
"""

from __future__ import annotations

from dataclasses import fields
from enum import StrEnum
from typing import Final

from engine import CLASSIC, Move, Position, Rules
from engine.moves import BUILD, TRAIL
from engine.position import Build
from tutorial_app.course import goals as g

ACE_HIGH: Final = 14  # an ace played to capture may count 14 with ace_high (1.5)
CONCEPTS: Final = (
    "values", "trail", "pair", "sum", "several-groups", "court-capture", "build",
    "take-build", "raise", "multiple-build", "add-to-build", "controller", "sweep",
    "last-cards", "scoring", "deal", "game-end", "strategy",
)

# reason code -> the concept a learner must know to see why a try is wrong
REASON_CONCEPTS: Final[dict[str, str]] = {
    "wrong-sum": "pair", "card-used-twice": "several-groups", "trail-with-table-cards": "trail",
    "number-takes-court": "values", "court-by-sum": "court-capture",
    "court-takes-more-than-one": "court-capture", "court-cannot-build": "build",
    "build-wrong-value": "take-build", "build-in-sum": "take-build",
    "part-of-build": "take-build", "ambiguous": "take-build", "build-no-table-cards": "build",
    "build-without-played-card": "build", "build-too-high": "build",
    "build-not-held": "build", "raise-multiple": "multiple-build",
    "loose-changes-build": "raise", "two-builds": "raise",
    "trail-while-controlling": "controller", "leaves-build-uncovered": "controller",
    "builds-off": "builds=off", "bad-capture-value": "ace_high=true",
}


def _setting_values() -> dict[str, list[str]]:
    from engine.settings import SETTING
    values: dict[str, list[str]] = {}
    for field in fields(Rules):
        default = getattr(CLASSIC, field.name)
        record = SETTING.get(field.name)
        if record is not None and isinstance(record.default, StrEnum):
            choices = [text for text, value in record.values if value != default]
        elif isinstance(default, bool):
            choices = [setting_text(field.name, not default)]
        elif field.name == "target":
            choices = ["hand", "11", "61"]
        elif record is not None:  # a number with its own values: sweep_points=2
            choices = [text for text, value in record.values if value != default]
        else:
            continue
        values[field.name] = choices
    return values


def setting_text(name: str, value: object) -> str:
    """A setting's value as the rules notation writes it (`sweeps=off`, `target=hand`),
    the one spelling the concepts and the stats report both use."""
    if name in ("sweeps", "builds"):
        return "on" if value else "off"
    if value is None:
        return "hand"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def known(concept: str) -> bool:
    """A concept a lesson may declare in `teaches:`."""
    if concept in CONCEPTS:
        return True
    name, _, _ = concept.partition("=")
    return "=" in concept and name in _setting_values()


def rules_concepts(rules: Rules) -> dict[str, str]:
    """The settings that differ from the classic game, as concepts."""
    out: dict[str, str] = {}
    for field in fields(Rules):
        value = getattr(rules, field.name)
        if value != getattr(CLASSIC, field.name):
            out[f"{field.name}={setting_text(field.name, value)}"] = "its rules"
    return out


def move_concepts(move: Move, position: Position) -> set[str]:
    """What a learner must know to choose this move."""
    if move.kind is TRAIL:
        return {"trail"}
    if move.kind is BUILD:
        target = move.target
        if target is None:
            built = sum(c.rank for c in move.loose) + move.card.rank
            return {"build", "multiple-build"} if move.value and built != move.value else {
                "build"}
        if move.value != target.value:
            return {"build", "raise"}
        return {"build", "multiple-build", "add-to-build"}
    out: set[str] = set()
    groups = move.display_groups()
    if len(groups) > 1 and any(len(group) > 1 for group in groups):
        out.add("several-groups")
    rules = position.rules
    if move.card.is_court and not rules.royal:
        out.add("court-capture")
    for group in groups:
        if any(isinstance(item, Build) for item in group):
            out.add("take-build")
        if len(group) > 1:
            out.add("sum")
        elif not isinstance(group[0], Build):
            out.add("pair" if not (group[0].is_court and not rules.royal) else "court-capture")
    return out


def goal_concepts(goal: g.Goal) -> dict[str, str]:
    """Concepts a goal names (a sweep goal needs to know what a sweep is)."""
    out: dict[str, str] = {}
    if isinstance(goal, (g.Sweep, g.NoSweepLeft)):
        out["sweep"] = f"its goal ({goal.name})"
    elif isinstance(goal, g.PointsAtLeast):
        out["scoring"] = f"its goal ({goal.name})"
    elif isinstance(goal, g.TakeBuild):
        out["take-build"] = f"its goal ({goal.name})"
    elif isinstance(goal, g.BuildValue):
        out["build"] = f"its goal ({goal.name})"
    elif isinstance(goal, g.Kind) and goal.kind in ("trail", "build"):
        out[goal.kind] = f"its goal (kind: {goal.kind})"
    elif isinstance(goal, (g.AllOf, g.AnyOf)):
        for part in goal.goals:
            out.update(goal_concepts(part))
    return out


def position_concepts(position: Position) -> dict[str, str]:
    """What a position shows that a learner must know to read it: a build, a multiple
    build, a build the player to move controls, the last play of the hand."""
    out: dict[str, str] = {}
    if position.builds:
        out["build"] = "a build in its position"
    if any(b.is_multiple for b in position.builds):
        out["multiple-build"] = "a multiple build in its position"
    if position.controlled_builds():
        out["controller"] = "a build the player to move controls in its position"
    if position.last:
        out["last-cards"] = "the last play of the hand"
    return out
