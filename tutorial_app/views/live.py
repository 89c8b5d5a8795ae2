"""Class question: a learner's phone during a live question. Joining a
class (its code, from the projector or its QR code's link) signs the learner in;
then the question on the teacher's screen appears here to answer with one move.
The logic is `flows.live_page.LearnerLive`; the drawing is ui/live_panels.py."""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.live_page import LearnerLive
from tutorial_app.ui import live_panels, session
from tutorial_app.words.i18n import t


def render() -> None:
    st.title(t("live.title"))
    who = session.require_learner()
    if who is None:
        return
    live_panels.learner_screen(LearnerLive(session.rooms(), session.course(), who,
                                           session.state()))


render()
