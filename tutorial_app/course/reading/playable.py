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
    Attempt,
    Move,
    NotationError,
    Position,
    ReasonCode,
    Rules,
    Verdict,
    check,
    legal_moves,
    parse_attempt,
)
from tutorial_app.course import hints
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge import answers, feedback
from tutorial_app.course.judge.outcome import FeedbackStatus
from tutorial_app.course.proofs import chance, clicks, truth
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.goal_reader import GoalReader
from tutorial_app.course.reading.positions import read_position
from tutorial_app.course.reading.yamlsrc import Fields, Source, child, suggest
from tutorial_app.words.i18n import lesson_text, t

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
    if src.proofs and len(src.errors) == before and given is not None:
        truth.report(src, fields, truth.playable_faults(
            position, goal, found, rules, _raw(fields, "prompt") or t("puzzle.prompt",
                                                                      goal=goal.describe()),
            given, _raw(fields, "success"), feedback, src.proofs))
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
    """`feedback:` keyed by a move, by reason code + move kind (+ card), or by `missed`
    (see course/judge/feedback.py), each entry proved reachable and true for every click
    attempt it is shown for."""
    node = fields.get("feedback")
    out: dict[str, str] = {}
    if node is None:
        if position is not None and src.proofs:
            _prove_feedback(src, fields.get("position"), fields.at("position"), position, found,
                            out, {})
        return out
    path = fields.at("feedback")
    if not isinstance(node, yaml.MappingNode):
        src.error(node, path, f"expected a mapping of reason code, 'missed' or move to text, "
                  f"got {yamlsrc.describe_node(node)}")
        return out
    before = len(src.errors)
    seen: set[str] = set()
    where: dict[str, tuple[yaml.Node, str, str]] = {}
    for key_node, value_node in node.value:
        name = str(key_node.value)
        entry_path = child(path, name)
        if name in seen:
            src.error(key_node, entry_path, "duplicate key")
            continue
        seen.add(name)
        message = yamlsrc.text(src, value_node, entry_path)
        if message is None or not _fields_known(src, value_node, entry_path, message):
            continue
        message = lesson_text(f"{key}.feedback.{name}", message)
        for match in _feedback_keys(src, key_node, entry_path, name, position, found):
            out[match] = message
            where.setdefault(match, (key_node, entry_path, name))
    if position is not None and src.proofs and len(src.errors) == before:
        _prove_feedback(src, node, path, position, found, out, where)
    return out


def _fields_known(src: Source, node: yaml.Node, path: str, message: str) -> bool:
    try:
        used = feedback.fields_in(message)
    except ValueError as error:
        src.error(node, path, f"a '{{' or '}}' out of place ({error}); write '{{{{' and "
                  "'}}' for a brace, or a field such as {played}")
        return False
    unknown = [name for name in used if name not in feedback.FIELDS]
    if unknown:
        hint = suggest(unknown[0], feedback.FIELDS)
        known = ", ".join("{" + f + "}" for f in feedback.FIELDS)
        src.error(node, path, f"unknown field {{{unknown[0]}}}{hint}; the fields are {known}")
        return False
    return True


def _feedback_keys(src: Source, node: yaml.Node, path: str, name: str,
                   position: Position | None, found: tuple[Move, ...]) -> tuple[str, ...]:
    if name == ReasonCode.LEGAL or name.split()[:1] == [ReasonCode.LEGAL.value]:
        src.error(node, path, "'legal' is not a mistake: use 'missed' for a legal move that "
                  "misses the goal")
        return ()
    parsed = feedback.parse_key(name)
    if isinstance(parsed, str):
        src.error(node, path, parsed)
        return ()
    if isinstance(parsed, feedback.EntryKey):
        if parsed.card is not None and position is not None and parsed.card not in position.hand:
            src.error(node, path, f"{parsed.card.pretty} is not in the hand, so no attempt "
                      "plays it")
            return ()
        return (parsed.text,)
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


def _prove_feedback(src: Source, node: yaml.Node | None, path: str, position: Position,
                    found: tuple[Move, ...], out: dict[str, str],
                    where: dict[str, tuple[yaml.Node, str, str]]) -> None:
    """Every click attempt of the step, answered by the matching rules: each entry must
    be reached, fit every attempt it answers, and a bare code must answer one kind."""
    shown: dict[str, int] = {}
    kinds: dict[str, set[str]] = {}
    wrong: dict[str, str] = {}
    uncovered: list[str] = []
    for attempt, verdict in clicks.judged_attempts(position):
        solved = verdict.legal and verdict.move in found
        chosen = feedback.choose(out, attempt, verdict, solved, found)
        if chosen is None:
            if not solved and not verdict.legal and (
                    verdict.code == ReasonCode.UNEXPLAINED
                    or not feedback.names_a_card(verdict.message, position, attempt)):
                uncovered.append(attempt.text)
            continue
        entry, text = chosen
        shown[entry] = shown.get(entry, 0) + 1
        kinds.setdefault(entry, set()).add(str(attempt.kind))
        if entry not in wrong:
            why = _misfit(text, position, attempt, verdict, found)
            if why:
                wrong[entry] = f"shown for {attempt.text!r}, where it is not true: {why}"
            again = _restates(text, position, attempt, verdict)
            if again:
                wrong[entry] = (f"shown for {attempt.text!r} after the judge's words, it says "
                                f"again {again!r}: write what the judge does not say")
    reported: set[str] = set()
    for key_node, entry_path, name in where.values():
        if name in reported:
            continue
        entries = [e for e, (_, _, n) in where.items() if n == name]
        if not any(e in shown for e in entries):
            reported.add(name)
            src.error(key_node, entry_path, "never shown: " + _unreached(name))
            continue
        for e in entries:
            if e in wrong:
                reported.add(name)
                src.error(key_node, entry_path, wrong[e])
                break
            many = sorted(kinds.get(e, ()))
            if e.split() == [e] and e != MISSED and len(many) > 1:
                reported.add(name)
                src.error(key_node, entry_path, f"shown for {' and '.join(many)} attempts; key "
                          f"it by the move kind: {', '.join(repr(e + ' ' + k) for k in many)}")
                break
    if uncovered:
        src.error(node, path, f"no text fits {uncovered[0]!r}: the judge's words do not name "
                  "what is wrong with it (or none of its cards); add an entry for it")


def _misfit(text: str, position: Position, attempt: Attempt, verdict: Verdict,
            found: tuple[Move, ...]) -> str | None:
    values = feedback.facts(position, attempt)
    for name in feedback.fields_in(text):
        if not values.get(name):
            return f"{{{name}}} is empty for this attempt"
    return feedback.contradiction(feedback.render(text, values), position, attempt, verdict,
                                  found)


def _restates(text: str, position: Position, attempt: Attempt,
              verdict: Verdict) -> str | None:
    """The judge's sentence an entry read after it repeats (an entry naming a card of
    the try replaces the judge's words instead, so it may say them its own way)."""
    if verdict.legal:
        return None
    rendered = feedback.render(text, feedback.facts(position, attempt))
    if feedback.names_a_card(rendered, position, attempt):
        return None
    return feedback.restated(rendered, verdict.message)


def _unreached(name: str) -> str:
    parsed = feedback.parse_key(name)
    if isinstance(parsed, feedback.EntryKey):
        what = "a legal move that misses the goal" if parsed.code == MISSED else \
            f"the reason {parsed.code!r}"
        kind = f" from a {parsed.kind}" if parsed.kind else ""
        card = f" with {parsed.card.pretty}" if parsed.card else ""
        return f"no click attempt in this step gets {what}{kind}{card}"
    return "no click attempt in this step makes this move"
