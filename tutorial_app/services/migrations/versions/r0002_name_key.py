"""Learner names compared by a stored key, the same on both engines; an index for the
puzzle log.

Revision ID: 0002
Revises: 0001

A learner is found by name in any case. SQLite did that with COLLATE NOCASE, which
folds only A-Z (so "Émile" and "ÉMILE" were two learners) and which PostgreSQL does
not have. Now each learner has a `name_key`: the name trimmed to single spaces,
NFKC-normalised and case-folded, with a unique index. The store computes the key
the same way (`store.name_key`; a test checks the two agree), and creating a
learner is one INSERT ... ON CONFLICT on that index, safe between processes.

Existing names whose keys collide (only possible for names differing in the case of
non-ASCII letters, which NOCASE kept apart) are all kept: the oldest learner gets
the plain key, the others the key plus a line break and their id, which no typed
name can produce (clean_name refuses control characters). Such a learner is still
offered on the welcome screen and in the class list. Nothing is deleted.

SQLite cannot drop a column constraint in place, so the learners table is rebuilt
(SQLite's documented procedure: new table, copy, drop, rename), with foreign keys
off so that dropping the old table cascades nowhere; db.migrating guarantees that.
"""

from __future__ import annotations

import logging
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

log = logging.getLogger("tutorial_app.services.migrations")


def key(name: str) -> str:
    """store.name_key as it was when this revision was written (a migration must keep
    doing what it did, whatever the store does later)."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def _keys(bind: sa.Connection) -> dict[int, str]:
    keys: dict[int, str] = {}
    taken: set[str] = set()
    for learner_id, name in bind.execute(sa.text("SELECT id, name FROM learners ORDER BY id")):
        wanted = key(str(name))
        if wanted in taken:
            log.warning("learner %s %r has the same name as an older learner once case is "
                        "ignored; kept apart by their id", learner_id, name)
            wanted = f"{wanted}\n{learner_id}"
        taken.add(wanted)
        keys[int(learner_id)] = wanted
    return keys


def upgrade() -> None:
    bind = op.get_bind()
    keys = _keys(bind)
    if bind.dialect.name == "sqlite":
        if bind.exec_driver_sql("PRAGMA foreign_keys").scalar():
            raise RuntimeError("rebuilding learners needs foreign keys off (run migrations "
                               "through tutorial_app.services.db)")
        op.execute("""CREATE TABLE learners_new (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    created REAL NOT NULL,
    rating REAL NOT NULL DEFAULT 1200,
    rated_games INTEGER NOT NULL DEFAULT 0
)""")
        op.execute("INSERT INTO learners_new (id, name, name_key, created, rating, "
                   "rated_games) SELECT id, name, CAST(id AS TEXT), created, rating, "
                   "rated_games FROM learners")
        op.execute("DROP TABLE learners")
        op.execute("ALTER TABLE learners_new RENAME TO learners")
    else:
        op.drop_constraint("learners_name_key", "learners", type_="unique")
        op.add_column("learners", sa.Column("name_key", sa.Text, nullable=True))
    if keys:
        bind.execute(sa.text("UPDATE learners SET name_key = :key WHERE id = :id"),
                     [{"key": k, "id": i} for i, k in keys.items()])
    if bind.dialect.name != "sqlite":
        op.alter_column("learners", "name_key", nullable=False)
    op.create_index("ix_learners_name_key", "learners", ["name_key"], unique=True)
    op.create_index("ix_puzzle_log_learner", "puzzle_log", ["learner_id", "id"])
    if bind.dialect.name == "sqlite":
        broken = bind.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise RuntimeError(f"foreign keys broken by the rebuild: {broken[:5]}")


def downgrade() -> None:
    bind = op.get_bind()
    op.drop_index("ix_puzzle_log_learner", "puzzle_log")
    op.drop_index("ix_learners_name_key", "learners")
    if bind.dialect.name == "sqlite":
        op.execute("""CREATE TABLE learners_old (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created REAL NOT NULL,
    rating REAL NOT NULL DEFAULT 1200,
    rated_games INTEGER NOT NULL DEFAULT 0
)""")
        op.execute("INSERT INTO learners_old (id, name, created, rating, rated_games) "
                   "SELECT id, name, created, rating, rated_games FROM learners")
        op.execute("DROP TABLE learners")
        op.execute("ALTER TABLE learners_old RENAME TO learners")
        return
    op.drop_column("learners", "name_key")
    op.create_unique_constraint("learners_name_key", "learners", ["name"])
