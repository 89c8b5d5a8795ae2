"""Making a move: the table after it, what was captured, and whether it swept.

Kept apart from the generator so that the game loop, the course layer and the
computer players all change positions the same way.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from engine.cards import Card, sort_cards
from engine.moves import BUILD, CAPTURE, Move
from engine.position import Build, Position, build_order
from engine.rules import Rules


class Outcome(NamedTuple):
    """The result of one move: the new position (same player, one card fewer),
    the cards that went to the mover's pile (the played card included), and
    whether it was a sweep (4.7, 8.2)."""

    position: Position
    captured: tuple[Card, ...]
    sweep: bool


def apply_move(position: Position, move: Move) -> Outcome:
    """Apply a move that is already known to be legal (the caller checks)."""
    hand, loose, builds, captured = move_cards(position.hand, position.loose, position.builds,
                                               position.seat, move)
    after = Position.trusted(loose, builds, hand, position.seat, position.players,
                             position.rules, position.last, position.other_hands)
    return Outcome(after, captured, is_sweep(captured, after.loose, after.builds,
                                             position.last, position.rules))


def move_cards(hand: tuple[Card, ...], loose: tuple[Card, ...], builds: tuple[Build, ...],
               seat: int, move: Move
               ) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Build, ...], tuple[Card, ...]]:
    """The mover's hand, the loose cards and the builds after a legal move, and the
    cards it sent to the mover's pile (the game loop calls this directly)."""
    # Removing items keeps each tuple sorted; only an added card or build needs a sort.
    played = move.card._key
    hand = tuple([c for c in hand if c._key != played])
    if move.loose:
        taken = {c._key for c in move.loose}
        loose = tuple([c for c in loose if c._key not in taken])
    if move.builds:
        builds = tuple([b for b in builds if b not in move.builds])
    captured: tuple[Card, ...] = ()
    kind = move.kind
    if kind is CAPTURE:  # kinds are MoveKind members, compared by identity (moves.py)
        captured = (move.card, *move.taken_cards)
    elif kind is BUILD:
        base = move.builds[0].cards if move.builds else ()
        made = Build(move.value or 0, (*base, move.card, *move.loose), seat)
        builds = tuple(sorted((*builds, made), key=build_order))
    else:
        loose = sort_cards((*loose, move.card))
    return hand, loose, builds, captured


def is_sweep(captured: tuple[Card, ...], loose: tuple[Card, ...], builds: tuple[Build, ...],
             last: bool, rules: Rules) -> bool:
    """A capture that leaves the table empty (4.7), except on the last play of the
    hand unless `last_play_sweep` (8.2)."""
    return bool(captured) and not loose and not builds and (not last or rules.last_play_sweep)


def pass_turn(position: Position) -> Position:
    """The same table seen by the next player clockwise (2.4).

    The mover's hand is kept among `other_hands`; the next player's hand,
    which must be known there, becomes `hand` (empty if it is not known).
    """
    others = dict(position.other_hands)
    others[position.seat] = position.hand
    seat = (position.seat + 1) % position.players
    hand = others.pop(seat, ())
    return replace(position, seat=seat, hand=hand, other_hands=tuple(others.items()))
