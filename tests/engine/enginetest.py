"""Small helpers shared by the engine tests (positions, moves and verdicts from text)."""

from __future__ import annotations

from collections.abc import Iterable

from engine import (
    Card,
    Move,
    Position,
    Verdict,
    apply_move,
    check,
    legal_moves,
    parse_cards,
    parse_move,
)


def pos(text: str) -> Position:
    """A position from notation, checked to be one that can occur."""
    return Position.parse(text).validated()


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


def texts(moves: Iterable[Move]) -> set[str]:
    return {m.text for m in moves}


def moves_with(position: Position, played: str, kind: str | None = None) -> set[Move]:
    """The legal moves that play `played` (optionally only of one kind)."""
    c = card(played)
    return {m for m in legal_moves(position) if m.card == c and (kind is None or m.kind == kind)}


def legal(position: Position, move_text: str) -> Move:
    """Assert the move is legal for both the judge and the generator; return it."""
    verdict = check(position, move_text)
    assert verdict.legal, f"{move_text!r} in {position.text!r}: {verdict.code}: {verdict.message}"
    assert verdict.code == "legal"
    assert verdict.move is not None and verdict.move in legal_moves(position)
    assert parse_move(move_text, position) == verdict.move
    return verdict.move


def illegal(position: Position, attempt: object, code: str) -> Verdict:
    """Assert the attempt is illegal with this reason code; the generator agrees."""
    verdict = check(position, attempt)  # type: ignore[arg-type]
    assert not verdict.legal, f"{attempt!r} is legal in {position.text!r}"
    assert verdict.code == code, (
        f"{attempt!r} in {position.text!r}: expected {code}, got {verdict.code}: "
        f"{verdict.message}"
    )
    assert verdict.message
    if verdict.move is not None:
        assert verdict.move not in legal_moves(position)
    return verdict


def play(position: Position, move_text: str) -> Position:
    """The position after a legal move (same player to move)."""
    return apply_move(position, legal(position, move_text)).position
