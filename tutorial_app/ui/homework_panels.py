"""Homework on the page, drawn from flows/homework.py: the teacher's form
to assign a lesson or puzzles with an optional due date, and the report (learners x
tasks and a lesson's steps, a learner's tries at a task step by step, the most common
wrong moves of each step or puzzle, two CSVs in the teacher's language); the learner's
list of homework at the top of Learn. Dates are the school's (CASSINO_TIME_ZONE)."""

from __future__ import annotations

from datetime import date, datetime, time

import streamlit as st

from tutorial_app import config
from tutorial_app.course.course import Course
from tutorial_app.course.i18n import count, t
from tutorial_app.flows import homework
from tutorial_app.services import spreadsheet
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass
from tutorial_app.services.store import Learner
from tutorial_app.ui import safe_text

PAGES = {"lesson": "views/learn.py", "puzzle": "views/puzzles.py"}


def _due_words(due: float | None) -> str:
    if due is None:
        return ""
    return t("homework.due", date=spreadsheet.date(due))


def _end_of(day: date) -> float:
    """The due day's last minute, on the school's clock."""
    zone = config.time_zone()
    moment = datetime.combine(day, time(23, 59), zone)
    return moment.timestamp()


def learner_box(rooms: ClassStore, course: Course, learner: Learner) -> None:
    """The learner's homework, first thing on Learn."""
    room = rooms.class_of(learner.id)
    if room is None:
        return
    work = rooms.homework_of(room.id, learner.id)
    if not work:
        return
    with st.container(border=True, key="homework-box"):
        st.markdown(f"#### {t('homework.yours')}")
        for item in work:
            st.markdown(f"**{safe_text.plain(item.title)}** {_due_words(item.due)}")
            done = homework.done_by(course, rooms, item, learner.id)
            with st.container(horizontal=True, gap="small"):
                for task in item.tasks:
                    kind = task.partition(":")[0]
                    title = homework.label(course, task)[:60]
                    st.page_link(PAGES.get(kind, PAGES["puzzle"]),
                                 label=t("homework.task_done", title=title)
                                 if task in done else title,
                                 query_params=homework.link(task),
                                 icon=":material/task_alt:" if task in done
                                 else ":material/assignment:")


def teacher_panel(rooms: ClassStore, course: Course, room: SchoolClass) -> None:
    with st.expander(t("homework.title"), icon=":material/assignment:"):
        _assign_form(rooms, course, room)
        for item in rooms.homework_of(room.id):
            _report(homework.report(course, rooms, item))


def _assign_form(rooms: ClassStore, course: Course, room: SchoolClass) -> None:
    kinds = {"puzzles": t("homework.kind.puzzles"), "lesson": t("homework.kind.lesson")}
    kind = st.radio(t("homework.kind"), list(kinds), format_func=kinds.__getitem__,
                    horizontal=True, key="hw.kind")
    lesson: str | None = None
    chosen_themes: list[str] = []
    level = 0
    picked: list[str] = []
    with st.form("hw-form", border=False):
        title = st.text_input(t("homework.name"), key="hw.title", max_chars=80)
        if kind == "lesson":
            lessons = {x.id: x.title for x in course.lessons}
            lesson = st.selectbox(t("classroom.lesson"), list(lessons),
                                  format_func=lessons.__getitem__, key="hw.lesson")
        else:
            themes = sorted({theme for p in course.puzzles for theme in p.themes})
            chosen_themes = st.multiselect(t("homework.themes"), themes, key="hw.themes",
                                           placeholder=t("homework.any"),
                                           format_func=lambda x: t(f"theme.{x}.name"))
            levels = sorted({p.difficulty for p in course.puzzles})
            level = st.selectbox(t("homework.difficulty"), [0, *levels], key="hw.level",
                                 format_func=lambda n: str(n) if n else t("homework.any")) or 0
            titles = homework.labels(course, [f"puzzle:{p.id}" for p in course.puzzles])
            picked = st.multiselect(t("homework.picked"), [p.id for p in course.puzzles],
                                    key="hw.picked", placeholder=t("homework.any"),
                                    format_func=lambda ref: titles[f"puzzle:{ref}"])
        due = st.date_input(t("homework.due_date"), value=None, key="hw.due")
        sent = st.form_submit_button(t("homework.assign"), type="primary")
    if not sent:
        return
    if kind == "lesson":
        tasks = [f"lesson:{lesson}"] if lesson else []
    else:
        tasks = homework.choose_puzzles(course, chosen_themes, level or None, picked)
    when = _end_of(due) if isinstance(due, date) else None
    try:
        rooms.assign(room.id, title or t("homework.default_title"), tasks, when)
    except ClassroomError as error:
        st.error(safe_text.plain(str(error)))
        return
    st.success(count(len(tasks), "homework-assigned"))
    if kind == "lesson" and lesson:
        behind = homework.not_reached(course, rooms, room.id, lesson)
        if behind:  # the teacher is told: it opens early for them, as homework
            st.info(count(len(behind), "homework-ahead",
                          title=safe_text.plain(homework.label(course, f"lesson:{lesson}")),
                          names=safe_text.plain(", ".join(behind[:12]))),
                    icon=":material/fast_forward:")


def _report(found: homework.Report) -> None:
    """Learners x tasks and steps; a learner's tries at a task, step by step; the common
    wrong moves of each step or puzzle; CSVs."""
    work = found.homework
    with st.container(border=True, key=f"hw-{work.id}"):
        st.markdown(f"**{safe_text.plain(work.title)}** {_due_words(work.due)}")
        if not found.learners:
            st.caption(t("homework.no_learners"))
            return
        st.dataframe(homework.table(found), hide_index=True, key=f"hw-table-{work.id}",
                     column_config={t("homework.learner"): st.column_config.Column(
                         pinned=True)})  # the names stay while the steps scroll by
        st.caption(t("homework.legend"))
        names = {x.id: x.name for x in found.learners}
        left, right = st.columns(2)
        who = left.selectbox(t("homework.learner"), list(names), format_func=names.__getitem__,
                             key=f"hw-who-{work.id}")
        task = right.selectbox(t("homework.task"), list(found.tasks),
                               format_func=found.labels.__getitem__, key=f"hw-task-{work.id}")
        if who is not None and task is not None:
            _tries(found, int(who), str(task), names[int(who)])
        _common_wrong(found)
        with st.container(horizontal=True):
            st.download_button(t("homework.csv_table"), homework.table_csv(found),
                               file_name=f"homework-{work.id}.csv", mime="text/csv",
                               key=f"hw-csv-{work.id}", icon=":material/download:")
            st.download_button(t("homework.csv_moves"), homework.moves_csv(found),
                               file_name=f"homework-{work.id}-moves.csv", mime="text/csv",
                               key=f"hw-moves-{work.id}", icon=":material/download:")


def _tries(found: homework.Report, who: int, task: str, name: str) -> None:
    """The learner's tries at the task: a puzzle's in order; a lesson's under each step
    tried (or solved before), in the order tried there, each with that step's verdict."""
    cell = found.cells.get((who, task))
    if cell is None:
        return
    steps = [c for c in found.columns if c.task == task and c.step]
    if not cell.moves and not any(found.cells[(who, c.key)].before for c in steps):
        st.caption(t("homework.no_tries"))
        return
    st.markdown(t("homework.moves_of", name=safe_text.plain(name)))
    if not steps:
        st.markdown(_lines(cell.moves))
        return
    for column in steps:
        here = found.cells[(who, column.key)]
        if not here.moves and not here.before:
            continue
        head = f"**{safe_text.plain(column.title)}** · {homework.cell_words(here)}"
        if here.before:
            head += f" · {t('homework.solved_before')}"
        st.markdown(f"{head}\n\n{_lines(here.moves)}" if here.moves else head)
    gone = tuple(x for x in cell.moves if x.column == task)  # at a step since removed
    if gone:
        st.markdown(f"**{t('homework.step_gone')}**\n\n{_lines(gone)}")


def _lines(tries: tuple[homework.Try, ...]) -> str:
    return "\n".join(t("homework.try", n=n, move=safe_text.plain(x.words), verdict=x.said)
                     for n, x in enumerate(tries, 1))


def _common_wrong(found: homework.Report) -> None:
    for column in found.columns:
        common = found.common_wrong.get(column.key, ())
        if not common:
            continue
        listed = ", ".join(f"{safe_text.plain(m.words)} ×{m.times}" for m in common)
        place = safe_text.plain(column.where)
        st.caption(t("homework.common_wrong", task=place, moves=listed) if column.board else
                   t("homework.common_wrong_answers", task=place, answers=listed))
