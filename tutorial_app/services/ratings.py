"""Glicko-2 on the store: one rated first try moves the learner's and the puzzle's
ratings together (course/puzzles/glicko.py), inside the store's write transaction.

The learner's rating stays in `learners.rating` (every page reads it there); its
deviation and volatility, and each puzzle's rating, live in services/rating_tables.py.
The puzzle's row is read locked (PostgreSQL) so two learners finishing the same puzzle
at once both count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from sqlalchemy import Connection, Executable, Table, select

from tutorial_app.course.puzzles import glicko
from tutorial_app.course.puzzles import rating as scale
from tutorial_app.services.rating_tables import learner_glicko, puzzle_ratings

Upsert = Callable[[Table, Mapping[str, Any], Sequence[str], Any], Executable]

PUZZLE_START_RD: Final = 200.0  # a label measured from play is a fair first guess


def learner_glicko_of(con: Connection, learner_id: int, rating: float) -> glicko.Glicko:
    row = con.execute(select(learner_glicko.c.rd, learner_glicko.c.volatility)
                      .where(learner_glicko.c.learner_id == learner_id)).first()
    if row is None:
        return glicko.Glicko(rating)
    return glicko.Glicko(rating, float(row[0]), float(row[1]))


def puzzle_glicko_of(con: Connection, puzzle_id: str, difficulty: int,
                     lock: bool = False) -> tuple[glicko.Glicko, int]:
    """The puzzle's rating and rated games (from its label when it has none yet)."""
    query = select(puzzle_ratings.c.rating, puzzle_ratings.c.rd, puzzle_ratings.c.volatility,
                   puzzle_ratings.c.games).where(puzzle_ratings.c.puzzle_id == puzzle_id)
    row = con.execute(query.with_for_update() if lock else query).first()
    if row is None:
        return glicko.Glicko(scale.puzzle_rating(difficulty), PUZZLE_START_RD), 0
    return glicko.Glicko(float(row[0]), float(row[1]), float(row[2])), int(row[3])


def rate_attempt(con: Connection, upsert: Upsert, learner_id: int, rating: float,
                 puzzle_id: str, difficulty: int, solved: bool, now: float) -> float:
    """Move both ratings by one rated attempt; the learner's new rating (floored)."""
    learner = learner_glicko_of(con, learner_id, rating)
    puzzle, games = puzzle_glicko_of(con, puzzle_id, difficulty, lock=True)
    learner_after, puzzle_after = glicko.game(learner, puzzle, solved)
    con.execute(upsert(learner_glicko, {"learner_id": learner_id, "rd": learner_after.rd,
                                        "volatility": learner_after.volatility},
                       ["learner_id"], lambda new: {"rd": new.rd,
                                                    "volatility": new.volatility}))
    con.execute(upsert(puzzle_ratings, {"puzzle_id": puzzle_id, "rating": puzzle_after.rating,
                                        "rd": puzzle_after.rd,
                                        "volatility": puzzle_after.volatility,
                                        "games": games + 1, "updated": now},
                       ["puzzle_id"], lambda new: {"rating": new.rating, "rd": new.rd,
                                                   "volatility": new.volatility,
                                                   "games": new.games,
                                                   "updated": new.updated}))
    return max(scale.FLOOR, round(learner_after.rating, 1))


def puzzle_ratings_all(con: Connection) -> dict[str, tuple[float, float, int]]:
    """Puzzle id -> (rating, deviation, rated games), for every puzzle rated so far."""
    rows = con.execute(select(puzzle_ratings.c.puzzle_id, puzzle_ratings.c.rating,
                              puzzle_ratings.c.rd, puzzle_ratings.c.games)).all()
    return {str(r[0]): (float(r[1]), float(r[2]), int(r[3])) for r in rows}
