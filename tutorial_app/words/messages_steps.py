"""The English catalogue of the deal and count steps (course/steps/deal.py, count.py).

Kept apart from `messages_en.py` so each file stays one subject; the lookup finds
and merges every messages_*.py module (words/i18n.py). Every entry is a whole
sentence or a whole label; a count (`count.<noun>.one` / `.other`) is one plural
entry in the translations.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # the deal step: the seats, named from the dealer, as buttons read them
    "deal.seat.dealer": "The dealer",
    "deal.seat.other": "The other player",
    "deal.seat.left": "The player on the dealer's left",
    "deal.seat.across": "The dealer's partner, across",
    "deal.seat.right": "The player on the dealer's right",
    "deal.option.table": "The table, face up",
    "deal.option.last": "Yes: this is the last deal",
    "deal.option.more": "No: more deals follow",
    # ... and inside a sentence
    "deal.in.dealer": "the dealer",
    "deal.in.other": "the other player",
    "deal.in.left": "the player on the dealer's left",
    "deal.in.across": "the dealer's partner, across",
    "deal.in.right": "the player on the dealer's right",
    "deal.in.table": "the table",
    # what each row of buttons asks
    "deal.card": "Card {first} from the top of the pack goes to:",
    "deal.cards": "Cards {first} to {last} from the top of the pack go to:",
    "deal.ask.first-player": "Who plays first after this deal?",
    "deal.ask.next-dealer": "When this hand is over, who deals the next one?",
    "deal.ask.last": "Does the dealer say \u201clast\u201d as this deal is made?",
    "deal.ask.draw": "Play {play}: who draws a card from the stock after it?",
    "deal.revealed": "{question} {answer}",
    # a wrong click, said about what was clicked
    "deal.wrong.card": "Card {first} does not go to {place}: count round the table again "
                       "from the dealer's left.",
    "count.deal-wrong-packet.one": "The {n} card {first} to {last} does not go to {place}: "
                                   "count round the table again from the dealer's left.",
    "count.deal-wrong-packet.other": "The {n} cards {first} to {last} do not go to {place}: "
                                     "count round the table again from the dealer's left.",
    "deal.wrong.later-table": "After the first deal no card goes to the table: each later "
                              "deal gives 4 cards to each player only.",
    "deal.wrong.first-player": "It is not {seat} who plays first: play starts on the "
                               "dealer's left and goes clockwise.",
    "deal.wrong.next-dealer": "It is not {seat} who deals next: the deal passes one seat to "
                              "the left after each hand.",
    "deal.wrong.last": "This is not the last deal: the pack still holds cards for another "
                       "round.",
    "deal.wrong.more": "No more deals follow: the pack is used up after this one, so the "
                       "dealer says \u201clast\u201d.",
    "deal.wrong.draw": "It is not {seat} who draws after play {play}: in Draw Casino the "
                       "player who has just played draws.",
    "deal.unfinished": "Some cards are not dealt yet: click a place for every row.",
    "deal.pick": "Click where each packet goes, top of the pack first.",
    # the count step
    "tally.side.0": "You",
    "tally.side.1": "Your opponent",
    "tally.side.none": "Nobody: it is a tie",
    "tally.winner.none": "Nobody yet: another hand is played",
    "count.tally-pile.one": "{side}: {n} card captured",
    "count.tally-pile.other": "{side}: {n} cards captured",
    "tally.pick-points": "Tap every card that scores points by itself.",
    "tally.ask.cards": "Who scores the 3 points for most cards?",
    "tally.ask.spades": "Who scores the point for most spades?",
    "tally.ask.winner": "Who wins the game after this hand?",
    "count.tally-sweeps.one": "{side}: {n} sweep this hand.",
    "count.tally-sweeps.other": "{side}: {n} sweeps this hand.",
    "tally.before": "Before this hand: you {mine}, your opponent {theirs}; the game is to "
                    "{target}.",
    "tally.before-hand": "This game is a single hand: the higher total wins.",
    "count.tally-extra.one": "{cards} scores nothing by itself: only aces, the 10♦ and the "
                             "2♠ do.",
    "count.tally-extra.other": "{cards} score nothing by themselves: only aces, the 10♦ and "
                               "the 2♠ do.",
    "count.tally-missed-points.one": "{n} card {pile} that scores by itself is not "
                                     "picked.",
    "count.tally-missed-points.other": "{n} cards {pile} that score by themselves are not "
                                       "picked.",
    "tally.pile-in.0": "in your pile",
    "tally.pile-in.1": "in your opponent's pile",
    "tally.pile-of.0": "Your pile",
    "tally.pile-of.1": "Your opponent's pile",
    "tally.total-of.0": "your total",
    "tally.total-of.1": "your opponent's total",
    "tally.wrong.not-most-cards": "{pile} does not hold more cards than the other: count "
                                  "the two piles again.",
    "tally.wrong.cards-tie": "The two piles do not hold the same number of cards, so one of "
                             "them scores the 3 points.",
    "tally.wrong.not-most-spades": "{pile} does not hold more spades than the other: count "
                                   "the spades again.",
    "tally.wrong.spades-tie": "The two piles do not hold the same number of spades, so one "
                              "of them scores the point.",
    "count.tally-short.one": "After this hand, {total} is {n} point, short of the {target} "
                             "needed.",
    "count.tally-short.other": "After this hand, {total} is {n} points, short of the "
                               "{target} needed.",
    "tally.wrong.not-higher": "Both sides reach the target in this hand, and then only the "
                              "higher total wins; {total} is not the higher one.",
    "tally.wrong.count-out": "Both sides reach the target in this hand, and counting the "
                             "items in order, cards first, {total} does not get there first.",
    "tally.wrong.single-hand": "In a single-hand game only the higher total wins, and "
                               "{total} is not the higher one.",
    "tally.wrong.play-on": "A side has won: one side ends this hand at or past the target "
                           "with the higher total.",
    "tally.wrong.equal": "The two totals after this hand are equal, so nobody wins yet and "
                         "another hand is played.",
    "tally.revealed.points": "Points by themselves: {cards}.",
    "tally.revealed.no-points": "No card in these piles scores by itself.",
    "tally.revealed.cards": "Most cards: {side}.",
    "tally.revealed.spades": "Most spades: {side}.",
    "tally.revealed.winner": "The game: {side}.",
}
