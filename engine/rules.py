"""Rule settings and presets (docs/rules.md, "Presets" and "Every setting").

`Rules` is a frozen value: positions carry it, lessons name it, and its text
form (`classic`, `royal ace_high=true`, `classic build_in_sums=true`) round-
trips like every other notation in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from engine.cards import Card
from engine.errors import NotationError
from engine.limits import check_length, quoted
from engine.settings import (
    SETTINGS,
    ControllerTrail,
    Deal,
    FaceCapture,
    FaceValues,
    Scoring,
    Setting,
    TieBreak,
    setting,
)

__all__ = ["CLASSIC", "PRESETS", "PRESET_HELP", "SETTINGS", "ControllerTrail", "Deal",
           "FaceCapture", "FaceValues", "Rules", "Scoring", "Setting", "TieBreak", "preset"]

# Plain names for the members the rules test often: reading `FaceValues.ROYAL`
# through its class is slow on Python 3.11.
_ROYAL: Final = FaceValues.ROYAL
_ONE: Final = FaceCapture.ONE


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
    sweep_points: int = 1  # a house rule: 2 (8.1)
    last_play_sweep: bool = True
    scoring: Scoring = Scoring.CLASSIC
    target: int | None = 21  # None: a single hand decides the game
    tie_break: TieBreak = TieBreak.HIGHER_TOTAL
    builds: bool = True
    draw: bool = False

    def __post_init__(self) -> None:
        for record in SETTINGS:
            value = getattr(self, record.name)
            kept = record.value(value)
            if kept is not value:
                object.__setattr__(self, record.name, kept)
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

    # ----- sweeps (docs/rules.md 8) -------------------------------------------------

    @property
    def sweep_value(self) -> int:
        """The points one sweep scores (8.1): what scoring, the players, the advice and
        the course ask, rather than each knowing that a sweep is worth 1."""
        return self.sweep_points if self.sweeps else 0

    # ----- text form ------------------------------------------------------------

    def settings(self) -> dict[str, str]:
        """Every setting in its docs/rules.md text form."""
        return {s.name: s.text(getattr(self, s.name)) for s in SETTINGS}

    def with_settings(self, changes: dict[str, str]) -> Rules:
        """A copy with some settings changed, each given in text form (`"true"`, `"royal"`);
        an unknown setting or a value not among its choices is an error that says so."""
        updates: dict[str, Any] = {}
        for name, text in changes.items():
            record = setting(name)
            updates[record.name] = record.parse(text)
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
