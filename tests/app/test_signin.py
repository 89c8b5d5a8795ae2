"""Signing in as a service, without Streamlit: a dict for the browser session, a real
store (SQLite and PostgreSQL), and the cookie a browser would send back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutorial_app.services import signin
from tutorial_app.services.signin import COOKIE_SECONDS, Cookie, SignIn
from tutorial_app.services.store import ProgressStore


def browser(store: ProgressStore) -> SignIn:
    """A new browser session (a fresh tab, a reload)."""
    session: dict[str, Any] = {}
    return SignIn(store, session)


def test_a_name_signs_in_and_the_browser_is_remembered(store: ProgressStore) -> None:
    tab = browser(store)
    assert tab.current() is None and tab.cookie() is None
    ana = tab.sign_in_by_name("  Ana  ")
    assert ana is not None and ana.name == "Ana" and tab.current() == ana
    cookie = tab.cookie()
    assert cookie is not None and cookie.max_age == COOKIE_SECONDS
    assert store.device_learner(cookie.value) == ana
    again = browser(store)  # tomorrow, the browser sends its cookie back
    assert again.current(cookie.value) == ana
    assert again.sign_in_by_name("ana") == ana  # any case: the same learner


def test_a_name_that_cannot_be_used_is_explained(store: ProgressStore) -> None:
    tab = browser(store)
    assert tab.sign_in_by_name("   ") is None and tab.error == "Type a name first."
    assert tab.sign_in_by_name("x" * 200) is None and "at most" in (tab.error or "")
    assert tab.sign_in_by_name("a\x00b") is None and "control" in (tab.error or "")
    assert tab.current() is None and store.learners() == []
    assert tab.sign_in_by_name("Bo") is not None and tab.error is None


def test_switch_learner_forgets_the_browser(store: ProgressStore) -> None:
    tab = browser(store)
    ana = tab.sign_in_by_name("Ana")
    assert ana is not None
    cookie = tab.cookie()
    assert cookie is not None
    tab.sign_out()
    assert tab.current() is None
    assert tab.cookie() == Cookie("", 0)  # the cookie is removed
    assert store.device_learner(cookie.value) is None
    assert browser(store).current(cookie.value) is None  # the old token means nothing
    tab.sign_in(ana.id)  # one click on a name
    assert tab.current() == ana and tab.cookie() != Cookie("", 0)


def test_the_cookie_is_read_once_per_session_and_never_trusted(store: ProgressStore) -> None:
    ana = store.learner("Ana")
    token = store.remember_device(ana.id)
    tab = browser(store)
    assert tab.current("'; alert(1); '") is None  # not a token: never looked up
    assert tab.current(token) is None  # read once per session, at the start
    for bad in (None, "", 42, "x" * 500, "not-a-known-token"):
        assert browser(store).current(bad) is None
    assert browser(store).current(token) == ana


def test_a_learner_gone_from_the_store_is_signed_out(store: ProgressStore,
                                                    new_database: Callable[[], str]) -> None:
    session: dict[str, Any] = {}
    tab = SignIn(store, session)
    assert tab.sign_in_by_name("Ana") is not None
    with ProgressStore(new_database()) as other:
        fresh = SignIn(other, session)  # a new database
        assert fresh.current() is None and signin.LEARNER not in session


def test_the_names_on_the_welcome_screen_are_the_teachers_choice(store: ProgressStore) -> None:
    assert signin.welcome_names(store) == [] and signin.names_on_welcome(store)
    names = [f"L{i:02}" for i in range(signin.WELCOME_NAMES + 5)]
    for name in names:
        store.learner(name)
    assert [x.name for x in signin.welcome_names(store)] == names[:signin.WELCOME_NAMES]
    signin.show_names_on_welcome(store, False)
    assert signin.welcome_names(store) == [] and not signin.names_on_welcome(store)
    assert browser(store).sign_in_by_name("l03") is not None  # typing a name still works
