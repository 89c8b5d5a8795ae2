"""Glicko-2 ratings for learners and puzzles (Glickman, "Example of the Glicko-2 system").

Both sides of a puzzle attempt are rated, as lichess rates its puzzles: a learner's
solve is a win against the puzzle and the puzzle's loss, a miss the other way round.
Each attempt is its own rating period (lichess does the same), so a rating moves
after every rated first try, by more while its deviation (RD) is large.

Why not the `glicko2` package from PyPI: it is an untyped port kept as a mutable
`Player` object (its methods update the object in place) with no release since
2024, and the shared environment does not carry it; the algorithm itself is short,
so it lives here, typed, and the tests check it against Glickman's worked example.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

SCALE: Final = 173.7178      # Glicko-2's conversion between the two scales
CENTER: Final = 1500.0       # the rating that maps to 0 on the Glicko-2 scale
TAU: Final = 0.5             # how fast volatility may change (Glickman: 0.3-1.2)
START_RD: Final = 350.0
START_VOLATILITY: Final = 0.06
MIN_RD: Final = 45.0         # a floor, so a rating never freezes (lichess keeps one too)
MAX_RD: Final = 350.0
MAX_STEP: Final = 100.0      # the most one attempt moves a learner, either way
_EPSILON: Final = 1e-6


@dataclass(frozen=True, slots=True)
class Glicko:
    """A rating, its deviation and its volatility (on the familiar 1500 scale)."""

    rating: float
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - CENTER) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Glicko, opponent: Glicko) -> float:
    """The chance `player` wins (a learner solves, or a puzzle defeats the learner)."""
    return 1.0 / (1.0 + math.exp(-_g(opponent.phi) * (player.mu - opponent.mu)))


def _volatility(player: Glicko, delta: float, v: float) -> float:
    """Step 5 of the algorithm: the new volatility by the Illinois method."""
    phi, sigma = player.phi, player.volatility
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = c, fc
    return math.exp(big_a / 2.0)


def rate(player: Glicko, results: list[tuple[Glicko, float]]) -> Glicko:
    """The player's rating after one period with these (opponent, score) results
    (score 1 a win, 0 a loss); with none, only the deviation grows."""
    if not results:
        phi = math.sqrt(player.phi ** 2 + player.volatility ** 2)
        return Glicko(player.rating, _clamp(phi * SCALE), player.volatility)
    v_inverse = 0.0
    gain = 0.0
    for opponent, score in results:
        g = _g(opponent.phi)
        e = expected(player, opponent)
        v_inverse += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * gain
    sigma = _volatility(player, delta, v)
    phi_star = math.sqrt(player.phi ** 2 + sigma * sigma)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu = player.mu + phi * phi * gain
    return Glicko(mu * SCALE + CENTER, phi * SCALE, sigma)


def _clamp(rd: float) -> float:
    return min(MAX_RD, max(MIN_RD, rd))


def game(learner: Glicko, puzzle: Glicko, solved: bool) -> tuple[Glicko, Glicko]:
    """Both new ratings after one rated attempt (the RD kept within its bounds).

    The learner's move is bounded by MAX_STEP: at Glicko-2's starting deviation (350) a
    new learner's one miss on a ●○○○○ puzzle cost 335 points, a week of work undone
    by a slip. Glicko-2 still narrows her deviation as it says, so the bound matters
    only for a new learner's first tries (from a deviation of about 150 a miss on an
    easy puzzle moves her about 80) and her rating still finds its level, a step of at
    most 100 at a time.
    The puzzle's own move is not bounded: it is rated by many learners."""
    score = 1.0 if solved else 0.0
    after_learner = rate(learner, [(puzzle, score)])
    after_puzzle = rate(puzzle, [(learner, 1.0 - score)])
    step = max(-MAX_STEP, min(MAX_STEP, after_learner.rating - learner.rating))
    return (Glicko(learner.rating + step, _clamp(after_learner.rd), after_learner.volatility),
            Glicko(after_puzzle.rating, _clamp(after_puzzle.rd), after_puzzle.volatility))
