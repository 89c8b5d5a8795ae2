"""Each learner's language, kept with them.

Revision ID: 0004
Revises: 0003

A nullable `language` column on learners: the language tag the learner last chose
("pt-BR", "es", "it", "en"), or NULL when they never chose one (the app then
follows the link's `?lang=` or the browser's language). Adding a nullable column
needs no table rebuild on either engine, and nothing is copied or lost.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("language", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:  # SQLite drops a column by a rebuild
        batch.drop_column("language")
