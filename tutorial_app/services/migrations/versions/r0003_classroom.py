"""Teachers, classes and their join codes, live questions and answers, homework, and
the attempt log.

Revision ID: 0003
Revises: 0002

Only new tables: nothing existing changes, so an older database upgrades by adding
them, and downgrading drops them (with what they held). The types are those of
services/tables.py as this revision was written (a migration keeps doing what it did).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")
_BIG = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _ref(column: str, table: str, primary_key: bool = False) -> sa.Column[int]:
    return sa.Column(column, sa.Integer, sa.ForeignKey(f"{table}.id", ondelete="CASCADE"),
                     primary_key=primary_key, autoincrement=False, nullable=False)


def upgrade() -> None:
    op.create_table(
        "teachers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_key", sa.Text, nullable=False),
        sa.Column("password", sa.Text, nullable=False),
        sa.Column("created", _TIME, nullable=False))
    op.create_index("ix_teachers_name_key", "teachers", ["name_key"], unique=True)
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("teacher_id", sa.Integer, sa.ForeignKey("teachers.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("created", _TIME, nullable=False))
    op.create_index("ix_classes_code", "classes", ["code"], unique=True)
    op.create_table(
        "class_members",
        _ref("class_id", "classes", primary_key=True),
        _ref("learner_id", "learners", primary_key=True),
        sa.Column("joined", _TIME, nullable=False))
    op.create_index("ix_class_members_learner", "class_members", ["learner_id"])
    op.create_table(
        "live_sessions",
        _ref("class_id", "classes", primary_key=True),
        sa.Column("active", sa.Integer, nullable=False),
        sa.Column("question", sa.Integer, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("ref", sa.Text, nullable=False),
        sa.Column("open", sa.Integer, nullable=False),
        sa.Column("shown", sa.Integer, nullable=False),
        sa.Column("names", sa.Integer, nullable=False),
        sa.Column("updated", _TIME, nullable=False))
    op.create_table(
        "live_answers",
        _ref("class_id", "classes", primary_key=True),
        sa.Column("question", sa.Integer, primary_key=True, autoincrement=False),
        _ref("learner_id", "learners", primary_key=True),
        sa.Column("move", sa.Text, nullable=False),
        sa.Column("verdict", sa.Text, nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", _TIME, nullable=False))
    op.create_table(
        "homework",
        sa.Column("id", sa.Integer, primary_key=True),
        _ref("class_id", "classes"),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("tasks", sa.Text, nullable=False),
        sa.Column("due", _TIME, nullable=True),
        sa.Column("created", _TIME, nullable=False))
    op.create_index("ix_homework_class", "homework", ["class_id"])
    op.create_table(
        "attempts",
        sa.Column("id", _BIG, primary_key=True),
        _ref("learner_id", "learners"),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("ref", sa.Text, nullable=False),
        sa.Column("move", sa.Text, nullable=False),
        sa.Column("verdict", sa.Text, nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("at", _TIME, nullable=False))
    op.create_index("ix_attempts_learner", "attempts", ["learner_id", "id"])


def downgrade() -> None:
    for table in ("attempts", "homework", "live_answers", "live_sessions", "class_members",
                  "classes", "teachers"):
        op.drop_table(table)
