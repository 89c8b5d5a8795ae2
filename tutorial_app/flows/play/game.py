"""A game of Cassino against computer players, and its record (plain Python).

The learner always sits at seat 0; every other seat is a computer player of
the level chosen for it (with four players seat 2 is the learner's partner).
A `Game` is the `Setup` (players, levels, rules, seed) plus the engine's
immutable `GameState`; it is saved as JSON (`Game.to_json`) holding the
state's own `to_json` (settings, seed and moves), so a reloaded page rebuilds
exactly the same game. Computer moves draw their randomness from a
`random.Random` seeded by the game's seed and the move number, so a replayed
game makes the same computer moves.

The words for all of this are in `words`, the replay of a finished hand
and the coach's review of it in `replay`, and the page's controller in
`controller`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from engine import (
    PRESETS,
    Attempt,
    CassinoError,
    Move,
    Position,
    Rules,
    Verdict,
    check,
)
from engine.game import GameState, new_game
from engine.players import LEVELS, choose_move, view_of
from engine.settings import SETTING

YOU: Final = 0
# The target picker's choices: the `target` setting's own (its record), fewest points
# first and a single hand last, as the picker lists them.
TARGETS: Final = tuple(text for text, points in sorted(
    SETTING["target"].values, key=lambda pair: (pair[1] is None, pair[1] or 0)))
DEFAULT_LEVEL: Final = 2
RECORD_VERSION: Final = 1
MAX_RECORD: Final = 200_000  # characters: a saved game is a few kilobytes


class SavedGameError(ValueError):
    """A saved game (from the store) that cannot be rebuilt."""


class NotYourTurnError(CassinoError):
    """A move tried for the learner while it is another seat's turn (or no one's).

    Not a judge's verdict (the judge's reason codes are about moves, not turns):
    the page never offers a move then, so this only means a caller forgot to ask
    `Game.your_turn` first."""


# ----- setting up ----------------------------------------------------------------------


def make_rules(preset: str, settings: Mapping[str, str] | None = None,
               target: str | None = None) -> Rules:
    """A preset, then individual settings, then the target (docs/rules.md, 10.4).

    Raises `CassinoError` (a ValueError) for a combination the rules forbid,
    e.g. `ace_high=true` without royal values."""
    if preset not in PRESETS:
        raise CassinoError(f"unknown rules preset {preset!r}")
    changes = dict(settings or {})
    if target is not None:
        changes["target"] = target
    return PRESETS[preset].with_settings(changes) if changes else PRESETS[preset]


def target_text(rules: Rules) -> str:
    """The rules' target as one of TARGETS."""
    return SETTING["target"].text(rules.target)


@dataclass(frozen=True, slots=True)
class Setup:
    """What the set-up form chose: players, one level per computer seat, rules, seed."""

    players: int = 2
    levels: tuple[int, ...] = (DEFAULT_LEVEL,)
    rules: Rules = PRESETS["classic"]
    seed: int = 1

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise SavedGameError(f"Cassino is played by 2, 3 or 4 players, not {self.players}")
        if len(self.levels) != self.players - 1:
            raise SavedGameError(f"{self.players} players need {self.players - 1} computer "
                                 f"level(s), not {len(self.levels)}")
        for level in self.levels:
            if level not in LEVELS:
                raise SavedGameError(f"no computer player of level {level}")

    def level(self, seat: int) -> int | None:
        """The computer level at a seat; None for the learner's own seat."""
        return None if seat == YOU else self.levels[seat - 1]

    @property
    def first_dealer(self) -> int:
        """The seat on the learner's right deals first, so the learner leads hand 1 (2.4)."""
        return self.players - 1

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "levels": list(self.levels),
                "rules": self.rules.text, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        return cls(int(data["players"]), tuple(int(x) for x in data["levels"]),
                   Rules.parse(str(data["rules"])), int(data["seed"]))


def levels_for(players: int, chosen: Mapping[int, int]) -> tuple[int, ...]:
    """One level per computer seat 1..players-1, from the form (missing: the default)."""
    return tuple(int(chosen.get(seat, DEFAULT_LEVEL)) for seat in range(1, players))


def computer_rng(seed: int, ply: int) -> random.Random:
    """The computer's randomness for move number `ply` of the game (explicitly seeded)."""
    return random.Random(f"cassino-play:{seed}:{ply}")


# ----- the game ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Game:
    setup: Setup
    state: GameState

    @classmethod
    def start(cls, setup: Setup) -> Game:
        state = new_game(setup.players, setup.rules, setup.seed, setup.first_dealer)
        return cls(setup, state)

    # ----- facts ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def hand_over(self) -> bool:
        return self.state.hand_over

    @property
    def in_play(self) -> bool:
        return not self.state.hand_over and not self.state.over

    @property
    def your_turn(self) -> bool:
        return self.in_play and self.state.to_move == YOU

    @property
    def computer_turn(self) -> bool:
        return self.in_play and self.state.to_move != YOU

    @property
    def ply(self) -> int:
        """How many moves the game has had (the next move's number, from 0)."""
        return len(self.state.moves)

    def position(self) -> Position:
        """The learner's view: their own hand and the table."""
        return self.state.position(YOU)

    # ----- moving --------------------------------------------------------------------

    def attempt(self, attempt: Attempt | str) -> tuple[Game, Verdict]:
        """The learner's try: the judge's verdict, and the game after it when legal.

        Raises `NotYourTurnError` when it is not the learner's turn."""
        if not self.your_turn:
            raise NotYourTurnError("it is not the learner's turn")
        verdict = check(self.state.position(), attempt)
        if not verdict.legal or verdict.move is None:
            return self, verdict
        return replace(self, state=self.state.play(verdict.move)), verdict

    def computer_move(self) -> Move:
        """The move the computer at the seat to move makes now."""
        seat = self.state.to_move
        level = self.setup.level(seat)
        if level is None or not self.in_play:
            raise CassinoError("it is not a computer player's turn")
        return choose_move(level, view_of(self.state, seat), computer_rng(self.setup.seed,
                                                                          self.ply))

    def advance(self) -> Game:
        """Play one computer move (the page shows them one at a time)."""
        return replace(self, state=self.state.play(self.computer_move()))

    def next_hand(self) -> Game:
        return replace(self, state=self.state.next_hand())

    # ----- saving ----------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps({"version": RECORD_VERSION, "setup": self.setup.to_dict(),
                           "game": json.loads(self.state.to_json())})

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a saved game; raises SavedGameError with the reason when it cannot."""
        if len(text) > MAX_RECORD:
            raise SavedGameError("the saved game is too long")
        try:
            data = json.loads(text)
            setup = Setup.from_dict(data["setup"])
            saved = data["game"]
            if (int(saved["players"]) != setup.players or int(saved["seed"]) != setup.seed
                    or Rules.parse(str(saved["rules"])) != setup.rules):
                raise SavedGameError("the saved game does not match its settings")
            state = GameState.from_json(json.dumps(saved))
        except SavedGameError:
            raise
        except (CassinoError, ValueError, KeyError, TypeError) as error:
            raise SavedGameError(f"the saved game cannot be rebuilt: {error}") from None
        return cls(setup, state)
