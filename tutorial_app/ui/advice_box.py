"""The computer's advice on a bare position, for the Sandbox and the Classroom.

Behind a toggle, so it is only worked out when asked for (the controller does
that, `flows.advice`); this draws the move, the reason and a line saying what
a bare position makes the computer assume.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.advice import Advice
from tutorial_app.ui import safe_text
from tutorial_app.words.i18n import t


def advice_toggle(key: str) -> bool:
    return st.toggle(t("advice.toggle"), key=key, help=t("advice.toggle_help"))


def advice_panel(advice: Advice | None, key: str) -> None:
    """The advice for the player to move (nothing if there is no move)."""
    if advice is None:
        return
    if advice.too_much_work:
        st.info(t("advice.too_much_work"), icon=":material/hourglass_disabled:")
        return
    with st.container(border=True, key=key):
        st.markdown(t("advice.move", move=safe_text.plain(advice.move)))
        st.caption(safe_text.plain(advice.reason))
        st.caption(t("advice.assumes"))
