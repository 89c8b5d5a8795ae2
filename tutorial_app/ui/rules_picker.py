"""One rules picker for every page that lets the user choose the rules.

A preset (each with its one-line description) and, behind a toggle, every
setting of the rules (docs/rules.md) with its help text. The Sandbox applies a
change at once (through the callbacks it passes); the Play page's controller
reads the choice from the session state when a game starts. Widget keys are
`<prefix>.preset`-style names the page chooses, and each setting's widget is
`<settings_key>.<setting>`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import streamlit as st

from engine import PRESETS, Rules
from engine.settings import SETTINGS
from tutorial_app.words import words
from tutorial_app.words.i18n import t


def preset_select(key: str, label: str, on_change: Callable[[], None]) -> None:
    """The preset by its name alone (a phone cuts a longer line); what each one means is
    the select's help."""
    meanings = "\n\n".join(t("rules.preset-choice", name=words.preset_name(name),
                                meaning=t(f"rules.preset.{name}")) for name in PRESETS)
    st.selectbox(label, list(PRESETS), key=key, on_change=on_change,
                 format_func=words.preset_name, help=meanings)


def setting_selects(settings_key: str, toggle_key: str, toggle_label: str, *,
                    defaults: Rules, skip: Collection[str] = (),
                    on_change: Callable[[str], None] | None = None) -> None:
    """The toggle, and when it is on, one select per setting (starting at `defaults`)."""
    if not st.toggle(toggle_label, key=toggle_key):
        return
    base = defaults.settings()
    for record in SETTINGS:  # one record per setting (engine/settings.py)
        name, choices = record.name, record.choices
        if name in skip:
            continue
        key = f"{settings_key}.{name}"
        st.session_state.setdefault(key, base[name])
        if on_change is None:
            st.selectbox(words.setting_name(name), choices, key=key,
                         help=t(f"rules.setting.{name}"), format_func=_valued(name))
        else:
            st.selectbox(words.setting_name(name), choices, key=key,
                         help=t(f"rules.setting.{name}"), format_func=_valued(name),
                         on_change=on_change, args=(name,))


def _valued(name: str) -> Callable[[str], str]:
    """The select's words for a setting's values (the session keeps the values)."""
    return lambda value: words.setting_value(name, value)

