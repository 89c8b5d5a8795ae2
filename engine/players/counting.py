"""Level 3: a counting player.

It values every card by what it does to this hand's score (sure points plus
its share of the card and spade majorities as the piles stand, `worth.py`),
and looks one turn ahead at the next opponent: which unseen cards could take
what the move leaves on the table, and how likely that opponent holds one
(`tactics.exposure`). Builds are worth their cards when the opponent is
unlikely to hold the value. A trail costs what the next player may take from
the table it leaves (so aces, casinos and spades are not trailed into danger)
plus the card's use for capturing later: a card whose matches are all gone
can capture little, so it is the one to trail. (Tuning on the ladder showed
that charging a trailed card's own worth on top of its danger only hurt.)

`assess` returns the parts of the judgement separately, because the advice
module turns them into sentences and the searching player uses the total to
order its candidate moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.apply import apply_move
from engine.cards import Card
from engine.flow import CARDS_PER_DEAL
from engine.moves import TRAIL, Move
from engine.players.tactics import chance_holds, exposure, held_ranks, value_holders
from engine.players.view import PlayerView
from engine.players.worth import Appraiser
from engine.position import Build

BUILD_SURVIVAL = 0.9   # a safe build still may be raised or lost to a third player
RAISE_RISK = 0.1       # extra risk to a single build: the opponent may raise it
KEEP_PER_MATCH = 0.3   # a held card with unseen matches can capture them later
_FILLER = Card(3, "h")  # the card that later takes a build: one more card, no points


@dataclass(frozen=True, slots=True)
class Assessment:
    """One move judged in parts (all in expected hand points for the mover's side)."""

    move: Move
    captured: tuple[Card, ...]
    sweep: bool
    gain: float          # what the move takes now
    exposure: float      # expected loss to the next opponent (<= 0)
    builds_ahead: float  # expected worth of the builds the mover will control
    trail_cost: float    # capture chances given up by trailing (>= 0)
    left_loose: tuple[Card, ...]
    left_builds: tuple[Build, ...]

    @property
    def total(self) -> float:
        return self.gain + self.exposure + self.builds_ahead - self.trail_cost


def appraiser_for(view: PlayerView) -> Appraiser:
    return Appraiser([len(p) for p in view.piles],
                     [sum(1 for c in p if c.suit == "s") for p in view.piles], view.rules)


def next_opponent(view: PlayerView) -> tuple[int, int]:
    """The next seat to play and how many cards it will hold then."""
    seat = (view.seat + 1) % view.players
    size = view.hand_sizes[seat]
    if size == 0 and view.stock_size:
        size = min(CARDS_PER_DEAL, view.stock_size // view.players)
    return seat, size


def assess(view: PlayerView, move: Move, appraiser: Appraiser | None = None) -> Assessment:
    """Judge one legal move of the seat to move."""
    rules = view.rules
    appraiser = appraiser or appraiser_for(view)
    side = view.side
    outcome = apply_move(view.position(), move)
    after = outcome.position
    gain = appraiser.gain(outcome.captured, side, outcome.sweep) if outcome.captured else 0.0
    if view.is_last_play:
        gain += _leftovers(view, move, after.table_cards, appraiser)
    opponent, size = next_opponent(view)
    unseen = view.unseen
    certain = held_ranks(after.builds, opponent, rules)
    risk = exposure(after.loose, after.builds, unseen, size, rules, appraiser,
                    view.side_of(opponent), side, certain)
    ahead = 0.0
    for build in after.builds:
        if build.controller != view.seat:
            continue
        p_lost = chance_holds(value_holders(unseen, build.value, rules), size, len(unseen))
        if not build.is_multiple:
            p_lost += (1.0 - p_lost) * RAISE_RISK
        ahead += (1.0 - p_lost) * BUILD_SURVIVAL * appraiser.gain((*build.cards, _FILLER), side)
    cost = 0.0
    if move.kind == TRAIL:
        matches = sum(1 for c in unseen if c.rank == move.card.rank)
        cost = KEEP_PER_MATCH * matches
    return Assessment(move, outcome.captured, outcome.sweep, gain, risk, ahead, cost,
                      after.loose, after.builds)


def _leftovers(view: PlayerView, move: Move, left: tuple[Card, ...],
               appraiser: Appraiser) -> float:
    """What the cards left after the last play of the hand are worth to the mover:
    they go to the last capturer (9.1), the mover if this move captures."""
    if not left:
        return 0.0
    if move.kind != TRAIL:  # a capture: with one card in hand no build is legal (5.2)
        return appraiser.gain(left, view.side)
    if view.last_capturer is None:
        return 0.0
    return appraiser.swing(left, view.side_of(view.last_capturer), view.side)


def assess_all(view: PlayerView) -> list[Assessment]:
    """Every legal move judged, best first (ties keep the generator's order)."""
    appraiser = appraiser_for(view)
    judged = [assess(view, m, appraiser) for m in view.legal_moves()]
    judged.sort(key=lambda a: -a.total)
    return judged


def choose(view: PlayerView, rng: random.Random) -> Move:
    return assess_all(view)[0].move
