"""Practice that adapts: the task of every try, and each task's spaced review.

Revision ID: 0007
Revises: 0006

A nullable `task` column on `attempts` (`step:lesson/step` or `puzzle:id`): a live
answer's ref names the class's question, which is put up and gone, so the task it was
about is kept with the try when it is made. Tries already logged get theirs from their
kind and ref; old live answers keep NULL (their question is gone).

A nullable `learners` column on `homework`: practice on a weak skill may be set for
the learners who need it rather than the whole class (NULL: the whole class, as all
homework set before).

A new table (services/practice_tables.py), `practice_reviews`: per learner and task,
the FSRS card of its spaced review. Downgrading drops all three (the attempt log itself
is kept whole; homework set for some learners then goes to the whole class).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")


def upgrade() -> None:
    op.add_column("attempts", sa.Column("task", sa.Text, nullable=True))
    op.execute("UPDATE attempts SET task = kind || ':' || ref "
               "WHERE kind IN ('step', 'puzzle') AND ref <> ''")
    op.add_column("homework", sa.Column("learners", sa.Text, nullable=True))
    op.create_table(
        "practice_reviews",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False, nullable=False),
        sa.Column("task", sa.Text, primary_key=True),
        sa.Column("card", sa.Text, nullable=True),
        sa.Column("due", _TIME, nullable=True),
        sa.Column("pending", sa.Integer, nullable=False),
        sa.Column("reviews", sa.Integer, nullable=False),
        sa.Column("lapses", sa.Integer, nullable=False),
        sa.Column("updated", _TIME, nullable=False))
    op.create_index("ix_practice_reviews_due", "practice_reviews", ["learner_id", "due"])


def downgrade() -> None:
    op.drop_index("ix_practice_reviews_due", "practice_reviews")
    op.drop_table("practice_reviews")
    with op.batch_alter_table("homework") as batch:  # SQLite drops a column by a rebuild
        batch.drop_column("learners")
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("task")
