"""Limits on guessing: teacher passwords, join codes and learner secrets (plain Python).

Every wrong try is counted in the store (table sign_in_limits), per account and per
client address, so the limit holds across tabs, browser sessions and replicas alike;
a new connection starts nowhere fresh. For each (kind, scope) a `Policy` says how
many wrong tries are free, after which each further one waits twice as long as the
last (1 s, 2 s, 4 s, ...), and after how many the account or address is locked out:
until a teacher lifts it in the Classroom (or the admin command does), or the lock's
time runs out.

Against an account, a try is counted *before* it is checked (`begin`), in one write
transaction holding the row (BEGIN IMMEDIATE on SQLite, SELECT ... FOR UPDATE on
PostgreSQL), and forgotten when it was right (`succeeded`): a guesser's parallel
connections cannot all pass the check at once, so no account is ever checked more
than its limit allows. Against an address, `begin` only checks, and a wrong try is
counted when it is known wrong (`failed`): a whole class signing in at once from one
school address must not have its right answers hold each other up, and a guesser
spraying many accounts from one address is held by every account's own count (and by
the bounded hashing of passwords). A refused try costs one small transaction and no
password hashing at all. Every wrong try is logged with the client's address.

An address is the one the browser's connection comes from (`client_address`): the
server's own view, which behind a proxy is the proxy's forwarded one (see
docs/limits.md); an IPv6 address counts by its /64 network, which one client holds.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from sqlalchemy import ColumnElement, Connection, delete, select, update

from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import sign_in_limits

log = logging.getLogger(__name__)

TEACHER: Final = "teacher"   # a teacher's password
JOIN: Final = "join"         # a class's join code
SECRET: Final = "secret"     # a class learner's secret pictures, or a login card's key
ACCOUNT: Final = "account"
ADDRESS: Final = "address"
KINDS: Final = (TEACHER, JOIN, SECRET)
MAX_WAIT: Final = 300.0
LOCAL: Final = "local"  # the server's own machine (a browser on it, a test, nginx unset)


@dataclass(frozen=True, slots=True)
class Policy:
    free: int              # wrong tries made without waiting
    lock_at: int           # wrong tries that lock the account or address out
    lock_seconds: float    # how long a lockout lasts unless a teacher lifts it sooner
    forget_after: float = 3600.0  # quiet seconds after which wrong tries are forgotten
    first_wait: float = 1.0

    def wait(self, failures: int) -> float:
        """Seconds to wait after the `failures`-th wrong try before the next one: none
        for the first `free - 1`, then 1 s, 2 s, 4 s, ..."""
        if failures < self.free:
            return 0.0
        return min(MAX_WAIT, self.first_wait * 2.0 ** (failures - self.free))


# An address may be a whole school behind one router, so its limits are wider than an
# account's: the account's own limit is what stops a guesser aiming at one person.
POLICIES: Final[dict[tuple[str, str], Policy]] = {
    (TEACHER, ACCOUNT): Policy(free=3, lock_at=10, lock_seconds=3600),
    (TEACHER, ADDRESS): Policy(free=5, lock_at=30, lock_seconds=3600),
    (JOIN, ADDRESS): Policy(free=10, lock_at=40, lock_seconds=900),
    (SECRET, ACCOUNT): Policy(free=3, lock_at=10, lock_seconds=3600),
    (SECRET, ADDRESS): Policy(free=30, lock_at=100, lock_seconds=900),
}


@dataclass(frozen=True, slots=True)
class Refused:
    """Not tried: wait `seconds` (a growing delay), or locked out for that long."""

    locked: bool
    seconds: int
    scope: str


@dataclass(frozen=True, slots=True)
class Attempt:
    """A try counted and allowed: the rows it was counted in."""

    kind: str
    account: str | None
    address: str


@dataclass(frozen=True, slots=True)
class Limit:
    """One row of the limits, for the teacher's list."""

    kind: str
    scope: str
    subject: str
    failures: int
    last_failure: float
    locked_until: float
    last_address: str

    def locked(self, now: float) -> bool:
        return self.locked_until > now


def client_address(ip: object) -> str:
    """What an address counts as: "local" for this machine or none, an IPv4 address
    as it is (also when written IPv6-mapped), an IPv6 address's /64 network."""
    text = str(ip or "").strip()
    if not text:
        return LOCAL
    try:
        found = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return text[:64]
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        found = found.ipv4_mapped
    if found.is_loopback:
        return LOCAL
    if isinstance(found, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network(f"{found}/64", strict=False))
    return str(found)


class Guard:
    """The limits of one store (see the module docstring)."""

    def __init__(self, store: ProgressStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def _rows(self, kind: str, account: str | None, address: str) -> list[tuple[str, str]]:
        rows = [(scope, subject) for scope, subject in ((ACCOUNT, account), (ADDRESS, address))
                if subject is not None and (kind, scope) in POLICIES]
        return rows

    def begin(self, kind: str, account: str | None, address: str,
              now: float | None = None) -> Attempt | Refused:
        """Count a try of `kind` against `account` (None: a try with no account, such
        as a join code) from `address`, or refuse it without counting: the account or
        address is locked out, or still has to wait after its last wrong try. (The
        address's count is taken by `failed`: see the module docstring.)"""
        now = self.clock() if now is None else now
        account = account[:120] if account is not None else None
        with self.store._write() as con:
            held = [(scope, subject, self._held(con, kind, scope, subject, now))
                    for scope, subject in self._rows(kind, account, address)]
            for scope, _subject, (failures, last, locked_until) in held:
                policy = POLICIES[(kind, scope)]
                if locked_until > now:
                    return Refused(True, int(locked_until - now) + 1, scope)
                wait = last + policy.wait(failures) - now
                if wait > 0:
                    return Refused(False, int(wait) + 1, scope)
            for scope, subject, (failures, _last, _locked) in held:
                if scope == ACCOUNT:
                    self._count(con, kind, scope, subject, failures, address, now)
        return Attempt(kind, account, address)

    @staticmethod
    def _count(con: Connection, kind: str, scope: str, subject: str, failures: int,
               address: str, now: float) -> None:
        """One more wrong try on a held row; the lockout when it reaches the limit."""
        policy = POLICIES[(kind, scope)]
        counted = failures + 1
        con.execute(update(sign_in_limits).where(*_key(kind, scope, subject)).values(
            failures=counted, last_failure=now, last_address=address,
            locked_until=now + policy.lock_seconds if counted >= policy.lock_at else 0.0))

    def _held(self, con: Connection, kind: str, scope: str, subject: str,
              now: float) -> tuple[int, float, float]:
        """The row's failures, last failure and lock end, locked for this transaction;
        a row made first if there is none, and a quiet or expired one started afresh."""
        con.execute(self.store._upsert(sign_in_limits, {
            "kind": kind, "scope": scope, "subject": subject, "failures": 0,
            "last_failure": 0.0, "locked_until": 0.0, "last_address": ""},
            ["kind", "scope", "subject"]))
        row = con.execute(select(sign_in_limits.c.failures, sign_in_limits.c.last_failure,
                                 sign_in_limits.c.locked_until)
                          .where(*_key(kind, scope, subject)).with_for_update()).one()
        failures, last, locked_until = int(row[0]), float(row[1]), float(row[2])
        policy = POLICIES[(kind, scope)]
        expired = 0 < locked_until <= now
        quiet = locked_until == 0 and now - last > policy.forget_after
        if failures and (expired or quiet):
            return 0, 0.0, 0.0
        return failures, last, locked_until

    def succeeded(self, attempt: Attempt) -> None:
        """The try was right: the account starts afresh (the address keeps the wrong
        tries made before: one right answer does not wipe them out)."""
        if attempt.account is None or (attempt.kind, ACCOUNT) not in POLICIES:
            return
        with self.store._write() as con:
            con.execute(delete(sign_in_limits).where(*_key(attempt.kind, ACCOUNT,
                                                           attempt.account)))

    def cancelled(self, attempt: Attempt) -> None:
        """The try was not made after all (the server was too busy to check it): the
        account gets it back."""
        if attempt.account is None or (attempt.kind, ACCOUNT) not in POLICIES:
            return
        where = _key(attempt.kind, ACCOUNT, attempt.account)
        with self.store._write() as con:
            row = con.execute(select(sign_in_limits.c.failures)
                              .where(*where).with_for_update()).first()
            if row is None:
                return
            failures = max(0, int(row[0]) - 1)
            values: dict[str, object] = {"failures": failures}
            if failures < POLICIES[(attempt.kind, ACCOUNT)].lock_at:
                values["locked_until"] = 0.0
            con.execute(update(sign_in_limits).where(*where).values(**values))

    def failed(self, attempt: Attempt, what: str, now: float | None = None) -> None:
        """The try was wrong: the address counts it (the account did already), and the
        log says so, with the address."""
        now = self.clock() if now is None else now
        if (attempt.kind, ADDRESS) in POLICIES:
            with self.store._write() as con:
                failures, _last, _locked = self._held(con, attempt.kind, ADDRESS,
                                                      attempt.address, now)
                self._count(con, attempt.kind, ADDRESS, attempt.address, failures,
                            attempt.address, now)
        counts = {limit.scope: limit.failures for limit in self.limits(attempt.kind)
                  if limit.subject in (attempt.account, attempt.address)}
        log.warning("sign-in refused: wrong %s for %r from %s (%d wrong for the account, "
                    "%d from the address)", what, attempt.account or "-", attempt.address,
                    counts.get(ACCOUNT, 0), counts.get(ADDRESS, 0))

    def limits(self, kind: str | None = None) -> list[Limit]:
        """Every account or address with wrong tries counted, most recent first."""
        query = select(sign_in_limits).where(sign_in_limits.c.failures > 0)
        if kind is not None:
            query = query.where(sign_in_limits.c.kind == kind)
        with self.store._read() as con:
            rows = con.execute(query.order_by(sign_in_limits.c.last_failure.desc())).all()
        return [Limit(str(r.kind), str(r.scope), str(r.subject), int(r.failures),
                      float(r.last_failure), float(r.locked_until), str(r.last_address))
                for r in rows]

    def limit(self, kind: str, scope: str, subject: str) -> Limit | None:
        return next((x for x in self.limits(kind)
                     if x.scope == scope and x.subject == subject), None)

    def lift(self, kind: str, scope: str, subject: str) -> None:
        """A teacher lifts a lockout (and forgets the wrong tries behind it)."""
        with self.store._write() as con:
            con.execute(delete(sign_in_limits).where(*_key(kind, scope, subject)))
        log.info("sign-in limit lifted: %s %s %r", kind, scope, subject)


def _key(kind: str, scope: str, subject: str) -> tuple[ColumnElement[bool], ...]:
    return (sign_in_limits.c.kind == kind, sign_in_limits.c.scope == scope,
            sign_in_limits.c.subject == subject)
