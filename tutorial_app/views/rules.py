"""Rules: the rules page (docs/rules.md) and every setting and preset explained.

Screen: the rules in prose, then a table of the presets and what each one
sets, then a table of every setting with its choices, its default and what it
means (`flows.rules_page`).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows import rulelinks
from tutorial_app.flows.rules_page import rules_screen
from tutorial_app.ui import safe_text
from tutorial_app.ui.css import READING_WIDTH
from tutorial_app.words.i18n import t


def render() -> None:
    screen = rules_screen()
    if not screen.titled:
        st.title(t("rules.title"))
    st.html(READING_WIDTH)
    if screen.error:
        st.warning(safe_text.plain(screen.error), icon=":material/warning:")
    for section in screen.sections:
        # rule numbers in the one style of the whole app, each a link to its section
        st.markdown(rulelinks.linked(section, safe_text.document))

    st.header(t("rules.presets"))
    st.dataframe({
        t("rules.col.preset"): [row.name for row in screen.presets],
        t("rules.col.meaning"): [row.meaning for row in screen.presets],
        t("rules.col.sets"): [row.sets for row in screen.presets],
    }, hide_index=True, width="stretch", key="rules-presets")

    st.header(t("rules.settings"))
    st.dataframe({
        t("rules.col.setting"): [row.name for row in screen.settings],
        t("rules.col.choices"): [" / ".join(row.choices) for row in screen.settings],
        t("rules.col.default"): [row.default for row in screen.settings],
        t("rules.col.meaning"): [row.meaning for row in screen.settings],
    }, hide_index=True, width="stretch", key="rules-settings")
    st.caption(t("rules.settings_note"))


render()
