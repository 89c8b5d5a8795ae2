"""The English words of the Play page's "Count the cards left" task
(flows/play/count.py), part of the app's catalogue
(words/i18n.py finds every messages_*.py module).

Each reply is one whole sentence (two when wrong picks and missing cards are both to
be said), a plural entry on the number of cards it is about, so every language agrees
its verb with them. A check names only the learner's own picks: the other hand stays
hidden until she asks to be shown it.
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
    "play.count.show": "Show the cards",
    "play.count.show_help": "Name the cards the other player holds, if you cannot find them.",
    "count.play-count-picked.one": "{n} card picked.",
    "count.play-count-picked.other": "{n} cards picked.",
    "count.play-count-right.one": "Right: the other player still holds {n} card, {cards}.",
    "count.play-count-right.other": "Right: the other player still holds {n} cards, "
                                    "{cards}.",
    "count.play-count-missing.one": "{n} card that the other player holds is not picked "
                                    "yet: count again.",
    "count.play-count-missing.other": "{n} cards that the other player holds are not "
                                      "picked yet: count again.",
    "count.play-count-wrong.one": "{cards} has already been captured, so the other player "
                                  "cannot hold it.",
    "count.play-count-wrong.other": "{cards} have already been captured, so the other "
                                    "player cannot hold them.",
    "count.play-count-shown.one": "The other player holds {n} card: {cards}.",
    "count.play-count-shown.other": "The other player holds {n} cards: {cards}.",
}
