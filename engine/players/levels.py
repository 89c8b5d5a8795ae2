"""The ladder of computer players: level number -> `choose(view, rng) -> Move`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from engine.errors import CassinoError
from engine.moves import Move
from engine.players import counting, greedy, random_player, search
from engine.players.view import PlayerView

Chooser = Callable[[PlayerView, random.Random], Move]

LEVELS: Final[dict[int, Chooser]] = {
    1: random_player.choose,
    2: greedy.choose,
    3: counting.choose,
    4: search.choose,
}

LEVEL_NAMES: Final[dict[int, str]] = {
    1: "random: any legal move",
    2: "greedy: takes the most points and cards now",
    3: "counting: values cards by the count, guards the table, builds safely",
    4: "searching: samples the unseen cards and plays the deal out",
}

STRONGEST: Final = max(LEVELS)
COUNTING: Final = 3  # the level whose judgement every explanation is worded from


def choose_move(level: int, view: PlayerView, rng: random.Random) -> Move:
    """The move the computer player of `level` makes in `view`."""
    try:
        chooser = LEVELS[level]
    except KeyError:
        known = ", ".join(str(k) for k in LEVELS)
        raise CassinoError(f"no computer player of level {level}; levels: {known}") from None
    return chooser(view, rng)
