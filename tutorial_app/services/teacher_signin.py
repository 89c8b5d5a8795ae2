"""A teacher signing in, staying signed in, and signing out (plain Python).

The decision is made here, not on the page: a name and a password are checked only
after the store's limits let the try through (services/guard.py: from a browser not
known for that teacher, per teacher name and per client address, a growing wait, then
lockouts growing to a day that another teacher or the admin command can lift, the
count kept; from her own known browser, services/known_devices.py, only that pair's
count, so no guesser elsewhere locks her out), and with the password hashing bounded
(services/passwords.py), so a crowd of guessers neither gets far nor slows anyone
else's page. A password change (`change_password`, the admin command's
`set-password`) ends her other device sessions, forgets her known browsers and starts
the count afresh. A right password opens a device session (services/devices.py), kept
hashed on the server and expiring, which keeps the teacher signed in across reloads
and tabs of that browser; the Classroom lists the teacher's sessions and ends any of
them, and "Sign out" ends this one. A session ended elsewhere signs the page out at
its next click, not only at the next reload.

`TeacherSignIn` is one browser session's side, its state in the session's mapping
like services/signin.py's (the cookie works the same way: a ticket the page redeems).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, MutableMapping
from typing import Any, Final

from sqlalchemy import select, update

from tutorial_app.services import faults, guard, known_devices, names, passwords
from tutorial_app.services.classes import ClassStore, Teacher
from tutorial_app.services.devices import TEACHERS, Devices, Session
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.guard import Guard, Limit, Refused
from tutorial_app.services.known_devices import KnownDevices
from tutorial_app.services.signin import CookieAction, CookieClear, CookieTicket, refusal
from tutorial_app.services.store import ProgressStore, name_key
from tutorial_app.services.tables import learner_secrets, sign_in_limits, teacher_sessions
from tutorial_app.services.tables import teachers as teacher_table
from tutorial_app.words.i18n import t

log = logging.getLogger(__name__)

TEACHER_COOKIE: Final = TEACHERS.cookie
TEACHER: Final = "teacher_id"           # the signed-in teacher's id
_SESSION: Final = "teacher.session"     # their device session's id
_TICKET: Final = "teacher.ticket"
_COOKIE_READ: Final = "teacher.cookie_read"
_FORGOTTEN: Final = "teacher.forgotten"
_ERROR: Final = "teacher.error"
_SEEN: Final = "teacher.seen"           # wrong tries for this name before signing in
_KNOWN_TICKET: Final = "teacher.known_ticket"  # the known-browser cookie's ticket


def teacher_named(store: ProgressStore, name: object) -> int | None:
    """The id of the teacher a typed name is, if any (no password checked)."""
    try:
        key = name_key(names.normalise_name(name))
    except names.UnusableNameError:
        return None
    with store._read() as con:
        row = con.execute(select(teacher_table.c.id)
                          .where(teacher_table.c.name_key == key)).first()
    return int(row[0]) if row is not None else None


def change_password(store: ProgressStore, teacher_id: int, password: str,
                    keep_session: int | None = None) -> None:
    """A teacher's new password (refused in her language when short or common:
    classes.ClassroomError), and with it every other device session of hers ended,
    her known browsers forgotten and the wrong tries counted for her name started
    afresh (a guesser's count belongs to the old password)."""
    rooms = ClassStore(store)
    rooms.set_password(teacher_id, password)
    sessions = Devices(store, TEACHERS)
    for session in sessions.of(teacher_id):
        if session.id != keep_session:
            sessions.end(session.id)
    KnownDevices(store).forget(known_devices.TEACHER, teacher_id)
    found = rooms.get_teacher(teacher_id)
    if found is not None:
        Guard(store).forget(guard.TEACHER, [account_key(found.name)])
    log.info("teacher %s: password changed; other devices signed out", teacher_id)


def account_key(name: object) -> str:
    """The account a typed teacher name counts against: its key when it is a usable
    name, else the text folded (so a made-up name is limited like a real one)."""
    try:
        return name_key(names.normalise_name(name))
    except names.UnusableNameError:
        return " ".join(str(name).split()).casefold()[:120]


class TeacherSignIn:
    """One browser session's teacher sign-in (see the module docstring)."""

    def __init__(self, store: ProgressStore, memory: MutableMapping[str, Any],
                 address: str = guard.LOCAL, agent: str = "",
                 clock: Callable[[], float] = time.time, known: object = None) -> None:
        self.store = store
        self.memory = memory
        self.address = address
        self.agent = agent
        self.rooms = ClassStore(store)
        self.guard = Guard(store, clock)
        self.devices = Devices(store, TEACHERS, clock)
        self.known = KnownDevices(store, clock)
        self.known_token = known  # this browser's `cassino_known` cookie, if any
        self.clock = clock

    @property
    def error(self) -> str | None:
        value = self.memory.get(_ERROR)
        return str(value) if value else None

    @property
    def session_id(self) -> int | None:
        found = self.memory.get(_SESSION)
        return int(found) if found is not None else None

    def current(self, cookie: object = None) -> Teacher | None:
        """The signed-in teacher: this session's (its device session still live), or
        else (once per browser session) the one the cookie names, whose token rotates."""
        try:
            return self._current(cookie)
        except STORE_FAULTS as error:
            self.memory[_ERROR] = faults.report(error, "finding the signed-in teacher")
            return None

    def _current(self, cookie: object) -> Teacher | None:
        session_id = self.session_id
        if session_id is not None:
            session = self.devices.get(session_id)
            teacher_id = self.memory.get(TEACHER)
            if session is None or (teacher_id is not None and session.owner != int(
                    teacher_id)):  # ended from another device, or expired
                self._forget()
                return None
            return self._teacher(session.owner)
        teacher_id = self.memory.get(TEACHER)
        if teacher_id is not None:  # set by the server's own code (tests, tools)
            return self._teacher(int(teacher_id))
        if self.memory.get(_COOKIE_READ):
            return None
        self.memory[_COOKIE_READ] = True
        session = self.devices.find(cookie)
        if session is None:
            return None
        self.memory[_SESSION] = session.id
        self.memory[TEACHER] = session.owner
        self.memory[_TICKET] = self.devices.ticket(session.id)
        self._seen_from(session)
        return self._teacher(session.owner)

    def _seen_from(self, session: Session) -> None:
        """The session's browser and address as of this visit: a cookie copied to
        another browser shows up in "Your signed-in devices" as that browser."""
        agent, address = self.agent[:160], self.address[:64]
        if (agent, address) == (session.agent, session.address):
            return
        if agent and session.agent and agent != session.agent:
            log.warning("teacher %s: a session cookie came from another browser (%r, %s)",
                        session.owner, agent, address)
        with self.store._write() as con:
            con.execute(update(teacher_sessions).where(teacher_sessions.c.id == session.id)
                        .values(agent=agent or session.agent, address=address))

    def _teacher(self, teacher_id: int) -> Teacher | None:
        found = self.rooms.get_teacher(teacher_id)
        if found is None:
            self._forget()
        return found

    def _forget(self) -> None:
        had = self.memory.pop(_SESSION, None) is not None
        self.memory.pop(TEACHER, None)
        self.memory.pop(_TICKET, None)
        if had:
            self.memory[_FORGOTTEN] = True

    def sign_in(self, name: object, password: object) -> Teacher | None:
        """Check the name and password, once the limits allow a try; on success a new
        device session. None, with `error` saying why, otherwise."""
        self.memory.pop(_ERROR, None)
        try:
            return self._sign_in(str(name or ""), str(password or ""))
        except STORE_FAULTS as error:
            self.memory[_ERROR] = faults.report(error, "signing a teacher in")
            return None

    def _sign_in(self, name: str, password: str) -> Teacher | None:
        account = account_key(name)
        before = self.guard.limit(guard.TEACHER, guard.ACCOUNT, account)
        named = teacher_named(self.store, name)
        device = self.known.knows(self.known_token, known_devices.TEACHER, named) \
            if named is not None else None
        attempt = self.guard.begin(guard.TEACHER, account, self.address, device=device)
        if isinstance(attempt, Refused):
            log.info("teacher sign-in refused for %r from %s: %s", account, self.address,
                     attempt)
            self.memory[_ERROR] = refusal(attempt, "teacher")
            return None
        try:
            found = self.rooms.teacher_password_ok(name, password)
        except passwords.BusyError:
            self.guard.cancelled(attempt)
            self.memory[_ERROR] = t("teacher.busy")
            return None
        if found is None:
            self.guard.failed(attempt, "teacher password")
            self.memory[_ERROR] = t("teacher.wrong")
            return None
        self.guard.succeeded(attempt)
        self._acknowledge(account)
        if before is not None and before.failures > 0:
            self.memory[_SEEN] = (before.failures, before.last_address)
        self.memory[_KNOWN_TICKET] = self.known.ticket(known_devices.TEACHER, found.id)
        session = self.devices.open(found.id, self.agent, self.address)
        self.memory[_SESSION] = session
        self.memory[TEACHER] = found.id
        self.memory[_COOKIE_READ] = True
        self.memory[_TICKET] = self.devices.ticket(session)
        self.memory.pop(_FORGOTTEN, None)
        log.info("teacher %s signed in from %s", found.name, self.address)
        return found

    def _acknowledge(self, account: str) -> None:
        """The teacher has signed in: the wrong passwords in a row tried for her name
        before are told once (`wrong_before`) and start afresh; their strikes stay."""
        with self.store._write() as con:
            con.execute(update(sign_in_limits).where(
                sign_in_limits.c.kind == guard.TEACHER,
                sign_in_limits.c.scope == guard.ACCOUNT,
                sign_in_limits.c.subject == account).values(failures=0))

    def wrong_before(self) -> tuple[int, str] | None:
        """Wrong passwords tried for this teacher's name before they signed in, and the
        address of the last: shown once, so guessing is seen."""
        found = self.memory.get(_SEEN)
        return (int(found[0]), str(found[1])) if isinstance(found, tuple | list) else None

    def seen(self) -> None:
        self.memory.pop(_SEEN, None)

    def sign_out(self) -> None:
        """"Sign out": this device session ends, and the cookie is cleared."""
        session_id = self.session_id
        self._forget()
        self.memory[_FORGOTTEN] = True
        self.memory.pop(_SEEN, None)
        if session_id is not None:
            try:
                self.devices.end(session_id)
            except STORE_FAULTS as error:
                faults.report(error, "ending a teacher's session")

    def sessions(self) -> list[Session]:
        """The signed-in teacher's live sessions (this one among them)."""
        teacher_id = self.memory.get(TEACHER)
        return self.devices.of(int(teacher_id)) if teacher_id is not None else []

    def end_session(self, session_id: int) -> None:
        """Sign one of this teacher's devices out (another teacher's are not theirs)."""
        if any(s.id == session_id for s in self.sessions()):
            self.devices.end(session_id)
            if session_id == self.session_id:
                self._forget()

    def cookie(self) -> CookieAction | None:
        """As services/signin.SignIn.cookie, for the teacher's cookie."""
        ticket = self.memory.get(_TICKET)
        if ticket and self.memory.get(_SESSION) is not None:
            if self.devices.ticket_pending(str(ticket)):
                return CookieTicket(str(ticket))
            self.memory.pop(_TICKET, None)
            return None
        if self.memory.pop(_FORGOTTEN, False):
            return CookieClear(TEACHER_COOKIE)
        return None

    def known_cookie(self) -> CookieTicket | None:
        """A ticket for the known-browser cookie after a right password."""
        ticket = self.memory.get(_KNOWN_TICKET)
        if not ticket:
            return None
        if self.devices.ticket_pending(str(ticket)):
            return CookieTicket(str(ticket))
        self.memory.pop(_KNOWN_TICKET, None)
        return None

    def change_password(self, password: str) -> None:
        """The signed-in teacher's new password; her other devices are signed out."""
        teacher_id = self.memory.get(TEACHER)
        if teacher_id is not None:
            change_password(self.store, int(teacher_id), password, self.session_id)

    # ----- the limits, for the teacher to see and lift -----------------------------------

    def limits(self) -> list[Limit]:
        """The wrong tries this teacher may see: their classes' learners (a count kept
        for a learner's secret before the one she has now is void, and left out), and
        names tried in those classes that nobody has, every address
        and known browser's join codes, every teacher name (a locked-out colleague is
        let in by another)."""
        teacher_id = self.memory.get(TEACHER)
        if teacher_id is None:
            return []
        rooms = self.rooms.classes_of(int(teacher_id))
        mine = {f"{room.id}:" for room in rooms}
        made = self._secrets_made([room.id for room in rooms])
        return [x for x in self.guard.limits()
                if x.scope == guard.ADDRESS or x.kind in (guard.TEACHER, guard.JOIN)
                or (x.kind == guard.SECRET and x.account.split(":", 1)[0] + ":" in mine
                    and (x.account not in made or x.since == made[x.account]))]

    def teacher_names(self) -> dict[str, str]:
        """Each teacher's name by the account key her wrong passwords count against."""
        with self.store._read() as con:
            rows = con.execute(select(teacher_table.c.name_key, teacher_table.c.name)).all()
        return {str(key): str(name) for key, name in rows}

    def _secrets_made(self, class_ids: list[int]) -> dict[str, float]:
        """When each learner's secret of these classes was made, by their account."""
        found: dict[str, float] = {}
        for class_id in class_ids:
            shapes = self.rooms.members_with_shape(class_id)
            with self.store._read() as con:
                made = dict(con.execute(select(learner_secrets.c.learner_id,
                                               learner_secrets.c.created).where(
                    learner_secrets.c.learner_id.in_([x.id for x, _ in shapes]))).all())
            for learner, shape in shapes:
                found[f"{class_id}:{shape}"] = float(made.get(learner.id, 0.0))
        return found

    def lift(self, limit: Limit) -> None:
        if any((x.kind, x.scope, x.subject) == (limit.kind, limit.scope, limit.subject)
               for x in self.limits()):
            self.guard.lift(limit.kind, limit.scope, limit.subject)
