"""Builds and positions, with their text notation (docs/notation.md).

A `Position` holds exactly what deciding a move needs: the table, the hand of
the player to move, who that is, how many play, the rules, and whether this is
the last play of the hand. A full game (piles, stock, scores) is `game.GameState`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Final, TypeVar

from engine.cards import Card, format_cards, parse_cards, pretty_cards
from engine.errors import InvalidPositionError, NotationError
from engine.limits import MAX_POSITION_CARDS, check_length, quoted, read_number, shown
from engine.rules import CLASSIC, Rules
from engine.slots import slot_setter
from engine.values import split_into_groups, uncovered_values


class BuildKind(StrEnum):
    """A build of one group of cards, or of several groups of its value (5.1)."""

    SINGLE = "single"
    MULTIPLE = "multiple"


@dataclass(frozen=True, slots=True)
class Build:
    """A pile with an announced value and a controller (docs/rules.md 5.1).

    Single or multiple is not stored: it follows from the cards (5.1).
    """

    value: int
    cards: tuple[Card, ...]
    controller: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    @property
    def total(self) -> int:
        """The sum of the build's cards, each counted at its rank (aces 1, 1.5)."""
        return sum(card.rank for card in self.cards)

    @property
    def is_multiple(self) -> bool:
        return self.total != self.value

    @property
    def kind(self) -> BuildKind:
        return BuildKind.MULTIPLE if self.is_multiple else BuildKind.SINGLE

    @property
    def text(self) -> str:
        return f"[{self.value}: {format_cards(self.cards)} @{self.controller}]"

    @property
    def pretty(self) -> str:
        return f"[{self.value}: {pretty_cards(self.cards)}]"

    @property
    def ref(self) -> str:
        """How a move names this build: its cards, e.g. ``[3c 4h]``."""
        return f"[{format_cards(self.cards)}]"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Build.parse({self.text!r})"

    @classmethod
    def parse(cls, text: str) -> Build:
        """Read `[VALUE: CARDS @SEAT]`, in one pass over the text."""
        check_length(text, "the build")
        inner = text.strip()
        value_text, colon, rest = inner[1:-1].partition(":")
        cards_text, at, seat_text = rest.rpartition("@")
        if (not (inner.startswith("[") and inner.endswith("]")) or not colon or not at
                or any(mark in inner[1:-1] for mark in "[]") or "@" in cards_text):
            raise NotationError(
                f"{quoted(text)} is not a build: write [VALUE: CARDS @SEAT], e.g. [8: 5h 3s @1]",
                "build", text=shown(text)
            )
        value = read_number(value_text, f"the value of build {quoted(text)}")
        seat = read_number(seat_text, f"the seat of build {quoted(text)}")
        return cls(value, parse_cards(cards_text), seat)


def table_tokens(text: str) -> list[str]:
    """The table's words: a bracketed build is one word, spaces and all. One pass;
    a `]` that closes nothing is an error (it used to be skipped)."""
    tokens: list[str] = []
    index, end = 0, len(text)
    while index < end:
        char = text[index]
        if char.isspace() or char == ",":
            index += 1
        elif char == "[":
            close = text.find("]", index + 1)
            stop = end if close < 0 else close + 1
            tokens.append(text[index:stop])  # an unclosed build is reported by Build.parse
            index = stop
        elif char == "]":
            raise NotationError(f"a ']' that closes nothing in the table {quoted(text)}",
                                "table-close", text=shown(text))
        else:
            start = index
            while index < end and not (text[index].isspace() or text[index] in ",[]"):
                index += 1
            tokens.append(text[start:index])
    return tokens


def parse_table(text: str) -> tuple[tuple[Card, ...], tuple[Build, ...]]:
    """Read the `table:` field: loose cards and `[V: cards @P]` builds in any order."""
    check_length(text, "the table")
    loose: list[Card] = []
    builds: list[Build] = []
    for token in table_tokens(text):
        if token == "-":
            continue
        if token.startswith("["):
            builds.append(Build.parse(token))
        else:
            loose.append(Card.parse(token))
    return tuple(sorted(loose)), tuple(sorted(builds, key=build_order))


def table_cards(loose: tuple[Card, ...], builds: tuple[Build, ...]) -> tuple[Card, ...]:
    """Every card on a table, loose or in a build (the residue at the end of a hand)."""
    return loose + tuple(c for b in builds for c in b.cards)


def build_order(build: Build) -> tuple[int, tuple[Card, ...]]:
    """The canonical order of builds on a table and in a move: by value, then cards."""
    return (build.value, build.cards)


@dataclass(frozen=True, slots=True)
class Position:
    """Everything one move depends on. Immutable; `engine.apply` makes the next one."""

    loose: tuple[Card, ...] = ()
    builds: tuple[Build, ...] = ()
    hand: tuple[Card, ...] = ()
    seat: int = 0
    players: int = 2
    rules: Rules = CLASSIC
    last: bool = False
    other_hands: tuple[tuple[int, tuple[Card, ...]], ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "loose", tuple(sorted(self.loose)))
        object.__setattr__(self, "builds", tuple(sorted(self.builds, key=build_order)))
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        others = tuple(sorted((s, tuple(sorted(h))) for s, h in self.other_hands))
        object.__setattr__(self, "other_hands", others)

    @classmethod
    def trusted(cls, loose: tuple[Card, ...], builds: tuple[Build, ...], hand: tuple[Card, ...],
                seat: int, players: int, rules: Rules, last: bool,
                other_hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()) -> Position:
        """A position from parts already in canonical (sorted) order: the game loop
        keeps them so, and skipping the sort matters in its inner loop."""
        position = _new_object(cls)
        _set_loose(position, loose)
        _set_builds(position, builds)
        _set_hand(position, hand)
        _set_seat(position, seat)
        _set_players(position, players)
        _set_rules(position, rules)
        _set_last(position, last)
        _set_other_hands(position, other_hands)
        return position

    # ----- derived facts ---------------------------------------------------------

    @property
    def table_cards(self) -> tuple[Card, ...]:
        """Every card on the table, loose or in a build."""
        return table_cards(self.loose, self.builds)

    @property
    def table_empty(self) -> bool:
        return not self.loose and not self.builds

    def controlled_builds(self, seat: int | None = None) -> tuple[Build, ...]:
        who = self.seat if seat is None else seat
        return tuple(b for b in self.builds if b.controller == who)

    def hand_of(self, seat: int) -> tuple[Card, ...] | None:
        if seat == self.seat:
            return self.hand
        return dict(self.other_hands).get(seat)

    def with_changes(self, **changes: object) -> Position:
        return replace(self, **changes)  # type: ignore[arg-type]

    # ----- validation ------------------------------------------------------------

    def problems(self) -> list[str]:
        """Why this position cannot occur, in plain English; empty when it is fine."""
        return [problem.message for problem in self.issues()]

    def issues(self) -> list[Problem]:
        """Why this position cannot occur, as codes and facts (a translated page words
        them, `Problem`); empty when it is fine."""
        found: list[Problem] = []
        if not 2 <= self.players <= 4:
            found.append(Problem("players", f"players must be 2, 3 or 4, not {self.players}",
                                 {"players": self.players}))
        if not 0 <= self.seat < max(self.players, 1):
            found.append(Problem("seat", f"seat {self.seat} does not exist with {self.players} "
                                 "players", {"seat": self.seat, "players": self.players}))
        found.extend(_duplicate_problems(self))
        for build in self.builds:
            found.extend(build_issues(build, self.rules, self.players))
        for seat, _ in self.other_hands:
            if seat == self.seat or not 0 <= seat < self.players:
                found.append(Problem("hand-seat", f"hand {seat}: not another player's seat",
                                     {"seat": seat}))
        if self.rules.keep_capture_card and self.rules.builds:
            missing = uncovered_values(self.controlled_builds(), self.hand, self.rules)
            if missing:
                values = ", ".join(str(v) for v in missing)
                found.append(Problem(
                    "uncovered",
                    f"seat {self.seat} controls a build of {values} but holds no card to take "
                    "it (7.1)", {"seat": self.seat, "values": values}))
        if not self.rules.builds and self.builds:
            found.append(Problem("builds-off",
                                 "builds are on the table but the rules have builds=off", {}))
        return found

    def validated(self) -> Position:
        problems = self.problems()
        if problems:
            raise InvalidPositionError(f"impossible position {quoted(self.text, 500)}: "
                                       + "; ".join(problems))
        return self

    # ----- text form -------------------------------------------------------------

    @property
    def text(self) -> str:
        table = " ".join([format_cards(self.loose), *(b.text for b in self.builds)]).strip()
        parts = [f"table: {table or '-'}", f"hand: {format_cards(self.hand) or '-'}"]
        if self.seat != 0:
            parts.append(f"seat: {self.seat}")
        if self.players != 2:
            parts.append(f"players: {self.players}")
        if self.rules != CLASSIC:
            parts.append(f"rules: {self.rules.text}")
        if self.last:
            parts.append("last")
        parts.extend(
            f"hand {seat}: {format_cards(cards) or '-'}" for seat, cards in self.other_hands
        )
        return "; ".join(parts)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Position.parse({self.text!r})"

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read the position notation; raises NotationError naming the bad field.

        At most MAX_NOTATION_LENGTH characters and MAX_POSITION_CARDS cards
        (engine/limits.py); whether the cards can occur together is `problems()`."""
        check_length(text, "the position")
        fields_seen: dict[str, str] = {}
        for raw in text.split(";"):
            part = raw.strip()
            if not part:
                continue
            key, sep, value = part.partition(":")
            key = " ".join(key.lower().split())
            if not sep:
                if key == "last":
                    fields_seen["last"] = "true"
                    continue
                raise NotationError(f"{quoted(part)} in position: fields are written "
                                    "'key: value'", "position-field", text=shown(part))
            if key in fields_seen:
                raise NotationError(f"field {quoted(key)} appears twice in position "
                                    f"{quoted(text)}", "position-twice", field=shown(key))
            fields_seen[key] = value.strip()
        return _position_from_fields(fields_seen, text)


_T = TypeVar("_T")
_KNOWN_FIELDS: Final = ("table", "hand", "seat", "players", "rules", "last")


# Slot setters for `Position.trusted`, which bypass the frozen __setattr__.
_new_object = object.__new__
_set_loose = slot_setter(Position, "loose")
_set_builds = slot_setter(Position, "builds")
_set_hand = slot_setter(Position, "hand")
_set_seat = slot_setter(Position, "seat")
_set_players = slot_setter(Position, "players")
_set_rules = slot_setter(Position, "rules")
_set_last = slot_setter(Position, "last")
_set_other_hands = slot_setter(Position, "other_hands")


def _position_from_fields(values: dict[str, str], text: str) -> Position:
    others: list[tuple[int, tuple[Card, ...]]] = []
    for key, value in values.items():
        hand_match = _OTHER_HAND.fullmatch(key)
        if hand_match:
            others.append((int(hand_match.group(1)), _field(key, value, parse_cards)))
        elif key not in _KNOWN_FIELDS:
            raise NotationError(
                f"unknown field {quoted(key)} in position {quoted(text)}; fields: table, hand, "
                "seat, players, rules, last, hand N", "position-unknown", field=shown(key)
            )
    if "table" not in values:
        raise NotationError(f"position {quoted(text)} has no 'table:' field",
                            "position-no-table")
    loose, builds = _field("table", values["table"], parse_table)
    seat = _field("seat", values.get("seat", "0"), _whole_number)
    hand = _field("hand", values.get("hand", ""), parse_cards)
    count = len(loose) + sum(len(b.cards) for b in builds) + len(hand)
    count += sum(len(h) for _, h in others)
    if count > MAX_POSITION_CARDS:
        raise NotationError(f"position {quoted(text)} has {count} cards: a position holds at "
                            f"most {MAX_POSITION_CARDS}, one pack", "position-cards",
                            count=count, limit=MAX_POSITION_CARDS)
    own = [h for s, h in others if s == seat]
    if own and not hand:
        hand = own[0]
    return Position(
        loose=loose,
        builds=builds,
        hand=hand,
        seat=seat,
        players=_field("players", values.get("players", "2"), _whole_number),
        rules=_field("rules", values.get("rules", "classic"), Rules.parse),
        last="last" in values,
        other_hands=tuple((s, h) for s, h in others if s != seat),
    )


_OTHER_HAND: Final = re.compile(r"hand ([0-9])")


def _whole_number(text: str) -> int:
    return read_number(text, "the value")


def _field(key: str, value: str, reader: Callable[[str], _T]) -> _T:
    try:
        return reader(value)
    except ValueError as error:
        raise NotationError(f"position field {key!r}: {error}",
                            getattr(error, "code", ""), **getattr(error, "facts", {})) from None


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a position cannot occur: a code with its facts, for a page to word in its own
    language (as python-chess returns a status, not a sentence), and the English
    `message` the CLI and the engine's errors read."""

    code: str
    message: str
    facts: dict[str, str | int] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


def build_problems(build: Build, rules: Rules, players: int) -> list[str]:
    """Why a build could not exist under these rules (5.1-5.3), in English."""
    return [problem.message for problem in build_issues(build, rules, players)]


def build_issues(build: Build, rules: Rules, players: int) -> list[Problem]:
    """Why a build could not exist under these rules (5.1-5.3), as codes and facts."""
    name = build.text
    known: dict[str, str | int] = {"value": build.value, "cards": pretty_cards(build.cards)}
    problems: list[Problem] = []
    if len(build.cards) < 2:
        problems.append(Problem("build-short", f"{name}: a build has at least two cards", known))
    if not 0 <= build.controller < players:
        problems.append(Problem("build-seat", f"{name}: seat {build.controller} is not at the "
                                "table", {**known, "seat": build.controller}))
    values = [rules.table_value(card) for card in build.cards]
    if any(v is None for v in values):
        problems.append(Problem("build-court", f"{name}: court cards have no value in classic "
                                "and never build (1.3)", known))
        return problems
    if not 1 <= build.value <= rules.max_build:
        problems.append(Problem("build-too-high", f"{name}: no build can have value "
                                f"{build.value} (max {rules.max_build})",
                                {**known, "top": rules.max_build}))
    elif split_into_groups([v for v in values if v is not None], build.value) is None:
        problems.append(Problem(
            "build-split", f"{name}: its cards total {build.total}, which cannot be split into "
            f"groups of {build.value}", {**known, "total": build.total}))
    return problems


def _duplicate_problems(position: Position) -> list[Problem]:
    """A card in two places; the code names the two kinds of place (`twice.table-hand`),
    so each language writes its own sentence with its own prepositions."""
    seen: dict[Card, tuple[str, int]] = {}
    problems: list[Problem] = []
    places: list[tuple[str, int, Iterable[Card]]] = [("table", 0, position.table_cards),
                                                     ("hand", 0, position.hand)]
    places.extend(("other", s, h) for s, h in position.other_hands)
    english = {"table": "the table", "hand": "the hand"}
    for place, seat, cards in places:
        for card in cards:
            if card in seen:
                first, first_seat = seen[card]
                said = [english.get(p, f"hand {n}") for p, n in ((first, first_seat),
                                                                (place, seat))]
                problems.append(Problem(
                    f"twice.{first}-{place}", f"{card} appears twice ({said[0]} and {said[1]})",
                    {"card": card.pretty, "seat": first_seat, "other": seat}))
            seen[card] = (place, seat)
    return problems


