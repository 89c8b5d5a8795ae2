"""One record per rule setting (docs/rules.md, "Every setting").

A setting used to live in many places: the `Rules` field, a table of its
choices, a table of its help, name-based branches reading and writing its text,
the concept a task about it needs and the practice skill it counts towards. Now
each is one `Setting`: its name, its values in text form (the first is the
classic default), how its text reads and writes, its help, its rule number,
its concept and its skill. The rules' parser and writer, the app's pickers and
catalogues, the course's statistics and practice read these records; a new
setting is a `Rules` field plus one record here (and its words in the
catalogues).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.errors import NotationError
from engine.limits import quoted

# The settings whose values are words, each a StrEnum whose members are equal to
# (and print as) the words of docs/rules.md, so a setting reads the same in the
# rules text, in YAML lessons, in saved JSON and in links. The first member is
# the classic default.


class FaceValues(StrEnum):
    """What court cards count (1.3, 1.4)."""

    CLASSIC = "classic"
    ROYAL = "royal"


class Deal(StrEnum):
    """How the first deal of a hand goes round (2.2)."""

    TWOS = "twos"
    ONES = "ones"


class FaceCapture(StrEnum):
    """How many loose cards of its rank a court card takes (4.6)."""

    ONE = "one"
    ALL = "all"


class ControllerTrail(StrEnum):
    """May a player who controls a build trail (6.2)?"""

    NEVER = "never"
    IF_STUCK = "if_stuck"
    ALWAYS = "always"


class Scoring(StrEnum):
    """The classic count, or Spade Casino (10.1, 10.3)."""

    CLASSIC = "classic"
    SPADES = "spades"


class TieBreak(StrEnum):
    """Several sides reach the target in one hand (10.4)."""

    HIGHER_TOTAL = "higher_total"
    COUNT_OUT = "count_out"


SKILL_PREFIX: Final = "setting:"
"""A setting that changes play is a practice skill of its own: `setting:face_values`."""

# Other spellings a yes/no setting has always accepted in lessons and links.
_YES_NO: Final[Mapping[str, str]] = {"yes": "true", "1": "true", "no": "false", "0": "false"}


@dataclass(frozen=True, slots=True)
class Setting:
    """One rule setting: everything the engine, the app and the course know of it.

    `values` pairs each text form with the value `Rules` keeps, the classic
    default first; the text forms are the setting's only choices (anything else
    is an error that names them). `aliases` are other spellings the text may use.
    """

    name: str
    values: tuple[tuple[str, object], ...]
    rule: str      # its rule number in docs/rules.md
    concept: str   # the concept (course/concepts.py) a task under another value needs
    help: str      # one line of English: the catalogue entry `rules.setting.<name>`
    aliases: Mapping[str, str] | None = None

    @property
    def choices(self) -> tuple[str, ...]:
        """The text forms, the default first."""
        return tuple(text for text, _ in self.values)

    @property
    def default(self) -> object:
        return self.values[0][1]

    @property
    def skill(self) -> str:
        """The practice skill this setting counts towards (course/practice/skills.py)."""
        return SKILL_PREFIX + self.name

    def parse(self, text: str) -> object:
        """The value of a text form (`"on"` -> True); an error naming the choices."""
        word = text.strip().lower()
        word = (self.aliases or {}).get(word, word)
        for choice, value in self.values:
            if choice == word:
                return value
        raise self.bad_value(text)

    def text(self, value: object) -> str:
        """The text form of a value (`True` -> `"on"` for `sweeps`)."""
        return self.values[self._index(value)][0]

    def value(self, value: object) -> object:
        """The kept value for a value given in code: itself, or what its text reads as
        (`"royal"` -> `FaceValues.ROYAL`); an error for anything else."""
        if isinstance(value, str) and not isinstance(value, StrEnum):
            return self.parse(value)
        return self.values[self._index(value)][1]

    def bad_value(self, value: object) -> NotationError:
        choices = " / ".join(self.choices)
        return NotationError(f"setting {self.name} cannot be {quoted(value)}; choose {choices}",
                             "rules-value", setting=self.name, value=str(value), choices=choices)

    def _index(self, value: object) -> int:
        for i, (_, kept) in enumerate(self.values):
            if kept is value or (type(kept) is type(value) and kept == value):
                return i
        raise self.bad_value(value)


def _words(name: str, words: type[StrEnum], rule: str, concept: str, help_: str) -> Setting:
    return Setting(name, tuple((member.value, member) for member in words), rule, concept,
                   help_)


def _flag(name: str, default: bool, rule: str, concept: str, help_: str) -> Setting:
    pairs: tuple[tuple[str, object], ...] = (("false", False), ("true", True))
    return Setting(name, pairs if not default else pairs[::-1], rule, concept, help_, _YES_NO)


def _switch(name: str, rule: str, concept: str, help_: str) -> Setting:
    return Setting(name, (("on", True), ("off", False)), rule, concept, help_)


def _numbers(name: str, numbers: tuple[int | None, ...], rule: str, concept: str,
             help_: str) -> Setting:
    return Setting(name, tuple(("hand" if n is None else str(n), n) for n in numbers), rule,
                   concept, help_)


SETTINGS: Final[tuple[Setting, ...]] = (
    _words("face_values", FaceValues, "1.4", "court-capture",
           "classic: J Q K have no value (1.3); royal: J 11, Q 12, K 13 (1.4)"),
    _flag("ace_high", False, "1.5", "values",
          "royal only: an ace played to capture may count 1 or 14 (1.5)"),
    _words("deal", Deal, "2.2", "deal", "deal the cards in twos (classic) or singly (2.2)"),
    _flag("build_in_sums", False, "4.4", "take-build",
          "a single build may count as one card of its value in a sum (4.4)"),
    _words("face_capture", FaceCapture, "4.6", "court-capture",
           "a court card takes one loose card of its rank, or all of them (4.6)"),
    _flag("aces_like_faces", False, "4.6", "pair",
          "an ace takes a single ace, like a court card (4.6)"),
    _words("controller_trail", ControllerTrail, "6.2", "controller",
           "may a player who controls a build trail? never / if_stuck / always (6.2)"),
    _flag("keep_capture_card", True, "7.1", "controller",
          "the controller's duty: keep a card for every build you control (7.1)"),
    _switch("sweeps", "8.1", "sweep", "score 1 point for each sweep (8.1)"),
    _numbers("sweep_points", (1, 2), "8.1", "sweep",
             "a house rule: each sweep scores 2 points instead of 1 (8.1)"),
    _flag("last_play_sweep", True, "8.2", "last-cards",
          "a capture with the last card of the hand can be a sweep (8.2)"),
    _words("scoring", Scoring, "10.3", "scoring", "classic scoring, or Spade Casino (10.3)"),
    _numbers("target", (21, 11, 31, 61, None), "10.4", "game-end",
             "points to win the game: 11, 21, 31, 61, or a single hand (10.4)"),
    _words("tie_break", TieBreak, "10.4", "game-end",
           "several sides reach the target: higher total wins, or count out (10.4)"),
    _switch("builds", "11.1", "build", "on, or off for no building at all (11.1)"),
    _flag("draw", False, "11.2", "deal",
          "Draw Casino: draw a card after every play while the stock lasts (11.2)"),
)
"""Every setting, in the order of docs/rules.md (and of `Rules`'s fields)."""

SETTING: Final[Mapping[str, Setting]] = {s.name: s for s in SETTINGS}
"""Each setting by its name."""


def setting(name: str) -> Setting:
    """The setting of that name (`-` read as `_`); an error naming it and the known ones."""
    key = name.strip().replace("-", "_")
    if key not in SETTING:
        known = ", ".join(SETTING)
        raise NotationError(f"unknown rules setting {quoted(name)}; the settings are: "
                            f"{known}", "rules-setting", name=name, known=known)
    return SETTING[key]
