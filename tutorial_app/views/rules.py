"""Rules: the rules page (docs/rules.md) and every setting and preset explained.

Screen: the rules in prose, then a table of the presets and what each one
sets, then a table of every setting with its choices, its default and what it
means (from the engine's own SETTING_HELP and PRESET_HELP, so the page never
disagrees with the judge).
"""

from __future__ import annotations

import streamlit as st

from engine import PRESETS
from engine.rules import CLASSIC, PRESET_HELP, SETTING_CHOICES, SETTING_HELP
from tutorial_app.course.i18n import t
from tutorial_app.course.rulesdoc import read_rules_page
from tutorial_app.ui import safe_text
from tutorial_app.ui.css import READING_WIDTH

page = read_rules_page()
if not (page.sections and page.sections[0].startswith("# ")):
    st.title(t("rules.title"))
st.html(READING_WIDTH)
if page.error:
    st.warning(safe_text.plain(page.error), icon=":material/warning:")
for section in page.sections:
    st.markdown(safe_text.document(section))

st.header(t("rules.presets"))
st.dataframe({
    t("rules.col.preset"): list(PRESETS),
    t("rules.col.meaning"): [PRESET_HELP[name] for name in PRESETS],
    t("rules.col.sets"): [" ".join(rules.text.split()[1:]) or
                          (t("rules.defaults") if name == "classic" else rules.text)
                          for name, rules in PRESETS.items()],
}, hide_index=True, width="stretch", key="rules-presets")

st.header(t("rules.settings"))
defaults = CLASSIC.settings()
st.dataframe({
    t("rules.col.setting"): list(SETTING_CHOICES),
    t("rules.col.choices"): [" / ".join(choices) for choices in SETTING_CHOICES.values()],
    t("rules.col.default"): [defaults[name] for name in SETTING_CHOICES],
    t("rules.col.meaning"): [SETTING_HELP[name] for name in SETTING_CHOICES],
}, hide_index=True, width="stretch", key="rules-settings")
st.caption(t("rules.settings_note"))
