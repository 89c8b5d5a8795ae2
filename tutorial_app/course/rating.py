"""An Elo-like puzzle rating for a learner (plain Python, no Streamlit).

Each puzzle has a rating derived from its difficulty (1-5). A solved puzzle
counts as a win against it, a failed one as a loss; the learner's rating moves
by K * (score - expected). New learners move faster (a larger K for their
first rated puzzles), as on the big chess sites. An attempt that used a hint
is unrated and changes nothing; the caller decides that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

START: Final = 1200.0
FLOOR: Final = 400.0
PROVISIONAL_GAMES: Final = 20
K_PROVISIONAL: Final = 40.0
K_STABLE: Final = 20.0


def puzzle_rating(difficulty: int) -> float:
    """1 -> 900, 2 -> 1100, 3 -> 1300, 4 -> 1500, 5 -> 1700."""
    level = min(max(int(difficulty), 1), 5)
    return 700.0 + 200.0 * level


def expected_score(rating: float, opponent: float) -> float:
    """The chance of solving, by the Elo formula."""
    return float(1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0)))


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


def update(rating: float, rated_games: int, difficulty: int, solved: bool) -> RatingChange:
    """The learner's new rating after one rated puzzle."""
    k = K_PROVISIONAL if rated_games < PROVISIONAL_GAMES else K_STABLE
    expected = expected_score(rating, puzzle_rating(difficulty))
    after = rating + k * ((1.0 if solved else 0.0) - expected)
    return RatingChange(rating, max(FLOOR, round(after, 1)))
