"""Homework read move by move (plain Python, no Streamlit).

A teacher assigns a lesson or a set of puzzles (chosen by theme, by difficulty or by
hand) to a class, with an optional due date. The report is a table of learners x
tasks: solved, stars and tries, read from the attempt log since the homework was
set, and for any cell the moves the learner tried, in order, with their verdicts;
for each task, the wrong moves most often tried across the class. Both tables go to
CSV for a spreadsheet.

Assigned work is open: a lesson assigned to a class opens for its learners whatever
the course's locks (`assigned_lessons`, asked by the Learn page), and counts; the
teacher is told which learners have not reached it yet (`not_reached`).
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tutorial_app.course.checking import stars
from tutorial_app.course.course import Course
from tutorial_app.course.steps import unit_of
from tutorial_app.flows import links
from tutorial_app.flows.lesson import LOCKED, lesson_path
from tutorial_app.services import spreadsheet
from tutorial_app.services.classes import AttemptRow, ClassStore, Homework
from tutorial_app.services.store import Learner

CORRECT: Final = "correct"
COMMON_SHOWN: Final = 3


@dataclass(frozen=True, slots=True)
class Cell:
    solved: bool
    stars: int
    tries: int
    moves: tuple[tuple[str, str], ...]  # (move in notation, verdict), in the order tried


@dataclass(frozen=True, slots=True)
class Report:
    homework: Homework
    learners: tuple[Learner, ...]
    tasks: tuple[str, ...]
    labels: dict[str, str]                    # task ref -> its title
    cells: dict[tuple[int, str], Cell]        # (learner id, task ref) -> cell
    common_wrong: dict[str, tuple[tuple[str, int], ...]]  # task -> (move, times)


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
    kind, _, ref = task.partition(":")
    if kind == "lesson":
        lesson = links.find_lesson(course, ref)
        return lesson.title if lesson else ref
    puzzle = links.find_puzzle(course, ref)
    return (puzzle.title or puzzle.prompt) if puzzle else ref


def labels(course: Course, tasks: Sequence[str]) -> dict[str, str]:
    """Each task's title, as a teacher reads it; the id is added only where two tasks
    would otherwise read the same (the table's columns are keyed by these words)."""
    found = {task: label(course, task) for task in tasks}
    seen = Counter(found.values())
    return {task: text if seen[text] == 1 else f"{text} ({task.partition(':')[2]})"
            for task, text in found.items()}


def link(task: str) -> dict[str, str]:
    """The link parameters that open a task (on the Learn or the Puzzles page)."""
    kind, _, ref = task.partition(":")
    return {links.LESSON: ref} if kind == "lesson" else {links.PUZZLE: ref}


def _matches(task: str, row: AttemptRow) -> bool:
    kind, _, ref = task.partition(":")
    if kind == "lesson":
        return row.kind == "step" and row.ref.startswith(f"{ref}/")
    return row.kind == "puzzle" and row.ref == ref


def _task_cell(course: Course, task: str, rows: list[AttemptRow], done: dict[str, int]) -> Cell:
    moves = tuple((r.move, r.verdict) for r in rows)
    kind, _, ref = task.partition(":")
    if kind == "lesson":
        lesson = links.find_lesson(course, ref)
        playable = {s.id for s in lesson.steps if unit_of(s).board(s)} if lesson else set()
        solved_steps = {r.ref.split("/", 1)[1] for r in rows if r.verdict == CORRECT}
        solved = ref in done or (bool(playable) and playable <= solved_steps)
        return Cell(solved, done.get(ref, 0), len(rows), moves)
    first = next((i for i, r in enumerate(rows) if r.verdict == CORRECT), None)
    return Cell(first is not None, stars(first, 0) if first is not None else 0, len(rows),
                moves)


def report(course: Course, rooms: ClassStore, homework: Homework) -> Report:
    members = tuple(x for x in rooms.members(homework.class_id)
                    if homework.for_learner(x.id))
    log = rooms.attempts_of([x.id for x in members], since=homework.created)
    finished = {x.id: {lesson: p.stars for lesson, p in rooms.store.progress(x.id).items()
                       if p.completed} for x in members}
    cells: dict[tuple[int, str], Cell] = {}
    wrong: dict[str, Counter[str]] = {task: Counter() for task in homework.tasks}
    for learner in members:
        mine = [r for r in log if r.learner_id == learner.id]
        for task in homework.tasks:
            rows = [r for r in mine if _matches(task, r)]
            cells[(learner.id, task)] = _task_cell(course, task, rows, finished[learner.id])
            wrong[task].update(r.move for r in rows if r.verdict != CORRECT)
    return Report(homework, members, homework.tasks,
                  labels(course, homework.tasks), cells,
                  {task: tuple(c.most_common(COMMON_SHOWN)) for task, c in wrong.items()})


def cell_words(cell: Cell) -> str:
    """One table cell: ✓ and stars when solved, and the tries."""
    head = f"✓ {'★' * cell.stars}" if cell.solved else ("…" if cell.tries else "—")
    return f"{head} ({cell.tries})" if cell.tries else head


def table(found: Report) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"": [x.name for x in found.learners]}
    for task in found.tasks:
        out[found.labels[task]] = [cell_words(found.cells[(x.id, task)])
                                   for x in found.learners]
    return out


def table_csv(found: Report) -> str:
    out = io.StringIO()
    writer = spreadsheet.writer(out)
    writer.writerow(["learner", "task", "solved", "stars", "tries"])
    for x in found.learners:
        for task in found.tasks:
            c = found.cells[(x.id, task)]
            writer.writerow([_cell_text(x.name), task, int(c.solved), c.stars, c.tries])
    return out.getvalue()


def moves_csv(found: Report) -> str:
    """Every move tried, in order: learner, task, try number, move, verdict."""
    out = io.StringIO()
    writer = spreadsheet.writer(out)
    writer.writerow(["learner", "task", "try", "move", "verdict"])
    for x in found.learners:
        for task in found.tasks:
            for n, (move, verdict) in enumerate(found.cells[(x.id, task)].moves, 1):
                writer.writerow([_cell_text(x.name), task, n, move, verdict])
    return out.getvalue()


def _cell_text(text: str) -> str:
    """A learner's name as a cell a spreadsheet in any locale reads as text
    (services/spreadsheet.py)."""
    return spreadsheet.cell(text)


def done_by(course: Course, rooms: ClassStore, work: Homework, learner_id: int
            ) -> frozenset[str]:
    """The tasks of a homework this learner has done, counted as the teacher's report
    counts them, so the learner's tick and the teacher's ✓ never disagree."""
    log = rooms.attempts_of([learner_id], since=work.created)
    finished = {lesson: p.stars for lesson, p in rooms.store.progress(learner_id).items()
                if p.completed}
    return frozenset(task for task in work.tasks if _task_cell(
        course, task, [r for r in log if _matches(task, r)], finished).solved)
