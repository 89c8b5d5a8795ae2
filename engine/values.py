"""Small arithmetic of Cassino: splitting cards into groups of a value, and the
controller's duty as a matching problem (docs/rules.md 7.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.errors import TooMuchWorkError
from engine.limits import MAX_SPLIT_STEPS
from engine.rules import Rules

if TYPE_CHECKING:  # position.py asks this module; a build is only named here
    from engine.position import Build


def split_into_groups(values: Sequence[int], target: int) -> list[list[int]] | None:
    """Indices of `values` split into groups each summing to `target`, or None.

    Used for explanations and validation, on a handful of cards, so a plain
    backtracking search is clear and fast enough; a search of more than
    MAX_SPLIT_STEPS steps (engine/limits.py), possible only with dozens of
    small cards in one build, raises TooMuchWorkError.
    """
    if target <= 0 or sum(values) % target or not values:
        return None
    order = sorted(range(len(values)), key=lambda i: -values[i])
    groups: list[list[int]] = []
    used = [False] * len(values)
    steps = [0]

    def fill(current: list[int], remaining: int, start: int) -> bool:
        steps[0] += 1
        if steps[0] > MAX_SPLIT_STEPS:
            raise TooMuchWorkError(
                f"splitting {len(values)} cards into groups of {target} takes more than the "
                f"{MAX_SPLIT_STEPS:,} steps one request may use (engine/limits.py "
                "MAX_SPLIT_STEPS)", steps[0], MAX_SPLIT_STEPS)
        if remaining == 0:
            groups.append(current)
            if place_next():
                return True
            groups.pop()
            return False
        for pos in range(start, len(order)):
            i = order[pos]
            if not used[i] and values[i] <= remaining:
                used[i] = True
                if fill([*current, i], remaining - values[i], pos + 1):
                    return True
                used[i] = False
        return False

    def place_next() -> bool:
        first = next((i for i in order if not used[i]), None)
        if first is None:
            return True
        used[first] = True
        if fill([first], target - values[first], 0):
            return True
        used[first] = False
        return False

    return groups if place_next() else None


def uncovered_values(builds: Iterable[Build], hand: Sequence[Card], rules: Rules) -> list[int]:
    """Build values the hand cannot cover, one distinct card per distinct value (7.1).

    An empty list means the duty is met. Only an ace under `ace_high` can cover
    two values (1 or 14), so this is a tiny bipartite matching.
    """
    needed = sorted({b.value for b in builds})
    if not needed:
        return []
    options = [set(rules.capture_values(card)) for card in hand]
    assignment: dict[int, int] = {}  # card index -> value

    def augment(value: int, seen: set[int]) -> bool:
        for i, values in enumerate(options):
            if value in values and i not in seen:
                seen.add(i)
                if i not in assignment or augment(assignment[i], seen):
                    assignment[i] = value
                    return True
        return False

    return [value for value in needed if not augment(value, set())]
