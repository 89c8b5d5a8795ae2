"""Level 2: take the most points and cards now; otherwise trail the cheapest card.

Greedy looks only at this move: no counting, no thought for what the table
offers the next player. It is what a beginner does, and the second rung.
"""

from __future__ import annotations

import random

from engine.apply import apply_move
from engine.cards import Card
from engine.moves import CAPTURE, TRAIL, Move
from engine.players.view import PlayerView
from engine.players.worth import sure_points
from engine.rules import Rules, Scoring

CARD_WEIGHT = 0.15
SPADE_WEIGHT = 0.25


def haul_value(cards: tuple[Card, ...], sweep: bool, rules: Rules) -> float:
    """Points and cards taken, on the scale of hand points (aces, casinos,
    spades, card count, sweep)."""
    value = sum(sure_points(c, rules) for c in cards) + CARD_WEIGHT * len(cards)
    if rules.scoring != Scoring.SPADES:
        value += SPADE_WEIGHT * sum(1 for c in cards if c.suit == "s")
    if sweep:
        value += rules.sweep_value
    return value


def cheapness(card: Card, rules: Rules) -> float:
    """How little a card is worth giving away (higher: better to trail)."""
    return -haul_value((card,), False, rules) - 0.01 * card.rank


def greedy_score(view: PlayerView, move: Move) -> float:
    position = view.position()
    if move.kind == CAPTURE:
        outcome = apply_move(position, move)
        return 10.0 + haul_value(outcome.captured, outcome.sweep, view.rules)
    if move.kind == TRAIL:
        return cheapness(move.card, view.rules)
    # A build wins nothing now; greedy builds only when it may not trail (6.2).
    return -10.0 + 0.01 * len(move.loose)


def choose(view: PlayerView, rng: random.Random) -> Move:
    moves = view.legal_moves()
    scores = [greedy_score(view, m) for m in moves]
    best = max(scores)
    tied = [m for m, s in zip(moves, scores, strict=True) if s == best]
    return tied[rng.randrange(len(tied))]
