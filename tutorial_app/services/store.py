"""Learner progress in SQLite (plain Python, no Streamlit).

One small database holds every learner: a name chosen on the first visit (no
password), the random tokens of the browsers that remember them, their lesson
steps and stars, finished lessons, puzzle results and puzzle rating, and the
game they are playing against the computer (one per learner, kept as the
game's own JSON so a reloaded page carries on). The path
comes from the environment variable CASSINO_DB, by default
``data/progress.sqlite3`` under the repository; the folder is created on demand.

Safe with several tabs, learners and server processes at once: the database
runs in WAL mode, every write is one short ``BEGIN IMMEDIATE`` transaction
(read-modify-write of the rating included), and each call opens its own
connection, so nothing is shared between threads. The kept game carries a
revision, so a tab saving a move over a game another tab has moved on is
refused (`StaleGameError`) instead of overwriting it.
"""

from __future__ import annotations

import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from tutorial_app import config
from tutorial_app.course import rating as elo
from tutorial_app.course.i18n import t

MAX_NAME: Final = 40

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS learners (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created REAL NOT NULL,
    rating REAL NOT NULL DEFAULT 1200,
    rated_games INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS steps (
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    lesson_id TEXT NOT NULL,
    step_id TEXT NOT NULL,
    stars INTEGER NOT NULL,
    wrong INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (learner_id, lesson_id, step_id)
);
CREATE TABLE IF NOT EXISTS lessons (
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    lesson_id TEXT NOT NULL,
    stars INTEGER NOT NULL,
    completed REAL NOT NULL,
    PRIMARY KEY (learner_id, lesson_id)
);
CREATE TABLE IF NOT EXISTS puzzles (
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    puzzle_id TEXT NOT NULL,
    solved INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (learner_id, puzzle_id)
);
CREATE TABLE IF NOT EXISTS puzzle_log (
    id INTEGER PRIMARY KEY,
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    puzzle_id TEXT NOT NULL,
    solved INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS devices (
    token TEXT PRIMARY KEY,
    learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    learner_id INTEGER PRIMARY KEY REFERENCES learners(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
NAMES_ON_WELCOME: Final = "names_on_welcome"


class LearnerNameError(ValueError):
    """A learner name that cannot be used (empty, too long, control characters)."""


class StaleGameError(Exception):
    """The kept game moved on (in another tab or window) since this one was read."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A kept game and its revision, which every save changes."""

    game: str
    revision: int


@dataclass(frozen=True, slots=True)
class Learner:
    id: int
    name: str
    rating: float = elo.START
    rated_games: int = 0


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """What one learner has done in one lesson."""

    steps: dict[str, int] = field(default_factory=dict)  # step id -> best stars (0-3)
    stars: int = 0  # stars for the finished lesson, 0 when not finished
    completed: bool = False


@dataclass(frozen=True, slots=True)
class PuzzleResult:
    """Recorded after a puzzle attempt: was it solved, did the rating change."""

    solved: bool
    rated: bool
    change: elo.RatingChange | None
    first_try: bool


def clean_name(name: str) -> str:
    """A learner name as stored: trimmed, single spaces; raises LearnerNameError if unusable."""
    text = " ".join(str(name).split())
    if not text:
        raise LearnerNameError(t("signin.name_empty"))
    if len(text) > MAX_NAME:
        raise LearnerNameError(t("signin.name_too_long", n=MAX_NAME))
    if any(not ch.isprintable() for ch in text):
        raise LearnerNameError(t("signin.name_control"))
    return text


class ProgressStore:
    """Progress for every learner in one SQLite file (see the module docstring)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else config.db_path()
        self._create()

    def _create(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            con.execute("PRAGMA busy_timeout=30000")
            con.execute("PRAGMA journal_mode=WAL")
            con.executescript(_SCHEMA)
            columns = {row[1] for row in con.execute("PRAGMA table_info(games)")}
            if "revision" not in columns:  # a database from before revisions were kept
                con.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
        finally:
            con.close()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if not self.path.exists():  # deleted while the app runs: start afresh
            self._create()
        con = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            con.execute("PRAGMA busy_timeout=30000")
            con.execute("PRAGMA foreign_keys=ON")
            yield con
        finally:
            con.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken before reading so read-modify-write is atomic."""
        with self._connect() as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")

    # ----- learners ---------------------------------------------------------------

    def learner(self, name: str) -> Learner:
        """The learner of that name (any case), created on first use."""
        cleaned = clean_name(name)
        with self._write() as con:
            con.execute("INSERT OR IGNORE INTO learners (name, created) VALUES (?, ?)",
                        (cleaned, time.time()))
            row = con.execute("SELECT id, name, rating, rated_games FROM learners WHERE name = ?",
                              (cleaned,)).fetchone()
        return Learner(int(row[0]), str(row[1]), float(row[2]), int(row[3]))

    def get_learner(self, learner_id: int) -> Learner | None:
        with self._connect() as con:
            row = con.execute("SELECT id, name, rating, rated_games FROM learners WHERE id = ?",
                              (learner_id,)).fetchone()
        return Learner(int(row[0]), str(row[1]), float(row[2]), int(row[3])) if row else None

    def learners(self) -> list[Learner]:
        with self._connect() as con:
            rows = con.execute(
                "SELECT id, name, rating, rated_games FROM learners ORDER BY name").fetchall()
        return [Learner(int(r[0]), str(r[1]), float(r[2]), int(r[3])) for r in rows]

    def last_active(self) -> dict[int, float]:
        """When each learner last did anything (a step, a lesson, a puzzle, a game
        move), as a Unix time; learners who have done nothing are left out."""
        query = ("SELECT learner_id, MAX(at) FROM ("
                 "SELECT learner_id, updated AS at FROM steps UNION ALL "
                 "SELECT learner_id, completed FROM lessons UNION ALL "
                 "SELECT learner_id, updated FROM puzzles UNION ALL "
                 "SELECT learner_id, updated FROM games) GROUP BY learner_id")
        with self._connect() as con:
            return {int(who): float(at) for who, at in con.execute(query)}

    # ----- browsers that remember their learner ------------------------------------

    def remember_device(self, learner_id: int) -> str:
        """A new random token that signs this learner in again from one browser
        (kept in a cookie there; the token means nothing anywhere else)."""
        token = secrets.token_urlsafe(24)
        with self._write() as con:
            con.execute("INSERT INTO devices (token, learner_id, created) VALUES (?, ?, ?)",
                        (token, learner_id, time.time()))
        return token

    def device_learner(self, token: str) -> Learner | None:
        """The learner a browser's token stands for, or None (unknown or forgotten)."""
        with self._connect() as con:
            row = con.execute("SELECT learner_id FROM devices WHERE token = ?",
                              (token,)).fetchone()
        return self.get_learner(int(row[0])) if row else None

    def forget_device(self, token: str) -> None:
        with self._write() as con:
            con.execute("DELETE FROM devices WHERE token = ?", (token,))

    # ----- the class's settings ----------------------------------------------------

    def names_on_welcome(self) -> bool:
        """Whether the welcome screen offers every learner's name to sign in with one
        click: handy for a class sharing one computer, and on by default; a teacher
        whose server is open to more people turns it off in the Classroom."""
        with self._connect() as con:
            row = con.execute("SELECT value FROM settings WHERE key = ?",
                              (NAMES_ON_WELCOME,)).fetchone()
        return row is None or row[0] == "1"

    def show_names_on_welcome(self, shown: bool) -> None:
        with self._write() as con:
            con.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                        (NAMES_ON_WELCOME, "1" if shown else "0"))

    # ----- lessons ----------------------------------------------------------------

    def record_step(self, learner_id: int, lesson_id: str, step_id: str, stars: int,
                    wrong: int = 0, hints: int = 0) -> None:
        """Remember a solved step; a better result replaces a worse one, never the reverse."""
        with self._write() as con:
            con.execute(
                "INSERT INTO steps (learner_id, lesson_id, step_id, stars, wrong, hints, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (learner_id, lesson_id, step_id) DO UPDATE SET "
                "stars = max(stars, excluded.stars), wrong = min(wrong, excluded.wrong), "
                "hints = min(hints, excluded.hints), updated = excluded.updated",
                (learner_id, lesson_id, step_id, stars, wrong, hints, time.time()))

    def complete_lesson(self, learner_id: int, lesson_id: str, stars: int) -> None:
        with self._write() as con:
            con.execute(
                "INSERT INTO lessons (learner_id, lesson_id, stars, completed) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (learner_id, lesson_id) DO UPDATE SET "
                "stars = max(stars, excluded.stars), completed = excluded.completed",
                (learner_id, lesson_id, stars, time.time()))

    def progress(self, learner_id: int) -> dict[str, LessonProgress]:
        """Every lesson the learner has touched, by lesson id."""
        steps: dict[str, dict[str, int]] = {}
        done: dict[str, int] = {}
        with self._connect() as con:
            for lesson_id, step_id, stars in con.execute(
                    "SELECT lesson_id, step_id, stars FROM steps WHERE learner_id = ?",
                    (learner_id,)):
                steps.setdefault(str(lesson_id), {})[str(step_id)] = int(stars)
            for lesson_id, stars in con.execute(
                    "SELECT lesson_id, stars FROM lessons WHERE learner_id = ?", (learner_id,)):
                done[str(lesson_id)] = int(stars)
        return {
            lesson_id: LessonProgress(steps.get(lesson_id, {}), done.get(lesson_id, 0),
                                      lesson_id in done)
            for lesson_id in {*steps, *done}
        }

    def reset_lesson(self, learner_id: int, lesson_id: str) -> None:
        with self._write() as con:
            con.execute("DELETE FROM steps WHERE learner_id = ? AND lesson_id = ?",
                        (learner_id, lesson_id))
            con.execute("DELETE FROM lessons WHERE learner_id = ? AND lesson_id = ?",
                        (learner_id, lesson_id))

    def reset_all(self, learner_id: int) -> None:
        """Forget every lesson, puzzle and the rating of one learner (the name stays)."""
        with self._write() as con:
            for table in ("steps", "lessons", "puzzles", "puzzle_log"):
                con.execute(f"DELETE FROM {table} WHERE learner_id = ?", (learner_id,))
            con.execute("UPDATE learners SET rating = ?, rated_games = 0 WHERE id = ?",
                        (elo.START, learner_id))

    # ----- puzzles ----------------------------------------------------------------

    def record_puzzle(self, learner_id: int, puzzle_id: str, difficulty: int, solved: bool,
                      hinted: bool) -> PuzzleResult:
        """Record one finished attempt. Only the first attempt at a puzzle, made without a
        hint, is rated; the rating is read and written in the same transaction."""
        now = time.time()
        with self._write() as con:
            row = con.execute("SELECT rating, rated_games FROM learners WHERE id = ?",
                              (learner_id,)).fetchone()
            if row is None:
                raise KeyError(f"no learner {learner_id}")
            before, games = float(row[0]), int(row[1])
            seen = con.execute("SELECT attempts FROM puzzles WHERE learner_id = ? AND "
                               "puzzle_id = ?", (learner_id, puzzle_id)).fetchone()
            first_try = seen is None
            rated = first_try and not hinted
            change = elo.update(before, games, difficulty, solved) if rated else None
            after = change.after if change else before
            if change:
                con.execute("UPDATE learners SET rating = ?, rated_games = rated_games + 1 "
                            "WHERE id = ?", (after, learner_id))
            con.execute(
                "INSERT INTO puzzles (learner_id, puzzle_id, solved, attempts, updated) "
                "VALUES (?, ?, ?, 1, ?) ON CONFLICT (learner_id, puzzle_id) DO UPDATE SET "
                "solved = max(solved, excluded.solved), attempts = attempts + 1, "
                "updated = excluded.updated",
                (learner_id, puzzle_id, int(solved), now))
            con.execute(
                "INSERT INTO puzzle_log (learner_id, puzzle_id, solved, rated, rating_before, "
                "rating_after, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (learner_id, puzzle_id, int(solved), int(rated), before, after, now))
        return PuzzleResult(solved, rated, change, first_try)

    def solved_puzzles(self, learner_id: int) -> dict[str, bool]:
        """Puzzle id -> solved at least once, for every puzzle tried."""
        with self._connect() as con:
            rows = con.execute("SELECT puzzle_id, solved FROM puzzles WHERE learner_id = ?",
                               (learner_id,)).fetchall()
        return {str(r[0]): bool(r[1]) for r in rows}

    def rating_history(self, learner_id: int) -> list[float]:
        with self._connect() as con:
            rows = con.execute("SELECT rating_after FROM puzzle_log WHERE learner_id = ? AND "
                               "rated = 1 ORDER BY id", (learner_id,)).fetchall()
        return [float(r[0]) for r in rows]

    # ----- the game in progress ---------------------------------------------------

    def save_game(self, learner_id: int, game: str, expected: int | None = None) -> int:
        """Keep the learner's game (its JSON) in place of the one kept before, and
        return the revision it is kept under.

        With `expected`, the save happens only if the kept game is still at that
        revision (the one this page read or wrote last); otherwise another tab has
        played on since, and StaleGameError says so instead of overwriting its moves.
        A revision is a fresh random number at every save, never a count, so a game
        dropped and started again can never look unchanged.
        """
        revision = secrets.randbits(62)
        now = time.time()
        with self._write() as con:
            if expected is not None:
                kept = con.execute("SELECT revision FROM games WHERE learner_id = ?",
                                   (learner_id,)).fetchone()
                if kept is not None and int(kept[0]) != expected:
                    raise StaleGameError(f"the game of learner {learner_id} was saved "
                                         "elsewhere since it was read here")
            con.execute(
                "INSERT INTO games (learner_id, game, updated, revision) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (learner_id) DO UPDATE SET game = excluded.game, "
                "updated = excluded.updated, revision = excluded.revision",
                (learner_id, game, now, revision))
        return revision

    def load_game(self, learner_id: int) -> str | None:
        """The learner's kept game, or None."""
        saved = self.saved_game(learner_id)
        return saved.game if saved else None

    def saved_game(self, learner_id: int) -> SavedGame | None:
        """The learner's kept game with its revision, or None."""
        with self._connect() as con:
            row = con.execute("SELECT game, revision FROM games WHERE learner_id = ?",
                              (learner_id,)).fetchone()
        return SavedGame(str(row[0]), int(row[1])) if row else None

    def drop_game(self, learner_id: int) -> None:
        with self._write() as con:
            con.execute("DELETE FROM games WHERE learner_id = ?", (learner_id,))

    def integrity_ok(self) -> bool:
        with self._connect() as con:
            return bool(con.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
