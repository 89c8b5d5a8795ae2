"""`python -m engine bench`: how fast the generator and the game loop are.

Prints medians of several runs; nothing here asserts a time, since the
machines that run the tests are shared and noisy.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

from engine.game import GameState, new_game
from engine.movegen import clear_cache, legal_moves
from engine.position import Position

# Adversarial: many small loose cards and several builds, the worst a real
# table gets (8-10 loose cards, 2-3 builds, a hand that can build on all).
ADVERSARIAL: tuple[str, ...] = (
    "table: Ac Ad 2c 2d 3c 3d 4c 4d 5c [9: 4h 5h @0] [7: 3h 4s @1]; hand: 7d 9d 10c 6s",
    "table: Ac Ad Ah 2c 2d 3c 3d 4c [8: 5s 3s @0] [6: 4h 2h @1]; hand: 8d 6d 10c 2s",
    "table: As Ah 2s 2h 3s 3h 4s 4h [10: 6c 4d @1] [5: 5d 3c 2c @0]; hand: 5h 10h 9c Ad",
    "table: Ac Ad 2c 2d 3c 4d 5c 6d [9: 7h 2h @0] [8: 8h 5h 3h @1] [4: 4c 4h @0]; hand: 9d 8d 4s",
    "table: Ac Ad 2c 2d 3c 3d 4c 4d 5c 5d; hand: 10c 9c 8c 7c",
    "table: As Ad Ah Ac 2s 2h 3s 3h 4s; hand: 10c 9d 8c 7d; rules: royal",
    "table: Ac Ad 2c 2d 3c 3d 4c [9: 4h 5h @1] [7: 3h 4s @1] [10: 6s 4d @1]; hand: 6c 7c 9d 10h; "
    "seat: 1; rules: classic build_in_sums=true",
    "table: Ah 2h 3h 4h 5h 6h [8: 7d Ad @0] [13: Kc 10c 3d @0]; hand: Ks 8s 5c 2c; rules: royal",
)
# Beyond anything a real deal produces: a dozen or more small cards at once.
EXTREME: tuple[str, ...] = (
    "table: Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s; hand: 4c 5d 6h 10s",
    "table: Ac Ad Ah 2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d; hand: 10c 9c 8c 7c",
)


def realistic_positions(count: int = 200, seed: int = 2026) -> list[Position]:
    """Mid-game positions from seeded random games: what a real table looks like."""
    rng = random.Random(seed)
    positions: list[Position] = []
    game_seed = 0
    while len(positions) < count:
        state = new_game(2, seed=game_seed)
        game_seed += 1
        while not state.hand_over and len(positions) < count:
            position = state.position()
            if rng.random() < 0.25:
                positions.append(position)
            state = state.play(rng.choice(list(legal_moves(position))))
    return positions


def adversarial_positions(texts: Sequence[str] = ADVERSARIAL) -> list[Position]:
    return [Position.parse(text).validated() for text in texts]


def time_generator(positions: Sequence[Position], repeats: int) -> list[float]:
    """Per-position median time of legal_moves over `repeats` uncached runs (ms)."""
    per_position = []
    for position in positions:
        runs = []
        for _ in range(repeats):
            clear_cache()
            start = time.perf_counter()
            legal_moves(position)
            runs.append((time.perf_counter() - start) * 1000)
        per_position.append(statistics.median(runs))
    return per_position


def random_game(seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(2, seed=seed)
    while not state.over:
        state = state.next_hand() if state.hand_over else state.play(
            rng.choice(state.legal_moves()))
    return state


def games_per_second(games: int, repeats: int, play: Callable[[int], GameState]) -> float:
    rates = []
    for r in range(repeats):
        start = time.perf_counter()
        for seed in range(games):
            play(seed + r * games)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def run_bench(repeats: int = 7, games: int = 200) -> None:
    realistic = realistic_positions()
    adversarial = adversarial_positions()
    real_ms = time_generator(realistic, repeats)
    adv_ms = time_generator(adversarial, repeats)
    print(f"legal_moves, {len(realistic)} realistic mid-game positions: median "
          f"{statistics.median(real_ms):.3f} ms, max {max(real_ms):.3f} ms (target < 0.3 ms)")
    print(f"legal_moves, {len(adversarial)} adversarial tables: median "
          f"{statistics.median(adv_ms):.3f} ms, max {max(adv_ms):.3f} ms (target < 20 ms)")
    extreme_ms = time_generator(adversarial_positions(EXTREME), max(1, repeats // 2))
    print(f"legal_moves, {len(EXTREME)} extreme tables (12-14 small cards): median "
          f"{statistics.median(extreme_ms):.1f} ms (no target; tens of thousands of moves)")
    game_runs = max(5, repeats // 2)
    rate = games_per_second(games // 2, game_runs, random_game)
    hands = statistics.mean(len(random_game(s).results) for s in range(20))
    print(f"random two-player games to 21: {rate:.1f} games/s, {rate * hands:.0f} hands/s "
          f"({hands:.1f} hands a game; median of {game_runs} runs of {games // 2} games; "
          "target 100 games/s)")
