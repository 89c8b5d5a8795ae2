"""The English words of the Play page's "Count the cards left" task
(flows/play/count.py), part of the app's catalogue
(course/i18n.py finds every messages_*.py module).

Each reply is one sentence naming the cards ("7♥, 2♠ and K♣"), a plural entry on the
number of cards it is about, so every language agrees its verb with them.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "play.count.open": "Count the cards left",
    "play.count.open_help": "All the cards are dealt: name the cards the other player "
                            "still holds.",
    "play.count.title": "Count the cards left",
    "play.count.ask": "The last cards are dealt. Which cards does the other player still "
                      "hold? Pick them from the cards you cannot see: those already "
                      "captured are among them.",
    "play.count.check": "Check",
    "play.count.close": "Close",
    "count.play-count-picked.one": "{n} card picked.",
    "count.play-count-picked.other": "{n} cards picked.",
    "count.play-count-right.one": "Right: the other player still holds {n} card, {cards}.",
    "count.play-count-right.other": "Right: the other player still holds {n} cards, "
                                    "{cards}.",
    "count.play-count-missed.one": "You missed {cards}: the other player still holds it.",
    "count.play-count-missed.other": "You missed {cards}: the other player still holds "
                                     "them.",
    "count.play-count-wrong.one": "{cards} has already been captured, so the other player "
                                  "cannot hold it.",
    "count.play-count-wrong.other": "{cards} have already been captured, so the other "
                                    "player cannot hold them.",
    "count.play-count-both.one": "The other player still holds {missed}, but {wrong} has "
                                 "already been captured.",
    "count.play-count-both.other": "The other player still holds {missed}, but {wrong} "
                                   "have already been captured.",
}
