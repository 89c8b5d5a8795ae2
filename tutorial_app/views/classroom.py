"""Classroom: a teacher at a projector shows a lesson or a puzzle step by step.

Screen (large cards and text): choose a lesson, a puzzle or any position
typed in the Sandbox's notation; the step's text or prompt; the table and
hand in large cards, clickable so the teacher can try a move and show the
judge's answer; "Reveal the answer" and "Show all legal moves"; previous and
next step, or, for a typed position, play the move and go on from there.
Only a signed-in teacher sees this page (ui/teacher.py); a learner is refused.
The teacher picks one of their classes and can ask what is on the screen as a live
question that the class answers from their phones (ui/live_panels.py). Below,
folded away, the class's learners and their secrets, the learners waiting to join
(ui/join_panels.py), the wrong tries to lift, the teacher's signed-in devices
(ui/signin_panels.py), and the class's progress and homework; in projector mode none
of these is drawn (the controller decides), but how many wait to join.
The logic is `flows.classroom.ClassroomController`, with a controller per panel
(`flows.live_page`, `flows.homework_page`, `flows.class_practice_page`,
`flows.records_page`, `flows.signin_page`, `flows.join_page`); this only builds them
and has the ui/ parts draw them.

The teacher stays signed in across reloads (services/teacher_signin.py), and the
page comes back as it was: the class, projector mode and what is on the screen are
kept per teacher in the store (services/resume.py, through the controller's sync()).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.class_practice_page import ClassPracticeController
from tutorial_app.flows.classroom import ClassroomController
from tutorial_app.flows.homework_page import HomeworkController
from tutorial_app.flows.join_page import JoinRequests
from tutorial_app.flows.live_page import ClassPicker, LiveController
from tutorial_app.flows.records_page import RecordsController
from tutorial_app.flows.signin_page import DevicesController, LimitsController, RosterController
from tutorial_app.ui import classroom_panels as panels
from tutorial_app.ui import (
    homework_panels,
    join_panels,
    live_panels,
    practice_panels,
    records_panel,
    session,
    signin_panels,
    teacher,
)
from tutorial_app.words.i18n import t


def render() -> None:
    who = teacher.require_teacher()  # a learner is refused here, by link or by menu
    tsignin = teacher.signin()
    course = session.course()
    session.course_errors_panel(course)
    rooms = session.rooms()
    mine = rooms.classes_of(who.id)
    ctl = ClassroomController(session.state(), course, session.store(), st.query_params,
                              teacher_id=who.id, rooms=rooms)
    ctl.sync()  # a new session (a reload) draws the screen as the teacher left it
    screen = ctl.screen()
    with st.container(key="classroom"):
        panels.head(ctl)
        picker = ClassPicker(rooms, who.id, session.state(), ctl)
        live_panels.class_picker(picker)
        room = picker.chosen()
        panels.chooser(ctl, screen)
        if room is not None:
            ctl.only = frozenset(x.id for x in rooms.members(room.id))
            live_panels.live_controls(LiveController(rooms, room, ctl, session.state()))
        if ctl.teacher_parts_shown():
            if room is not None:
                signin_panels.class_learners(RosterController(rooms, room, session.state()))
                join_panels.requests(JoinRequests(rooms, room.id, session.state()))
                homework_panels.teacher_panel(HomeworkController(rooms, course, room))
                practice_panels.teacher_panel(
                    ClassPracticeController(rooms, course, who.id, room))
                records_panel.records(RecordsController(rooms, room, records_panel.forget))
            signin_panels.limits(LimitsController(tsignin, rooms, mine, session.state()))
            signin_panels.devices(DevicesController(tsignin))
        else:
            st.caption(t("classroom.projector_private"))
            if room is not None:
                join_panels.projector_count(JoinRequests(rooms, room.id, session.state()))
        if screen.position is not None:
            panels.position(ctl, screen.position)
        elif screen.item is not None:
            panels.item(ctl, screen.item)
        else:
            st.info(t("classroom.nothing"))
    if ctl.teacher_parts_shown():
        panels.class_progress(ctl)


render()
