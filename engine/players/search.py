"""Level 4: a searching player (determinization with playouts, exact endgame).

For each promising move it imagines many ways the unseen cards could lie
(`sampling.determinize`, consistent with hand sizes and the holding rule),
plays the rest of the current deal out with the fast policy (`policy.py`) and
scores the result as expected hand points for its side minus the others'
(`Sim.value_for`). Every candidate is tried on the same imagined deals, so the
comparison between moves is not drowned by the luck of the samples. When
every hidden card is known (last deal, stock empty), it solves the rest of the
hand exactly (`solver.py`); near the end of the last deal with several hands
hidden, it solves each sampled world exactly instead of playing it out.

Work is counted in simulated plies and search nodes, never in seconds, so a
decision depends only on the view and the seeded rng; `SearchConfig` trades
strength for speed (the defaults aim at well under 0.5 s a move on two cores).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.game import CARDS_PER_DEAL
from engine.moves import Move
from engine.players import counting, policy
from engine.players.sampling import determinize, known_sim
from engine.players.sim import Sim
from engine.players.solver import Solver, best_exact
from engine.players.view import PlayerView


@dataclass(frozen=True, slots=True)
class SearchConfig:
    ply_budget: int = 1500      # simulated plies per decision, over all candidates and samples
    min_samples: int = 8
    max_samples: int = 48
    max_candidates: int = 6     # best moves by the counting player's judgement
    horizon: int = 16           # playout length cap (Draw Casino has one long deal)
    exact_nodes: int = 3000     # node budget for the exact endgame search
    smart_plies: int = 0        # playout plies played by the counting player, then fast policy
    deals_ahead: int = 0        # also play this many further deals before judging
    switch_z: float = 0.0       # evidence needed to overrule the counting player (see `pick`)
    solve_plies: int = 7        # last deal, this few plies left: solve each sampled world
    solve_samples: int = 10     # worlds to solve then


def _plies(in_hands: int, stock: int, players: int, draw: bool, config: SearchConfig) -> int:
    if draw:
        return min(in_hands + stock, config.horizon)
    more = min(stock, config.deals_ahead * CARDS_PER_DEAL * players)
    return min(in_hands + more, config.horizon)


def plies_ahead(sim: Sim, config: SearchConfig) -> int:
    """Plies to the end of the current deal (and `deals_ahead` more), at most `horizon`."""
    return _plies(sum(len(h) for h in sim.hands), len(sim.stock), sim.players, sim.rules.draw,
                  config)


def playout(sim: Sim, plies: int, rng: random.Random, smart_plies: int = 0) -> Sim:
    """Play `plies` plies (stopping at the end of the hand): the first
    `smart_plies` by the counting player, each seeing only its own view, the
    rest by the fast policy."""
    for ply in range(plies):
        if sim.hand_over:
            break
        if ply < smart_plies:
            sim = sim.play(counting.choose(sim.view(sim.to_move), rng))
        else:
            sim = sim.play(policy.choose(sim, rng))
    return sim


def candidates(view: PlayerView, limit: int) -> list[Move]:
    """The moves worth searching: the counting player's best few."""
    return [a.move for a in counting.assess_all(view)[:limit]]


def evaluate(view: PlayerView, moves: list[Move], config: SearchConfig, rng: random.Random
             ) -> list[list[float]]:
    """Playout values of each move, one per shared determinization."""
    remaining = max(1, _plies(sum(view.hand_sizes), view.stock_size, view.players,
                              view.rules.draw, config))
    samples = config.ply_budget // (len(moves) * remaining)
    samples = max(config.min_samples, min(config.max_samples, samples))
    values: list[list[float]] = [[] for _ in moves]
    side = view.side
    for _ in range(samples):
        world = determinize(view, rng)
        seed = rng.getrandbits(32)
        plies = plies_ahead(world, config) - 1
        for i, move in enumerate(moves):
            end = playout(world.play(move), plies, random.Random(seed), config.smart_plies)
            values[i].append(end.value_for(side))
    return values


def pick(values: list[list[float]], z: float) -> int:
    """The candidate to play: the best average, but leave the counting player's
    first choice (index 0) only when the paired gain over it is clear by `z`
    standard errors. Sampling noise then cannot talk the search out of a sound
    move, which matters most where playouts are long (four players, Draw Casino)."""
    base = values[0]
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], base, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n > 1:
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            margin = z * (var / n) ** 0.5
        else:
            margin = 0.0
        if mean > margin and mean > best_gain:
            best, best_gain = i, mean
    return best


def decide(view: PlayerView, rng: random.Random, config: SearchConfig) -> Move:
    legal = view.legal_moves()
    if len(legal) == 1:
        return legal[0]
    known = known_sim(view)
    if known is not None:
        exact = best_exact(known, view.side, config.exact_nodes, rng)
        if exact is not None:
            return exact
        # Too big to solve in budget: every card is known, so one playout per
        # candidate tells all that sampling could.
        config = replace(config, min_samples=1, max_samples=1)
    moves = candidates(view, config.max_candidates)
    if len(moves) == 1:
        return moves[0]
    if known is None and view.stock_size == 0 and sum(view.hand_sizes) <= config.solve_plies:
        solved = solve_samples(view, moves, config, rng)
        if solved is not None:
            return moves[pick(solved, config.switch_z)]
    return moves[pick(evaluate(view, moves, config, rng), config.switch_z)]


def solve_samples(view: PlayerView, moves: list[Move], config: SearchConfig,
                  rng: random.Random) -> list[list[float]] | None:
    """Near the end of the last deal with several hands hidden (three or four
    players): solve each sampled world exactly and keep every move's value per
    world. None when a world is too big for the node budget."""
    values: list[list[float]] = [[] for _ in moves]
    for _ in range(config.solve_samples):
        world = determinize(view, rng)
        exact = Solver(view.side, config.exact_nodes).values(world, moves)
        if exact is None:
            return None
        for i, value in enumerate(exact):
            values[i].append(value)
    return values


def make_searcher(config: SearchConfig) -> Callable[[PlayerView, random.Random], Move]:
    """A level-4 `choose` with its own budget (tests use a small one)."""

    def choose_with(view: PlayerView, rng: random.Random) -> Move:
        return decide(view, rng, config)

    return choose_with


DEFAULT = SearchConfig()


def choose(view: PlayerView, rng: random.Random) -> Move:
    return decide(view, rng, DEFAULT)
