"""The teacher's side of signing in (issue 15): a name and a password, checked against
the salted hash in the store; kept for this browser session only.

Teacher pages call `require_teacher()` first. A signed-in learner is refused outright
(no password form either: "Switch learner" first), whoever typed the page's address;
anyone else gets the teacher's sign-in form, and the page stops until it succeeds.
"""

from __future__ import annotations

import time
from typing import Final

import streamlit as st

from tutorial_app.course.i18n import t
from tutorial_app.services.classes import ClassStore, Teacher
from tutorial_app.ui import safe_text, session

TEACHER: Final = "teacher_id"
_ERROR: Final = "teacher.error"
_WRONG: Final = "teacher.wrong"
_LOCKED: Final = "teacher.locked_until"
TRIES: Final = 5
WAIT: Final = 30.0


def rooms() -> ClassStore:
    return session.rooms()


def teacher() -> Teacher | None:
    found = st.session_state.get(TEACHER)
    return rooms().get_teacher(int(found)) if found is not None else None


def _sign_in() -> None:
    """Check the name and password; after TRIES wrong ones this session waits WAIT
    seconds before trying again (each try costs a scrypt hash anyway)."""
    now = time.monotonic()
    if now < float(st.session_state.get(_LOCKED, 0.0)):
        st.session_state["teacher_password"] = ""
        return
    found = rooms().sign_in_teacher(st.session_state.get("teacher_name", ""),
                                    st.session_state.get("teacher_password", ""))
    st.session_state["teacher_password"] = ""
    if found is None:
        st.session_state[_ERROR] = True
        wrong = int(st.session_state.get(_WRONG, 0)) + 1
        st.session_state[_WRONG] = wrong
        if wrong >= TRIES:
            st.session_state[_LOCKED] = now + WAIT
            st.session_state[_WRONG] = 0
        return
    st.session_state.pop(_WRONG, None)
    st.session_state.pop(_ERROR, None)
    st.session_state[TEACHER] = found.id


def sign_out() -> None:
    st.session_state.pop(TEACHER, None)


def learner_only() -> bool:
    """A learner is signed in here and no teacher: teacher pages are not offered."""
    return st.session_state.get(TEACHER) is None and session.learner() is not None


def require_teacher() -> Teacher:
    """The signed-in teacher; otherwise the page is refused (a learner) or shows the
    teacher's sign-in form, and stops."""
    if session.learner() is not None and st.session_state.get(TEACHER) is None:
        st.error(t("teacher.refused"), icon=":material/lock:")
        st.stop()
    found = teacher()
    if found is not None:
        with st.sidebar, st.container(border=True, key="teacher-box"):
            st.markdown(t("teacher.signed_in", name=safe_text.plain(found.name)))
            st.button(t("teacher.sign_out"), key="teacher-out", on_click=sign_out,
                      type="tertiary", icon=":material/logout:")
        return found
    with st.container(border=True, key="teacher-signin"):
        st.subheader(t("teacher.title"))
        st.caption(t("teacher.body"))
        with st.form("teacher-form", border=False):
            st.text_input(t("teacher.name"), key="teacher_name", max_chars=40)
            st.text_input(t("teacher.password"), key="teacher_password", type="password",
                          max_chars=200)
            st.form_submit_button(t("teacher.sign_in"), type="primary", on_click=_sign_in)
        left = float(st.session_state.get(_LOCKED, 0.0)) - time.monotonic()
        if left > 0:
            st.error(t("teacher.wait", n=int(left) + 1))
        elif st.session_state.get(_ERROR):
            st.error(t("teacher.wrong"))
    st.stop()
