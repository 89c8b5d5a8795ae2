"""The sandbox's logic: editing a position card by card, and a line of moves
to step through (plain Python, no Streamlit).

Editing works on an engine `Position` directly: a card clicked into the
table, the hand or a build being assembled is first taken out of wherever it
was, so a card is never in two places. After a move the turn passes to the
next seat only when that seat's hand is known; otherwise the same player goes
on with the cards left, which is what a learner exploring a position wants.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

from engine import (
    Build,
    Card,
    Move,
    Position,
    Rules,
    apply_move,
    full_deck,
    legal_moves,
    pass_turn,
)
from engine.position import build_problems

TABLE: Final = "table"
HAND: Final = "hand"
BUILD: Final = "build"
PLACES: Final = (TABLE, HAND, BUILD)

START_POSITION: Final = "table: 3d 5c 9h Kh; hand: 3h 8s Kc"


def remove_card(position: Position, card: Card) -> Position:
    """The position without this card (a build it was in is broken up: its other cards
    go back to the table as loose cards)."""
    builds: list[Build] = []
    loose = [c for c in position.loose if c != card]
    for build in position.builds:
        if card in build.cards:
            loose.extend(c for c in build.cards if c != card)
        else:
            builds.append(build)
    hand = tuple(c for c in position.hand if c != card)
    others = tuple((s, tuple(c for c in h if c != card)) for s, h in position.other_hands)
    return replace(position, loose=tuple(loose), builds=tuple(builds), hand=hand,
                   other_hands=others)


def place_card(position: Position, card: Card, where: str) -> Position:
    """Put a card on the table or in the hand, taking it from wherever it was."""
    base = remove_card(position, card)
    if where == TABLE:
        return replace(base, loose=(*base.loose, card))
    if where == HAND:
        return replace(base, hand=(*base.hand, card))
    raise ValueError(f"cards are placed on the table or in the hand, not {where!r}")


def remove_build(position: Position, build: Build) -> Position:
    return replace(position, builds=tuple(b for b in position.builds if b != build))


def used_cards(position: Position, pending: Sequence[Card] = ()) -> frozenset[Card]:
    hands = [c for _, h in position.other_hands for c in h]
    return frozenset((*position.table_cards, *position.hand, *hands, *pending))


def free_cards(position: Position, pending: Sequence[Card] = ()) -> tuple[Card, ...]:
    used = used_cards(position, pending)
    return tuple(c for c in full_deck() if c not in used)


@dataclass(frozen=True, slots=True)
class BuildResult:
    position: Position
    problems: tuple[str, ...] = ()


def add_build(position: Position, cards: Sequence[Card], value: int,
              controller: int) -> BuildResult:
    """Make a build of these cards on the table, if such a build could exist."""
    build = Build(value, tuple(cards), controller)
    problems = build_problems(build, position.rules, position.players)
    if problems:
        return BuildResult(position, tuple(problems))
    base = position
    for card in cards:
        base = remove_card(base, card)
    return BuildResult(replace(base, builds=(*base.builds, build)))


def with_rules(position: Position, rules: Rules) -> Position:
    """Change the rules; builds that the new rules forbid are broken up into loose cards."""
    changed = replace(position, rules=rules)
    keep: list[Build] = []
    loose = list(changed.loose)
    for build in changed.builds:
        if rules.builds and not build_problems(build, rules, changed.players):
            keep.append(build)
        else:
            loose.extend(build.cards)
    return replace(changed, loose=tuple(loose), builds=tuple(keep))


def with_players(position: Position, players: int, seat: int) -> Position:
    seat = min(max(seat, 0), players - 1)
    builds = tuple(replace(b, controller=min(b.controller, players - 1))
                   for b in position.builds)
    others = tuple((s, h) for s, h in position.other_hands if s < players and s != seat)
    return replace(position, players=players, seat=seat, builds=builds, other_hands=others)


# ----- the line of moves --------------------------------------------------------------


def next_position(position: Position, move: Move) -> Position:
    """The position after a legal move (see the module docstring on whose turn it is)."""
    after = apply_move(position, move).position
    following = (after.seat + 1) % after.players
    if dict(after.other_hands).get(following):
        return pass_turn(after)
    return after


@dataclass(frozen=True, slots=True)
class Ply:
    """One move of the line and what it did."""

    before: Position
    move: Move
    after: Position
    captured: tuple[Card, ...]
    sweep: bool


@dataclass(frozen=True, slots=True)
class Line:
    """A start position, the moves played from it and a cursor (how many are shown)."""

    start: Position
    plies: tuple[Ply, ...] = ()
    cursor: int = 0

    @property
    def position(self) -> Position:
        return self.plies[self.cursor - 1].after if self.cursor else self.start

    @property
    def can_back(self) -> bool:
        return self.cursor > 0

    @property
    def can_forward(self) -> bool:
        return self.cursor < len(self.plies)

    def play(self, move: Move) -> Line:
        """Play a legal move at the cursor; moves after the cursor are dropped."""
        before = self.position
        outcome = apply_move(before, move)
        ply = Ply(before, move, next_position(before, move), outcome.captured, outcome.sweep)
        plies = (*self.plies[: self.cursor], ply)
        return Line(self.start, plies, len(plies))

    def back(self) -> Line:
        return replace(self, cursor=max(0, self.cursor - 1))

    def forward(self) -> Line:
        return replace(self, cursor=min(len(self.plies), self.cursor + 1))

    def to_start(self) -> Line:
        return replace(self, cursor=0)

    def to_end(self) -> Line:
        return replace(self, cursor=len(self.plies))

    def piles(self) -> dict[int, tuple[int, int]]:
        """Seat -> (cards captured, sweeps) over the moves up to the cursor."""
        out: dict[int, tuple[int, int]] = {}
        for ply in self.plies[: self.cursor]:
            cards, sweeps = out.get(ply.before.seat, (0, 0))
            out[ply.before.seat] = (cards + len(ply.captured), sweeps + int(ply.sweep))
        return out

    @property
    def moves_text(self) -> str:
        return ",".join(p.move.text for p in self.plies[: self.cursor])

    @classmethod
    def from_moves(cls, start: Position, moves: Sequence[Move]) -> Line:
        line = cls(start)
        for move in moves:
            line = line.play(move)
        return line


# ----- what each legal move does ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveEffect:
    move: Move
    kind: str
    text: str
    pretty: str
    effect: str
    table_after: str


@dataclass(frozen=True, slots=True)
class MoveList:
    effects: tuple[MoveEffect, ...] = field(default=())

    def by_kind(self, kind: str) -> tuple[MoveEffect, ...]:
        return tuple(e for e in self.effects if e.kind == kind)


@lru_cache(maxsize=256)
def describe_moves(position: Position) -> MoveList:
    """Every legal move with what it does, captures first, then builds, then trails."""
    order = {"capture": 0, "build": 1, "trail": 2}
    effects = []
    for move in legal_moves(position):
        outcome = apply_move(position, move)
        after = outcome.position
        if move.kind == "capture":
            taken = len(move.taken_cards)
            effect = f"takes {taken} card{'s' if taken != 1 else ''}"
            if outcome.sweep:
                effect += " — a sweep!"
        elif move.kind == "build":
            new = next(b for b in after.builds if move.card in b.cards)
            verb = "raises to" if move.builds and move.builds[0].value != new.value else (
                "adds to" if move.builds else "makes")
            effect = f"{verb} a {new.kind} build of {new.value}"
        else:
            effect = "lays the card on the table"
        table = " ".join([*(c.pretty for c in after.loose), *(b.pretty for b in after.builds)])
        effects.append(MoveEffect(move, move.kind, move.text, move.pretty, effect,
                                  table or "empty"))
    effects.sort(key=lambda e: (order[e.kind], -len(e.move.taken_cards), e.text))
    return MoveList(tuple(effects))
