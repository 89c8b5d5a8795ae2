"""Table tactics for heuristic players: what a card of some rank could take
from a table, how likely an opponent holds such a card, and the expected
damage of leaving a table to the next player.

These are estimates used to rank moves, never to decide legality (the
generator does that). They follow the capture rules closely (4.1-4.6 and the
settings that change them) so the estimates stay honest under every preset.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import Card
from engine.players.worth import Appraiser, sure_points
from engine.position import Build
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Take:
    """The richest capture a card could make: table cards taken, and whether it sweeps."""

    cards: tuple[Card, ...]
    sweep: bool


NOTHING = Take((), False)
_FILLER = Card(3, "h")  # stands for the capturing card: one more card, no points


def _weight(cards: Sequence[Card], rules: Rules) -> float:
    """A quick worth for comparing captures: points dominate, then spades, then cards."""
    return sum(1.0 + 4.0 * sure_points(c, rules) + (0.5 if c.suit == "s" else 0.0)
               for c in cards)


def best_take(loose: tuple[Card, ...], builds: tuple[Build, ...], card: Card, rules: Rules
              ) -> Take:
    """The most valuable capture a card like `card` could make on this table."""
    return _best_take(loose, builds, card.rank, rules)


@lru_cache(maxsize=65536)
def _best_take(loose: tuple[Card, ...], builds: tuple[Build, ...], rank: int, rules: Rules
               ) -> Take:
    probe = Card(rank, "h")
    items: list[tuple[Card, ...]] = [(c,) for c in loose] + [b.cards for b in builds]
    total_items = len(items)
    groups: list[int] = []
    if rules.one_card_rank(probe) or not rules.capture_values(probe):
        singles = [1 << i for i, c in enumerate(loose) if c.rank == rank]
        if rules.one_card_rank(probe) and singles:
            singles = [max(singles, key=lambda bit: _weight(items[bit.bit_length() - 1], rules))]
        groups.extend(singles)
        groups.extend(1 << (len(loose) + j) for j, b in enumerate(builds) if b.value == rank)
        best = _best_union(groups, items, rules)
    else:
        best = 0
        best_w = -1.0
        for value in rules.capture_values(probe):
            groups = _groups_of(loose, builds, value, rules)
            mask = _best_union(groups, items, rules)
            w = _mask_weight(mask, items, rules)
            if w > best_w:
                best, best_w = mask, w
    if not best:
        return NOTHING
    taken = tuple(c for i, item in enumerate(items) if best >> i & 1 for c in item)
    return Take(taken, best == (1 << total_items) - 1)


def clear_caches() -> None:
    """Forget remembered tables (for cold timings in the benchmark)."""
    _best_take.cache_clear()


def _groups_of(loose: tuple[Card, ...], builds: tuple[Build, ...], value: int, rules: Rules
               ) -> list[int]:
    """Masks of the groups of `value` (4.1, 4.4): sums of loose number cards
    (and single builds, with `build_in_sums`), and builds of that value whole."""
    parts: list[tuple[int, int]] = []
    for i, c in enumerate(loose):
        v = rules.table_value(c)
        if v is not None and v <= value:
            parts.append((v, 1 << i))
    base = len(loose)
    groups: list[int] = []
    for j, b in enumerate(builds):
        bit = 1 << (base + j)
        if rules.build_in_sums and not b.is_multiple:
            if b.value <= value:
                parts.append((b.value, bit))
        elif b.value == value:
            groups.append(bit)
    parts.sort(reverse=True)

    def search(start: int, remaining: int, mask: int) -> None:
        if remaining == 0:
            groups.append(mask)
            return
        for k in range(start, len(parts)):
            v, bit = parts[k]
            if v <= remaining:
                search(k + 1, remaining - v, mask | bit)

    search(0, value, 0)
    return groups


def _mask_weight(mask: int, items: list[tuple[Card, ...]], rules: Rules) -> float:
    return sum(_weight(item, rules) for i, item in enumerate(items) if mask >> i & 1)


def _best_union(groups: list[int], items: list[tuple[Card, ...]], rules: Rules) -> int:
    """The heaviest union of pairwise-disjoint groups (a tiny exhaustive search)."""
    best, best_w = 0, 0.0

    def grow(start: int, mask: int) -> None:
        nonlocal best, best_w
        w = _mask_weight(mask, items, rules)
        if w > best_w:
            best, best_w = mask, w
        for k in range(start, len(groups)):
            if not groups[k] & mask:
                grow(k + 1, mask | groups[k])

    grow(0, 0)
    return best


def chance_holds(matching: int, hand_size: int, unseen: int) -> float:
    """Chance that a hidden hand of `hand_size` cards, drawn from `unseen` cards,
    holds at least one of `matching` particular cards (hypergeometric)."""
    if matching <= 0 or hand_size <= 0:
        return 0.0
    if unseen - matching < hand_size:
        return 1.0
    return 1.0 - math.comb(unseen - matching, hand_size) / math.comb(unseen, hand_size)


def rank_counts(cards: Sequence[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return counts


def held_ranks(builds: Sequence[Build], seat: int, rules: Rules) -> frozenset[int]:
    """Ranks `seat` must hold: one for each value of the builds it controls (5.2, 7.1)."""
    if not rules.keep_capture_card:
        return frozenset()
    return frozenset(1 if b.value == 14 else b.value for b in builds if b.controller == seat)


def value_holders(cards: Sequence[Card], value: int, rules: Rules) -> int:
    """How many of `cards` could capture a build of `value`."""
    return sum(1 for c in cards if value in rules.capture_values(c))


def exposure(loose: tuple[Card, ...], builds: tuple[Build, ...], unseen: Sequence[Card],
             hand_size: int, rules: Rules, appraiser: Appraiser, taker: int, viewer: int,
             certain: frozenset[int] = frozenset()) -> float:
    """Expected change in `viewer`'s advantage from the next opponent's best capture
    on this table, the opponent holding `hand_size` of the `unseen` cards.

    Each rank the opponent might hold offers its richest capture; the opponent
    plays the best one it holds, so the expectation runs over the ranks from the
    most to the least damaging (independence assumed between ranks). Ranks in
    `certain` are known to be held (the holding rule: the opponent's own builds).
    """
    if hand_size <= 0 or not (loose or builds):
        return 0.0
    counts = rank_counts(unseen)
    options: list[tuple[float, float]] = []
    for rank in sorted(counts):
        take = _best_take(loose, builds, rank, rules)
        if not take.cards:
            continue
        swing = appraiser.swing((*take.cards, _FILLER), taker, viewer, take.sweep)
        p = 1.0 if rank in certain else chance_holds(counts[rank], hand_size, len(unseen))
        options.append((swing, p))
    options.sort()  # most damaging (most negative for the viewer) first
    expected, none_yet = 0.0, 1.0
    for swing, p in options:
        expected += swing * p * none_yet
        none_yet *= 1.0 - p
    return expected
