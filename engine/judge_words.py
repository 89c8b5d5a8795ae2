"""The judge's explanations as a template key and facts, with the English templates.

The judge (engine/judge.py) names what is wrong with a move as data: a
template key ("wrong-sum.group") and the facts the sentence needs (the cards,
the values, the builds). `english(key, facts)` makes the English sentence that
`Verdict.message` carries for the CLI and the logs; the app makes the sentence
in the learner's language from the same key and facts through its
translation layer, so no sentence is written twice in code.

A fact is a Card (shown as ``7♥``), a Build (named as "the 8-build [8: 5♥ 3♠]"),
an int, a plain string (notation, shown as it is), one of the small wrappers
below, or a tuple of these (a list: "a, b and c").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from engine.cards import Card
from engine.position import Build


@dataclass(frozen=True, slots=True)
class Value:
    """'a card of this value': "an 8", "a king (13)"."""

    n: int


@dataclass(frozen=True, slots=True)
class Rank:
    """'a card of this rank': "a jack"."""

    rank: int


@dataclass(frozen=True, slots=True)
class Hand:
    """Cards held, shown side by side ("5♣ 3♦"), "nothing" when empty."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Either:
    """The cards one may choose from: "5♣, 3♦ or 8♠", "no card" when empty."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Plus:
    """One group of a capture, written as a sum: "5♣+3♦", "the 8-build+2♠"."""

    items: tuple[Card | Build, ...]


@dataclass(frozen=True, slots=True)
class Groups:
    """Several groups (`Plus`), separated by commas: "5♣+3♦, 8♥"."""

    groups: tuple[Plus, ...]


@dataclass(frozen=True, slots=True)
class Word:
    """A word of the judge's small vocabulary (`WORDS`)."""

    key: str


Fact = object
Facts = Mapping[str, Fact]

WORDS: Final[dict[str, str]] = {
    "nothing": "nothing",
    "no-card": "no card",
    "an-ace": "an ace",
    "a-court-card": "a court card",
}

VALUE_WORDS: Final[dict[int, str]] = {1: "an ace", 11: "a jack (11)", 12: "a queen (12)",
                                      13: "a king (13)", 14: "an ace (as 14)"}

RANK_WORDS: Final[dict[int, str]] = {1: "an ace", 11: "a jack", 12: "a queen", 13: "a king"}

TEMPLATES: Final[dict[str, str]] = {
    "legal": "{move}: a legal move.",
    "no-card": "Every move plays one card from your hand ({held}): choose it first. A build "
               "made only of table cards is not allowed (3.1, 5.3).",
    "card-not-in-hand": "{card} is not in your hand (you hold {held}).",
    "card-not-in-hand.empty": "{card} is not in your hand: you hold no cards.",
    "card-used-twice": "{card} is counted twice. Each table card counts in one group only (4.2).",
    "card-used-twice.clicked": "{one} makes {value}, and {two} would make {value} too, but "
                               "only by counting {item} twice: each table card counts in one "
                               "group only (4.2).",
    "card-used-twice.build": "The {value}-build is counted twice. Each table card counts in "
                             "one group only (4.2).",
    "part-of-build": "{card} is part of the build {build}. A build is never broken up: it is "
                     "only taken whole (4.4, 5.3).",
    "part-of-build.cards": "{cards} is only part of the build {build}; a build is taken "
                           "whole (4.4).",
    "not-on-table": "{card} is not on the table.",
    "not-on-table.build": "There is no build {build} on the table.",
    "not-on-table.value": "There is no build of {value} on the table.",
    "ambiguous": "There are {n} builds of {value}; name one by its cards, e.g. {example}.",
    "leaves-build-uncovered": "After {move} you would control a build of {values} with no "
                              "card left to take it. Keep {keep} for each build you control "
                              "(7.1).",
    "illegal": "{move} is not allowed here.",
    "trail-with-table-cards": "Trailing lays {card} on the table alone; it does not use "
                              "{items} (6.1).",
    "trail-while-controlling": "You control the build {build}, so you may not trail: take "
                               "it, build, or capture instead (6.2).",
    "capture-nothing": "Choose what {card} should take: table cards or a build of its value "
                       "(4.1).",
    "bad-capture-value.ace": "An ace counts 14 only with the royal aces-high rules; here "
                             "{card} counts 1 (1.5).",
    "bad-capture-value": "{card} captures as {values}, not {value} (1.2-1.5).",
    "number-takes-court": "{card} cannot take {items}: in classic a court card has no value, "
                          "and only a card of the same rank takes it (1.3, 4.5).",
    "build-wrong-value.rank": "{card} cannot take {item}: {what} takes only cards of its own "
                              "rank (4.6).",
    "court-by-sum": "{card} cannot take {item}: in classic {what} has no value, so it never "
                    "takes by sum; it takes only {rank} (1.3, 4.6).",
    "wrong-sum.aces": "{card} cannot take {item}: with aces_like_faces an ace takes a single "
                      "ace (4.6).",
    "court-takes-more-than-one": "{card} takes exactly one of {items}, even when more lie on "
                                 "the table (4.6).",
    "build-wrong-value": "{item} is worth {total}, and {card} takes only what adds up to "
                         "{value}: a build is taken by a card of its own value, {a_value} "
                         "(5.1).",
    "wrong-sum.left-over": "{items} add up to {total}, and {card} takes cards in groups that "
                           "each add up to {value}: {made} makes {value}, but {left} is left "
                           "over (4.2).",
    "wrong-sum.left-over.cards": "{items} add up to {total}, and {card} takes cards in groups "
                                 "that each add up to {value}: {made} makes {value}, but "
                                 "{left} are left over (4.2).",
    "wrong-sum.left-over.groups": "{items} add up to {total}, and {card} takes cards in "
                                  "groups that each add up to {value}: {made} each make "
                                  "{value}, but {left} is left over (4.2).",
    "wrong-sum.left-over.groups.cards": "{items} add up to {total}, and {card} takes cards in "
                                        "groups that each add up to {value}: {made} each make "
                                        "{value}, but {left} are left over (4.2).",
    "wrong-sum.one": "{item} alone makes {total}; {card} takes cards that add up to {value}, "
                     "such as {example} (4.1).",
    "wrong-sum.one.none": "{item} alone makes {total}; {card} takes cards that add up to "
                          "{value}; nothing on this table adds up to {value}, so {card} cannot "
                          "capture here (4.1).",
    "wrong-sum.group": "{items} add up to {total}; {card} takes cards that add up to {value}, "
                       "such as {example} (4.1).",
    "wrong-sum.group.none": "{items} add up to {total}; {card} takes cards that add up to "
                            "{value}; nothing on this table adds up to {value}, so {card} "
                            "cannot capture here (4.1).",
    "build-in-sum": "{item} cannot be added to {items} to make {card}'s value: a build is "
                    "taken whole and only as its own group (4.4).",
    "builds-off": "These rules have no building: capture or trail (11.1).",
    "court-cannot-build": "{card} has no value in classic, so it never builds (1.3).",
    "court-cannot-build.loose": "{items} has no value in classic and never joins a build (1.3).",
    "court-cannot-build.loose.many": "{items} have no value in classic and never join a build "
                                     "(1.3).",
    "two-builds": "A build move touches one build at most; {items} cannot be merged (5.8).",
    "wrong-sum.no-value": "Say what value you are building.",
    "build-too-high": "A build of {value}, but no build can be worth more than {highest}: a "
                      "build is taken by a card of its value, and no card is worth {value} "
                      "(5.2).",
    "build-too-high.cards": "{items} make {value}, but no build can be worth more than "
                            "{highest}: a build is taken by a card of its value, and no card is "
                            "worth {value} (5.2).",
    "build-not-held": "To build {value} you must keep {keep} in your hand to take it later; "
                      "after playing {card} you would hold {held} (5.2).",
    "build-not-held.empty": "To build {value} you must keep {keep} in your hand to take it "
                            "later; after playing {card} you would hold no cards (5.2).",
    "build-no-table-cards": "A build puts {card} together with table cards; on its own it is "
                            "a trail (5.3, 6.1).",
    "wrong-sum.too-big": "{card} alone is worth {played}, more than {value}: it cannot be "
                         "part of a build of {value} (5.4).",
    "build-without-played-card": "{items} make {value} on their own, and {card} does not fit: "
                                 "every build move must include the card you play (5.3).",
    "wrong-sum.build": "{items} add up to {total}, not {value}: the cards of a build must "
                       "make {value}, or several groups of {value} (5.4).",
    "wrong-sum.build.groups": "{items} add up to {total}, but they cannot be put into groups "
                              "that each make {value}, so they do not build {value} (5.4).",
    "wrong-sum.build-onto.groups": "{items} add up to {total} (for the build {build}), but they "
                                   "cannot be put into groups that each make {value}, so they "
                                   "do not build {value} (5.4).",
    "wrong-sum.build-onto": "{items} add up to {total}, not {value} (for the build {build}): the "
                            "cards of a build must make {value}, or several groups of {value} "
                            "(5.4).",
    "wrong-sum.join": "{card} is worth more than {value}; it cannot join the {value}-build "
                      "({build}) (5.7).",
    "raise-multiple": "{item} is a multiple build; a multiple build can never be raised (5.6).",
    "loose-changes-build": "{item} and {card} make {raised}. Loose cards ({items}) can never "
                           "change a single build's value; only the card from your hand raises "
                           "it (5.5).",
    "wrong-sum.raise": "{item} and {card} make {raised}, not {value} (5.5).",
    "loose-changes-build.groups": "{item} raised by {card} makes {value}; the loose cards "
                                  "{items} do not form groups of {value}, and loose cards never "
                                  "change a build's value (5.5).",
}
"""Every explanation the judge gives, by template key; a key starts with its reason code."""


def english(key: str, facts: Facts) -> str:
    """The English sentence for a template and its facts; its first letter a capital
    ("The 8-build ..." opens a sentence)."""
    text = TEMPLATES[key].format(**{name: _english(value) for name, value in facts.items()})
    return text[:1].upper() + text[1:]


def english_fact(value: Fact) -> str:
    """One fact in English words."""
    return _english(value)


def _english(value: Fact) -> str:
    if isinstance(value, tuple):
        names = [_english(v) for v in value]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " and " + names[-1]
    if isinstance(value, Card):
        return value.pretty
    if isinstance(value, Build):
        return f"the {value.value}-build {value.pretty}"
    if isinstance(value, Value):
        if value.n in VALUE_WORDS:
            return VALUE_WORDS[value.n]
        return f"an {value.n}" if str(value.n).startswith("8") else f"a {value.n}"
    if isinstance(value, Rank):
        return RANK_WORDS.get(value.rank, f"an {value.rank}" if value.rank == 8
                              else f"a {value.rank}")
    if isinstance(value, Hand):
        return " ".join(c.pretty for c in value.cards) or WORDS["nothing"]
    if isinstance(value, Word):
        return WORDS[value.key]
    if isinstance(value, Either):
        names = [c.pretty for c in value.cards]
        if len(names) <= 1:
            return "".join(names) or WORDS["no-card"]
        return ", ".join(names[:-1]) + " or " + names[-1]
    if isinstance(value, Plus):
        return "+".join(i.pretty if isinstance(i, Card) else f"the {i.value}-build"
                        for i in value.items)
    if isinstance(value, Groups):
        return ", ".join(_english(g) for g in value.groups)
    if hasattr(value, "pretty"):  # a Move
        return str(value.pretty)
    return str(value)
