"""Classroom: a teacher at a projector shows a lesson or a puzzle step by step.

Screen (large cards and text): choose a lesson, a puzzle or any position
typed in the Sandbox's notation; the step's text or prompt; the table and
hand in large cards, clickable so the teacher can try a move and show the
judge's answer; "Reveal the answer" and "Show all legal moves"; previous and
next step, or, for a typed position, play the move and go on from there.
Nothing is recorded: no learner, no stars, no rating. Below, folded away, the
class's progress for the teacher. The logic is
`flows.classroom.ClassroomController`; this only draws it.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.course.i18n import t
from tutorial_app.flows.classroom import ClassroomController
from tutorial_app.ui import classroom_panels as panels
from tutorial_app.ui import session


def render() -> None:
    course = session.course()
    session.course_errors_panel(course)
    ctl = ClassroomController(session.state(), course, session.store(), st.query_params)
    ctl.sync()
    screen = ctl.screen()
    with st.container(key="classroom"):
        panels.head(ctl)
        panels.chooser(ctl, screen)
        if screen.position is not None:
            panels.position(ctl, screen.position)
        elif screen.item is not None:
            panels.item(ctl, screen.item)
        else:
            st.info(t("classroom.nothing"))
    panels.class_progress(ctl)


render()
