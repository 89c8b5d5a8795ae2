"""The way back to the day's practice set, under a task opened from it (a puzzle on the
Puzzles page, a lesson step on the Learn page): "Back to today's practice", and once
the task is decided "Next task of today's set", which opens the set's next task in the
same mode: never one she has solved today, and none once the day's set is done.
Without it a learner who opened one task from the set wandered on to unrelated
puzzles, or on through a lesson, with no way back to the day's next task."""

from __future__ import annotations

from collections.abc import Collection

import streamlit as st

from tutorial_app.course.course import Course
from tutorial_app.flows import practice
from tutorial_app.ui import session
from tutorial_app.words.i18n import t

TASK_PAGES = {"step": "views/learn.py", "puzzle": "views/puzzles.py"}


def back_and_next(course: Course, done: Collection[str], decided: bool) -> None:
    """The two links; `done` are the task keys she has just done (the one on screen
    among them), `decided` whether the task on screen is decided yet."""
    st.page_link("views/practice.py", label=t("puzzles.back_to_practice"),
                 icon=":material/event_available:")
    who = session.learner()
    if who is None or not decided:
        return
    today = practice.learner_view(course, session.store(), who.id)
    if today.done_for_today:  # the set is done: back to it says so, no task past it
        return
    task = practice.next_task(today.picks, {*done, *today.solved_keys})
    if task is not None:
        st.page_link(TASK_PAGES[task.kind], label=t("puzzles.next_task"),
                     query_params=practice.task_link(task, from_practice=True),
                     icon=":material/skip_next:")
