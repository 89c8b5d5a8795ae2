"""The teacher's view of the class's practice, drawn from
`flows.class_practice_page.ClassPracticeController`: the skill map (learners x skills),
why the class's tries went wrong this week with an example each, and the weakest skills,
each assigned as homework in one click. It names learners, so it is drawn only once the
teacher turns it on (the Classroom is often on a projector)."""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.class_practice_page import ClassPracticeController, Reason
from tutorial_app.ui import board, safe_text
from tutorial_app.words.i18n import count, t


def teacher_panel(ctl: ClassPracticeController) -> None:
    with st.expander(t("practice.class_map"), icon=":material/insights:"):
        st.caption(t("practice.class_intro"))
        # drawn only when asked: the Classroom is often on a projector, and the map
        # names every learner with what they have not grasped yet
        if not st.toggle(t("practice.show_map"), key="practice-map-on"):
            return
        found = ctl.screen()
        with st.container(key="class-skill-map"):
            st.table(found.table)
        st.markdown(f"#### {t('practice.common')}")
        if not found.common:
            st.caption(t("practice.common_none"))
        else:
            with st.container(key="class-reasons"):
                for n, found_reason in enumerate(found.common):
                    _reason(found_reason, n)
        st.markdown(f"#### {t('practice.weak')}")
        if not found.weak:
            st.caption(t("practice.weak_none"))
        for weak in found.weak:
            skill, name = weak.skill, weak.name
            with st.container(horizontal=True, gap="small"):
                whole = st.button(t("practice.assign", skill=name), key=f"assign-{skill}")
                some = weak.some and st.button(
                    count(len(weak.needing), "practice-assign-some", skill=name),
                    key=f"assign-some-{skill}")
            if whole or some:
                made = ctl.assign(skill, weak.needing if some else ())
                if made.error is not None:
                    st.error(safe_text.plain(made.error))
                else:
                    st.success(t("practice.assigned", title=safe_text.plain(made.title)))


def _reason(found: Reason, n: int) -> None:
    """One reason: its words and how often, the example's words, and its position."""
    with st.container(border=True, key=f"class-reason-{n}"):
        st.markdown(safe_text.plain(count(found.times, "practice-reason", reason=found.words)))
        st.caption(safe_text.plain(t("practice.example", name=found.learner, move=found.move,
                                     task=found.task)))
        if found.position is not None:
            with st.expander(t("practice.example_position")):
                board.picture(found.position, f"reason-{n}")
