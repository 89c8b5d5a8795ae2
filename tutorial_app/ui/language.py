"""The learner's language, per browser session: chosen at the start of every run.

The language lives in the session's state and is handed to the translation layer
for this run only (`i18n.set_language` sets a context variable of the run's
thread), so two learners on one server in two languages never see each other's.
Where it comes from, first found wins: the link's `?lang=` (kept in the address
so that a shared link opens in the same language), the picker in the sidebar,
the language the signed-in learner chose before (kept in the progress store),
then the browser's language (`st.context.locale`), then English.
"""

from __future__ import annotations

import logging
from typing import Final

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutorial_app.course import i18n
from tutorial_app.flows.links import LANG
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.ui.session import open_store

log = logging.getLogger(__name__)

KEY: Final = "language"  # the session's language tag
PICKER: Final = "language-picker"
_FROM_STORE: Final = "language_from_store"  # learner id whose stored language was read


def _session_language() -> str | None:
    """The language of the session whose script is running in this thread, if any."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    found = st.session_state.get(KEY)
    return str(found) if found else None


i18n.set_resolver(_session_language)


def _browser() -> str | None:
    try:
        found = st.context.locale
    except (AttributeError, RuntimeError):
        found = None
    if not found:
        header = st.context.headers.get("Accept-Language", "") if st.context.headers else ""
        found = header.split(",")[0].split(";")[0] if header else None
    return i18n.supported(found)


def apply() -> str:
    """Choose this run's language and hand it to the translation layer."""
    state = st.session_state
    asked = i18n.supported(str(st.query_params.get(LANG, "")) or None)
    if asked is not None:
        state[KEY] = asked
    elif KEY not in state:
        state[KEY] = _browser() or i18n.DEFAULT_LANGUAGE
    lang = str(state[KEY])
    i18n.set_language(lang)
    if st.query_params.get(LANG) != lang and (LANG in st.query_params
                                              or lang != i18n.DEFAULT_LANGUAGE):
        st.query_params[LANG] = lang
    return lang


def learner_signed_in(learner_id: int) -> None:
    """Once per session and learner: take up the language they chose before, unless
    the link names one; or keep this session's language for them."""
    state = st.session_state
    if state.get(_FROM_STORE) == learner_id:
        return
    state[_FROM_STORE] = learner_id
    store = open_store()
    if store is None:
        return
    try:
        kept = i18n.supported(store.learner_language(learner_id))
        if kept is not None and LANG not in st.query_params and kept != state.get(KEY):
            state[KEY] = kept
            st.rerun()
        if kept is None:
            store.set_learner_language(learner_id, str(state.get(KEY, i18n.DEFAULT_LANGUAGE)))
    except STORE_FAULTS:
        log.warning("cannot read or keep learner %d's language", learner_id, exc_info=True)


def picker(learner_id: int | None) -> None:
    """The sidebar's language picker, each language named in itself."""
    languages = i18n.available_languages()
    current = str(st.session_state.get(KEY, i18n.DEFAULT_LANGUAGE))
    st.session_state[PICKER] = current if current in languages else i18n.DEFAULT_LANGUAGE
    st.selectbox(":material/translate: " + i18n.t("sidebar.language"), languages,
                 format_func=i18n.display_name, key=PICKER,
                 on_change=_picked, args=(learner_id,))


def _picked(learner_id: int | None) -> None:
    lang = str(st.session_state[PICKER])
    st.session_state[KEY] = lang
    st.query_params[LANG] = lang
    if learner_id is None:
        return
    store = open_store()
    if store is None:
        return
    try:
        store.set_learner_language(learner_id, lang)
    except STORE_FAULTS:
        log.warning("cannot keep learner %d's language", learner_id, exc_info=True)
