"""Homework read move by move, step by step (plain Python, no Streamlit).

A teacher assigns a lesson or a set of puzzles (chosen by theme, by difficulty or by
hand) to a class, with an optional due date. The report is a table of learners x
columns: one column per task and, for a lesson, one per step it scores (its number and
title, "2. Take 8♦, 5♠, 2♦ and A♣"), each cell solved, stars and tries, read from the
attempt log since the homework was set. A try belongs to the step it was tried on, and
so does its verdict: the same move can be right at one step and a miss at the next, so
the moves of a learner's task are listed by step, and the most common wrong moves are
counted per step (or puzzle), never counting a right answer of that step. A lesson's
own cell counts its steps solved, the same number on the page and in the CSV.

Both tables go to CSV for the teacher's spreadsheet (services/spreadsheet.py): in the
teacher's language, with titles (never ids), moves in words with their notation in a
column of its own, and dates and times in the school's time zone.

Assigned work is open: a lesson assigned to a class opens for its learners whatever
the course's locks (`assigned_lessons`, asked by the Learn page), and counts; the
teacher is told which learners have not reached it yet (`not_reached`).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine import REASON_CODES
from tutorial_app import config
from tutorial_app.course.course import Course
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge.checking import stars
from tutorial_app.course.judge.moves import answers
from tutorial_app.course.judge.reasons import reason_label
from tutorial_app.course.model import Lesson, Puzzle, Step
from tutorial_app.course.steps import unit_of
from tutorial_app.flows import links, live
from tutorial_app.flows.lesson import LOCKED, lesson_path, lesson_stars
from tutorial_app.services import spreadsheet
from tutorial_app.services.classes import AttemptRow, ClassStore, Homework
from tutorial_app.services.store import Learner, LessonProgress
from tutorial_app.words import words
from tutorial_app.words.i18n import t

CORRECT: Final = "correct"
COMMON_SHOWN: Final = 3
TITLE_LENGTH: Final = 48  # a step's title in a column header, cut at a word


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the report: a task ("puzzle:ID", "lesson:ID") or one step of a
    lesson ("lesson:ID/STEP")."""

    key: str
    task: str
    title: str       # the task's title, or the step's number and title
    step: str = ""   # the step's id, for a step's column
    lesson: str = ""  # the lesson's title, for a step's column
    steps: int = 0   # for a lesson's own column: the steps it scores
    board: bool = True  # answered with moves on a board (a puzzle, a play step)

    @property
    def where(self) -> str:
        """The column named on its own, as a sentence names it (the step with its
        lesson)."""
        return t("homework.step_in", lesson=self.lesson, step=self.title) if self.step \
            else self.title


@dataclass(frozen=True, slots=True)
class Try:
    """One try, at the step (or puzzle) it was tried on, with that step's verdict."""

    column: str      # the key of its step's column (a puzzle's: the task's)
    answer: str      # as logged: a move in notation, the options picked, a reason code
    words: str       # the same in words, in the teacher's language
    verdict: str     # the status logged: correct, missed, not-allowed, unreadable
    said: str        # the verdict in words, as the step's kind means it
    reason: str      # why a move is not allowed, in words ("" when it is)
    at: float


@dataclass(frozen=True, slots=True)
class Cell:
    solved: bool
    stars: int
    tries: int
    moves: tuple[Try, ...]   # in the order tried (a lesson's: every step's)
    steps_solved: int = 0    # a lesson's own cell: its steps solved
    steps: int = 0           # ... of these
    before: bool = False     # a step solved before the homework was set (no try to list)


@dataclass(frozen=True, slots=True)
class Mistake:
    answer: str
    words: str
    times: int


@dataclass(frozen=True, slots=True)
class Report:
    homework: Homework
    learners: tuple[Learner, ...]
    tasks: tuple[str, ...]
    labels: dict[str, str]                     # task ref -> its title
    columns: tuple[Column, ...]                # each task, then each step of a lesson
    cells: dict[tuple[int, str], Cell]         # (learner id, column key) -> cell
    common_wrong: dict[str, tuple[Mistake, ...]]  # column key (a step, a puzzle) -> mistakes

    def column(self, key: str) -> Column | None:
        return next((c for c in self.columns if c.key == key), None)


def choose_puzzles(course: Course, themes: Sequence[str] = (), difficulty: int | None = None,
                   picked: Sequence[str] = ()) -> list[str]:
    """Task refs for puzzles: those hand-picked, else those of the themes and/or the
    difficulty asked (in the course's order)."""
    if picked:
        known = {p.id for p in course.puzzles}
        return [f"puzzle:{p}" for p in picked if p in known]
    return [f"puzzle:{p.id}" for p in course.puzzles
            if (not themes or set(themes) & set(p.themes))
            and (difficulty is None or p.difficulty == difficulty)]


def assigned_tasks(rooms: ClassStore, learner_id: int) -> frozenset[str]:
    """Every task ("lesson:ID", "puzzle:ID") of the homework of the learner's class."""
    room = rooms.class_of(learner_id)
    if room is None:
        return frozenset()
    return frozenset(task for work in rooms.homework_of(room.id, learner_id)
                     for task in work.tasks)


def assigned_lessons(rooms: ClassStore, learner_id: int) -> frozenset[str]:
    """The ids of the lessons the learner's class has as homework."""
    return frozenset(ref for kind, _, ref in (task.partition(":") for task in
                                              assigned_tasks(rooms, learner_id))
                     if kind == "lesson")


def not_reached(course: Course, rooms: ClassStore, class_id: int,
                lesson_id: str) -> tuple[str, ...]:
    """The names of the class's learners for whom the course still locks this lesson
    (the lessons it builds on are not finished): homework opens it for them early."""
    out = []
    for learner in rooms.members(class_id):
        path = lesson_path(course.lessons, rooms.store.progress(learner.id))
        if any(e.lesson.id == lesson_id and e.state is LOCKED for e in path):
            out.append(learner.name)
    return tuple(out)


def label(course: Course, task: str) -> str:
    """A task's title as a teacher or learner reads it (never its id)."""
    lesson, puzzle = _lesson(course, task), _puzzle(course, task)
    if lesson is not None:
        return lesson.title
    if puzzle is not None:
        return puzzle.title or puzzle.prompt
    return t("homework.task_gone")


def labels(course: Course, tasks: Sequence[str]) -> dict[str, str]:
    """Each task's title, as a teacher reads it; numbered where two tasks would
    otherwise read the same (the table's columns are keyed by these words)."""
    found = {task: label(course, task) for task in tasks}
    seen = Counter(found.values())
    nth: Counter[str] = Counter()
    out = {}
    for task, text in found.items():
        nth[text] += 1
        out[task] = text if seen[text] == 1 else t("homework.same_title", title=text,
                                                    n=nth[text])
    return out


def link(task: str) -> dict[str, str]:
    """The link parameters that open a task (on the Learn or the Puzzles page)."""
    kind, _, ref = task.partition(":")
    return {links.LESSON: ref} if kind == "lesson" else {links.PUZZLE: ref}


def _lesson(course: Course, task: str) -> Lesson | None:
    kind, _, ref = task.partition(":")
    return links.find_lesson(course, ref) if kind == "lesson" else None


def _puzzle(course: Course, task: str) -> Puzzle | None:
    kind, _, ref = task.partition(":")
    return links.find_puzzle(course, ref) if kind == "puzzle" else None


def _scored(lesson: Lesson) -> list[tuple[int, Step]]:
    """The steps of a lesson that are answered, with their number in the lesson (the
    one the learner reads: "Step 2 of 8")."""
    return [(n, step) for n, step in enumerate(lesson.steps, 1) if unit_of(step).scored]


# ----- a step's title ------------------------------------------------------------------

def step_title(step: Step, number: int, lesson: Lesson | None = None) -> str:
    """A step's number and a short title in the teacher's language: a play step's goal
    ("2. Take 8♦, 5♠, 2♦ and A♣"), or, when another step of the lesson has the same
    goal, the instruction its prompt ends with ("3. Clear the whole table with one
    card"); a mistake step's move ("7. What is wrong: 8♠ takes …"); else the question
    its prompt asks (or its last sentence)."""
    unit = unit_of(step)
    goal = _goal(step)
    move = unit.move_words(step)
    if goal is not None:
        text = goal.describe()
        twins = [s for s in (lesson.steps if lesson else ()) if s is not step
                 and (other := _goal(s)) is not None and other.describe() == text]
        last = _sentences(unit.text(step))[-1:]
        if twins and last and len(last[0].split()) >= 4:
            text = last[0].rstrip(".")
    elif move:
        text = t("homework.step.mistake", move=move)
    else:
        sentences = _sentences(unit.text(step))
        text = next((x for x in reversed(sentences) if x.endswith("?")),
                    sentences[-1].rstrip(".") if sentences else "")
    return t("homework.step_title", n=number, title=_short(text[:1].upper() + text[1:]))


def _goal(step: Step) -> Goal | None:
    """The goal of a step played on a board, if it is one."""
    goal = getattr(step, "goal", None)
    return goal if isinstance(goal, Goal) and unit_of(step).board(step) is not None else None


def _sentences(text: str) -> list[str]:
    """A prompt's sentences, its Markdown marks and links left out."""
    plain = " ".join(re.sub(r"\*\*|`|\[([^]]*)\]\([^)]*\)", r"\1", text).split())
    return [x for x in re.split(r"(?<=[.?!])\s+", plain) if x]


def _short(text: str) -> str:
    if len(text) <= TITLE_LENGTH:
        return text
    cut = text[:TITLE_LENGTH].rsplit(" ", 1)[0].rstrip(",;:")
    return f"{cut}…"


# ----- a try in words ------------------------------------------------------------------

def _board(item: Step | Puzzle | None) -> bool:
    """Is the item answered with a move on a board (a play step, a puzzle)?"""
    if item is None or isinstance(item, Puzzle):
        return True
    return unit_of(item).board(item) is not None


def answer_words(item: Step | Puzzle | None, answer: str) -> str:
    """What was tried, in words: a move ("8♠ takes 5♣+3♦"); the options ticked at a
    choose step; the reason picked at a mistake step; the answer picked at a quiz."""
    if item is None or _board(item):
        return words.written(answer)
    choices = {str(key): str(text) for key, text in getattr(item, "choices", ()) or ()}
    if answer in choices:
        return choices[answer]
    if answer in REASON_CODES:
        return reason_label(answer)
    options = unit_of(item).options(item)
    if options and re.fullmatch(r"\d+( \d+)*", answer):
        return " / ".join(options[int(n) - 1] for n in answer.split()
                          if 0 < int(n) <= len(options))
    if answer in ("frozenset()", ""):
        return t("homework.answer.nothing")
    try:
        found = ast.literal_eval(answer)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return answer
    return ", ".join(map(str, found)) if isinstance(found, tuple) else answer


def verdict_words(item: Step | Puzzle | None, verdict: str) -> str:
    """The verdict as the item's kind means it: a move is correct, legal but missing the
    goal, or not allowed; any other answer is correct or wrong."""
    if verdict == CORRECT:
        return t("live.verdict.correct")
    if not _board(item):
        return t("homework.verdict.wrong")
    if verdict == "unreadable":
        return t("homework.verdict.unreadable")
    return live.verdict_words(verdict)


Worded = dict[tuple[str, str, str, str], tuple[str, str, str]]


def _try(item: Step | Puzzle | None, column: str, row: AttemptRow, worded: Worded) -> Try:
    """A logged try at its step; its words found once per report for each distinct
    answer (`worded`): a class tries the same moves again and again."""
    key = (column, row.move, row.verdict, row.code)
    if key not in worded:
        reason = reason_label(row.code) if row.verdict != CORRECT \
            and row.code in REASON_CODES and row.code != "legal" else ""
        worded[key] = (answer_words(item, row.move), verdict_words(item, row.verdict), reason)
    said, verdict, reason = worded[key]
    return Try(column, row.move, said, row.verdict, verdict, reason, row.at)


# ----- the report ----------------------------------------------------------------------

def columns(course: Course, tasks: Sequence[str], titles: Mapping[str, str]
            ) -> tuple[Column, ...]:
    """Each task's column, and after a lesson's, one per step it scores."""
    out: list[Column] = []
    for task in tasks:
        lesson = _lesson(course, task)
        scored = _scored(lesson) if lesson is not None else []
        out.append(Column(task, task, titles[task], steps=len(scored)))
        out.extend(Column(f"{task}/{step.id}", task, step_title(step, n, lesson), step.id,
                          titles[task], board=_board(step)) for n, step in scored)
    return tuple(out)


def _matches(task: str, row: AttemptRow) -> bool:
    kind, _, ref = task.partition(":")
    if kind == "lesson":
        return row.kind == "step" and row.ref.startswith(f"{ref}/")
    return row.kind == "puzzle" and row.ref == ref


def _first_right(tries: Sequence[Try]) -> int | None:
    return next((i for i, x in enumerate(tries) if x.verdict == CORRECT), None)


def _task_cells(course: Course, task: str, rows: list[AttemptRow],
                progress: Mapping[str, LessonProgress], worded: Worded | None = None
                ) -> dict[str, Cell]:
    """The cells of one learner for one task: the task's, and each step's of a lesson.
    A step is solved by a right try since the homework was set, or before it (the
    learner's progress); a lesson by finishing it, or by solving every step."""
    lesson = _lesson(course, task)
    worded = {} if worded is None else worded
    if lesson is None:
        puzzle = _puzzle(course, task)
        tries = tuple(_try(puzzle, task, r, worded) for r in rows)
        first = _first_right(tries)
        return {task: Cell(first is not None,
                           stars(first, 0, answers=answers(puzzle) if puzzle else 1)
                           if first is not None else 0,
                           len(tries), tries)}
    mine = progress.get(lesson.id) or LessonProgress()
    by_step = {step.id: step for step in lesson.steps}
    at = [r.ref.split("/", 1)[1] for r in rows]  # the step each was tried on
    tries = tuple(_try(by_step.get(step), f"{task}/{step}" if step in by_step else task, r,
                       worded) for step, r in zip(at, rows, strict=True))
    out: dict[str, Cell] = {}
    solved: dict[str, int] = {}
    for _, step in _scored(lesson):
        key = f"{task}/{step.id}"
        here = tuple(x for x in tries if x.column == key)
        first = _first_right(here)
        if step.id in mine.steps:
            solved[step.id] = mine.steps[step.id]
        elif first is not None:
            solved[step.id] = stars(first, 0, answers=unit_of(step).answers(step))
        out[key] = Cell(step.id in solved, solved.get(step.id, 0), len(here), here,
                        before=step.id in mine.steps and first is None)
    count = len(out)
    finished = mine.completed or (count > 0 and len(solved) == count)
    lesson_star = mine.stars if mine.completed else (
        lesson_stars(lesson, solved) if finished else 0)
    out[task] = Cell(finished, lesson_star, len(tries), tries, len(solved), count)
    return out


def _common_wrong(found: Sequence[Column], cells: Mapping[tuple[int, str], Cell],
                  learners: Sequence[Learner], course: Course
                  ) -> dict[str, tuple[Mistake, ...]]:
    """For each step (or puzzle): its wrong answers tried most often across the class.
    A verdict is the step's: an answer right at this step (by the log or by the
    step's solutions) is never one of its mistakes, whatever it was at another."""
    out: dict[str, tuple[Mistake, ...]] = {}
    for column in found:
        lesson = _lesson(course, column.task)
        if lesson is not None and not column.step:
            continue  # a lesson's own column: its mistakes are its steps'
        tries = [x for who in learners for x in cells[(who.id, column.key)].moves]
        item: Step | Puzzle | None = _puzzle(course, column.task) if lesson is None else \
            next((s for s in lesson.steps if s.id == column.step), None)
        right = {x.answer for x in tries if x.verdict == CORRECT}
        right |= {m.text for m in getattr(item, "solution_moves", ()) or ()}
        wrong = Counter(x.answer for x in tries if x.verdict != CORRECT
                        and x.answer not in right)
        said = {x.answer: x.words for x in tries}
        if wrong:
            out[column.key] = tuple(Mistake(answer, said[answer], n)
                                    for answer, n in wrong.most_common(COMMON_SHOWN))
    return out


def report(course: Course, rooms: ClassStore, homework: Homework) -> Report:
    members = tuple(x for x in rooms.members(homework.class_id)
                    if homework.for_learner(x.id))
    log = rooms.attempts_of([x.id for x in members], since=homework.created)
    titles = labels(course, homework.tasks)
    found = columns(course, homework.tasks, titles)
    cells: dict[tuple[int, str], Cell] = {}
    worded: Worded = {}
    for learner in members:
        progress = rooms.store.progress(learner.id)
        mine = [r for r in log if r.learner_id == learner.id]
        for task in homework.tasks:
            made = _task_cells(course, task, [r for r in mine if _matches(task, r)], progress,
                               worded)
            cells.update({(learner.id, key): cell for key, cell in made.items()})
    return Report(homework, members, homework.tasks, titles, found, cells,
                  _common_wrong(found, cells, members, course))


# ----- the page's table ----------------------------------------------------------------

def cell_words(cell: Cell) -> str:
    """One table cell: ✓ and stars when solved, and the tries; a lesson's also its steps
    solved ("3/8 (7)")."""
    done = f"✓ {'★' * cell.stars}".rstrip() if cell.solved else ""
    if cell.steps:
        head = f"{done} {cell.steps_solved}/{cell.steps}".strip()
        if not cell.tries and not cell.steps_solved:
            head = "—"
    else:
        head = done or ("…" if cell.tries else "—")
    return f"{head} ({cell.tries})" if cell.tries else head


def headers(found: Report) -> dict[str, str]:
    """Each column's header on the page (its title; numbered in the rare case two
    read the same), by column key."""
    out: dict[str, str] = {}
    taken = {t("homework.learner")}
    for column in found.columns:
        text, n = column.title, 1
        while text in taken:
            n += 1
            text = t("homework.same_title", title=column.title, n=n)
        taken.add(text)
        out[column.key] = text
    return out


def table(found: Report) -> dict[str, list[str]]:
    """The table as the page shows it: the learner, then each column's cells."""
    out: dict[str, list[str]] = {t("homework.learner"): [x.name for x in found.learners]}
    for key, header in headers(found).items():
        out[header] = [cell_words(found.cells[(x.id, key)]) for x in found.learners]
    return out


# ----- the CSV files -------------------------------------------------------------------

def _yes(value: bool) -> str:
    return t("homework.csv.yes") if value else t("homework.csv.no")


def table_csv(found: Report) -> str:
    """The table for a spreadsheet, in the teacher's language: a row per learner; for
    each column (the page's), whether solved, the stars and the tries as numbers (a
    lesson's: its steps solved, whether finished, its stars and tries); the learner's
    last try, in the school's time zone."""
    named = headers(found)
    head: list[object] = [t("homework.csv.learner")]
    for column in found.columns:
        name = named[column.key]
        if column.steps:
            head += [t("homework.csv.steps_solved", column=name, total=column.steps),
                     t("homework.csv.finished", column=name)]
        else:
            head.append(t("homework.csv.solved", column=name))
        head += [t("homework.csv.stars", column=name), t("homework.csv.tries", column=name)]
    head.append(t("homework.csv.last_try", zone=config.time_zone_name()))
    rows: list[list[object]] = [head]
    for x in found.learners:
        row: list[object] = [x.name]
        last = [tried.at for task in found.tasks for tried in found.cells[(x.id, task)].moves]
        for column in found.columns:
            cell = found.cells[(x.id, column.key)]
            row += [cell.steps_solved, _yes(cell.solved)] if column.steps else [
                _yes(cell.solved)]
            row += [cell.stars, cell.tries]
        row.append(spreadsheet.date_time(max(last)) if last else "")
        rows.append(row)
    return spreadsheet.document(rows)


def moves_csv(found: Report) -> str:
    """Every try, for a spreadsheet in the teacher's language: learner, task, step, the
    try's number at that step, when (the school's time zone), the move or answer in
    words, its notation, the verdict and why."""
    rows: list[list[object]] = [[
        t("homework.csv.learner"), t("homework.csv.task"), t("homework.csv.step"),
        t("homework.csv.try"), t("homework.csv.when", zone=config.time_zone_name()),
        t("homework.csv.move"), t("homework.csv.notation"), t("homework.csv.verdict"),
        t("homework.csv.reason")]]
    steps = {c.key: c.title for c in found.columns if c.step}
    lessons = {c.task for c in found.columns if c.step}
    for x in found.learners:
        for task in found.tasks:
            number: Counter[str] = Counter()
            for tried in found.cells[(x.id, task)].moves:
                number[tried.column] += 1
                step = steps.get(tried.column) or (t("homework.step_gone") if task in lessons
                                                   else "")
                rows.append([x.name, found.labels[task], step,
                             number[tried.column], spreadsheet.date_time(tried.at),
                             tried.words, tried.answer, tried.said, tried.reason])
    return spreadsheet.document(rows)


def done_by(course: Course, rooms: ClassStore, work: Homework, learner_id: int
            ) -> frozenset[str]:
    """The tasks of a homework this learner has done, counted as the teacher's report
    counts them, so the learner's tick and the teacher's ✓ never disagree."""
    log = rooms.attempts_of([learner_id], since=work.created)
    progress = rooms.store.progress(learner_id)
    return frozenset(task for task in work.tasks if _task_cells(
        course, task, [r for r in log if _matches(task, r)], progress)[task].solved)
