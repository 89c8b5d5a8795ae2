"""The legal-move generator (docs/rules.md 3-7).

The table's groups of each value and their disjoint unions come from
`engine.groups` (bit masks, each outcome once); this module puts each hand
card to them: captures by sum and by rank, builds of the three kinds, the
controller's duty and the trailing rule.

Speed matters here (the searching player and the benchmark play thousands of
imaginary moves), so cards are looked up by their integer key in per-rules
tables, and the common cases (no builds on the table, no build controlled)
take short paths.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final

from engine.cards import Card, full_deck, sort_cards
from engine.groups import (
    Groups,
    RuleFacts,
    disjoint_unions,
    forget_tables,
    items_of,
    rule_facts,
    subset_sums,
)
from engine.limits import MOVE_CACHE_ENTRIES, MOVE_CACHE_MOVES, WORK_PER_MOVE, Work
from engine.moves import BUILD, CAPTURE, TRAIL, Move
from engine.position import Build, Position
from engine.rules import ControllerTrail, Rules
from engine.values import uncovered_values

_new_move = Move.trusted
# Plain names for enum members read while generating (fast on Python 3.11).
_ALWAYS: Final = ControllerTrail.ALWAYS
_IF_STUCK: Final = ControllerTrail.IF_STUCK


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

    def __repr__(self) -> str:
        return f"<LegalMoves ({len(self)}): {', '.join(m.text for m in self._moves)}>"


class MoveCache:
    """The move lists of recently asked positions, least recently used forgotten
    first, bounded both in positions (MOVE_CACHE_ENTRIES) and in the moves they
    hold together (MOVE_CACHE_MOVES): one position with a huge list can no longer
    pin hundreds of megabytes. Shared by the server's threads, hence the lock."""

    def __init__(self, entries: int = MOVE_CACHE_ENTRIES, moves: int = MOVE_CACHE_MOVES) -> None:
        self.max_entries = entries
        self.max_moves = moves
        self.moves = 0
        self._kept: OrderedDict[Position, LegalMoves] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, position: Position) -> LegalMoves | None:
        # Reads take no lock: each OrderedDict operation is atomic under the GIL, and
        # an entry another thread evicts in between is simply not moved to the end.
        found = self._kept.get(position)
        if found is not None:
            try:  # noqa: SIM105 (contextlib.suppress costs a microsecond on every hit)
                self._kept.move_to_end(position)
            except KeyError:
                pass
        return found

    def put(self, position: Position, moves: LegalMoves) -> None:
        if len(moves) > self.max_moves:
            return  # answered, not kept
        with self._lock:
            if position in self._kept:
                return
            self._kept[position] = moves
            self.moves += len(moves)
            while len(self._kept) > self.max_entries or self.moves > self.max_moves:
                _, dropped = self._kept.popitem(last=False)
                self.moves -= len(dropped)

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.moves = 0


_CACHE: Final = MoveCache()


def legal_moves(position: Position) -> LegalMoves:
    """Every legal move of the player to move, each distinct outcome once.

    Cached, because the app, the judge and the players ask about the same
    position again and again; `generate_moves` is the uncached generator.
    Raises TooMuchWorkError for a table whose moves would take more than
    MAX_GENERATION_WORK to find (engine/limits.py).
    """
    found = _CACHE.get(position)
    if found is None:
        found = LegalMoves(_generate(position))
        _CACHE.put(position, found)
    return found


def generate_moves(position: Position, work: Work | None = None) -> LegalMoves:
    """`legal_moves` without the cache: for positions seen once (playouts, games).
    `work` counts what the call does (a fresh limit of MAX_GENERATION_WORK)."""
    return LegalMoves(_generate(position, work))


def move_cache() -> MoveCache:
    """The cache `legal_moves` keeps (for tests and the benchmark)."""
    return _CACHE


def clear_cache() -> None:
    """Forget every cached move list and table analysis, so that a benchmark times
    the generator from cold."""
    _CACHE.clear()
    forget_tables()


# Trail moves carry nothing but the card, so one object per card serves every
# position (found by the card's key; cards are equal by key).
_TRAILS: Final = [Move.trusted(card, TRAIL, None, (), ()) for card in sort_cards(full_deck())]
_FIRST_KEY: Final = _TRAILS[0].card._key


def _trail(card: Card) -> Move:
    return _TRAILS[card._key - _FIRST_KEY]


def _generate(position: Position, work: Work | None = None) -> list[Move]:
    work = work if work is not None else Work()
    tables = rule_facts(position.rules)
    try:
        return _generate_within(position, tables, work)
    finally:
        if work.spent != work.on_moves:  # some analysis was made, and is kept
            tables.note_work(work.on_analyses)


_FEW: Final = 64  # moves one card may make without a charge (the usual case, all of it)


def _generate_within(position: Position, tables: RuleFacts, work: Work) -> list[Move]:
    hand = position.hand
    loose = position.loose
    builds = position.builds
    table_value = tables.table_value
    sum_values = [table_value[c._key] for c in loose]
    while sum_values and sum_values[-1] is None:
        # Classic court cards sort last and are never in a sum: dropping them lets
        # tables that differ only in court cards share one analysis.
        sum_values.pop()
    groups = tables.groups(tuple(sum_values), work)
    seat = position.seat
    controlled = [b for b in builds if b.controller == seat] if builds else []
    # Controlling nothing, a build move's own value is held (checked in _builds),
    # so the duty (7.1) cannot fail and need not be checked move by move.
    duty_applies = bool(controlled) and tables.keep_capture_card
    keys = [c._key for c in hand]
    distinct = len(set(keys)) == len(keys)
    held = tables.held_values(hand) if tables.builds else []
    capture_values = tables.capture_values
    by_rank = tables.by_rank
    moves: list[Move] = []
    for index, card in enumerate(hand):
        key = keys[index]
        if not distinct and key in keys[:index]:
            continue
        candidates = moves if not duty_applies else []
        before = len(candidates)
        values = capture_values[key]
        if by_rank[key]:
            _rank_captures(loose, builds, card, tables, candidates, work)
            # The one-card rule (4.6) is about taking cards of the card's own rank. An
            # ace under ace_high may still count 14 (1.5) and then takes groups of 14.
            values = tuple([v for v in values if v != card.rank])
        for value in values:
            if not builds:
                candidates += [_new_move(card, CAPTURE, value, pick(loose), ())
                               for pick in groups.union_picks(value, work)[0]]
            else:
                _captures_with_builds(groups, loose, builds, card, value, tables, candidates,
                                      work)
        if held and table_value[key] is not None:
            _builds(groups, loose, builds, card, tables, held, candidates, work)
        if len(candidates) - before > _FEW:  # many: count them against the limit
            work.charge_moves((len(candidates) - before) * WORK_PER_MOVE)
        if duty_applies:
            _keep_dutiful(position, candidates, hand[:index] + hand[index + 1:], controlled,
                          tables, moves)
    every_trail = [_trail(card) for card in (hand if distinct else sorted(set(hand)))]
    if not controlled:
        moves += every_trail
        return moves
    trails = every_trail
    if duty_applies:
        trails = []
        for trail in every_trail:
            _keep_dutiful(position, [trail], _without(hand, trail.card), controlled, tables,
                          trails)
    if controller_may_trail(position.rules, bool(moves)):
        moves += trails
    if not moves and hand:
        # Nothing is legal (possible only with keep_capture_card=false): the player
        # must still play a card, so they trail; docs/rules.md leaves this case open.
        moves = every_trail
    return moves


def _keep_dutiful(position: Position, candidates: list[Move], rest: tuple[Card, ...],
                  controlled: list[Build], tables: RuleFacts, moves: list[Move]) -> None:
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
            elif move.kind is not BUILD:  # kinds compare by identity (moves.py)
                if kept_all:
                    moves.append(move)
                continue
            else:
                needed = set(values)
            if move.kind is BUILD:
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


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1:]


def controller_may_trail(rules: Rules, other_moves: bool) -> bool:
    """May a player who controls a build trail (6.2)? Never, unless a setting allows
    it always or when nothing else is legal (`other_moves` says if something is)."""
    mode = rules.controller_trail
    return mode == _ALWAYS or (mode == _IF_STUCK and not other_moves)


def _captures_with_builds(groups: Groups, loose: tuple[Card, ...], builds: tuple[Build, ...],
                          card: Card, value: int, tables: RuleFacts,
                          moves: list[Move], work: Work) -> None:
    """Captures of `value` when builds are on the table: a build of the value is a
    group of its own (4.5), and with `build_in_sums` a single build may also be one
    card of a sum (4.4)."""
    if tables.build_in_sums:
        base = len(loose)
        whole_bits = [1 << (base + j) for j, b in enumerate(builds) if b.value == value
                      and b.is_multiple]
        values = [tables.table_value[c._key] for c in loose]
        values += [None if b.is_multiple else b.value for b in builds]
        since = work.spent
        groups_in_sums = subset_sums(values, tables.limit, work).get(value, [])
        unions = disjoint_unions([*groups_in_sums, *whole_bits], work)
        work.not_kept(since)
        moves += [_new_move(card, CAPTURE, value, *items_of(mask, loose, builds))
                  for mask in unions if mask]
        return
    some, every = groups.union_picks(value, work)
    moves += [_new_move(card, CAPTURE, value, pick(loose), ()) for pick in some]
    whole = [b for b in builds if b.value == value]
    if whole:  # every non-empty set of them, with every union of loose groups
        work.charge_moves(((1 << len(whole)) - 1) * len(every) * WORK_PER_MOVE)
    for size in range(1, len(whole) + 1):
        for taken in combinations(whole, size):  # each build is a group of its own
            moves += [_new_move(card, CAPTURE, value, pick(loose), taken) for pick in every]


def _rank_captures(loose: tuple[Card, ...], builds: tuple[Build, ...], card: Card,
                   tables: RuleFacts, moves: list[Move], work: Work) -> None:
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
    since = work.spent
    choices = {0, *singles} if one else disjoint_unions(singles, work)
    base = len(loose)
    build_unions = disjoint_unions([1 << (base + j) for j, b in enumerate(builds)
                                    if b.value == rank], work)
    work.not_kept(since)
    work.charge_moves(len(choices) * len(build_unions) * WORK_PER_MOVE)
    moves += [_new_move(card, CAPTURE, rank, *items_of(mask, loose, builds))
              for mask in {c | u for c in choices for u in build_unions} if mask]


def _builds(groups: Groups, loose: tuple[Card, ...], builds: tuple[Build, ...], card: Card,
            tables: RuleFacts, held: list[tuple[int, int]], moves: list[Move],
            work: Work) -> None:
    """New builds (5.4), raises (5.5) and additions (5.7) with this card."""
    key = card._key
    played = tables.table_value[key]
    assert played is not None
    own = tables.capture_values[key]
    max_build = tables.max_build
    for value, holders in held:
        if value < played or value > max_build or holders - (value in own) <= 0:
            continue  # 5.2: a build needs a card of its value kept in hand
        new, every = groups.build_picks(played, value, work)
        moves += [_new_move(card, BUILD, value, pick(loose), ()) for pick in new]
        for build in builds:
            if build.value == value:  # adding to a build of this value (5.7)
                moves += [_new_move(card, BUILD, value, pick(loose), (build,)) for pick in every]
            elif not build.is_multiple and build.value + played == value:  # raising (5.5)
                moves += [_new_move(card, BUILD, value, pick(loose), (build,))
                          for pick in groups.union_picks(value, work)[1]]


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
