"""Rule settings and presets (docs/rules.md, "Presets" and "Every setting").

`Rules` is a frozen value: positions carry it, lessons name it, and its text
form (`classic`, `royal ace_high=true`, `classic build_in_sums=true`) round-
trips like every other notation in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, Final

from engine.cards import Card
from engine.errors import NotationError
from engine.limits import check_length, quoted

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


WORD_SETTINGS: Final[dict[str, type[StrEnum]]] = {
    "face_values": FaceValues,
    "deal": Deal,
    "face_capture": FaceCapture,
    "controller_trail": ControllerTrail,
    "scoring": Scoring,
    "tie_break": TieBreak,
}

# Plain names for the members the rules test often: reading `FaceValues.ROYAL`
# through its class is slow on Python 3.11.
_ROYAL: Final = FaceValues.ROYAL
_ONE: Final = FaceCapture.ONE


def _words(choices: type[StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in choices)


# Each setting: its allowed values, in the text form used by docs/rules.md.
SETTING_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "face_values": _words(FaceValues),
    "ace_high": ("false", "true"),
    "deal": _words(Deal),
    "build_in_sums": ("false", "true"),
    "face_capture": _words(FaceCapture),
    "aces_like_faces": ("false", "true"),
    "controller_trail": _words(ControllerTrail),
    "keep_capture_card": ("true", "false"),
    "sweeps": ("on", "off"),
    "last_play_sweep": ("true", "false"),
    "scoring": _words(Scoring),
    "target": ("21", "11", "31", "61", "hand"),
    "tie_break": _words(TieBreak),
    "builds": ("on", "off"),
    "draw": ("false", "true"),
}

SETTING_HELP: Final[dict[str, str]] = {
    "face_values": "classic: J Q K have no value (1.3); royal: J 11, Q 12, K 13 (1.4)",
    "ace_high": "royal only: an ace played to capture may count 1 or 14 (1.5)",
    "deal": "deal the cards in twos (classic) or singly (2.2)",
    "build_in_sums": "a single build may count as one card of its value in a sum (4.4)",
    "face_capture": "a court card takes one loose card of its rank, or all of them (4.6)",
    "aces_like_faces": "an ace takes a single ace, like a court card (4.6)",
    "controller_trail": "may a player who controls a build trail? never / if_stuck / always (6.2)",
    "keep_capture_card": "the controller's duty: keep a card for every build you control (7.1)",
    "sweeps": "score 1 point for each sweep (8.1)",
    "last_play_sweep": "a capture with the last card of the hand can be a sweep (8.2)",
    "scoring": "classic scoring, or Spade Casino (10.3)",
    "target": "points to win the game: 11, 21, 31, 61, or a single hand (10.4)",
    "tie_break": "several sides reach the target: higher total wins, or count out (10.4)",
    "builds": "on, or off for no building at all (11.1)",
    "draw": "Draw Casino: draw a card after every play while the stock lasts (11.2)",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """One complete choice of every setting; the defaults are the classic game.

    A word setting may be given as its text (`Rules(face_values="royal")`); it
    is kept as its enum member, which compares equal to the text.
    """

    face_values: FaceValues = FaceValues.CLASSIC
    ace_high: bool = False
    deal: Deal = Deal.TWOS
    build_in_sums: bool = False
    face_capture: FaceCapture = FaceCapture.ONE
    aces_like_faces: bool = False
    controller_trail: ControllerTrail = ControllerTrail.NEVER
    keep_capture_card: bool = True
    sweeps: bool = True
    last_play_sweep: bool = True
    scoring: Scoring = Scoring.CLASSIC
    target: int | None = 21  # None: a single hand decides the game
    tie_break: TieBreak = TieBreak.HIGHER_TOTAL
    builds: bool = True
    draw: bool = False

    def __post_init__(self) -> None:
        for name, choices in WORD_SETTINGS.items():
            value = getattr(self, name)
            if type(value) is not choices:
                try:
                    object.__setattr__(self, name, choices(value))
                except ValueError:
                    raise _bad_value(name, value) from None
        if self.ace_high and self.face_values != _ROYAL:
            raise NotationError("ace_high=true needs face_values=royal (1.5)",
                                "rules-ace-high")

    # ----- values (docs/rules.md 1) --------------------------------------------

    @property
    def royal(self) -> bool:
        return self.face_values == _ROYAL

    def table_value(self, card: Card) -> int | None:
        """What the card counts on the table, in a sum or a build; None for classic courts."""
        if card.is_court and not self.royal:
            return None
        return card.rank

    def capture_values(self, card: Card) -> tuple[int, ...]:
        """The values a card played from the hand may capture as (1.2-1.5).

        Empty for a classic court card, which captures by rank only (4.6).
        """
        if card.is_court and not self.royal:
            return ()
        if card.rank == 1 and self.ace_high:
            return (1, 14)
        return (card.rank,)

    @property
    def max_build(self) -> int:
        """The highest build value the holding rule allows (5.2)."""
        if self.ace_high:
            return 14
        return 13 if self.royal else 10

    def one_card_rank(self, card: Card) -> bool:
        """Does this played card take a single loose card of its own rank only (4.6)?"""
        if card.rank == 1:
            return self.aces_like_faces
        return card.is_court and not self.royal and self.face_capture == _ONE

    # ----- text form ------------------------------------------------------------

    def settings(self) -> dict[str, str]:
        """Every setting in its docs/rules.md text form."""
        return {f.name: _to_text(f.name, getattr(self, f.name)) for f in fields(self)}

    def with_settings(self, changes: dict[str, str]) -> Rules:
        """A copy with some settings changed, each given in text form (`"true"`, `"royal"`)."""
        updates: dict[str, Any] = {}
        for name, text in changes.items():
            key = name.strip().replace("-", "_")
            if key not in SETTING_CHOICES:
                known = ", ".join(SETTING_CHOICES)
                raise NotationError(f"unknown rules setting {quoted(name)}; the settings are: "
                                    f"{known}", "rules-setting", name=name, known=known)
            value = text.strip().lower()
            if value in ("yes", "1"):
                value = "true"
            if value in ("no", "0") and key != "target":
                value = "false"
            if value not in SETTING_CHOICES[key]:
                raise _bad_value(key, value)
            updates[key] = _from_text(key, value)
        return replace(self, **updates)

    @property
    def text(self) -> str:
        """Canonical text: the nearest preset, then the settings that differ from it."""
        best_name, best_diff = "classic", _diff(PRESETS["classic"], self)
        for name, preset in PRESETS.items():
            diff = _diff(preset, self)
            if len(diff) < len(best_diff):
                best_name, best_diff = name, diff
        return " ".join([best_name, *(f"{k}={v}" for k, v in best_diff.items())])

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read `PRESET [key=value ...]`; a bare list of settings starts from classic."""
        check_length(text, "the rules")
        words = text.replace(",", " ").split()
        rules = PRESETS["classic"]
        if words and "=" not in words[0]:
            rules = preset(words[0])
            words = words[1:]
        changes: dict[str, str] = {}
        for word in words:
            if "=" not in word:
                raise NotationError(f"{quoted(word)} in rules {quoted(text)}: settings are "
                                    "written key=value", "rules-word", word=word, text=text)
            key, value = word.split("=", 1)
            changes[key] = value
        return rules.with_settings(changes)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Rules.parse({self.text!r})"


def _to_text(key: str, value: object) -> str:
    if key in ("sweeps", "builds"):
        return "on" if value else "off"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "hand"
    return str(value)


def _from_text(key: str, value: str) -> object:
    if key in ("sweeps", "builds"):
        return value == "on"
    if key == "target":
        return None if value == "hand" else int(value)
    if key in WORD_SETTINGS:
        return WORD_SETTINGS[key](value)
    return value == "true"


def _bad_value(key: str, value: object) -> NotationError:
    choices = " / ".join(SETTING_CHOICES[key])
    return NotationError(f"setting {key} cannot be {quoted(value)}; choose {choices}",
                         "rules-value", setting=key, value=str(value), choices=choices)


def _diff(base: Rules, other: Rules) -> dict[str, str]:
    a, b = base.settings(), other.settings()
    return {k: b[k] for k in a if a[k] != b[k]}


PRESETS: Final[dict[str, Rules]] = {
    "classic": Rules(),
    "royal": Rules(face_values=FaceValues.ROYAL),
    "royal-aces-high": Rules(face_values=FaceValues.ROYAL, ace_high=True),
    "no-builds": Rules(builds=False),
    "spade": Rules(scoring=Scoring.SPADES, target=61),
    "draw": Rules(draw=True),
}

PRESET_HELP: Final[dict[str, str]] = {
    "classic": "the classic game: every default of the rules page",
    "royal": "court cards count J 11, Q 12, K 13 and build like numbers",
    "royal-aces-high": "royal, and an ace may capture as 1 or 14",
    "no-builds": "Nordic style: captures and trails only, no building",
    "spade": "Spade Casino: every spade scores, game to 61",
    "draw": "Draw Casino: draw a card after every play",
}


def preset(name: str) -> Rules:
    """The preset of that name (see docs/rules.md, Presets)."""
    key = name.strip().lower().replace("_", "-")
    if key not in PRESETS:
        known = ", ".join(PRESETS)
        raise NotationError(f"unknown rules preset {quoted(name)}; presets: {known}",
                            "rules-preset", name=name, known=known)
    return PRESETS[key]


CLASSIC: Final = PRESETS["classic"]
