"""The way to a live class question from every page (flows/live_call.py decides).

Called by app.py before the page: a learner who has just signed in or joined while
their class has a question up is taken to the Class question page; on any other page
a signed-in class member sees a banner at the top of the page itself (a phone's
sidebar is folded away), one tap from the question. The banner looks again every few
seconds on its own, so a question asked while the learner reads a lesson appears
without a click.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from tutorial_app.flows import live_call
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.ui import safe_text, session
from tutorial_app.words.i18n import t

EVERY: Final = 5.0  # seconds between the banner's looks at the class's live question
LIVE_PAGE: Final = "views/live.py"


def live_call_banner(on_live_page: bool) -> None:
    """Send a just-signed-in class member to the live question, or show the banner."""
    if session.open_store() is None:
        return
    who = session.learner()
    if who is None:
        return
    rooms = session.rooms()
    try:
        room = rooms.class_of(who.id)
        call = live_call.waiting(rooms, who.id, room) if room is not None else None
    except STORE_FAULTS:  # the page itself says what is wrong with the store
        return
    if live_call.lands(session.state(), who.id, call) and not on_live_page:
        st.switch_page(LIVE_PAGE)
    if room is not None and not on_live_page:  # a class member: the banner looks on
        _banner(who.id)


@st.fragment(run_every=EVERY)
def _banner(learner_id: int) -> None:
    try:
        call = live_call.waiting(session.rooms(), learner_id)
    except STORE_FAULTS:
        return
    if call is None:
        return
    with st.container(border=True, key="live-call"):
        if call.answered:
            label = t("live_call.answered", n=call.question,
                      name=safe_text.plain(call.class_name))
        elif call.open:
            label = t("live_call.waiting", n=call.question, name=safe_text.plain(call.class_name))
        else:
            label = t("live_call.closed", n=call.question, name=safe_text.plain(call.class_name))
        st.page_link(LIVE_PAGE, label=label, icon=":material/campaign:")
