"""A class's records for its teacher, drawn from `flows.records_page.RecordsController`:
export a learner's whole record, or the class's, as JSON; delete a learner's record, or
the class with its learners' records (each after a tick that says what will go)."""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.records_page import RecordsController
from tutorial_app.ui import safe_text, session
from tutorial_app.words.i18n import t


def forget(learner_ids: list[int]) -> None:
    """This process's copy of their progress goes too (services/progress_cache.py)."""
    cache = session.open_progress()
    if cache is not None:
        for learner_id in learner_ids:
            cache.forget(learner_id)


def records(ctl: RecordsController) -> None:
    with st.expander(t("records.title"), icon=":material/folder_shared:"):
        shown = ctl.screen()
        st.download_button(t("records.export_class"), shown.class_json,
                           file_name=f"class-{shown.class_id}.json", mime="application/json",
                           key="rec-class", icon=":material/download:")
        members = shown.members
        if members:
            who = st.selectbox(t("homework.learner"), list(members),
                               format_func=members.__getitem__, key="rec-who")
            if who is not None:
                st.download_button(t("records.export_learner"), ctl.learner_json(int(who)),
                                   file_name=f"learner-{who}.json", mime="application/json",
                                   key="rec-learner", icon=":material/download:")
                sure = st.checkbox(t("records.sure_learner",
                                     name=safe_text.plain(members[int(who)])), key="rec-sure")
                st.button(t("records.delete_learner"), key="rec-delete", disabled=not sure,
                          on_click=_delete_learner, args=(ctl, int(who)))
        sure_class = st.checkbox(t("records.sure_class", name=safe_text.plain(shown.class_name)),
                                 key="rec-sure-class")
        st.button(t("records.delete_class"), key="rec-delete-class", disabled=not sure_class,
                  on_click=_delete_class, args=(ctl,))


def _delete_learner(ctl: RecordsController, learner_id: int) -> None:
    ctl.delete_learner(learner_id)
    st.session_state["rec-sure"] = False


def _delete_class(ctl: RecordsController) -> None:
    ctl.delete_class()
    st.session_state["rec-sure-class"] = False
