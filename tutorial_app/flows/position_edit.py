"""Editing a position card by card, for the Sandbox (plain Python, no Streamlit).

Editing works on an engine `Position` directly: a card clicked into the
table, the hand or a build being assembled is first taken out of wherever it
was, so a card is never in two places.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from engine import Build, Card, Position, Rules, full_deck
from engine.position import Problem, build_issues, build_problems

START_POSITION: Final = "table: 3d 5c 9h Kh; hand: 3h 8s Kc"


class Place(StrEnum):
    """Where the next card clicked in the set-up tray goes (the text is the widget's value)."""

    TABLE = "table"
    HAND = "hand"
    BUILD = "build"  # a new build being assembled, added with its value and controller


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


def place_card(position: Position, card: Card, where: Place) -> Position:
    """Put a card on the table or in the hand, taking it from wherever it was."""
    base = remove_card(position, card)
    if where == Place.TABLE:
        return replace(base, loose=(*base.loose, card))
    if where == Place.HAND:
        return replace(base, hand=(*base.hand, card))
    raise ValueError(f"cards are placed on the table or in the hand, not {where!r}")


def free_cards(position: Position, pending: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The cards of the deck not yet placed anywhere (nor in the build being assembled)."""
    hands = [c for _, h in position.other_hands for c in h]
    used = frozenset((*position.table_cards, *position.hand, *hands, *pending))
    return tuple(c for c in full_deck() if c not in used)


@dataclass(frozen=True, slots=True)
class BuildResult:
    """The position with the build, or the position as it was and why the build could
    not exist (codes and facts, worded by the page when it draws them)."""

    position: Position
    problems: tuple[Problem, ...] = ()


def add_build(position: Position, cards: Sequence[Card], value: int,
              controller: int) -> BuildResult:
    """Make a build of these cards on the table, if such a build could exist."""
    build = Build(value, tuple(cards), controller)
    problems = build_issues(build, position.rules, position.players)
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
    """Another number of players or seat to move; builds and hands of seats that no
    longer exist are given to the last seat or dropped."""
    seat = min(max(seat, 0), players - 1)
    builds = tuple(replace(b, controller=min(b.controller, players - 1))
                   for b in position.builds)
    others = tuple((s, h) for s, h in position.other_hands if s < players and s != seat)
    return replace(position, players=players, seat=seat, builds=builds, other_hands=others)
