"""The baseline: the schema the progress store had before migrations were versioned.

Revision ID: 0001
Revises: (none)

On SQLite these are the statements the store ran on every start until then, word
for word (CREATE TABLE IF NOT EXISTS, then the kept game's revision column added if
missing). So this revision is harmless on a file made by any earlier version: it
adds what an older file lacks and leaves the rest, which is how such a file is
adopted (stamped at the baseline) and then upgraded like any other.

PostgreSQL never ran the old code, so it gets the same tables declared afresh, with
the nearest types: SERIAL ids, double precision times, BIGINT for the 62-bit game
revision and the puzzle log's id. The one thing it cannot copy is COLLATE NOCASE on
the learner's name; revision 0002 replaces that on both engines.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# tutorial_app/store.py's _SCHEMA, as it last was before Alembic (one statement each).
SQLITE_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS learners (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created REAL NOT NULL,
    rating REAL NOT NULL DEFAULT 1200,
    rated_games INTEGER NOT NULL DEFAULT 0
)""",
    """CREATE TABLE IF NOT EXISTS steps (
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    lesson_id TEXT NOT NULL,
    step_id TEXT NOT NULL,
    stars INTEGER NOT NULL,
    wrong INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (learner_id, lesson_id, step_id)
)""",
    """CREATE TABLE IF NOT EXISTS lessons (
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    lesson_id TEXT NOT NULL,
    stars INTEGER NOT NULL,
    completed REAL NOT NULL,
    PRIMARY KEY (learner_id, lesson_id)
)""",
    """CREATE TABLE IF NOT EXISTS puzzles (
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    puzzle_id TEXT NOT NULL,
    solved INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (learner_id, puzzle_id)
)""",
    """CREATE TABLE IF NOT EXISTS puzzle_log (
    id INTEGER PRIMARY KEY,
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    puzzle_id TEXT NOT NULL,
    solved INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    at REAL NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS devices (
    token TEXT PRIMARY KEY,
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    created REAL NOT NULL
)""",
    """CREATE TABLE IF NOT EXISTS games (
    learner_id INTEGER PRIMARY KEY REFERENCES learners(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0
)""",
    """CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
)""",
)

TABLES = ("learners", "steps", "lessons", "puzzles", "puzzle_log", "devices", "games",
          "settings")


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for statement in SQLITE_SCHEMA:
            op.execute(statement)
        columns = {row[1] for row in bind.exec_driver_sql("PRAGMA table_info(games)")}
        if "revision" not in columns:  # a file from before revisions were kept
            op.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
        return
    _create_postgresql()


def _learner(primary_key: bool = False) -> sa.Column[int]:
    return sa.Column("learner_id", sa.Integer,
                     sa.ForeignKey("learners.id", ondelete="CASCADE"),
                     primary_key=primary_key, autoincrement=False, nullable=False)


def _create_postgresql() -> None:
    time = sa.Double
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("created", time, nullable=False),
        sa.Column("rating", time, nullable=False, server_default="1200"),
        sa.Column("rated_games", sa.Integer, nullable=False, server_default="0"),
        sa.UniqueConstraint("name", name="learners_name_key"),
    )
    op.create_table(
        "steps",
        _learner(primary_key=True),
        sa.Column("lesson_id", sa.Text, primary_key=True),
        sa.Column("step_id", sa.Text, primary_key=True),
        sa.Column("stars", sa.Integer, nullable=False),
        sa.Column("wrong", sa.Integer, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("updated", time, nullable=False),
    )
    op.create_table(
        "lessons",
        _learner(primary_key=True),
        sa.Column("lesson_id", sa.Text, primary_key=True),
        sa.Column("stars", sa.Integer, nullable=False),
        sa.Column("completed", time, nullable=False),
    )
    op.create_table(
        "puzzles",
        _learner(primary_key=True),
        sa.Column("puzzle_id", sa.Text, primary_key=True),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("updated", time, nullable=False),
    )
    op.create_table(
        "puzzle_log",
        sa.Column("id", sa.BigInteger, primary_key=True),
        _learner(),
        sa.Column("puzzle_id", sa.Text, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("rating_before", time, nullable=False),
        sa.Column("rating_after", time, nullable=False),
        sa.Column("at", time, nullable=False),
    )
    op.create_table(
        "devices",
        sa.Column("token", sa.Text, primary_key=True),
        _learner(),
        sa.Column("created", time, nullable=False),
    )
    op.create_table(
        "games",
        _learner(primary_key=True),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("updated", time, nullable=False),
        sa.Column("revision", sa.BigInteger, nullable=False, server_default="0"),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in reversed(TABLES):
        op.drop_table(table)
