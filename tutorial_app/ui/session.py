"""Shared page plumbing: the course (cached, reloaded when a file changes), the
progress store, the current learner, and the error panel for broken lesson files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import streamlit as st

from engine import parse_cards
from tutorial_app.config import db_path, lessons_folder
from tutorial_app.course.i18n import t
from tutorial_app.services.store import Learner, LearnerNameError, ProgressStore
from tutorial_app.ui import safe_text
from tutorial_app.ui.card_svg import hand_fan_html

if TYPE_CHECKING:
    from tutorial_app.course import Course, Lesson, Puzzle

LEARNER_KEY: Final = "learner_id"
DEVICE_COOKIE: Final = "cassino_device"
_TOKEN: Final = "device_token"
_COOKIE_READ: Final = "device_cookie_read"
_FORGOTTEN: Final = "device_forgotten"
_COOKIE_SECONDS: Final = 365 * 24 * 3600
_TOKEN_TEXT: Final = re.compile(r"[A-Za-z0-9_-]*")


def _stamp(folder: Path) -> tuple[tuple[str, float, int], ...]:
    try:
        files = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml"))
        return tuple((str(p), p.stat().st_mtime, p.stat().st_size) for p in files)
    except OSError:
        return ()


@st.cache_resource(show_spinner=False, max_entries=4)
def _load_course(folder: str, stamp: tuple[tuple[str, float, int], ...]) -> Course:
    from tutorial_app.course import load_course

    return load_course(Path(folder))


def course() -> Course:
    """The course from the lessons folder; loaded again whenever a file changes."""
    folder = lessons_folder()
    return _load_course(str(folder), _stamp(folder))


def find_lesson(current: Course, lesson_id: str | None) -> Lesson | None:
    if not lesson_id:
        return None
    try:
        return current.lesson(lesson_id)
    except KeyError:
        return None


def find_puzzle(current: Course, puzzle_id: str | None) -> Puzzle | None:
    if not puzzle_id:
        return None
    try:
        return current.puzzle(puzzle_id)
    except KeyError:
        return None


def course_errors_panel(current: Any) -> None:
    """Name every broken lesson file and its problem; the rest of the course still works."""
    errors = list(getattr(current, "errors", ()) or ())
    if not errors:
        return
    with st.expander(t("course.errors_title", n=len(errors)), expanded=True,
                     icon=":material/error:"):
        for error in errors:
            st.error(safe_text.plain(str(error)))


@st.cache_resource(show_spinner=False)
def _store(path: str) -> ProgressStore:
    return ProgressStore(path)


def store() -> ProgressStore:
    return _store(str(db_path()))


def learner() -> Learner | None:
    learner_id = st.session_state.get(LEARNER_KEY)
    if learner_id is None:
        learner_id = _remembered_learner()
    if learner_id is None:
        return None
    return store().get_learner(int(learner_id))


def _remembered_learner() -> int | None:
    """Once per session: the learner this browser's cookie names, if any.

    A browser remembers who signed in there by a random token in a cookie (the
    store knows which learner a token stands for), so a reload or tomorrow's
    visit carries on without the name typed again. "Switch learner" forgets it.
    """
    if st.session_state.get(_COOKIE_READ):
        return None
    st.session_state[_COOKIE_READ] = True
    token = st.context.cookies.get(DEVICE_COOKIE)
    if not isinstance(token, str) or not token:  # (no real request behind AppTest)
        return None
    found = store().device_learner(token)
    if found is None:
        return None
    st.session_state[LEARNER_KEY] = found.id
    st.session_state[_TOKEN] = token
    return found.id


def _signed_in(learner_id: int) -> None:
    st.session_state.pop(_FORGOTTEN, None)
    st.session_state[LEARNER_KEY] = learner_id
    st.session_state[_COOKIE_READ] = True
    st.session_state[_TOKEN] = store().remember_device(learner_id)


def _sign_in(name_key: str) -> None:
    try:
        found = store().learner(str(st.session_state.get(name_key, "")))
    except LearnerNameError as error:
        st.session_state["signin_error"] = str(error)
        return
    st.session_state.pop("signin_error", None)
    _signed_in(found.id)


def sign_out() -> None:
    st.session_state.pop(LEARNER_KEY, None)
    token = st.session_state.pop(_TOKEN, None)
    if token:
        store().forget_device(str(token))
        st.session_state[_FORGOTTEN] = True


def device_cookie() -> None:
    """Keep this browser's cookie in step with who is signed in: the token while a
    learner is, and no cookie after "Switch learner". Drawn on every run (a few
    bytes of script), so the browser has it whatever rerun it last saw."""
    token = st.session_state.get(_TOKEN)
    if token and st.session_state.get(LEARNER_KEY) is not None:
        value, age = str(token), _COOKIE_SECONDS
    elif st.session_state.get(_FORGOTTEN):
        value, age = "", 0
    else:
        return
    if not _TOKEN_TEXT.fullmatch(value):  # never put anything else into the script
        return
    st.html(f"<script>document.cookie = '{DEVICE_COOKIE}={value}; path=/; "
            f"max-age={age}; samesite=lax';</script>", unsafe_allow_javascript=True)


def require_learner() -> Learner | None:
    """The learner, or a welcome form asking for a name (returns None until given)."""
    current = learner()
    if current is not None:
        return current
    with st.container(border=True, key="welcome"):
        st.html(hand_fan_html(parse_cards("As Kh Qd Jc 10s"), 96))
        st.subheader(t("welcome.title"))
        st.write(t("welcome.body"))
        with st.form("signin", border=False):
            st.text_input(t("welcome.name"), key="signin_name", max_chars=40,
                          placeholder=t("welcome.placeholder"))
            st.form_submit_button(t("welcome.start"), type="primary", on_click=_sign_in,
                                  args=("signin_name",))
        problem = st.session_state.get("signin_error")
        if problem:
            st.error(safe_text.plain(problem))
        known = store().learners() if store().names_on_welcome() else []
        if known:
            st.caption(t("welcome.known"))
            with st.container(horizontal=True, gap="small"):
                for other in known[:30]:
                    st.button(other.name, key=f"as-{other.id}", on_click=_signed_in,
                              args=(other.id,), type="tertiary")
    return None
