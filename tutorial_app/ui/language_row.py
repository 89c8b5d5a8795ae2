"""The languages at the top of the welcome screen, each named in itself.

A learner whose phone speaks another language than hers (a Spanish speaker with an
English phone, a class's shared tablet) must find her own before anything else: the
sidebar's picker is folded away on a phone, three taps from the first screen. A tap
here does what the picker does (flows/language.py `picked`): the session's language
and the link's; no one is signed in yet, so nothing is kept for a learner.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows import language
from tutorial_app.words import i18n


def language_row() -> None:
    """One button per offered language (`i18n.offered_languages`), the session's own
    outlined and ticked."""
    current = language.session_language(st.session_state) or i18n.DEFAULT_LANGUAGE
    with st.container(horizontal=True, gap="small", key="welcome-languages"):
        for lang in i18n.offered_languages():
            chosen = lang == current
            st.button(i18n.display_name(lang), key=f"welcome-lang-{lang}",
                      type="secondary" if chosen else "tertiary",
                      icon=":material/check:" if chosen else None,
                      on_click=_choose, args=(lang,))


def _choose(lang: str) -> None:
    st.session_state[language.PICKER] = lang
    language.picked(st.session_state, st.query_params, lambda: None, None)
