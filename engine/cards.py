"""Cards and their text forms.

A card is a (rank, suit) pair with rank 1 (ace) to 13 (king). Values for
capturing and building depend on the rules (docs/rules.md 1.2-1.5) and so live in
`rules.py`, not here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Final

from engine.errors import NotationError
from engine.limits import MAX_NOTATION_LENGTH, check_length, quoted, shown

SUITS: Final = ("s", "h", "d", "c")
SUIT_SYMBOLS: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES: Final = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_TEXT: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES: Final = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_RANK_INPUT: Final = {
    "A": 1, "1": 1, "T": 10, "J": 11, "Q": 12, "K": 13,
    **{str(n): n for n in range(2, 11)},
}
_SYMBOL_TO_SUIT: Final = {v: k for k, v in SUIT_SYMBOLS.items()}
# ASCII case-folding only: with full Unicode folding the Kelvin sign "K" matches "k"
# and the long s "ſ" matches "s", and neither is a key of the tables below.
_CARD_RE: Final = re.compile(r"(10|[2-9]|[atjqk1])([shdc♠♥♦♣])", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """One playing card. Ordered by rank, then suit (s h d c), so sorted hands read
    naturally. Comparison and hashing use one precomputed integer because the
    move generator sorts and hashes cards in its inner loops."""

    rank: int
    suit: str
    _key: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13 or self.suit not in SUITS:
            raise NotationError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
        object.__setattr__(self, "_key", self.rank * 4 + SUITS.index(self.suit))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self._key == other._key)

    def __hash__(self) -> int:
        return self._key

    def __lt__(self, other: Card) -> bool:
        return self._key < other._key

    def __le__(self, other: Card) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Card) -> bool:
        return self._key > other._key

    def __ge__(self, other: Card) -> bool:
        return self._key >= other._key

    @property
    def is_court(self) -> bool:
        """Jack, queen or king: the cards with no value in classic Cassino (1.3)."""
        return self.rank > 10

    @property
    def rank_text(self) -> str:
        return RANK_TEXT.get(self.rank, str(self.rank))

    @property
    def pretty(self) -> str:
        """The learner-facing form, e.g. ``10♦``."""
        return f"{self.rank_text}{SUIT_SYMBOLS[self.suit]}"

    @property
    def name(self) -> str:
        """Words, e.g. ``ten of diamonds`` (for screen readers)."""
        rank = RANK_NAMES[self.rank] if self.rank in RANK_NAMES else _NUMBER_WORDS[self.rank]
        return f"{rank} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return f"{self.rank_text}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card; accepts `T` for ten, suit symbols and any case."""
        match = _CARD_RE.fullmatch(text.strip()) if len(text) <= 16 else None
        if match is None:
            raise NotationError(
                f"{quoted(text)} is not a card: write a rank (A 2-10 J Q K) then a suit (s h d c), "
                "e.g. 'As', '10d', 'Kh'", "card", text=shown(text.strip())
            )
        rank_text, suit_text = match.groups()
        suit = _SYMBOL_TO_SUIT.get(suit_text, suit_text.lower())
        return cls(_RANK_INPUT[rank_text.upper()], suit)


_NUMBER_WORDS: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
    7: "seven", 8: "eight", 9: "nine", 10: "ten",
}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a space- or comma-separated list of cards (`-` or blank for none)."""
    check_length(text, "the card list", MAX_NOTATION_LENGTH)
    words = text.replace(",", " ").split()
    if words == ["-"]:
        return ()
    return tuple(Card.parse(word) for word in words)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """`tuple(sorted(cards))`, comparing the precomputed keys in C rather than
    calling `Card.__lt__` once per comparison (the game loop sorts every play)."""
    return tuple(sorted(cards, key=_card_key))


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def pretty_cards(cards: Iterable[Card], joiner: str = " ") -> str:
    return joiner.join(card.pretty for card in cards)


def full_deck() -> tuple[Card, ...]:
    """The 52-card pack (1.1), in a fixed order; shuffle with a seeded Random.

    Cards are immutable, so one pack is made once and shared."""
    return _DECK


_card_key: Final = attrgetter("_key")
_DECK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


BIG_CASINO: Final = Card(10, "d")
LITTLE_CASINO: Final = Card(2, "s")
JACK_OF_SPADES: Final = Card(11, "s")
