"""The sidebar under the navigation, on every page: the app's name, the signed-in
learner with "Switch learner", the four-colour deck toggle, and the cookie that
remembers the learner."""

from __future__ import annotations

import streamlit as st

from tutorial_app.ui import language, safe_text, session
from tutorial_app.words.i18n import t

FOUR_COLOUR_KEY = "four_colour"  # read by ui/board.py


def sidebar() -> None:
    with st.sidebar:
        st.markdown(f"### 🂡 {t('app.title')}")
        st.caption(t("app.tagline"))
        who = session.learner()
        if who is not None:
            language.learner_signed_in(who.id)
            with st.container(border=True, key="learner-box"):
                st.markdown(t("sidebar.learner", name=safe_text.plain(who.name)))
                st.caption(t("sidebar.rating", rating=f"{who.rating:.0f}"))
                st.button(t("sidebar.switch"), key="sign-out", on_click=session.sign_out,
                          type="tertiary", icon=":material/logout:")
        language.picker(who.id if who is not None else None)
        st.toggle(t("sidebar.four_colour"), key=FOUR_COLOUR_KEY,
                  help=t("sidebar.four_colour_help"))
        session.device_cookie()
