"""Limits on guessing: teacher passwords, join codes, learner secrets and login cards
(plain Python).

Every wrong try is counted in the store (table sign_in_limits), so the limits hold
across tabs, browser sessions and replicas alike; a new connection starts nowhere
fresh. A row is one (kind, scope, subject): the kind of secret, and what it is counted
against: an ACCOUNT (a teacher's name, a learner's class and name) tried from a browser
that does not know it, a DEVICE (a browser known for that account, services/
known_devices.py, and the account: the pair's own count), or an ADDRESS (the client's).
For each, a `Policy` in POLICIES (the table is in docs/limits.md, "Signing in") says:

- how many wrong tries in a row are free, after which each further one waits twice as
  long as the last (1 s, 2 s, 4 s, ... at most 5 min); a right answer starts the row's
  run afresh (`failures`), so a child's typos cost only the free tries;
- after how many *strikes* the row is locked out, and for how long: a strike is a
  wrong try that neither time, a right answer nor a teacher's "Lift" forgets; an
  account's locks grow with each further strike (1 h, 2 h, 4 h, ... at most a day), so
  a patient guesser's budget does not refill with each quiet hour;
- at how many strikes the row is *shut*: an account's sign-in from unknown browsers
  stays closed until a new secret or password (which starts the count again: `since`),
  a known browser's pair is *spent* and the browser counts as unknown for that account;
- whether the row refuses at all: an address never refuses a learner's pictures or a
  login card (a whole school shares one address); their wrong tries are counted there
  only for the teacher's view and the log.

A try is counted *before* it is checked (`begin`), in one write transaction holding the
rows (BEGIN IMMEDIATE on SQLite, SELECT ... FOR UPDATE on PostgreSQL): a guesser's
parallel connections cannot all pass the check at once, so no row is ever checked more
than its allowance. A right answer gives the reserved try back (`succeeded`), a check
that could not run too (`cancelled`); the rows counted only once known wrong (an
address's wrong pictures and card keys) are counted by `failed`. A refused try costs
one small transaction and no password hashing at all. Every wrong try is logged with
the client's address.

An address is the one the browser's connection comes from (`client_address`): the
server's own view, which behind a proxy is the proxy's forwarded one (see
docs/limits.md); an IPv6 address counts by its /64 network, which one client holds.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from sqlalchemy import ColumnElement, Connection, delete, func, select, update

from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import sign_in_limits

log = logging.getLogger(__name__)

TEACHER: Final = "teacher"   # a teacher's password
JOIN: Final = "join"         # a class's join code
SECRET: Final = "secret"     # a class learner's secret pictures
CARD: Final = "card"         # a login card's key
ACCOUNT: Final = "account"   # tried from a browser not known for the account
DEVICE: Final = "device"     # tried from a browser known for the account: the pair
ADDRESS: Final = "address"
KINDS: Final = (TEACHER, JOIN, SECRET, CARD)
MAX_WAIT: Final = 300.0
LOCAL: Final = "local"  # the server's own machine (a browser on it, a test, nginx unset)
LIFTED: Final = -1.0   # locked_until after a teacher's "Lift": no wait before the next try
HOUR: Final = 3600.0
DAY: Final = 86400.0


@dataclass(frozen=True, slots=True)
class Policy:
    free: int                       # wrong tries in a row made without waiting
    lock_at: int | None = None      # strikes that lock the row out (None: never)
    lock_seconds: float = HOUR      # how long the first lockout lasts
    escalate: bool = False          # each further strike locks again, twice as long
    max_lock: float = DAY
    shut_at: int | None = None      # strikes that shut (an account) or spend (a pair)
    forget_after: float | None = None  # quiet seconds after which the row starts afresh
    refuses: bool = True            # False: counted for the view and the log only
    first_wait: float = 1.0

    def wait(self, failures: int) -> float:
        """Seconds to wait after the `failures`-th wrong try in a row before the next
        one: none for the first `free - 1`, then 1 s, 2 s, 4 s, ..."""
        if failures < self.free:
            return 0.0
        return min(MAX_WAIT, self.first_wait * 2.0 ** (failures - self.free))

    def lock(self, strikes: int) -> float:
        """Seconds the `strikes`-th strike locks the row out for (0: no lock)."""
        if self.lock_at is None or strikes < self.lock_at:
            return 0.0
        if not self.escalate:  # each further strike locks again, as long
            return self.lock_seconds
        return min(self.max_lock, self.lock_seconds * 2.0 ** min(40, strikes - self.lock_at))

    def shut(self, strikes: int) -> bool:
        return self.shut_at is not None and strikes >= self.shut_at


# An address may be a whole school behind one router: it never refuses a learner's
# pictures or card, and a known browser is judged by its own count, not the address's.
POLICIES: Final[dict[tuple[str, str], Policy]] = {
    (TEACHER, ACCOUNT): Policy(free=3, lock_at=10, lock_seconds=HOUR, escalate=True,
                               shut_at=100),
    (TEACHER, DEVICE): Policy(free=3, shut_at=10),
    (TEACHER, ADDRESS): Policy(free=5, lock_at=30, lock_seconds=HOUR, forget_after=HOUR),
    (JOIN, ADDRESS): Policy(free=10, lock_at=40, lock_seconds=900, forget_after=HOUR),
    (JOIN, DEVICE): Policy(free=10, lock_at=40, lock_seconds=900, forget_after=HOUR),
    (SECRET, ACCOUNT): Policy(free=3, lock_at=10, lock_seconds=HOUR, escalate=True,
                              shut_at=30),
    (SECRET, DEVICE): Policy(free=3, shut_at=5),
    (SECRET, ADDRESS): Policy(free=0, refuses=False, forget_after=DAY),
    (CARD, ADDRESS): Policy(free=0, refuses=False, forget_after=DAY),
}
# A right answer on a teacher's own browser starts that pair afresh (a password is long
# and no common one: NIST's "consecutive" wrong tries); a learner's pair and every
# account keep their strikes until a new secret or password.
RESET_ON_RIGHT: Final = frozenset({(TEACHER, DEVICE)})


@dataclass(frozen=True, slots=True)
class Refused:
    """Not tried: wait `seconds` (a growing delay), or locked out for that long, or
    shut (`shut`: until a new secret or password)."""

    locked: bool
    seconds: int
    scope: str
    shut: bool = False


@dataclass(frozen=True, slots=True)
class Row:
    scope: str
    subject: str


@dataclass(frozen=True, slots=True)
class Attempt:
    """A try allowed: the rows it was counted in (`reserved`), and those it is counted
    in only once known wrong (`deferred`)."""

    kind: str
    account: str | None
    address: str
    reserved: tuple[Row, ...] = ()
    deferred: tuple[Row, ...] = ()
    at: float = 0.0                 # when it was counted
    before: tuple[tuple[float, str], ...] = ()  # each reserved row's last wrong try, from

    @property
    def known(self) -> bool:
        """Judged as a known browser's try (by its pair's own count)."""
        return any(row.scope == DEVICE for row in self.reserved)


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
    strikes: int = 0
    since: float = 0.0

    def locked(self, now: float) -> bool:
        return self.locked_until > now

    @property
    def shut(self) -> bool:
        policy = POLICIES.get((self.kind, self.scope))
        return policy is not None and policy.shut(self.strikes)

    @property
    def account(self) -> str:
        """The account a pair's subject names ("account|device"), else the subject."""
        return self.subject.rsplit("|", 1)[0] if self.scope == DEVICE else self.subject


def pair(account: str, device: str) -> str:
    """The subject of a known browser's pair: the account and the browser's token hash
    (its first 32 hex digits: enough to tell browsers apart, not the whole hash)."""
    return f"{account}|{device[:32]}"


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


@dataclass(slots=True)
class _Held:
    failures: int
    strikes: int
    last: float
    locked_until: float
    since: float
    address: str = ""


class Guard:
    """The limits of one store (see the module docstring)."""

    def __init__(self, store: ProgressStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def begin(self, kind: str, account: str | None, address: str,
              device: str | None = None, fresh_after: float = 0.0,
              now: float | None = None) -> Attempt | Refused:
        """Count a try of `kind` against `account` (None: a try with no account, such
        as a join code or a card) from `address`, or refuse it without counting: a row
        is locked out, shut, or still has to wait after its last wrong try.

        `device` is the token hash of a browser known for the account (or, for a join
        code, known for anyone): its pair is judged instead of the account and the
        address, unless the pair is spent. `fresh_after` is when the account's secret
        was made: the rows keep it (`since`) with their count, and a row counted for
        another secret starts afresh (a new secret ends a guesser's count). It is
        compared for equality, never with a clock: replicas' clocks may differ."""
        now = self.clock() if now is None else now
        account = account[:120] if account is not None else None
        with self.store._write() as con:
            rows = self._rows(con, kind, account, address, device, fresh_after, now)
            held = [(row, self._held(con, kind, row, fresh_after, now)) for row in rows]
            for row, state in held:
                policy = POLICIES[(kind, row.scope)]
                if not policy.refuses:
                    continue
                if row.scope == ACCOUNT and policy.shut(state.strikes):
                    return Refused(True, 0, row.scope, shut=True)
                if state.locked_until > now:
                    return Refused(True, int(state.locked_until - now) + 1, row.scope)
                wait = state.last + policy.wait(state.failures) - now
                if wait > 0 and state.locked_until != LIFTED:
                    return Refused(False, int(wait) + 1, row.scope)
            reserved = tuple(row for row, _ in held if POLICIES[(kind, row.scope)].refuses)
            before = []
            for row, state in held:
                if row in reserved:
                    before.append((state.last, state.address))
                    self._count(con, kind, row, state, address, now, fresh_after)
        deferred = tuple(row for row in rows if row not in reserved)
        return Attempt(kind, account, address, reserved, deferred, now, tuple(before))

    def _rows(self, con: Connection, kind: str, account: str | None, address: str,
              device: str | None, fresh_after: float, now: float) -> list[Row]:
        """The rows a try is judged by: a known browser's pair (when not spent), else
        the account and the address."""
        if device is not None and (kind, DEVICE) in POLICIES:
            subject = pair(account, device) if account is not None else device[:32]
            row = Row(DEVICE, subject)
            state = self._held(con, kind, row, fresh_after, now)
            if not POLICIES[(kind, DEVICE)].shut(state.strikes):
                rows = [row]
                if (kind, ADDRESS) in POLICIES and not POLICIES[(kind, ADDRESS)].refuses:
                    rows.append(Row(ADDRESS, address))  # counted for the view
                return rows
        found = [Row(scope, subject) for scope, subject in ((ACCOUNT, account),
                                                             (ADDRESS, address))
                 if subject is not None and (kind, scope) in POLICIES]
        return found

    @staticmethod
    def _count(con: Connection, kind: str, row: Row, state: _Held, address: str,
               now: float, fresh_after: float = 0.0) -> None:
        """One more wrong try on a held row; the lockout its strikes call for. `since`
        is the secret's making (`fresh_after`) the count belongs to, or when it began."""
        policy = POLICIES[(kind, row.scope)]
        strikes = state.strikes + 1
        lock = policy.lock(strikes)
        since = fresh_after if fresh_after > 0 else (state.since or now)
        con.execute(update(sign_in_limits).where(*_key(kind, row.scope, row.subject)).values(
            failures=state.failures + 1, strikes=strikes, last_failure=now,
            last_address=address, since=since, locked_until=now + lock if lock else 0.0))

    def _held(self, con: Connection, kind: str, row: Row, fresh_after: float,
              now: float) -> _Held:
        """The row's counts, locked for this transaction; a row made first if there is
        none, started afresh when it is from before `fresh_after` or quiet for its
        policy's `forget_after` (addresses)."""
        con.execute(self.store._upsert(sign_in_limits, {
            "kind": kind, "scope": row.scope, "subject": row.subject, "failures": 0,
            "last_failure": 0.0, "locked_until": 0.0, "last_address": "", "strikes": 0,
            "since": 0.0}, ["kind", "scope", "subject"]))
        found = con.execute(select(sign_in_limits.c.failures, sign_in_limits.c.strikes,
                                   sign_in_limits.c.last_failure,
                                   sign_in_limits.c.locked_until, sign_in_limits.c.since,
                                   sign_in_limits.c.last_address)
                            .where(*_key(kind, row.scope, row.subject))
                            .with_for_update()).one()
        state = _Held(int(found[0]), int(found[1]), float(found[2]), float(found[3]),
                      float(found[4]), str(found[5]))
        policy = POLICIES[(kind, row.scope)]
        stale = fresh_after > 0 and state.strikes and state.since != fresh_after
        quiet = policy.forget_after is not None and state.locked_until <= now and \
            now - state.last > policy.forget_after
        if state.strikes and (stale or quiet):
            return _Held(0, 0, 0.0, 0.0, 0.0)
        return state

    def succeeded(self, attempt: Attempt) -> None:
        """The try was right: each reserved row gets its try back and starts its run of
        wrong tries afresh (its earlier strikes stay, but for a teacher's own browser)."""
        self._give_back(attempt, right=True)

    def cancelled(self, attempt: Attempt) -> None:
        """The try was not made after all (the server was too busy to check it): every
        row gets it back."""
        self._give_back(attempt, right=False)

    def _give_back(self, attempt: Attempt, right: bool) -> None:
        if not attempt.reserved:
            return
        with self.store._write() as con:
            for n, row in enumerate(attempt.reserved):
                where = _key(attempt.kind, row.scope, row.subject)
                found = con.execute(select(sign_in_limits.c.failures, sign_in_limits.c.strikes,
                                           sign_in_limits.c.last_failure)
                                    .where(*where).with_for_update()).first()
                if found is None:
                    continue
                strikes = max(0, int(found[1]) - 1)
                failures = max(0, int(found[0]) - 1)
                if right and row.scope != ADDRESS:
                    failures = 0
                if right and (attempt.kind, row.scope) in RESET_ON_RIGHT:
                    strikes = 0
                policy = POLICIES[(attempt.kind, row.scope)]
                values: dict[str, object] = {"failures": failures, "strikes": strikes}
                if policy.lock(strikes + 1):  # the lock this try set is undone
                    values["locked_until"] = 0.0
                if float(found[2]) == attempt.at and n < len(attempt.before):
                    values["last_failure"], values["last_address"] = attempt.before[n]
                con.execute(update(sign_in_limits).where(*where).values(**values))

    def failed(self, attempt: Attempt, what: str, now: float | None = None) -> None:
        """The try was wrong: the rows that count wrong tries only once known (an
        address's pictures and cards) count it, and the log says so, with the address."""
        now = self.clock() if now is None else now
        if attempt.deferred:
            with self.store._write() as con:
                for row in attempt.deferred:
                    state = self._held(con, attempt.kind, row, 0.0, now)
                    self._count(con, attempt.kind, row, state, attempt.address, now)
        counts = {(x.scope, x.subject): x.strikes for x in self.limits(attempt.kind)}
        rows = attempt.reserved + attempt.deferred
        said = ", ".join(f"{counts.get((row.scope, row.subject), 0)} for the {row.scope}"
                         for row in rows)
        log.warning("sign-in refused: wrong %s for %r from %s%s (wrong tries counted: %s)",
                    what, attempt.account or "-", attempt.address,
                    " on a known browser" if attempt.known else "", said or "none")

    def limits(self, kind: str | None = None) -> list[Limit]:
        """Every row with wrong tries counted, most recent first."""
        query = select(sign_in_limits).where(sign_in_limits.c.strikes > 0)
        if kind is not None:
            query = query.where(sign_in_limits.c.kind == kind)
        with self.store._read() as con:
            rows = con.execute(query.order_by(sign_in_limits.c.last_failure.desc())).all()
        return [Limit(str(r.kind), str(r.scope), str(r.subject), int(r.failures),
                      float(r.last_failure), float(r.locked_until), str(r.last_address),
                      int(r.strikes), float(r.since))
                for r in rows]

    def limit(self, kind: str, scope: str, subject: str) -> Limit | None:
        return next((x for x in self.limits(kind)
                     if x.scope == scope and x.subject == subject), None)

    def lift(self, kind: str, scope: str, subject: str) -> None:
        """A teacher lifts a lockout. The strikes stay: the next wrong try locks again
        (for longer), so a lift gives a guesser one more try at most. A shut account
        opens again only with a new secret or password."""
        with self.store._write() as con:  # no lock, no wait; the counts stay
            con.execute(update(sign_in_limits).where(*_key(kind, scope, subject)).values(
                locked_until=LIFTED))
        log.info("sign-in limit lifted: %s %s %r", kind, scope, subject)

    def forget(self, kind: str, accounts: Sequence[str]) -> None:
        """The counts of these accounts and of their pairs start afresh (a teacher's
        password was changed)."""
        with self.store._write() as con:
            for account in accounts:
                con.execute(delete(sign_in_limits).where(
                    sign_in_limits.c.kind == kind, sign_in_limits.c.scope == ACCOUNT,
                    sign_in_limits.c.subject == account))
                prefix = f"{account}|"
                con.execute(delete(sign_in_limits).where(
                    sign_in_limits.c.kind == kind, sign_in_limits.c.scope == DEVICE,
                    func.substr(sign_in_limits.c.subject, 1, len(prefix)) == prefix))


def _key(kind: str, scope: str, subject: str) -> tuple[ColumnElement[bool], ...]:
    return (sign_in_limits.c.kind == kind, sign_in_limits.c.scope == scope,
            sign_in_limits.c.subject == subject)
