"""The teacher's view of the class's practice (flows/practice.py): the skill map
(learners x skills), why the class's tries went wrong this week with an example each,
and the weakest skills, each assigned as homework in one click. It names learners, so
it is drawn only once the teacher turns it on (the Classroom is often on a projector)."""

from __future__ import annotations

import streamlit as st

from tutorial_app.course.course import Course
from tutorial_app.course.i18n import count, t
from tutorial_app.flows import practice
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass
from tutorial_app.ui import board, safe_text


def teacher_panel(rooms: ClassStore, course: Course, teacher_id: int,
                  room: SchoolClass) -> None:
    with st.expander(t("practice.class_map"), icon=":material/insights:"):
        st.caption(t("practice.class_intro"))
        # drawn only when asked: the Classroom is often on a projector, and the map
        # names every learner with what they have not grasped yet
        if not st.toggle(t("practice.show_map"), key="practice-map-on"):
            return
        found = practice.class_map(course, rooms, teacher_id, room.id)
        with st.container(key="class-skill-map"):
            st.table(practice.map_table(found))
        st.markdown(f"#### {t('practice.common')}")
        if not found.common:
            st.caption(t("practice.common_none"))
        else:
            with st.container(key="class-reasons"):
                for n, found_reason in enumerate(found.common):
                    _reason(course, found_reason, n)
        st.markdown(f"#### {t('practice.weak')}")
        if not found.weak:
            st.caption(t("practice.weak_none"))
        for skill in found.weak:
            name = practice.skill_name(skill)
            needing = found.needing.get(skill, ())
            with st.container(horizontal=True, gap="small"):
                whole = st.button(t("practice.assign", skill=name), key=f"assign-{skill}")
                some = len(needing) < len(found.learners) and st.button(
                    count(len(needing), "practice-assign-some", skill=name),
                    key=f"assign-some-{skill}")
            if whole or some:
                try:
                    made = practice.assign_skill(course, rooms, teacher_id, room.id, skill,
                                                 needing if some else ())
                except ClassroomError as error:
                    st.error(safe_text.plain(str(error)))
                else:
                    st.success(t("practice.assigned", title=safe_text.plain(made.title)))


def _reason(course: Course, found: practice.CommonReason, n: int) -> None:
    """One reason: its words and how often, the example's words, and its position."""
    with st.container(border=True, key=f"class-reason-{n}"):
        st.markdown(safe_text.plain(count(found.times, "practice-reason",
                                          reason=practice.reason_words(found.code))))
        st.caption(safe_text.plain(t("practice.example", name=found.learner, move=found.move,
                                     task=practice.task_title(course, found.task))))
        position = practice.task_position(course, found.task)
        if position is not None:
            with st.expander(t("practice.example_position")):
                board.picture(position, f"reason-{n}")
