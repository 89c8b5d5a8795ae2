"""A class's records for its teacher: export a learner's whole record, or
the class's, as JSON; delete a learner's record, or the class with its learners'
records (each after a tick that says what will go)."""

from __future__ import annotations

import json

import streamlit as st

from tutorial_app.course.i18n import t
from tutorial_app.services.classes import ClassStore, SchoolClass
from tutorial_app.ui import safe_text, session


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, default=str)


def records(rooms: ClassStore, room: SchoolClass) -> None:
    with st.expander(t("records.title"), icon=":material/folder_shared:"):
        st.download_button(t("records.export_class"), _json(rooms.export_class(room.id)),
                           file_name=f"class-{room.id}.json", mime="application/json",
                           key="rec-class", icon=":material/download:")
        members = {x.id: x.name for x in rooms.members(room.id)}
        if members:
            who = st.selectbox(t("homework.learner"), list(members),
                               format_func=members.__getitem__, key="rec-who")
            if who is not None:
                st.download_button(t("records.export_learner"),
                                   _json(rooms.export_learner(int(who))),
                                   file_name=f"learner-{who}.json", mime="application/json",
                                   key="rec-learner", icon=":material/download:")
                sure = st.checkbox(t("records.sure_learner",
                                     name=safe_text.plain(members[int(who)])), key="rec-sure")
                st.button(t("records.delete_learner"), key="rec-delete", disabled=not sure,
                          on_click=_delete_learner, args=(rooms, int(who)))
        sure_class = st.checkbox(t("records.sure_class", name=safe_text.plain(room.name)),
                                 key="rec-sure-class")
        st.button(t("records.delete_class"), key="rec-delete-class", disabled=not sure_class,
                  on_click=_delete_class, args=(rooms, room.id))


def _forget(learner_ids: list[int]) -> None:
    """This process's copy of their progress goes too (services/progress_cache.py)."""
    cache = session.open_progress()
    if cache is not None:
        for learner_id in learner_ids:
            cache.forget(learner_id)


def _delete_learner(rooms: ClassStore, learner_id: int) -> None:
    rooms.delete_learner(learner_id)
    _forget([learner_id])
    st.session_state["rec-sure"] = False


def _delete_class(rooms: ClassStore, class_id: int) -> None:
    gone = [x.id for x in rooms.members(class_id)]
    rooms.delete_class(class_id, with_learners=True)
    _forget(gone)
    st.session_state["rec-sure-class"] = False
