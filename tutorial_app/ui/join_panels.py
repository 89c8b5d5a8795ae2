"""Joining a class by its code, drawn from its controllers (flows/join_page.py):

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

from tutorial_app.flows.join_page import NAME_MAX, RULES, JoinRequests, LearnerJoin
from tutorial_app.ui import safe_text
from tutorial_app.words.i18n import count, t

CODE: Final = "join_code"   # the join form's boxes
NAME: Final = "join_name"
LEARNER_EVERY: Final = 2.0  # seconds between a waiting phone's looks
TEACHER_EVERY: Final = 5.0  # seconds between the teacher's panel's looks


# ----- the learner -------------------------------------------------------------------------


def _join(ctl: LearnerJoin) -> None:
    ctl.join(st.session_state.get(CODE, ""), st.session_state.get(NAME, ""))


def join_fields(ctl: LearnerJoin, linked: str) -> None:
    """A new learner asks to join a class with its code (from the teacher's screen or
    its QR code's link, `linked`) and their name. The name box takes more than a name
    may have, so that a long name is refused with a sentence rather than cut."""
    if linked and not st.session_state.get(CODE):
        st.session_state[CODE] = linked
    with st.form("join", border=False):
        st.caption(t("join.body"))
        st.text_input(t("join.code"), key=CODE, max_chars=20, placeholder="ABC234")
        st.text_input(t("join.name"), key=NAME, max_chars=NAME_MAX,
                      placeholder=t("welcome.placeholder"))
        st.form_submit_button(t("join.button"), type="primary",
                              on_click=_join if ctl.can_join else None,
                              args=(ctl,) if ctl.can_join else None)


def waiting(ctl: LearnerJoin) -> bool:
    """The waiting screen, if this browser asked to join and the teacher has not
    answered yet: True when drawn (the page shows nothing else of the sign-in)."""
    found = ctl.waiting()
    if found is None:
        return False
    with st.container(border=True, key="join-waiting"):
        st.subheader(t("join.waiting_title"))
        st.markdown(t("join.waiting_body", room=safe_text.plain(found.room),
                      name=safe_text.plain(found.name)))
        _look(ctl)
        st.button(t("join.cancel"), key="join-cancel", on_click=ctl.cancel,
                  icon=":material/close:")
    return True


@st.fragment(run_every=LEARNER_EVERY)
def _look(ctl: LearnerJoin) -> None:
    """Every few seconds: has the teacher answered? Then the whole page again (signed
    in and shown the secret pictures, or the welcome screen saying why not)."""
    if ctl.look():
        st.rerun()
    st.caption(t("join.keep_open"))


# ----- the teacher -------------------------------------------------------------------------


def _set_rule(ctl: JoinRequests) -> None:
    ctl.set_rule(st.session_state.get(f"join-rule-{ctl.class_id}"))


@st.fragment(run_every=TEACHER_EVERY)
def requests(ctl: JoinRequests) -> None:
    """The teacher's "Joining the class" panel (see the module docstring)."""
    if ctl.changed():
        st.rerun()  # learners were let in: Learners and secrets, progress, ... drawn again
    screen = ctl.screen()
    if screen is None:
        return
    with st.expander(screen.title, icon=":material/how_to_reg:", expanded=screen.expanded):
        key = f"join-rule-{screen.class_id}"
        if st.session_state.get(key) not in RULES:
            st.session_state[key] = screen.rule
        st.radio(t("join_panel.rule"), RULES, key=key, horizontal=True,
                 format_func=lambda rule: t(f"join_panel.rule.{rule}"),
                 help=t("join_panel.rule_help"), on_change=_set_rule, args=(ctl,))
        for name, why in screen.done:
            shown = safe_text.plain(name)
            if why is None:
                st.success(t("join_panel.approved", name=shown))
            elif why:
                st.error(t("join_panel.not_approved", name=shown, why=safe_text.plain(why)))
            else:
                st.info(t("join_panel.refused", name=shown))
        if not screen.waiting:
            st.caption(t("join_panel.none"))
            return
        for request in screen.waiting:
            with st.container(horizontal=True, vertical_alignment="center",
                              key=f"join-request-{request.id}"):
                st.markdown(f"**{safe_text.plain(request.name)}** · {request.asked}",
                            width="stretch")
                with st.container(horizontal=True, width="content"):  # wrapped together
                    st.button(t("join_panel.approve"), key=f"join-approve-{request.id}",
                              type="primary", icon=":material/check:", on_click=ctl.approve,
                              args=(request.id, request.name))
                    st.button(t("join_panel.refuse"), key=f"join-refuse-{request.id}",
                              icon=":material/close:", on_click=ctl.refuse,
                              args=(request.id, request.name))
        if len(screen.waiting) > 1:
            with st.container(horizontal=True, key="join-all"):
                st.button(t("join_panel.approve_all"), key="join-approve-all",
                          type="primary", icon=":material/done_all:",
                          on_click=ctl.approve_all)
                st.button(t("join_panel.refuse_all"), key="join-refuse-all",
                          type="tertiary", on_click=ctl.refuse_all)


@st.fragment(run_every=TEACHER_EVERY)
def projector_count(ctl: JoinRequests) -> None:
    """In projector mode: how many wait to join, never their names."""
    waiting = ctl.waiting_count()
    if waiting:
        st.caption(count(waiting, "join-waiting-projector"))
