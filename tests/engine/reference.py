"""A deliberately simple brute-force move generator, written from the rules of record alone.

It is the yardstick for `engine.movegen`: slow, obvious, and independent. It
uses only the engine's data types (Card, Build, Move, Position, Rules) and
never its arithmetic (no `Rules.capture_values`, `values.*`, `movegen.*`).

For every hand card it enumerates every subset of the table items, every
announced value and every target build, and keeps what the rules allow:

- captures (4.1-4.6): the subset splits into groups of the capture value;
- builds (5.1-5.8): new builds, raises and additions, with the holding rule;
- trails (6.1, 6.2);
- then the controller's duty (7.1) filters everything.

It also has its own `apply`/`pass`/`perft`, used once to write
tests/data/perft.txt (run ``python tests/engine/reference.py``).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

from engine import BUILD, CAPTURE, TRAIL, Build, Card, Move, Position, Rules

T = TypeVar("T")

# ----- values, rules 1.2-1.5 --------------------------------------------------


def is_court(card: Card) -> bool:
    return card.rank in (11, 12, 13)


def table_value(card: Card, rules: Rules) -> int | None:
    """1.2-1.4: what a card counts on the table, in a sum or in a build (aces 1)."""
    if is_court(card) and rules.face_values == "classic":
        return None  # 1.3: no value
    return card.rank


def capture_values(card: Card, rules: Rules) -> set[int]:
    """1.2-1.5: the values a card played from the hand may capture (or hold) as."""
    value = table_value(card, rules)
    if value is None:
        return set()
    if card.rank == 1 and rules.ace_high:
        return {1, 14}
    return {value}


def is_multiple(build: Build) -> bool:
    """5.1: a build is multiple when its cards (aces 1) total more than its value."""
    return sum(card.rank for card in build.cards) != build.value


@cache
def splits(values: tuple[int, ...], target: int) -> bool:
    """Can these values (sorted) be split into groups that each total `target`?

    The empty multiset splits (into no groups). Plain recursion: the first value
    goes into some group; try every choice of companions for it.
    """
    if not values:
        return True
    first, rest = values[0], values[1:]
    for size in range(len(rest) + 1):
        for combo in itertools.combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in combo) == target:
                remaining = tuple(v for i, v in enumerate(rest) if i not in combo)
                if splits(remaining, target):
                    return True
    return False


def splits_values(values: Iterable[int], target: int) -> bool:
    return splits(tuple(sorted(values)), target)


def subsets(items: Sequence[T]) -> Iterable[tuple[T, ...]]:
    for size in range(len(items) + 1):
        yield from itertools.combinations(items, size)


def without(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    return tuple(c for c in hand if c != card)


# ----- captures, rules 4 ------------------------------------------------------------


def is_legal_capture(card: Card, value: int, loose: Sequence[Card], builds: Sequence[Build],
                     rules: Rules) -> bool:
    """May `card`, counting `value`, take exactly these loose cards and builds?"""
    if not loose and not builds:
        return False
    # 4.6: classic court cards take loose cards of their own rank only. They have no
    # value (1.3); a Move records the card's rank in its `value` field as a label.
    if is_court(card) and rules.face_values == "classic":
        if value != card.rank or builds or any(c.rank != card.rank for c in loose):
            return False
        return len(loose) == 1 or rules.face_capture == "all"
    if value not in capture_values(card, rules):
        return False
    # 4.6 aces_like_faces: an ace taking as 1 (its rank) takes at most one loose ace.
    if card.rank == 1 and value == 1 and rules.aces_like_faces and len(loose) > 1:
        return False
    parts: list[int] = []
    for c in loose:
        part = table_value(c, rules)
        if part is None:
            return False  # 4.5: a classic court card has no value, joins no group
        parts.append(part)
    for build in builds:
        if build.value == value:
            continue  # 4.1: a build of the value, taken whole, as its own group
        # 4.4 build_in_sums: a single build may count as one card of its value in a sum.
        if rules.build_in_sums and not is_multiple(build):
            parts.append(build.value)
            continue
        return False
    return splits_values(parts, value)  # 4.1, 4.2: disjoint groups each of the value


# ----- builds, rules 5 ---------------------------------------------------------------


def is_build_shape(played: int, loose_values: Sequence[int], target: Build | None,
                   value: int) -> bool:
    """5.3-5.7: may a card worth `played` with these loose cards build `value`?

    Only the arithmetic of the cards; 1.3 (courts), 5.2 (holding) and 11.1 are
    checked by the caller. Inside a build an ace always counts 1 (1.5).
    """
    if target is None:
        # 5.4 (and 5.3: the played card plus at least one table card)
        return bool(loose_values) and splits_values([played, *loose_values], value)
    if target.value == value:
        # 5.7 adding: the card alone or with loose cards totals V, plus more groups of V
        return splits_values([played, *loose_values], value)
    if not is_multiple(target) and target.value + played == value:
        # 5.5 raising a single build (5.6: never a multiple one); loose groups of V only
        return splits_values(loose_values, value)
    return False


# ----- the controller's duty, trails, the whole list ----------------------------------------


def controlled_after(position: Position, move: Move) -> list[Build]:
    mine = [b for b in position.builds if b.controller == position.seat
            and b not in move.builds]
    if move.kind == BUILD:
        assert move.value is not None
        mine.append(Build(move.value, (move.card, *move.loose), position.seat))
    return mine


def duty_met(position: Position, move: Move) -> bool:
    """7.1: each distinct controlled build value needs its own card in hand."""
    rules = position.rules
    if not rules.keep_capture_card:
        return True
    values = sorted({b.value for b in controlled_after(position, move)})
    rest = without(position.hand, move.card)
    if len(values) > len(rest):
        return False
    for cards in itertools.permutations(rest, len(values)):
        if all(v in capture_values(c, rules) for v, c in zip(values, cards, strict=True)):
            return True
    return False


def reference_moves(position: Position) -> set[Move]:
    """Every legal move, by brute force over subsets, values and targets."""
    rules = position.rules
    items: list[Card | Build] = [*position.loose, *position.builds]
    candidates: set[Move] = set()
    for card in position.hand:
        rest = without(position.hand, card)
        # Captures: every subset of the table, every value the card may announce
        # (its capture values, or its rank for a classic court card).
        announced = sorted(capture_values(card, rules) | {card.rank})
        for chosen in subsets(items):
            loose = tuple(i for i in chosen if isinstance(i, Card))
            builds = tuple(i for i in chosen if isinstance(i, Build))
            for value in announced:
                if is_legal_capture(card, value, loose, builds, rules):
                    candidates.add(Move(card, CAPTURE, value, loose, builds))
        # Builds: every subset of the loose cards, every target, every value.
        played = table_value(card, rules)
        if not rules.builds or played is None:
            continue  # 11.1; 1.3: a classic court card never builds
        held = {v for c in rest for v in capture_values(c, rules)}  # 5.2 holding rule
        for loose in subsets(position.loose):
            if any(table_value(c, rules) is None for c in loose):
                continue  # 1.3: nor joins a build
            loose_values = [c.rank for c in loose]
            for target in [None, *position.builds]:
                for value in range(1, 15):
                    if value in held and is_build_shape(played, loose_values, target, value):
                        onto = (target,) if target is not None else ()
                        candidates.add(Move(card, BUILD, value, loose, onto))
    moves = {m for m in candidates if duty_met(position, m)}  # 7.1
    controls = any(b.controller == position.seat for b in position.builds)
    mode = rules.controller_trail
    if not controls or mode == "always" or (mode == "if_stuck" and not moves):  # 6.2
        moves |= {t for c in position.hand if duty_met(position, t := Move(c, TRAIL))}
    if not moves and position.hand:
        # the rules leave "nothing is legal" open (only with keep_capture_card=false):
        # the engine lets the player trail any card, and so does the reference.
        moves = {Move(c, TRAIL) for c in position.hand}
    return moves


# ----- applying moves and perft (for tests/data/perft.txt) -----------------------------------


def reference_apply(position: Position, move: Move) -> Position:
    """The table and hand after `move` (same player to move)."""
    hand = without(position.hand, move.card)
    loose = [c for c in position.loose if c not in move.loose]
    builds = [b for b in position.builds if b not in move.builds]
    if move.kind == TRAIL:
        loose.append(move.card)
    elif move.kind == BUILD:
        assert move.value is not None
        base = move.builds[0].cards if move.builds else ()
        builds.append(Build(move.value, (*base, move.card, *move.loose), position.seat))
    return Position(tuple(loose), tuple(builds), hand, position.seat, position.players,
                    position.rules, position.last, position.other_hands)


def reference_pass(position: Position) -> Position:
    """The next seat clockwise to move, its hand taken from `other_hands`."""
    hands = dict(position.other_hands)
    hands[position.seat] = position.hand
    seat = (position.seat + 1) % position.players
    hand = hands.pop(seat, ())
    return Position(position.loose, position.builds, hand, seat, position.players,
                    position.rules, position.last, tuple(hands.items()))


def reference_perft(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(reference_perft(reference_pass(reference_apply(position, m)), depth - 1)
               for m in reference_moves(position))


PERFT_DATA = Path(__file__).resolve().parent.parent / "data" / "perft.txt"

PERFT_POSITIONS = (
    # classic opening-like tables, two players
    "table: As 2d 3h 5s; hand: 3c 6d 8s Kd; hand 1: 2c 5d 8h 10s",
    "table: 4c 6h 9d Qs; hand: 2h 5c 10d Qh; hand 1: Ah 3s 7c 9s",
    # builds on the table, controlled by each side, single and multiple
    "table: 2c 7d [8: 3s 5h @1]; hand: 3d 6c 8c 10h; hand 1: 8d Ad 4h 9c",
    "table: 4d 2h [9: 6s 3h @0] [5: 5c 2s 3c @1]; hand: 9c Ac 4s 7h; hand 1: 5d 4h Kc 3d",
    # court cards and the one-card rule (classic)
    "table: Qs Qh Js 5d; hand: Qd Jd 5h 10c; hand 1: Qc Jh 5s 9h",
    # three and four players
    "table: Ah 2s 6d 8c; hand: 6h 8d 2h 4d; players: 3; hand 1: 4s Ac 10h 5c; "
    "hand 2: 7d 3c Kh 9s",
    "table: 3h 4s 7c; hand: 7h 3d 10d; players: 4; hand 1: As 6c 9h; hand 2: 4c Qd 8s; "
    "hand 3: 2d 5s 7s",
    # royal values, and aces high
    "table: Ah Jc 5d 7s; hand: Qh Kd 6c 2h; rules: royal; hand 1: Qs 2c 9d Kh",
    "table: Ks Ah 3c 10h; hand: Ac 4d Kh 9s; rules: royal-aces-high; hand 1: Ad 2s Qc 5h",
    # settings that change moves
    "table: 2d 5s [7: 4h 3s @1]; hand: 9s 5c 7h 2h; rules: classic build_in_sums=true; "
    "hand 1: 9h 2c 7d 4c",
    "table: 5h 5d 2c; hand: 5s 10c 3h; rules: classic controller_trail=always; "
    "hand 1: 10h 5c 8d",
    "table: Qs Qh Ad Ah 3c; hand: Qd Ac 4d 7s; "
    "rules: classic face_capture=all aces_like_faces=true; hand 1: Qc As 3s 8h",
    "table: 6d [8: 5s 3h @0] [7: 4c 3d @1]; hand: 2s 4h 9c; "
    "rules: classic keep_capture_card=false controller_trail=if_stuck; hand 1: 7h 2h Kd",
)


def write_perft_file(path: Path = PERFT_DATA, max_depth: int = 3) -> None:
    lines = ["# position text | perft depth 1 | 2 | 3  (written by tests/engine/reference.py)"]
    for text in PERFT_POSITIONS:
        position = Position.parse(text)
        counts = [reference_perft(position, d) for d in range(1, max_depth + 1)]
        lines.append(" | ".join([position.text, *(str(c) for c in counts)]))
        print(lines[-1], file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_perft_file()
