"""Scoring a hand and deciding a game (docs/rules.md 10).

Scores are kept per *side*: a player, or a partnership with four players
(2.1). A hand's score is a breakdown by item so a learner can see where every
point came from, and so the count-out tie-break (10.4) can replay the items
in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.cards import BIG_CASINO, JACK_OF_SPADES, LITTLE_CASINO, Card
from engine.rules import Rules, Scoring, TieBreak


class ScoreItem(StrEnum):
    """The items a hand scores (10.1, 10.3), in the order `tie_break: count_out`
    counts them (10.4)."""

    CARDS = "cards"
    SPADES = "spades"
    BIG_CASINO = "big_casino"
    LITTLE_CASINO = "little_casino"
    ACES = "aces"
    SWEEPS = "sweeps"


ITEMS: Final = tuple(ScoreItem)
ITEM_LABELS: Final = {
    ScoreItem.CARDS: "most cards",
    ScoreItem.SPADES: "spades",
    ScoreItem.BIG_CASINO: "big casino (10♦)",
    ScoreItem.LITTLE_CASINO: "little casino (2♠)",
    ScoreItem.ACES: "aces",
    ScoreItem.SWEEPS: "sweeps",
}


def side_of(seat: int, players: int) -> int:
    """Partners sit opposite with four players (2.1): seats 0+2 and 1+3."""
    return seat % 2 if players == 4 else seat


def side_count(players: int) -> int:
    return 2 if players == 4 else players


def side_name(side: int, players: int) -> str:
    if players == 4:
        return f"seats {side} and {side + 2}"
    return f"seat {side}"


def card_points(card: Card, spade_scoring: bool = False) -> int:
    """The points one captured card carries by itself, whoever ends with most cards
    or spades: aces, the casinos, and under Spade Casino every spade (10.1, 10.3)."""
    points = 0
    if card.rank == 1:
        points += 1
    if card == BIG_CASINO:
        points += 2
    if card == LITTLE_CASINO:
        points += 1
    if spade_scoring and card.suit == "s":
        points += 2 if card == JACK_OF_SPADES else 1
    return points


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's points for one hand, item by item (10.1, 10.3)."""

    side: int
    card_count: int
    spade_count: int
    points: tuple[tuple[ScoreItem, int], ...]

    @property
    def total(self) -> int:
        return sum(p for _, p in self.points)

    def item(self, name: str) -> int:
        """The points of one item (a `ScoreItem`, or its text)."""
        return next((points for item, points in self.points if item == name), 0)


def _strict_most(counts: Sequence[int], side: int) -> bool:
    """'Most' means strictly more than every other side; a tie scores nothing (10.2)."""
    return all(counts[side] > c for i, c in enumerate(counts) if i != side)


def score_hand(piles: Sequence[Sequence[Card]], sweeps: Sequence[int], rules: Rules
               ) -> tuple[SideScore, ...]:
    """Score one hand from each side's captured pile and sweep count."""
    card_counts = [len(p) for p in piles]
    spade_counts = [sum(1 for c in p if c.suit == "s") for p in piles]
    spade_casino = rules.scoring == Scoring.SPADES
    scores = []
    for side, pile in enumerate(piles):
        cards = set(pile)
        if spade_casino:
            spades = spade_counts[side] + (1 if JACK_OF_SPADES in cards else 0)
        else:
            spades = 1 if _strict_most(spade_counts, side) else 0
        points = (  # in the order of ITEMS
            3 if _strict_most(card_counts, side) else 0,
            spades,
            2 if BIG_CASINO in cards else 0,
            1 if LITTLE_CASINO in cards else 0,
            sum(1 for c in pile if c.rank == 1),
            sweeps[side] * rules.sweep_value,
        )
        scores.append(SideScore(side, card_counts[side], spade_counts[side],
                                tuple(zip(ITEMS, points, strict=True))))
    return tuple(scores)


def decide_game(before: Sequence[int], hand: Sequence[SideScore], rules: Rules) -> int | None:
    """The winning side once a hand is scored, or None to play another hand (10.4).

    `before` are the totals before this hand. With a single-hand game
    (target None) the higher total wins at once; equal totals play on.
    """
    after = [b + s.total for b, s in zip(before, hand, strict=True)]
    target = rules.target
    if target is None:
        return _single_best(after, range(len(after)))
    if rules.tie_break == TieBreak.COUNT_OUT:
        return _count_out(before, hand, target)
    reached = [side for side, total in enumerate(after) if total >= target]
    return _single_best(after, reached) if reached else None


def _single_best(totals: Sequence[int], sides: Sequence[int] | range) -> int | None:
    sides = list(sides)
    if not sides:
        return None
    best = max(totals[s] for s in sides)
    leaders = [s for s in sides if totals[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def _count_out(before: Sequence[int], hand: Sequence[SideScore], target: int) -> int | None:
    """Add the items in the order of 10.4; the first side to reach the target wins.

    Two sides can cross on the same item (aces, sweeps): then the higher
    running total wins, and an exact tie goes on to the next item.
    """
    running = list(before)
    for item in ITEMS:
        for score in hand:
            running[score.side] += score.item(item)
        reached = [s for s, total in enumerate(running) if total >= target]
        if reached:
            winner = _single_best(running, reached)
            if winner is not None:
                return winner
    return None
