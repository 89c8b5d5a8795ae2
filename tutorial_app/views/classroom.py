"""Classroom: a teacher at a projector shows a lesson or a puzzle step by step.

Screen (large cards and text): choose a lesson, a puzzle or any position
typed in the Sandbox's notation; the step's text or prompt; the table and
hand in large cards, clickable so the teacher can try a move and show the
judge's answer; "Reveal the answer" and "Show all legal moves"; previous and
next step, or, for a typed position, play the move and go on from there.
Only a signed-in teacher sees this page (ui/teacher.py); a learner is refused.
The teacher picks one of their classes and can ask what is on the screen as a live
question that the class answers from their phones (ui/live_panels.py). Below,
folded away, the class's learners and their secrets, the wrong tries to lift, the
teacher's signed-in devices (ui/signin_panels.py), and the class's progress and
homework. The logic is `flows.classroom.ClassroomController`; this only draws it.

The teacher stays signed in across reloads (services/teacher_signin.py), and the
page comes back as it was: the lesson and step are in the address, and projector
mode and the class shown are kept with the teacher's device session.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial_app.course.i18n import t
from tutorial_app.flows.classroom import ClassroomController
from tutorial_app.services.teacher_signin import TeacherSignIn
from tutorial_app.ui import classroom_panels as panels
from tutorial_app.ui import (
    homework_panels,
    live_panels,
    records_panel,
    session,
    signin_panels,
    teacher,
)

_CLASS_KEY = "live.class"  # ui/live_panels.py's class picker


def _view_keys(ctl: ClassroomController) -> dict[str, str]:
    return {"projector": ctl.key("projector"), "class": _CLASS_KEY}


def _restore(tsignin: TeacherSignIn, keys: dict[str, str], class_ids: set[int]) -> None:
    """A new browser session (a reload): the view this device had, before drawing."""
    if st.session_state.get("classroom.view_restored"):
        return
    st.session_state["classroom.view_restored"] = True
    view = tsignin.view()
    if isinstance(view.get("projector"), bool) and keys["projector"] not in st.session_state:
        st.session_state[keys["projector"]] = view["projector"]
    if view.get("class") in class_ids and keys["class"] not in st.session_state:
        st.session_state[keys["class"]] = view["class"]


def _keep(tsignin: TeacherSignIn, keys: dict[str, str]) -> None:
    view: dict[str, Any] = {name: st.session_state.get(key) for name, key in keys.items()}
    if view != st.session_state.get("classroom.view_kept"):
        st.session_state["classroom.view_kept"] = view
        tsignin.keep_view(view)


def render() -> None:
    who = teacher.require_teacher()  # a learner is refused here, by link or by menu
    tsignin = teacher.signin()
    course = session.course()
    session.course_errors_panel(course)
    ctl = ClassroomController(session.state(), course, session.store(), st.query_params)
    ctl.sync()
    screen = ctl.screen()
    rooms = session.rooms()
    mine = rooms.classes_of(who.id)
    keys = _view_keys(ctl)
    _restore(tsignin, keys, {room.id for room in mine})
    _keep(tsignin, keys)  # widgets hold their new values from the start of the run
    with st.container(key="classroom"):
        panels.head(ctl)
        room = live_panels.class_picker(rooms, who.id)
        panels.chooser(ctl, screen)
        if room is not None:
            ctl.only = frozenset(x.id for x in rooms.members(room.id))
            live_panels.live_controls(ctl, rooms, room)
            signin_panels.class_learners(rooms, room)
            homework_panels.teacher_panel(rooms, course, room)
            records_panel.records(rooms, room)
        signin_panels.limits(tsignin, rooms, mine)
        signin_panels.devices(tsignin)
        if screen.position is not None:
            panels.position(ctl, screen.position)
        elif screen.item is not None:
            panels.item(ctl, screen.item)
        else:
            st.info(t("classroom.nothing"))
    panels.class_progress(ctl)


render()
