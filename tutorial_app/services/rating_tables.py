"""The tables of Glicko-2 ratings and puzzle streaks, on the store's one MetaData
(services/tables.py imports this module, so the migrations test,
`copy_store` and the queries all see them).

- `learner_glicko`: a learner's rating deviation and volatility. The rating itself
  stays in `learners.rating`, where every page already reads it; a learner with no
  row here has not played a rated puzzle since ratings became Glicko-2 and starts
  with the widest deviation.
- `puzzle_ratings`: each puzzle's own rating, moved only by rated first tries (a
  learner's solve is the puzzle's loss). A puzzle with no row yet starts from its
  difficulty label (course/puzzles/rating.py `puzzle_rating`).
- `puzzle_streaks`: each learner's best run in the Puzzle streak mode.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Column, Integer, Table, Text

from tutorial_app.services.table_parts import TIME, learner_column, metadata

learner_glicko: Final = Table(
    "learner_glicko", metadata,
    learner_column(primary_key=True),
    Column("rd", TIME, nullable=False),
    Column("volatility", TIME, nullable=False),
)

puzzle_ratings: Final = Table(
    "puzzle_ratings", metadata,
    Column("puzzle_id", Text, primary_key=True),
    Column("rating", TIME, nullable=False),
    Column("rd", TIME, nullable=False),
    Column("volatility", TIME, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", TIME, nullable=False),
)

puzzle_streaks: Final = Table(
    "puzzle_streaks", metadata,
    learner_column(primary_key=True),
    Column("best", Integer, nullable=False),
    Column("updated", TIME, nullable=False),
)
