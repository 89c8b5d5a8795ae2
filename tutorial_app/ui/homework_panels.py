"""Homework on the page, drawn from the controllers of flows/homework_page.py: the
teacher's form to assign a lesson or puzzles with an optional due date, and the report
(learners x tasks and a lesson's steps, a learner's tries at a task step by step, the
most common wrong moves of each step or puzzle, two CSVs in the teacher's language); the
learner's list of homework at the top of Learn. Dates are the school's
(CASSINO_TIME_ZONE). This only draws; the controllers ask the store."""

from __future__ import annotations

from datetime import date

import streamlit as st

from tutorial_app.flows import homework
from tutorial_app.flows.homework_page import (
    LESSON,
    PUZZLES,
    FormChoices,
    HomeworkController,
    LearnerHomework,
    ReportScreen,
    TriesScreen,
)
from tutorial_app.ui import safe_text
from tutorial_app.words.i18n import count, t

PAGES = {"lesson": "views/learn.py", "puzzle": "views/puzzles.py"}


def learner_box(ctl: LearnerHomework) -> None:
    """The learner's homework, first thing on Learn."""
    work = ctl.screen()
    if not work:
        return
    with st.container(border=True, key="homework-box"):
        st.markdown(f"#### {t('homework.yours')}")
        for item in work:
            st.markdown(f"**{safe_text.plain(item.title)}** {item.due}")
            with st.container(horizontal=True, gap="small"):
                for task in item.tasks:
                    st.page_link(PAGES.get(task.kind, PAGES["puzzle"]),
                                 label=t("homework.task_done", title=task.title)
                                 if task.done else task.title,
                                 query_params=task.link,
                                 icon=":material/task_alt:" if task.done
                                 else ":material/assignment:")


def teacher_panel(ctl: HomeworkController) -> None:
    with st.expander(t("homework.title"), icon=":material/assignment:"):
        screen = ctl.screen()
        _assign_form(ctl, screen.choices)
        for found in screen.reports:
            _report(found)


def _assign_form(ctl: HomeworkController, choices: FormChoices) -> None:
    kinds = {PUZZLES: t("homework.kind.puzzles"), LESSON: t("homework.kind.lesson")}
    kind = st.radio(t("homework.kind"), list(kinds), format_func=kinds.__getitem__,
                    horizontal=True, key="hw.kind")
    lesson: str | None = None
    chosen_themes: list[str] = []
    level = 0
    picked: list[str] = []
    with st.form("hw-form", border=False):
        title = st.text_input(t("homework.name"), key="hw.title", max_chars=80)
        if kind == LESSON:
            lessons = choices.lessons
            lesson = st.selectbox(t("classroom.lesson"), list(lessons),
                                  format_func=lessons.__getitem__, key="hw.lesson")
        else:
            chosen_themes = st.multiselect(t("homework.themes"), choices.themes,
                                           key="hw.themes", placeholder=t("homework.any"),
                                           format_func=lambda x: t(f"theme.{x}.name"))
            level = st.selectbox(t("homework.difficulty"), [0, *choices.levels],
                                 key="hw.level",
                                 format_func=lambda n: str(n) if n else t("homework.any")) or 0
            titles = choices.puzzles
            picked = st.multiselect(t("homework.picked"), list(titles),
                                    key="hw.picked", placeholder=t("homework.any"),
                                    format_func=titles.__getitem__)
        due = st.date_input(t("homework.due_date"), value=None, key="hw.due")
        sent = st.form_submit_button(t("homework.assign"), type="primary")
    if not sent:
        return
    done = ctl.assign(str(kind), title, lesson, chosen_themes, level, picked,
                      due if isinstance(due, date) else None)
    if done.error is not None:
        st.error(safe_text.plain(done.error))
        return
    st.success(count(done.tasks, "homework-assigned"))
    if done.behind:  # the teacher is told: it opens early for them, as homework
        st.info(count(len(done.behind), "homework-ahead",
                      title=safe_text.plain(done.ahead_title),
                      names=safe_text.plain(", ".join(done.behind[:12]))),
                icon=":material/fast_forward:")


def _report(shown: ReportScreen) -> None:
    """Learners x tasks and steps; a learner's tries at a task, step by step; the common
    wrong moves of each step or puzzle; CSVs."""
    found = shown.report
    work = found.homework
    with st.container(border=True, key=f"hw-{work.id}"):
        st.markdown(f"**{safe_text.plain(shown.title)}** {shown.due}")
        if not found.learners:
            st.caption(t("homework.no_learners"))
            return
        st.dataframe(shown.table, hide_index=True, key=f"hw-table-{work.id}",
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
            _tries(HomeworkController.tries(found, int(who), str(task)),
                   names[int(who)])
        _common_wrong(found)
        with st.container(horizontal=True):
            st.download_button(t("homework.csv_table"), shown.table_csv,
                               file_name=f"homework-{work.id}.csv", mime="text/csv",
                               key=f"hw-csv-{work.id}", icon=":material/download:")
            st.download_button(t("homework.csv_moves"), shown.moves_csv,
                               file_name=f"homework-{work.id}-moves.csv", mime="text/csv",
                               key=f"hw-moves-{work.id}", icon=":material/download:")


def _tries(tried: TriesScreen | None, name: str) -> None:
    """The learner's tries at the task: a puzzle's in order; a lesson's under each step
    tried (or solved before), each with that step's verdict."""
    if tried is None:
        return
    if tried.none:
        st.caption(t("homework.no_tries"))
        return
    st.markdown(t("homework.moves_of", name=safe_text.plain(name)))
    for part in tried.parts:
        if not part.title:  # a puzzle's tries
            st.markdown(_lines(part.tries))
            continue
        head = f"**{safe_text.plain(part.title)}** · {part.cell}"
        if part.before:
            head += f" · {t('homework.solved_before')}"
        st.markdown(f"{head}\n\n{_lines(part.tries)}" if part.tries else head)
    if tried.gone:
        st.markdown(f"**{t('homework.step_gone')}**\n\n{_lines(tried.gone)}")


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
