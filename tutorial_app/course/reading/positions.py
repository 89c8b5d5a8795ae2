"""Positions in lesson files: engine notation as one string, or a mapping.

The lesson's `rules:` apply to every position that does not name its own, so
a royal lesson need not repeat `rules: royal` in each step. Impossible
positions (duplicate cards, builds whose cards do not make their value, a
controller who could never take their build) are errors, found by the
engine's own `Position.problems()`. So is a position whose legal moves would
take the generator more work than one request may do (engine/limits.py): the
app would refuse it on every visit, so the author hears of it here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeVar

import yaml

from engine import Build, Card, CassinoError, NotationError, Position, Rules, legal_moves
from engine.cards import parse_cards
from engine.position import parse_table
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.yamlsrc import Source, item

_T = TypeVar("_T")
_RULES_FIELD: Final = re.compile(r"(?:^|;)\s*rules\s*:", re.IGNORECASE)
MAPPING_KEYS: Final = ("table", "builds", "hand", "seat", "players", "rules", "last")


def read_position(src: Source, node: yaml.Node, path: str, rules: Rules) -> Position | None:
    """A checked position, or None after recording every problem with it."""
    if isinstance(node, yaml.MappingNode):
        position = _from_mapping(src, node, path, rules)
    else:
        position = _from_text(src, node, path, rules)
    if position is None:
        return None
    try:
        problems = position.problems()
        if not problems:
            legal_moves(position)  # within the engine's work limit; kept for the checks
    except CassinoError as error:  # TooMuchWorkError: a limit of engine/limits.py
        src.error(node, path, str(error))
        return None
    for problem in problems:
        src.error(node, path, f"impossible position: {problem}")
    return None if problems else position


def _from_text(src: Source, node: yaml.Node, path: str, rules: Rules) -> Position | None:
    text = yamlsrc.text(src, node, path)
    if text is None:
        return None
    try:
        position = Position.parse(text)
    except NotationError as error:
        src.error(node, path, str(error))
        return None
    if not _RULES_FIELD.search(text):
        position = position.with_changes(rules=rules)
    return position


def _from_mapping(src: Source, node: yaml.Node, path: str, rules: Rules) -> Position | None:
    fields = yamlsrc.mapping(src, node, path, ["table"], MAPPING_KEYS[1:], "a position")
    if fields is None:
        return None
    ok = True
    loose: list[Card] = []
    builds: list[Build] = []
    table = fields.get("table")
    if table is not None:
        ok &= _table_into(src, table, fields.at("table"), loose, builds)
    build_node = fields.get("builds")
    if build_node is not None:
        entries = yamlsrc.text_list(src, build_node, fields.at("builds"), '["[8: 5h 3s @1]"]')
        ok &= entries is not None
        for text, entry, entry_path in entries or []:
            parsed = _parse(src, entry, entry_path, Build.parse, text)
            ok &= parsed is not None
            if parsed is not None:
                builds.append(parsed)
    hand: list[Card] = []
    hand_node = fields.get("hand")
    if hand_node is not None:
        ok &= _cards_into(src, hand_node, fields.at("hand"), hand)
    values: dict[str, int] = {"seat": 0, "players": 2}
    for key, low, high in (("seat", 0, 3), ("players", 2, 4)):
        value_node = fields.get(key)
        if value_node is not None:
            number = yamlsrc.integer(src, value_node, fields.at(key), low, high)
            ok &= number is not None
            values[key] = number if number is not None else values[key]
    seat, players = values["seat"], values["players"]
    rules_node = fields.get("rules")
    if rules_node is not None:
        rules_text = yamlsrc.text(src, rules_node, fields.at("rules"))
        parsed_rules = _parse(src, rules_node, fields.at("rules"), Rules.parse, rules_text)
        ok &= parsed_rules is not None
        rules = parsed_rules or rules
    last = False
    last_node = fields.get("last")
    if last_node is not None:
        flag = yamlsrc.boolean(src, last_node, fields.at("last"))
        ok &= flag is not None
        last = bool(flag)
    if not ok or table is None:
        return None
    return Position(loose=tuple(loose), builds=tuple(builds), hand=tuple(hand), seat=seat,
                    players=players, rules=rules, last=last)


def _parse(src: Source, node: yaml.Node, path: str, reader: Callable[[str], _T],
           text: str | None) -> _T | None:
    """Run an engine reader on a text, turning its NotationError into a lesson error."""
    if text is None:
        return None
    try:
        return reader(text)
    except ValueError as error:
        src.error(node, path, str(error))
        return None


def _table_into(src: Source, node: yaml.Node, path: str, loose: list[Card],
                builds: list[Build]) -> bool:
    """`table:` as notation text (`5c 3d [8: 5h 3s @1]`) or as a list of cards and builds."""
    if isinstance(node, yaml.SequenceNode):
        ok = True
        for index, entry in enumerate(node.value):
            entry_path = item(path, index)
            text = yamlsrc.text(src, entry, entry_path)
            if text is not None and text.strip().startswith("["):
                build = _parse(src, entry, entry_path, Build.parse, text)
                ok &= build is not None
                builds.extend([build] if build is not None else [])
            else:
                card = _parse(src, entry, entry_path, Card.parse, text)
                ok &= card is not None
                loose.extend([card] if card is not None else [])
        return ok
    text = yamlsrc.text(src, node, path)
    parsed = _parse(src, node, path, parse_table, text)
    if parsed is None:
        return False
    loose.extend(parsed[0])
    builds.extend(parsed[1])
    return True


def _cards_into(src: Source, node: yaml.Node, path: str, cards: list[Card]) -> bool:
    """`hand:` as notation text (`8s 3h`, `-`) or as a list of cards."""
    if isinstance(node, yaml.SequenceNode):
        ok = True
        for index, entry in enumerate(node.value):
            entry_path = item(path, index)
            card = _parse(src, entry, entry_path, Card.parse, yamlsrc.text(src, entry, entry_path))
            ok &= card is not None
            cards.extend([card] if card is not None else [])
        return ok
    parsed = _parse(src, node, path, parse_cards, yamlsrc.text(src, node, path))
    cards.extend(parsed or ())
    return parsed is not None
