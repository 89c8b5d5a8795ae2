"""Reading a goal from a lesson file, checking it against the step's position.

A goal names table cards, hand cards and moves; each must exist in the
position it is about, so the position is passed in. When the position itself
failed to load, only the goal's shape is checked (the position's errors are
already reported) and no goal is returned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import yaml

from engine import (
    BUILD,
    CAPTURE,
    TRAIL,
    Build,
    Card,
    NotationError,
    Position,
    Rules,
    check,
    parse_attempt,
)
from tutorial_app.course import goals
from tutorial_app.course.goals import Goal
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.yamlsrc import Source, child, item, suggest

_NO_VALUE: Final[dict[str, Callable[[], Goal]]] = {
    "any": goals.AnyMove,
    "most-cards": goals.MostCards,
    "sweep": goals.Sweep,
    "take-build": goals.TakeBuild,
    "no-sweep-left": goals.NoSweepLeft,
}
_EXAMPLES: Final[dict[str, str]] = {
    "capture": "{capture: [5c, 3d]}",
    "capture-at-least": "{capture-at-least: [5c]}",
    "build": "{build: 8}",
    "points-at-least": "{points-at-least: 2}",
    "kind": "{kind: capture}",
    "play": "{play: 8s}",
    "move": '{move: "8s x 5c+3d"}',
    "all": "{all: [sweep, {play: 8s}]}",
    "any-of": "{any-of: [sweep, most-cards]}",
    "not": "{not: {kind: trail}}",
}


class GoalReader:
    """Reads goal nodes for one position (or None when the position did not load)."""

    def __init__(self, src: Source, position: Position | None, rules: Rules) -> None:
        self.src = src
        self.position = position
        self.rules = position.rules if position is not None else rules
        self.ok = True

    def error(self, node: yaml.Node, path: str, message: str) -> None:
        self.ok = False
        self.src.error(node, path, message)

    def read(self, node: yaml.Node, path: str) -> Goal | None:
        """The goal, or None if it (or the position it is about) has a problem."""
        self.ok = True
        goal = self._goal(node, path)
        return goal if self.ok and self.position is not None else None

    def _goal(self, node: yaml.Node, path: str) -> Goal | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == yamlsrc.STR:
            return self._named(node, path, str(node.value))
        if isinstance(node, yaml.MappingNode) and len(node.value) == 1:
            key_node, value_node = node.value[0]
            name = str(key_node.value)
            if name in _NO_VALUE and name != "take-build":
                self.error(key_node, child(path, name),
                           f"goal {name!r} takes no value: write just {name}")
                return None
            reader = _READERS.get(name)
            if reader is None:
                self._unknown(key_node, child(path, name), name)
                return None
            return reader(self, value_node, child(path, name))
        if isinstance(node, yaml.MappingNode):
            self.error(node, path, "a goal has exactly one name; combine goals with "
                       "{all: [...]} or {any-of: [...]}")
            return None
        self.error(node, path, "expected a goal: a name such as most-cards, or a mapping such as "
                   f"{{capture: [5c, 3d]}}; got {yamlsrc.describe_node(node)}")
        return None

    def _named(self, node: yaml.Node, path: str, name: str) -> Goal | None:
        maker = _NO_VALUE.get(name)
        if maker is not None:
            return maker()
        if name in goals.GOAL_NAMES:
            self.error(node, path, f"goal {name!r} needs a value, e.g. {_EXAMPLES[name]}")
        else:
            self._unknown(node, path, name)
        return None

    def _unknown(self, node: yaml.Node, path: str, name: str) -> None:
        self.error(node, path, f"unknown goal {name!r}{suggest(name, goals.GOAL_NAMES)}; goals: "
                   + ", ".join(goals.GOAL_NAMES))

    # ----- goals with a value ----------------------------------------------------------

    def capture(self, node: yaml.Node, path: str, exact: bool = True) -> Goal | None:
        entries = yamlsrc.sequence(self.src, node, path, "[5c, 3d]")
        if entries is None:
            self.ok = False
            return None
        if not entries:
            self.error(node, path, "name at least one table card or build")
            return None
        found: list[Card | Build] = []
        for index, entry in enumerate(entries):
            thing = self._table_item(entry, item(path, index))
            if thing is None:
                continue
            if thing in found:
                self.error(entry, item(path, index), "named twice")
                continue
            found.append(thing)
        kind = goals.Capture if exact else goals.CaptureAtLeast
        return kind(tuple(found))

    def capture_at_least(self, node: yaml.Node, path: str) -> Goal | None:
        return self.capture(node, path, exact=False)

    def _table_item(self, node: yaml.Node, path: str) -> Card | Build | None:
        if isinstance(node, yaml.SequenceNode):  # [5h, 3s] inside the list: a build by cards
            found = [self._card(entry, item(path, i)) for i, entry in enumerate(node.value)]
            cards = [c for c in found if c is not None]
            return self._build(cards, node, path) if len(cards) == len(found) else None
        text = yamlsrc.text(self.src, node, path)
        if text is None:
            self.ok = False
            return None
        if text.strip().startswith("["):
            inner = text.strip().strip("[]")
            if ":" in inner:
                inner = inner.split(":", 1)[1].split("@", 1)[0]
            if inner.strip().isdigit():
                return self._build_by_value(int(inner), node, path)
            try:
                named = [Card.parse(w) for w in inner.replace("+", " ").split()]
            except NotationError as error:
                self.error(node, path, str(error))
                return None
            return self._build(named, node, path)
        card = self._card(node, path)
        if card is None or self.position is None:
            return None
        if card in self.position.loose:
            return card
        for build in self.position.builds:
            if card in build.cards:
                self.error(node, path, f"{card} is part of the build {build.text}; name the whole "
                           f"build, e.g. \"{build.ref}\"")
                return None
        self.error(node, path, f"{card} is not on the table")
        return None

    def _build(self, cards: list[Card], node: yaml.Node, path: str) -> Build | None:
        if self.position is None:
            return None
        wanted = tuple(sorted(cards))
        for build in self.position.builds:
            if build.cards == wanted:
                return build
        self.error(node, path, f"no build of {' '.join(str(c) for c in wanted)} on the table")
        return None

    def _build_by_value(self, value: int, node: yaml.Node, path: str) -> Build | None:
        if self.position is None:
            return None
        matches = [b for b in self.position.builds if b.value == value]
        if len(matches) == 1:
            return matches[0]
        self.error(node, path, f"no build of {value} on the table" if not matches else
                   f"{len(matches)} builds of {value}: name one by its cards")
        return None

    def _card(self, node: yaml.Node, path: str) -> Card | None:
        text = yamlsrc.text(self.src, node, path)
        if text is None:
            self.ok = False
            return None
        try:
            return Card.parse(text)
        except NotationError as error:
            self.error(node, path, str(error))
            return None

    def build(self, node: yaml.Node, path: str) -> Goal | None:
        value = yamlsrc.integer(self.src, node, path, 1, self.rules.max_build)
        if value is None:
            self.ok = False
            return None
        return goals.BuildValue(value)

    def take_build(self, node: yaml.Node, path: str) -> Goal | None:
        value = yamlsrc.integer(self.src, node, path, 1, self.rules.max_build)
        if value is None:
            self.ok = False
            return None
        return goals.TakeBuild(value)

    def points(self, node: yaml.Node, path: str) -> Goal | None:
        value = yamlsrc.integer(self.src, node, path, 1, 30)
        if value is None:
            self.ok = False
            return None
        return goals.PointsAtLeast(value)

    def kind(self, node: yaml.Node, path: str) -> Goal | None:
        value = yamlsrc.text(self.src, node, path)
        kinds = (CAPTURE, BUILD, TRAIL)
        if value is None or value not in kinds:
            if value is not None:
                self.error(node, path, f"kind must be capture, build or trail, not {value!r}")
            self.ok = False
            return None
        return goals.Kind(value)

    def play(self, node: yaml.Node, path: str) -> Goal | None:
        card = self._card(node, path)
        if card is None or self.position is None:
            return None
        if card not in self.position.hand:
            self.error(node, path, f"{card} is not in the hand")
            return None
        return goals.Play(card)

    def move(self, node: yaml.Node, path: str) -> Goal | None:
        text = yamlsrc.text(self.src, node, path)
        if text is None:
            self.ok = False
            return None
        try:
            attempt = parse_attempt(text)
        except NotationError as error:
            self.error(node, path, str(error))
            return None
        if self.position is None:
            return None
        verdict = check(self.position, attempt)
        if not verdict.legal or verdict.move is None:
            self.error(node, path, f"{text!r} is not legal here: {verdict.message}")
            return None
        return goals.ExactMove(verdict.move)

    def all_of(self, node: yaml.Node, path: str) -> Goal | None:
        parts = self._several(node, path)
        return goals.AllOf(tuple(parts)) if parts is not None else None

    def any_of(self, node: yaml.Node, path: str) -> Goal | None:
        parts = self._several(node, path)
        return goals.AnyOf(tuple(parts)) if parts is not None else None

    def _several(self, node: yaml.Node, path: str) -> list[Goal] | None:
        entries = yamlsrc.sequence(self.src, node, path, "[sweep, {play: 8s}]")
        if entries is None:
            self.ok = False
            return None
        if len(entries) < 2:
            self.error(node, path, "combine at least two goals")
            return None
        parts = [self._goal(entry, item(path, i)) for i, entry in enumerate(entries)]
        if any(p is None for p in parts):
            return None
        return [p for p in parts if p is not None]

    def negation(self, node: yaml.Node, path: str) -> Goal | None:
        inner = self._goal(node, path)
        return goals.Not(inner) if inner is not None else None


_READERS: Final[dict[str, Callable[[GoalReader, yaml.Node, str], Goal | None]]] = {
    "capture": GoalReader.capture,
    "capture-at-least": GoalReader.capture_at_least,
    "build": GoalReader.build,
    "take-build": GoalReader.take_build,
    "points-at-least": GoalReader.points,
    "kind": GoalReader.kind,
    "play": GoalReader.play,
    "move": GoalReader.move,
    "all": GoalReader.all_of,
    "any-of": GoalReader.any_of,
    "not": GoalReader.negation,
}
