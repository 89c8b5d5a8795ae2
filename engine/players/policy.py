"""The fast playout policy of the searching player.

A playout must cost little more than the move generator itself, so this is
greedy (take the most points and cards now) with two cheap instincts that a
pure greedy player lacks: do not leave a table one card can sweep, and when
nothing can be taken, prefer a build (taken next turn with the card kept for
it) to giving a card away by trailing. Ties are broken by the rng, so the same
world played twice with the same seed goes the same way.
"""

from __future__ import annotations

import random

from engine.cards import Card
from engine.moves import BUILD, CAPTURE, Move
from engine.players.sim import Sim
from engine.players.worth import sure_points
from engine.position import Build
from engine.rules import Rules, Scoring

CARD = 0.15
SPADE = 0.25
SWEEP = 1.0  # per point a sweep scores (Rules.sweep_value)
SWEEPABLE = 0.6
BUILD_SHARE = 0.6
_SPADE_CASINO = Scoring.SPADES  # a plain name: read in every playout step


def _haul(cards: tuple[Card, ...], rules: Rules) -> float:
    value = CARD * len(cards)
    for c in cards:
        value += sure_points(c, rules)
        if c.suit == "s" and rules.scoring != _SPADE_CASINO:
            value += SPADE
    return value


def sweepable(loose: tuple[Card, ...], builds: tuple[Build, ...], rules: Rules) -> bool:
    """Could a single card plausibly take everything left? (a quick, rough test)"""
    if not loose and not builds:
        return False
    if not builds and len(loose) == 1:
        return True
    values = [rules.table_value(c) for c in loose]
    if any(v is None for v in values):
        return False
    total = sum(v for v in values if v is not None) + sum(b.value for b in builds)
    if len(builds) <= 1 and total <= rules.max_build:
        return True
    return not builds and len({c.rank for c in loose}) == 1


def score(sim: Sim, move: Move) -> float:
    rules = sim.rules
    if move.kind is CAPTURE:  # kinds compare by identity (moves.py): every playout step
        taken = move.taken_cards
        loose = tuple(c for c in sim.loose if c not in move.loose)
        builds = tuple(b for b in sim.builds if b not in move.builds)
        value = 10.0 + _haul((move.card, *taken), rules)
        if not loose and not builds:
            if rules.last_play_sweep or not sim.is_last_play:
                value += SWEEP * rules.sweep_value
        elif sweepable(loose, builds, rules):
            value -= SWEEPABLE
        return value
    if move.kind is BUILD:
        base = move.builds[0].cards if move.builds else ()
        return BUILD_SHARE * _haul((*base, move.card, *move.loose), rules)
    value = -_haul((move.card,), rules) - 0.01 * move.card.rank
    if sweepable((*sim.loose, move.card), sim.builds, rules):
        value -= SWEEPABLE
    return value


def choose(sim: Sim, rng: random.Random) -> Move:
    moves = sim.legal_moves()
    if len(moves) == 1:
        return moves[0]
    best = moves[0]
    best_score = score(sim, best)
    for index in range(1, len(moves)):
        move = moves[index]
        s = score(sim, move)
        if s > best_score or (s == best_score and rng.random() < 0.5):
            best, best_score = move, s
    return best
