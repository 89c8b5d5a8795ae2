"""The rating scale shared by learners and puzzles (plain Python, no Streamlit).

A learner starts at START; a puzzle with no rated attempts yet starts from its
difficulty label (`puzzle_rating`). Ratings then move by Glicko-2 (course/puzzles/glicko.py,
services/ratings.py) after each rated attempt: a first try made without a hint.
`RatingChange` is the move the learner is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

START: Final = 1200.0
FLOOR: Final = 400.0


def puzzle_rating(difficulty: int) -> float:
    """1 -> 900, 2 -> 1100, 3 -> 1300, 4 -> 1500, 5 -> 1700."""
    level = min(max(int(difficulty), 1), 5)
    return 700.0 + 200.0 * level


@dataclass(frozen=True, slots=True)
class RatingChange:
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before

    @property
    def text(self) -> str:
        """E.g. ``1200 → 1218 (+18)``."""
        sign = "+" if self.delta >= 0 else "−"
        return f"{self.before:.0f} → {self.after:.0f} ({sign}{abs(self.delta):.0f})"
