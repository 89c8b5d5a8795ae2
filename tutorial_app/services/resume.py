"""What a reload must not lose, kept in the store (plain Python, no Streamlit).

A browser session ends with every reload, and a teacher at a projector or a learner on
a phone reloads often. Two things must outlast it, so they live in the store
(tables of services/resume_tables.py), not in the session:

- the teacher's Classroom (`ProjectorView`): the class chosen, projector mode, and the
  lesson step, puzzle or position on the screen; a new session of the same teacher
  draws the screen as it was;
- a learner's work on a step or a puzzle not solved yet (`Work`): the hints asked for
  and the wrong tries. The stars are counted from it, so leaving the step (Next, Back,
  another tab, a reload) and coming back cannot earn them again; it goes once the
  step is solved.

Writes add to what is kept (an upsert adding the new tries to the old ones), so two
tabs of one learner both count.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from sqlalchemy import delete, select

from tutorial_app.services.resume_tables import open_work, projector_views
from tutorial_app.services.store import ProgressStore

STEP: Final = "step"
PUZZLE: Final = "puzzle"
MAX_TEXT: Final = 600  # a typed position's notation, at most (flows/links.MAX_POSITION)


@dataclass(frozen=True, slots=True)
class ProjectorView:
    """The Classroom as its teacher last drew it."""

    class_id: int | None
    projector: bool
    mode: str   # "lesson", "puzzle" or "position"
    item: str   # the lesson's or puzzle's id, or the position's notation
    step: str   # the lesson's step id ("" for a puzzle or a position)


@dataclass(frozen=True, slots=True)
class Work:
    """Hints and wrong tries on something not solved yet."""

    wrong: int = 0
    hints: int = 0


class Resume:
    """The store's side of what a reload must not lose (see the module docstring)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    # ----- the projector -------------------------------------------------------------

    def projector_view(self, teacher_id: int) -> ProjectorView | None:
        with self.store._read() as con:
            row = con.execute(select(
                projector_views.c.class_id, projector_views.c.projector,
                projector_views.c.mode, projector_views.c.item, projector_views.c.step)
                .where(projector_views.c.teacher_id == teacher_id)).first()
        if row is None:
            return None
        return ProjectorView(int(row[0]) if row[0] is not None else None, bool(row[1]),
                             str(row[2]), str(row[3]), str(row[4]))

    def keep_projector_view(self, teacher_id: int, view: ProjectorView) -> None:
        values = {"teacher_id": teacher_id, "class_id": view.class_id,
                  "projector": int(view.projector), "mode": view.mode[:20],
                  "item": view.item[:MAX_TEXT], "step": view.step[:MAX_TEXT],
                  "updated": time.time()}
        with self.store._write() as con:
            con.execute(self.store._upsert(
                projector_views, values, ["teacher_id"],
                lambda new: {name: getattr(new, name) for name in values
                             if name != "teacher_id"}))

    # ----- unsolved work -------------------------------------------------------------

    def work(self, learner_id: int, kind: str, ref: str) -> Work:
        with self.store._read() as con:
            row = con.execute(select(open_work.c.wrong, open_work.c.hints).where(
                open_work.c.learner_id == learner_id, open_work.c.kind == kind,
                open_work.c.ref == ref)).first()
        return Work(int(row[0]), int(row[1])) if row else Work()

    def add_work(self, learner_id: int, kind: str, ref: str, wrong: int = 0,
                 hints: int = 0) -> None:
        """Add wrong tries and hints to what is kept for this step or puzzle."""
        values = {"learner_id": learner_id, "kind": kind, "ref": ref[:MAX_TEXT],
                  "wrong": wrong, "hints": hints, "updated": time.time()}
        with self.store._write() as con:
            con.execute(self.store._upsert(
                open_work, values, ["learner_id", "kind", "ref"],
                lambda new: {"wrong": open_work.c.wrong + new.wrong,
                             "hints": open_work.c.hints + new.hints,
                             "updated": new.updated}))

    def clear_work(self, learner_id: int, kind: str, ref: str) -> None:
        """Solved: the next time is a fresh start (its best stars are kept elsewhere)."""
        with self.store._write() as con:
            con.execute(delete(open_work).where(
                open_work.c.learner_id == learner_id, open_work.c.kind == kind,
                open_work.c.ref == ref))
