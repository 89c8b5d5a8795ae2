"""The Play page's set-up form, read back from the page's memory (plain Python).

The form's widgets keep their values in the page's memory under these names
(the page uses `memory.key(name)` as each widget's key): `players`,
`level.N` for each computer seat, `preset`, `target`, `seed`, `custom` (the
toggle that shows every setting) and `rule.NAME` for each setting. `SetupForm`
fills in the seed and target, says what to draw, follows a chosen preset and
turns the values into a `Setup`.
"""

from __future__ import annotations

import secrets
from typing import Final

from engine import PRESETS
from engine.players import LEVELS
from engine.settings import SETTING, SETTINGS
from tutorial_app.flows.play import screens as ps
from tutorial_app.flows.play import words as pw
from tutorial_app.flows.play.game import (
    DEFAULT_LEVEL,
    TARGETS,
    Setup,
    levels_for,
    make_rules,
    target_text,
)
from tutorial_app.flows.state import Memory

PLAYER_COUNTS: Final = (2, 3, 4)
LEVEL_CHOICES: Final = tuple(sorted(LEVELS))
DEFAULT_PRESET: Final = "classic"
DEFAULT_TARGET: Final = SETTING["target"].choices[0]  # its record's default, "21"

PLAYERS: Final = "players"
PRESET: Final = "preset"
CUSTOM: Final = "custom"
TARGET: Final = "target"
SEED: Final = "seed"
RULE: Final = "rule"  # the prefix of the setting widgets' keys


def level_key(seat: int) -> str:
    return f"level.{seat}"


def rule_key(setting: str) -> str:
    return f"{RULE}.{setting}"


def new_seed() -> int:
    """A random seed for a new game, shown (six digits) so it can be played again."""
    return secrets.randbelow(900_000) + 100_000


class SetupForm:
    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    def screen(self, error: str | None) -> ps.SetupScreen:
        """The form to draw (its seed and target start filled in)."""
        if self.memory.get(SEED) is None:
            self.memory[SEED] = new_seed()
        if self.memory.get(TARGET) is None:
            self.memory[TARGET] = DEFAULT_TARGET
        players = self.players()
        return ps.SetupScreen(
            ps.Options(PLAYER_COUNTS, tuple(pw.players_label(n) for n in PLAYER_COUNTS)),
            tuple(ps.LevelPick(seat, pw.seat_name(seat, players)) for seat in range(1, players)),
            ps.Options(LEVEL_CHOICES, tuple(pw.level_choice(n) for n in LEVEL_CHOICES)),
            DEFAULT_LEVEL,
            ps.Options(TARGETS, tuple(pw.target_label(v) for v in TARGETS)),
            PRESETS[self.preset()],
            error)

    def players(self) -> int:
        players = self.memory.get(PLAYERS, PLAYER_COUNTS[0])
        return players if players in PLAYER_COUNTS else PLAYER_COUNTS[0]

    def preset(self) -> str:
        preset = str(self.memory.get(PRESET, DEFAULT_PRESET))
        return preset if preset in PRESETS else DEFAULT_PRESET

    def chosen_settings(self) -> dict[str, str]:
        """The settings the setting selects show (those never drawn are left out)."""
        return {s.name: str(self.memory[rule_key(s.name)]) for s in SETTINGS
                if s.name != TARGET and rule_key(s.name) in self.memory}

    def setup(self) -> Setup:
        """The game the form describes. Raises `CassinoError` for settings that do not
        go together, `ValueError` for values no widget gives."""
        players = self.players()
        chosen = {seat: int(self.memory.get(level_key(seat), DEFAULT_LEVEL))
                  for seat in range(1, players)}
        changes = self.chosen_settings() if self.memory.get(CUSTOM) else {}
        rules = make_rules(self.preset(), changes, str(self.memory.get(TARGET, DEFAULT_TARGET)))
        seed = int(self.memory.get(SEED) or new_seed())
        return Setup(players, levels_for(players, chosen), rules, seed)

    def follow_preset(self) -> None:
        """A preset brings its own target (Spade Casino plays to 61) and settings."""
        rules = PRESETS[self.preset()]
        self.memory[TARGET] = target_text(rules)
        for name, value in rules.settings().items():
            self.memory[rule_key(name)] = value

    def roll_seed(self) -> None:
        self.memory[SEED] = new_seed()
