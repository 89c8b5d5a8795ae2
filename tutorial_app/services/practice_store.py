"""What practice keeps and reads (plain Python, no Streamlit): every try feeds the spaced
review of its task, and a learner's or a class's tries are read back for the skill
model, each only by whoever may see them.

Every try is written through one of three places (the store's `record_attempt`, the
class store's, a live answer), and each calls `feed` in the same transaction as the
try's row: a lesson step, a puzzle, homework (which is lessons and puzzles) and a live
answer all count, and a try is never kept without its review or the other way round.
Every review is also logged (`practice_log`, revision 0011), in the same transaction,
so that FSRS can be refitted to this school's learners (course/practice/fit.py); the card is
reviewed with the weights the store holds (services/fitted_params.py), FSRS's
defaults until a fit is written.

A task is reviewed when it is finished: solved (graded from the wrong tries kept in
`pending` since the last review and the hints still open on it), or answered live (one
answer per question: right is Good, a miss is Again). A wrong try on its own only adds
to `pending`.

Who sees what is decided here, not on the pages: `Viewer` is whoever is signed in; a
learner reads only their own tries, reviews and review log, a teacher only those of
the learners in their own classes (`PracticeAccessError` otherwise). The operator's
command line (tools/fit_model.py), which holds the database's URL and so could read
every row anyway, reads everyone's through `every_try` and `every_review`; no page
calls them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from sqlalchemy import ColumnElement, Connection, func, select

from tutorial_app.course.practice.review import grade, memory, review
from tutorial_app.services import fitted_params
from tutorial_app.services.practice_tables import practice_log, practice_reviews
from tutorial_app.services.resume_tables import open_work
from tutorial_app.services.tables import attempts, classes, live, members

if TYPE_CHECKING:  # the store calls `feed`, so it is imported for its type only
    from tutorial_app.services.store import ProgressStore

_LIVE_KINDS = {"lesson": "step", "puzzle": "puzzle"}


class PracticeAccessError(PermissionError):
    """A learner's practice asked for by someone who may not see it."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Whoever is signed in: a learner (their id) or a teacher (theirs)."""

    role: Literal["learner", "teacher"]
    id: int


@dataclass(frozen=True, slots=True)
class Review:
    """A task's spaced review: its FSRS card (None when never finished) and due time."""

    task: str
    card: str | None
    due: float | None
    reviews: int
    lapses: int
    updated: float   # when it was last tried or reviewed
    reviewed: float | None = None  # when it was last reviewed (finished): its card's


@dataclass(frozen=True, slots=True)
class LoggedReview:
    """One review of the log: whose, which task, its number among the task's reviews,
    the rating (1 Again - 4 Easy), when, days since the previous review (None for a
    first), and the card's stability and difficulty before (None for a first) and
    after."""

    learner_id: int
    task: str
    review: int
    rating: int
    at: float
    elapsed_days: float | None
    stability_before: float | None
    difficulty_before: float | None
    stability_after: float
    difficulty_after: float


@dataclass(frozen=True, slots=True)
class LoggedTry:
    """One try as practice reads it: whose, which task, how it went, when."""

    learner_id: int
    task: str
    verdict: str
    code: str
    move: str
    at: float


def task_of(con: Connection, kind: str, ref: str) -> str | None:
    """The task a try is about: a step's or a puzzle's own; a live answer's is the
    question now on the class's screen (the answer is taken only while it is)."""
    if kind in ("step", "puzzle"):
        return f"{kind}:{ref}" if ref else None
    if kind == "live":
        class_id, _, _ = ref.partition("/")
        if not class_id.isdigit():
            return None
        row = con.execute(select(live.c.kind, live.c.ref).where(
            live.c.class_id == int(class_id))).first()
        if row is not None and str(row[0]) in _LIVE_KINDS:
            return f"{_LIVE_KINDS[str(row[0])]}:{row[1]}"
    return None


def feed(store: ProgressStore, con: Connection, learner_id: int, kind: str, task: str | None,
         verdict: str, now: float) -> None:
    """The try's part in its task's review, inside the transaction that logs the try."""
    if task is None or verdict == "unreadable":
        return
    row = con.execute(select(practice_reviews.c.card, practice_reviews.c.pending,
                             practice_reviews.c.reviews).where(
        practice_reviews.c.learner_id == learner_id, practice_reviews.c.task == task)).first()
    card, pending, done_before = ((row[0], int(row[1]), int(row[2])) if row is not None
                                  else (None, 0, 0))
    right = verdict == "correct"
    if not right and kind != "live":
        values = {"learner_id": learner_id, "task": task, "card": card, "due": None,
                  "pending": pending + 1, "reviews": 0, "lapses": 0, "updated": now}
        con.execute(store._upsert(practice_reviews, values, ["learner_id", "task"],
                                  lambda new: {"pending": practice_reviews.c.pending + 1,
                                               "updated": new.updated}))
        return
    hints = 0
    if kind in ("step", "puzzle"):
        held = con.execute(select(open_work.c.hints).where(
            open_work.c.learner_id == learner_id, open_work.c.kind == kind,
            open_work.c.ref == task.partition(":")[2])).first()
        hints = int(held[0]) if held is not None else 0
    rating = grade(right, pending, hints)
    before = memory(card)
    done = review(card, rating, now, fitted_params.current(store, con).fsrs)
    lapse = int(rating == 1)  # Rating.Again
    logged = {"learner_id": learner_id, "task": task, "review": done_before + 1,
              "rating": int(rating), "at": now,
              "elapsed_days": (None if before.last_review is None
                               else max(0.0, now - before.last_review) / 86400),
              "stability_before": before.stability, "difficulty_before": before.difficulty,
              "stability_after": done.stability, "difficulty_after": done.difficulty}
    con.execute(store._upsert(practice_log, logged, ["learner_id", "task", "review"],
                              lambda new: {k: getattr(new, k) for k in logged
                                           if k not in ("learner_id", "task", "review")}))
    values = {"learner_id": learner_id, "task": task, "card": done.card, "due": done.due,
              "pending": 0, "reviews": 1, "lapses": lapse, "updated": now}
    con.execute(store._upsert(practice_reviews, values, ["learner_id", "task"],
                              lambda new: {"card": new.card, "due": new.due, "pending": 0,
                                           "reviews": practice_reviews.c.reviews + 1,
                                           "lapses": practice_reviews.c.lapses + new.lapses,
                                           "updated": new.updated}))


# ----- reading, for whoever may ---------------------------------------------------------


def class_learners(store: ProgressStore, teacher_id: int, class_id: int) -> list[int]:
    """The learners of a class of this teacher's (PracticeAccessError if it is not)."""
    with store._read() as con:
        owner = con.execute(select(classes.c.teacher_id).where(
            classes.c.id == class_id)).first()
        if owner is None or int(owner[0]) != teacher_id:
            raise PracticeAccessError(f"class {class_id} is not teacher {teacher_id}'s")
        return [int(r[0]) for r in con.execute(select(members.c.learner_id).where(
            members.c.class_id == class_id).order_by(members.c.learner_id))]


def allowed(store: ProgressStore, viewer: Viewer, learner_ids: Iterable[int]) -> list[int]:
    """The learners asked for, if the viewer may see every one of them."""
    wanted = list(dict.fromkeys(learner_ids))
    if viewer.role == "learner":
        if any(who != viewer.id for who in wanted):
            raise PracticeAccessError("a learner sees only their own practice")
        return wanted
    with store._read() as con:
        mine = {int(r[0]) for r in con.execute(
            select(members.c.learner_id).join(classes, classes.c.id == members.c.class_id)
            .where(classes.c.teacher_id == viewer.id))}
    if any(who not in mine for who in wanted):
        raise PracticeAccessError("a teacher sees only the learners of their own classes")
    return wanted


def tries(store: ProgressStore, viewer: Viewer, learner_ids: Collection[int]
          ) -> list[LoggedTry]:
    """Every try about a task of these learners, oldest first."""
    wanted = allowed(store, viewer, learner_ids)
    if not wanted:
        return []
    query = (select(attempts.c.learner_id, attempts.c.task, attempts.c.verdict,
                    attempts.c.code, attempts.c.move, attempts.c.at)
             .where(attempts.c.learner_id.in_(wanted), attempts.c.task.is_not(None))
             .order_by(attempts.c.id))
    with store._read() as con:
        return [LoggedTry(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]), float(r[5]))
                for r in con.execute(query)]


def reviews(store: ProgressStore, viewer: Viewer, learner_id: int) -> dict[str, Review]:
    """Every task review of one learner, by task."""
    allowed(store, viewer, [learner_id])
    query = select(practice_reviews.c.task, practice_reviews.c.card, practice_reviews.c.due,
                   practice_reviews.c.reviews, practice_reviews.c.lapses,
                   practice_reviews.c.updated).where(
        practice_reviews.c.learner_id == learner_id)
    last = select(practice_log.c.task, func.max(practice_log.c.at)).where(
        practice_log.c.learner_id == learner_id).group_by(practice_log.c.task)
    with store._read() as con:
        logged = {str(r[0]): float(r[1]) for r in con.execute(last)}
        # when it was last reviewed: the log's, else (reviews from before the log was
        # kept) the card's
        return {str(r[0]): Review(str(r[0]), r[1], None if r[2] is None else float(r[2]),
                                  int(r[3]), int(r[4]), float(r[5]),
                                  logged.get(str(r[0]), memory(r[1]).last_review))
                for r in con.execute(query)}


def review_log(store: ProgressStore, viewer: Viewer, learner_ids: Collection[int]
               ) -> list[LoggedReview]:
    """Every logged review of these learners, by learner, task and review number."""
    wanted = allowed(store, viewer, learner_ids)
    if not wanted:
        return []
    return _log_rows(store, practice_log.c.learner_id.in_(wanted))


def every_review(store: ProgressStore) -> list[LoggedReview]:
    """Everyone's review log: for the operator's command line only (see the module's
    docstring), never a page."""
    return _log_rows(store, None)


def every_try(store: ProgressStore) -> list[LoggedTry]:
    """Everyone's tries about a task, oldest first: for the operator's command line
    only (see the module's docstring), never a page."""
    query = (select(attempts.c.learner_id, attempts.c.task, attempts.c.verdict,
                    attempts.c.code, attempts.c.move, attempts.c.at)
             .where(attempts.c.task.is_not(None)).order_by(attempts.c.id))
    with store._read() as con:
        return [LoggedTry(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]), float(r[5]))
                for r in con.execute(query)]


def _log_rows(store: ProgressStore, where: ColumnElement[bool] | None) -> list[LoggedReview]:
    c = practice_log.c
    query = select(c.learner_id, c.task, c.review, c.rating, c.at, c.elapsed_days,
                   c.stability_before, c.difficulty_before, c.stability_after,
                   c.difficulty_after).order_by(c.learner_id, c.task, c.review)
    if where is not None:
        query = query.where(where)

    def maybe(x: object) -> float | None:
        return None if x is None else float(str(x))

    with store._read() as con:
        return [LoggedReview(int(r[0]), str(r[1]), int(r[2]), int(r[3]), float(r[4]),
                             maybe(r[5]), maybe(r[6]), maybe(r[7]), float(r[8]), float(r[9]))
                for r in con.execute(query)]

