"""Who is who, as services without Streamlit (services/signin.py, teacher_signin.py,
guard.py, devices.py): a dict for each browser session, a real store on SQLite and on
PostgreSQL, a clock the test moves, and the cookie a browser would send back (the
token the cookie route hands out for a ticket).

Each finding of the review of the sign-in is a test here: a name typed opening a
class learner's account; a join taking a learner over; the teacher's password, join
codes and learners' secrets guessed without limit from fresh connections; a reload
signing the teacher out; the remember-me token that never expired nor rotated."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import pytest

from tutorial_app.services import devices, guard, passwords
from tutorial_app.services.classes import OPEN, ClassStore, SchoolClass
from tutorial_app.services.devices import LEARNERS, TEACHERS, Devices
from tutorial_app.services.guard import POLICIES, Guard
from tutorial_app.services.pictures import COUNT, Secret
from tutorial_app.services.signin import LEARNER, CookieClear, CookieTicket, SignIn
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.teacher_signin import TeacherSignIn


class Clock:
    """The time as the services see it: moved by the test, never slept through."""

    def __init__(self, now: float | None = None) -> None:
        # a minute ahead of the real clock, which stamps the secrets the classroom makes
        self.now = float(int(time.time()) + 60) if now is None else now

    def __call__(self) -> float:
        return self.now

    def pass_(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


def tab(store: ProgressStore, clock: Clock, address: str = "203.0.113.7") -> SignIn:
    """A new browser session (a fresh tab, a reload, another connection)."""
    return SignIn(store, {}, address, clock=clock)


def teacher_tab(store: ProgressStore, clock: Clock, address: str = "203.0.113.7",
                memory: dict[str, Any] | None = None) -> TeacherSignIn:
    return TeacherSignIn(store, {} if memory is None else memory, address, "Firefox",
                         clock=clock)


def a_class(store: ProgressStore, rule: str = OPEN) -> tuple[ClassStore, SchoolClass]:
    """A class of the teacher Ada; anyone with its code joins it at once unless `rule`
    says otherwise (a new class waits for the teacher's approval: test_join_requests.py)."""
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Ada", "s3cret-pass").id, "5B")
    rooms.set_join_rule(room.id, rule)
    return rooms, room


def wrong(secret: Secret) -> tuple[int, int]:
    return ((secret.first + 1) % COUNT, secret.second)


def cookie_of(store: ProgressStore, session: SignIn | TeacherSignIn) -> str:
    """What the cookie route sets for the ticket the page was given (ui/cookie_route.py)."""
    action = session.cookie()
    assert isinstance(action, CookieTicket)
    issued = devices.redeem(store, action.ticket, now=session.devices.clock())
    assert issued is not None
    return issued.token


# ----- a class learner's account opens only with their secret -------------------------------


def test_typing_a_class_learners_name_never_opens_their_account(store: ProgressStore,
                                                                clock: Clock) -> None:
    _, room = a_class(store)
    bea = tab(store, clock).join_class(room.code, "Bea")
    assert bea is not None
    for typed in ("bea", "BEA", " Bea ", "Веа", "Bea\ufe0f", "B\u034fea"):  # look-alikes too
        stranger = tab(store, clock)
        assert stranger.sign_in_by_name(typed) is None, typed
        assert stranger.error is not None and "class" in stranger.error
        assert stranger.current() is None
    assert [x.name for x in store.learners()] == ["Bea"]  # and no second "Bea" was made


def test_joining_never_takes_a_learner_over(store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(store)
    ana = tab(store, clock).sign_in_by_name("Ana")  # in no class, on her own device
    assert ana is not None
    bea = tab(store, clock).join_class(room.code, "Bea")
    assert bea is not None
    for typed in ("Bea", "bea", "Bea\u200b", "Веа"):  # the class's Bea, or her look-alike
        joiner = tab(store, clock)
        assert joiner.join_class(room.code, typed) is None, typed
        assert joiner.current() is None and joiner.new_secret() is None
        assert "already listed this name" in (joiner.error or "")
    # A learner in no class is another scope: joining as "ana" makes a class learner of
    # that name, and Ana's own record stays hers.
    class_ana = tab(store, clock).join_class(room.code, "ana")
    assert class_ana is not None and class_ana.id != ana.id
    assert rooms.class_of(ana.id) is None
    assert [x.name for x in rooms.members(room.id)] == ["ana", "Bea"]
    assert tab(store, clock).sign_in_by_name("Ana") == ana


def test_a_class_learner_signs_in_with_code_name_and_pictures(store: ProgressStore,
                                                              clock: Clock) -> None:
    rooms, room = a_class(store)
    joined = tab(store, clock)
    bea = joined.join_class(room.code, "Bea")
    secret = rooms.secret_of(bea.id) if bea else None
    assert bea is not None and secret is not None
    assert joined.new_secret() == secret.pictures  # shown to her once
    joined.secret_seen()
    assert joined.new_secret() is None
    known_only_by_name = tab(store, clock)
    assert known_only_by_name.sign_in_to_class(room.code, "Bea", *wrong(secret)) is None
    assert known_only_by_name.sign_in_to_class(room.code, "Bea", None, None) is None
    again = tab(store, clock)
    assert again.sign_in_to_class(room.code.lower(), " bea ", *secret.pictures) == bea
    assert again.memory[LEARNER] == bea.id
    card = tab(store, clock, "198.51.100.4")
    assert card.sign_in_by_card(secret.card_key) == bea  # the login card's QR link


def test_a_reset_secret_signs_the_learner_out_and_voids_the_old_card(store: ProgressStore,
                                                                     clock: Clock) -> None:
    rooms, room = a_class(store)
    phone = tab(store, clock)
    bea = phone.join_class(room.code, "Bea")
    assert bea is not None
    token = cookie_of(store, phone)
    old = rooms.secret_of(bea.id)
    new = rooms.reset_secret(bea.id)
    assert old is not None and new.card_key != old.card_key
    assert tab(store, clock).current(token) is None  # the phone's next visit: signed out
    assert tab(store, clock).sign_in_by_card(old.card_key) is None
    assert tab(store, clock).sign_in_by_card(new.card_key) == bea


# ----- guessing is slow and seen -------------------------------------------------------------


def patient(session: Callable[[], Any], clock: Clock, tries: int,
            attempt: Callable[[Any], object]) -> list[str]:
    """`tries` tries, each from a fresh session, waiting out every delay as a patient
    guesser would; what each try was answered."""
    said = []
    for _ in range(tries):
        fresh = session()
        attempt(fresh)
        error = str(fresh.error or "signed in")
        said.append(error)
        if "wait" in error:
            clock.pass_(int(error.split("wait ")[1].split()[0]))
    return said


def test_wrong_teacher_passwords_from_fresh_connections_lock_out(
        store: ProgressStore, clock: Clock, monkeypatch: pytest.MonkeyPatch,
        open_store: Callable[[], ProgressStore], caplog: pytest.LogCaptureFixture) -> None:
    rooms, _ = a_class(store)
    checked = []
    real = passwords.check_password
    monkeypatch.setattr(passwords, "check_password",
                        lambda given, kept: checked.append(given) or real(given, kept))
    replicas = [store, open_store()]  # two app processes on one database
    caplog.set_level(logging.WARNING)
    said = patient(lambda: teacher_tab(replicas[len(checked) % 2], clock), clock, 200,
                   lambda fresh: fresh.sign_in("Ada", "guess-pass"))
    lock_at = POLICIES[(guard.TEACHER, guard.ACCOUNT)].lock_at
    assert len(checked) == lock_at  # every other try refused before any hashing
    assert sum("do not match" in x for x in said) == lock_at
    assert "closed for 61 minutes" in said[-1] and sum("closed" in x for x in said) == \
        200 - lock_at - sum("wait" in x for x in said)
    assert "wrong teacher password" in caplog.text and "203.0.113.7" in caplog.text
    refused = teacher_tab(store, clock)
    assert refused.sign_in("Ada", "s3cret-pass") is None and "closed" in (refused.error or "")
    # Another teacher lifts the lock in the Classroom; then the right password works.
    rooms.add_teacher("Bob", "other-pass")
    other = teacher_tab(store, clock, "192.0.2.50")
    assert other.sign_in("Bob", "other-pass") is not None
    (lock,) = [x for x in other.limits() if x.kind == guard.TEACHER and x.subject == "ada"]
    assert lock.locked(clock()) and lock.last_address == "203.0.113.7"
    other.lift(lock)
    address = Guard(store, clock).limit(guard.TEACHER, guard.ADDRESS, "203.0.113.7")
    assert address is not None and address.strikes == lock_at  # seen per address too
    clock.pass_(guard.MAX_WAIT)  # the address's own wait after its last wrong try
    back = teacher_tab(store, clock)
    assert back.sign_in("Ada", "s3cret-pass") is not None
    assert back.wrong_before() == (lock_at, "203.0.113.7")  # told once, the count kept
    kept = Guard(store, clock).limit(guard.TEACHER, guard.ACCOUNT, "ada")
    assert kept is not None and kept.strikes == lock_at and not kept.locked(clock())


def test_the_teacher_sees_wrong_passwords_tried_before_signing_in(store: ProgressStore,
                                                                  clock: Clock) -> None:
    a_class(store)
    for _ in range(2):
        teacher_tab(store, clock, "198.51.100.9").sign_in("ada", "guess-pass")
    ada = teacher_tab(store, clock)
    assert ada.sign_in("Ada", "s3cret-pass") is not None
    assert ada.wrong_before() == (2, "198.51.100.9")


def test_password_checks_run_one_at_a_time_and_give_up_when_busy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    running, most = [0], [0]
    lock = threading.Lock()
    real = passwords.hashlib.scrypt

    def counting(*args: Any, **kwargs: Any) -> bytes:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            return real(*args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(passwords.hashlib, "scrypt", counting)
    kept = passwords.hash_password("correct horse")
    threads = [threading.Thread(target=passwords.check_password, args=("x" * 9, kept))
               for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == passwords.HASHERS == 1
    monkeypatch.setattr(passwords, "QUEUE_SECONDS", 0.05)
    # another check holds the hasher: this one does not queue
    with passwords._hashing, pytest.raises(passwords.BusyError):
        passwords.check_password("correct horse", kept)


def test_a_busy_server_refuses_without_counting_the_try(
        store: ProgressStore, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    a_class(store)

    def busy(*_: object) -> bool:
        raise passwords.BusyError("busy")

    monkeypatch.setattr(passwords, "check_password", busy)
    for _ in range(20):
        session = teacher_tab(store, clock)
        assert session.sign_in("Ada", "s3cret-pass") is None
        assert "many passwords" in (session.error or "")
    assert Guard(store, clock).limits() == []  # none of them counted


def test_join_codes_cannot_be_guessed_from_fresh_sessions(store: ProgressStore,
                                                          clock: Clock) -> None:
    _, room = a_class(store)
    said = patient(lambda: tab(store, clock), clock, 100,
                   lambda fresh: fresh.join_class("ZZZZZZ", "Cy"))
    lock_at = POLICIES[(guard.JOIN, guard.ADDRESS)].lock_at
    assert sum("No class has this code" in x for x in said) == lock_at
    assert "locked" in said[-1]
    late = tab(store, clock)
    assert late.join_class(room.code, "Cy") is None and "locked" in (late.error or "")
    elsewhere = tab(store, clock, "198.51.100.20")  # another address is not held up
    assert elsewhere.join_class(room.code, "Cy") is not None


def test_a_join_links_code_is_limited_like_a_typed_one(store: ProgressStore,
                                                       clock: Clock) -> None:
    """A `?join=CODE` link shows which class a code opens, so a code tried by link is
    counted and locked out as a typed one is: the same address, the same count."""
    _, room = a_class(store)
    said = patient(lambda: tab(store, clock), clock, 100,
                   lambda fresh: fresh.linked_class("ZZZZZZ"))
    lock_at = POLICIES[(guard.JOIN, guard.ADDRESS)].lock_at
    assert sum("No class has this code" in x for x in said) == lock_at
    assert "locked" in said[-1]
    late = tab(store, clock)
    assert late.linked_class(room.code) is None and "locked" in (late.error or "")
    assert late.join_class(room.code, "Cy") is None  # typing it is locked out too
    elsewhere = tab(store, clock, "198.51.100.20")
    found = elsewhere.linked_class(room.code.lower())
    assert found is not None and found.id == room.id and elsewhere.error is None


def test_learner_secrets_cannot_be_guessed(store: ProgressStore, clock: Clock) -> None:
    rooms, room = a_class(store)
    bea = tab(store, clock).join_class(room.code, "Bea")
    secret = rooms.secret_of(bea.id) if bea else None
    assert bea is not None and secret is not None
    guesses = iter(divmod(i, COUNT) for i in range(COUNT * COUNT) if divmod(i, COUNT) !=
                   secret.pictures)
    addresses = iter(f"198.51.100.{i}" for i in range(1, 250))  # from many addresses
    said = patient(lambda: tab(store, clock, next(addresses)), clock, 200,
                   lambda fresh: fresh.sign_in_to_class(room.code, "Bea", *next(guesses)))
    lock_at = POLICIES[(guard.SECRET, guard.ACCOUNT)].lock_at
    assert sum("do not match" in x for x in said) == lock_at and "closed" in said[-1]
    right = tab(store, clock, "192.0.2.99")
    assert right.sign_in_to_class(room.code, "Bea", *secret.pictures) is None  # locked
    ada = teacher_tab(store, clock, "192.0.2.1")
    assert ada.sign_in("Ada", "s3cret-pass") is not None
    (lock,) = [x for x in ada.limits() if x.kind == guard.SECRET and x.scope == guard.ACCOUNT]
    ada.lift(lock)  # "Lift" in the Classroom
    assert tab(store, clock, "192.0.2.99").sign_in_to_class(room.code, "Bea",
                                                             *secret.pictures) == bea


def test_a_teacher_cannot_lift_another_teachers_class_locks(store: ProgressStore,
                                                             clock: Clock) -> None:
    rooms, room = a_class(store)
    tab(store, clock).join_class(room.code, "Bea")
    for _ in range(3):
        tab(store, clock).sign_in_to_class(room.code, "Bea", 0, 0)
    rooms.add_teacher("Eve", "other-pass")
    eve = teacher_tab(store, clock, "192.0.2.9")
    assert eve.sign_in("Eve", "other-pass") is not None
    assert not [x for x in eve.limits() if x.kind == guard.SECRET and x.scope == guard.ACCOUNT]


# ----- staying signed in -------------------------------------------------------------------


def test_a_reload_keeps_the_teacher_signed_in_until_they_sign_out(store: ProgressStore,
                                                                  clock: Clock) -> None:
    a_class(store)
    first = teacher_tab(store, clock)
    ada = first.sign_in("Ada", "s3cret-pass")
    assert ada is not None
    token = cookie_of(store, first)
    with store.engine.connect() as con:
        kept = {str(r[0]) for r in con.exec_driver_sql("SELECT token_hash FROM teacher_sessions")}
    assert token not in kept and devices.token_hash(token) in kept  # only its hash
    reloaded = teacher_tab(store, clock)
    assert reloaded.current(token) == ada  # a reload, or a second tab
    other_tab = teacher_tab(store, clock)
    assert other_tab.current(token) == ada  # the old token still counts, briefly
    rotated = cookie_of(store, reloaded)
    assert rotated != token
    clock.pass_(devices.GRACE + 1)
    assert teacher_tab(store, clock).current(token) is None  # rotated away
    assert teacher_tab(store, clock).current(rotated) == ada
    sessions = reloaded.sessions()
    assert len(sessions) == 1 and sessions[0].agent == "Firefox"
    reloaded.sign_out()
    assert isinstance(reloaded.cookie(), CookieClear)
    assert teacher_tab(store, clock).current(rotated) is None
    assert other_tab.current() is None  # that tab's session ended too, at its next click


def test_a_teacher_signs_another_device_out(store: ProgressStore, clock: Clock) -> None:
    a_class(store)
    laptop, phone = teacher_tab(store, clock), teacher_tab(store, clock, "198.51.100.3")
    assert laptop.sign_in("Ada", "s3cret-pass") and phone.sign_in("Ada", "s3cret-pass")
    assert len(laptop.sessions()) == 2
    (other,) = [s for s in laptop.sessions() if s.id != laptop.session_id]
    assert other.address == "198.51.100.3"
    laptop.end_session(other.id)
    assert phone.current() is None and laptop.current() is not None


def test_a_teacher_session_expires_on_the_server(store: ProgressStore, clock: Clock) -> None:
    a_class(store)
    first = teacher_tab(store, clock)
    assert first.sign_in("Ada", "s3cret-pass") is not None
    token = cookie_of(store, first)
    clock.pass_(TEACHERS.idle_seconds + 1)
    assert teacher_tab(store, clock).current(token) is None
    assert first.current() is None


def test_the_learners_token_expires_rotates_and_is_never_kept(store: ProgressStore,
                                                             clock: Clock) -> None:
    home = tab(store, clock)
    ana = home.sign_in_by_name("Ana")
    assert ana is not None
    token = cookie_of(store, home)
    tomorrow = tab(store, clock)
    clock.pass_(86400)
    assert tomorrow.current(token) == ana
    newer = cookie_of(store, tomorrow)  # rotated on use
    clock.pass_(devices.GRACE + 1)
    assert tab(store, clock).current(token) is None and tab(store, clock).current(newer) == ana
    clock.pass_(LEARNERS.idle_seconds + 1)
    assert tab(store, clock).current(newer) is None  # unused for 30 days: gone on the server
    for bad in (None, "", 42, "x" * 500, "'; alert(1); '"):
        assert tab(store, clock).current(bad) is None


def test_switch_learner_ends_the_browsers_session(store: ProgressStore, clock: Clock) -> None:
    home = tab(store, clock)
    assert home.sign_in_by_name("Ana") is not None
    token = cookie_of(store, home)
    home.sign_out()
    assert home.current() is None and isinstance(home.cookie(), CookieClear)
    assert tab(store, clock).current(token) is None
    assert Devices(store, LEARNERS, clock).find(token) is None


def test_a_learner_gone_from_the_store_is_signed_out(store: ProgressStore,
                                                    new_database: Callable[[], str],
                                                    clock: Clock) -> None:
    session: dict[str, Any] = {}
    assert SignIn(store, session, clock=clock).sign_in_by_name("Ana") is not None
    with ProgressStore(new_database()) as other:
        fresh = SignIn(other, session, clock=clock)  # a new database
        assert fresh.current() is None and LEARNER not in session


# ----- names -------------------------------------------------------------------------------


def test_a_learner_cannot_take_a_teachers_name(store: ProgressStore, clock: Clock) -> None:
    _, room = a_class(store)  # the teacher is Ada
    for typed in ("Ada", "ADA", "Аda", "Ada\ufe0f", "ᴀᴅᴀ"):
        assert tab(store, clock).sign_in_by_name(typed) is None, typed
        assert tab(store, clock).join_class(room.code, typed) is None, typed
    refused = tab(store, clock)
    refused.sign_in_by_name("Ada")
    assert "teacher" in (refused.error or "")
    assert store.learners() == []


def test_no_class_learners_keep_name_only_sign_in_until_the_teacher_closes_it(
        store: ProgressStore, clock: Clock) -> None:
    ana = tab(store, clock).sign_in_by_name("Ana")
    assert ana is not None and tab(store, clock).sign_in_by_name("ana") == ana
    assert tab(store, clock).sign_in_by_name("Ехо") is not None  # a Cyrillic name
    assert tab(store, clock).sign_in_by_name("Exo") == tab(store, clock).sign_in_by_name("Ехо")
    store.show_names_on_welcome(False)
    closed = tab(store, clock)
    assert closed.sign_in_by_name("Ana") is None and "class" in (closed.error or "")


def test_the_admin_command_lifts_a_teachers_lockout(store: ProgressStore, clock: Clock,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from tutorial_app import admin

    a_class(store)
    patient(lambda: teacher_tab(store, clock), clock, 40,
            lambda fresh: fresh.sign_in("Ada", "guess-pass"))
    locked = teacher_tab(store, clock)
    assert locked.sign_in("Ada", "s3cret-pass") is None and "closed" in (locked.error or "")
    monkeypatch.setenv("CASSINO_DB", str(store.url))
    assert admin.main(["unlock", "ADA"]) == 0 and "unlocked" in capsys.readouterr().out
    clock.pass_(guard.MAX_WAIT)  # the address's own wait after its last wrong try
    assert teacher_tab(store, clock).sign_in("Ada", "s3cret-pass") is not None


def test_a_whole_class_signs_in_at_once_from_one_address(store: ProgressStore,
                                                        clock: Clock) -> None:
    """A school behind one router: 60 learners' right tries in flight together are
    never held up by each other (the address counts wrong tries only once known)."""
    limits = Guard(store, clock)
    started = [limits.begin(guard.SECRET, f"7:learner {i}", "198.51.100.1")
               for i in range(60)]
    assert all(not x.deferred or x.deferred[0].scope == guard.ADDRESS for x in started
               if isinstance(x, guard.Attempt))
    assert all(isinstance(x, guard.Attempt) for x in started)
    for attempt in started:
        assert isinstance(attempt, guard.Attempt)
        limits.succeeded(attempt)
    assert limits.limits() == []
