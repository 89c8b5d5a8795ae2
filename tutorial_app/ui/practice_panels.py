"""The teacher's view of the class's practice (flows/practice.py): the skill map
(learners x skills), why the class's tries went wrong this week with an example each,
and the weakest skills, each assigned as homework in one click."""

from __future__ import annotations

import streamlit as st

from tutorial_app.course.course import Course
from tutorial_app.course.i18n import t
from tutorial_app.flows import practice
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass
from tutorial_app.ui import safe_text


def teacher_panel(rooms: ClassStore, course: Course, teacher_id: int,
                  room: SchoolClass) -> None:
    with st.expander(t("practice.class_map"), icon=":material/insights:"):
        found = practice.class_map(course, rooms, teacher_id, room.id)
        st.caption(t("practice.class_intro"))
        with st.container(key="class-skill-map"):
            st.table(practice.map_table(found))
        st.markdown(f"#### {t('practice.common')}")
        if not found.common:
            st.caption(t("practice.common_none"))
        else:
            with st.container(key="class-reasons"):
                st.table([{
                    t("practice.col.reason"): practice.reason_words(x.code),
                    t("practice.col.times"): str(x.times),
                    t("practice.col.example"): safe_text.plain(t(
                        "practice.example", name=x.learner, move=x.move,
                        task=practice.task_title(course, x.task)))} for x in found.common])
        st.markdown(f"#### {t('practice.weak')}")
        if not found.weak:
            st.caption(t("practice.weak_none"))
        for skill in found.weak:
            name = practice.skill_name(skill)
            if st.button(t("practice.assign", skill=name), key=f"assign-{skill}"):
                try:
                    made = practice.assign_skill(course, rooms, teacher_id, room.id, skill)
                except ClassroomError as error:
                    st.error(safe_text.plain(str(error)))
                else:
                    st.success(t("practice.assigned", title=safe_text.plain(made.title)))
