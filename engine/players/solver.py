"""Exact play once every card is known: alpha-beta over the rest of the hand.

When the stock is empty and at most one other seat still holds cards, the
seat to move knows where every card is. Then there is nothing to sample: the
best move is found by searching every line to the end of the hand and scoring
it exactly (residue to the last capturer included). With three players the
search is *paranoid* (the others are assumed to play against us), which keeps
it a two-sided search that alpha-beta can prune.

The search is capped by a node budget, not a clock, so a decision never
depends on how fast the machine is; `None` means "too big, sample instead".
"""

from __future__ import annotations

import random

from engine.moves import Move
from engine.players import policy
from engine.players.sim import Sim
from engine.players.worth import pile_sure_points
from engine.scoring import side_of

_Key = tuple[object, ...]


class _OutOfBudget(Exception):
    pass


class Solver:
    """Alpha-beta for one side, with a transposition table and a node budget."""

    def __init__(self, side: int, budget: int) -> None:
        self.side = side
        self.budget = budget
        self.nodes = 0
        self._table: dict[_Key, tuple[float, int]] = {}  # value, bound: 0 exact, 1 lower, -1 upper

    def solve(self, sim: Sim) -> list[tuple[Move, float]] | None:
        """Each root move with its value for `side` (exact for the best moves and
        any tied with them, an upper bound for worse ones), or None over budget."""
        out: list[tuple[Move, float]] = []
        best = -1e9
        try:
            for move in ordered(sim):
                value = self._search(sim.play(move), best - 1e-6, 1e9)
                best = max(best, value)
                out.append((move, value))
        except _OutOfBudget:
            return None
        return out

    def values(self, sim: Sim, moves: list[Move]) -> list[float] | None:
        """The exact value of each of `moves` from `sim`, or None over budget."""
        try:
            return [self._search(sim.play(move), -1e9, 1e9) for move in moves]
        except _OutOfBudget:
            return None

    def _search(self, sim: Sim, alpha: float, beta: float) -> float:
        if sim.hand_over:
            return sim.value_for(self.side)
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        key = _key(sim)
        stored = self._table.get(key)
        if stored is not None:
            value, bound = stored
            if bound == 0 or (bound > 0 and value >= beta) or (bound < 0 and value <= alpha):
                return value
        start_alpha, start_beta = alpha, beta
        maximizing = side_of(sim.to_move, sim.players) == self.side
        best = -1e9 if maximizing else 1e9
        for move in ordered(sim):
            value = self._search(sim.play(move), alpha, beta)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        bound = 0
        if best <= start_alpha:
            bound = -1
        elif best >= start_beta:
            bound = 1
        self._table[key] = (best, bound)
        return best


def ordered(sim: Sim) -> list[Move]:
    """Likely-best moves first (greedy order), which is what makes alpha-beta prune."""
    moves = list(sim.legal_moves())
    moves.sort(key=lambda m: -policy.score(sim, m))
    return moves


def _key(sim: Sim) -> _Key:
    """What decides the rest of the hand: the piles matter only by their count,
    spades and sure points, so lines that capture in another order transpose."""
    rules = sim.rules
    piles = tuple((len(p), sum(1 for c in p if c.suit == "s"), pile_sure_points(p, rules))
                  for p in sim.piles)
    return (sim.to_move, sim.loose, sim.builds, sim.hands, piles, sim.sweeps,
            None if sim.last_capturer is None else side_of(sim.last_capturer, sim.players))


def solve(sim: Sim, side: int, budget: int) -> list[tuple[Move, float]] | None:
    """Exact values of the root moves for `side`, or None when over `budget` nodes."""
    return Solver(side, budget).solve(sim)


def best_exact(sim: Sim, side: int, budget: int, rng: random.Random) -> Move | None:
    values = solve(sim, side, budget)
    if values is None:
        return None
    best = max(v for _, v in values)
    tied = [m for m, v in values if v >= best - 1e-9]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]
