"""The game's words, each with a one-line meaning: the glossary on the Rules page.

`GLOSSARY` is the order the page lists them in (flows/rules_page.py); each word is two
entries, `glossary.<id>.term` (the word as the page's language says it, the word the
lessons and buttons use: ../shared/GLOSSARY.md for Portuguese, Spanish and Italian) and
`glossary.<id>` (its meaning, with the rule number the Rules page links). One word for
pips in each language, never the word for court cards or for suits.
"""

from __future__ import annotations

from typing import Final

GLOSSARY: Final = (
    "hand", "table", "pile", "stock", "dealer", "number-cards", "pips", "court-cards",
    "trail", "capture", "pair", "sum", "build", "raise", "multiple-build", "controller",
    "sweep", "casinos",
)

MESSAGES: Final[dict[str, str]] = {
    "rules.glossary": "The game's words",
    "rules.glossary_note": "The words the lessons and the buttons use, each in one line.",
    "glossary.hand.term": "hand",
    "glossary.hand": "the cards you hold; you play one of them on each turn (3.1).",
    "glossary.table.term": "table",
    "glossary.table": "the cards lying face up between the players; a loose card is one "
                      "that is not in a build.",
    "glossary.pile.term": "pile",
    "glossary.pile": "the cards you have captured, face down in front of you; they score "
                     "at the end of the hand.",
    "glossary.stock.term": "stock",
    "glossary.stock": "the cards not dealt yet; the dealer deals 4 more to each player "
                      "from it when every hand is empty (2.3).",
    "glossary.dealer.term": "dealer",
    "glossary.dealer": "the player who deals the cards; the player on the dealer's left "
                       "plays first (2.4).",
    "glossary.number-cards.term": "number cards",
    "glossary.number-cards": "the ace to the 10; the ace is worth 1, the others their "
                             "pips (1.2).",
    "glossary.pips.term": "pips",
    "glossary.pips": "the suit's symbols printed on a number card: a 7 has seven pips and "
                     "is worth 7 (1.2).",
    "glossary.court-cards.term": "court cards",
    "glossary.court-cards": "the jacks, queens and kings; in the classic game they have no "
                            "value (1.3).",
    "glossary.trail.term": "trail",
    "glossary.trail": "lay a card from your hand face up on the table; it takes nothing "
                      "(6.1).",
    "glossary.capture.term": "capture",
    "glossary.capture": "take table cards with a card from your hand, to your pile (4.1).",
    "glossary.pair.term": "pair",
    "glossary.pair": "a table card of the same value as the card you play (4.1).",
    "glossary.sum.term": "sum",
    "glossary.sum": "table cards that add up to the value of the card you play (4.1).",
    "glossary.build.term": "build",
    "glossary.build": "cards put together on the table as one value, to be taken later by "
                      "a card of that value (5.1).",
    "glossary.raise.term": "raise",
    "glossary.raise": "add a card to a build to make it worth more (5.5).",
    "glossary.multiple-build.term": "multiple build",
    "glossary.multiple-build": "a build of several groups, each worth the build's value "
                               "(5.1).",
    "glossary.controller.term": "controller",
    "glossary.controller": "the last player who made a build or added to it (5.1); "
                           "while in control, they may not trail (6.2).",
    "glossary.sweep.term": "sweep",
    "glossary.sweep": "a capture that takes every card on the table; it scores a point "
                      "(8.1).",
    "glossary.casinos.term": "big casino, little casino",
    "glossary.casinos": "the 10♦, worth 2 points, and the 2♠, worth 1 (10.1).",
}
