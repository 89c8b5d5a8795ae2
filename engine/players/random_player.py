"""Level 1: any legal move, uniformly at random (the bottom rung of the ladder)."""

from __future__ import annotations

import random

from engine.moves import Move
from engine.players.view import PlayerView


def choose(view: PlayerView, rng: random.Random) -> Move:
    moves = view.legal_moves()
    return moves[rng.randrange(len(moves))]
