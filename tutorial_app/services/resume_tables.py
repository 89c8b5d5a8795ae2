"""The tables of what a reload must not lose (services/resume.py), on the store's one
MetaData (services/tables.py imports this module, so the migrations test,
`copy_store` and the queries all see them).

- `projector_views`: one row per teacher, the Classroom as it was last drawn: the
  class chosen, projector mode, and what is on the screen (a lesson step, a puzzle or a
  typed position). A reload, another device or a new session of the same teacher
  draws the same screen.
- `open_work`: a learner's hints and wrong tries on a step or a puzzle not solved yet
  (kind "step" with ref "lesson/step", or "puzzle" with its id), deleted once it is
  solved. The stars are worked out from it, so leaving the step and coming back (Next,
  Back, another tab, a reload) cannot earn them again.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Column, ForeignKey, Integer, Table, Text

from tutorial_app.services.table_parts import TIME, learner_column, metadata

projector_views: Final = Table(
    "projector_views", metadata,
    Column("teacher_id", Integer, ForeignKey("teachers.id", ondelete="CASCADE"),
           primary_key=True, autoincrement=False, nullable=False),
    Column("class_id", Integer, nullable=True),   # the class chosen (gone: the newest)
    Column("projector", Integer, nullable=False),  # projector mode on (0/1)
    Column("mode", Text, nullable=False),          # "lesson", "puzzle" or "position"
    Column("item", Text, nullable=False),          # lesson id, puzzle id or notation
    Column("step", Text, nullable=False),          # the lesson's step id ("" otherwise)
    Column("updated", TIME, nullable=False),
)

open_work: Final = Table(
    "open_work", metadata,
    learner_column(primary_key=True),
    Column("kind", Text, primary_key=True),        # "step" or "puzzle"
    Column("ref", Text, primary_key=True),         # lesson/step, or the puzzle's id
    Column("wrong", Integer, nullable=False),
    Column("hints", Integer, nullable=False),
    Column("updated", TIME, nullable=False),
)
