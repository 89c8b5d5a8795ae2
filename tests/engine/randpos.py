"""Random valid positions for the engine tests, from an explicit seeded Random.

Positions include court cards, single and multiple builds controlled by the
mover and by others, 2-4 players, known other hands and the `last` flag. Every
position returned has `Position.problems() == []`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Build, Card, Position, Rules, full_deck
from engine.rules import PRESETS
from engine.settings import SETTINGS


def rules_variants() -> list[Rules]:
    """Every preset, every single non-default setting, and a few telling combinations."""
    variants: dict[Rules, None] = dict.fromkeys(PRESETS.values())
    for key, choices in ((s.name, s.choices) for s in SETTINGS):
        for choice in choices[1:]:
            base = "royal" if key == "ace_high" else "classic"
            variants[Rules.parse(f"{base} {key}={choice}")] = None
    for text in (
        "royal build_in_sums=true",
        "royal-aces-high aces_like_faces=true",
        "royal-aces-high build_in_sums=true",
        "classic aces_like_faces=true face_capture=all",
        "classic keep_capture_card=false controller_trail=if_stuck",
        "classic keep_capture_card=false controller_trail=always",
        "royal keep_capture_card=false",
    ):
        variants[Rules.parse(text)] = None
    return list(variants)


def changes_moves(rules: Rules) -> bool:
    """Does this rules choice differ from classic in a setting that affects moves?"""
    classic = Rules()
    return any(getattr(rules, name) != getattr(classic, name) for name in MOVE_SETTINGS)


MOVE_SETTINGS = ("face_values", "ace_high", "build_in_sums", "face_capture", "aces_like_faces",
                 "controller_trail", "keep_capture_card", "builds")


def capture_values(card: Card, rules: Rules) -> set[int]:
    if card.rank > 10 and not rules.royal:
        return set()
    if card.rank == 1 and rules.ace_high:
        return {1, 14}
    return {card.rank}


class _Deck:
    def __init__(self, rng: random.Random, low_bias: bool) -> None:
        self.rng = rng
        self.cards = list(full_deck())
        rng.shuffle(self.cards)
        if low_bias:  # more small cards: more sums, more builds
            self.cards.sort(key=lambda c: rng.random() * (c.rank if c.rank <= 10 else 8))

    def take(self, predicate: Callable[[Card], bool] = lambda c: True) -> Card | None:
        for i, card in enumerate(self.cards):
            if predicate(card):
                return self.cards.pop(i)
        return None

    def take_rank(self, rank: int) -> Card | None:
        return self.take(lambda c: c.rank == rank)


def _composition(rng: random.Random, total: int, max_part: int, parts: int) -> list[int] | None:
    """A random way to write `total` as `parts` numbers in 1..max_part."""
    for _ in range(20):
        cuts = sorted(rng.sample(range(1, total), parts - 1)) if total > parts - 1 else None
        if cuts is None:
            return None
        pieces = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        if all(1 <= p <= max_part for p in pieces):
            return pieces
    return None


def _random_build(rng: random.Random, deck: _Deck, rules: Rules, controller: int) -> Build | None:
    max_rank = 13 if rules.royal else 10
    value = rng.randint(2, rules.max_build)
    multiple = rng.random() < 0.35
    groups = rng.choice([2, 2, 3]) if multiple else 1
    ranks: list[int] = []
    for _ in range(groups):
        if multiple and value <= max_rank and rng.random() < 0.4:
            ranks.append(value)
            continue
        pieces = _composition(rng, value, max_rank, rng.choice([2, 2, 2, 3]))
        if pieces is None:
            return None
        ranks.extend(pieces)
    cards: list[Card] = []
    for rank in ranks:
        card = deck.take_rank(rank)
        if card is None:
            deck.cards.extend(cards)
            return None
        cards.append(card)
    return Build(value, tuple(cards), controller)


def random_position(rng: random.Random, rules: Rules, *, max_loose: int = 7, max_hand: int = 4,
                    max_builds: int = 3, keep_duty: bool | None = None) -> Position:
    """A valid random position under `rules` (retries until problems() is empty)."""
    for _ in range(200):
        deck = _Deck(rng, low_bias=rng.random() < 0.6)
        players = rng.choice([2, 2, 2, 3, 4])
        seat = rng.randrange(players)
        builds: list[Build] = []
        if rules.builds:
            counts = [k for k in (0, 0, 1, 1, 1, 2, 2, 3) if k <= max_builds]
            for _ in range(rng.choice(counts)):
                controller = seat if rng.random() < 0.5 else rng.randrange(players)
                build = _random_build(rng, deck, rules, controller)
                if build is not None:
                    builds.append(build)
        loose = [c for c in (deck.take() for _ in range(rng.randint(0, max_loose))) if c]
        hand = [c for c in (deck.take() for _ in range(rng.randint(1, max_hand))) if c]
        repair = rules.keep_capture_card if keep_duty is None else keep_duty
        if not rules.keep_capture_card and keep_duty is None:
            repair = rng.random() < 0.5
        if repair:
            for value in sorted({b.value for b in builds if b.controller == seat}):
                if any(value in capture_values(c, rules) for c in hand):
                    continue
                card = deck.take(lambda c, v=value: v in capture_values(c, rules))
                if card is not None:
                    hand.append(card)
        others: list[tuple[int, tuple[Card, ...]]] = []
        if rng.random() < 0.3:
            for other in range(players):
                if other != seat and rng.random() < 0.6:
                    size = rng.randint(0, 4)
                    others.append((other, tuple(c for c in (deck.take() for _ in range(size))
                                                if c)))
        position = Position(tuple(loose), tuple(builds), tuple(hand), seat, players, rules,
                            last=rng.random() < 0.2, other_hands=tuple(others))
        if not position.problems():
            return position
    raise AssertionError("could not make a valid random position")
