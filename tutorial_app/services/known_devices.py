"""Known browsers: device cookies against guessing (plain Python).

OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that has
signed in rightly as an account before holds a long-lived cookie (`cassino_known`) that
says so. A sign-in try from a browser known for that account is judged by that pair's
own small count (services/guard.py, scope DEVICE), never by the account's lockout for
unknown browsers nor by the address; so a guesser elsewhere, however many wrong tries
they make, cannot lock a child out of her own phone or a teacher out of her laptop.

It is not a session: it signs nobody in, survives "Switch learner" and "Sign out", and
only says "this browser has signed in as X before". One token per browser, made by the
cookie route (ui/cookie_route.py) and set HttpOnly, never seen by the page; the store
keeps its SHA-256 in one row per (token, kind, owner), so one shared phone is known for
several children. A row lasts `KNOWN_DAYS` after the last right sign-in on that browser
as that account (each one renews it and the cookie's Max-Age). A learner's rows from
before their secret was last made count for nothing (a new secret forgets the browsers
a leaked secret let in), and a teacher's password change forgets hers.

The page asks for the cookie with a one-time ticket (kind "known:learner" or
"known:teacher" in table cookie_tickets, whose session_id is then the owner's id),
like the device sessions' tickets (services/devices.py).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from typing import Final

from sqlalchemy import Connection, delete, select, update

from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import cookie_tickets, known_devices

KNOWN_COOKIE: Final = "cassino_known"
KNOWN_DAYS: Final = 365
KNOWN_SECONDS: Final = KNOWN_DAYS * 86400.0
LEARNER: Final = "learner"
TEACHER: Final = "teacher"
PREFIX: Final = "known:"        # a ticket's kind for this cookie: "known:learner"
TICKET_SECONDS: Final = 120.0
TOKEN_BYTES: Final = 32


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _usable(token: object) -> str | None:
    return token if isinstance(token, str) and 20 <= len(token) <= 100 else None


class KnownDevices:
    """The known browsers of one store."""

    def __init__(self, store: ProgressStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def knows(self, token: object, kind: str, owner: int, since: float = 0.0) -> str | None:
        """The token's hash when the browser holding it is known for this owner (a row
        not expired, last used at or after `since`), else None."""
        usable = _usable(token)
        if usable is None:
            return None
        hashed = token_hash(usable)
        k = known_devices.c
        with self.store._read() as con:
            row = con.execute(select(k.used).where(
                k.token_hash == hashed, k.kind == kind, k.owner == owner,
                k.expires > self.clock(), k.used >= since)).first()
        return hashed if row is not None else None

    def known_at_all(self, token: object) -> str | None:
        """The token's hash when the browser is known for anyone (a join code's count
        is then the browser's own, not the address's)."""
        usable = _usable(token)
        if usable is None:
            return None
        hashed = token_hash(usable)
        k = known_devices.c
        with self.store._read() as con:
            row = con.execute(select(k.owner).where(
                k.token_hash == hashed, k.expires > self.clock()).limit(1)).first()
        return hashed if row is not None else None

    def owners(self, kind: str, owner: int) -> int:
        """How many browsers know this owner (the tests' view of the table)."""
        k = known_devices.c
        with self.store._read() as con:
            return len(con.execute(select(k.token_hash).where(
                k.kind == kind, k.owner == owner, k.expires > self.clock())).all())

    def ticket(self, kind: str, owner: int) -> str:
        """A one-time ticket the page redeems at the cookie route: the browser is then
        known for this owner (a right sign-in just happened)."""
        ticket = secrets.token_urlsafe(TOKEN_BYTES)
        with self.store._write() as con:
            con.execute(cookie_tickets.insert().values(
                ticket_hash=token_hash(ticket), kind=PREFIX + kind, session_id=owner,
                expires=self.clock() + TICKET_SECONDS))
        return ticket

    def forget(self, kind: str, owner: int) -> None:
        """No browser is known for this owner any more (a teacher's new password)."""
        with self.store._write() as con:
            con.execute(delete(known_devices).where(known_devices.c.kind == kind,
                                                    known_devices.c.owner == owner))


def redeem(con: Connection, kind: str, owner: int, current: object,
           now: float) -> tuple[str, int]:
    """The cookie route's work for a "known:" ticket, in its transaction: the browser's
    token (the one it holds, if the store knows it, else a new one), known for the owner
    from now for `KNOWN_DAYS`, and the cookie's Max-Age. Expired rows of every browser
    are cleared out on the way."""
    k = known_devices.c
    con.execute(delete(known_devices).where(k.expires <= now))
    token = _usable(current)
    if token is not None and con.execute(select(k.owner).where(
            k.token_hash == token_hash(token)).limit(1)).first() is None:
        token = None  # not one this store made (or long expired): a new one
    if token is None:
        token = secrets.token_urlsafe(TOKEN_BYTES)
    hashed = token_hash(token)
    ends = now + KNOWN_SECONDS
    found = con.execute(select(k.owner).where(k.token_hash == hashed, k.kind == kind,
                                              k.owner == owner).with_for_update()).first()
    if found is None:
        con.execute(known_devices.insert().values(token_hash=hashed, kind=kind, owner=owner,
                                                  created=now, used=now, expires=ends))
    else:
        con.execute(update(known_devices).where(
            k.token_hash == hashed, k.kind == kind, k.owner == owner).values(
            used=now, expires=ends))
    return token, int(KNOWN_SECONDS)
