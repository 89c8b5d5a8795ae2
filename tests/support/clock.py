"""Days passing for one learner, as a test hook on the store: never a setting a user
could reach (the app has no clock to move), only this function in the test suite.

Every time the store keeps of the learner's work (her tries, finished lessons and
steps, open work, reviews and when they fall due, the FSRS cards' own dates, puzzle
and streak history, a saved game) is moved `days` into the past, so the app, reading
its real clock, sees that work as done `days` ago: reviews fall due, "you last did
this 4 days ago" is true. Her devices, cookies and sign-in limits are left alone (they
are not her history, and moving them would sign her out)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import Connection, select, update

from tutorial_app.services.practice_tables import practice_reviews
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.table_parts import TIME
from tutorial_app.services.tables import metadata

# The learner's history: table -> its time columns (never a rating kept as a number).
_SKIPPED: Final = frozenset({"rating", "rd", "volatility", "rating_before", "rating_after",
                             "expires", "used", "previous_until"})
_NOT_HERS: Final = frozenset({"cookie_tickets", "known_devices", "devices", "sign_in_limits",
                              "teacher_sessions", "teachers", "classes", "learner_secrets",
                              "projector_views", "live_sessions", "homework", "join_requests"})


def days_pass(store: ProgressStore, learner_id: int, days: float) -> list[str]:
    """Move the learner's history `days` back; the columns moved (`table.column`)."""
    moved: list[str] = []
    with store._write() as con:
        for table in metadata.sorted_tables:
            hers = "learner_id" in table.c or table.name == "learners"
            if table.name in _NOT_HERS or not hers:
                continue
            times = [c for c in table.columns if c.type is TIME and c.name not in _SKIPPED]
            if not times:
                continue
            who = table.c.id if table.name == "learners" else table.c.learner_id
            con.execute(update(table).where(who == learner_id).values(
                {c.name: c - days * 86400 for c in times}))
            moved += [f"{table.name}.{c.name}" for c in times]
        moved += _move_cards(con, learner_id, days)
    return moved


def _move_cards(con: Connection, learner_id: int, days: float) -> list[str]:
    """The FSRS cards' own dates (`due`, `last_review` in their JSON), so a review after
    the days have passed is scheduled from the days that have passed."""
    rows = con.execute(select(practice_reviews.c.task, practice_reviews.c.card).where(
        practice_reviews.c.learner_id == learner_id, practice_reviews.c.card.is_not(None)))
    for task, text in list(rows):
        card = json.loads(text)
        for field in ("due", "last_review"):
            if card.get(field):
                card[field] = (datetime.fromisoformat(card[field])
                               - timedelta(days=days)).isoformat()
        con.execute(update(practice_reviews).where(
            practice_reviews.c.learner_id == learner_id, practice_reviews.c.task == task
        ).values(card=json.dumps(card)))
    return ["practice_reviews.card"]
