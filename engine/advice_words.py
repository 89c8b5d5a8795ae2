"""The advice's sentences as phrases (a template key and facts), with the English.

Like the judge (engine/judge_words.py), the advice says what it means as data:
a `Phrase` is a template key and its facts, and a fact may itself be a phrase,
so a sentence is a small tree ("Take {taken} with {card}: {count} cards
{including} ({stake})", where `including` is a phrase naming the scoring
cards). `english(phrase)` makes the English the CLI and `Advice.reason` carry;
the app words the same tree in the learner's language.

Facts: a Card (``7♥``), an int, a plain string, a `Phrase`, the wrappers below,
the judge's `Value` / `Rank`, or a tuple of these (a list: "a, b and c";
`Joined` for a list joined with semicolons).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from engine.cards import RANK_NAMES, Card
from engine.judge_words import Rank, Value, english_fact
from engine.position import Build


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence or a piece of one: a template key (`TEMPLATES`) and its facts."""

    key: str
    facts: Mapping[str, object] = field(default_factory=dict)


def phrase(key: str, **facts: object) -> Phrase:
    return Phrase(key, facts)


@dataclass(frozen=True, slots=True)
class BuildName:
    """A build named with its cards: "the 8-build (5♥ 3♠)"."""

    build: Build


@dataclass(frozen=True, slots=True)
class Group:
    """Cards and builds taken together as one group: "5♣+3♦"."""

    items: tuple[Card | Build, ...]


@dataclass(frozen=True, slots=True)
class Points:
    """Expected points: "about +1.5 points"."""

    value: float


@dataclass(frozen=True, slots=True)
class Percent:
    """A chance, shown as a whole percentage: "42%"."""

    p: float


@dataclass(frozen=True, slots=True)
class RankName:
    """A rank as a noun: "jack", "7"."""

    rank: int


@dataclass(frozen=True, slots=True)
class Joined:
    """Reasons joined with semicolons: "a; b; c"."""

    items: tuple[object, ...]


TEMPLATES: Final[dict[str, str]] = {
    "sentences": "{first} {second}",
    "capture.advice": "Take {taken} with {card}{as14}: {count} cards{including}{sweep} "
                      "({stake}).",
    "capture.report": "{card}{as14} took {taken}: {count} cards{including}{sweep} ({stake}).",
    "as14": " (ace as 14)",
    "including": " including {items}",
    "including.comma": ", including {items}",
    "sweep.advice": ", and clears the table: a sweep, 1 point",
    "sweep.report": ", and cleared the table: a sweep, 1 point",
    "big-casino": "big casino ({card})",
    "little-casino": "little casino ({card})",
    "an-ace": "an ace ({cards})",
    "aces": "{n} aces ({cards})",
    "jack-of-spades": "{card} (2 points)",
    "spades-each": "{cards} (a point each)",
    "one-spade": "1 spade",
    "spades": "{n} spades",
    "points.zero": "about 0 points",
    "points.one": "about {value} point",
    "points.other": "about {value} points",
    "build.advice": "Build {name} {how}, keeping {keep} in hand to take it next turn: "
                    "{count} cards{including} ({expected} expected); {safety}.",
    "build.report": "Built {name} {how}, keeping {keep} in hand to take it: {count} "
                    "cards{including} ({expected} expected); {safety}.",
    "build.multiple": "{value}s",
    "how": "with {card}",
    "how.onto": "with {card} on {onto}",
    "own-build.advice": "your own {value}-build ({cards})",
    "own-build.report": "its own {value}-build ({cards})",
    "safe": "no unseen card can take it, so it is safe from {who}",
    "unsafe.one": "1 unseen card could take it ({who} holds one {p} of the time)",
    "unsafe.other": "{n} unseen cards could take it ({who} holds one {p} of the time)",
    "opponent": "the opponent",
    "next-player": "the next player (seat {seat})",
    "trail.advice": "Trail {card}: {reasons}.",
    "trail.report": "Trailed {card}: {reasons}.",
    "trail.advice.gain": "Trail {card}: {reasons}. Whoever takes it gains {points}.",
    "trail.report.gain": "Trailed {card}: {reasons}. Whoever takes it gains {points}.",
    "nothing-else": "nothing can be taken or built",
    "lowest-risk": "it is the lowest-risk card to give up",
    "gives-up": "it gives up {items}",
    "no-points": "it carries no points",
    "all-out": "every other {rank} is already out, so no one can pair it",
    "one-unseen": "only one other {rank} is unseen",
    "stays": "{cards} stays in hand",
    "stay": "{cards} stay in hand",
    "leave.empty.advice": "That leaves the table empty, so {who} must trail.",
    "leave.empty.report": "That left the table empty, so {who} must trail.",
    "leave.safe.advice": "It leaves {table}, which no unseen card can take.",
    "leave.safe.report": "It left {table}, which no unseen card can take.",
    "leave.threat.advice": "It leaves {table}; {who} could {what} with {rank} ({p} likely): "
                           "{points} on average.",
    "leave.threat.report": "It left {table}; {who} could {what} with {rank} ({p} likely): "
                           "{points} on average.",
    "threat.sweep": "sweep the table",
    "threat.take": "take {items}",
    "last.advice": "It is the last play of the hand.",
    "last.report": "It was the last play of the hand.",
    "last.capture.advice": "It is the last play of the hand, so the cards left ({items}) go "
                           "to you as the last capture's leftovers.",
    "last.capture.report": "It was the last play of the hand, so the cards left ({items}) "
                           "went to its side as the last capture's leftovers.",
    "last.other.advice": "It is the last play of the hand: the cards left ({items}) go to "
                         "whoever captured last.",
    "last.other.report": "It was the last play of the hand: the cards left ({items}) went to "
                         "whoever captured last.",
}
"""Every phrase the advice uses, by key."""


def english(said: Phrase) -> str:
    """The English sentence(s) of a phrase tree."""
    return _phrase(said).strip()


def _phrase(said: Phrase) -> str:
    return TEMPLATES[said.key].format(**{k: _english(v) for k, v in said.facts.items()})


def _english(value: object) -> str:
    if isinstance(value, Phrase):
        return _phrase(value)
    if isinstance(value, Joined):
        return "; ".join(_english(v) for v in value.items)
    if isinstance(value, tuple):
        names = [_english(v) for v in value]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " and " + names[-1]
    if isinstance(value, BuildName):
        return f"the {value.build.value}-build ({_cards(value.build.cards)})"
    if isinstance(value, Group):
        return "+".join(_english(BuildName(i) if isinstance(i, Build) else i)
                        for i in value.items)
    if isinstance(value, Points):
        return _phrase(points_phrase(value.value))
    if isinstance(value, Percent):
        return f"{value.p:.0%}"
    if isinstance(value, RankName):
        return RANK_NAMES.get(value.rank, str(value.rank))
    if isinstance(value, Card):
        return value.pretty
    if isinstance(value, (Value, Rank)):
        return english_fact(value)
    return str(value)


def points_phrase(value: float) -> Phrase:
    """'about 0 points', 'about +0.5 point', 'about +1.5 points'."""
    if abs(value) < 0.05:
        return Phrase("points.zero")
    return Phrase("points.one" if abs(value) < 1.05 else "points.other",
                  {"value": f"{value:+.1f}"})


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.pretty for c in cards)
