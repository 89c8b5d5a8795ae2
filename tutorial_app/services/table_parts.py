"""What every module declaring tables of the progress store shares: the one MetaData,
the column types that mean the same on SQLite and PostgreSQL, and the learner column.

Its own module, below tables.py and the `*_tables.py` modules, so that tables.py can
import them (to gather every table on `metadata`) without a circle of imports.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import BigInteger, Column, Double, ForeignKey, Integer, MetaData
from sqlalchemy.dialects.sqlite import REAL
from sqlalchemy.types import TypeEngine

metadata: Final = MetaData()

# 64 bits on PostgreSQL; INTEGER in SQLite, where that is 64 bits already (and the rowid).
BIG: Final = BigInteger().with_variant(Integer(), "sqlite")
# Unix seconds: double precision on PostgreSQL, REAL (the same 8 bytes) in SQLite.
TIME: Final[TypeEngine[float]] = Double[float]().with_variant(REAL(), "sqlite")


def learner_column(primary_key: bool = False) -> Column[int]:
    """The learner a row belongs to, deleted with them."""
    return Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"),
                  primary_key=primary_key, autoincrement=False, nullable=False)
