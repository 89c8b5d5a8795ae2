"""The learner's language on the page: the session's state and the address handed to
flows/language.py, which decides; the sidebar's picker; and the translation layer
told the language at the start of every run (`i18n.set_language` sets a context
variable of the run's thread, so sessions in two languages never mix).

Nothing happens on import: app.py calls `install()` once a run, before `apply()`.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutorial_app.flows import language
from tutorial_app.ui.session import open_store
from tutorial_app.words import i18n


def _session_language() -> str | None:
    """The language of the session whose script is running in this thread, if any."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    return language.session_language(st.session_state)


def install() -> None:
    """Tell the translation layer where a run finds its session's language: a fragment
    rerun does not run app.py's top, so it asks the session."""
    i18n.set_resolver(_session_language)


def _browser() -> str | None:
    try:
        locale = st.context.locale
    except (AttributeError, RuntimeError):
        locale = None
    headers = st.context.headers
    return language.browser_language(locale, headers.get("Accept-Language") if headers else None)


def apply() -> str:
    """Choose this run's language and hand it to the translation layer."""
    lang = language.choose(st.session_state, st.query_params, _browser)
    i18n.set_language(lang)
    return lang


def learner_signed_in(learner_id: int) -> None:
    """Take up the language the learner chose before (the page is drawn again in it),
    or keep this session's as theirs."""
    if language.signed_in(st.session_state, st.query_params, open_store, learner_id):
        st.rerun()


def picker(learner_id: int | None) -> None:
    """The sidebar's language picker, each language named in itself."""
    languages = language.picker_choice(st.session_state)
    st.selectbox(":material/translate: " + i18n.t("sidebar.language"), languages,
                 format_func=i18n.display_name, key=language.PICKER,
                 on_change=_picked, args=(learner_id,))


def _picked(learner_id: int | None) -> None:
    language.picked(st.session_state, st.query_params, open_store, learner_id)
