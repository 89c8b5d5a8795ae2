"""Moves, attempts, and the move notation (docs/notation.md).

A `Move` is an outcome: the card played and exactly what it takes or builds
with. Two groupings with the same outcome are one move, so `groups` is kept
only for display and never compared.

An `Attempt` is what a person tried: possibly naming cards that are not there,
builds by value, or cards counted twice. The judge (`engine.judge`) turns an
attempt into a verdict and, when it is legal, into a `Move`.

A move's kind is a `MoveKind`, a `StrEnum`: `CAPTURE == "capture"`, and it is
written as that same text in JSON, YAML and links.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from engine.cards import Card, format_cards, pretty_cards
from engine.errors import InvalidMoveError, NotationError
from engine.limits import (
    MAX_JSON_DEPTH,
    MAX_NOTATION_LENGTH,
    MAX_NUMBER_DIGITS,
    quoted,
    read_number,
)
from engine.position import Build, build_order
from engine.slots import slot_setter


class MoveKind(StrEnum):
    """The three things a turn can do with the card played (docs/rules.md 3.1)."""

    CAPTURE = "capture"
    BUILD = "build"
    TRAIL = "trail"


# The kinds as plain names. Besides being the engine's older spelling, they are
# faster: on Python 3.11 `MoveKind.CAPTURE` is looked up through the enum's class
# machinery, many times slower than a module name, and the generator and the
# players compare kinds in their inner loops.
CAPTURE: Final = MoveKind.CAPTURE
BUILD: Final = MoveKind.BUILD
TRAIL: Final = MoveKind.TRAIL
KINDS: Final = (CAPTURE, BUILD, TRAIL)


def move_kind(kind: str) -> MoveKind:
    """The `MoveKind` named by `kind` ("capture", "build" or "trail")."""
    if type(kind) is MoveKind:
        return kind
    try:
        return MoveKind(kind)
    except ValueError:
        kinds = ", ".join(KINDS)
        raise InvalidMoveError(f"move kind must be one of {kinds}, not {kind!r}") from None

Item = Card | Build


def item_value(item: Item) -> int:
    """Face arithmetic used only to group cards for display: rank, or a build's value."""
    return item.value if isinstance(item, Build) else item.rank


@dataclass(frozen=True, slots=True)
class Move:
    """A move as its outcome. `builds` are the builds taken (capture) or the one
    existing build a build move goes onto (empty for a new build).

    `kind` is always a `MoveKind` member (text given to the constructor is
    turned into one), so the game loop and the generator may compare kinds by
    identity (`move.kind is CAPTURE`), which is faster than `==` on a str
    subclass."""

    card: Card
    kind: MoveKind
    value: int | None = None
    loose: tuple[Card, ...] = ()
    builds: tuple[Build, ...] = ()
    groups: tuple[tuple[Item, ...], ...] | None = field(default=None, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", move_kind(self.kind))  # "capture" is accepted too
        object.__setattr__(self, "loose", tuple(sorted(self.loose)))
        object.__setattr__(self, "builds", tuple(sorted(self.builds, key=build_order)))

    @classmethod
    def trusted(cls, card: Card, kind: MoveKind, value: int | None, loose: tuple[Card, ...],
                builds: tuple[Build, ...]) -> Move:
        """Build a Move from parts already sorted and valid, `kind` a `MoveKind`
        member (the generator's hot path: the slots are filled directly, skipping
        `__init__` and the sorts)."""
        move = _new_object(cls)
        _set_card(move, card)
        _set_kind(move, kind)
        _set_value(move, value)
        _set_loose(move, loose)
        _set_builds(move, builds)
        _set_groups(move, None)
        return move

    @property
    def target(self) -> Build | None:
        """For a build move: the existing build it goes onto, if any."""
        return self.builds[0] if self.kind == BUILD and self.builds else None

    @property
    def taken_cards(self) -> tuple[Card, ...]:
        """Table cards this move removes from the table into a pile (captures only)."""
        if self.kind is not CAPTURE:
            return ()
        return self.loose + tuple(c for b in self.builds for c in b.cards)

    def display_groups(self) -> tuple[tuple[Item, ...], ...]:
        """The move's groups: as recorded, or one valid grouping found now."""
        if self.groups is not None:
            return self.groups
        items: list[Item] = [*self.builds, *self.loose]
        if self.kind == CAPTURE and self.value:
            found = _group_items(items, self.value)
            if found is not None:
                return found
        return tuple((item,) for item in items)

    # ----- text forms -------------------------------------------------------------

    @property
    def text(self) -> str:
        if self.kind == TRAIL:
            return f"{self.card} t"
        if self.kind == BUILD:
            parts = [f"{self.card} b{self.value}"]
            parts.extend(b.ref for b in self.builds)
            parts.extend(str(c) for c in self.loose)
            return " ".join(parts)
        action = "x14" if self.card.rank == 1 and self.value == 14 else "x"
        groups = " ".join("+".join(_item_text(i) for i in g) for g in self.display_groups())
        return f"{self.card} {action} {groups}".rstrip()

    @property
    def pretty(self) -> str:
        """Plain words for a learner, e.g. ``8♠ takes 8♦, 6♣+2♦``."""
        if self.kind == TRAIL:
            return f"{self.card.pretty} trails"
        if self.kind == BUILD:
            onto = f" onto {self.builds[0].pretty}" if self.builds else ""
            using = f" with {pretty_cards(self.loose, ', ')}" if self.loose else ""
            return f"{self.card.pretty} builds {self.value}{onto}{using}"
        groups = ", ".join("+".join(_item_pretty(i) for i in g) for g in self.display_groups())
        as_14 = " (ace as 14)" if self.card.rank == 1 and self.value == 14 else ""
        return f"{self.card.pretty} takes {groups}{as_14}"

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON form: card, kind, value, loose, builds, text."""
        return {
            "card": str(self.card),
            "kind": self.kind.value,
            "value": self.value if self.kind != TRAIL else None,
            "loose": [str(c) for c in self.loose],
            "builds": [[str(c) for c in b.cards] for b in self.builds],
            "text": self.text,
        }

    def as_attempt(self) -> Attempt:
        if self.kind == BUILD:
            return Attempt(self.card, BUILD, self.value, ((*self.loose,),) if self.loose else (),
                           tuple(self.builds), grouped=False)
        if self.kind == TRAIL:
            return Attempt(self.card, TRAIL)
        return Attempt(self.card, CAPTURE, self.value, self.display_groups(), grouped=True)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        """Pastes back as code, given `from engine import Build, Card, Move`.

        The text form alone is not enough: `[3c 4h]` names a build without its
        value and controller, so only a position can read it (`parse_move`).
        """
        return (f"Move({self.card!r}, {self.kind.value!r}, {self.value!r}, {self.loose!r}, "
                f"{self.builds!r})")


# Slot setters for `Move.trusted`: they bypass the frozen __setattr__ like
# object.__setattr__ does, without looking the attribute up by name each time.
_new_object = object.__new__
_set_card = slot_setter(Move, "card")
_set_kind = slot_setter(Move, "kind")
_set_value = slot_setter(Move, "value")
_set_loose = slot_setter(Move, "loose")
_set_builds = slot_setter(Move, "builds")
_set_groups = slot_setter(Move, "groups")


def _item_text(item: Item | BuildRef) -> str:
    return item.ref if isinstance(item, (Build, BuildRef)) else str(item)


def _item_pretty(item: Item | BuildRef) -> str:
    if isinstance(item, Build):
        return f"the {item.value}-build"
    if isinstance(item, BuildRef):
        return item.ref
    return item.pretty


def _group_items(items: Sequence[Item], value: int) -> tuple[tuple[Item, ...], ...] | None:
    from engine.values import split_into_groups

    split = split_into_groups([item_value(i) for i in items], value)
    if split is None:
        return None
    groups = [tuple(items[i] for i in group) for group in split]
    groups.sort(key=lambda g: (len(g), not isinstance(g[0], Build)))
    return tuple(groups)


@dataclass(frozen=True, slots=True)
class BuildRef:
    """A build as a move names it: by its cards (`[3c 4h]`) or by its value (`[9]`)."""

    cards: tuple[Card, ...] = ()
    value: int | None = None

    @property
    def ref(self) -> str:
        return f"[{format_cards(self.cards)}]" if self.cards else f"[{self.value}]"


AttemptItem = Card | Build | BuildRef


@dataclass(frozen=True, slots=True)
class Attempt:
    """What someone tried to do, legal or not.

    `groups` holds the table items used. With `grouped=True` each inner tuple
    is one group the player meant (notation `6c+2d 5s+3h`); with
    `grouped=False` it is a plain selection, as from clicking cards. For a
    build move, `targets` are the existing builds chosen (legal: at most one).
    `card` is None when no hand card was chosen.
    """

    card: Card | None
    kind: MoveKind
    value: int | None = None
    groups: tuple[tuple[AttemptItem, ...], ...] = ()
    targets: tuple[Build | BuildRef, ...] = ()
    grouped: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", move_kind(self.kind))  # "capture" is accepted too

    @classmethod
    def selection(
        cls,
        card: Card | None,
        kind: MoveKind,
        loose: Sequence[Card] = (),
        builds: Sequence[Build] = (),
        value: int | None = None,
    ) -> Attempt:
        """An attempt from clicks: a hand card, some table cards and builds, an action."""
        if kind == BUILD:
            groups = (tuple(loose),) if loose else ()
            return cls(card, kind, value, groups, tuple(builds), grouped=False)
        items: tuple[AttemptItem, ...] = (*loose, *builds)
        return cls(card, kind, value, (items,) if items else (), grouped=False)

    @property
    def items(self) -> tuple[AttemptItem, ...]:
        return tuple(item for group in self.groups for item in group)

    @property
    def text(self) -> str:
        card = str(self.card) if self.card else "?"
        if self.kind == TRAIL:
            return f"{card} t"
        if self.kind == BUILD:
            value = "" if self.value is None else str(self.value)  # a build with no value
            parts = [f"{card} b{value}", *(_item_text(t) for t in self.targets)]
            parts.extend(_item_text(i) for i in self.items)
            return " ".join(parts)
        action = "x14" if self.value == 14 else "x"
        joiner = "+" if self.grouped else " "
        groups = " ".join(joiner.join(_item_text(i) for i in g) for g in self.groups)
        return f"{card} {action} {groups}".rstrip()


def move_tokens(text: str) -> list[str]:
    """The words of a move: runs of characters between spaces, where a bracketed
    build (`[3h 6s]`) is part of its word, spaces and all. One pass over the text
    (the regular expression this replaces took quadratic time on a run of `[`)."""
    tokens: list[str] = []
    index, end = 0, len(text)
    while index < end:
        if text[index].isspace():
            index += 1
            continue
        start = index
        while index < end and not text[index].isspace():
            if text[index] == "[":
                close = text.find("]", index + 1)
                if close < 0:
                    raise InvalidMoveError(f"a '[' is never closed in move {quoted(text)}")
                index = close
            elif text[index] == "]":
                raise InvalidMoveError(f"a ']' that closes nothing in move {quoted(text)}")
            index += 1
        tokens.append(text[start:index])
    return tokens


def split_plus(token: str) -> list[str]:
    """A capture group's items: cards joined by `+`, and bracketed builds (which
    may stand next to a card without a `+`). One pass; empty items dropped."""
    parts: list[str] = []
    index, end = 0, len(token)
    while index < end:
        if token[index] == "[":
            close = token.find("]", index + 1)
            stop = end if close < 0 else close + 1
            parts.append(token[index:stop])
            index = stop
            continue
        start = index
        while index < end and token[index] not in "+[":
            index += 1
        parts.append(token[start:index])
        if index < end and token[index] == "+":
            index += 1
    return [part for part in parts if part.strip()]


_ACTION_RE: Final = re.compile(r"(x|b|t)([0-9]*)")


def parse_attempt(text: str) -> Attempt:
    """Read move notation into an Attempt; raises InvalidMoveError on bad text.

    Linear in the text, which may be at most MAX_NOTATION_LENGTH characters.

    >>> parse_attempt("8s x 6c+2d 5s+3h").text
    '8s x 6c+2d 5s+3h'
    """
    if len(text) > MAX_NOTATION_LENGTH:
        raise InvalidMoveError(f"move {quoted(text)} is too long: notation is at most "
                               f"{MAX_NOTATION_LENGTH} characters")
    tokens = move_tokens(text)
    if len(tokens) < 2:
        raise InvalidMoveError(
            f"{quoted(text)} is not a move: write CARD x GROUPS, CARD bV CARDS or CARD t "
            "(e.g. '8s x 6c+2d', '3d b8 5c', '5c t')"
        )
    card = _parse_card(tokens[0], text)
    action = _ACTION_RE.fullmatch(tokens[1].lower())
    if action is None:
        raise InvalidMoveError(
            f"{quoted(tokens[1])} in move {quoted(text)}: after the card write x (capture), "
            "bV (build V) or t (trail)"
        )
    letter, number = action.groups()
    rest = tokens[2:]
    if letter == "t":
        if rest or number:
            raise InvalidMoveError(f"move {quoted(text)}: a trail is just 'CARD t'")
        return Attempt(card, TRAIL)
    value = _move_number(number, text) if number else None
    if letter == "b":
        if value is None:
            raise InvalidMoveError(f"move {quoted(text)}: a build says its value, e.g. 'b8'")
        targets = tuple(_parse_ref(tok, text) for tok in rest if tok.startswith("["))
        loose = tuple(
            _parse_card(part, text)
            for tok in rest if not tok.startswith("[")
            for part in tok.split("+") if part
        )
        return Attempt(card, BUILD, value, (loose,) if loose else (), targets, grouped=False)
    groups = tuple(tuple(_parse_item(part, text) for part in split_plus(tok)) for tok in rest)
    return Attempt(card, CAPTURE, value, groups, grouped=True)


def _move_number(number: str, text: str) -> int:
    try:
        return read_number(number, f"the number in move {quoted(text)}")
    except NotationError as error:
        raise InvalidMoveError(str(error)) from None


def _parse_card(token: str, text: str) -> Card:
    try:
        return Card.parse(token)
    except NotationError as error:
        raise InvalidMoveError(f"in move {quoted(text)}: {error}") from None


def _parse_item(token: str, text: str) -> Card | BuildRef:
    return _parse_ref(token, text) if token.startswith("[") else _parse_card(token, text)


def _parse_ref(token: str, text: str) -> BuildRef:
    stripped = token.strip()
    if not stripped.endswith("]"):
        raise InvalidMoveError(f"a '[' is never closed in move {quoted(text)}")
    inner = stripped[1:-1].strip()
    if ":" in inner:  # a full build text [V: cards @P]: keep its cards
        inner = inner.split(":", 1)[1].split("@", 1)[0]
    if inner.isdigit():
        return BuildRef(value=_move_number(inner, text))
    try:
        cards = tuple(Card.parse(w) for w in inner.replace("+", " ").split())
    except NotationError as error:
        raise InvalidMoveError(f"build {quoted(token)} in move {quoted(text)}: {error}") from None
    if not cards:
        raise InvalidMoveError(f"empty build {quoted(token)} in move {quoted(text)}")
    return BuildRef(cards=tuple(sorted(cards)))


def json_depth(text: str) -> int:
    """How deeply the brackets of a JSON text nest (outside its strings), in one
    pass: checked before decoding, which recurses once per level."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _json_int(text: str) -> int:
    return read_number(text.lstrip("-"), "a number in the JSON move") * (
        -1 if text.startswith("-") else 1)


def _json_constant(text: str) -> object:
    raise NotationError(f"{text} is not a number a JSON move can hold")


def read_json_move(text: str) -> object:
    """Decode the text of a JSON move, within the limits: at most
    MAX_NOTATION_LENGTH characters, MAX_JSON_DEPTH levels of brackets and
    MAX_NUMBER_DIGITS digits in a whole number; NaN and Infinity refused."""
    if len(text) > MAX_NOTATION_LENGTH:
        raise InvalidMoveError(f"JSON move {quoted(text)} is too long: notation is at most "
                               f"{MAX_NOTATION_LENGTH} characters")
    if json_depth(text) > MAX_JSON_DEPTH:
        raise InvalidMoveError(f"JSON move {quoted(text)} nests too deeply: at most "
                               f"{MAX_JSON_DEPTH} levels of brackets")
    try:
        return json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except (json.JSONDecodeError, RecursionError) as error:
        raise InvalidMoveError(f"not a JSON move: {error}") from None
    except NotationError as error:
        raise InvalidMoveError(f"JSON move: {error}") from None


def attempt_from_json(data: str | dict[str, Any]) -> Attempt:
    """Read the JSON form that `moves --json` prints back into an Attempt."""
    obj = read_json_move(data) if isinstance(data, str) else data
    try:
        if not isinstance(obj, dict):
            raise InvalidMoveError("a JSON move is an object with card, kind, loose, builds")
        if "text" in obj and not {"card", "kind"} <= obj.keys():
            return parse_attempt(_json_text(obj["text"], "text"))
        card = Card.parse(_json_text(obj["card"], "card"))
        kind = _json_text(obj["kind"], "kind")
        if kind not in KINDS:
            raise InvalidMoveError(f"JSON move kind must be capture, build or trail, not "
                                   f"{quoted(kind)}")
        kind = move_kind(kind)
        value = obj.get("value")
        loose = tuple(Card.parse(_json_text(c, "card")) for c in _json_list(obj, "loose"))
        refs = tuple(BuildRef(cards=tuple(sorted(Card.parse(_json_text(c, "card"))
                                                 for c in _json_list({"build": b}, "build"))))
                     for b in _json_list(obj, "builds"))
        if kind == BUILD:
            return Attempt(card, kind, _int_or_none(value), (loose,) if loose else (), refs,
                           grouped=False)
        if kind == TRAIL:
            return Attempt(card, kind)
        items: tuple[AttemptItem, ...] = (*loose, *refs)
        return Attempt(card, kind, _int_or_none(value), (items,) if items else (), grouped=False)
    except KeyError as error:
        raise InvalidMoveError(f"not a JSON move: it has no {error}") from None
    except InvalidMoveError:
        raise
    except NotationError as error:
        raise InvalidMoveError(f"JSON move: {error}") from None


def _json_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidMoveError(f"JSON move {what} must be text, not {quoted(value)}")
    return value


def _json_list(obj: dict[str, Any], key: str) -> list[object]:
    value = obj.get(key, [])
    if not isinstance(value, list):
        raise InvalidMoveError(f"JSON move {key} must be a list, not {quoted(value)}")
    return value


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < 10 ** MAX_NUMBER_DIGITS:
            raise InvalidMoveError(f"JSON move value {quoted(value)} is out of range")
        return value
    raise InvalidMoveError(f"JSON move value must be a number or null, not {quoted(value)}")
