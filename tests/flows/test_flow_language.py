"""Which language a session gets, without Streamlit: dicts for the session and the
link, a real store (SQLite and PostgreSQL) for the learner's kept choice."""

from __future__ import annotations

from typing import Any

from tutorial_app.flows import language
from tutorial_app.flows.language import KEY, PICKER
from tutorial_app.flows.links import LANG
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import i18n


class Browser:
    """A browser's language, counting how often the page asked for it."""

    def __init__(self, lang: str | None) -> None:
        self.lang, self.asked = lang, 0

    def __call__(self) -> str | None:
        self.asked += 1
        return self.lang


def test_a_link_names_the_language_and_the_session_keeps_it() -> None:
    memory: dict[str, Any] = {}
    params = {LANG: "pt-br"}
    assert language.choose(memory, params, Browser("it")) == "pt-BR"
    assert params[LANG] == "pt-BR" and language.session_language(memory) == "pt-BR"
    params.clear()  # the next page, its link without ?lang=: the session's language stays
    assert language.choose(memory, params, Browser("it")) == "pt-BR"
    assert params == {LANG: "pt-BR"}  # and the address says it again


def test_a_new_session_follows_the_browser_and_asks_it_once() -> None:
    memory: dict[str, Any] = {}
    params: dict[str, str] = {}
    browser = Browser("es")
    assert language.choose(memory, params, browser) == "es"
    assert language.choose(memory, params, browser) == "es"
    assert browser.asked == 1 and params == {LANG: "es"}


def test_english_by_default_and_an_unknown_link_language_changes_nothing() -> None:
    memory: dict[str, Any] = {}
    params: dict[str, str] = {}
    assert language.choose(memory, params, Browser(None)) == i18n.DEFAULT_LANGUAGE
    assert params == {}  # an English address stays short
    params[LANG] = "xx-nowhere"
    assert language.choose(memory, params, Browser("it")) == i18n.DEFAULT_LANGUAGE
    assert params == {LANG: i18n.DEFAULT_LANGUAGE}  # the link named one: it says which


def test_the_browser_language_is_its_locale_or_its_first_accepted_language() -> None:
    assert language.browser_language("it-IT", "es") == "it"
    assert language.browser_language(None, "es-MX,es;q=0.9,en;q=0.8") == "es"
    assert language.browser_language("", "pt-BR;q=1") == "pt-BR"
    assert language.browser_language(None, "fi,sv;q=0.5") is None
    assert language.browser_language(None, None) is None


def test_a_learner_gets_back_the_language_they_chose(store: ProgressStore) -> None:
    bia = store.learner("Bia")
    store.set_learner_language(bia.id, "it")
    memory: dict[str, Any] = {KEY: "en"}
    assert language.signed_in(memory, {}, lambda: store, bia.id)  # drawn again in it
    assert language.session_language(memory) == "it"
    memory[KEY] = "es"  # the picker, later in the session: asked once per learner only
    assert not language.signed_in(memory, {}, lambda: store, bia.id)
    assert language.session_language(memory) == "es"


def test_a_link_language_wins_over_the_learner_s(store: ProgressStore) -> None:
    bia = store.learner("Bia")
    store.set_learner_language(bia.id, "it")
    memory: dict[str, Any] = {KEY: "es"}
    assert not language.signed_in(memory, {LANG: "es"}, lambda: store, bia.id)
    assert language.session_language(memory) == "es"
    assert store.learner_language(bia.id) == "it"  # their own choice is kept


def test_a_new_learner_keeps_the_session_s_language(store: ProgressStore) -> None:
    cy = store.learner("Cy")
    memory: dict[str, Any] = {KEY: "pt-BR"}
    assert not language.signed_in(memory, {}, lambda: store, cy.id)
    assert store.learner_language(cy.id) == "pt-BR"


def test_no_store_leaves_the_session_s_language() -> None:
    memory: dict[str, Any] = {KEY: "es"}
    assert not language.signed_in(memory, {}, lambda: None, 7)
    assert language.session_language(memory) == "es"


def test_the_picker_sets_the_session_the_link_and_the_learner(store: ProgressStore) -> None:
    dora = store.learner("Dora")
    memory: dict[str, Any] = {KEY: "en"}
    assert "it" in language.picker_choice(memory) and memory[PICKER] == "en"
    memory[PICKER] = "it"  # the learner picks Italian
    params: dict[str, str] = {}
    assert language.picked(memory, params, lambda: store, dora.id) == "it"
    assert language.session_language(memory) == "it" and params == {LANG: "it"}
    assert store.learner_language(dora.id) == "it"


def test_the_picker_without_a_learner_opens_no_store() -> None:
    opened: list[bool] = []

    def open_store() -> ProgressStore | None:
        opened.append(True)
        return None

    memory: dict[str, Any] = {KEY: "xx-gone", PICKER: "es"}
    assert language.picker_choice(memory) and memory[PICKER] == i18n.DEFAULT_LANGUAGE
    memory[PICKER] = "es"
    assert language.picked(memory, {}, open_store, None) == "es" and opened == []
