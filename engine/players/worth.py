"""What cards are worth, in hand points, to the side that takes them.

Two kinds of value. *Sure points* belong to a card whoever holds the pile:
aces, the casinos, and every spade (plus the jack of spades) in Spade Casino
(10.1, 10.3). *Majority points* (3 for most cards, 1 for most spades in the
classic count) depend on how the piles stand, so a card's share of them is
estimated from a simple model: every card not yet captured is equally likely
to end in any side's pile. That turns "how much is one more card worth now"
into a number that grows when the count is close and shrinks when it is
already decided, which is how a counting player thinks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from engine.cards import Card, full_deck
from engine.rules import Rules, Scoring
from engine.scoring import card_points

DECK_SIZE: Final = 52
SPADES: Final = 13
CARDS_PRIZE: Final = 3.0
SPADES_PRIZE: Final = 1.0
_SPADE_CASINO: Final = Scoring.SPADES  # a plain name: read in every playout step


# Looked up, not computed: playouts ask for these hundreds of thousands of times.
_SURE: Final = {
    spade_scoring: {card: card_points(card, spade_scoring) for card in full_deck()}
    for spade_scoring in (False, True)
}


def sure_points(card: Card, rules: Rules) -> int:
    """Points the card scores for whoever captures it, whatever the counts (10.1, 10.3)."""
    return _SURE[rules.scoring == _SPADE_CASINO][card]


def pile_sure_points(cards: Iterable[Card], rules: Rules) -> int:
    table = _SURE[rules.scoring == _SPADE_CASINO]
    return sum(table[c] for c in cards)


def spades_count_scores(rules: Rules) -> bool:
    """Does 'most spades' score (classic count), rather than each spade (Spade Casino)?"""
    return rules.scoring != _SPADE_CASINO


@lru_cache(maxsize=65536)
def majority_shares(counts: tuple[int, ...], remaining: int) -> tuple[float, ...]:
    """Each side's chance of ending with strictly the most, if every one of the
    `remaining` uncaptured items goes to a uniformly random side.

    Exact for two sides (a binomial); for three, a normal approximation of each
    pairwise lead multiplied together, which is plenty for a heuristic.
    """
    sides = len(counts)
    if remaining <= 0:
        best = max(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        return tuple(1.0 if len(leaders) == 1 and i == leaders[0] else 0.0
                     for i in range(sides))
    if sides == 2:
        a, b = counts
        # A ends with a + x, B with b + remaining - x; A strictly ahead when 2x > b - a + remaining.
        need = (b - a + remaining) // 2 + 1  # smallest x with 2x > b - a + remaining
        p_a = _binomial_tail(remaining, need)
        need_b = (a - b + remaining) // 2 + 1
        p_b = _binomial_tail(remaining, need_b)
        return (p_a, p_b)
    share = 1.0 / sides
    sigma = math.sqrt(2.0 * remaining * share)
    out = []
    for i in range(sides):
        p = 1.0
        for j in range(sides):
            if j != i:
                p *= _phi((counts[i] - counts[j] - 0.5) / sigma)
        out.append(p)
    return tuple(out)


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


@lru_cache(maxsize=4096)
def _binomial_tail(n: int, k: int) -> float:
    """P(X >= k) for X ~ Binomial(n, 1/2)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(math.comb(n, x) for x in range(k, n + 1)) / 2.0 ** n


def majority_points(card_counts: Sequence[int], spade_counts: Sequence[int], rules: Rules
                    ) -> tuple[float, ...]:
    """Expected majority points per side (most cards, and most spades when it scores)."""
    counts = tuple(card_counts)
    cards = majority_shares(counts, DECK_SIZE - sum(counts))
    points = [CARDS_PRIZE * p for p in cards]
    if spades_count_scores(rules):
        spades = tuple(spade_counts)
        for i, p in enumerate(majority_shares(spades, SPADES - sum(spades))):
            points[i] += SPADES_PRIZE * p
    return tuple(points)


def advantage(points: Sequence[float], side: int) -> float:
    """A side's points minus the mean of the other sides': the quantity every
    player maximises (the plain difference with two sides or partnerships)."""
    others = [p for i, p in enumerate(points) if i != side]
    return points[side] - sum(others) / len(others)


class Appraiser:
    """Values captures for one side from a fixed picture of the piles.

    `gain(cards, side)` is the change in that side's expected advantage when it
    takes `cards` (sure points plus the shift in majority expectations). The
    picture is not updated by the move itself: for ranking moves that is fine.
    """

    __slots__ = ("_base", "_card_counts", "_rules", "_sides", "_spade_counts")

    def __init__(self, card_counts: Sequence[int], spade_counts: Sequence[int], rules: Rules
                 ) -> None:
        self._card_counts = tuple(card_counts)
        self._spade_counts = tuple(spade_counts)
        self._rules = rules
        self._sides = len(self._card_counts)
        self._base = majority_points(self._card_counts, self._spade_counts, rules)

    def gain(self, cards: Sequence[Card], side: int, sweep: bool = False) -> float:
        """Change in `side`'s advantage from taking `cards` (and scoring a sweep)."""
        return self.swing(cards, side, side, sweep)

    def swing(self, cards: Sequence[Card], taker: int, viewer: int, sweep: bool = False
              ) -> float:
        """Change in `viewer`'s advantage when side `taker` takes `cards`."""
        if not cards and not sweep:
            return 0.0
        points = [0.0] * self._sides
        points[taker] = float(pile_sure_points(cards, self._rules))
        if sweep:
            points[taker] += self._rules.sweep_value
        counts = list(self._card_counts)
        counts[taker] += len(cards)
        spades = list(self._spade_counts)
        spades[taker] += sum(1 for c in cards if c.suit == "s")
        after = majority_points(counts, spades, self._rules)
        total = [p + a - b for p, a, b in zip(points, after, self._base, strict=True)]
        return advantage(total, viewer)

    def card_value(self, card: Card, side: int) -> float:
        return self.gain((card,), side)
