"""The tables of spaced review (services/practice_store.py), on the store's one MetaData
(services/tables.py imports this module, so the migrations test,
`copy_store` and the queries all see it).

`practice_reviews`: one row per learner and task (`step:lesson/step` or `puzzle:id`),
the task's FSRS card (course/practice/review.py) as JSON and when it is due, the wrong tries
made on it since it was last reviewed (they grade the next review), and how many
reviews and lapses (reviews graded Again) it has had. A row with no card yet is a task
tried but never finished.

`practice_log` (revision 0011): every review, kept, so that FSRS can be refitted to
how this school's learners remember (course/practice/fit.py): whose, which task, its number
among the task's reviews (1 for the first), the rating (1 Again - 4 Easy), when, the
days since the task's previous review (NULL for a first) and the card's stability and
difficulty before (NULL for a first) and after. It is keyed by (learner, task, review
number), not by a serial id, so `copy_store` needs no sequence moved for it.

`model_params` (revision 0011): the parameters fitted to the store's own attempts
(`python -m tutorial_app.tools.fit_model --write`), one row per model ("bkt",
"fsrs"), as JSON, with when and from how many attempts and learners; every replica
reads the same. No row: the textbook values.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Column, Double, Index, Integer, Table, Text
from sqlalchemy.dialects.sqlite import REAL
from sqlalchemy.types import TypeEngine

from tutorial_app.services.table_parts import TIME, learner_column, metadata

# Days, stability and difficulty: stored as times are (REAL / double precision) but not
# times, so nothing that moves a learner's times (a test's clock) moves them.
_NUMBER: Final[TypeEngine[float]] = Double[float]().with_variant(REAL(), "sqlite")

practice_reviews: Final = Table(
    "practice_reviews", metadata,
    learner_column(primary_key=True),
    Column("task", Text, primary_key=True),       # step:lesson/step or puzzle:id
    Column("card", Text, nullable=True),          # the FSRS card (JSON); NULL: never finished
    Column("due", TIME, nullable=True),          # Unix time the card is due
    Column("pending", Integer, nullable=False),   # wrong tries since the last review
    Column("reviews", Integer, nullable=False),
    Column("lapses", Integer, nullable=False),
    Column("updated", TIME, nullable=False),
    Index("ix_practice_reviews_due", "learner_id", "due"),
)

practice_log: Final = Table(
    "practice_log", metadata,
    learner_column(primary_key=True),
    Column("task", Text, primary_key=True),
    Column("review", Integer, primary_key=True, autoincrement=False),  # 1 for the first
    Column("rating", Integer, nullable=False),            # 1 Again, 2 Hard, 3 Good, 4 Easy
    Column("at", TIME, nullable=False),
    Column("elapsed_days", _NUMBER, nullable=True),         # since the previous review
    Column("stability_before", _NUMBER, nullable=True),
    Column("difficulty_before", _NUMBER, nullable=True),
    Column("stability_after", _NUMBER, nullable=False),
    Column("difficulty_after", _NUMBER, nullable=False),
)

model_params: Final = Table(
    "model_params", metadata,
    Column("name", Text, primary_key=True),        # "bkt" or "fsrs"
    Column("params", Text, nullable=False),        # JSON
    Column("fitted", TIME, nullable=False),       # Unix time of the fit
    Column("attempts", Integer, nullable=False),   # tries (bkt) or reviews (fsrs) used
    Column("learners", Integer, nullable=False),
)
