"""Determinization: deal the unseen cards out one way consistent with what a
seat has seen, so a search can play the hand forward as if every card were known.

What is known about a hidden hand: its size, and the holding rule (5.2, 7.1):
a seat that controls builds holds a card of each build value. Cards are dealt
to satisfy that first, then at random; the stock gets the rest in random order.
"""

from __future__ import annotations

import random

from engine.cards import Card
from engine.players.sim import Sim
from engine.players.view import PlayerView


def sim_from_view(view: PlayerView, hands: tuple[tuple[Card, ...], ...],
                  stock: tuple[Card, ...]) -> Sim:
    """The Sim for `view` with the hidden cards placed as given."""
    return Sim(rules=view.rules, players=view.players, dealer=view.dealer,
               to_move=view.to_move, loose=view.loose, builds=view.builds, hands=hands,
               stock=stock, piles=view.piles, sweeps=view.sweeps,
               last_capturer=view.last_capturer, hand_number=view.hand_number,
               deal_number=view.deal_number, totals=view.totals)


def determinize(view: PlayerView, rng: random.Random) -> Sim:
    """One random placement of the unseen cards that fits everything the seat knows."""
    pool = list(view.unseen)  # sorted in the view: the draw depends only on rng
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    if view.rules.keep_capture_card:
        for seat in range(view.players):
            if seat != view.seat:
                _give_required(view, seat, pool, hands[seat])
    for seat in range(view.players):
        if seat != view.seat:
            need = view.hand_sizes[seat] - len(hands[seat])
            hands[seat].extend(pool[:need])
            del pool[:need]
    return sim_from_view(view, tuple(tuple(sorted(h)) for h in hands), tuple(pool))


def _give_required(view: PlayerView, seat: int, pool: list[Card], hand: list[Card]) -> None:
    """Deal `seat` one card for each distinct value of the builds it controls."""
    values = sorted({b.value for b in view.builds if b.controller == seat})
    for value in values:
        if len(hand) >= view.hand_sizes[seat]:
            return
        if any(value in view.rules.capture_values(c) for c in hand):
            continue
        for i, card in enumerate(pool):
            if value in view.rules.capture_values(card):
                hand.append(pool.pop(i))
                break


def known_sim(view: PlayerView) -> Sim | None:
    """The one placement when every hidden card is inferable (`view.all_known`)."""
    if not view.all_known:
        return None
    hands = [tuple(view.hand) if s == view.seat else () for s in range(view.players)]
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat and size:
            hands[seat] = tuple(view.unseen)
    return sim_from_view(view, tuple(hands), ())
