"""Practice: today's short set and the learner's skill map.

Screen: a few tasks (reviews due, the weakest skill, one step further), each with the
sentence saying why it was chosen and a link that opens it on the Learn or the Puzzles
page; below, every skill as mastered, learning, due for review or not seen. A finished
course is not the end: the set always has something. What to show is decided by
`flows.practice`; this only draws it.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows import links, practice
from tutorial_app.ui import safe_text, session
from tutorial_app.words.i18n import t

PAGES = {"step": "views/learn.py", "puzzle": "views/puzzles.py"}


def render() -> None:
    st.title(t("practice.title"))
    who = session.require_learner()
    if who is None:
        return
    course = session.course()
    view = practice.learner_view(course, session.store(), who.id)
    st.caption(t("practice.intro"))
    st.subheader(t("practice.set"))
    if not view.picks:
        st.info(practice.next_lesson_words(view), icon=":material/school:")
        if view.next_lesson is not None:
            st.page_link("views/learn.py", label=t("practice.open_lesson"),
                         query_params={links.LESSON: view.next_lesson.id},
                         icon=":material/play_arrow:")
    shown = view.picks
    if view.done_for_today:
        st.success(practice.done_words(view), icon=":material/task_alt:")
        if not st.toggle(t("practice.more"), key="practice-more", help=t("practice.more_help")):
            shown = ()
    for n, pick in enumerate(shown):
        with st.container(border=True, key=f"practice-pick-{n}"):
            st.markdown(f"**{safe_text.plain(practice.task_title(course, pick.task))}**")
            st.markdown(safe_text.plain(practice.why(pick.reason)))
            st.page_link(PAGES[pick.task.kind], label=t("practice.open"),
                         query_params=practice.task_link(pick.task, from_practice=True),
                         icon=":material/play_arrow:")
    st.subheader(t("practice.map"))
    st.caption(t("practice.map_intro"))
    rows = [{t("practice.col.skill"): row.name,
             t("practice.col.state"): practice.state_mark("due" if row.due else row.state),
             t("practice.col.known"): "—" if row.state == "unseen"
             else f"{round(100 * row.known)}%"} for row in view.skills]
    with st.container(key="practice-map"):
        st.table(rows)


render()
