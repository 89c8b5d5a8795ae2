"""The generator against an independent brute-force reference (reference.py).

Thousands of seeded random positions under every preset, every single
non-default setting and a few combinations. Any difference prints the
position text and the moves only one side found.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import pytest
from randpos import changes_moves, random_position, rules_variants
from reference import reference_moves

from engine import BUILD, CAPTURE, TRAIL, Move, Position, Rules, legal_moves

VARIANTS = rules_variants()
POSITIONS_PER_MOVE_VARIANT = 250  # classic and every variant that changes moves
POSITIONS_PER_OTHER_VARIANT = 40  # scoring/deal settings: moves must not change


def difference(position: Position) -> str | None:
    """None when generator and reference agree, else a report to print."""
    generated = legal_moves(position)
    expected = reference_moves(position)
    found = set(generated)
    problems = []
    if len(found) != len(generated):
        twice = [m.text for m, n in Counter(generated).items() if n > 1]
        problems.append(f"  listed more than once: {sorted(twice)}")
    if found != expected:
        problems.append(f"  missing from legal_moves: {sorted(m.text for m in expected - found)}")
        problems.append(f"  extra in legal_moves:     {sorted(m.text for m in found - expected)}")
    if not problems:
        return None
    return "\n".join([f"position: {position.text}", *problems])


def features(position: Position, moves: Iterable[Move]) -> set[str]:
    """What a position exercised, so the test can insist the sample is not trivial."""
    found = set()
    for move in moves:
        found.add(move.kind)
        if move.kind == BUILD and move.builds:
            target = move.builds[0]
            found.add("add" if target.value == move.value else "raise")
        if move.kind == CAPTURE and move.builds:
            found.add("capture-build")
        if move.kind == CAPTURE and move.card.is_court:
            found.add("court-capture")
    if position.controlled_builds():
        found.add("mover-controls")
    if any(b.is_multiple for b in position.builds):
        found.add("multiple-build")
    if position.last:
        found.add("last")
    return found


def run(rules: Rules, count: int, seed: str, **options: int) -> Counter[str]:
    rng = random.Random(seed)
    failures: list[str] = []
    seen: Counter[str] = Counter()
    for _ in range(count):
        position = random_position(rng, rules, **options)
        report = difference(position)
        if report is not None:
            failures.append(report)
        seen.update(features(position, legal_moves(position)))
    assert not failures, (f"{len(failures)} of {count} positions differ under {rules.text}:\n"
                          + "\n".join(failures[:10]))
    return seen


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.text for r in VARIANTS])
def test_generator_matches_brute_force_reference(rules: Rules) -> None:
    main = changes_moves(rules) or rules == Rules()
    count = POSITIONS_PER_MOVE_VARIANT if main else POSITIONS_PER_OTHER_VARIANT
    seen = run(rules, count, f"brute force {rules.text}")
    assert seen[CAPTURE] and seen[TRAIL] and seen["last"]
    assert seen["mover-controls"] or not rules.builds
    if main and rules.builds:
        for feature in (BUILD, "add", "raise", "capture-build", "multiple-build"):
            assert seen[feature] >= 5, (feature, seen)
    if main and not rules.royal:
        assert seen["court-capture"] >= 5, seen


@pytest.mark.parametrize("preset", ["classic", "royal", "classic build_in_sums=true",
                                    "royal-aces-high aces_like_faces=true"])
def test_generator_matches_reference_on_crowded_tables(preset: str) -> None:
    run(Rules.parse(preset), 25, f"crowded {preset}", max_loose=10, max_hand=5)


def test_reference_sanity_on_a_worked_case() -> None:
    """The yardstick itself: W4 as the rules page states it (3h: take, build 6 or 3s, trail)."""
    position = Position.parse("table: Ac 2d; hand: 3h 3s 6d")
    three = {m.text for m in reference_moves(position) if str(m.card) == "3h"}
    assert three == {"3h x 2d+Ac", "3h b6 Ac 2d", "3h b3 Ac 2d", "3h t"}
