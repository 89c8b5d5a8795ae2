"""The advice's sentences as phrases (a template key and facts), with the English.

Like the judge (engine/judge_words.py), the advice says what it means as data:
a `Phrase` is a template key and its facts, and a fact may itself be a phrase,
so a sentence can name things that are phrases themselves ("The cards taken
include {items}", where each item is a phrase such as "big casino (10♦)"). Every
sentence is whole: where the words depend on the case (advice or report, the
opponent or a seat, a number), each case has its own template, and a reason is a
few such sentences in a row (`sentences`), never a sentence with a clause slotted
in. `english(phrase)` makes the English the CLI and `Advice.reason` carry;
the app words the same tree in the learner's language.

Facts: a Card (``7♥``), an int, a plain string, a `Phrase`, the wrappers below,
the judge's `Value` / `Rank`, or a tuple of these (a list: "a, b and c").
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
    n: int | None = None  # the number the sentence agrees with (a `PLURALS` key)


SENTENCES: Final = "sentences"
"""The key of a reason made of whole sentences in a row (fact `items`)."""


def phrase(key: str, **facts: object) -> Phrase:
    return Phrase(key, facts)


def plural(key: str, n: int, **facts: object) -> Phrase:
    """A sentence that agrees with the number `n` (a `PLURALS` key)."""
    return Phrase(key, facts, n)


def sentences(*items: Phrase) -> Phrase:
    """Whole sentences said one after the other."""
    return Phrase(SENTENCES, {"items": tuple(items)})


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


TEMPLATES: Final[dict[str, str]] = {
    # whole sentences, one per case ("advice" speaks to the player, "report" tells
    # what the computer did); a reason is a few of these in a row
    "as14.advice": "The ace counts as 14 for this capture.",
    "as14.report": "The ace counted as 14 for this capture.",
    "including.advice": "The cards taken include {items}.",
    "including.report": "The cards taken included {items}.",
    "build-holds": "The build holds {items}.",
    "safe.opponent": "No unseen card can take it, so it is safe from the opponent.",
    "safe.seat": "No unseen card can take it, so it is safe from the next player "
                 "(seat {seat}).",
    "trail.advice": "Trail {card}.",
    "trail.report": "Trailed {card}.",
    "nothing-else": "Nothing can be taken or built.",
    "lowest-risk.advice": "It is the lowest-risk card to give up.",
    "lowest-risk.report": "It was the lowest-risk card to give up.",
    "gives-up.advice": "It gives up {items}.",
    "gives-up.report": "It gave up {items}.",
    "no-points.advice": "It carries no points.",
    "no-points.report": "It carried no points.",
    "all-out.advice": "Every other {rank} is already out, so no one can pair it.",
    "all-out.report": "Every other {rank} was already out, so no one could pair it.",
    "one-unseen.advice": "Only one other {rank} is unseen.",
    "one-unseen.report": "Only one other {rank} was unseen.",
    "gain": "Whoever takes it gains {points}.",
    "leave.empty.advice.opponent": "That leaves the table empty, so the opponent must trail.",
    "leave.empty.advice.seat": "That leaves the table empty, so the next player (seat {seat}) "
                               "must trail.",
    "leave.empty.report.opponent": "That left the table empty, so the opponent had to trail.",
    "leave.empty.report.seat": "That left the table empty, so the next player (seat {seat}) "
                               "had to trail.",
    "leave.safe.advice": "It leaves {table}, which no unseen card can take.",
    "leave.safe.report": "It left {table}, which no unseen card can take.",
    "leave.sweep.advice.opponent": "It leaves {table}; the opponent could sweep the table "
                                   "with {rank} ({p} likely): {points} on average.",
    "leave.sweep.advice.seat": "It leaves {table}; the next player (seat {seat}) could sweep "
                               "the table with {rank} ({p} likely): {points} on average.",
    "leave.sweep.report.opponent": "It left {table}; the opponent could sweep the table "
                                   "with {rank} ({p} likely): {points} on average.",
    "leave.sweep.report.seat": "It left {table}; the next player (seat {seat}) could sweep "
                               "the table with {rank} ({p} likely): {points} on average.",
    "leave.take.advice.opponent": "It leaves {table}; the opponent could take {items} with "
                                  "{rank} ({p} likely): {points} on average.",
    "leave.take.advice.seat": "It leaves {table}; the next player (seat {seat}) could take "
                              "{items} with {rank} ({p} likely): {points} on average.",
    "leave.take.report.opponent": "It left {table}; the opponent could take {items} with "
                                  "{rank} ({p} likely): {points} on average.",
    "leave.take.report.seat": "It left {table}; the next player (seat {seat}) could take "
                              "{items} with {rank} ({p} likely): {points} on average.",
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
    # names of things, listed in the sentences above
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
    "own-build.advice": "your own {value}-build ({cards})",
    "own-build.report": "its own {value}-build ({cards})",
}
"""Every phrase the advice uses without a number to agree with, by key."""

PLURALS: Final[dict[str, tuple[str, str]]] = {
    "capture.advice": ("Take {taken} with {card}: {n} card ({stake}).",
                       "Take {taken} with {card}: {n} cards ({stake})."),
    "capture.report": ("{card} took {taken}: {n} card ({stake}).",
                       "{card} took {taken}: {n} cards ({stake})."),
    "build.advice": ("Build {value} with {card} on {onto}, keeping {keep} in hand to "
                     "take it next turn: {n} card ({expected} expected).",
                     "Build {value} with {card} on {onto}, keeping {keep} in hand to "
                     "take it next turn: {n} cards ({expected} expected)."),
    "build.report": ("Built {value} with {card} on {onto}, keeping {keep} in hand to "
                     "take it: {n} card ({expected} expected).",
                     "Built {value} with {card} on {onto}, keeping {keep} in hand to "
                     "take it: {n} cards ({expected} expected)."),
    "multiple.advice": ("Build several {value}s with {card} on {onto}, keeping {keep} "
                        "in hand to take them next turn: {n} card ({expected} "
                        "expected).",
                        "Build several {value}s with {card} on {onto}, keeping {keep} "
                        "in hand to take them next turn: {n} cards ({expected} "
                        "expected)."),
    "multiple.report": ("Built several {value}s with {card} on {onto}, keeping {keep} "
                        "in hand to take them: {n} card ({expected} expected).",
                        "Built several {value}s with {card} on {onto}, keeping {keep} "
                        "in hand to take them: {n} cards ({expected} expected)."),
    "unsafe.opponent": ("{n} unseen card could take it: the opponent holds it {p} of the "
                        "time.",
                        "{n} unseen cards could take it: the opponent holds one {p} of the "
                        "time."),
    "unsafe.seat": ("{n} unseen card could take it: the next player (seat {seat}) holds it "
                    "{p} of the time.",
                    "{n} unseen cards could take it: the next player (seat {seat}) holds one "
                    "{p} of the time."),
    "stays": ("{cards} stays in hand.", "{cards} stay in hand."),
    # a sweep's points come from the rules (Rules.sweep_value, 8.1)
    "sweep.advice": ("It clears the table: a sweep, {n} point.",
                     "It clears the table: a sweep, {n} points."),
    "sweep.report": ("It cleared the table: a sweep, {n} point.",
                     "It cleared the table: a sweep, {n} points."),
}
"""The sentences that agree with a number `n` (one English form and the other), by
key: each language has as many forms as its plural rule (ngettext)."""


def parts(said: Phrase) -> tuple[Phrase, ...]:
    """The sentences of a `sentences` phrase, in order."""
    items = said.facts.get("items", ())
    return tuple(p for p in items if isinstance(p, Phrase)) if isinstance(items, tuple) else ()


def english(said: Phrase) -> str:
    """The English sentence(s) of a phrase tree."""
    return _phrase(said).strip()


def _phrase(said: Phrase) -> str:
    if said.key == SENTENCES:
        return " ".join(_phrase(p) for p in parts(said))
    facts = {k: _english(v) for k, v in said.facts.items()}
    if said.n is not None:
        one, other = PLURALS[said.key]
        return (one if said.n == 1 else other).format(n=said.n, **facts)
    return TEMPLATES[said.key].format(**facts)


def _english(value: object) -> str:
    if isinstance(value, Phrase):
        return _phrase(value)
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
