"""The table of spaced review (services/practice_store.py), on the store's one MetaData
(services/tables.py imports this module at its end, so the migrations test,
`copy_store` and the queries all see it).

`practice_reviews`: one row per learner and task (`step:lesson/step` or `puzzle:id`),
the task's FSRS card (course/review.py) as JSON and when it is due, the wrong tries
made on it since it was last reviewed (they grade the next review), and how many
reviews and lapses (reviews graded Again) it has had. A row with no card yet is a task
tried but never finished.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Column, Index, Integer, Table, Text

from tutorial_app.services.tables import _TIME, _learner, metadata

practice_reviews: Final = Table(
    "practice_reviews", metadata,
    _learner(primary_key=True),
    Column("task", Text, primary_key=True),       # step:lesson/step or puzzle:id
    Column("card", Text, nullable=True),          # the FSRS card (JSON); NULL: never finished
    Column("due", _TIME, nullable=True),          # Unix time the card is due
    Column("pending", Integer, nullable=False),   # wrong tries since the last review
    Column("reviews", Integer, nullable=False),
    Column("lapses", Integer, nullable=False),
    Column("updated", _TIME, nullable=False),
    Index("ix_practice_reviews_due", "learner_id", "due"),
)
