"""Signing a learner in (plain Python, no Streamlit).

Two kinds of learner sign in two ways:

- A learner in a class proves who they are: the class code, their name and their two
  secret pictures (`sign_in_to_class`; the name is looked up in that class only), or
  their login card's QR code, whose link carries the card's key (`sign_in_by_card`).
  A new learner asks to join with the code and a name the class does not have yet
  (`join_class`), under the class's join rule (services/classes.py): by default the
  request waits, tied to this browser session by a random token, until the teacher
  approves it (`joining`, `join_answer`); then this browser alone is signed in and
  shown the pictures the app made (the teacher sees them too, prints them on a card
  and can reset them). Typing a class learner's name anywhere else never opens their
  account, joining under it shows nothing, and no page offers anyone's name.
- A learner in no class signs in by name alone (`sign_in_by_name`): meant for a
  learner's own device at home; whoever types the same name on the same server gets
  the same progress, so a teacher whose server is open to more than a class turns
  it off (`names_on_welcome`, kept in the store), and then only class learners sign in.

Wrong join codes, pictures and card keys are counted in the store (services/guard.py):
pictures per account (class and name) when tried from a browser not known for it, per
known browser and account otherwise (services/known_devices.py: the page hands in the
`cassino_known` cookie), and per client address only for the teacher's view and the
log: no address count ever refuses a child's right pictures or her card. A card's key
(192 random bits) is never refused; a card expires `CARD_DAYS` after its secret was
made. The address is handed in by the page (the server's view of the browser's
connection), as a plain string.

A browser that signed in is remembered by a device session (services/devices.py):
the page gets a one-time ticket to redeem for an HttpOnly cookie (`cookie()` says
what to do), and a later visit with that cookie signs in again and rotates the
token. The session is looked up on every run, so "Switch learner" (which ends it) and
the teacher's "Give a new secret" (which ends all of the learner's) sign a tab out at
its next click. A right sign-in by pictures or card also makes the browser known for
that learner (`known_cookie()`).

A login card's link (`?card=KEY`) opened on a browser signed in as someone else does
not switch it: it asks (`card_link`, `card_question`, `answer_card`); a key is acted
on once per browser session, so Back to the link's page never signs its learner in
again.

`SignIn` is one browser session's side of this, its state kept in the session's
mapping (`st.session_state` in the app, a dict in a test). A store that fails
(`faults.STORE_FAULTS`) never escapes as a traceback: nobody is signed in, the cause
is logged, and `error` says which setting to check.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import select

from tutorial_app.services import faults, guard, known_devices, names, pictures
from tutorial_app.services.classes import (
    APPROVED,
    REFUSED,
    TAKEN,
    WAITING,
    ClassroomError,
    ClassStore,
    SchoolClass,
    normalise_code,
)
from tutorial_app.services.devices import LEARNERS, Devices
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.guard import Attempt, Guard, Refused
from tutorial_app.services.known_devices import KnownDevices
from tutorial_app.services.progress_cache import LearnerStore
from tutorial_app.services.store import (
    Learner,
    LearnerNameError,
    ProgressStore,
    new_learner_name,
)
from tutorial_app.services.tables import learner_secrets
from tutorial_app.words.i18n import count, t

log = logging.getLogger(__name__)

DEVICE_COOKIE: Final = LEARNERS.cookie
KNOWN_COOKIE: Final = known_devices.KNOWN_COOKIE
CARD_DAYS: Final = 365  # a login card works this long after its secret was made

# The session's entries.
LEARNER: Final = "learner_id"           # the signed-in learner's id (tools/bench.py sets it)
_DEVICE: Final = "signin.device"        # this browser's device session (its row id)
_DEVICE_MADE: Final = "signin.device_made"  # and when it was made (a row id is reused)
_TICKET: Final = "signin.ticket"        # a ticket the page still has to redeem
_COOKIE_READ: Final = "signin.cookie_read"
_FORGOTTEN: Final = "signin.forgotten"  # "Switch learner": the cookie is to be cleared
_ERROR: Final = "signin.error"          # why the last try did not sign in
_NEW_SECRET: Final = "signin.new_secret"  # the pictures of a learner who just joined
_KNOWN_TICKET: Final = "signin.known_ticket"  # a ticket for the known-browser cookie
# Learners this browser session itself signed in as rightly: {learner id: (a mark, when)}.
# The known-browser cookie a right sign-in sets reaches the server only with the next
# page load (a session reads its cookies once), so a phone handed back without a reload
# ("Switch learner", then the same child again) is known by this instead.
_KNOWN_HERE: Final = "signin.known_here"
_CARDS_SEEN: Final = "signin.cards_seen"  # card links acted on (their keys' hashes)
_CARD_ASK: Final = "signin.card_ask"    # a card link for someone else: (learner id, key)
_CARD_NOTE: Final = "signin.card_note"  # why a card link did nothing (to a signed-in one)


# ----- the teacher's setting -------------------------------------------------------------


def names_on_welcome(store: ProgressStore) -> bool:
    """Whether learners in no class may sign in by name alone (see the module docstring)."""
    return store.names_on_welcome()


def show_names_on_welcome(store: ProgressStore, shown: bool) -> None:
    store.show_names_on_welcome(shown)


# ----- what the page does with the cookie -------------------------------------------------


@dataclass(frozen=True, slots=True)
class CookieTicket:
    """Redeem this ticket at the cookie route: the server sets the HttpOnly cookie."""

    ticket: str


@dataclass(frozen=True, slots=True)
class CookieClear:
    """Ask the cookie route to clear this cookie (after signing out)."""

    cookie: str


CookieAction = CookieTicket | CookieClear


def refusal(refused: Refused, who: str = "signin") -> str:
    """A refused try, in words: how long to wait, or that it is locked and for how long,
    or shut (`who` is "signin" for learners' forms, "teacher" for the teacher's). An
    account's lock (pictures, a teacher's name) says what still works: the card, a
    browser used before."""
    if refused.shut:
        return t("limits.pictures_shut" if who == "signin" else "limits.teacher_shut")
    if refused.locked:
        minutes = max(1, -(-refused.seconds // 60))
        if refused.scope == guard.ACCOUNT:
            noun = "limits_pictures" if who == "signin" else "limits_teacher"
            if minutes > 120:
                return count(-(-(refused.seconds - 1) // 3600), f"{noun}_hours")
            return count(minutes, f"{noun}_minutes")
        return count(minutes, f"{who}_locked")
    return count(refused.seconds, f"{who}_wait")


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True, slots=True)
class CardQuestion:
    """A login card's link opened on a browser signed in as someone else."""

    card: Learner      # whose card it is
    current: Learner   # who is signed in here


class SignIn:
    """One browser session's learner sign-in (see the module docstring)."""

    def __init__(self, store: ProgressStore, memory: MutableMapping[str, Any],
                 address: str = guard.LOCAL, learners: LearnerStore | None = None,
                 clock: Callable[[], float] = time.time, known: object = None) -> None:
        self.store = store
        self.memory = memory
        self.address = address
        self.learners: LearnerStore = learners if learners is not None else store
        self.rooms = ClassStore(store)
        self.guard = Guard(store, clock)
        self.devices = Devices(store, LEARNERS, clock)
        self.known = KnownDevices(store, clock)
        self.known_token = known  # this browser's `cassino_known` cookie, if any
        self.clock = clock

    # ----- what the page shows -------------------------------------------------------

    @property
    def error(self) -> str | None:
        """Why the last try did not sign in, if it did not."""
        value = self.memory.get(_ERROR)
        return str(value) if value else None

    def _fail(self, message: str) -> None:
        self.memory[_ERROR] = message

    def new_secret(self) -> tuple[int, int] | None:
        """The pictures of a learner who has just joined, to show them once."""
        found = self.memory.get(_NEW_SECRET)
        return (int(found[0]), int(found[1])) if isinstance(found, tuple | list) else None

    def secret_seen(self) -> None:
        self.memory.pop(_NEW_SECRET, None)

    def name_signin_open(self) -> bool:
        try:
            return names_on_welcome(self.store)
        except STORE_FAULTS as error:
            self._fail(faults.report(error, "reading the name sign-in setting"))
            return False

    # ----- who is signed in --------------------------------------------------------------

    def current(self, cookie: object = None) -> Learner | None:
        """The signed-in learner: the session's, or else (once per session) the one
        this browser's cookie names, whose token then rotates."""
        try:
            return self._current(cookie)
        except STORE_FAULTS as error:
            self._fail(faults.report(error, "finding the signed-in learner"))
            return None

    def _current(self, cookie: object) -> Learner | None:
        learner_id = self.memory.get(LEARNER)
        device = self.memory.get(_DEVICE)
        if learner_id is not None and device is not None and \
                not self._live(int(device), int(learner_id)):  # another tab, the teacher
            log.info("learner %s: this browser's session has ended", learner_id)
            self._signed_out()
            self._fail(t("limits.signed_out"))
            return None
        if learner_id is None:
            learner_id = self._remembered(cookie)
        if learner_id is None:
            return None
        found = self.learners.get_learner(int(learner_id))
        if found is None:  # gone from the store (deleted, a fresh database): sign in again
            log.info("learner %s is no longer in the store", learner_id)
            self.memory.pop(LEARNER, None)
        return found

    def _live(self, device: int, learner_id: int) -> bool:
        """Whether this browser's device session still stands (the very session: a row
        id SQLite gave back to a later one does not count)."""
        found = self.devices.get(device)
        made = self.memory.get(_DEVICE_MADE)
        return found is not None and found.owner == learner_id and (
            made is None or found.created == float(made))

    def _remembered(self, cookie: object) -> int | None:
        if self.memory.get(_COOKIE_READ):
            return None
        self.memory[_COOKIE_READ] = True
        session = self.devices.find(cookie)
        if session is None:
            return None
        self.memory[LEARNER] = session.owner
        self.memory[_DEVICE] = session.id
        self.memory[_DEVICE_MADE] = session.created
        self.memory[_TICKET] = self.devices.ticket(session.id)  # the token rotates
        return session.owner

    # ----- the ways in -----------------------------------------------------------------

    def _guarded(self, what: str, fn: Callable[[], Learner | None]) -> Learner | None:
        """Run one way in; a refusal is kept in `error`, a store fault is reported,
        never raised."""
        self.memory.pop(_ERROR, None)
        try:
            found = fn()
        except (LearnerNameError, names.UnusableNameError, ClassroomError) as error:
            self._fail(str(error))
            return None
        except STORE_FAULTS as error:
            self._fail(faults.report(error, what))
            return None
        return found

    def sign_in_by_name(self, name: object) -> Learner | None:
        """A learner in no class: the learner of that name (made on first use), signed
        in; None, with `error` saying why, when the name cannot be used, belongs to a
        class learner (they sign in with their class), or name sign-in is closed."""
        return self._guarded("signing in by name", lambda: self._by_name(name))

    def _by_name(self, name: object) -> Learner | None:
        if not names_on_welcome(self.store):
            self._fail(t("signin.names_closed"))
            return None
        # The learners in no class only: a class learner's name is refused there
        # (store.learner raises "signin.in_class"), and a class learner is never found.
        return self._signed_in(self.store.learner(names.normalise_name(name or "")))

    def _class(self, code: object) -> SchoolClass | None:
        """The class of a typed code, counting a wrong code against this address."""
        if not normalise_code(code):
            self._fail(t("signin.code_empty"))
            return None
        attempt = self._begin(guard.JOIN, None)
        if attempt is None:
            return None
        room = self.rooms.class_by_code(code)
        if room is None:
            self.guard.failed(attempt, "join code")
            self._fail(t("classes.unknown_code"))
            return None
        self.guard.succeeded(attempt)
        return room

    def linked_class(self, code: object) -> SchoolClass | None:
        """The class a join link (`?join=CODE`) names, looked up as a typed code is: an
        unknown code counts against this address and a locked address is refused, with
        `error` saying why; otherwise a link would let anyone try codes without limit
        (which class a code opens shows on the page)."""
        self.memory.pop(_ERROR, None)
        try:
            return self._class(code)
        except STORE_FAULTS as error:
            self._fail(faults.report(error, "reading a join link"))
            return None

    def _begin(self, kind: str, account: str | None, device: str | None = None,
               fresh_after: float = 0.0) -> Attempt | None:
        """Count a try (services/guard.py), or refuse it with `error` saying why. A join
        code from a browser known for anyone is judged by that browser's own count."""
        if kind == guard.JOIN and device is None:
            device = self.known.known_at_all(self.known_token)
        found = self.guard.begin(kind, account, self.address, device=device,
                                 fresh_after=fresh_after)
        if isinstance(found, Refused):
            log.info("sign-in try refused (%s, %s): %s", kind, self.address, found)
            self._fail(refusal(found))
            return None
        return found

    def _sign_in_class(self, code: object) -> tuple[SchoolClass | None, bool]:
        """The class of a code typed to sign in, and whether the address (or browser)
        is over its limit of wrong codes. A right code is never refused here: the
        pictures decide. Under the limit a wrong code is counted and said; over it,
        nothing tells a wrong code from wrong pictures (the same sentence for both), so
        the sign-in form is no way round the join codes' limit."""
        if not normalise_code(code):
            self._fail(t("signin.code_empty"))
            return None, False
        attempt = self._begin(guard.JOIN, None)
        over = attempt is None
        self.memory.pop(_ERROR, None)
        room = self.rooms.class_by_code(code)
        if attempt is not None:
            if room is None:
                self.guard.failed(attempt, "class code")
            else:
                self.guard.succeeded(attempt)
        if room is None:
            self._fail(t("limits.class_wrong_any") if over else t("classes.unknown_code"))
        return room, over

    def _secret_made(self, learner_id: int) -> float:
        """When the learner's secret was made (or last renewed), 0 without one."""
        with self.store._read() as con:
            found = con.execute(select(learner_secrets.c.created).where(
                learner_secrets.c.learner_id == learner_id)).first()
        return float(found[0]) if found is not None else 0.0

    def sign_in_to_class(self, code: object, name: object, first: object,
                         second: object) -> Learner | None:
        """A class learner: the class code, their name and their two pictures."""
        return self._guarded("signing in to a class",
                             lambda: self._to_class(code, name, first, second))

    def _to_class(self, code: object, name: object, first: object,
                  second: object) -> Learner | None:
        # The name is looked up in this class only (ClassStore.check_secret): a João of
        # another class is another learner, with another secret.
        cleaned = names.normalise_name(name or "")
        chosen = (pictures.chosen(first), pictures.chosen(second))
        if None in chosen:
            self._fail(t("signin.pick_pictures"))
            return None
        room, over = self._sign_in_class(code)
        if room is None:
            return None
        named = self.rooms.member_named(room.id, cleaned)  # who the account is, if anyone
        made = self._secret_made(named.id) if named is not None else 0.0
        device = self._known_for(named.id, made) if named is not None else None
        attempt = self._begin(guard.SECRET, f"{room.id}:{names.skeleton(cleaned)}",
                              device=device, fresh_after=made)
        if attempt is None:
            return None
        learner = self.rooms.check_secret(room.id, cleaned, chosen)
        if learner is None:
            self.guard.failed(attempt, "secret pictures")
            self._fail(t("limits.class_wrong_any") if over else t("signin.class_wrong"))
            return None
        self.guard.succeeded(attempt)
        return self._known(self._signed_in(learner))

    def sign_in_by_card(self, card_key: object) -> Learner | None:
        """A login card's QR code: its link's key signs its learner in."""
        return self._guarded("signing in by a login card", lambda: self._by_card(card_key))

    def _by_card(self, card_key: object) -> Learner | None:
        found = self._card(card_key)
        if found is None:
            return None
        return self._known(self._signed_in(found))

    def _card(self, card_key: object) -> Learner | None:
        """The learner a card's key stands for, or None with `error` saying why (a key
        no card has is counted against the address, for the teacher's view and the
        log; it never refuses anyone: a right key always works)."""
        attempt = self.guard.begin(guard.CARD, None, self.address)
        assert isinstance(attempt, Attempt)  # an address never refuses a card
        found = self.rooms.learner_by_card(card_key)
        made = self._secret_made(found[0].id) if found is not None else 0.0
        if found is None:
            self.guard.failed(attempt, "login card")
            self._fail(t("signin.card_wrong"))
            return None
        if self.clock() - made > CARD_DAYS * 86400:
            log.info("an expired login card of learner %s was used from %s", found[0].id,
                     self.address)
            self._fail(t("limits.card_expired"))
            return None
        return found[0]

    def _known(self, learner: Learner | None) -> Learner | None:
        """After a right secret: this browser is to be known for the learner (by its
        cookie from the next page load on, by this session's memory until then)."""
        if learner is not None:
            ticket = self.known.ticket(known_devices.LEARNER, learner.id)
            self.memory[_KNOWN_TICKET] = ticket
            here = dict(self.memory.get(_KNOWN_HERE) or {})
            here[str(learner.id)] = ("session" + _digest(ticket), self.clock())
            self.memory[_KNOWN_HERE] = here
        return learner

    def _known_for(self, learner_id: int, made: float) -> str | None:
        """What this browser is known for the learner by, if it is (its cookie, or this
        session having signed in as her since her secret was made): the subject of the
        pair's own count; None for a browser not known for her."""
        by_cookie = self.known.knows(self.known_token, known_devices.LEARNER, learner_id,
                                     since=made)
        if by_cookie is not None:
            return by_cookie
        mark = (self.memory.get(_KNOWN_HERE) or {}).get(str(learner_id))
        return str(mark[0]) if mark and float(mark[1]) >= made else None

    # ----- a card's link on a browser signed in as someone else --------------------------

    def card_link(self, card_key: object, cookie: object = None) -> None:
        """A login card's link (`?card=KEY`) opened here. Acted on once per browser
        session (Back to the link's page does nothing): signed in as nobody, it signs
        the card's learner in; signed in as that learner, nothing; signed in as someone
        else, it asks first (`card_question`), never switching silently."""
        if not isinstance(card_key, str) or not card_key:
            return
        seen = list(self.memory.get(_CARDS_SEEN) or [])
        if _digest(card_key) in seen:
            return
        self.memory[_CARDS_SEEN] = [*seen, _digest(card_key)][-20:]
        self.memory.pop(_CARD_ASK, None)
        self.memory.pop(_CARD_NOTE, None)
        current = self.current(cookie)
        if current is None:
            self.sign_in_by_card(card_key)
            return
        found = self._guarded("reading a login card's link", lambda: self._card(card_key))
        if found is None:
            self.memory[_CARD_NOTE] = self.error
            self.memory.pop(_ERROR, None)
        elif found.id != current.id:
            self.memory[_CARD_ASK] = (found.id, card_key)

    def card_question(self) -> CardQuestion | None:
        """The question a card link asks, while it waits for an answer."""
        asked = self.memory.get(_CARD_ASK)
        current = self.memory.get(LEARNER)
        if not asked or current is None:
            self.memory.pop(_CARD_ASK, None)
            return None
        try:
            card, here = (self.learners.get_learner(int(asked[0])),
                          self.learners.get_learner(int(current)))
        except STORE_FAULTS as error:
            faults.report(error, "reading a card link's learner")
            return None
        if card is None or here is None:
            self.memory.pop(_CARD_ASK, None)
            return None
        return CardQuestion(card, here)

    def answer_card(self, switch: bool) -> None:
        """The answer to `card_question`: switch to the card's learner (the card checked
        again), or stay as who is signed in."""
        asked = self.memory.pop(_CARD_ASK, None)
        if switch and asked:
            self.sign_in_by_card(str(asked[1]))

    def card_note(self) -> str | None:
        """Why a card link did nothing to the learner signed in here (said once)."""
        note = self.memory.pop(_CARD_NOTE, None)
        return str(note) if note else None

    # ----- joining a class (issue 31: the teacher's roster decides) ---------------------

    _JOINING: Final = "signin.joining"  # (request id, token, class name, name) while waiting

    def join_class(self, code: object, name: object) -> Learner | None:
        """A new learner asks to join the class of that code under a name, as the class's
        join rule says: signed in at once and shown their secret (anyone with the code
        joins), or waiting for the teacher (`joining()` says so, `join_answer()` looks),
        or refused with `error` saying why, showing nothing of anyone (the class takes
        only its listed names; the name is listed, or waiting, already)."""
        return self._guarded("joining a class", lambda: self._join(code, name))

    def _join(self, code: object, name: object) -> Learner | None:
        cleaned = new_learner_name(str(name or ""))
        room = self._class(code)
        if room is None:
            return None
        self._forget_join()  # this browser's earlier request, if any, is withdrawn
        token = secrets.token_urlsafe(24)
        found = self.rooms.ask_to_join(room.id, cleaned, token, self.address)
        if isinstance(found, int):
            self.memory[self._JOINING] = (found, token, room.name, cleaned)
            return None
        return self._joined(found.id)

    def _joined(self, learner_id: int) -> Learner | None:
        """A learner just made for this browser: signed in, shown their secret once."""
        learner = self.store.get_learner(learner_id)
        secret = self.rooms.secret_of(learner_id)
        signed = self._signed_in(learner) if learner is not None else None
        if signed is not None and secret is not None:
            self.memory[_NEW_SECRET] = secret.pictures
        return self._known(signed)  # the browser it joined on is hers

    def joining(self) -> tuple[str, str] | None:
        """The class and the name this browser asked to join under, while it waits for
        the teacher."""
        found = self.memory.get(self._JOINING)
        return (str(found[2]), str(found[3])) if isinstance(found, tuple | list) else None

    def join_answer(self) -> Learner | None:
        """Has the teacher answered this browser's request? Approved: the learner made
        for it, signed in here (and shown their secret once). Refused, or the name
        listed by the teacher meanwhile, or the request gone: None, with `error` saying
        so, and the waiting is over. Still waiting: None, no error."""
        found = self.memory.get(self._JOINING)
        if not isinstance(found, tuple | list):
            return None
        try:
            answer = self.rooms.join_answer(int(found[0]), str(found[1]))
        except STORE_FAULTS as error:
            self._fail(faults.report(error, "reading a join request"))
            return None
        if answer is not None and answer.state == WAITING:
            return None
        self.memory.pop(self._JOINING, None)
        if answer is not None and answer.state == APPROVED and answer.learner_id is not None:
            self.memory.pop(_ERROR, None)
            return self._joined(answer.learner_id)
        self._fail(t({REFUSED: "join.refused", TAKEN: "join.name_listed"}.get(
            answer.state if answer is not None else "", "join.gone")))
        return None

    def cancel_join(self) -> None:
        """"Cancel" on the waiting screen: the request is withdrawn."""
        self._forget_join()
        self.memory.pop(_ERROR, None)

    def _forget_join(self) -> None:
        found = self.memory.pop(self._JOINING, None)
        if isinstance(found, tuple | list):
            try:
                self.rooms.cancel_join(int(found[0]), str(found[1]))
            except STORE_FAULTS as error:
                faults.report(error, "withdrawing a join request")

    def _signed_in(self, learner: Learner) -> Learner | None:
        self.sign_in(learner.id)
        return learner if self.memory.get(LEARNER) == learner.id else None

    # ----- in and out ------------------------------------------------------------------

    def sign_in(self, learner_id: int) -> None:
        """Sign this learner in (after one of the ways in above), in a new device
        session this browser will be remembered by; the session before, if any, ends
        (a shared device changing hands). When the store cannot keep it, nobody is
        signed in and `error` says why."""
        self.memory.pop(_FORGOTTEN, None)
        self.memory.pop(_NEW_SECRET, None)
        self.memory[_COOKIE_READ] = True
        try:
            before = self.memory.pop(_DEVICE, None)
            if before is not None:
                self.devices.end(int(before))
            made = self.clock()
            session = self.devices.open(learner_id, now=made)
            self.memory[_TICKET] = self.devices.ticket(session)
            self.memory[_DEVICE_MADE] = made
        except STORE_FAULTS as error:
            self.memory.pop(LEARNER, None)
            self._fail(faults.report(error, "remembering the browser"))
            return
        self.memory[LEARNER] = learner_id
        self.memory[_DEVICE] = session
        self.memory.pop(_CARD_ASK, None)

    def _signed_out(self) -> int | None:
        """Nobody signed in here any more; the cookie is to be cleared. The device
        session's id, if there was one. (The known-browser cookie stays: it is no
        session.)"""
        self.memory.pop(LEARNER, None)
        self.memory.pop(_TICKET, None)
        self.memory.pop(_NEW_SECRET, None)
        self.memory.pop(_ERROR, None)
        self.memory.pop(_CARD_ASK, None)
        self.memory[_FORGOTTEN] = True
        self.memory.pop(_DEVICE_MADE, None)
        session = self.memory.pop(_DEVICE, None)
        return int(session) if session is not None else None

    def sign_out(self) -> None:
        """"Switch learner": signed out, and this browser's session ended (its cookie
        is cleared too, and would mean nothing any more)."""
        session = self._signed_out()
        if session is not None:
            try:
                self.devices.end(session)
            except STORE_FAULTS as error:
                faults.report(error, "ending the browser's session")

    def cookie(self) -> CookieAction | None:
        """What the page should do with the cookie on this run: redeem a pending ticket
        (until the server says it is used), clear it once after "Switch learner", or
        nothing."""
        ticket = self.memory.get(_TICKET)
        if ticket and self.memory.get(LEARNER) is not None:
            try:
                if self.devices.ticket_pending(str(ticket)):
                    return CookieTicket(str(ticket))
            except STORE_FAULTS as error:
                faults.report(error, "reading the cookie ticket")
            self.memory.pop(_TICKET, None)
            return None
        if self.memory.pop(_FORGOTTEN, False):
            return CookieClear(DEVICE_COOKIE)
        return None

    def known_cookie(self) -> CookieTicket | None:
        """A ticket to redeem for the known-browser cookie after a right secret, until
        the server says it is used."""
        ticket = self.memory.get(_KNOWN_TICKET)
        if not ticket:
            return None
        try:
            if self.devices.ticket_pending(str(ticket)):
                return CookieTicket(str(ticket))
        except STORE_FAULTS as error:
            faults.report(error, "reading the known-browser ticket")
        self.memory.pop(_KNOWN_TICKET, None)
        return None
