"""What the attempt log says of each learner, for the teacher's class progress (plain
Python, no Streamlit).

Every try is a row of `attempts`, whatever its kind: a lesson step, a puzzle, a live
class question, homework (which is a lesson or puzzles). The progress tables alone
(steps solved, lessons finished, puzzles) miss a learner who has only answered live
questions, or has only tried and not yet solved; this counts every try and finds the
last one, in one grouped query.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import case, func, select

from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import attempts


@dataclass(frozen=True, slots=True)
class Tries:
    count: int    # every try logged, of every kind
    live: int     # of them, answers to live class questions
    last: float   # Unix time of the latest


def tries(store: ProgressStore, only: Collection[int] | None = None) -> dict[int, Tries]:
    """Each learner's tries (only those learners, when given); learners who never
    tried anything are left out."""
    is_live = func.sum(case((attempts.c.kind == "live", 1), else_=0))
    query = select(attempts.c.learner_id, func.count(), is_live, func.max(attempts.c.at)
                   ).group_by(attempts.c.learner_id)
    if only is not None:
        query = query.where(attempts.c.learner_id.in_(list(only)))
    with store._read() as con:
        return {int(who): Tries(int(n), int(live or 0), float(at))
                for who, n, live, at in con.execute(query)}
