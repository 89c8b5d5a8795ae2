"""The legal-move generator (RULES.md 3-7).

Table items are numbered (loose cards first, then builds) and sets of items
are bit masks, so "disjoint groups" is `a & b == 0` and a capture's outcome is
one integer. Every group of a value is found once per position by a
subset-sum search, and the unions of disjoint groups are grown group by group
into a set, which is what makes each distinct outcome appear exactly once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import Card
from engine.moves import BUILD, CAPTURE, TRAIL, Move
from engine.position import Build, Position
from engine.values import uncovered_values


class LegalMoves(Sequence[Move]):
    """The legal moves of a position: a sequence with fast membership, like
    python-chess's `Board.legal_moves`."""

    __slots__ = ("_moves", "_set")

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves = tuple(moves)
        self._set = frozenset(moves)

    def __contains__(self, move: object) -> bool:
        return move in self._set

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    def __getitem__(self, index: int) -> Move:  # type: ignore[override]
        return self._moves[index]

    def count(self, value: object = None) -> int:
        """Number of legal moves (python-chess style), or occurrences of `value`."""
        if value is None:
            return len(self._moves)
        return 1 if value in self._set else 0

    def by_kind(self, kind: str) -> tuple[Move, ...]:
        return tuple(m for m in self._moves if m.kind == kind)

    def __repr__(self) -> str:
        return f"<LegalMoves ({len(self)}): {', '.join(m.text for m in self._moves)}>"


def legal_moves(position: Position) -> LegalMoves:
    """Every legal move of the player to move, each distinct outcome once."""
    return _legal_moves_cached(position)


@lru_cache(maxsize=4096)
def _legal_moves_cached(position: Position) -> LegalMoves:
    return LegalMoves(_generate(position))


@dataclass(slots=True)
class _Table:
    """The table as numbered items, with the groups of each value found lazily."""

    position: Position
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    values: list[int | None]  # table value of each item (None: classic court card)
    loose_bits: int
    _groups: dict[bool, dict[int, list[int]]]
    _items: dict[int, tuple[tuple[Card, ...], tuple[Build, ...]]]
    _unions: dict[int, set[int]]

    @classmethod
    def of(cls, position: Position) -> _Table:
        rules = position.rules
        loose, builds = position.loose, position.builds
        values: list[int | None] = [rules.table_value(c) for c in loose]
        values.extend(b.value for b in builds)
        return cls(position, loose, builds, values, (1 << len(loose)) - 1, {}, {}, {})

    def unions(self, value: int) -> set[int]:
        """Every union of disjoint loose groups of `value` (0 included), shared by
        the captures and the builds of every hand card."""
        found = self._unions.get(value)
        if found is None:
            found = self._unions[value] = disjoint_unions(self.sum_masks(value, False))
        return found

    def sum_masks(self, target: int, with_single_builds: bool) -> list[int]:
        """Masks of items summing to `target` (one card of that value counts too).

        Loose number cards only, plus single builds as one card of their value
        when `with_single_builds` (4.4's `build_in_sums`). All subset sums up to
        the highest capture value are found in one pass and bucketed by sum.
        """
        buckets = self._groups.get(with_single_builds)
        if buckets is None:
            buckets = self._groups[with_single_builds] = self._subset_sums(with_single_builds)
        return buckets.get(target, [])

    def _subset_sums(self, with_single_builds: bool) -> dict[int, list[int]]:
        limit = 14
        n = len(self.loose)
        subsets: list[tuple[int, int]] = [(0, 0)]
        for i, value in enumerate(self.values):
            if value is None or value > limit:
                continue
            if i >= n and not (with_single_builds and not self.builds[i - n].is_multiple):
                continue
            bit = 1 << i
            subsets.extend([(total + value, mask | bit) for total, mask in subsets
                            if total + value <= limit])
        buckets: dict[int, list[int]] = {}
        for total, mask in subsets[1:]:
            buckets.setdefault(total, []).append(mask)
        return buckets

    def build_bits(self, predicate: object = None) -> list[tuple[int, Build]]:
        base = len(self.loose)
        return [(1 << (base + j), b) for j, b in enumerate(self.builds)]

    def items_of(self, mask: int) -> tuple[tuple[Card, ...], tuple[Build, ...]]:
        """The loose cards and builds a mask stands for, each in table order."""
        found = self._items.get(mask)
        if found is None:
            n = len(self.loose)
            loose: list[Card] = []
            builds: list[Build] = []
            rest = mask
            while rest:
                low = rest & -rest
                i = low.bit_length() - 1
                if i < n:
                    loose.append(self.loose[i])
                else:
                    builds.append(self.builds[i - n])
                rest ^= low
            found = (tuple(loose), tuple(builds))
            self._items[mask] = found
        return found


def disjoint_unions(groups: Sequence[int]) -> set[int]:
    """Every union of pairwise-disjoint groups (including the empty union, 0)."""
    unions = {0}
    for group in groups:
        unions |= {u | group for u in unions if not u & group}
    return unions


def _generate(position: Position) -> list[Move]:
    rules = position.rules
    table = _Table.of(position)
    moves: list[Move] = []
    # Controlling nothing, a build move's own value is held (checked in _builds),
    # so the duty (7.1) cannot fail and need not be checked move by move.
    duty_applies = bool(position.controlled_builds()) and rules.keep_capture_card
    seen_cards: set[Card] = set()
    for card in position.hand:
        if card in seen_cards:
            continue
        seen_cards.add(card)
        rest = _without(position.hand, card)
        candidates = list(_captures(table, card))
        if rules.builds and rules.table_value(card) is not None:
            candidates.extend(_builds(table, card, rest))
        if not duty_applies:
            moves.extend(candidates)
            continue
        duty: dict[tuple[str, int | None, tuple[Build, ...]], bool] = {}
        for move in candidates:
            # The duty depends only on what the move does to builds, not on loose cards.
            key = (move.kind, move.value if move.kind == BUILD else None, move.builds)
            met = duty.get(key)
            if met is None:
                met = duty[key] = _duty_met(position, move, rest)
            if met:
                moves.append(move)
    trails = [Move.trusted(card, TRAIL, None, (), ()) for card in sorted(seen_cards)]
    if duty_applies:
        trails = [m for m in trails if _duty_met(position, m, _without(position.hand, m.card))]
    if _may_trail(position, bool(moves)):
        moves.extend(trails)
    if not moves and position.hand:
        # Nothing is legal (possible only with keep_capture_card=false): the player
        # must still play a card, so they trail. RULES.md leaves this case open.
        moves = [Move(card, TRAIL) for card in sorted(seen_cards)]
    return moves


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1:]


def _may_trail(position: Position, other_moves: bool) -> bool:
    """6.2: a controller may not trail, unless a setting allows it."""
    if not position.controlled_builds():
        return True
    mode = position.rules.controller_trail
    return mode == "always" or (mode == "if_stuck" and not other_moves)


def _captures(table: _Table, card: Card) -> Iterator[Move]:
    rules = table.position.rules
    values = rules.capture_values(card)
    if rules.one_card_rank(card) or not values:
        yield from _rank_captures(table, card)
        # The one-card rule (4.6) is about taking cards of the card's own rank. An
        # ace under ace_high may still count 14 (1.5) and then takes groups of 14.
        values = tuple(v for v in values if v != card.rank)
    for value in values:
        whole_builds = [bit for bit, b in table.build_bits() if b.value == value
                        and not (rules.build_in_sums and not b.is_multiple)]
        if rules.build_in_sums:
            unions = disjoint_unions([*table.sum_masks(value, True), *whole_builds])
        else:
            unions = table.unions(value)
            for bit in whole_builds:  # a build is its own group, disjoint from the rest
                unions = unions | {u | bit for u in unions}
        for mask in unions:
            if mask:
                loose, builds = table.items_of(mask)
                yield Move.trusted(card, CAPTURE, value, loose, builds)


def _rank_captures(table: _Table, card: Card) -> Iterator[Move]:
    """Court cards in classic (and aces with `aces_like_faces`) capture by rank (4.6).

    The one-card rule allows a single loose card of the rank; `face_capture: all`
    allows any of them. Builds of the value (only possible for aces) stay takeable.
    """
    rules = table.position.rules
    singles = [1 << i for i, c in enumerate(table.loose) if c.rank == card.rank]
    choices = {0, *singles} if rules.one_card_rank(card) else disjoint_unions(singles)
    build_groups = [bit for bit, b in table.build_bits() if b.value == card.rank]
    for mask in {c | u for c in choices for u in disjoint_unions(build_groups)}:
        if mask:
            loose, builds = table.items_of(mask)
            yield Move.trusted(card, CAPTURE, card.rank, loose, builds)


def _builds(table: _Table, card: Card, rest: tuple[Card, ...]) -> Iterator[Move]:
    """New builds (5.4), raises (5.5) and additions (5.7) with this card."""
    rules = table.position.rules
    played = rules.table_value(card)
    assert played is not None
    held = {v for c in rest for v in rules.capture_values(c)}
    for value in range(played, rules.max_build + 1):
        if value not in held:
            continue  # 5.2: a build needs a card of its value kept in hand
        unions = table.unions(value)
        completions = [0] if value == played else table.sum_masks(value - played, False)
        # The loose cards used with the played card. A set, because one outcome can
        # arise from several (completion, union) pairs: Ad b6 with Ac 5d 5s is
        # Ad+5d with Ac+5s, or Ad+5s with Ac+5d, and must be listed once.
        masks = {completion | union for completion in completions for union in unions
                 if not union & completion}
        for mask in masks:
            if mask:  # 5.3: a new build uses at least one table card
                yield Move.trusted(card, BUILD, value, table.items_of(mask)[0], ())
        for _, build in table.build_bits():
            if build.value == value:  # adding to a build of this value (5.7)
                for mask in masks:
                    yield Move.trusted(card, BUILD, value, table.items_of(mask)[0], (build,))
            elif not build.is_multiple and build.value + played == value:  # raising (5.5)
                for union in unions:
                    yield Move.trusted(card, BUILD, value, table.items_of(union)[0], (build,))


def controlled_after(position: Position, move: Move) -> list[Build]:
    """The builds the mover controls once the move is made."""
    mine = [b for b in position.controlled_builds() if b not in move.builds]
    if move.kind == BUILD:
        mine.append(Build(move.value or 0, (move.card,), position.seat))
    return mine


def _duty_met(position: Position, move: Move, rest: tuple[Card, ...]) -> bool:
    """7.1: never left controlling a build without a card of its value."""
    if not position.rules.keep_capture_card:
        return True
    return not uncovered_values(controlled_after(position, move), rest, position.rules)
