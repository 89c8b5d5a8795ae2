"""The class at a glance, for the teacher (plain Python, no Streamlit).

One row per learner: how far along the lesson path they are and where they
are now, their stars, the puzzles they have solved and their puzzle rating,
how many tries they have made (every kind: lesson steps, puzzles, live class
questions, homework; services/activity.py) and when they last did anything,
whatever it was. Built from the store and the course as they are; nothing here
is recorded.

Two shapes of the same rows: `table` for the page, whose cells are words in the
teacher's language ("5 min ago") under stable column ids the page names with
`t("class.col.<id>")`; and `to_csv` for the teacher's spreadsheet, in the same
language (services/spreadsheet.py: its separator, a byte-order mark), whose columns
are `CSV_COLUMNS` named in words, its cells plain numbers, titles and the last
activity's date and time in the school's time zone (CASSINO_TIME_ZONE).
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tutorial_app import config
from tutorial_app.flows.lesson import DONE, OPEN, lesson_path
from tutorial_app.services import activity, spreadsheet
from tutorial_app.services.store import ProgressStore
from tutorial_app.words.i18n import count, t

if TYPE_CHECKING:
    from tutorial_app.course import Lesson


@dataclass(frozen=True, slots=True)
class ClassRow:
    name: str
    finished: int          # lessons finished
    lessons: int           # lessons in the course
    stars: int             # stars over the finished lessons
    now_on: str | None     # title of the first open lesson on the path; None when all done
    puzzles_solved: int
    rating: float
    last_active: float | None  # Unix time of the learner's last try, step, puzzle or move
    tries: int = 0         # every try logged: lesson steps, puzzles, live answers, homework
    live_answers: int = 0  # of them, answers to live class questions


def class_rows(lessons: Sequence[Lesson], store: ProgressStore,
               only: Collection[int] | None) -> list[ClassRow]:
    """The learners of one class (`only`: their ids), most recently active first. None,
    no class chosen (a teacher without classes), is nobody: a teacher sees the
    learners of their own classes, never everyone on the server."""
    if not only:
        return []
    active = store.last_active()
    logged = activity.tries(store, only)
    rows: list[ClassRow] = []
    for learner in store.learners():
        if learner.id not in only:
            continue
        path = lesson_path(lessons, store.progress(learner.id))
        now_on = next((e.lesson.title for e in path if e.state == OPEN), None)
        tried = logged.get(learner.id)
        times = [at for at in (active.get(learner.id), tried.last if tried else None)
                 if at is not None]
        rows.append(ClassRow(
            name=learner.name,
            finished=sum(1 for e in path if e.state == DONE),
            lessons=len(path),
            stars=sum(e.stars for e in path if e.state == DONE),
            now_on=now_on,
            puzzles_solved=sum(store.solved_puzzles(learner.id).values()),
            rating=learner.rating,
            last_active=max(times) if times else None,
            tries=tried.count if tried else 0,
            live_answers=tried.live if tried else 0,
        ))
    rows.sort(key=lambda r: (-(r.last_active or 0.0), r.name.lower()))
    return rows


TABLE_COLUMNS: Final = ("learner", "finished", "stars", "now_on", "puzzles", "tries", "rating",
                         "active")


def table(rows: Sequence[ClassRow], now: float | None = None) -> dict[str, list[str | int]]:
    """The class table as the page shows it: column id (`TABLE_COLUMNS`) -> cells."""
    cells: dict[str, list[str | int]] = {column: [] for column in TABLE_COLUMNS}
    for r in rows:
        row: tuple[str | int, ...] = (
            r.name, f"{r.finished} / {r.lessons}", r.stars, r.now_on or t("class.all_done"),
            r.puzzles_solved, tries_words(r), round(r.rating), ago(r.last_active, now))
        for column, value in zip(TABLE_COLUMNS, row, strict=True):
            cells[column].append(value)
    return cells


CSV_COLUMNS: Final = ("learner", "lessons_finished", "lessons", "stars", "now_on",
                       "puzzles_solved", "tries", "live_answers", "rating", "last_active")


def csv_headers() -> tuple[str, ...]:
    """`CSV_COLUMNS` as the teacher reads them, in the run's language."""
    return (t("class.col.learner"), t("class.csv.lessons_finished"), t("class.csv.lessons"),
            t("class.col.stars"), t("class.col.now_on"), t("class.col.puzzles"),
            t("class.col.tries"), t("class.csv.live"), t("class.col.rating"),
            t("class.csv.last_active", zone=config.time_zone_name()))


def to_csv(rows: Sequence[ClassRow]) -> str:
    """The class table as CSV for the teacher's spreadsheet, in the run's language (the
    teacher's): its separator and decimal sign, a byte-order mark, headers in words, the
    last activity as a date and time in the school's time zone.

    A name is typed by the learner, so every text cell is quoted and one that a
    spreadsheet would read as a formula gets a leading apostrophe, whichever
    separator the spreadsheet's locale splits on (services/spreadsheet.py).
    """
    lines: list[list[object]] = [list(csv_headers())]
    for r in rows:
        lines.append([r.name, r.finished, r.lessons, r.stars, r.now_on or t("class.all_done"),
                      r.puzzles_solved, r.tries, r.live_answers, round(r.rating),
                      spreadsheet.date_time(r.last_active)])
    return spreadsheet.document(lines)


def tries_words(row: ClassRow) -> str:
    """The tries cell: how many, and how many of them answered live questions."""
    if not row.live_answers:
        return str(row.tries)
    return count(row.live_answers, "class-tries-live", tries=row.tries)


def ago(when: float | None, now: float | None = None) -> str:
    """A short "how long ago" for the table: just now, 5 min ago, 3 h ago, 2 days ago."""
    if when is None:
        return t("class.ago.never")
    seconds = max(0.0, (time.time() if now is None else now) - when)
    if seconds < 60:
        return t("class.ago.now")
    if seconds < 3600:
        return t("class.ago.minutes", n=int(seconds // 60))
    if seconds < 86400:
        return t("class.ago.hours", n=int(seconds // 3600))
    days = int(seconds // 86400)
    return t("class.ago.yesterday") if days == 1 else t("class.ago.days", n=days)
