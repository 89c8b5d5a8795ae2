"""The legal-move generator (RULES.md 3-7).

Table items are numbered (loose cards first, then builds) and sets of items
are bit masks, so "disjoint groups" is `a & b == 0` and a capture's outcome is
one integer. Every group of a value is found once per position by a
subset-sum search, and the unions of disjoint groups are grown group by group
into a set, which is what makes each distinct outcome appear exactly once.

Speed matters here (the searching player and the benchmark play thousands of
imaginary moves), so what depends only on the rules is worked out once per
`Rules` (`_RuleTables`), cards are looked up by their integer key, and the
common cases (no builds on the table, no build controlled) take short paths.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Final

from engine.cards import Card, full_deck
from engine.moves import BUILD, CAPTURE, TRAIL, Move
from engine.position import Build, Position
from engine.rules import Rules
from engine.values import uncovered_values

_new_move = Move.trusted


class LegalMoves(Sequence[Move]):
    """The legal moves of a position: a sequence with fast membership, like
    python-chess's `Board.legal_moves`.

    Membership first looks for the very object (a move picked from this list),
    and hashes moves into a set only when asked about an equal copy.
    """

    __slots__ = ("_moves", "_set")

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves = tuple(moves)
        self._set: frozenset[Move] | None = None

    def __contains__(self, move: object) -> bool:
        for candidate in self._moves:
            if candidate is move:
                return True
        if self._set is None:
            self._set = frozenset(self._moves)
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
        return 1 if value in self else 0

    def by_kind(self, kind: str) -> tuple[Move, ...]:
        return tuple(m for m in self._moves if m.kind == kind)

    def __repr__(self) -> str:
        return f"<LegalMoves ({len(self)}): {', '.join(m.text for m in self._moves)}>"


def legal_moves(position: Position) -> LegalMoves:
    """Every legal move of the player to move, each distinct outcome once.

    Cached, because the app, the judge and the players ask about the same
    position again and again; `generate_moves` is the uncached generator.
    """
    return _legal_moves_cached(position)


@lru_cache(maxsize=4096)
def _legal_moves_cached(position: Position) -> LegalMoves:
    return LegalMoves(_generate(position))


def generate_moves(position: Position) -> LegalMoves:
    """`legal_moves` without the cache: for positions seen once (playouts, games)."""
    return LegalMoves(_generate(position))


def clear_cache() -> None:
    """Forget every cached move list and table analysis, so that a benchmark times
    the generator from cold."""
    _legal_moves_cached.cache_clear()
    for tables in _TABLES.values():
        tables.forget()
    _PICKS.clear()


# ----- what depends only on the rules ---------------------------------------------

class _RuleTables:
    """Per-card facts of one `Rules`, indexed by `Card._key` (rank * 4 + suit)."""

    __slots__ = (
        "_groups",
        "build_in_sums",
        "builds",
        "by_rank",
        "capture_values",
        "held",
        "keep_capture_card",
        "limit",
        "max_build",
        "rules",
        "single_valued",
        "table_value",
    )

    def __init__(self, rules: Rules) -> None:
        size = 14 * 4
        self.rules = rules
        self.table_value: list[int | None] = [None] * size
        self.capture_values: list[tuple[int, ...]] = [()] * size
        # By rank (4.6): the card takes loose cards of its own rank, one or all.
        self.by_rank: list[bool] = [False] * size
        for card in full_deck():
            key = card._key
            self.table_value[key] = rules.table_value(card)
            self.capture_values[key] = rules.capture_values(card)
            self.by_rank[key] = rules.one_card_rank(card) or not rules.capture_values(card)
        self.max_build = rules.max_build
        # No sum or build needs a group above the highest capture or build value.
        self.limit = max(rules.max_build, *(max(v, default=0) for v in self.capture_values))
        self.builds = rules.builds
        self.build_in_sums = rules.build_in_sums
        self.keep_capture_card = rules.keep_capture_card
        self.single_valued = all(len(values) <= 1 for values in self.capture_values)
        self._groups: dict[tuple[int | None, ...], _Groups] = {}
        self.held: dict[tuple[int, ...], list[tuple[int, int]]] = {}  # see _held_values

    def forget(self) -> None:
        """Drop what was learnt about tables and hands (the per-card facts stay)."""
        self._groups.clear()
        self.held.clear()

    def groups(self, values: tuple[int | None, ...]) -> _Groups:
        """The groups of a table whose loose cards have these values (memoised:
        tables recur, and finding the groups is a good part of the generator's work)."""
        found = self._groups.get(values)
        if found is None:
            if len(self._groups) >= _GROUPS_KEPT:
                self._groups.clear()
            found = self._groups[values] = _Groups(values, self.limit)
        return found


_GROUPS_KEPT: Final = 20_000


_TABLES: dict[int, _RuleTables] = {}


def _tables(rules: Rules) -> _RuleTables:
    found = _TABLES.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[id(rules)] = _RuleTables(rules)
    return found


_TRAILS: dict[int, Move] = {}


def _trail(card: Card) -> Move:
    """Trail moves carry nothing but the card, so one object per card serves all."""
    move = _TRAILS.get(card._key)
    if move is None:
        move = _TRAILS[card._key] = _new_move(card, TRAIL, None, (), ())
    return move


# ----- the table's groups ---------------------------------------------------------

class _Groups:
    """The groups of loose cards of each value, and the unions of disjoint groups.

    They depend only on the loose cards' values in table order, so one analysis
    serves every position whose table reads the same (`_RuleTables.groups`).
    Masks number the loose cards from bit 0 in table order. A "pick" turns a
    mask into the loose cards it stands for, given any table with these values.
    """

    __slots__ = ("_build_picks", "_union_picks", "_unions", "buckets")

    def __init__(self, values: Sequence[int | None], limit: int) -> None:
        self.buckets = _subset_sums(values, limit)
        self._unions: dict[int, set[int]] = {}
        self._union_picks: dict[int, tuple[list[_Pick], list[_Pick]]] = {}
        self._build_picks: dict[int, tuple[list[_Pick], list[_Pick]]] = {}

    def unions(self, value: int) -> set[int]:
        """Every union of disjoint loose groups of `value` (0 included), shared by
        the captures and the builds of every hand card."""
        found = self._unions.get(value)
        if found is None:
            found = self._unions[value] = disjoint_unions(self.buckets.get(value, ()))
        return found

    def union_picks(self, value: int) -> tuple[list[_Pick], list[_Pick]]:
        """Picks of the unions of `value`: the non-empty ones, and all of them."""
        found = self._union_picks.get(value)
        if found is None:
            every = [_pick(mask) for mask in self.unions(value)]
            found = self._union_picks[value] = ([p for p in every if p is not _EMPTY], every)
        return found

    def build_picks(self, played: int, value: int) -> tuple[list[_Pick], list[_Pick]]:
        """The loose cards a card of `played` can build `value` with: picks of the
        non-empty choices (new builds), and of all of them (additions, 5.7)."""
        key = played << 8 | value  # one int: cheaper to hash than a pair
        found = self._build_picks.get(key)
        if found is None:
            unions = self.unions(value)
            if value == played:
                masks = unions
            else:
                # A set, because one outcome can arise from several (completion,
                # union) pairs: Ad b6 with Ac 5d 5s is Ad+5d with Ac+5s, or Ad+5s
                # with Ac+5d, and must be listed once.
                completions = self.buckets.get(value - played, ())
                masks = {completion | union for completion in completions for union in unions
                         if not union & completion}
            every = [_pick(mask) for mask in masks]
            found = self._build_picks[key] = (
                [p for p in every if p is not _EMPTY], every)
        return found


_Pick = Callable[[tuple[Card, ...]], tuple[Card, ...]]
_PICKS: dict[int, _Pick] = {}
_EMPTY: Final[_Pick] = itemgetter(slice(0, 0))


def _pick(mask: int) -> _Pick:
    """A C-level function taking the masked cards out of a loose-card tuple."""
    found = _PICKS.get(mask)
    if found is None:
        indices = [i for i in range(mask.bit_length()) if mask >> i & 1]
        if not indices:
            found = _EMPTY
        elif len(indices) == 1:  # itemgetter(i) would give a card, not a tuple
            found = itemgetter(slice(indices[0], indices[0] + 1))
        else:
            found = itemgetter(*indices)
        if len(_PICKS) < 100_000:
            _PICKS[mask] = found
    return found


def _subset_sums(values: Sequence[int | None], limit: int) -> dict[int, list[int]]:
    """Masks of the items summing to each total up to `limit`, in one pass
    (one item alone counts too; None marks an item that cannot be summed)."""
    subsets: list[tuple[int, int]] = [(0, 0)]
    for index, value in enumerate(values):
        if value is None or value > limit:
            continue
        bit = 1 << index
        room = limit - value
        subsets += [(total + value, mask | bit) for total, mask in subsets if total <= room]
    buckets: dict[int, list[int]] = {}
    for total, mask in subsets[1:]:
        found = buckets.get(total)
        if found is None:
            buckets[total] = [mask]
        else:
            found.append(mask)
    return buckets


def disjoint_unions(groups: Sequence[int]) -> set[int]:
    """Every union of pairwise-disjoint groups (including the empty union, 0)."""
    unions = {0}
    for group in groups:
        unions |= {u | group for u in unions if not u & group}
    return unions


class _Items:
    """What a mask stands for on one table: its loose cards and builds, in table order."""

    __slots__ = ("_found", "builds", "count", "loose")

    def __init__(self, loose: tuple[Card, ...], builds: tuple[Build, ...]) -> None:
        self.loose = loose
        self.builds = builds
        self.count = len(loose)
        self._found: dict[int, tuple[tuple[Card, ...], tuple[Build, ...]]] = {}

    def __call__(self, mask: int) -> tuple[tuple[Card, ...], tuple[Build, ...]]:
        found = self._found.get(mask)
        if found is None:
            loose = self.loose
            rest = mask
            index = 0
            cards: list[Card] = []
            count = self.count
            while rest and index < count:
                if rest & 1:
                    cards.append(loose[index])
                rest >>= 1
                index += 1
            builds: tuple[Build, ...] = ()
            if rest:
                builds = tuple([b for j, b in enumerate(self.builds) if rest >> j & 1])
            found = self._found[mask] = (tuple(cards), builds)
        return found


# ----- the generator ----------------------------------------------------------------

def _generate(position: Position) -> list[Move]:
    tables = _tables(position.rules)
    hand = position.hand
    loose = position.loose
    builds = position.builds
    table_value = tables.table_value
    sum_values = [table_value[c._key] for c in loose]
    while sum_values and sum_values[-1] is None:
        # Classic court cards sort last and are never in a sum: dropping them lets
        # tables that differ only in court cards share one analysis.
        sum_values.pop()
    groups = tables.groups(tuple(sum_values))
    seat = position.seat
    controlled = [b for b in builds if b.controller == seat] if builds else []
    # Controlling nothing, a build move's own value is held (checked in _builds),
    # so the duty (7.1) cannot fail and need not be checked move by move.
    duty_applies = bool(controlled) and tables.keep_capture_card
    keys = [c._key for c in hand]
    distinct = len(set(keys)) == len(keys)
    held = _held_values(hand, tables) if tables.builds else []
    capture_values = tables.capture_values
    by_rank = tables.by_rank
    moves: list[Move] = []
    for index, card in enumerate(hand):
        key = keys[index]
        if not distinct and key in keys[:index]:
            continue
        candidates = moves if not duty_applies else []
        values = capture_values[key]
        if by_rank[key]:
            _rank_captures(loose, builds, card, tables, candidates)
            # The one-card rule (4.6) is about taking cards of the card's own rank. An
            # ace under ace_high may still count 14 (1.5) and then takes groups of 14.
            values = tuple([v for v in values if v != card.rank])
        for value in values:
            if not builds:
                candidates += [_new_move(card, CAPTURE, value, pick(loose), ())
                               for pick in groups.union_picks(value)[0]]
            else:
                _captures_with_builds(groups, loose, builds, card, value, tables, candidates)
        if held and table_value[key] is not None:
            _builds(groups, loose, builds, card, tables, held, candidates)
        if duty_applies:
            _keep_dutiful(position, candidates, hand[:index] + hand[index + 1:], controlled,
                          tables, moves)
    cards = hand if distinct else tuple(sorted(set(hand)))
    if not controlled:
        moves += [_trail(card) for card in cards]
        return moves
    trails = [_trail(card) for card in cards]
    if duty_applies:
        kept: list[Move] = []
        for trail in trails:
            _keep_dutiful(position, [trail], _without(hand, trail.card), controlled, tables, kept)
        trails = kept
    if _may_trail(position, bool(moves)):
        moves += trails
    if not moves and hand:
        # Nothing is legal (possible only with keep_capture_card=false): the player
        # must still play a card, so they trail. RULES.md leaves this case open.
        moves = [_trail(card) for card in cards]
    return moves


def _keep_dutiful(position: Position, candidates: list[Move], rest: tuple[Card, ...],
                  controlled: list[Build], tables: _RuleTables, moves: list[Move]) -> None:
    """Keep the candidates that meet the controller's duty (7.1)."""
    if tables.single_valued:
        # Each card takes one value, so distinct build values need distinct cards
        # anyway and the duty is a subset test: every value still controlled after
        # the move is one the rest of the hand can take.
        capture_values = tables.capture_values
        cover = {v for c in rest for v in capture_values[c._key]}
        values = {b.value for b in controlled}
        kept_all = values <= cover
        for move in candidates:
            if move.builds:
                needed = {b.value for b in controlled if b not in move.builds}
            elif move.kind != BUILD:
                if kept_all:
                    moves.append(move)
                continue
            else:
                needed = set(values)
            if move.kind == BUILD:
                needed.add(move.value or 0)
            if needed <= cover:
                moves.append(move)
        return
    duty: dict[tuple[str, int | None, tuple[Build, ...]], bool] = {}
    for move in candidates:
        # The duty depends only on what the move does to builds, not on loose cards.
        duty_key = (move.kind, move.value if move.kind == BUILD else None, move.builds)
        met = duty.get(duty_key)
        if met is None:
            met = duty[duty_key] = _duty_met(position, move, rest)
        if met:
            moves.append(move)


def _held_values(hand: tuple[Card, ...], tables: _RuleTables) -> list[tuple[int, int]]:
    """Each value some card of the hand can take, with how many cards can (5.2),
    in increasing order (kept by the hand's ranks, which is all it depends on)."""
    ranks = tuple([c.rank for c in hand])
    found = tables.held.get(ranks)
    if found is None:
        counts: dict[int, int] = {}
        for card in hand:
            for value in tables.capture_values[card._key]:
                counts[value] = counts.get(value, 0) + 1
        found = tables.held[ranks] = sorted(counts.items())
    return found


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1:]


def _may_trail(position: Position, other_moves: bool) -> bool:
    """6.2: a controller may not trail, unless a setting allows it."""
    if not position.controlled_builds():
        return True
    mode = position.rules.controller_trail
    return mode == "always" or (mode == "if_stuck" and not other_moves)


def _captures_with_builds(groups: _Groups, loose: tuple[Card, ...], builds: tuple[Build, ...],
                          card: Card, value: int, tables: _RuleTables,
                          moves: list[Move]) -> None:
    """Captures of `value` when builds are on the table: a build of the value is a
    group of its own (4.5), and with `build_in_sums` a single build may also be one
    card of a sum (4.4)."""
    if tables.build_in_sums:
        base = len(loose)
        whole_bits = [1 << (base + j) for j, b in enumerate(builds) if b.value == value
                      and b.is_multiple]
        values = [tables.table_value[c._key] for c in loose]
        values += [None if b.is_multiple else b.value for b in builds]
        groups_in_sums = _subset_sums(values, tables.limit).get(value, [])
        items = _Items(loose, builds)
        moves += [_new_move(card, CAPTURE, value, *items(mask))
                  for mask in disjoint_unions([*groups_in_sums, *whole_bits]) if mask]
        return
    some, every = groups.union_picks(value)
    moves += [_new_move(card, CAPTURE, value, pick(loose), ()) for pick in some]
    whole = [b for b in builds if b.value == value]
    for size in range(1, len(whole) + 1):
        for taken in combinations(whole, size):  # each build is a group of its own
            moves += [_new_move(card, CAPTURE, value, pick(loose), taken) for pick in every]


def _rank_captures(loose: tuple[Card, ...], builds: tuple[Build, ...], card: Card,
                   tables: _RuleTables, moves: list[Move]) -> None:
    """Court cards in classic (and aces with `aces_like_faces`) capture by rank (4.6).

    The one-card rule allows a single loose card of the rank; `face_capture: all`
    allows any of them. Builds of the value (only possible for aces) stay takeable.
    """
    rank = card.rank
    one = tables.rules.one_card_rank(card)
    if one and not builds:
        moves += [_new_move(card, CAPTURE, rank, (c,), ()) for c in loose if c.rank == rank]
        return
    singles = [1 << i for i, c in enumerate(loose) if c.rank == rank]
    if not singles and not builds:
        return
    choices = {0, *singles} if one else disjoint_unions(singles)
    base = len(loose)
    build_unions = disjoint_unions([1 << (base + j) for j, b in enumerate(builds)
                                    if b.value == rank])
    items = _Items(loose, builds)
    moves += [_new_move(card, CAPTURE, rank, *items(mask))
              for mask in {c | u for c in choices for u in build_unions} if mask]


def _builds(groups: _Groups, loose: tuple[Card, ...], builds: tuple[Build, ...], card: Card,
            tables: _RuleTables, held: list[tuple[int, int]], moves: list[Move]) -> None:
    """New builds (5.4), raises (5.5) and additions (5.7) with this card."""
    key = card._key
    played = tables.table_value[key]
    assert played is not None
    own = tables.capture_values[key]
    max_build = tables.max_build
    for value, holders in held:
        if value < played or value > max_build or holders - (value in own) <= 0:
            continue  # 5.2: a build needs a card of its value kept in hand
        new, every = groups.build_picks(played, value)
        moves += [_new_move(card, BUILD, value, pick(loose), ()) for pick in new]
        for build in builds:
            if build.value == value:  # adding to a build of this value (5.7)
                moves += [_new_move(card, BUILD, value, pick(loose), (build,)) for pick in every]
            elif not build.is_multiple and build.value + played == value:  # raising (5.5)
                moves += [_new_move(card, BUILD, value, pick(loose), (build,))
                          for pick in groups.union_picks(value)[1]]


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
