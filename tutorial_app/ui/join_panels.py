"""Joining a class by its code, drawn (what each click does is services/classes.py and
services/signin.py):

- the learner's join form (the class code and a name) and, when the class's teacher
  approves each join, the waiting screen on the learner's phone ("Waiting for your
  teacher to let you in"), which looks for the teacher's answer every few seconds
  (`st.fragment(run_every=...)`) and signs the phone in, showing its two secret
  pictures once, when the teacher lets it in;
- the teacher's panel on the Classroom, "Joining the class": how learners join (the
  teacher approves each join, only the names the teacher lists, or anyone with the
  code), and the learners waiting, each with Approve and Refuse, and Approve all; it
  looks for new requests every few seconds too, and its title counts them. In
  projector mode only the count is shown, never a name.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from tutorial_app.flows.class_report import ago
from tutorial_app.services import names
from tutorial_app.services.classes import JOIN_RULES, ClassroomError, ClassStore
from tutorial_app.services.signin import SignIn
from tutorial_app.ui import safe_text
from tutorial_app.words.i18n import count, t

CODE: Final = "join_code"   # the join form's boxes
NAME: Final = "join_name"
LEARNER_EVERY: Final = 2.0  # seconds between a waiting phone's looks
TEACHER_EVERY: Final = 5.0  # seconds between the teacher's panel's looks
_DONE: Final = "join-panel.done"        # the teacher's last clicks: [(name, why or None)]
_CHANGED: Final = "join-panel.changed"  # a click changed the class: the whole page again


# ----- the learner -------------------------------------------------------------------------


def _join(session: SignIn) -> None:
    session.join_class(st.session_state.get(CODE, ""), st.session_state.get(NAME, ""))


def join_fields(session: SignIn | None, linked: str) -> None:
    """A new learner asks to join a class with its code (from the teacher's screen or
    its QR code's link, `linked`) and their name. The name box takes more than a name
    may have, so that a long name is refused with a sentence rather than cut."""
    if linked and not st.session_state.get(CODE):
        st.session_state[CODE] = linked
    with st.form("join", border=False):
        st.caption(t("join.body"))
        st.text_input(t("join.code"), key=CODE, max_chars=20, placeholder="ABC234")
        st.text_input(t("join.name"), key=NAME, max_chars=names.MAX_TYPED,
                      placeholder=t("welcome.placeholder"))
        st.form_submit_button(t("join.button"), type="primary",
                              on_click=_join if session is not None else None,
                              args=(session,) if session is not None else None)


def waiting(session: SignIn) -> bool:
    """The waiting screen, if this browser asked to join and the teacher has not
    answered yet: True when drawn (the page shows nothing else of the sign-in)."""
    found = session.joining()
    if found is None:
        return False
    room, name = found
    with st.container(border=True, key="join-waiting"):
        st.subheader(t("join.waiting_title"))
        st.markdown(t("join.waiting_body", room=safe_text.plain(room),
                      name=safe_text.plain(name)))
        _look(session)
        st.button(t("join.cancel"), key="join-cancel", on_click=session.cancel_join,
                  icon=":material/close:")
    return True


@st.fragment(run_every=LEARNER_EVERY)
def _look(session: SignIn) -> None:
    """Every few seconds: has the teacher answered? Then the whole page again (signed
    in and shown the secret pictures, or the welcome screen saying why not)."""
    session.join_answer()
    if session.joining() is None:
        st.rerun()
    st.caption(t("join.keep_open"))


# ----- the teacher -------------------------------------------------------------------------


def _set_rule(rooms: ClassStore, class_id: int) -> None:
    rule = st.session_state.get(f"join-rule-{class_id}")
    if rule in JOIN_RULES:
        rooms.set_join_rule(class_id, str(rule))


def _approve(rooms: ClassStore, class_id: int, request_id: int, name: str) -> None:
    try:
        done: list[tuple[str, str | None]] = [(rooms.approve(class_id, request_id).name, None)]
    except ClassroomError as error:
        done = [(name, str(error))]
    st.session_state[_DONE] = done
    st.session_state[_CHANGED] = True


def _approve_all(rooms: ClassStore, class_id: int) -> None:
    st.session_state[_DONE] = rooms.approve_all(class_id)
    st.session_state[_CHANGED] = True


def _refuse(rooms: ClassStore, class_id: int, request_id: int, name: str) -> None:
    rooms.refuse(class_id, request_id)
    st.session_state[_DONE] = [(name, "")]


def _refuse_all(rooms: ClassStore, class_id: int) -> None:
    waiting = rooms.waiting(class_id)
    rooms.refuse_all(class_id)
    st.session_state[_DONE] = [(x.name, "") for x in waiting]


@st.fragment(run_every=TEACHER_EVERY)
def requests(rooms: ClassStore, class_id: int) -> None:
    """The teacher's "Joining the class" panel (see the module docstring)."""
    if st.session_state.pop(_CHANGED, False):
        st.rerun()  # learners were let in: Learners and secrets, progress, ... drawn again
    room = rooms.get_class(class_id)
    if room is None:
        return
    waiting = rooms.waiting(room.id)
    done: list[tuple[str, str | None]] = st.session_state.pop(_DONE, [])
    title = count(len(waiting), "join-waiting") if waiting else t("join_panel.title")
    with st.expander(title, icon=":material/how_to_reg:", expanded=bool(waiting or done)):
        key = f"join-rule-{room.id}"
        if st.session_state.get(key) not in JOIN_RULES:
            st.session_state[key] = room.join_rule
        st.radio(t("join_panel.rule"), JOIN_RULES, key=key, horizontal=True,
                 format_func=lambda rule: t(f"join_panel.rule.{rule}"),
                 help=t("join_panel.rule_help"), on_change=_set_rule, args=(rooms, room.id))
        for name, why in done:
            shown = safe_text.plain(name)
            if why is None:
                st.success(t("join_panel.approved", name=shown))
            elif why:
                st.error(t("join_panel.not_approved", name=shown, why=safe_text.plain(why)))
            else:
                st.info(t("join_panel.refused", name=shown))
        if not waiting:
            st.caption(t("join_panel.none"))
            return
        for request in waiting:
            with st.container(horizontal=True, vertical_alignment="center",
                              key=f"join-request-{request.id}"):
                st.markdown(f"**{safe_text.plain(request.name)}** · "
                            f"{t('join_panel.asked', ago=ago(request.created))}",
                            width="stretch")
                with st.container(horizontal=True, width="content"):  # wrapped together
                    st.button(t("join_panel.approve"), key=f"join-approve-{request.id}",
                              type="primary", icon=":material/check:", on_click=_approve,
                              args=(rooms, room.id, request.id, request.name))
                    st.button(t("join_panel.refuse"), key=f"join-refuse-{request.id}",
                              icon=":material/close:", on_click=_refuse,
                              args=(rooms, room.id, request.id, request.name))
        if len(waiting) > 1:
            with st.container(horizontal=True, key="join-all"):
                st.button(t("join_panel.approve_all"), key="join-approve-all",
                          type="primary", icon=":material/done_all:", on_click=_approve_all,
                          args=(rooms, room.id))
                st.button(t("join_panel.refuse_all"), key="join-refuse-all",
                          type="tertiary", on_click=_refuse_all, args=(rooms, room.id))


@st.fragment(run_every=TEACHER_EVERY)
def projector_count(rooms: ClassStore, class_id: int) -> None:
    """In projector mode: how many wait to join, never their names."""
    waiting = len(rooms.waiting(class_id))
    if waiting:
        st.caption(count(waiting, "join-waiting-projector"))
