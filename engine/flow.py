"""The flow of one hand, written once: the deal, a play, the next deal, the end.

Two things play hands: the real game (`game.GameState`, which also judges
moves, keeps a log and scores) and the searching player's simulator
(`players.sim.Sim`, which plays thousands of imaginary moves and keeps
nothing else). Both move cards with the functions here, so an imagined hand
follows exactly the rules of a real one (docs/rules.md 2, 4.7, 8.2, 9.1, 11.2):
what a play sends to a pile and whether it sweeps, the draw in Draw Casino,
dealing the next round, the residue at the end, and the facts both ask about
(is this the last play, which cards can a seat not see).

The functions take and return plain tuples, kept sorted as `Position.trusted`
expects: they sit in the inner loop of both the game and the search, where
building intermediate objects would cost more than the work itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final, Protocol

from engine.apply import is_sweep, move_cards
from engine.cards import Card, full_deck, sort_cards
from engine.moves import Move
from engine.position import Build, table_cards
from engine.rules import Deal, Rules
from engine.scoring import side_of

CARDS_PER_DEAL: Final = 4

Cards = tuple[Card, ...]
Hands = tuple[Cards, ...]  # per seat
Piles = tuple[Cards, ...]  # per side

_DECK: Final = sort_cards(full_deck())


class HandInPlay(Protocol):
    """What a play reads: the parts `GameState` and `Sim` both keep."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def hands(self) -> Hands: ...
    @property
    def loose(self) -> Cards: ...
    @property
    def builds(self) -> tuple[Build, ...]: ...
    @property
    def stock(self) -> Cards: ...
    @property
    def piles(self) -> Piles: ...
    @property
    def sweeps(self) -> tuple[int, ...]: ...
    @property
    def last_capturer(self) -> int | None: ...


class Stage(StrEnum):
    """What comes after a play (2.3, 9.1)."""

    PLAY = "play"  # someone still holds cards
    DEAL = "deal"  # every hand is empty and the stock is not: deal again
    END = "end"    # every hand and the stock are empty: the hand is over


# The members as plain names, for the game loop and the search: on Python 3.11,
# reading a member through its class (`Stage.PLAY`) takes about 150 ns, some
# twenty times as long as reading a module-level name.
PLAY: Final = Stage.PLAY
DEAL: Final = Stage.DEAL
END: Final = Stage.END


# ----- the deal (2.2-2.4) ------------------------------------------------------------


def deals_per_hand(rules: Rules, players: int) -> int:
    """6 deals with 2 players, 4 with 3, 3 with 4 (2.3); Draw Casino deals once."""
    return 1 if rules.draw else (52 - 4) // (CARDS_PER_DEAL * players)


def deal_order(dealer: int, players: int) -> list[int]:
    """Clockwise from the dealer's left, the dealer last (2.2, 2.4)."""
    return [(dealer + k) % players for k in range(1, players + 1)]


def first_to_play(dealer: int, players: int) -> int:
    """After every deal, the player on the dealer's left plays first (2.4)."""
    return (dealer + 1) % players


def shuffled_deck(seed: int, hand_number: int) -> Cards:
    """The pack for one hand, from an explicit seeded Random (never global state)."""
    deck = list(full_deck())
    random.Random(f"cassino:{seed}:{hand_number}").shuffle(deck)
    return tuple(deck)


def deal_first(deck: Sequence[Card], dealer: int, players: int, ones: bool
               ) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """The first deal of a hand: 4 to each player and 4 to the table (2.2).

    In twos: two to each player with the table after the first player, twice.
    With `deal: ones`, singly, four times round.
    """
    stock = list(deck)
    hands: list[list[Card]] = [[] for _ in range(players)]
    table: list[Card] = []
    order: list[int | None] = [*deal_order(dealer, players)]
    order.insert(1, None)  # None: the table, dealt right after the first player
    size, rounds = (1, 4) if ones else (2, 2)
    for _ in range(rounds):
        for seat in order:
            cards, stock = stock[:size], stock[size:]
            (table if seat is None else hands[seat]).extend(cards)
    return hands, table, stock


def deal_hand(seed: int, hand_number: int, dealer: int, players: int, rules: Rules
              ) -> tuple[Hands, Cards, Cards]:
    """A hand's first deal from its seeded pack: the sorted hands, the table, the stock."""
    hands, table, stock = deal_first(shuffled_deck(seed, hand_number), dealer, players,
                                     rules.deal == Deal.ONES)
    return tuple(sort_cards(h) for h in hands), sort_cards(table), tuple(stock)


def deal_round(hands: Hands, stock: Cards, dealer: int, players: int) -> tuple[Hands, Cards]:
    """Four more cards to each player and none to the table (2.3): the new hands
    (sorted) and what is left of the stock."""
    dealt = list(hands)
    start = 0
    for seat in deal_order(dealer, players):
        dealt[seat] = sort_cards((*dealt[seat], *stock[start:start + CARDS_PER_DEAL]))
        start += CARDS_PER_DEAL
    return tuple(dealt), stock[start:]


# ----- a play ----------------------------------------------------------------------------


Played = tuple[Hands, Cards, tuple[Build, ...], Cards, int, Piles, tuple[int, ...],
               int | None, Cards, bool]
"""After a play: hands, loose, builds, stock, the seat to move next, piles, sweeps, the
last capturer, the cards captured and whether it swept. A plain tuple, unpacked at once
by the caller."""


def play_move(hand: HandInPlay, move: Move, last: bool) -> Played:
    """The hand after the player to move plays `move`, which must be legal.

    `last` says whether this is the last play of the hand (`is_last_play`),
    which the caller already knows from the position it took the move from:
    a capture that clears the table then sweeps only with `last_play_sweep`
    (4.7, 8.2). In Draw Casino the mover draws one card from the stock (11.2).
    The turn passes to the left (2.4); dealing and ending the hand are the
    caller's (`stage_after`), since the game logs them and the search does not.
    """
    seat = hand.to_move
    rules = hand.rules
    held, loose, builds, captured = move_cards(hand.hands[seat], hand.loose, hand.builds, seat,
                                               move)
    sweep = is_sweep(captured, loose, builds, last, rules)
    stock = hand.stock
    if rules.draw and stock:
        held = sort_cards((*held, stock[0]))
        stock = stock[1:]
    hands = list(hand.hands)
    hands[seat] = held
    piles = hand.piles
    sweeps = hand.sweeps
    last_capturer = hand.last_capturer
    if captured:
        side = side_of(seat, hand.players)
        piles = add_to_pile(piles, side, captured)
        last_capturer = seat
        if sweep:
            sweeps = (*sweeps[:side], sweeps[side] + 1, *sweeps[side + 1:])
    return (tuple(hands), loose, builds, stock, (seat + 1) % hand.players, piles, sweeps,
            last_capturer, captured, sweep)


def stage_after(hands: Hands, stock: Cards) -> Stage:
    """Does play go on, is the next round dealt, or is the hand over (2.3, 9.1)?"""
    if any(hands):
        return PLAY
    return DEAL if stock else END


def add_to_pile(piles: Piles, side: int, cards: Cards) -> Piles:
    """The piles with `cards` added to `side`'s."""
    return (*piles[:side], piles[side] + cards, *piles[side + 1:])


# ----- the end of a hand (9.1) -----------------------------------------------------------


def take_residue(piles: Piles, loose: Cards, builds: tuple[Build, ...],
                 last_capturer: int | None, players: int) -> tuple[Piles, Cards]:
    """The cards left on the table go to the side of the last player who captured
    (9.1): the piles after that, and the cards taken (none if nobody captured)."""
    residue = table_cards(loose, builds)
    if not residue or last_capturer is None:
        return piles, ()
    return add_to_pile(piles, side_of(last_capturer, players), residue), residue


# ----- what a seat knows -----------------------------------------------------------------


def is_last_play(hand_sizes: Iterable[int], stock_size: int, to_move: int) -> bool:
    """The coming play is the final card of the hand (8.2, 9.1): the stock is
    used up, the player to move holds one card and every other hand is empty.

    The sizes may come lazily (`map(len, hands)`): while the stock lasts they
    are never counted."""
    if stock_size:
        return False
    sizes = tuple(hand_sizes)
    return sizes[to_move] == 1 and sum(sizes) == 1


def unseen_cards(hand: Cards, loose: Cards, builds: tuple[Build, ...],
                 piles: Sequence[Cards] = ()) -> Cards:
    """The cards a seat holding `hand` cannot see, in sorted order: other hands and
    the stock. Captured piles are seen (every player watched them being taken);
    leave them out when they are not known (a bare position)."""
    seen = {c._key for c in hand}
    seen.update(c._key for c in loose)
    for build in builds:
        seen.update(c._key for c in build.cards)
    for pile in piles:
        seen.update(c._key for c in pile)
    return tuple([c for c in _DECK if c._key not in seen])
