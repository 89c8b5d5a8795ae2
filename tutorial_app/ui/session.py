"""Shared page plumbing for Streamlit: the progress store (one per server), the
signed-in learner, the cookie that remembers them and the welcome form.

What signing in means is `services.signin` (plain Python); this module only
gives it the session's state and the browser's cookie, and draws. The course
cache is `ui.course_cache` (its names are here too, for the pages).

This is where the app opens the store, so a store that cannot be opened
(`services.faults.STORE_FAULTS`) stops here: a page that needs it says which
setting to check and stops; the sidebar, the Rules and the Sandbox carry on
without a learner. The cause goes to the log, never to the page.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any, Final, NoReturn, cast

import streamlit as st

from engine import parse_cards
from tutorial_app.config import store_url
from tutorial_app.course.i18n import t
from tutorial_app.services import faults
from tutorial_app.services.classes import (
    ClassroomError,
    ClassStore,
    first_teacher_from_environment,
)
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.progress_cache import ProgressCache
from tutorial_app.services.signin import DEVICE_COOKIE, WELCOME_NAMES, SignIn
from tutorial_app.services.store import Learner, LearnerNameError, ProgressStore
from tutorial_app.ui import safe_text
from tutorial_app.ui.card_svg import hand_fan_html
from tutorial_app.ui.course_cache import course, course_errors_panel

__all__ = ["course", "course_errors_panel", "device_cookie", "learner", "progress",
           "require_learner", "sign_out", "signin", "state", "store"]

NAME_KEY: Final = "signin_name"  # the welcome form's name box
CLASS_KEY: Final = "signin.class_id"  # the class this browser joined (issue 15)
JOIN_CODE: Final = "join_code"  # the join form's boxes
JOIN_NAME: Final = "join_name"
JOIN_ERROR: Final = "join.error"


def state() -> MutableMapping[str, Any]:
    """The session's state, as the mapping a controller keeps its memory in."""
    return cast("MutableMapping[str, Any]", st.session_state)


@st.cache_resource(show_spinner=False)
def _store(url: str) -> ProgressStore:
    """One store, and so one connection pool, per server process and database."""
    return ProgressStore(url)


def open_store() -> ProgressStore | None:
    """The server's store, or None when it cannot be opened (logged)."""
    try:
        return _store(store_url())
    except STORE_FAULTS as error:  # not cached: the next run tries again
        faults.report(error, "opening the store")
        return None


def store_unavailable() -> NoReturn:
    """Say that the store cannot be used, and which setting to check; stop the page."""
    st.error(faults.store_message(), icon=":material/cloud_off:")
    st.stop()


def store() -> ProgressStore:
    """The server's store, for a page that needs it: when it cannot be opened the
    page shows why (naming CASSINO_DB, no path) and stops here."""
    found = open_store()
    if found is None:
        store_unavailable()
    return found


@st.cache_resource(show_spinner=False)
def _progress(url: str) -> ProgressCache:
    return ProgressCache(_store(url))


def open_progress() -> ProgressCache | None:
    """The store with each learner's progress kept in memory between clicks, for the
    learner's own pages (Learn, Puzzles, the sidebar): read again only after that
    learner's own writes (see services/progress_cache.py); None when the store
    cannot be opened (logged)."""
    try:
        return _progress(store_url())
    except STORE_FAULTS as error:  # not cached: the next run tries again
        faults.report(error, "opening the store")
        return None


@st.cache_resource(show_spinner=False)
def _rooms(url: str) -> ClassStore:
    found = _store(url)
    first_teacher_from_environment(found)
    return ClassStore(found)


def rooms() -> ClassStore:
    """The classroom's store (issue 15: teachers, classes, live questions, homework), one
    per server process; on first use, the first teacher from CASSINO_TEACHER and
    CASSINO_TEACHER_PASSWORD if the store has none yet. Stops the page, saying why,
    when the store cannot be opened."""
    try:
        return _rooms(store_url())
    except STORE_FAULTS as error:
        faults.report(error, "opening the store")
        store_unavailable()


def progress() -> ProgressCache:
    """`open_progress()` for a page that needs it: stops the page, saying why, when the
    store cannot be opened."""
    found = open_progress()
    if found is None:
        store_unavailable()
    return found


def signin() -> SignIn | None:
    """This browser session's sign-in; None when the store cannot be opened."""
    found = open_progress()
    return SignIn(found, state()) if found is not None else None


def learner() -> Learner | None:
    """The signed-in learner, if any (the browser's cookie may name one); None too
    when the store fails (the sidebar and the pages without a store carry on)."""
    session = signin()
    return session.current(st.context.cookies.get(DEVICE_COOKIE)) if session else None


def sign_out() -> None:
    """"Switch learner"; a class learner's browser keeps their class, so the welcome
    screen then offers that class's names (and only those)."""
    session = signin()
    who = learner()
    if who is not None:
        room = rooms().class_of(who.id)
        if room is not None:
            state()[CLASS_KEY] = room.id
    if session is not None:
        session.sign_out()


def device_cookie() -> None:
    """Keep this browser's cookie in step with who is signed in: the token while a
    learner is, and no cookie after "Switch learner". Drawn on every run (a few
    bytes of script), so the browser has it whatever rerun it last saw."""
    session = signin()
    cookie = session.cookie() if session is not None else None
    if cookie is None:
        return
    st.html(f"<script>document.cookie = '{DEVICE_COOKIE}={cookie.value}; path=/; "
            f"max-age={cookie.max_age}; samesite=lax';</script>", unsafe_allow_javascript=True)


def _submit_name() -> None:
    session = signin()
    if session is not None:
        session.sign_in_by_name(st.session_state.get(NAME_KEY, ""))


def _join() -> None:
    """The join form: a class's code and a name; that learner, in that class, signed in."""
    session = signin()
    if session is None:
        return
    try:
        joined, room = rooms().join(st.session_state.get(JOIN_CODE, ""),
                                    st.session_state.get(JOIN_NAME, ""))
    except (ClassroomError, LearnerNameError) as error:
        st.session_state[JOIN_ERROR] = str(error)
        return
    st.session_state.pop(JOIN_ERROR, None)
    state()[CLASS_KEY] = room.id
    session.sign_in(joined.id)


def welcome_names(session: SignIn) -> list[Learner]:
    """The names offered for one click: the class this browser joined, if any; else
    the learners who are in no class (a class learner is never offered to anyone
    outside their class), when the teacher leaves that on."""
    class_id = state().get(CLASS_KEY)
    if class_id is not None:
        return rooms().members(int(class_id))[:WELCOME_NAMES]
    in_classes = rooms().class_learner_ids()
    return [x for x in session.welcome_names() if x.id not in in_classes]


def join_form() -> None:
    """Join a class with its code (from the teacher's screen or its QR code's link)."""
    linked = st.query_params.get("join")
    if linked and not st.session_state.get(JOIN_CODE):
        st.session_state[JOIN_CODE] = str(linked)[:20]
    with st.form("join", border=False):
        st.markdown(f"**{t('join.title')}**")
        st.text_input(t("join.code"), key=JOIN_CODE, max_chars=20,
                      placeholder="ABC234")
        st.text_input(t("join.name"), key=JOIN_NAME, max_chars=40,
                      placeholder=t("welcome.placeholder"))
        st.form_submit_button(t("join.button"), type="primary", on_click=_join)
    if st.session_state.get(JOIN_ERROR):
        st.error(safe_text.plain(str(st.session_state[JOIN_ERROR])))


def _sign_in_as(learner_id: int) -> None:
    session = signin()
    if session is not None:
        session.sign_in(learner_id)


def require_learner() -> Learner | None:
    """The learner, or a welcome form asking for a name (returns None until given)."""
    current = learner()
    if current is not None:
        return current
    session = signin()
    if session is None:
        store_unavailable()
    with st.container(border=True, key="welcome"):
        st.html(hand_fan_html(parse_cards("As Kh Qd Jc 10s"), 96))
        st.subheader(t("welcome.title"))
        st.write(t("welcome.body"))
        joining = "join" in st.query_params
        if joining:
            join_form()
        with st.form("signin", border=False):
            st.text_input(t("welcome.name"), key=NAME_KEY, max_chars=40,
                          placeholder=t("welcome.placeholder"))
            st.form_submit_button(t("welcome.start"), type="primary", on_click=_submit_name)
        known = welcome_names(session)
        if session.error:
            st.error(safe_text.plain(session.error))
        if known:
            st.caption(t("welcome.known"))
            with st.container(horizontal=True, gap="small"):
                for other in known:  # a name is text someone typed: never Markdown
                    st.button(safe_text.plain(other.name), key=f"as-{other.id}",
                              on_click=_sign_in_as, args=(other.id,), type="tertiary")
        if not joining:
            with st.expander(t("join.title"), icon=":material/group_add:"):
                join_form()
    return None
