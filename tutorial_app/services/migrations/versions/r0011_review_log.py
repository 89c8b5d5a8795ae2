"""The review log kept, and the models' parameters fitted to it (issue 32).

Revision ID: 0011
Revises: 0010

- new table `practice_log` (services/practice_tables.py): every review of a task's
  FSRS card, which `practice_store.feed` used to fold into `practice_reviews` and
  discard: learner, task, the review's number, rating, time, days since the previous
  review, the card's stability and difficulty before and after. Reviews made before
  this revision are gone (only their last card is kept): the log starts empty.
- new table `model_params`: the BKT and FSRS parameters fitted to the store's own
  attempts (course/practice/fit.py), one JSON row per model; none until a fit is written.

Downgrading drops both.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "practice_log",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False, nullable=False),
        sa.Column("task", sa.Text, primary_key=True),
        sa.Column("review", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("at", _TIME, nullable=False),
        sa.Column("elapsed_days", _TIME, nullable=True),
        sa.Column("stability_before", _TIME, nullable=True),
        sa.Column("difficulty_before", _TIME, nullable=True),
        sa.Column("stability_after", _TIME, nullable=False),
        sa.Column("difficulty_after", _TIME, nullable=False))
    op.create_table(
        "model_params",
        sa.Column("name", sa.Text, primary_key=True),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("fitted", _TIME, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("learners", sa.Integer, nullable=False))


def downgrade() -> None:
    op.drop_table("model_params")
    op.drop_table("practice_log")
