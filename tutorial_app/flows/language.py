"""The learner's language for one browser session: which one, and where it is kept.

Plain Python (no Streamlit): the session's memory is any mutable mapping (the
session state in the app, a dict in a test) and so are the link's parameters.
Where the language comes from, first found wins: the link's `?lang=` (kept in the
address so that a shared link opens in the same language), the picker in the
sidebar, the language the signed-in learner chose before (kept in the progress
store), then the browser's language, then English. The language is kept in the
session, never in the process: two learners on one server in two languages never
see each other's (the translation layer is told it per run, `i18n.set_language`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any, Final

from tutorial_app.flows.links import LANG
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import i18n

log = logging.getLogger(__name__)

KEY: Final = "language"  # the session's language tag
PICKER: Final = "language-picker"  # the sidebar's picker widget
_FROM_STORE: Final = "language_from_store"  # learner id whose stored language was read

OpenStore = Callable[[], ProgressStore | None]
"""The store, opened only when a decision needs it (None: it cannot be opened)."""


def session_language(memory: Mapping[Any, Any]) -> str | None:
    """The language this session chose, if it chose one yet."""
    found = memory.get(KEY)
    return str(found) if found else None


def browser_language(locale: str | None, accept_language: str | None) -> str | None:
    """The available language a browser asks for: its locale, else the first language
    of its Accept-Language header ("it-IT,it;q=0.9,en;q=0.8" -> "it")."""
    found = locale or None
    if not found and accept_language:
        found = accept_language.split(",")[0].split(";")[0].strip() or None
    return i18n.supported(found)


def choose(memory: MutableMapping[Any, Any], params: MutableMapping[str, str],
           browser: Callable[[], str | None]) -> str:
    """This run's language: the link's, else the session's, else the browser's (asked
    only for a new session), else English. The address is made to name it whenever it
    is not English, or named another, so that a copied link opens in it too."""
    asked = i18n.supported(str(params.get(LANG, "")) or None)
    if asked is not None:
        memory[KEY] = asked
    elif KEY not in memory:
        memory[KEY] = browser() or i18n.DEFAULT_LANGUAGE
    lang = str(memory[KEY])
    if params.get(LANG) != lang and (LANG in params or lang != i18n.DEFAULT_LANGUAGE):
        params[LANG] = lang
    return lang


def signed_in(memory: MutableMapping[Any, Any], params: Mapping[str, str],
              open_store: OpenStore, learner_id: int) -> bool:
    """Once per session and learner: take up the language they chose before, unless
    the link names one; or keep this session's language as theirs. True when the
    session's language changed, so the page must be drawn again in it. A store that
    fails leaves the session's language as it is (logged)."""
    if memory.get(_FROM_STORE) == learner_id:
        return False
    memory[_FROM_STORE] = learner_id
    store = open_store()
    if store is None:
        return False
    try:
        kept = i18n.supported(store.learner_language(learner_id))
        if kept is None:
            store.set_learner_language(learner_id, session_language(memory)
                                       or i18n.DEFAULT_LANGUAGE)
            return False
    except STORE_FAULTS:
        log.warning("cannot read or keep learner %d's language", learner_id, exc_info=True)
        return False
    if LANG in params or kept == memory.get(KEY):
        return False
    memory[KEY] = kept
    return True


def picker_choice(memory: MutableMapping[Any, Any]) -> list[str]:
    """The languages the picker offers (`i18n.offered_languages`: English and every
    shipped language whose app catalogue is complete), with the session's language
    chosen in it."""
    languages = i18n.offered_languages()
    current = session_language(memory) or i18n.DEFAULT_LANGUAGE
    memory[PICKER] = current if current in languages else i18n.DEFAULT_LANGUAGE
    return languages


def picked(memory: MutableMapping[Any, Any], params: MutableMapping[str, str],
           open_store: OpenStore, learner_id: int | None) -> str:
    """The picker's language becomes the session's and the link's, and the signed-in
    learner's for their next visit (a store that fails is logged; the session keeps
    the language all the same)."""
    lang = str(memory[PICKER])
    memory[KEY] = lang
    params[LANG] = lang
    store = open_store() if learner_id is not None else None
    if learner_id is not None and store is not None:
        try:
            store.set_learner_language(learner_id, lang)
        except STORE_FAULTS:
            log.warning("cannot keep learner %d's language", learner_id, exc_info=True)
    return lang
