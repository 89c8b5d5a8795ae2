"""Known browsers and limits that do not forget: the device cookies of issue 31.

Revision ID: 0010
Revises: 0009

- new table `known_devices` (services/known_devices.py): a browser that has signed
  in rightly as an account before (a learner or a teacher) keeps a long-lived cookie;
  the store keeps only its token's SHA-256, one row per (token, kind, owner), so one
  shared phone is known for several children. A try from a browser known for the
  account is judged by that pair's own count, never by the account's lock.
- `sign_in_limits` gets `strikes` (wrong tries since `since`, which neither time, a
  right answer nor a teacher's "Lift" forgets: what escalates and ends a guesser's
  budget) and `since` (when this count began: a new secret or password starts it
  afresh). The rows already there keep their count as strikes.

Downgrading drops the table and the two columns.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "known_devices",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("owner", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("created", _TIME, nullable=False),
        sa.Column("used", _TIME, nullable=False),
        sa.Column("expires", _TIME, nullable=False))
    op.create_index("ix_known_devices_owner", "known_devices", ["kind", "owner"])
    op.add_column("sign_in_limits", sa.Column("strikes", sa.Integer, nullable=False,
                                              server_default="0"))
    op.add_column("sign_in_limits", sa.Column("since", _TIME, nullable=False,
                                              server_default="0"))
    limits = sa.table("sign_in_limits", sa.column("failures", sa.Integer),
                      sa.column("strikes", sa.Integer), sa.column("last_failure", sa.Double),
                      sa.column("since", sa.Double))
    op.execute(limits.update().values(strikes=limits.c.failures, since=limits.c.last_failure))


def downgrade() -> None:
    with op.batch_alter_table("sign_in_limits") as batch:  # SQLite drops by a rebuild
        batch.drop_column("since")
        batch.drop_column("strikes")
    op.drop_index("ix_known_devices_owner", "known_devices")
    op.drop_table("known_devices")
