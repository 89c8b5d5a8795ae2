"""How good a model's predictions of right and wrong tries are: AUC and calibration.

Shared by the practice simulation (practice_sim.py) and the run through the app's own
controller (practice_drive.py), which practice_sim.py drives; kept apart so neither
imports the other for them.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def auc(pairs: Sequence[tuple[float, bool]]) -> float:
    """The chance a right try was predicted higher than a wrong one (ties count half)."""
    ranked = sorted(pairs, key=lambda p: p[0])
    positives = sum(1 for _, y in ranked if y)
    negatives = len(ranked) - positives
    if not positives or not negatives:
        return float("nan")
    rank_sum, i = 0.0, 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        mean_rank = (i + j + 1) / 2  # ranks i+1..j
        rank_sum += mean_rank * sum(1 for _, y in ranked[i:j] if y)
        i = j
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def calibration(pairs: Sequence[tuple[float, bool]], bins: int = 10
                ) -> tuple[float, list[tuple[float, float, int]]]:
    """Expected calibration error, and per bin (mean predicted, share right, tries)."""
    table: list[tuple[float, float, int]] = []
    error = 0.0
    for b in range(bins):
        inside = [(p, y) for p, y in pairs if b / bins <= p < (b + 1) / bins
                  or (b == bins - 1 and p == 1.0)]
        if not inside:
            continue
        predicted = statistics.fmean(p for p, _ in inside)
        actual = statistics.fmean(1.0 if y else 0.0 for _, y in inside)
        table.append((predicted, actual, len(inside)))
        error += len(inside) * abs(predicted - actual)
    return error / max(1, len(pairs)), table
