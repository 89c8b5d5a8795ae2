"""The progress store's tables as SQLAlchemy Core sees them, at the newest migration.

The queries in store.py are built from these objects, so one text serves SQLite and
PostgreSQL alike. The schema itself is made and changed only by the Alembic
revisions in services/migrations/versions; a test (tests/app/test_store_migrations.py)
compares a migrated database with these declarations on both engines, so the two
cannot drift apart.

Types are chosen to mean the same on both engines: times are Unix seconds as
floating point (REAL in SQLite, double precision in PostgreSQL), flags are 0/1
integers as the first SQLite schema had them, and the kept game's revision is a
62-bit random number, so BIGINT where the engine tells the sizes apart.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import (
    BigInteger,
    Column,
    Double,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
)
from sqlalchemy.dialects.sqlite import REAL
from sqlalchemy.types import TypeEngine

metadata: Final = MetaData()

# 64 bits on PostgreSQL; INTEGER in SQLite, where that is 64 bits already (and the rowid).
_BIG: Final = BigInteger().with_variant(Integer(), "sqlite")
# Unix seconds: double precision on PostgreSQL, REAL (the same 8 bytes) in SQLite.
_TIME: Final[TypeEngine[float]] = Double[float]().with_variant(REAL(), "sqlite")


def _learner(primary_key: bool = False) -> Column[int]:
    return Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"),
                  primary_key=primary_key, autoincrement=False, nullable=False)


learners: Final = Table(
    "learners", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    # The name as compared: trimmed, Unicode-normalised and case-folded (store.name_key),
    # unique on both engines; SQLite's COLLATE NOCASE folded ASCII only.
    Column("name_key", Text, nullable=False),
    Column("created", _TIME, nullable=False),
    Column("rating", _TIME, nullable=False, server_default="1200"),
    Column("rated_games", Integer, nullable=False, server_default="0"),
    Column("language", Text, nullable=True),  # the chosen language tag (issue 12), or NULL
    Index("ix_learners_name_key", "name_key", unique=True),
)

steps: Final = Table(
    "steps", metadata,
    _learner(primary_key=True),
    Column("lesson_id", Text, primary_key=True),
    Column("step_id", Text, primary_key=True),
    Column("stars", Integer, nullable=False),
    Column("wrong", Integer, nullable=False),
    Column("hints", Integer, nullable=False),
    Column("updated", _TIME, nullable=False),
)

lessons: Final = Table(
    "lessons", metadata,
    _learner(primary_key=True),
    Column("lesson_id", Text, primary_key=True),
    Column("stars", Integer, nullable=False),
    Column("completed", _TIME, nullable=False),
)

puzzles: Final = Table(
    "puzzles", metadata,
    _learner(primary_key=True),
    Column("puzzle_id", Text, primary_key=True),
    Column("solved", Integer, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("updated", _TIME, nullable=False),
)

puzzle_log: Final = Table(
    "puzzle_log", metadata,
    Column("id", _BIG, primary_key=True),
    _learner(),
    Column("puzzle_id", Text, nullable=False),
    Column("solved", Integer, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("rating_before", _TIME, nullable=False),
    Column("rating_after", _TIME, nullable=False),
    Column("at", _TIME, nullable=False),
    Index("ix_puzzle_log_learner", "learner_id", "id"),
)

devices: Final = Table(
    "devices", metadata,
    Column("token", Text, primary_key=True),
    _learner(),
    Column("created", _TIME, nullable=False),
)

games: Final = Table(
    "games", metadata,
    _learner(primary_key=True),
    Column("game", Text, nullable=False),
    Column("updated", _TIME, nullable=False),
    Column("revision", _BIG, nullable=False, server_default="0"),
)

settings: Final = Table(
    "settings", metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)
