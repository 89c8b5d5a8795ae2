"""The computer's advice on a bare position, for the Sandbox and the Classroom.

Behind a toggle, so it is only worked out when asked for: the counting
player's move with the reason in words (`engine.advice.advise`), and a line
saying what a bare position makes it assume.
"""

from __future__ import annotations

import streamlit as st

from engine import CassinoError, Position
from engine.advice import advise
from tutorial_app.course import words
from tutorial_app.course.i18n import t
from tutorial_app.ui import safe_text


def advice_toggle(key: str) -> bool:
    return st.toggle(t("advice.toggle"), key=key, help=t("advice.toggle_help"))


def advice_panel(position: Position, key: str) -> None:
    """The advice for the player to move in `position` (nothing if there is no move)."""
    try:
        found = advise(position)
    except CassinoError:  # no card in hand, or an impossible position the page explains
        return
    with st.container(border=True, key=key):
        st.markdown(t("advice.move", move=safe_text.plain(words.move(found.move))))
        st.caption(safe_text.plain(found.reason))
        st.caption(t("advice.assumes"))
