"""The measured ladder: does every computer level beat the one below it?

Run ``python -m engine.tools.ladder``. Each
adjacent pair of levels plays single hands on seeded deals; every deal is
played once per seating (the two seats swapped with two players, partnerships
swapped with four, the stronger player in each seat in turn with three), so
the luck of the cards cancels out. The measure is hand points per hand, the
higher level's side minus the mean of the other sides, with a 95% interval. A
pair stops early once the interval excludes zero (looked at after 30 deals,
then every 10), or at --games deals; --fixed plays them all.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Final

from engine.game import new_game
from engine.players.levels import LEVELS, Chooser
from engine.players.search import SearchConfig, make_searcher
from engine.players.view import view_of
from engine.players.worth import advantage
from engine.rules import Rules
from engine.scoring import side_of

Z95: Final = 1.959964
MIN_DEALS: Final = 30   # before the first look at the interval
LOOK_EVERY: Final = 10  # deals between looks: peeking after every deal would stop on luck
SMALL_SEARCH: Final = SearchConfig(ply_budget=120, min_samples=2, max_samples=4,
                                   max_candidates=3, exact_nodes=300)


@dataclass(frozen=True, slots=True)
class Match:
    """One pair's result: per-deal differences (higher minus lower)."""

    higher: int
    lower: int
    diffs: tuple[float, ...]

    @property
    def deals(self) -> int:
        return len(self.diffs)

    @property
    def mean(self) -> float:
        return sum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def half_width(self) -> float:
        n = len(self.diffs)
        if n < 2:
            return math.inf
        var = sum((d - self.mean) ** 2 for d in self.diffs) / (n - 1)
        return Z95 * math.sqrt(var / n)

    @property
    def clear(self) -> bool:
        """The 95% interval excludes zero."""
        return abs(self.mean) > self.half_width


def chooser(level: int, small: bool) -> Chooser:
    if small and level == 4:
        return make_searcher(SMALL_SEARCH)
    return LEVELS[level]


def seatings(players: int) -> list[tuple[bool, ...]]:
    """Per seating, whether each seat is played by the higher level."""
    if players == 3:
        return [tuple(s == k for s in range(3)) for k in range(3)]
    return [tuple(side_of(s, players) == k for s in range(players)) for k in range(2)]


def play_deal(higher: int, lower: int, seed: int, rules: Rules, players: int, small: bool
              ) -> float:
    """Hand points, higher level minus the rest, averaged over every seating of one deal."""
    choosers = {higher: chooser(higher, small), lower: chooser(lower, small)}
    results = []
    for k, seating in enumerate(seatings(players)):
        state = new_game(players, rules, seed)
        rngs = [random.Random(f"ladder:{seed}:{k}:{s}") for s in range(players)]
        while not state.hand_over:
            seat = state.to_move
            level = higher if seating[seat] else lower
            state = state.play(choosers[level](view_of(state, seat), rngs[seat]))
        points = [float(s.total) for s in state.results[-1].scores]
        mine = next(side_of(s, players) for s in range(players) if seating[s])
        results.append(advantage(points, mine))
    return sum(results) / len(results)


def _play_job(job: tuple[int, int, int, str, int, bool]) -> float:
    higher, lower, seed, rules_text, players, small = job
    return play_deal(higher, lower, seed, Rules.parse(rules_text), players, small)


def run_pair(higher: int, lower: int, *, games: int, seed: int, rules: Rules, players: int,
             small: bool, workers: int, early_stop: bool = True) -> Match:
    """Play deals until the difference is clear or `games` deals. The interval is
    looked at after MIN_DEALS deals and then every LOOK_EVERY deals."""
    jobs = [(higher, lower, seed + i, rules.text, players, small) for i in range(games)]
    diffs: list[float] = []
    for diff in _results(jobs, workers):
        diffs.append(diff)
        n = len(diffs)
        look = n >= MIN_DEALS and (n - MIN_DEALS) % LOOK_EVERY == 0
        if early_stop and look and Match(higher, lower, tuple(diffs)).clear:
            break
    return Match(higher, lower, tuple(diffs))


def _results(jobs: Sequence[tuple[int, int, int, str, int, bool]], workers: int
             ) -> Iterator[float]:
    """Results in job order (so early stopping is reproducible), in parallel if asked."""
    if workers <= 1:
        for job in jobs:
            yield _play_job(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_job, job) for job in jobs]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def table(matches: Sequence[Match], players: int) -> str:
    """The ladder as a markdown table."""
    unit = "seatings" if players == 3 else "seat-swapped"
    lines = [
        f"| higher | lower | deals ({unit}) | points per hand (higher − lower) "
        "| 95% interval | clear |",
        "|---|---|---|---|---|---|",
    ]
    for m in matches:
        lo, hi = m.mean - m.half_width, m.mean + m.half_width
        verdict = "yes" if m.clear and m.mean > 0 else ("worse" if m.clear else "not yet")
        lines.append(f"| {m.higher} | {m.lower} | {m.deals} | {m.mean:+.2f} "
                     f"| {lo:+.2f} to {hi:+.2f} | {verdict} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.ladder", description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="most deals per pair")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    parser.add_argument("--small", action="store_true",
                        help="a quick smoke run for CI: 4 deals a pair, a tiny level-4 budget")
    parser.add_argument("--levels", default=",".join(str(k) for k in sorted(LEVELS)),
                        help="levels to compare, each against the next (e.g. 1,2,3,4)")
    parser.add_argument("--rules", default="classic", help="rules, e.g. 'royal' or 'classic "
                        "sweeps=off'")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--fixed", action="store_true",
                        help="play all --games deals, no early stop (for a steadier estimate)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes (default: every core; 1 in --small)")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.replace(" ", "").split(",") if x]
    unknown = [lv for lv in levels if lv not in LEVELS]
    if len(levels) < 2 or unknown:
        parser.error(f"--levels needs two or more of {sorted(LEVELS)}")
    games = min(args.games, 4) if args.small else args.games
    workers = args.workers or (1 if args.small else _cores())
    rules = Rules.parse(args.rules)
    matches = []
    for lower, higher in itertools.pairwise(levels):
        match = run_pair(higher, lower, games=games, seed=args.seed, rules=rules,
                         players=args.players, small=args.small, workers=workers,
                         early_stop=not args.fixed)
        lo, hi = match.mean - match.half_width, match.mean + match.half_width
        print(f"level {higher} vs level {lower}: {match.mean:+.2f} points per hand "
              f"(95% interval {lo:+.2f} to {hi:+.2f}) over {match.deals} deals", flush=True)
        matches.append(match)
    print()
    print(f"Rules: {rules.text}; {args.players} players; each deal played in every seating.")
    print()
    print(table(matches, args.players))
    return 0


def _cores() -> int:
    import os

    return max(1, os.cpu_count() or 1)


if __name__ == "__main__":
    sys.exit(main())
