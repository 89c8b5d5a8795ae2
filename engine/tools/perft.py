"""Perft: count the move sequences of a given length from a position.

Why this exists: a move generator is proved the way chess programs prove
theirs (python-chess keeps such counts as data files). The number of move
sequences of depth 1, 2 and 3 from a fixed position is a single integer that
depends on every legal move, on how each move changes the table
(`apply_move`) and on whose turn comes next (`pass_turn`). Counts written once
by an independent brute-force reference and compared with the engine catch a
missing, extra or duplicated move anywhere in the tree, and `divide` (the
count below each first move) says which first move the difference hides under.

Perft needs every hand: after each move the turn passes to the next seat,
whose cards must be known (the `hand N:` fields of the position notation).
"""

from __future__ import annotations

from engine.apply import apply_move, pass_turn
from engine.errors import InvalidPositionError
from engine.movegen import legal_moves
from engine.moves import Move
from engine.position import Position


def perft(position: Position, depth: int) -> int:
    """The number of move sequences of length `depth` (1 for depth 0).

    After each move the next seat clockwise plays (`pass_turn`). A player with
    no legal move (an empty hand) ends that line, so it counts 0 below depth 0.
    """
    _check_arguments(position, depth)
    return _perft(position, depth)


def divide(position: Position, depth: int) -> dict[Move, int]:
    """For each legal first move, the perft count of depth - 1 after it.

    The values sum to `perft(position, depth)`. Comparing two divides shows
    which first move leads to the disagreement, which is how a perft
    mismatch is tracked down (divide again on that move's position).
    """
    _check_arguments(position, depth)
    if depth < 1:
        raise ValueError("divide needs depth >= 1: it lists the moves of the first ply")
    return {move: _perft(_next(position, move), depth - 1) for move in legal_moves(position)}


def divide_text(position: Position, depth: int) -> str:
    """A divide as text, one `move: count` line per first move, sorted by move text."""
    rows = sorted((move.text, count) for move, count in divide(position, depth).items())
    lines = [f"{text}: {count}" for text, count in rows]
    lines.append(f"total: {sum(count for _, count in rows)}")
    return "\n".join(lines)


def _perft(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(position)
    if depth == 1:
        return len(moves)  # the leaves need not be made: the count is the answer
    return sum(_perft(_next(position, move), depth - 1) for move in moves)


def _next(position: Position, move: Move) -> Position:
    return pass_turn(apply_move(position, move).position)


def _check_arguments(position: Position, depth: int) -> None:
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, not {depth}")
    if depth > 1:
        unknown = [s for s in range(position.players) if position.hand_of(s) is None]
        if unknown:
            seats = ", ".join(str(s) for s in unknown)
            raise InvalidPositionError(
                f"perft to depth {depth} needs every hand, but the hand of seat {seats} is not "
                f"known in {position.text!r}: add 'hand N: cards' fields"
            )
