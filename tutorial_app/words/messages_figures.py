"""The English catalogue of the figures a read step shows and the deal step's seats
(tutorial_app/ui/figures.py): the pack, the layout of a game, the seats round the table.

Every label on a picture is one whole entry, and so is every sentence of the words a
screen reader says for it (its aria-label, <title> and the <img> alt text). The seats
are named with the deal step's own words (`deal.seat.*`, messages_steps.py), so the
picture and the buttons under it say the same.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # the pack
    "figure.pack.title": "The pack: 52 cards",
    "figure.pack.suits": "Four suits",
    "figure.pack.suit.s": "Spades",
    "figure.pack.suit.h": "Hearts",
    "figure.pack.suit.d": "Diamonds",
    "figure.pack.suit.c": "Clubs",
    "figure.pack.numbers": "Number cards: each is worth its number",
    "figure.pack.ace": "Ace = 1",
    "figure.pack.courts.classic": "Court cards: worth nothing",
    "figure.pack.courts.royal": "Court cards in Royal Cassino",
    "figure.pack.court.11": "Jack",
    "figure.pack.court.12": "Queen",
    "figure.pack.court.13": "King",
    "figure.pack.no_value": "no value",
    "figure.pack.label.classic": "The pack: 52 cards in four suits, spades, hearts, diamonds "
                                 "and clubs. The ace is worth 1 and the cards 2 to 10 are "
                                 "worth their number. The jack, the queen and the king are "
                                 "court cards: in the classic game they are worth nothing.",
    "figure.pack.label.royal": "The pack: 52 cards in four suits, spades, hearts, diamonds "
                               "and clubs. The ace is worth 1 and the cards 2 to 10 are "
                               "worth their number. The jack, the queen and the king are "
                               "court cards: in Royal Cassino the jack is worth 11, the "
                               "queen 12 and the king 13.",
    # the layout of a game, seen from the learner's seat
    "figure.layout.other_hand": "The other player's hand, face down",
    "figure.layout.table": "The table",
    "figure.layout.loose": "Loose cards",
    "figure.layout.your_hand": "Your hand",
    "figure.layout.your_pile": "Your pile",
    "figure.layout.pile_note": "the cards you captured, face down",
    "figure.layout.your_turn": "Your turn",
    "figure.layout.label": "A game seen from your seat. At the top, the other player's hand, "
                           "face down. In the middle, the table and its loose cards. At the "
                           "bottom, your hand, and beside it your pile: the cards "
                           "you captured, face down. It is your turn.",
    # the seats round the table
    "figure.seats.pack": "The pack",
    "figure.seats.order.2": "1, 2: the order of play. The other player plays first, then "
                            "the dealer.",
    "figure.seats.order.3": "1, 2, 3: the order of play, clockwise from the dealer's left.",
    "figure.seats.order.4": "1, 2, 3, 4: the order of play, clockwise from the dealer's "
                            "left.",
    "figure.seats.partners": "Same colour: partners",
    "figure.seats.label.2": "Two players face each other across the table. The dealer "
                            "deals; the other player plays first, then the dealer, in turn.",
    "figure.seats.label.3": "Three players round the table. The dealer deals; the player on "
                            "the dealer's left plays first, then the player on the dealer's "
                            "right, then the dealer: play goes clockwise.",
    "figure.seats.label.4": "Four players round the table, partners facing each other: the "
                            "dealer and the dealer's partner across, the players on the "
                            "dealer's left and right. The player on the dealer's left plays "
                            "first, then the dealer's partner, then the player on the "
                            "dealer's right, then the dealer: play goes clockwise.",
}
