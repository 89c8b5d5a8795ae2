"""Perft counts of tests/data/perft.txt (written by the brute-force reference,
`python tests/engine/reference.py`) checked against the engine's generator,
apply_move and pass_turn. A mismatch prints both divides."""

from __future__ import annotations

import pytest
from reference import (
    PERFT_DATA,
    PERFT_POSITIONS,
    reference_apply,
    reference_moves,
    reference_pass,
    reference_perft,
)

from engine import InvalidPositionError, Position, pass_turn
from engine.perft import divide, divide_text, perft


def fixtures() -> list[tuple[str, list[int]]]:
    rows = []
    for line in PERFT_DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        text, *counts = (part.strip() for part in line.split("|"))
        rows.append((text, [int(c) for c in counts]))
    return rows


FIXTURES = fixtures()


def reference_divide_text(position: Position, depth: int) -> str:
    rows = sorted((m.text, reference_perft(reference_pass(reference_apply(position, m)),
                                           depth - 1)) for m in reference_moves(position))
    return "\n".join(f"{text}: {count}" for text, count in rows)


def test_perft_file_has_every_reference_position_at_depths_1_to_3() -> None:
    assert len(FIXTURES) == len(PERFT_POSITIONS) >= 10
    assert all(len(counts) == 3 for _, counts in FIXTURES)
    assert [Position.parse(t) for t, _ in FIXTURES] == [Position.parse(t) for t in PERFT_POSITIONS]


@pytest.mark.parametrize(("text", "counts"), FIXTURES, ids=[f"p{i}" for i in range(len(FIXTURES))])
def test_perft_matches_reference_counts(text: str, counts: list[int]) -> None:
    position = Position.parse(text)
    view = position
    for _ in range(position.players):  # every seat's view is a position that can occur
        assert view.problems() == [], (view.text, view.problems())
        view = pass_turn(view)
    for depth, expected in enumerate(counts, start=1):
        got = perft(position, depth)
        if got != expected:
            pytest.fail(f"perft({depth}) of {text!r} is {got}, expected {expected}\n"
                        f"engine divide:\n{divide_text(position, depth)}\n"
                        f"reference divide:\n{reference_divide_text(position, depth)}")


def test_divide_sums_to_perft_and_depth_zero_counts_one() -> None:
    position = Position.parse(FIXTURES[0][0])
    assert perft(position, 0) == 1
    for depth in (1, 2, 3):
        table = divide(position, depth)
        assert sum(table.values()) == perft(position, depth)
    assert divide_text(position, 1).endswith(f"total: {perft(position, 1)}")


def test_perft_needs_every_hand_beyond_depth_1() -> None:
    position = Position.parse("table: 3c 5h; hand: 8s 2d")
    assert perft(position, 1) == 3  # 8s x 5h+3c, 2d t, 8s t
    with pytest.raises(InvalidPositionError, match="seat 1"):
        perft(position, 2)
    with pytest.raises(ValueError, match="depth"):
        perft(position, -1)
    with pytest.raises(ValueError, match="depth"):
        divide(position, 0)


def test_perft_counts_zero_below_an_empty_hand() -> None:
    position = Position.parse("table: 3c; hand: 8s; hand 1: -")
    assert perft(position, 1) == 1
    assert perft(position, 2) == 0
