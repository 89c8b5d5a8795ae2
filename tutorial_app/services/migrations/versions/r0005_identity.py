"""Who is who: look-alike names, learners' secrets, signed-in browsers kept hashed,
teachers' sessions, cookie tickets and the limits on wrong tries.

Revision ID: 0005
Revises: 0004

- learners get `name_skeleton` (what the name looks like, services/names.skeleton)
  and `clash`, unique together: a new learner can never take a name that looks like
  another's. Learners whose names already looked alike are all kept, not merged: the
  oldest of each look keeps clash 0, every other gets its own id as `clash`, and the
  Classroom (and `python -m tutorial_app.admin look-alikes`) reports them so the
  teacher renames one.
- devices: the remembered browsers' tokens were kept in clear without an end; now a
  row keeps only the SHA-256 of its token, with when it was used and when it expires.
  The tokens already in browsers keep working (their hash is taken here) for
  `DEVICE_DAYS` days. Downgrading cannot give the tokens back: the browsers then
  sign in again.
- new tables: learner_secrets, teacher_sessions, cookie_tickets, sign_in_limits (see
  services/tables.py).

The skeleton is computed by the app's own function, as it is when this revision runs;
a later change to that function needs a revision that recomputes the column.
"""

from __future__ import annotations

import hashlib
import time

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

from tutorial_app.services import names

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

DEVICE_DAYS = 30
_TIME: sa.types.TypeEngine[float] = sa.Double[float]().with_variant(REAL(), "sqlite")


def _device_columns() -> list[sa.Column[object]]:
    return [sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("token_hash", sa.Text, nullable=True),
            sa.Column("previous_hash", sa.Text, nullable=True),
            sa.Column("previous_until", _TIME, nullable=True),
            sa.Column("created", _TIME, nullable=False),
            sa.Column("used", _TIME, nullable=False),
            sa.Column("expires", _TIME, nullable=False)]


def _learner_ref(primary_key: bool = False) -> sa.Column[int]:
    return sa.Column("learner_id", sa.Integer,
                     sa.ForeignKey("learners.id", ondelete="CASCADE"),
                     primary_key=primary_key, autoincrement=False, nullable=False)


def _skeletons(connection: sa.Connection) -> None:
    """Every learner's skeleton; the second and later learners of one look get their id
    as `clash` (reported, not merged)."""
    learners = sa.table("learners", sa.column("id", sa.Integer), sa.column("name", sa.Text),
                        sa.column("name_skeleton", sa.Text), sa.column("clash", sa.Integer))
    seen: set[str] = set()
    rows = connection.execute(sa.select(learners.c.id, learners.c.name)
                              .order_by(learners.c.id)).all()
    for learner_id, name in rows:
        shape = names.skeleton(str(name))
        clash = 0 if shape not in seen else int(learner_id)
        seen.add(shape)
        connection.execute(sa.update(learners).where(learners.c.id == learner_id)
                           .values(name_skeleton=shape, clash=clash))


def _hashed_devices(connection: sa.Connection) -> None:
    old = sa.table("devices_before", sa.column("token", sa.Text),
                   sa.column("learner_id", sa.Integer), sa.column("created", sa.Double))
    new = sa.table("devices", sa.column("token_hash", sa.Text),
                   sa.column("learner_id", sa.Integer), sa.column("created", sa.Double),
                   sa.column("used", sa.Double), sa.column("expires", sa.Double))
    until = time.time() + DEVICE_DAYS * 86400
    for token, learner_id, created in connection.execute(
            sa.select(old.c.token, old.c.learner_id, old.c.created)).all():
        connection.execute(new.insert().values(
            token_hash=hashlib.sha256(str(token).encode()).hexdigest(),
            learner_id=learner_id, created=created, used=created, expires=until))


def upgrade() -> None:
    connection = op.get_bind()
    op.add_column("learners", sa.Column("name_skeleton", sa.Text, nullable=False,
                                        server_default=""))
    op.add_column("learners", sa.Column("clash", sa.Integer, nullable=False,
                                        server_default="0"))
    _skeletons(connection)
    op.create_index("ix_learners_skeleton", "learners", ["name_skeleton", "clash"],
                    unique=True)

    op.rename_table("devices", "devices_before")
    op.create_table("devices", *_device_columns(), _learner_ref())
    _hashed_devices(connection)
    op.drop_table("devices_before")
    op.create_index("ix_devices_token", "devices", ["token_hash"], unique=True)
    op.create_index("ix_devices_previous", "devices", ["previous_hash"])
    op.create_index("ix_devices_learner", "devices", ["learner_id"])

    op.create_table(
        "learner_secrets",
        _learner_ref(primary_key=True),
        sa.Column("pictures", sa.Text, nullable=False),
        sa.Column("card_key", sa.Text, nullable=False),
        sa.Column("created", _TIME, nullable=False))
    op.create_index("ix_learner_secrets_card", "learner_secrets", ["card_key"], unique=True)
    op.create_table(
        "teacher_sessions",
        *_device_columns(),
        sa.Column("teacher_id", sa.Integer, sa.ForeignKey("teachers.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("agent", sa.Text, nullable=False),
        sa.Column("address", sa.Text, nullable=False))
    op.create_index("ix_teacher_sessions_token", "teacher_sessions", ["token_hash"],
                    unique=True)
    op.create_index("ix_teacher_sessions_previous", "teacher_sessions", ["previous_hash"])
    op.create_index("ix_teacher_sessions_teacher", "teacher_sessions", ["teacher_id"])
    op.create_table(
        "cookie_tickets",
        sa.Column("ticket_hash", sa.Text, primary_key=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("session_id", sa.Integer, nullable=False),
        sa.Column("expires", _TIME, nullable=False))
    op.create_table(
        "sign_in_limits",
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("scope", sa.Text, primary_key=True),
        sa.Column("subject", sa.Text, primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("last_failure", _TIME, nullable=False),
        sa.Column("locked_until", _TIME, nullable=False),
        sa.Column("last_address", sa.Text, nullable=False))


def downgrade() -> None:
    for table in ("sign_in_limits", "cookie_tickets", "teacher_sessions", "learner_secrets"):
        op.drop_table(table)
    op.drop_table("devices")
    op.create_table(
        "devices",
        sa.Column("token", sa.Text, primary_key=True),
        _learner_ref(),
        sa.Column("created", _TIME, nullable=False))
    op.drop_index("ix_learners_skeleton", "learners")
    with op.batch_alter_table("learners") as batch:  # SQLite drops a column by a rebuild
        batch.drop_column("clash")
        batch.drop_column("name_skeleton")
