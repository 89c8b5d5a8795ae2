"""The homework panels' controllers (plain Python, no Streamlit): the teacher's, on the
Classroom (the form that assigns a lesson or puzzles, and a report per homework), and
the learner's box at the top of Learn.

As every page's controller: built on each run from the class store, the course and
who is asking; `screen()` says what to draw, its methods are the clicks. The reports
themselves are `flows/homework.py`; this only gathers what the panel shows, so the
panel (ui/homework_panels.py) draws without asking the store anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from tutorial_app import config
from tutorial_app.course.course import Course
from tutorial_app.flows import homework
from tutorial_app.services import spreadsheet
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass
from tutorial_app.services.store import Learner
from tutorial_app.words.i18n import t

LESSON = "lesson"
PUZZLES = "puzzles"


def due_words(due: float | None) -> str:
    """" · due 3 May" after a homework's title, or nothing."""
    if due is None:
        return ""
    return t("homework.due", date=spreadsheet.date(due))


def end_of(day: date) -> float:
    """The due day's last minute, on the school's clock (CASSINO_TIME_ZONE)."""
    return datetime.combine(day, time(23, 59), config.time_zone()).timestamp()


# ----- the learner -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TaskLink:
    """One task of a homework as the learner's box links it."""

    kind: str                # "lesson" or "puzzle": the page it opens on
    title: str               # cut to 60 characters
    done: bool
    link: dict[str, str]     # the page's link parameters


@dataclass(frozen=True, slots=True)
class HomeworkLine:
    title: str
    due: str                 # due_words()
    tasks: tuple[TaskLink, ...]


class LearnerHomework:
    """The learner's homework, first thing on Learn: each with its tasks, done or not
    (counted as the teacher's report counts them)."""

    def __init__(self, rooms: ClassStore, course: Course, learner: Learner) -> None:
        self.rooms, self.course, self.learner = rooms, course, learner

    def screen(self) -> tuple[HomeworkLine, ...]:
        room = self.rooms.class_of(self.learner.id)
        if room is None:
            return ()
        out = []
        for item in self.rooms.homework_of(room.id, self.learner.id):
            done = homework.done_by(self.course, self.rooms, item, self.learner.id)
            out.append(HomeworkLine(item.title, due_words(item.due), tuple(
                TaskLink(task.partition(":")[0], homework.label(self.course, task)[:60],
                         task in done, homework.link(task))
                for task in item.tasks)))
        return tuple(out)


# ----- the teacher -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormChoices:
    """What the assign form offers: lessons by title, themes, levels, puzzles by title."""

    lessons: dict[str, str]          # lesson id -> title
    themes: tuple[str, ...]
    levels: tuple[int, ...]
    puzzles: dict[str, str]          # puzzle id -> title, numbered where two read alike


@dataclass(frozen=True, slots=True)
class ReportScreen:
    """One homework's report, with its table and both CSVs made."""

    report: homework.Report
    title: str
    due: str
    table: dict[str, list[str]]
    table_csv: str
    moves_csv: str


@dataclass(frozen=True, slots=True)
class TriesPart:
    """A step's tries of one learner (or a puzzle's, with no title), in order."""

    tries: tuple[homework.Try, ...]
    title: str = ""                  # the step's number and title
    cell: str = ""                   # the step's cell in words (solved, stars, tries)
    before: bool = False             # solved before the homework was set


@dataclass(frozen=True, slots=True)
class TriesScreen:
    none: bool                       # no tries at all: "No tries yet"
    parts: tuple[TriesPart, ...]
    gone: tuple[homework.Try, ...]   # tries at a step since removed


@dataclass(frozen=True, slots=True)
class Assigned:
    """What one click on Assign did: the error, or how many tasks and who is behind."""

    error: str | None = None
    tasks: int = 0
    ahead_title: str = ""            # the lesson, when some learners have not reached it
    behind: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HomeworkScreen:
    choices: FormChoices
    reports: tuple[ReportScreen, ...]


class HomeworkController:
    """The teacher's homework panel for one class."""

    def __init__(self, rooms: ClassStore, course: Course, room: SchoolClass) -> None:
        self.rooms, self.course, self.room = rooms, course, room

    def choices(self) -> FormChoices:
        puzzles = self.course.puzzles
        titles = homework.labels(self.course, [f"puzzle:{p.id}" for p in puzzles])
        return FormChoices(
            lessons={x.id: x.title for x in self.course.lessons},
            themes=tuple(sorted({theme for p in puzzles for theme in p.themes})),
            levels=tuple(sorted({p.difficulty for p in puzzles})),
            puzzles={p.id: titles[f"puzzle:{p.id}"] for p in puzzles})

    def screen(self) -> HomeworkScreen:
        reports = []
        for item in self.rooms.homework_of(self.room.id):
            found = homework.report(self.course, self.rooms, item)
            reports.append(ReportScreen(found, item.title, due_words(item.due),
                                        homework.table(found), homework.table_csv(found),
                                        homework.moves_csv(found)))
        return HomeworkScreen(self.choices(), tuple(reports))

    def assign(self, kind: str, title: str, lesson: str | None, themes: list[str],
               level: int, picked: list[str], due: date | None) -> Assigned:
        """The form sent: a lesson, or puzzles (picked by hand, else by theme and level)."""
        if kind == LESSON:
            tasks = [f"lesson:{lesson}"] if lesson else []
        else:
            tasks = homework.choose_puzzles(self.course, themes, level or None, picked)
        when = end_of(due) if isinstance(due, date) else None
        try:
            self.rooms.assign(self.room.id, title or t("homework.default_title"), tasks, when)
        except ClassroomError as error:
            return Assigned(error=str(error))
        if kind == LESSON and lesson:
            behind = homework.not_reached(self.course, self.rooms, self.room.id, lesson)
            if behind:  # the teacher is told: it opens early for them, as homework
                return Assigned(tasks=len(tasks), behind=behind,
                                ahead_title=homework.label(self.course, f"lesson:{lesson}"))
        return Assigned(tasks=len(tasks))

    @staticmethod
    def tries(found: homework.Report, who: int, task: str) -> TriesScreen | None:
        """The learner's tries at the task: a puzzle's in order; a lesson's under each
        step tried (or solved before), in the order tried there, each with that step's
        verdict. None when the learner has no cell for the task."""
        cell = found.cells.get((who, task))
        if cell is None:
            return None
        steps = [c for c in found.columns if c.task == task and c.step]
        if not cell.moves and not any(found.cells[(who, c.key)].before for c in steps):
            return TriesScreen(True, (), ())
        if not steps:
            return TriesScreen(False, (TriesPart(cell.moves),), ())
        parts = []
        for column in steps:
            here = found.cells[(who, column.key)]
            if here.moves or here.before:
                parts.append(TriesPart(here.moves, column.title, homework.cell_words(here),
                                       here.before))
        gone = tuple(x for x in cell.moves if x.column == task)  # at a step since removed
        return TriesScreen(False, tuple(parts), gone)
