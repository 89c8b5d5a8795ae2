"""Glicko-2 ratings for learners and puzzles, and each learner's best puzzle streak.

Revision ID: 0008
Revises: 0007

Three new tables (services/rating_tables.py): `learner_glicko` (a learner's rating
deviation and volatility; the rating stays in `learners.rating`), `puzzle_ratings`
(each puzzle's rating from rated first tries) and `puzzle_streaks` (the best run in
the Puzzle streak mode). Nothing existing changes: an older database upgrades by
adding them, and a learner without a row starts with the widest deviation.
Downgrading drops them with what they held.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")


def _learner() -> sa.Column[int]:
    return sa.Column("learner_id", sa.Integer,
                     sa.ForeignKey("learners.id", ondelete="CASCADE"),
                     primary_key=True, autoincrement=False, nullable=False)


def upgrade() -> None:
    op.create_table(
        "learner_glicko", _learner(),
        sa.Column("rd", _TIME, nullable=False),
        sa.Column("volatility", _TIME, nullable=False))
    op.create_table(
        "puzzle_ratings",
        sa.Column("puzzle_id", sa.Text, primary_key=True),
        sa.Column("rating", _TIME, nullable=False),
        sa.Column("rd", _TIME, nullable=False),
        sa.Column("volatility", _TIME, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", _TIME, nullable=False))
    op.create_table(
        "puzzle_streaks", _learner(),
        sa.Column("best", sa.Integer, nullable=False),
        sa.Column("updated", _TIME, nullable=False))


def downgrade() -> None:
    op.drop_table("puzzle_streaks")
    op.drop_table("puzzle_ratings")
    op.drop_table("learner_glicko")
