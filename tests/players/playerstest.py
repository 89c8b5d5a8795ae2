"""Helpers for the computer-player tests: states built from text, hidden cards
shuffled around, and short seeded games."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.cards import Card, full_deck, parse_cards
from engine.game import GameState, new_game
from engine.position import parse_table
from engine.rules import Rules


def state_from(table: str, hands: list[str], *, rules: Rules | None = None, to_move: int = 0,
               piles: list[str] | None = None, seed: int = 0) -> GameState:
    """A game state with this table, these hands and piles; every other card in the stock,
    in an order fixed by `seed`."""
    players = len(hands)
    base = new_game(players, rules or Rules(), seed)
    loose, builds = parse_table(table)
    hand_cards = tuple(tuple(sorted(parse_cards(h))) for h in hands)
    pile_cards = tuple(tuple(parse_cards(p)) for p in (piles or ["-"] * base.sides))
    used = set(loose) | {c for b in builds for c in b.cards}
    used |= {c for h in hand_cards for c in h} | {c for p in pile_cards for c in p}
    stock = [c for c in full_deck() if c not in used]
    random.Random(seed).shuffle(stock)
    return replace(base, loose=loose, builds=builds, hands=hand_cards, stock=tuple(stock),
                   piles=pile_cards, to_move=to_move, sweeps=(0,) * base.sides)


def scrambled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game as `seat` sees it, with every card it cannot see dealt anew
    among the other hands and the stock (sizes kept)."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    hidden.extend(state.stock)
    rng.shuffle(hidden)
    hands: list[tuple[Card, ...]] = []
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(sorted(hidden[:len(h)])))
            del hidden[:len(h)]
    return replace(state, hands=tuple(hands), stock=tuple(hidden))
