"""The teacher's sign-in form and the teacher's box in the sidebar.

What is decided (whether a try is allowed, whether the password is right, the
device session that keeps the teacher signed in across reloads and tabs) is
services/teacher_signin.py; this only draws it.

Teacher pages call `require_teacher()` first. A signed-in learner is refused outright
(no password form either: "Switch learner" first), whoever typed the page's address;
anyone else gets the teacher's sign-in form, and the page stops until it succeeds.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from tutorial_app.services.classes import ClassStore, Teacher
from tutorial_app.services.teacher_signin import TEACHER, TEACHER_COOKIE, TeacherSignIn
from tutorial_app.ui import safe_text, session
from tutorial_app.words.i18n import count, t

NAME: Final = "teacher_name"
PASSWORD: Final = "teacher_password"


def rooms() -> ClassStore:
    return session.rooms()


def signin() -> TeacherSignIn:
    return session.teacher_signin()


def teacher() -> Teacher | None:
    """The signed-in teacher of this browser (by this session, or by its cookie)."""
    try:
        cookie = st.context.cookies.get(TEACHER_COOKIE)
    except (AttributeError, RuntimeError):
        cookie = None
    return signin().current(cookie)


def _sign_in() -> None:
    signin().sign_in(st.session_state.get(NAME, ""), st.session_state.get(PASSWORD, ""))
    st.session_state[PASSWORD] = ""  # never left in the form


def sign_out() -> None:
    signin().sign_out()


def _sidebar_box(found: Teacher, tsignin: TeacherSignIn) -> None:
    with st.sidebar, st.container(border=True, key="teacher-box"):
        st.markdown(t("teacher.signed_in", name=safe_text.plain(found.name)))
        st.button(t("teacher.sign_out"), key="teacher-out", on_click=sign_out,
                  type="tertiary", icon=":material/logout:")
    seen = tsignin.wrong_before()
    if seen is not None:
        with st.container(border=True, key="teacher-wrong-before"):
            st.warning(count(seen[0], "teacher_wrong_before"), icon=":material/shield:")
            st.caption(t("teacher.wrong_before_from", address=safe_text.plain(seen[1])))
            st.button(t("teacher.seen"), key="teacher-seen", on_click=tsignin.seen)


def require_teacher() -> Teacher:
    """The signed-in teacher; otherwise the page is refused (a learner) or shows the
    teacher's sign-in form, and stops."""
    tsignin = signin()
    found = teacher()
    if found is None and st.session_state.get(TEACHER) is None and \
            session.learner() is not None:
        st.error(t("teacher.refused"), icon=":material/lock:")
        st.stop()
    if found is not None:
        _sidebar_box(found, tsignin)
        return found
    with st.container(border=True, key="teacher-signin"):
        st.subheader(t("teacher.title"))
        st.caption(t("teacher.body"))
        with st.form("teacher-form", border=False):
            st.text_input(t("teacher.name"), key=NAME, max_chars=40)
            st.text_input(t("teacher.password"), key=PASSWORD, type="password",
                          max_chars=200)
            st.form_submit_button(t("teacher.sign_in"), type="primary", on_click=_sign_in)
        if tsignin.error:
            st.error(safe_text.plain(tsignin.error))
    st.stop()
