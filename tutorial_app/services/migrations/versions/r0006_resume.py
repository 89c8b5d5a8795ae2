"""What a reload must not lose: the teacher's projector and a learner's unsolved work.

Revision ID: 0006
Revises: 0005

Two new tables (services/resume_tables.py): `projector_views`, the Classroom as each
teacher last drew it (class, projector mode, the step or puzzle or position on the
screen), and `open_work`, the hints and wrong tries of a step or puzzle not solved yet.
Nothing existing changes: an older database upgrades by adding them, and downgrading
drops them with what they held (a reload then starts those screens afresh).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "projector_views",
        sa.Column("teacher_id", sa.Integer, sa.ForeignKey("teachers.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False, nullable=False),
        sa.Column("class_id", sa.Integer, nullable=True),
        sa.Column("projector", sa.Integer, nullable=False),
        sa.Column("mode", sa.Text, nullable=False),
        sa.Column("item", sa.Text, nullable=False),
        sa.Column("step", sa.Text, nullable=False),
        sa.Column("updated", _TIME, nullable=False))
    op.create_table(
        "open_work",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False, nullable=False),
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("ref", sa.Text, primary_key=True),
        sa.Column("wrong", sa.Integer, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("updated", _TIME, nullable=False))


def downgrade() -> None:
    op.drop_table("open_work")
    op.drop_table("projector_views")
