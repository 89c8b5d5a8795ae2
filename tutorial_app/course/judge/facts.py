"""Facts of the game a quiz step asks about, computed by the engine, never written.

The deal, the stock and the game's end are not positions: no move shows them. A
quiz step (`kind: quiz`) names a fact and its arguments, lists choices, and the
engine works out which choice is right (docs/rules.md 1.1, 2.1-2.4, 10.2, 10.4,
11.2, and the spade-tracking tip); each wrong choice says why it is wrong
(course/steps/quiz.py). Dealing to seats and counting a hand from its piles are acted
out by the deal and count steps (course/steps/deal.py, count.py), which ask the
engine's deal and scoring themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from engine import Rules
from engine.cards import full_deck
from engine.flow import deal_first, deals_per_hand, first_to_play
from engine.rules import Deal
from engine.scoring import ITEMS, ScoreItem, SideScore, decide_game, score_hand

CARDS_PER_DEAL: Final = 4
TABLE_CARDS: Final = 4
NO_WINNER: Final = "none"  # the winner fact's value when another hand is played
TABLE: Final = "table"  # the dealt-to fact's value for a card dealt face up to the table


class FactError(ValueError):
    """The fact's arguments are wrong; the message says what is expected."""


def _int(args: Mapping[str, object], name: str, low: int, high: int) -> int:
    value = args.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise FactError(f"{name}: a whole number from {low} to {high}")
    return value


def pack_size(rules: Rules, args: Mapping[str, object]) -> object:
    return len(full_deck())


def deals(rules: Rules, args: Mapping[str, object]) -> object:
    return deals_per_hand(rules, _int(args, "players", 2, 4))


def stock_after(rules: Rules, args: Mapping[str, object]) -> object:
    """Cards left in the stock after `deals` deals (the first one with the table's 4)."""
    players = _int(args, "players", 2, 4)
    most = deals_per_hand(rules, players)
    dealt = _int(args, "deals", 1, most)
    return len(full_deck()) - TABLE_CARDS - CARDS_PER_DEAL * players * dealt


def first_player(rules: Rules, args: Mapping[str, object]) -> object:
    players = _int(args, "players", 2, 4)
    return first_to_play(_int(args, "dealer", 0, players - 1), players)


def next_dealer(rules: Rules, args: Mapping[str, object]) -> object:
    """The deal passes to the left after each hand (2.4)."""
    players = _int(args, "players", 2, 4)
    return (_int(args, "dealer", 0, players - 1) + 1) % players


def dealt_to(rules: Rules, args: Mapping[str, object]) -> object:
    """Where the `card`-th card from the top of the pack goes in the first deal: a
    seat's number, or `table` (2.2: in twos, or singly with `deal: ones`)."""
    players = _int(args, "players", 2, 4)
    dealer = _int(args, "dealer", 0, players - 1)
    number = _int(args, "card", 1, TABLE_CARDS + CARDS_PER_DEAL * players)
    deck = full_deck()
    hands, table, _ = deal_first(deck, dealer, players, rules.deal == Deal.ONES)
    card = deck[number - 1]
    if card in table:
        return TABLE
    return next(seat for seat, hand in enumerate(hands) if card in hand)


def hand_points(rules: Rules, args: Mapping[str, object]) -> object:
    """Points a whole hand is worth without sweeps: 11, or 8 when the cards tie (10.2)."""
    tie = args.get("cards-tie", False)
    if not isinstance(tie, bool):
        raise FactError("cards-tie: true or false")
    deck = sorted(full_deck(), key=lambda c: (c.suit != "s", c.rank))
    split = 26 if tie else 27
    piles = [deck[:split], deck[split:]]
    return sum(s.total for s in score_hand(piles, [0, 0], rules))


def spades_to_secure(rules: Rules, args: Mapping[str, object]) -> object:
    """Spades a player must take to be sure of "most spades": more than half of 13."""
    spades = sum(1 for c in full_deck() if c.suit == "s")
    return spades // 2 + 1


def winner(rules: Rules, args: Mapping[str, object]) -> object:
    """Who wins the game after this hand (10.4): side 0, side 1, or `none` (play on).
    `before` are the totals before the hand; `hand` each side's points by item."""
    before = args.get("before")
    hand = args.get("hand")
    if not (isinstance(before, list) and len(before) == 2 and all(
            isinstance(b, int) for b in before)):
        raise FactError("before: the two totals before the hand, e.g. [18, 19]")
    if not (isinstance(hand, list) and len(hand) == 2 and all(isinstance(h, dict)
                                                               for h in hand)):
        raise FactError("hand: each side's points by item, e.g. [{cards: 3}, {aces: 2}]")
    scores: list[SideScore] = []
    for side, items in enumerate(hand):
        assert isinstance(items, dict)
        unknown = [k for k in items if k not in ITEMS]
        if unknown:
            raise FactError(f"unknown item {unknown[0]!r}; items: {', '.join(ITEMS)}")
        points = tuple((ScoreItem(item), int(items.get(str(item), 0))) for item in ITEMS)
        scores.append(SideScore(side, 0, 0, points))
    found = decide_game([int(b) for b in before], scores, rules)
    return NO_WINNER if found is None else found


def last_play_sweep(rules: Rules, args: Mapping[str, object]) -> object:
    """Points for clearing the table with the last card of the hand (8.1, 8.2)."""
    return 1 if rules.sweeps and rules.last_play_sweep else 0


FACTS: Final[dict[str, Callable[[Rules, Mapping[str, object]], object]]] = {
    "pack-size": pack_size, "deals-per-hand": deals, "stock-after": stock_after,
    "first-to-play": first_player, "next-dealer": next_dealer, "dealt-to": dealt_to,
    "hand-points": hand_points,
    "spades-to-secure": spades_to_secure, "winner": winner,
    "last-play-sweep": last_play_sweep,
}

# the rules of docs/rules.md each fact practises
FACT_RULES: Final[dict[str, tuple[str, ...]]] = {
    "pack-size": ("1.1",), "deals-per-hand": ("2.1", "2.3", "11.2"),
    "stock-after": ("2.2", "2.3"), "first-to-play": ("2.4",), "next-dealer": ("2.4",),
    "dealt-to": ("2.2",),
    "hand-points": ("10.1", "10.2"), "spades-to-secure": ("10.1",), "winner": ("10.4",),
    "last-play-sweep": ("8.2",),
}
FACT_CONCEPTS: Final[dict[str, str]] = {
    "pack-size": "values", "deals-per-hand": "deal", "stock-after": "deal",
    "first-to-play": "deal", "next-dealer": "deal", "dealt-to": "deal", "hand-points": "scoring",
    "spades-to-secure": "scoring", "winner": "game-end", "last-play-sweep": "last-cards",
}
