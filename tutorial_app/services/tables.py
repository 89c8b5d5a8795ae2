"""The progress store's tables as SQLAlchemy Core sees them, at the newest migration.

The queries in store.py are built from these objects, so one text serves SQLite and
PostgreSQL alike. The schema itself is made and changed only by the Alembic
revisions in services/migrations/versions; a test (tests/services/test_store_migrations.py)
compares a migrated database with these declarations on both engines, so the two
cannot drift apart.

Types are chosen to mean the same on both engines: times are Unix seconds as
floating point (REAL in SQLite, double precision in PostgreSQL), flags are 0/1
integers as the first SQLite schema had them, and the kept game's revision is a
62-bit random number, so BIGINT where the engine tells the sizes apart.
"""

from __future__ import annotations

from typing import Any, Final

from sqlalchemy import (
    Column,
    ForeignKey,
    Index,
    Integer,
    Table,
    Text,
)

# Tables declared by the module that uses them, on the same MetaData (table_parts.py):
# imported here so that whoever reads `metadata` (the migrations test, copy_store,
# Alembic) sees every table.
from tutorial_app.services import practice_tables, rating_tables, resume_tables  # noqa: F401
from tutorial_app.services.table_parts import BIG, TIME, learner_column
from tutorial_app.services.table_parts import metadata as metadata  # every table's, here

learners: Final = Table(
    "learners", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    # The name as compared: trimmed, Unicode-normalised and case-folded (store.name_key),
    # unique on both engines; SQLite's COLLATE NOCASE folded ASCII only.
    Column("name_key", Text, nullable=False),
    Column("created", TIME, nullable=False),
    Column("rating", TIME, nullable=False, server_default="1200"),
    Column("rated_games", Integer, nullable=False, server_default="0"),
    Column("language", Text, nullable=True),  # the chosen language tag, or NULL
    # What the name looks like (names.skeleton): one learner per look, so the index is
    # unique with `clash`, 0 for every learner but the look-alikes that were already
    # there when this was added (their own id: kept, reported to the teacher, not merged).
    Column("name_skeleton", Text, nullable=False, server_default=""),
    Column("clash", Integer, nullable=False, server_default="0"),
    # Where the name is unique (revision 0009): the learner's class id, 0 for a learner
    # in no class. Two classes may each have a João; among the learners in no class, a
    # name is still one learner.
    Column("scope", Integer, nullable=False, server_default="0"),
    Index("ix_learners_scope_name_key", "scope", "name_key", unique=True),
    Index("ix_learners_scope_skeleton", "scope", "name_skeleton", "clash", unique=True),
)

steps: Final = Table(
    "steps", metadata,
    learner_column(primary_key=True),
    Column("lesson_id", Text, primary_key=True),
    Column("step_id", Text, primary_key=True),
    Column("stars", Integer, nullable=False),
    Column("wrong", Integer, nullable=False),
    Column("hints", Integer, nullable=False),
    Column("updated", TIME, nullable=False),
)

lessons: Final = Table(
    "lessons", metadata,
    learner_column(primary_key=True),
    Column("lesson_id", Text, primary_key=True),
    Column("stars", Integer, nullable=False),
    Column("completed", TIME, nullable=False),
)

puzzles: Final = Table(
    "puzzles", metadata,
    learner_column(primary_key=True),
    Column("puzzle_id", Text, primary_key=True),
    Column("solved", Integer, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("updated", TIME, nullable=False),
)

puzzle_log: Final = Table(
    "puzzle_log", metadata,
    Column("id", BIG, primary_key=True),
    learner_column(),
    Column("puzzle_id", Text, nullable=False),
    Column("solved", Integer, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("rating_before", TIME, nullable=False),
    Column("rating_after", TIME, nullable=False),
    Column("at", TIME, nullable=False),
    Index("ix_puzzle_log_learner", "learner_id", "id"),
)

def _device_columns() -> list[Column[Any]]:
    """A browser that stays signed in (services/devices.py): the SHA-256 of the random
    token its cookie holds (NULL until the browser has been sent one), the token it
    held before the last rotation and until when that one still counts, and the times
    it was made, last used and expires (on the server, whatever the cookie says)."""
    return [Column("id", Integer, primary_key=True),
            Column("token_hash", Text, nullable=True),
            Column("previous_hash", Text, nullable=True),
            Column("previous_until", TIME, nullable=True),
            Column("created", TIME, nullable=False),
            Column("used", TIME, nullable=False),
            Column("expires", TIME, nullable=False)]


devices: Final = Table(
    "devices", metadata,
    *_device_columns(),
    learner_column(),
    Index("ix_devices_token", "token_hash", unique=True),
    Index("ix_devices_previous", "previous_hash"),
    Index("ix_devices_learner", "learner_id"),
)

games: Final = Table(
    "games", metadata,
    learner_column(primary_key=True),
    Column("game", Text, nullable=False),
    Column("updated", TIME, nullable=False),
    Column("revision", BIG, nullable=False, server_default="0"),
)

settings: Final = Table(
    "settings", metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)

# ----- teachers, classes, live questions, homework and the attempt log ------
# (revision 0003). A teacher's password is kept only as a salted scrypt hash
# (services/passwords.py). Deleting a teacher deletes their classes; deleting a class
# deletes its members' membership, live questions, answers and homework (not the
# learners); deleting a learner deletes their memberships, answers and attempts.

teachers: Final = Table(
    "teachers", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("name_key", Text, nullable=False),
    Column("password", Text, nullable=False),  # "scrypt$n$r$p$salt$hash", never clear
    Column("created", TIME, nullable=False),
    Index("ix_teachers_name_key", "name_key", unique=True),
)

classes: Final = Table(
    "classes", metadata,
    Column("id", Integer, primary_key=True),
    Column("teacher_id", Integer, ForeignKey("teachers.id", ondelete="CASCADE"),
           nullable=False),
    Column("name", Text, nullable=False),
    Column("code", Text, nullable=False),  # the short join code, renewable
    Column("created", TIME, nullable=False),
    # Revision 0009: how learners join by the code ("approve": the teacher lets each
    # one in, "listed": only the names the teacher lists, "open": anyone with the
    # code), and what the class's name looks like (names.skeleton), unique per teacher.
    Column("join_rule", Text, nullable=False, server_default="approve"),
    Column("name_skeleton", Text, nullable=False, server_default=""),
    Index("ix_classes_code", "code", unique=True),
    Index("ix_classes_teacher_name", "teacher_id", "name_skeleton", unique=True),
)


def _class(primary_key: bool = False) -> Column[int]:
    return Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"),
                  primary_key=primary_key, autoincrement=False, nullable=False)


members: Final = Table(
    "class_members", metadata,
    _class(primary_key=True),
    learner_column(primary_key=True),
    Column("joined", TIME, nullable=False),
    Index("ix_class_members_learner", "learner_id"),
)

# One row per class that has ever gone live: the question on the screen now. Every
# question put up gets the next number, so the answers of old questions stay apart.
live: Final = Table(
    "live_sessions", metadata,
    _class(primary_key=True),
    Column("active", Integer, nullable=False),
    Column("question", Integer, nullable=False),
    Column("kind", Text, nullable=False),       # "lesson", "puzzle" or "position"
    Column("ref", Text, nullable=False),        # lesson/step, puzzle id or notation
    Column("open", Integer, nullable=False),    # answers still accepted
    Column("shown", Integer, nullable=False),   # "show answers" pressed
    Column("names", Integer, nullable=False),   # names on the projector
    Column("updated", TIME, nullable=False),
)

live_answers: Final = Table(
    "live_answers", metadata,
    _class(primary_key=True),
    Column("question", Integer, primary_key=True, autoincrement=False),
    learner_column(primary_key=True),
    Column("move", Text, nullable=False),       # notation
    Column("verdict", Text, nullable=False),    # correct / missed / not-allowed
    Column("code", Text, nullable=False),       # the judge's reason code
    Column("reason", Text, nullable=False),     # the judge's (or the goal's) one line
    Column("at", TIME, nullable=False),
)

homework: Final = Table(
    "homework", metadata,
    Column("id", Integer, primary_key=True),
    _class(),
    Column("title", Text, nullable=False),
    Column("tasks", Text, nullable=False),      # task refs, one a line: lesson:ID, puzzle:ID
    Column("due", TIME, nullable=True),
    Column("created", TIME, nullable=False),
    # Set for some learners of the class only (revision 0007): their ids, spaces
    # between; NULL for the whole class.
    Column("learners", Text, nullable=True),
    Index("ix_homework_class", "class_id"),
)

attempts: Final = Table(
    "attempts", metadata,
    Column("id", BIG, primary_key=True),
    learner_column(),
    Column("kind", Text, nullable=False),       # step, puzzle, live, homework
    Column("ref", Text, nullable=False),        # lesson/step, puzzle id, class/question
    Column("move", Text, nullable=False),       # the move in notation
    Column("verdict", Text, nullable=False),    # correct / missed / not-allowed / ...
    Column("code", Text, nullable=False),       # the judge's reason code
    Column("at", TIME, nullable=False),
    # The task tried (revision 0007): step:lesson/step or puzzle:id, a live question's
    # too (its ref names the question, not the task); NULL for a typed position.
    Column("task", Text, nullable=True),
    Index("ix_attempts_learner", "learner_id", "id"),
)

# ----- who is who (revision 0005) -------------------------------------------------------
# A class learner's secret: two pictures chosen by the app (indexes into
# services/secrets.PICTURES) and the random key their login card's QR code carries. Both
# are kept as they are, not hashed: the teacher prints them again, and what protects
# them is the limit on wrong tries (sign_in_limits), not their length.

learner_secrets: Final = Table(
    "learner_secrets", metadata,
    learner_column(primary_key=True),
    Column("pictures", Text, nullable=False),    # "12 40": the first and second picture
    Column("card_key", Text, nullable=False),    # the login card's key (in its QR link)
    Column("created", TIME, nullable=False),
    Index("ix_learner_secrets_card", "card_key", unique=True),
)

# A teacher's signed-in browser, like a learner's (the same columns), with what the
# Classroom lists it by: the browser's own description and its address. What the
# Classroom showed is kept per teacher, not per browser (services/resume.py).
teacher_sessions: Final = Table(
    "teacher_sessions", metadata,
    *_device_columns(),
    Column("teacher_id", Integer, ForeignKey("teachers.id", ondelete="CASCADE"),
           nullable=False),
    Column("agent", Text, nullable=False),
    Column("address", Text, nullable=False),
    Index("ix_teacher_sessions_token", "token_hash", unique=True),
    Index("ix_teacher_sessions_previous", "previous_hash"),
    Index("ix_teacher_sessions_teacher", "teacher_id"),
)

# A one-time ticket for the cookie route (ui/cookie_route.py): the page holds the
# ticket, never the token; redeeming it makes the token, sets it as an HttpOnly cookie
# and deletes the ticket. `kind` says which table `session_id` is a row of.
cookie_tickets: Final = Table(
    "cookie_tickets", metadata,
    Column("ticket_hash", Text, primary_key=True),
    Column("kind", Text, nullable=False),        # "learner" or "teacher"
    Column("session_id", Integer, nullable=False),
    Column("expires", TIME, nullable=False),
)

# Wrong tries, counted where every replica sees them (services/guard.py): per kind of
# secret (teacher password, join code, learner secret, login card), per account, per
# known browser and account, and per client address. `failures` counts wrong tries in a
# row (a try is counted before it is checked, so parallel tries cannot overrun the
# limit), `strikes` every wrong try since `since` (neither time, a right answer nor a
# teacher's "Lift" forgets them); `locked_until` is 0, when a lockout ends, or -1 once a
# teacher lifted it (no wait before the next try); `since` is the making of the secret
# the count is for (a new secret starts it afresh), else when the count began.
sign_in_limits: Final = Table(
    "sign_in_limits", metadata,
    Column("kind", Text, primary_key=True),
    Column("scope", Text, primary_key=True),     # "account" or "address"
    Column("subject", Text, primary_key=True),   # the account's key, or the address
    Column("failures", Integer, nullable=False),
    Column("last_failure", TIME, nullable=False),
    Column("locked_until", TIME, nullable=False),
    Column("last_address", Text, nullable=False),
    Column("strikes", Integer, nullable=False, server_default="0"),
    Column("since", TIME, nullable=False, server_default="0"),
)

# A browser that has signed in rightly as an account before (services/known_devices.py):
# the SHA-256 of its long-lived `cassino_known` cookie, per account it knows (kind
# "learner" or "teacher", owner the learner's or teacher's id). Not a session: it only
# changes which count a sign-in try from that browser is judged by (services/guard.py).
known_devices: Final = Table(
    "known_devices", metadata,
    Column("token_hash", Text, primary_key=True),
    Column("kind", Text, primary_key=True),
    Column("owner", Integer, primary_key=True, autoincrement=False),
    Column("created", TIME, nullable=False),
    Column("used", TIME, nullable=False),
    Column("expires", TIME, nullable=False),
    Index("ix_known_devices_owner", "kind", "owner"),
)
# A learner asking to join a class by its code, waiting for the teacher (revision
# 0009, services/classes.py). The browser that asked holds a random token; only its
# SHA-256 is kept, so only that browser is signed in once the teacher lets it in.
# `state` is "waiting", then "approved" (with the learner made for it), "refused" or
# "listed" (the teacher listed the name meanwhile) until that browser has read it.
join_requests: Final = Table(
    "join_requests", metadata,
    Column("id", Integer, primary_key=True),
    _class(),
    Column("name", Text, nullable=False),
    Column("name_skeleton", Text, nullable=False),
    Column("token_hash", Text, nullable=False),
    Column("address", Text, nullable=False),
    Column("created", TIME, nullable=False),
    Column("state", Text, nullable=False),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"),
           nullable=True),
    Index("ix_join_requests_token", "token_hash", unique=True),
    Index("ix_join_requests_class", "class_id", "state"),
    Index("ix_join_requests_address", "address", "state"),
)
