"""Sandbox: set up any position, see every legal move, try moves, step through them.

Screen: on the left the table and the hand with the move buttons under them
and the judge's answer; on the right the set-up panel (click cards into the
table, the hand or a build; paste notation; choose the rules); below, the
moves played so far with back and forward, and every legal move with what it
does. The logic is `flows.sandbox.SandboxController`; this only draws it.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.sandbox import SandboxController
from tutorial_app.ui import sandbox_panels as panels
from tutorial_app.ui import session
from tutorial_app.words.i18n import t

DRAWN_LINE = "view.sandbox_line"  # the line of moves the whole page drew last


@st.fragment
def board_area() -> None:
    """The board, its move buttons and the judge's answer. A click on a card, or a move
    the rules do not allow, reruns only this part; a move played changes the whole
    page (the moves played, the legal moves, the set-up), which is drawn again."""
    ctl = SandboxController(session.state(), st.query_params)
    if ctl.line is not st.session_state.get(DRAWN_LINE):
        st.rerun()
    panels.board_panel(ctl, ctl.board())


def render() -> None:
    ctl = SandboxController(session.state(), st.query_params)
    ctl.sync()
    st.session_state[DRAWN_LINE] = ctl.line
    screen = ctl.screen()
    st.title(t("sandbox.title"))
    st.caption(t("sandbox.intro"))
    left, right = st.columns([3, 2], gap="large")
    with left:
        board_area()
    with right:
        panels.setup_panel(ctl, screen)
    history, listing = st.columns([1, 3], gap="large")
    with history:
        panels.line_panel(ctl, screen)
    with listing:
        panels.moves_panel(ctl, screen)


render()
