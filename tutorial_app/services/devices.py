"""Browsers that stay signed in: learners' and teachers' device sessions (plain Python).

A browser that signed in is remembered by a random token in a cookie. The store
keeps only the token's SHA-256, with when the session was made, last used and when
it ends, on the server: an old cookie is worthless once its session has expired or
been ended ("Switch learner", "Sign out", a teacher signing out another device, a
learner's secret reset), whatever the browser kept.

The token is never handed to the page. The app gives the page a one-time *ticket*
(`ticket`), which the page's script posts to the server's cookie route
(ui/cookie_route.py); `redeem` there makes a fresh token, keeps its hash and
answers with it in an HttpOnly cookie that page scripts cannot read. Every new
browser session that signs in by its cookie gets a new ticket, so the token rotates
on every use; the token before still counts for `GRACE` seconds, so tabs opened
together are not signed out by each other.

Two kinds share this code: `LEARNERS` (table devices) and `TEACHERS` (table
teacher_sessions, which the Classroom lists, each revocable).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import Table, delete, or_, select, update

from tutorial_app.services import known_devices
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import cookie_tickets, devices, teacher_sessions

log = logging.getLogger(__name__)

GRACE: Final = 120.0          # seconds the token before a rotation still counts
TICKET_SECONDS: Final = 120.0  # a ticket not redeemed by then is void
TOKEN_BYTES: Final = 32
MAX_AGENT: Final = 160


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of remembered browser: its table, owner column, cookie and lifetimes."""

    name: str
    table: Table
    owner: str
    cookie: str
    idle_seconds: float          # unused this long, it ends
    most_seconds: float | None   # and never lives longer than this from sign-in


LEARNERS: Final = Kind("learner", devices, "learner_id", "cassino_device",
                       idle_seconds=30 * 86400, most_seconds=None)
TEACHERS: Final = Kind("teacher", teacher_sessions, "teacher_id", "cassino_teacher",
                       idle_seconds=12 * 3600, most_seconds=7 * 86400)
KINDS: Final = {kind.name: kind for kind in (LEARNERS, TEACHERS)}


@dataclass(frozen=True, slots=True)
class Session:
    """One remembered browser."""

    id: int
    owner: int
    created: float
    used: float
    expires: float
    agent: str = ""
    address: str = ""


@dataclass(frozen=True, slots=True)
class Issued:
    """What the cookie route sets: a cookie's name, its new token and its age."""

    cookie: str
    token: str
    max_age: int


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Devices:
    """The remembered browsers of one kind, in one store."""

    def __init__(self, store: ProgressStore, kind: Kind,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.kind = kind
        self.table = kind.table
        self.clock = clock

    def _ends(self, created: float, now: float) -> float:
        idle = now + self.kind.idle_seconds
        return idle if self.kind.most_seconds is None else min(
            idle, created + self.kind.most_seconds)

    def open(self, owner: int, agent: str = "", address: str = "",
             now: float | None = None) -> int:
        """A new session for `owner` (its token comes with the first ticket redeemed);
        expired sessions and tickets of every owner are cleared out on the way."""
        now = self.clock() if now is None else now
        values: dict[str, Any] = {self.kind.owner: owner, "created": now, "used": now,
                                  "expires": self._ends(now, now)}
        if self.kind is TEACHERS:
            values.update(agent=agent[:MAX_AGENT], address=address[:64])
        with self.store._write() as con:
            con.execute(delete(self.table).where(self.table.c.expires <= now))
            con.execute(delete(cookie_tickets).where(cookie_tickets.c.expires <= now))
            made = con.execute(self.table.insert().values(**values)).inserted_primary_key
        assert made is not None
        return int(made[0])

    def find(self, token: object, now: float | None = None) -> Session | None:
        """The live session a cookie's token stands for (the current token, or the one
        before it within GRACE of the rotation), or None."""
        if not isinstance(token, str) or not token:
            return None
        now = self.clock() if now is None else now
        hashed = token_hash(token)
        t = self.table.c
        query = select(self.table).where(
            or_(t.token_hash == hashed, (t.previous_hash == hashed) & (t.previous_until > now)),
            t.expires > now)
        with self.store._read() as con:
            row = con.execute(query).first()
        return self._session(row) if row is not None else None

    def get(self, session_id: int, now: float | None = None) -> Session | None:
        """The session if it is still live (not ended, not expired)."""
        now = self.clock() if now is None else now
        with self.store._read() as con:
            row = con.execute(select(self.table).where(self.table.c.id == session_id,
                                                       self.table.c.expires > now)).first()
        return self._session(row) if row is not None else None

    def of(self, owner: int, now: float | None = None) -> list[Session]:
        """The owner's live sessions, the most recently used first."""
        now = self.clock() if now is None else now
        owner_column = self.table.c[self.kind.owner]
        with self.store._read() as con:
            rows = con.execute(select(self.table).where(owner_column == owner,
                                                        self.table.c.expires > now)
                               .order_by(self.table.c.used.desc())).all()
        return [self._session(row) for row in rows]

    def _session(self, row: Any) -> Session:
        mapping = row._mapping
        return Session(int(mapping["id"]), int(mapping[self.kind.owner]),
                       float(mapping["created"]), float(mapping["used"]),
                       float(mapping["expires"]), str(mapping.get("agent", "") or ""),
                       str(mapping.get("address", "") or ""))

    def ticket(self, session_id: int, now: float | None = None) -> str:
        """A one-time ticket the page redeems at the cookie route for a new token."""
        now = self.clock() if now is None else now
        ticket = secrets.token_urlsafe(TOKEN_BYTES)
        with self.store._write() as con:
            con.execute(cookie_tickets.insert().values(
                ticket_hash=token_hash(ticket), kind=self.kind.name, session_id=session_id,
                expires=now + TICKET_SECONDS))
        return ticket

    def ticket_pending(self, ticket: str) -> bool:
        """Whether the ticket still waits to be redeemed (the page has not yet)."""
        now = self.clock()
        with self.store._read() as con:
            return con.execute(select(cookie_tickets.c.kind).where(
                cookie_tickets.c.ticket_hash == token_hash(ticket),
                cookie_tickets.c.expires > now)).first() is not None

    def end(self, session_id: int) -> None:
        """Sign this browser out: its token means nothing from now on."""
        with self.store._write() as con:
            con.execute(delete(self.table).where(self.table.c.id == session_id))
            con.execute(delete(cookie_tickets).where(
                cookie_tickets.c.kind == self.kind.name,
                cookie_tickets.c.session_id == session_id))


def redeem(store: ProgressStore, ticket: object, now: float | None = None,
           known: object = None) -> Issued | None:
    """The cookie route's work: the ticket used up, a new token for its session (the
    one before kept for GRACE seconds), and what to set; None for a ticket unknown,
    used or expired, or a session that has ended. A "known:" ticket makes the browser
    known for its owner (services/known_devices.py): `known` is the `cassino_known`
    cookie the browser sent, kept when the store knows it."""
    if not isinstance(ticket, str) or not 20 <= len(ticket) <= 100:
        return None
    now = time.time() if now is None else now
    with store._write() as con:
        row = con.execute(select(cookie_tickets.c.kind, cookie_tickets.c.session_id,
                                 cookie_tickets.c.expires)
                          .where(cookie_tickets.c.ticket_hash == token_hash(ticket))
                          .with_for_update()).first()
        if row is None:
            return None
        con.execute(delete(cookie_tickets).where(
            cookie_tickets.c.ticket_hash == token_hash(ticket)))
        if float(row[2]) <= now:
            return None
        if str(row[0]).startswith(known_devices.PREFIX):
            token, age = known_devices.redeem(con, str(row[0])[len(known_devices.PREFIX):],
                                              int(row[1]), known, now)
            return Issued(known_devices.KNOWN_COOKIE, token, age)
        kind = KINDS.get(str(row[0]))
        if kind is None:
            return None
        table = kind.table
        found = con.execute(select(table.c.token_hash, table.c.created).where(
            table.c.id == int(row[1]), table.c.expires > now).with_for_update()).first()
        if found is None:
            return None
        token = secrets.token_urlsafe(TOKEN_BYTES)
        ends = Devices(store, kind)._ends(float(found[1]), now)
        con.execute(update(table).where(table.c.id == int(row[1])).values(
            token_hash=token_hash(token), previous_hash=found[0],
            previous_until=now + GRACE if found[0] is not None else None,
            used=now, expires=ends))
    return Issued(kind.cookie, token, max(1, int(ends - now)))
