"""Shared page plumbing for Streamlit: the progress store (one per server), the
signed-in learner, the cookie that remembers them and the welcome form.

Who may sign in as whom is decided in `services.signin` (learners) and
`services.teacher_signin` (teachers), plain Python; this module hands them the
session's state, the browser's cookies and its address (Streamlit's `st.context`,
passed down as plain values), and draws. The course cache is `ui.course_cache` (its
names are here too, for the pages).

This is where the app opens the store, so a store that cannot be opened
(`services.faults.STORE_FAULTS`) stops here: a page that needs it says which
setting to check and stops; the sidebar, the Rules and the Sandbox carry on
without a learner. The cause goes to the log, never to the page.
"""

from __future__ import annotations

import html
import json
from collections.abc import MutableMapping
from typing import Any, Final, NoReturn, cast

import streamlit as st

from engine import parse_cards
from tutorial_app.config import store_url
from tutorial_app.flows.join_page import LearnerJoin
from tutorial_app.services import faults, guard, names, pictures
from tutorial_app.services.classes import ClassStore, first_teacher_from_environment
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.progress_cache import ProgressCache
from tutorial_app.services.signin import (
    DEVICE_COOKIE,
    KNOWN_COOKIE,
    CookieAction,
    CookieTicket,
    SignIn,
)
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.services.teacher_signin import TEACHER_COOKIE, TeacherSignIn
from tutorial_app.ui import join_panels, safe_text
from tutorial_app.ui.card_svg import hand_fan_html
from tutorial_app.ui.cookie_route import HEADER, PATH
from tutorial_app.ui.course_cache import course, course_errors_panel
from tutorial_app.ui.language_row import language_row
from tutorial_app.words.i18n import t

__all__ = ["course", "course_errors_panel", "device_cookie", "learner", "progress",
           "require_learner", "sign_out", "signin", "state", "store", "teacher_signin"]

NAME_KEY: Final = "signin_name"       # the name-only form's box
CLASS_CODE: Final = "signin_code"     # the class sign-in form's boxes
CLASS_NAME: Final = "signin_class_name"
PICTURE_KEYS: Final = ("signin_picture_1", "signin_picture_2")
CARD: Final = "card"                  # the login card's link parameter
_SCRUB: Final = "signin.scrub_card"   # a card link's key still to leave the page's history
_HANDSHAKE: Final = "card-handshake"  # the hidden button the card's script presses
JOIN: Final = "join"                  # the projector's join link parameter


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
    """The classroom's store (teachers, classes, live questions, homework), one per
    server process; on first use, the first teacher from CASSINO_TEACHER and
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


# ----- the browser: its address, its description, its cookies ----------------------------


def client_address() -> str:
    """The browser's address as the limits count it (services/guard.client_address)."""
    try:
        found = st.context.ip_address
    except (AttributeError, RuntimeError):  # no browser (a test's run)
        return guard.LOCAL
    return guard.client_address(found if isinstance(found, str) else None)


def _agent() -> str:
    try:
        return str(st.context.headers.get("User-Agent", ""))
    except (AttributeError, RuntimeError):
        return ""


def _cookie(name: str) -> str | None:
    try:
        return st.context.cookies.get(name)
    except (AttributeError, RuntimeError):
        return None


def signin() -> SignIn | None:
    """This browser session's learner sign-in; None when the store cannot be opened."""
    found = open_progress()
    if found is None:
        return None
    try:
        return SignIn(_store(store_url()), state(), client_address(), learners=found,
                      known=_cookie(KNOWN_COOKIE))
    except STORE_FAULTS as error:
        faults.report(error, "opening the store")
        return None


def teacher_signin() -> TeacherSignIn:
    """This browser session's teacher sign-in (stops the page if the store cannot open)."""
    return TeacherSignIn(rooms().store, state(), client_address(), _agent(),
                         known=_cookie(KNOWN_COOKIE))


def learner() -> Learner | None:
    """The signed-in learner, if any: the session's, or the one a login card's link
    names, or the one the browser's cookie names; None too when the store fails (the
    pages without a store carry on). Checked on every run: a session ended elsewhere
    (another tab's "Switch learner", the teacher's "Give a new secret") is signed out
    here at the next click.

    A card link (`?card=KEY`) is acted on once per browser session (services/signin.py:
    on a browser signed in as someone else it asks first), and its key must not stay
    in the browser's history, where Back (or a reload there after "Switch learner")
    would bring it again. Streamlit pushes a new history entry whenever the query or
    the page changes, so the entry holding the key must be replaced before anything
    can change either (a page's controller rewriting its link does): the run that
    reads the key draws only a script that replaces the page's own history entry by
    one without the key and then presses a hidden button, and stops
    (`_card_handshake`); the run that button starts signs in (or asks), and drops the
    key from the session's query, which the address bar no longer holds (no new entry
    then). A script that never ran leaves the next run, whatever starts it, to go on
    the same way."""
    session = signin()
    if session is None:
        return None
    card = st.query_params.get(CARD)
    if card is not None:
        if not state().get(_SCRUB):
            state()[_SCRUB] = True
            _card_handshake()  # stops this run
        del st.query_params[CARD]  # the history entry no longer holds it
        state().pop(_SCRUB, None)
        session.card_link(card, _cookie(DEVICE_COOKIE))
    return session.current(_cookie(DEVICE_COOKIE))


def _card_handshake() -> NoReturn:
    """The script that replaces the page's history entry by one without the card's
    key, then presses the hidden button that starts the next run; this run stops."""
    st.html(_scrub_script(), unsafe_allow_javascript=True)
    st.button("card", key=_HANDSHAKE, type="tertiary")
    st.stop()


def sign_out() -> None:
    """"Switch learner". On a phone a class shares, the next child is in the same class:
    the welcome screen opens on "In a class" with the class code typed (the pictures
    and the name are the next child's to choose)."""
    session = signin()
    if session is not None:
        session.sign_out()
    _forget_pictures()  # whatever was chosen on this phone before, for the next child
    if st.session_state.get(_LAST_CODE):
        st.session_state[CLASS_CODE] = st.session_state[_LAST_CODE]


_SCRUB_SCRIPT: Final = """<style>.st-key-card-handshake { display: none; }</style>
<script>(() => {
  const url = new URL(window.location.href);
  url.searchParams.delete(%s);
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  let tries = 0;
  const press = () => {
    const button = document.querySelector(%s);
    if (button) { button.click(); } else if (tries++ < 100) { setTimeout(press, 50); }
  };
  press();
})();</script>"""


def _scrub_script() -> str:
    """The script that takes a card's key out of the page's own history entry (and so
    out of the address bar, Back, Forward and a reload), then presses the hidden
    button (`_card_handshake`)."""
    return _SCRUB_SCRIPT % (json.dumps(CARD), json.dumps(f".st-key-{_HANDSHAKE} button"))


def _script(action: CookieAction) -> str:
    """The few bytes of script that post a ticket (or a clear) to the cookie route."""
    body = (f"ticket={action.ticket}" if isinstance(action, CookieTicket)
            else f"clear={action.cookie}")
    base = "/" + str(st.get_option("server.baseUrlPath") or "").strip("/")
    url = (base.rstrip("/") + PATH) if base != "/" else PATH
    return (f"<script>fetch({json.dumps(url)}, {{method: 'POST', credentials: "
            f"'same-origin', headers: {{{json.dumps(HEADER)}: '1', 'Content-Type': "
            f"'text/plain'}}, body: {json.dumps(body)}}});</script>")


def device_cookie() -> None:
    """Keep this browser's cookies in step with who is signed in: a ticket to redeem
    for an HttpOnly cookie after signing in (or after a visit rotated the token), a
    clear after signing out (ui/cookie_route.py). Called on every run by the sidebar."""
    session = signin()
    found = [session.cookie(), session.known_cookie()] if session is not None else []
    if open_store() is not None:
        teacher = teacher_signin()
        teacher.current(_cookie(TEACHER_COOKIE))
        found += [teacher.cookie(), teacher.known_cookie()]
    for action in found:
        if action is not None:
            st.html(_script(action), unsafe_allow_javascript=True)


# ----- the welcome screen ------------------------------------------------------------------


_ERROR_AT: Final = "signin-error-at"  # which form the last try came from
_JUST_IN: Final = "signin-just-sent"  # a sign-in form was sent: the next page from the top
SCROLL_TOP_SCRIPT: Final = """<script>(() => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (main) { main.scrollTo(0, 0); }
  window.scrollTo(0, 0);
})();</script>"""
_LAST_CODE: Final = "signin-last-class"  # the class code of this phone's last class sign-in


def _linked_code() -> str:
    return str(st.query_params.get(JOIN) or "")[:20]


def _submit_name() -> None:
    st.session_state[_ERROR_AT] = "name"
    st.session_state[_JUST_IN] = True
    session = signin()
    if session is not None:
        session.sign_in_by_name(st.session_state.get(NAME_KEY, ""))


def _submit_class() -> None:
    """The class sign-in sent. A wrong try leaves the pictures as they were (see
    `class_form`); a right one clears them, so that no one sees them on this phone
    after "Switch learner"."""
    st.session_state[_ERROR_AT] = "class"
    st.session_state[_JUST_IN] = True
    session = signin()
    if session is not None:
        first, second = (st.session_state.get(key) for key in PICTURE_KEYS)
        code = st.session_state.get(CLASS_CODE, "")
        if session.sign_in_to_class(code, st.session_state.get(CLASS_NAME, ""), first,
                                    second) is not None:
            _forget_pictures()
            st.session_state[_LAST_CODE] = code


def _forget_pictures() -> None:
    for key in PICTURE_KEYS:
        st.session_state[key] = None


def _prefill(key: str) -> None:
    linked = _linked_code()
    if linked and not st.session_state.get(key):
        st.session_state[key] = linked


def join_form() -> None:
    """A device that opened a class's link (the projector's QR code) signed in as
    someone else, or as nobody: a learner of the class signs in with their pictures,
    a new one joins (or waits for the teacher to let them in)."""
    session = signin()
    if session is not None and join_panels.waiting(LearnerJoin(session)):
        return
    st.caption(t("welcome.class_body"))
    class_form()
    with st.expander(t("join.title"), icon=":material/group_add:", expanded=True):
        _join_fields()
    error = _other_error()
    if error:
        st.error(safe_text.plain(error))


def _join_fields() -> None:
    """A new learner asks to join a class with its code and their name
    (ui/join_panels.py)."""
    join_panels.join_fields(LearnerJoin(signin()), _linked_code())


def class_form() -> None:
    """A class learner signs in: the class code, their name and their two pictures.

    Nothing is cleared after a wrong try: the pictures stay as the child chose them,
    she taps the one to change (tapping a chosen picture again keeps it: `required`),
    and every tap counts, even one made while the server is still answering. (Clearing
    them, from the server or by the form's `clear_on_submit`, reached the browser with
    the end of that run and undid a tap made meanwhile: the first tap after a wrong try
    was lost on a busy server.) A right try clears them (`_submit_class`), as does
    "Switch learner", so the next child on the phone finds none chosen. The code and
    the name are in the same form: typed outside it, each change reran the page, and a
    tap on a picture made during that run was lost too."""
    _prefill(CLASS_CODE)
    with st.container(key="class-signin"), st.form("class-signin-pictures", border=False):
        st.text_input(t("join.code"), key=CLASS_CODE, max_chars=20, placeholder="ABC234")
        st.text_input(t("signin.class_name"), key=CLASS_NAME, max_chars=names.MAX_TYPED,
                      placeholder=t("welcome.placeholder"))
        for key, label in zip(PICTURE_KEYS, (t("signin.first_picture"),
                                             t("signin.second_picture")), strict=True):
            st.pills(label, list(range(pictures.COUNT)), format_func=pictures.picture,
                     key=key, required=True)
        error = _class_error()
        if error:  # above the button she pressed, not below a page of pictures
            st.error(safe_text.plain(error), icon=":material/error:")
        st.form_submit_button(t("signin.class_button"), type="primary",
                              on_click=_submit_class)


def _class_error() -> str | None:
    """The class sign-in's own error, drawn by `class_form` above its button."""
    return _error(by_class_form=True)


def _other_error() -> str | None:
    """An error the class form does not show itself (the name form's, a card's)."""
    return _error(by_class_form=False)


def _error(by_class_form: bool) -> str | None:
    session = signin()
    if session is None or not session.error:
        return None
    from_class_form = st.session_state.get(_ERROR_AT) == "class"
    return session.error if from_class_form == by_class_form else None


def name_form() -> None:
    """A learner in no class: a name alone."""
    st.caption(t("welcome.own_body"))
    with st.form("signin", border=False):
        st.text_input(t("welcome.name"), key=NAME_KEY, max_chars=names.MAX_TYPED,
                      placeholder=t("welcome.placeholder"))
        st.form_submit_button(t("welcome.start"), type="primary", on_click=_submit_name)


def _secret_shown(session: SignIn) -> None:
    """Once, after joining: the learner's two pictures, to remember."""
    found = session.new_secret()
    if found is None:
        return
    with st.container(border=True, key="new-secret"):
        st.markdown(t("join.your_secret", first=pictures.picture(found[0]),
                      second=pictures.picture(found[1])))
        st.html(f"<div class='secret-pictures' style='font-size:3.5rem'>"
                f"{html.escape(pictures.emoji(found[0]))} "
                f"{html.escape(pictures.emoji(found[1]))}</div>")
        st.caption(t("join.secret_help"))
        st.button(t("join.got_it"), key="secret-seen", on_click=session.secret_seen,
                  type="primary")


def _card_question(session: SignIn) -> bool:
    """A card link opened on this phone while someone else is signed in: whose card it
    is, who is signed in, and two buttons; never a silent switch. True while asked."""
    asked = session.card_question()
    if asked is None:
        return False
    card, current = safe_text.plain(asked.card.name), safe_text.plain(asked.current.name)
    with st.container(border=True, key="card-question"):
        st.markdown(t("limits.card_ask", card=card, current=current))
        st.button(t("limits.card_switch", card=card), key="card-switch", type="primary",
                  on_click=session.answer_card, args=(True,), icon=":material/badge:")
        st.button(t("limits.card_stay", current=current), key="card-stay",
                  on_click=session.answer_card, args=(False,))
    return True


def require_learner() -> Learner | None:
    """The learner, or the welcome screen (returns None until someone signs in); a card
    link for someone else asks first (and the page waits for the answer)."""
    current = learner()
    session = signin()
    if session is None:
        store_unavailable()
    just_in = st.session_state.pop(_JUST_IN, False)
    if current is not None and just_in:
        # the page as it was scrolled for the sign-in form (a page of pictures) would
        # open her lessons halfway down, on locked ones: the top, once
        st.html(SCROLL_TOP_SCRIPT, unsafe_allow_javascript=True)
    if current is not None:
        if _card_question(session):
            return None
        note = session.card_note()
        if note:
            st.error(safe_text.plain(note), icon=":material/badge:")
        _secret_shown(session)
        return current
    if join_panels.waiting(LearnerJoin(session)):  # asked to join: the teacher has not answered yet
        return None
    language_row()  # her own language first (ui/language_row.py)
    with st.container(border=True, key="welcome"):
        st.html(hand_fan_html(parse_cards("As Kh Qd Jc 10s"), 96))
        st.subheader(t("welcome.title"))
        own_open = session.name_signin_open()
        in_class, own = t("welcome.tab_class"), t("welcome.tab_own")
        class_tab: Any
        if own_open:
            own_tab, class_tab = st.tabs([own, in_class], key="welcome-tabs",
                                         default=in_class if _linked_code()
                                         or st.session_state.get(_LAST_CODE) else own)
            with own_tab:
                name_form()
        else:
            class_tab = st.container()
        with class_tab:
            st.caption(t("welcome.class_body"))
            class_form()
            with st.expander(t("join.title"), icon=":material/group_add:",
                             expanded=bool(_linked_code())):
                _join_fields()
        error = _other_error()
        if error:
            st.error(safe_text.plain(error))
    return None
