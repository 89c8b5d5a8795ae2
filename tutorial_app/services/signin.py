"""Signing in (plain Python, no Streamlit).

A learner signs in with a name, no password (`ProgressStore.learner` finds
the name in any case, or makes a new learner). A browser remembers who signed
in there by a random token in a cookie; the store knows which learner a token
stands for, so a reload or tomorrow's visit carries on without the name typed
again, until "Switch learner" forgets the token. The welcome screen offers the
names already known for one-click sign-in unless the teacher has turned that
off (a setting of the class, kept in the store).

`SignIn` is one browser session's side of this: who is signed in, kept in the
session's mapping (`st.session_state` in the app, a dict in a test), and what
the browser's cookie should say. The page glue (ui/session.py) reads the
cookie, writes it and draws the welcome form.

A typed name is normalised here before the store sees it (services/names.py:
NFKC, one alphabet, no invisible characters), and a name that looks like a
known learner's is that learner. A store that fails (`faults.STORE_FAULTS`)
never escapes as a traceback: nobody is signed in, the cause is logged, and
`error` says which setting to check.
"""

from __future__ import annotations

import logging
import re
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from tutorial_app.services import faults, names
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.progress_cache import LearnerStore
from tutorial_app.services.store import Learner, LearnerNameError, ProgressStore

log = logging.getLogger(__name__)

DEVICE_COOKIE: Final = "cassino_device"
COOKIE_SECONDS: Final = 365 * 24 * 3600
WELCOME_NAMES: Final = 30  # at most this many names on the welcome screen
_TOKEN_TEXT: Final = re.compile(r"[A-Za-z0-9_-]{1,100}")

# The session's entries (the name box on the welcome form is the widget "signin_name").
LEARNER: Final = "learner_id"          # the signed-in learner's id (tools/bench.py sets it)
_TOKEN: Final = "signin.token"         # the token this browser remembers them by
_COOKIE_READ: Final = "signin.cookie_read"
_FORGOTTEN: Final = "signin.forgotten"  # "Switch learner": the cookie is to be removed
_ERROR: Final = "signin.error"          # why the typed name cannot be used


# ----- the class's setting -------------------------------------------------------------


def names_on_welcome(store: ProgressStore) -> bool:
    return store.names_on_welcome()


def show_names_on_welcome(store: ProgressStore, shown: bool) -> None:
    store.show_names_on_welcome(shown)


def welcome_names(store: LearnerStore) -> list[Learner]:
    """The learners offered on the welcome screen: none when the teacher said so."""
    return store.learners()[:WELCOME_NAMES] if store.names_on_welcome() else []


# ----- one browser session -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cookie:
    """What the browser's cookie should be set to: the token, or "" with age 0 to
    remove it. The value is only ever letters, digits, "-" and "_"."""

    value: str
    max_age: int


def valid_token(token: object) -> str | None:
    """A token as a cookie may carry it, or None (anything else is never trusted)."""
    return token if isinstance(token, str) and _TOKEN_TEXT.fullmatch(token) else None


class SignIn:
    def __init__(self, store: LearnerStore, memory: MutableMapping[str, Any]) -> None:
        self.store = store
        self.memory = memory

    def welcome_names(self) -> list[Learner]:
        """`welcome_names` of this store; when the store fails, none, and `error` says
        why (the name box still shows)."""
        try:
            return welcome_names(self.store)
        except STORE_FAULTS as error:
            self.memory[_ERROR] = faults.report(error, "listing the names for the welcome "
                                                "screen")
            return []

    @property
    def error(self) -> str | None:
        """Why the name typed last cannot be used, if it cannot."""
        value = self.memory.get(_ERROR)
        return str(value) if value else None

    def current(self, cookie: object = None) -> Learner | None:
        """The signed-in learner: the session's, or else (once per session) the one
        this browser's cookie names."""
        try:
            return self._current(cookie)
        except STORE_FAULTS as error:
            self.memory[_ERROR] = faults.report(error, "finding the signed-in learner")
            return None

    def _current(self, cookie: object) -> Learner | None:
        learner_id = self.memory.get(LEARNER)
        if learner_id is None:
            learner_id = self._remembered(cookie)
        if learner_id is None:
            return None
        found = self.store.get_learner(int(learner_id))
        if found is None:  # gone from the store (a fresh database): sign in again
            log.info("learner %s is no longer in the store", learner_id)
            self.memory.pop(LEARNER, None)
        return found

    def _remembered(self, cookie: object) -> int | None:
        if self.memory.get(_COOKIE_READ):
            return None
        self.memory[_COOKIE_READ] = True
        token = valid_token(cookie)
        if token is None:
            return None
        found = self.store.device_learner(token)
        if found is None:
            return None
        self.memory[LEARNER] = found.id
        self.memory[_TOKEN] = token
        return found.id

    def sign_in_by_name(self, name: object) -> Learner | None:
        """The welcome form: the learner of that name (made on first use), signed in;
        None, with `error` saying why, when the name cannot be used. A name that
        looks like a known learner's (services/names.py) signs in as them."""
        try:
            cleaned = names.normalise_name(name or "")
            known = names.same_looking(cleaned, [other.name for other in self.store.learners()])
            found = self.store.learner(known or cleaned)
            self.memory.pop(_ERROR, None)
            self.sign_in(found.id)
        except (LearnerNameError, names.UnusableNameError) as error:
            self.memory[_ERROR] = str(error)
            return None
        except STORE_FAULTS as error:
            self.memory[_ERROR] = faults.report(error, "signing in by name")
            return None
        return found if self.memory.get(LEARNER) == found.id else None

    def sign_in(self, learner_id: int) -> None:
        """Sign this learner in, and remember them in this browser by a new token
        (when the store cannot keep one, nobody is signed in and `error` says why)."""
        self.memory.pop(_FORGOTTEN, None)
        self.memory[LEARNER] = learner_id
        self.memory[_COOKIE_READ] = True
        try:
            self.memory[_TOKEN] = self.store.remember_device(learner_id)
        except STORE_FAULTS as error:
            self.memory.pop(LEARNER, None)
            self.memory[_ERROR] = faults.report(error, "remembering the browser")

    def sign_out(self) -> None:
        """"Switch learner": sign out, and this browser forgets the learner."""
        self.memory.pop(LEARNER, None)
        token = self.memory.pop(_TOKEN, None)
        if token:
            self.memory[_FORGOTTEN] = True  # the cookie goes, whatever the store says
            try:
                self.store.forget_device(str(token))
            except STORE_FAULTS as error:
                faults.report(error, "forgetting the browser")

    def cookie(self) -> Cookie | None:
        """What to write into the browser's cookie on this run: the token while a
        learner is signed in, an expired cookie after "Switch learner", else nothing."""
        token = valid_token(self.memory.get(_TOKEN))
        if token and self.memory.get(LEARNER) is not None:
            return Cookie(token, COOKIE_SECONDS)
        if self.memory.get(_FORGOTTEN):
            return Cookie("", 0)
        return None
