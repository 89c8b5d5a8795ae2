"""Rules: the rules page (docs/rules.md) and every setting and preset explained.

Screen: the rules in prose, with the game's words and their meanings after the
summary, then a table of the presets and what each one sets, then a table of every
setting with its choices, its default and what it means (`flows.rules_page`).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows import rulelinks
from tutorial_app.flows.rules_page import GlossaryRow, rules_screen
from tutorial_app.ui import safe_text
from tutorial_app.ui.css import READING_WIDTH
from tutorial_app.words.i18n import t


def glossary(rows: tuple[GlossaryRow, ...]) -> None:
    """The game's words, one line each: the word in bold, its meaning, its rule a link."""
    st.header(t("rules.glossary"), anchor="glossary")
    st.caption(t("rules.glossary_note"))
    st.markdown("\n".join(
        f"- **{safe_text.plain(row.term)}**: {rulelinks.linked(row.meaning, safe_text.plain)}"
        for row in rows))


def render() -> None:
    screen = rules_screen()
    if not screen.titled:
        st.title(t("rules.title"))
    st.html(READING_WIDTH)
    if screen.error:
        st.warning(safe_text.plain(screen.error), icon=":material/warning:")
    for number, section in enumerate(screen.sections):
        if number == screen.glossary_at:
            glossary(screen.glossary)
        # rule numbers in the one style of the whole app, each a link to its section
        st.markdown(rulelinks.linked(section, safe_text.document))
    if len(screen.sections) <= screen.glossary_at:
        glossary(screen.glossary)

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
