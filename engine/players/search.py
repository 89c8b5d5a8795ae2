"""Level 4: a searching player (determinization with playouts, exact endgame).

For each promising move it imagines many ways the unseen cards could lie
(`sampling.determinize`, consistent with hand sizes and the holding rule),
plays the rest of the current deal out (at most `horizon` plies) with the fast
policy (`policy.py`) and scores the result as expected hand points for its side minus the others'
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

from engine.moves import Move
from engine.players import counting, policy
from engine.players.sampling import determinize, known_sim
from engine.players.sim import Sim
from engine.players.solver import Solver, best_exact
from engine.players.view import PlayerView


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How much the search may do, as set for two players (`for_players` grows it
    for more). The defaults were tuned on the ladder: with two players more
    samples or longer playouts did not play better (the playout policy, not the
    noise, limits the estimate), while shorter playouts with the `switch_z`
    guard helped a lot where deals are long (Draw Casino)."""

    ply_budget: int = 1500      # simulated plies per decision, over all candidates and samples
    min_samples: int = 8
    max_samples: int = 48
    max_candidates: int = 6     # best moves by the counting player's judgement
    horizon: int = 8            # playout length cap, in plies
    exact_nodes: int = 3000     # node budget for one exact search
    switch_z: float = 1.0       # evidence needed to overrule the counting player (see `pick`)
    solve_plies: int = 7        # last deal, this few plies left: solve each sampled world
    solve_samples: int = 10     # worlds to solve then

    def for_players(self, players: int, draw: bool = False) -> SearchConfig:
        """The playout horizon and the ply budget as set for two players, grown in
        proportion to the seats: with four players a deal is 16 plies, not 8, and
        the ladder (four players, two sets of 150 deals) gained about half a point a
        hand from playing the deal out with twice the budget (+1.40 against level 3,
        from +0.91); a longer horizon alone, or a bigger budget alone, did not.
        Draw Casino keeps the two-player figures: its one deal lasts the whole
        stock, and longer playouts there were what played worse."""
        if players <= 2 or draw:
            return self
        return replace(self, horizon=self.horizon * players // 2,
                       ply_budget=self.ply_budget * players // 2)


def _plies(in_hands: int, stock: int, draw: bool, horizon: int) -> int:
    """Plies to the end of the current deal, at most `horizon` (in Draw Casino
    the deal lasts as long as the stock)."""
    return min(in_hands + stock if draw else in_hands, horizon)


def playout(sim: Sim, plies: int, rng: random.Random) -> Sim:
    """Play `plies` plies with the fast policy, stopping at the end of the hand."""
    for _ in range(plies):
        if sim.hand_over:
            break
        sim = sim.play(policy.choose(sim, rng))
    return sim


def candidates(view: PlayerView, limit: int) -> list[Move]:
    """The moves worth searching: the counting player's best few."""
    return [a.move for a in counting.assess_all(view)[:limit]]


def evaluate(view: PlayerView, moves: list[Move], config: SearchConfig, rng: random.Random
             ) -> list[list[float]]:
    """Playout values of each move, one per shared determinization."""
    remaining = max(1, _plies(sum(view.hand_sizes), view.stock_size, view.rules.draw,
                              config.horizon))
    samples = config.ply_budget // (len(moves) * remaining)
    samples = max(config.min_samples, min(config.max_samples, samples))
    values: list[list[float]] = [[] for _ in moves]
    side = view.side
    for _ in range(samples):
        world = determinize(view, rng)
        seed = rng.getrandbits(32)
        plies = remaining - 1  # after the candidate itself
        for i, move in enumerate(moves):
            end = playout(world.play(move), plies, random.Random(seed))
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
    config = config.for_players(view.players, view.rules.draw)
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
