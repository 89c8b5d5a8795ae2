"""${message}

Revision ID: ${up_revision}
Revises: ${down_revision | comma,n}
Create Date: ${create_date}

Rename this file rNNNN_<what>.py and its revision to the next number. A revision
runs inside one transaction on SQLite and on PostgreSQL (see services/db.py), on
SQLite with foreign keys off; change services/tables.py to match, and the test
tests/services/test_store_migrations.py checks that the two agree on both engines.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
${imports if imports else ""}

revision = ${repr(up_revision)}
down_revision = ${repr(down_revision)}
branch_labels = None
depends_on = None


def upgrade() -> None:
    ${upgrades if upgrades else "pass"}


def downgrade() -> None:
    ${downgrades if downgrades else "pass"}
