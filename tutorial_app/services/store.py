"""Learner progress, on SQLite or PostgreSQL (plain Python, no Streamlit).

One database holds every learner: a name chosen on the first visit (a learner in a
class also has a secret, services/pictures.py), the browsers that remember them
(services/devices.py), their lesson steps and stars,
finished lessons, puzzle results and puzzle rating, and the game they are playing
against the computer (one per learner, kept as the game's own JSON so a reloaded
page carries on). Where it is comes from CASSINO_DB (config.store_url): by default
the SQLite file ``data/progress.sqlite3``, so one server needs nothing else; a
``postgresql://`` URL lets several app processes (replicas) share one store.

The queries are SQLAlchemy Core over the tables of services/tables.py, one text for
both engines; the schema is made and upgraded by the Alembic revisions in
services/migrations, run when a store is opened (services/db.py).

Safe with several tabs, learners and server processes at once, on both engines.
No write reads a value and writes back a change computed from a stale copy:

- the best stars, fewest mistakes and fewest hints of a step, a finished lesson's
  stars and a puzzle's "solved" are kept by one INSERT ... ON CONFLICT DO UPDATE
  that compares with the row as it is (the database locks the row for it);
- a learner is created by INSERT ... ON CONFLICT DO NOTHING on the unique
  normalised name and the unique look of the name (services/names.skeleton), each
  unique within the learner's scope (their class, or 0 for the learners in no class),
  so two tabs typing "Ana" and "ana", or "Ana" and a Cyrillic "Аna", at once get one
  learner, and two classes can each have an Ana;
- the rating's read-modify-write (and whether this is the first try at a puzzle)
  runs with the learner's row locked: BEGIN IMMEDIATE on SQLite, which takes the
  whole database's write lock, SELECT ... FOR NO KEY UPDATE on PostgreSQL;
- the kept game carries a revision, and a save made over an older one is a
  conditional UPDATE ... WHERE revision = :seen, so a tab saving a move over a game
  another tab has moved on is refused (`StaleGameError`) instead of overwriting it.

PostgreSQL runs at its default READ COMMITTED isolation: with the locks and the
conditional statements above, nothing more is needed and no transaction has to be
retried.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    ColumnElement,
    Connection,
    Executable,
    Table,
    case,
    delete,
    func,
    select,
    union_all,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite

from tutorial_app import config
from tutorial_app.course.puzzles import rating as scale
from tutorial_app.services import db, names, practice_store, ratings
from tutorial_app.services.rating_tables import learner_glicko, puzzle_streaks
from tutorial_app.services.tables import (
    attempts,
    games,
    learners,
    lessons,
    puzzle_log,
    puzzles,
    settings,
    steps,
    teachers,
)
from tutorial_app.words.i18n import t

NO_CLASS: Final = 0
"""The scope of the learners in no class (a class learner's scope is their class id)."""

NAMES_ON_WELCOME: Final = "names_on_welcome"


class LearnerNameError(names.UnusableNameError):
    """A learner name that cannot be used (see services/names.py for what is refused)."""


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
    rating: float = scale.START
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
    change: scale.RatingChange | None
    first_try: bool


def clean_name(name: str) -> str:
    """A learner name as stored: normalised and checked by `names.normalise_name`
    (NFKC, spaces collapsed, one alphabet, no invisible characters); raises
    LearnerNameError, with the reason in the learner's words, if unusable."""
    try:
        return names.normalise_name(name)
    except names.UnusableNameError as error:
        raise LearnerNameError(str(error)) from None


def new_learner_name(name: str) -> str:
    """A new learner's name as stored: `clean_name`, and held to the rules of
    `names.learner_name` (letters, marks, digits, spaces and a few name punctuation
    marks; no word for a teacher); LearnerNameError, in the learner's words, if not."""
    try:
        return names.learner_name(name)
    except names.UnusableNameError as error:
        raise LearnerNameError(str(error)) from None


def name_key(name: str) -> str:
    """What two names must share to be one learner: the cleaned name, NFKC-normalised
    and case-folded ("ÉMILE", "émile" and "Émile" are one learner, as are "ﬁ" and
    "fi"). Kept in learners.name_key under a unique index. Revision 0002 filled it
    with the same function; changing this one needs a revision that recomputes it."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def _greatest(a: ColumnElement[Any], b: ColumnElement[Any]) -> ColumnElement[Any]:
    """The larger of two values, in SQL both engines read alike (SQLite has no
    GREATEST; PostgreSQL's max() is only an aggregate)."""
    return case((a >= b, a), else_=b)


def _least(a: ColumnElement[Any], b: ColumnElement[Any]) -> ColumnElement[Any]:
    return case((a <= b, a), else_=b)


Updates = Callable[[Any], Mapping[str, Any]]  # the proposed row (`excluded`) -> SET


class ProgressStore:
    """Progress for every learner in one database (see the module docstring).

    `where` is a SQLite file path, a ``sqlite:///`` URL or a ``postgresql://`` URL;
    by default $CASSINO_DB. Opening a store migrates its database to the newest
    revision if it is behind. One store per process is enough (it holds the
    connection pool); it is safe to share between threads.
    """

    def __init__(self, where: str | Path | None = None) -> None:
        self.url: Final = config.database_url(where) if where is not None else config.store_url()
        self.path: Final = config.sqlite_file(self.url)  # the SQLite file; None on a server
        self.engine: Final = db.make_engine(self.url)
        db.ensure_current(self.engine)

    def __repr__(self) -> str:
        return f"ProgressStore({self.engine.url!r})"  # the password, if any, masked

    @property
    def dialect(self) -> str:
        """"sqlite" or "postgresql"."""
        return self.engine.dialect.name

    def close(self) -> None:
        """Close the pooled connections (a test's teardown; the app keeps its store)."""
        self.engine.dispose()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _recreate_if_deleted(self) -> None:
        """A SQLite file deleted while the app runs: start afresh (the pooled connections
        still write to the deleted file, so they go first)."""
        if self.path is not None and not self.path.exists():
            self.engine.dispose()
            db.ensure_current(self.engine)

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        self._recreate_if_deleted()
        with db.reading(self.engine) as con:
            yield con

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One write transaction (see db.writing)."""
        self._recreate_if_deleted()
        with db.writing(self.engine) as con:
            yield con

    def _upsert(self, table: Table, values: Mapping[str, Any], keys: Sequence[str],
                updates: Updates | None = None) -> Executable:
        """INSERT, or on a clash of `keys` nothing (updates=None) or the updates, which
        may read the row as it is (table.c) and the proposed one (their argument)."""
        statement = (sqlite.insert(table) if self.dialect == "sqlite"
                     else postgresql.insert(table)).values(**values)
        if updates is None:
            return statement.on_conflict_do_nothing(index_elements=list(keys))
        return statement.on_conflict_do_update(index_elements=list(keys),
                                               set_=dict(updates(statement.excluded)))

    # ----- learners ---------------------------------------------------------------

    def learner(self, name: str) -> Learner:
        """The learner in no class of that name (any case, or any name that looks the
        same: see services/names.py), created on first use. A new name is held to the
        rules of `names.learner_name`, and refused (LearnerNameError) when it looks
        like a teacher's (nobody answers as the teacher) or like a class learner's (the
        name box never stands for a class learner: they sign in with their class).
        Class learners are found in their class (services/classes.py)."""
        cleaned = clean_name(name)
        found = self.find_learner(cleaned)
        if found is not None:
            return found
        cleaned = new_learner_name(cleaned)
        shape = names.skeleton(cleaned)
        if shape in self.teacher_skeletons():
            raise LearnerNameError(t("signin.name_teacher"))
        with self._read() as con:
            in_class = con.execute(select(learners.c.id).where(
                learners.c.name_skeleton == shape, learners.c.scope != NO_CLASS)).first()
        if in_class is not None:
            raise LearnerNameError(t("signin.in_class"))
        with self._write() as con:
            con.execute(self.new_learner(cleaned, NO_CLASS))
            row = self._found(con, cleaned, NO_CLASS)
        assert row is not None  # inserted, or there already (nothing deletes in between)
        return _learner(row)

    def new_learner(self, cleaned: str, scope: int) -> Executable:
        """The INSERT of a learner of that (checked) name into a scope, doing nothing
        when the name or its look is taken there (either unique index); run it with
        `preserve_rowcount` to learn which."""
        return (sqlite.insert(learners) if self.dialect == "sqlite"
                else postgresql.insert(learners)).values(
            name=cleaned, name_key=name_key(cleaned), name_skeleton=names.skeleton(cleaned),
            clash=0, scope=scope, created=time.time()).on_conflict_do_nothing()

    def find_learner(self, name: str, scope: int = NO_CLASS) -> Learner | None:
        """The learner a typed name stands for in one scope (by default the learners in
        no class; a class id for that class's learners), without making one: the same
        name in any case, else the learner whose name looks the same (the oldest such)."""
        try:
            cleaned = clean_name(name)
        except LearnerNameError:
            return None
        with self._read() as con:
            row = self._found(con, cleaned, scope)
        return _learner(row) if row is not None else None

    def learners_named(self, name: str) -> list[Learner]:
        """Every learner, in any class or none, whose name is (or looks like) this one:
        the tests' way to a learner by name alone (the app always knows the class)."""
        try:
            shape = names.skeleton(clean_name(name))
        except LearnerNameError:
            return []
        with self._read() as con:
            rows = con.execute(select(*_LEARNER).where(learners.c.name_skeleton == shape)
                               .order_by(learners.c.id)).all()
        return [_learner(r) for r in rows]

    @staticmethod
    def _found(con: Connection, cleaned: str, scope: int) -> Any:
        row = con.execute(select(*_LEARNER).where(learners.c.scope == scope,
                                                  learners.c.name_key == name_key(cleaned))
                          ).first()
        if row is None:
            row = con.execute(select(*_LEARNER)
                              .where(learners.c.scope == scope,
                                     learners.c.name_skeleton == names.skeleton(cleaned))
                              .order_by(learners.c.clash, learners.c.id)).first()
        return row

    def teacher_skeletons(self) -> set[str]:
        """What every teacher's name looks like (their names are reserved)."""
        with self._read() as con:
            return {names.skeleton(str(r[0])) for r in con.execute(select(teachers.c.name))}

    def get_learner(self, learner_id: int) -> Learner | None:
        with self._read() as con:
            row = con.execute(select(*_LEARNER).where(learners.c.id == learner_id)).first()
        return _learner(row) if row else None

    def learners(self) -> list[Learner]:
        """Every learner, in alphabetical order whatever the case (sorted here, by the
        name key's code points, because the engines' collations differ)."""
        with self._read() as con:
            rows = con.execute(select(*_LEARNER, learners.c.name_key)).all()
        return [_learner(r) for r in sorted(rows, key=lambda r: (str(r[4]), int(r[0])))]

    def last_active(self) -> dict[int, float]:
        """When each learner last did anything (a step, a lesson, a puzzle, a game
        move), as a Unix time; learners who have done nothing are left out."""
        every = union_all(
            select(steps.c.learner_id, steps.c.updated.label("at")),
            select(lessons.c.learner_id, lessons.c.completed),
            select(puzzles.c.learner_id, puzzles.c.updated),
            select(games.c.learner_id, games.c.updated),
        ).subquery()
        query = select(every.c.learner_id, func.max(every.c.at)).group_by(every.c.learner_id)
        with self._read() as con:
            return {int(who): float(at) for who, at in con.execute(query)}

    # ----- the class's settings ----------------------------------------------------

    def names_on_welcome(self) -> bool:
        """Whether a learner in no class may sign in by typing a name alone (a home
        computer's use, on by default); a teacher whose server is open to more than a
        class turns it off in the Classroom, and then only class learners sign in. The
        setting keeps the name it had when it offered names for one click: a teacher
        who turned that off had the same reason, and stays closed."""
        with self._read() as con:
            value = con.execute(select(settings.c.value)
                                .where(settings.c.key == NAMES_ON_WELCOME)).scalar()
        return value is None or value == "1"

    def show_names_on_welcome(self, shown: bool) -> None:
        with self._write() as con:
            con.execute(self._upsert(settings, {"key": NAMES_ON_WELCOME,
                                                "value": "1" if shown else "0"}, ["key"],
                                     lambda new: {"value": new.value}))

    # ----- the learner's language ---------------------------------------

    def learner_language(self, learner_id: int) -> str | None:
        """The language tag the learner chose last, or None if they never chose one."""
        with self._read() as con:
            value = con.execute(select(learners.c.language)
                                .where(learners.c.id == learner_id)).scalar()
        return str(value) if value else None

    def set_learner_language(self, learner_id: int, language: str) -> None:
        with self._write() as con:
            con.execute(update(learners).where(learners.c.id == learner_id)
                        .values(language=language[:35]))

    # ----- lessons ----------------------------------------------------------------

    def record_step(self, learner_id: int, lesson_id: str, step_id: str, stars: int,
                    wrong: int = 0, hints: int = 0) -> None:
        """Remember a solved step; a better result replaces a worse one, never the reverse
        (compared inside the one statement, so two tabs finishing at once both count)."""
        values = {"learner_id": learner_id, "lesson_id": lesson_id, "step_id": step_id,
                  "stars": stars, "wrong": wrong, "hints": hints, "updated": time.time()}
        with self._write() as con:
            con.execute(self._upsert(
                steps, values, ["learner_id", "lesson_id", "step_id"],
                lambda new: {"stars": _greatest(steps.c.stars, new.stars),
                             "wrong": _least(steps.c.wrong, new.wrong),
                             "hints": _least(steps.c.hints, new.hints),
                             "updated": new.updated}))

    def complete_lesson(self, learner_id: int, lesson_id: str, stars: int) -> None:
        values = {"learner_id": learner_id, "lesson_id": lesson_id, "stars": stars,
                  "completed": time.time()}
        with self._write() as con:
            con.execute(self._upsert(
                lessons, values, ["learner_id", "lesson_id"],
                lambda new: {"stars": _greatest(lessons.c.stars, new.stars),
                             "completed": new.completed}))

    def progress(self, learner_id: int) -> dict[str, LessonProgress]:
        """Every lesson the learner has touched, by lesson id."""
        steps_done: dict[str, dict[str, int]] = {}
        done: dict[str, int] = {}
        with self._read() as con:
            for lesson_id, step_id, stars in con.execute(
                    select(steps.c.lesson_id, steps.c.step_id, steps.c.stars)
                    .where(steps.c.learner_id == learner_id)):
                steps_done.setdefault(str(lesson_id), {})[str(step_id)] = int(stars)
            for lesson_id, stars in con.execute(
                    select(lessons.c.lesson_id, lessons.c.stars)
                    .where(lessons.c.learner_id == learner_id)):
                done[str(lesson_id)] = int(stars)
        return {
            lesson_id: LessonProgress(steps_done.get(lesson_id, {}), done.get(lesson_id, 0),
                                      lesson_id in done)
            for lesson_id in {*steps_done, *done}
        }

    def reset_lesson(self, learner_id: int, lesson_id: str) -> None:
        with self._write() as con:
            for table in (steps, lessons):
                con.execute(delete(table).where(table.c.learner_id == learner_id,
                                                table.c.lesson_id == lesson_id))

    def reset_all(self, learner_id: int) -> None:
        """Forget every lesson, puzzle and the rating of one learner (the name stays)."""
        with self._write() as con:
            self._lock_learner(con, learner_id)
            for table in (steps, lessons, puzzles, puzzle_log, learner_glicko, puzzle_streaks):
                con.execute(delete(table).where(table.c.learner_id == learner_id))
            con.execute(update(learners).where(learners.c.id == learner_id)
                        .values(rating=scale.START, rated_games=0))

    @staticmethod
    def _lock_learner(con: Connection, learner_id: int) -> tuple[float, int] | None:
        """The learner's rating and rated games, their row locked until the end of the
        transaction (PostgreSQL; SQLite's BEGIN IMMEDIATE has locked everything)."""
        row = con.execute(select(learners.c.rating, learners.c.rated_games)
                          .where(learners.c.id == learner_id)
                          .with_for_update(key_share=True)).first()
        return (float(row[0]), int(row[1])) if row else None

    # ----- puzzles ----------------------------------------------------------------

    def record_puzzle(self, learner_id: int, puzzle_id: str, difficulty: int, solved: bool,
                      hinted: bool) -> PuzzleResult:
        """Record one finished attempt. Only the first attempt at a puzzle, made without a
        hint, is rated, by Glicko-2 for the learner and the puzzle alike
        (services/ratings.py); the rating is read and written with the learner's row
        locked."""
        now = time.time()
        with self._write() as con:
            found = self._lock_learner(con, learner_id)
            if found is None:
                raise KeyError(f"no learner {learner_id}")
            before, _ = found
            seen = con.execute(select(puzzles.c.attempts)
                               .where(puzzles.c.learner_id == learner_id,
                                      puzzles.c.puzzle_id == puzzle_id)).first()
            first_try = seen is None
            rated = first_try and not hinted
            change = None
            if rated:
                rated_to = ratings.rate_attempt(con, self._upsert, learner_id, before,
                                                puzzle_id, difficulty, solved, now)
                change = scale.RatingChange(before, rated_to)
            after = change.after if change else before
            if change:
                con.execute(update(learners).where(learners.c.id == learner_id)
                            .values(rating=after, rated_games=learners.c.rated_games + 1))
            con.execute(self._upsert(
                puzzles, {"learner_id": learner_id, "puzzle_id": puzzle_id,
                          "solved": int(solved), "attempts": 1, "updated": now},
                ["learner_id", "puzzle_id"],
                lambda new: {"solved": _greatest(puzzles.c.solved, new.solved),
                             "attempts": puzzles.c.attempts + 1, "updated": new.updated}))
            con.execute(puzzle_log.insert().values(
                learner_id=learner_id, puzzle_id=puzzle_id, solved=int(solved),
                rated=int(rated), rating_before=before, rating_after=after, at=now))
        return PuzzleResult(solved, rated, change, first_try)

    def puzzle_ratings(self) -> dict[str, tuple[float, float, int]]:
        """Puzzle id -> (rating, deviation, rated games) for every puzzle rated so far."""
        with self._read() as con:
            return ratings.puzzle_ratings_all(con)

    def best_streak(self, learner_id: int) -> int:
        """The learner's longest run in the Puzzle streak mode (0 before any)."""
        with self._read() as con:
            row = con.execute(select(puzzle_streaks.c.best)
                              .where(puzzle_streaks.c.learner_id == learner_id)).first()
        return int(row[0]) if row else 0

    def record_streak(self, learner_id: int, length: int) -> int:
        """A finished run: kept if it is the learner's longest. Returns the best."""
        with self._write() as con:
            con.execute(self._upsert(
                puzzle_streaks, {"learner_id": learner_id, "best": max(0, int(length)),
                                 "updated": time.time()},
                ["learner_id"], lambda new: {"best": _greatest(puzzle_streaks.c.best, new.best),
                                             "updated": new.updated}))
            row = con.execute(select(puzzle_streaks.c.best)
                              .where(puzzle_streaks.c.learner_id == learner_id)).first()
        return int(row[0]) if row else 0

    def solved_puzzles(self, learner_id: int) -> dict[str, bool]:
        """Puzzle id -> solved at least once, for every puzzle tried."""
        with self._read() as con:
            rows = con.execute(select(puzzles.c.puzzle_id, puzzles.c.solved)
                               .where(puzzles.c.learner_id == learner_id)).all()
        return {str(r[0]): bool(r[1]) for r in rows}

    def rating_history(self, learner_id: int) -> list[float]:
        with self._read() as con:
            rows = con.execute(select(puzzle_log.c.rating_after)
                               .where(puzzle_log.c.learner_id == learner_id,
                                      puzzle_log.c.rated == 1)
                               .order_by(puzzle_log.c.id)).all()
        return [float(r[0]) for r in rows]

    def record_attempt(self, learner_id: int, kind: str, ref: str, move: str, verdict: str,
                       code: str) -> None:
        """One try in the attempt log (read by services/classes.py), and its
        part in the task's spaced review (services/practice_store.py)."""
        now = time.time()
        with self._write() as con:
            task = practice_store.task_of(con, kind, ref)
            con.execute(attempts.insert().values(learner_id=learner_id, kind=kind, ref=ref,
                                                 move=move, verdict=verdict, code=code,
                                                 at=now, task=task))
            practice_store.feed(self, con, learner_id, kind, task, verdict, now)

    # ----- the game in progress ---------------------------------------------------

    def save_game(self, learner_id: int, game: str, expected: int | None = None) -> int:
        """Keep the learner's game (its JSON) in place of the one kept before, and
        return the revision it is kept under.

        With `expected`, the save happens only if the kept game is still at that
        revision (the one this page read or wrote last), or if there is none (it was
        abandoned elsewhere: the game played here is kept); otherwise another tab has
        played on since, and StaleGameError says so instead of overwriting its moves.
        The check and the write are one conditional UPDATE (then an INSERT that does
        nothing if a row appeared meanwhile), so two processes cannot both pass it.
        A revision is a fresh random number at every save, never a count, so a game
        dropped and started again can never look unchanged.
        """
        revision = secrets.randbits(62)
        values = {"game": game, "updated": time.time(), "revision": revision}
        with self._write() as con:
            if expected is None:
                con.execute(self._upsert(games, {"learner_id": learner_id, **values},
                                         ["learner_id"],
                                         lambda new: {"game": new.game, "updated": new.updated,
                                                      "revision": new.revision}))
                return revision
            moved = con.execute(update(games).where(games.c.learner_id == learner_id,
                                                    games.c.revision == expected)
                                .values(**values))
            if moved.rowcount == 1:
                return revision
            added = con.execute(self._upsert(games, {"learner_id": learner_id, **values},
                                             ["learner_id"]),
                                execution_options={"preserve_rowcount": True})
            if added.rowcount == 1:
                return revision
        raise StaleGameError(f"the game of learner {learner_id} was saved elsewhere since "
                             "it was read here")

    def saved_game(self, learner_id: int) -> SavedGame | None:
        """The learner's kept game with its revision, or None."""
        with self._read() as con:
            row = con.execute(select(games.c.game, games.c.revision)
                              .where(games.c.learner_id == learner_id)).first()
        return SavedGame(str(row[0]), int(row[1])) if row else None

    def drop_game(self, learner_id: int) -> None:
        with self._write() as con:
            con.execute(delete(games).where(games.c.learner_id == learner_id))


_LEARNER: Final = (learners.c.id, learners.c.name, learners.c.rating, learners.c.rated_games)


def _learner(row: Any) -> Learner:
    return Learner(int(row[0]), str(row[1]), float(row[2]), int(row[3]))
