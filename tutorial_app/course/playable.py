"""The part play steps and puzzles share: position, goal, hints, feedback, success.

Here the loader proves what an author cannot easily see: that some legal
move meets the goal (the step can be solved), that some legal move does not
(it can be failed), and that every move named in `feedback:` parses and is
not itself a solution.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import yaml

from engine import (
    REASON_CODES,
    Move,
    NotationError,
    Position,
    ReasonCode,
    Rules,
    check,
    legal_moves,
    parse_attempt,
)
from tutorial_app.course import answers, chance, hints, yamlsrc
from tutorial_app.course.goal_reader import GoalReader
from tutorial_app.course.goals import Goal
from tutorial_app.course.i18n import lesson_text
from tutorial_app.course.model import FeedbackStatus
from tutorial_app.course.positions import read_position
from tutorial_app.course.yamlsrc import Fields, Source, child, suggest

MISSED: Final = FeedbackStatus.MISSED  # the `feedback:` key for a legal move that misses
_LIST_LIMIT = 8


@dataclass(frozen=True)
class Playable:
    position: Position
    goal: Goal
    solutions: tuple[Move, ...]
    hints: tuple[str, str, str]
    feedback: dict[str, str]
    success: str


def read_playable(src: Source, fields: Fields, rules: Rules, key: str) -> Playable | None:
    """Read and prove the playable part of a step or puzzle (None if anything is wrong)."""
    before = len(src.errors)
    position = None
    node = fields.get("position")
    if node is not None:
        position = read_position(src, node, fields.at("position"), rules)
    if position is not None and not position.hand:
        src.error(node, fields.at("position"), "the hand is empty: there is no move to make")
        position = None
    goal = None
    goal_node = fields.get("goal")
    if goal_node is not None:
        goal = GoalReader(src, position, rules).read(goal_node, fields.at("goal"))
    given = _hints(src, fields)
    success = _success(src, fields, key)
    if position is None or goal is None or goal_node is None:
        _feedback(src, fields, None, (), key)
        return None
    found = answers.solutions(position, goal)
    _prove(src, goal_node, fields.at("goal"), position, goal, found, _raw(fields, "prompt"))
    feedback = _feedback(src, fields, position, found, key)
    if len(src.errors) > before or given is None:
        return None
    texts = [lesson_text(f"{key}.hints.{i}", h) for i, h in enumerate(given)]
    return Playable(position, goal, found, hints.complete(texts, goal, found), feedback, success)


def _prove(src: Source, node: yaml.Node, path: str, position: Position, goal: Goal,
           found: tuple[Move, ...], prompt: str) -> None:
    moves = check_moves(position)
    if not found:
        src.error(node, path, "no legal move meets this goal, so the step cannot be solved; "
                  f"the legal moves are: {_listing(moves)}")
    elif len(found) == len(moves) and not goal.legality_only:
        src.error(node, path, f"every legal move meets this goal ({len(moves)} of "
                  f"{len(moves)}), so the step cannot be failed: {_listing(moves)}")
    else:
        for problem in chance.playable_problems(position, goal, found, moves, prompt):
            src.error(node, path, problem)


def _raw(fields: Fields, name: str) -> str:
    node = fields.get(name)
    return str(node.value) if isinstance(node, yaml.ScalarNode) else ""


def check_moves(position: Position) -> list[Move]:
    return list(legal_moves(position))


def _listing(moves: list[Move]) -> str:
    shown = ", ".join(m.text for m in moves[:_LIST_LIMIT])
    more = len(moves) - _LIST_LIMIT
    return f"{shown} and {more} more" if more > 0 else shown


def _hints(src: Source, fields: Fields) -> list[str] | None:
    node = fields.get("hints")
    if node is None:
        return []
    entries = yamlsrc.text_list(src, node, fields.at("hints"), '["a nudge", "the card"]')
    if entries is None:
        return None
    if len(entries) > len(hints.LEVELS):
        src.error(node, fields.at("hints"), "at most three hints: nudge, card, move")
        return None
    return [text for text, _, _ in entries]


def _success(src: Source, fields: Fields, key: str) -> str:
    node = fields.get("success")
    if node is None:
        return ""
    text = yamlsrc.text(src, node, fields.at("success"))
    return lesson_text(f"{key}.success", text) if text is not None else ""


def _feedback(src: Source, fields: Fields, position: Position | None,
              found: tuple[Move, ...], key: str) -> dict[str, str]:
    """`feedback:` keyed by reason code, `missed`, or a move (stored under its match keys)."""
    node = fields.get("feedback")
    out: dict[str, str] = {}
    if node is None:
        return out
    path = fields.at("feedback")
    if not isinstance(node, yaml.MappingNode):
        src.error(node, path, f"expected a mapping of reason code, 'missed' or move to text, "
                  f"got {yamlsrc.describe_node(node)}")
        return out
    seen: set[str] = set()
    for key_node, value_node in node.value:
        name = str(key_node.value)
        entry_path = child(path, name)
        if name in seen:
            src.error(key_node, entry_path, "duplicate key")
            continue
        seen.add(name)
        message = yamlsrc.text(src, value_node, entry_path)
        if message is None:
            continue
        message = lesson_text(f"{key}.feedback.{name}", message)
        for match in _feedback_keys(src, key_node, entry_path, name, position, found):
            out[match] = message
    return out


def _feedback_keys(src: Source, node: yaml.Node, path: str, name: str,
                   position: Position | None, found: tuple[Move, ...]) -> tuple[str, ...]:
    if name == ReasonCode.LEGAL:
        src.error(node, path, "'legal' is not a mistake: use 'missed' for a legal move that "
                  "misses the goal")
        return ()
    if name == MISSED or name in REASON_CODES:
        return (name,)
    try:
        attempt = parse_attempt(name)
    except NotationError as error:
        if " " not in name.strip():
            src.error(node, path, f"unknown reason code {name!r}"
                      f"{suggest(name, [*REASON_CODES[1:], MISSED])}; use a reason code, "
                      "'missed' or a move")
        else:
            src.error(node, path, f"not a reason code, 'missed' or a move: {error}")
        return ()
    if position is None:
        return ()
    verdict = check(position, attempt)
    if verdict.legal and verdict.move in found:
        src.error(node, path, f"{verdict.move.text} meets the goal; feedback is for wrong "
                  "moves (write what a right move hears in success:)")
        return ()
    return answers.feedback_keys(attempt, verdict)
