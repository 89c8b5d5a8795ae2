"""Limits a school can live with (issue 31), as services with a clock the test moves,
on SQLite and PostgreSQL: a guesser's wrong tries on a child's name never stop her
card or a phone she signed in on before, a teacher's own browser lets her in after ten
wrong passwords elsewhere, a lift gives a guesser one more try and no fresh count,
parallel tries are counted before they are checked, a school behind one address signs
in whole, common passwords are refused, a new password signs the other devices out,
cards expire, a card link asks before switching, and a tab is signed out at its next
click. The guesser's budget in docs/limits.md is computed here from the real policies."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from tutorial_app.services import classes, devices, guard, known_devices, passwords
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass
from tutorial_app.services.guard import POLICIES, Guard, Refused
from tutorial_app.services.known_devices import KnownDevices
from tutorial_app.services.pictures import COUNT, Secret
from tutorial_app.services.signin import CookieTicket, SignIn
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.teacher_signin import TeacherSignIn
from tutorial_app.words.i18n import using

SCHOOL = "203.0.113.9"  # one public address for a whole school
DAY = 86400.0


class Clock:
    """The services' time, moved by the test (a minute ahead of the real clock, which
    stamps the secrets the classroom makes, unless `classroom_time` hands it this one)."""

    def __init__(self) -> None:
        self.now = float(int(time.time()) + 60)

    def __call__(self) -> float:
        return self.now

    def pass_(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def classroom_time(clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The classroom's own stamps (a secret made, a card renewed) on the test's clock."""
    monkeypatch.setattr(classes, "time", SimpleNamespace(time=clock))
    return clock


def tab(store: ProgressStore, clock: Clock, address: str = "198.51.100.7",
        known: str | None = None, memory: dict[str, Any] | None = None) -> SignIn:
    """A new browser session of a learner's browser (`known`: its known-browser cookie)."""
    return SignIn(store, {} if memory is None else memory, address, clock=clock, known=known)


def teacher_tab(store: ProgressStore, clock: Clock, address: str = "192.0.2.10",
                known: str | None = None) -> TeacherSignIn:
    return TeacherSignIn(store, {}, address, "Firefox", clock=clock, known=known)


def a_class(store: ProgressStore, learners: list[str]) -> tuple[ClassStore, SchoolClass,
                                                                dict[str, Secret]]:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Ada", "s3cret-pass").id, "5B")
    rooms.add_learners(room.id, learners)
    return rooms, room, {x.name: s for x, s in rooms.secrets_of(room.id)}


def redeemed(store: ProgressStore, action: object, clock: Clock,
             known: str | None = None) -> str:
    """The cookie the route sets for a ticket the page was given (ui/cookie_route.py)."""
    assert isinstance(action, CookieTicket)
    issued = devices.redeem(store, action.ticket, now=clock(), known=known)
    assert issued is not None
    return issued.token


def wrong(secret: Secret, n: int = 0) -> tuple[int, int]:
    """The n-th pair of pictures that is not the secret."""
    pairs = (divmod(i, COUNT) for i in range(COUNT * COUNT))
    return [p for p in pairs if p != secret.pictures][n]


_WAIT = re.compile(r"wait (\d+) second|closed for (\d+) (minute|hour)")


def patiently(make: Callable[[], Any], clock: Clock, tries: int,
              attempt: Callable[[Any, int], object], checked: int | None = None) -> list[str]:
    """`tries` tries (or as many as it takes for `checked` of them to be checked), each
    from a fresh session, waiting out every wait and every lock as a patient guesser
    would (a shut account ends nothing: the tries go on, refused)."""
    said: list[str] = []
    for n in range(tries if checked is None else 1000):
        if checked is not None and sum("do not match" in x for x in said) == checked:
            break
        fresh = make()
        attempt(fresh, n)
        error = str(fresh.error or "signed in")
        said.append(error)
        found = _WAIT.search(error)
        if found:
            seconds = int(found[1]) if found[1] else int(found[2]) * (
                60 if found[3] == "minute" else 3600)
            clock.pass_(seconds)
    return said


# ----- a child's name under attack ------------------------------------------------------


def test_a_hundred_wrong_tries_on_her_name_stop_neither_her_card_nor_her_phone(
        store: ProgressStore, clock: Clock, classroom_time: Clock) -> None:
    rooms, room, secret = a_class(store, ["Bea", "Bo"])
    bea = secret["Bea"]
    phone = tab(store, clock, SCHOOL)
    assert phone.sign_in_to_class(room.code, "Bea", *bea.pictures) is not None
    known = redeemed(store, phone.known_cookie(), clock)  # her phone is known for her
    said = patiently(lambda: tab(store, clock, SCHOOL), clock, 100,
                     lambda fresh, n: fresh.sign_in_to_class(room.code, "Bea", *wrong(bea, n)))
    shut_at = POLICIES[(guard.SECRET, guard.ACCOUNT)].shut_at
    assert sum("do not match" in x for x in said) == shut_at == 30
    assert "until your teacher gives you a new secret" in said[-1]
    last = max(i for i, x in enumerate(said) if "do not match" in x)
    assert all("until your teacher" in x for x in said[last + 1:])  # and so on, unchecked
    # her own phone, at the very address the guesser used, with her right pictures
    again = tab(store, clock, SCHOOL, known=known)
    assert again.sign_in_to_class(room.code, "Bea", *bea.pictures) is not None, again.error
    assert tab(store, clock, SCHOOL).sign_in_by_card(bea.card_key) is not None  # her card
    stranger = tab(store, clock, "192.0.2.77")  # a browser that never knew her
    assert stranger.sign_in_to_class(room.code, "Bea", *bea.pictures) is None
    assert "Your login card still works" in (stranger.error or "")
    assert tab(store, clock, SCHOOL).sign_in_to_class(room.code, "Bo", *secret["Bo"].pictures)
    # the teacher sees it, per learner, and the address's count refused nobody
    ada = teacher_tab(store, clock)
    assert ada.sign_in("Ada", "s3cret-pass") is not None
    seen = {(x.kind, x.scope): x for x in ada.limits()}
    assert seen[(guard.SECRET, guard.ACCOUNT)].strikes == shut_at
    assert seen[(guard.SECRET, guard.ACCOUNT)].shut
    assert seen[(guard.SECRET, guard.ADDRESS)].strikes == shut_at  # counted, never refusing
    # a new secret opens her name again (and her phone must learn it again)
    clock.pass_(60)
    new = rooms.reset_secret(rooms.member_named(room.id, "Bea").id)  # type: ignore[union-attr]
    assert tab(store, clock, SCHOOL).sign_in_to_class(room.code, "Bea", *new.pictures)
    assert not [x for x in ada.limits() if x.kind == guard.SECRET and x.scope == guard.ACCOUNT]
    old_phone = tab(store, clock, SCHOOL, known=known)
    assert old_phone.sign_in_to_class(room.code, "Bea", *wrong(new)) is None
    counted = Guard(store, clock).limit(guard.SECRET, guard.ACCOUNT, f"{room.id}:bea")
    assert counted is not None and counted.strikes == 1  # on the name: no longer known


def test_her_phone_handed_back_without_a_reload_is_still_hers(
        store: ProgressStore, clock: Clock, classroom_time: Clock) -> None:
    """The known-browser cookie reaches the server with the next page load only: a phone
    on which Bea signed in, then "Switch learner", then Bea again in the same session
    (no reload) while a guesser has closed her name to new browsers, still lets her in;
    another session on it that never signed in as her does not."""
    _, room, secret = a_class(store, ["Bea"])
    bea = secret["Bea"]
    memory: dict[str, Any] = {}
    phone = tab(store, clock, SCHOOL, memory=memory)
    assert phone.sign_in_to_class(room.code, "Bea", *bea.pictures) is not None
    phone.sign_out()  # handed on; the page is not reloaded, so no cookie is read again
    patiently(lambda: tab(store, clock, SCHOOL), clock, 0,
              lambda fresh, n: fresh.sign_in_to_class(room.code, "Bea", *wrong(bea, n)),
              checked=POLICIES[(guard.SECRET, guard.ACCOUNT)].shut_at)
    stranger = tab(store, clock, SCHOOL)
    assert stranger.sign_in_to_class(room.code, "Bea", *bea.pictures) is None  # shut
    same = tab(store, clock, SCHOOL, memory=memory)  # the same session's next run
    assert same.sign_in_to_class(room.code, "Bea", *bea.pictures) is not None, same.error


def test_a_known_phone_has_its_own_small_count(store: ProgressStore, clock: Clock) -> None:
    """A classmate on a shared phone known for Bea gets that pair's five tries; then the
    phone counts as unknown for her (her name's count), and her other phone is untouched."""
    _, room, secret = a_class(store, ["Bea"])
    bea = secret["Bea"]
    shared, own = tab(store, clock, SCHOOL), tab(store, clock, "198.51.100.30")
    assert shared.sign_in_to_class(room.code, "Bea", *bea.pictures)
    assert own.sign_in_to_class(room.code, "Bea", *bea.pictures)
    shared_token = redeemed(store, shared.known_cookie(), clock)
    own_token = redeemed(store, own.known_cookie(), clock)
    assert shared_token != own_token
    limits = Guard(store, clock)
    said = patiently(lambda: tab(store, clock, SCHOOL, known=shared_token), clock, 0,
                     lambda fresh, n: fresh.sign_in_to_class(room.code, "Bea", *wrong(bea, n)),
                     checked=8)
    assert "closed" not in " ".join(said)  # waits only
    spent = POLICIES[(guard.SECRET, guard.DEVICE)].shut_at
    pairs = [x for x in limits.limits(guard.SECRET) if x.scope == guard.DEVICE]
    assert [x.strikes for x in pairs] == [spent] and pairs[0].shut
    name = limits.limit(guard.SECRET, guard.ACCOUNT, f"{room.id}:bea")
    assert name is not None and name.strikes == 8 - spent  # then counted on her name
    mine = tab(store, clock, "198.51.100.30", known=own_token)
    assert mine.sign_in_to_class(room.code, "Bea", *bea.pictures) is not None


# ----- a teacher never kept out of her own browser ------------------------------------


def test_the_teachers_own_browser_lets_her_in_after_ten_wrong_passwords_elsewhere(
        store: ProgressStore, clock: Clock) -> None:
    a_class(store, [])
    laptop = teacher_tab(store, clock, SCHOOL)
    assert laptop.sign_in("Ada", "s3cret-pass") is not None
    known = redeemed(store, laptop.known_cookie(), clock)
    patiently(lambda: teacher_tab(store, clock, SCHOOL), clock, 0,
              lambda fresh, n: fresh.sign_in("Ada", f"guess-{n:04d}"), checked=10)
    locked = teacher_tab(store, clock, SCHOOL)
    assert locked.sign_in("Ada", "s3cret-pass") is None and "closed for" in str(locked.error)
    addresses = [f"198.51.100.{i}" for i in range(100, 118)]  # and from 18 more addresses
    for address in addresses:
        guesser = teacher_tab(store, clock, address)
        assert guesser.sign_in("Ada", "guess-pass") is None and "closed" in (guesser.error or "")
    elsewhere = teacher_tab(store, clock, "192.0.2.200")  # a browser she never used
    assert elsewhere.sign_in("Ada", "s3cret-pass") is None
    for address in (SCHOOL, *addresses[:3]):  # her laptop, wherever it is
        assert teacher_tab(store, clock, address, known=known).sign_in(
            "Ada", "s3cret-pass") is not None
    assert Guard(store, clock).limit(guard.TEACHER, guard.ADDRESS, SCHOOL) is not None


def test_a_lift_gives_a_guesser_one_more_try_and_never_a_fresh_count(
        store: ProgressStore, clock: Clock) -> None:
    rooms, _, _ = a_class(store, [])
    rooms.add_teacher("Bob", "other-pass")
    bob = teacher_tab(store, clock, "192.0.2.50")
    assert bob.sign_in("Bob", "other-pass") is not None
    patiently(lambda: teacher_tab(store, clock), clock, 0,
              lambda fresh, n: fresh.sign_in("Ada", f"guess-{n:04d}"), checked=10)
    checked: list[str] = []
    real = passwords.check_password

    def counting(given: str, kept: str) -> bool:
        checked.append(given)
        return real(given, kept)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "check_password", counting)
        for _ in range(3):  # a colleague lifts the lock three times
            (lock,) = [x for x in bob.limits() if x.kind == guard.TEACHER
                       and x.scope == guard.ACCOUNT and x.locked(clock())]
            bob.lift(lock)
            clock.pass_(guard.MAX_WAIT)  # (the address's own wait after its last try)
            for n in range(5):  # the guesser tries at once, again and again
                teacher_tab(store, clock).sign_in("Ada", f"again-{n}")
    assert len(checked) == 3  # one more try per lift
    kept = Guard(store, clock).limit(guard.TEACHER, guard.ACCOUNT, "ada")
    assert kept is not None and kept.strikes == 13 and kept.locked(clock())
    assert kept.locked_until - clock() > 7 * 3600  # 8 h: each strike locks longer
    bob.lift(kept)
    clock.pass_(guard.MAX_WAIT)  # (the address's own wait: lifted apart, or waited out)
    ada = teacher_tab(store, clock)
    assert ada.sign_in("Ada", "s3cret-pass") is not None  # the lift let her in
    admin_lifted = Guard(store, clock).limit(guard.TEACHER, guard.ACCOUNT, "ada")
    assert admin_lifted is not None and admin_lifted.strikes == 13


# ----- counted before the check -----------------------------------------------------------


def race(threads: int, attempt: Callable[[int], None]) -> None:
    gate = threading.Barrier(threads)

    def run(n: int) -> None:
        gate.wait()
        attempt(n)

    started = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join()


def test_ninety_raced_wrong_tries_are_checked_no_more_than_the_allowance(
        store: ProgressStore, open_store: Callable[[], ProgressStore], clock: Clock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, room, secret = a_class(store, ["Bea"])
    replicas = [store, open_store(), open_store()]  # three app processes, one database
    checked: list[str] = []
    lock = threading.Lock()
    real_secret, real_code = ClassStore.check_secret, ClassStore.class_by_code

    def check_secret(self: ClassStore, *args: Any) -> Any:
        with lock:
            checked.append("pictures")
        return real_secret(self, *args)

    def class_by_code(self: ClassStore, code: object) -> Any:
        with lock:
            checked.append(f"code {code}")
        return real_code(self, code)

    monkeypatch.setattr(ClassStore, "check_secret", check_secret)
    race(90, lambda n: tab(replicas[n % 3], clock, f"198.51.100.{n + 1}").sign_in_to_class(
        room.code, "Bea", *wrong(secret["Bea"], n)))
    free = POLICIES[(guard.SECRET, guard.ACCOUNT)].free
    assert 1 <= checked.count("pictures") <= free  # then each next one has to wait
    name = Guard(store, clock).limit(guard.SECRET, guard.ACCOUNT, f"{room.id}:bea")
    assert name is not None and name.strikes == checked.count("pictures")

    monkeypatch.setattr(ClassStore, "class_by_code", class_by_code)
    checked.clear()
    race(90, lambda n: tab(replicas[n % 3], clock, SCHOOL).linked_class(f"ZZZ{n:03d}"))
    allowance = POLICIES[(guard.JOIN, guard.ADDRESS)].free
    assert 1 <= len(checked) <= allowance
    address = Guard(store, clock).limit(guard.JOIN, guard.ADDRESS, SCHOOL)
    assert address is not None and address.strikes == len(checked)


def test_a_right_answer_gives_its_reserved_try_back(store: ProgressStore,
                                                   clock: Clock) -> None:
    _, room, _ = a_class(store, [])
    for _ in range(25):  # teachers and children at one school, all right
        assert tab(store, clock, SCHOOL).linked_class(room.code) is not None
        assert teacher_tab(store, clock, SCHOOL).sign_in("Ada", "s3cret-pass") is not None
    assert Guard(store, clock).limits() == []
    for n in range(2):  # two wrong passwords from elsewhere, then hers: still seen so
        teacher_tab(store, clock, "198.51.100.23").sign_in("Ada", f"guess-{n}")
    clock.pass_(60)
    assert teacher_tab(store, clock, SCHOOL).sign_in("Ada", "s3cret-pass") is not None
    row = Guard(store, clock).limit(guard.TEACHER, guard.ACCOUNT, "ada")
    assert row is not None and (row.strikes, row.last_address) == (2, "198.51.100.23")
    assert row.last_failure < clock() - 59


# ----- a school behind one address ----------------------------------------------------------


def test_a_school_behind_one_address_signs_in_whole(store: ProgressStore,
                                                    clock: Clock) -> None:
    names = [f"Learner {i:02d}" for i in range(30)]
    _, room, secret = a_class(store, names)
    signed = []
    for i, name in enumerate(names):
        if i % 3 == 0:  # a third of them get their pictures wrong twice first
            for n in range(2):
                typo = tab(store, clock, SCHOOL)
                assert typo.sign_in_to_class(room.code, name, *wrong(secret[name], n)) is None
        child = tab(store, clock, SCHOOL)
        signed.append(child.sign_in_to_class(room.code, name, *secret[name].pictures))
    assert all(x is not None for x in signed)
    address = Guard(store, clock).limit(guard.SECRET, guard.ADDRESS, SCHOOL)
    assert address is not None and address.strikes == 20  # seen by the teacher, no more
    for name in names[:3]:  # and a login card is never refused by the address
        assert tab(store, clock, SCHOOL).sign_in_by_card(secret[name].card_key) is not None


# ----- passwords ---------------------------------------------------------------------------


@pytest.mark.parametrize("weak", ["password", "12345678", "PASSWORD", "qwertyuiop",
                                  "iloveyou", "football"])
def test_common_passwords_are_refused_in_the_teachers_language(weak: str,
                                                              store: ProgressStore) -> None:
    rooms = ClassStore(store)
    with pytest.raises(ClassroomError, match="most common"):
        rooms.add_teacher("Ada", weak)
    with using("pt-BR"), pytest.raises(ClassroomError, match="mais comuns"):
        rooms.add_teacher("Ada", weak)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    with pytest.raises(ClassroomError, match="most common"):
        rooms.set_password(ada.id, weak)
    assert len(passwords.common_passwords()) > 10_000


def test_a_new_password_signs_her_other_devices_out(
        store: ProgressStore, clock: Clock, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tutorial_app import admin

    a_class(store, [])
    laptop, phone = teacher_tab(store, clock), teacher_tab(store, clock, "198.51.100.3")
    assert laptop.sign_in("Ada", "s3cret-pass") and phone.sign_in("Ada", "s3cret-pass")
    redeemed(store, laptop.known_cookie(), clock)
    patiently(lambda: teacher_tab(store, clock, "192.0.2.66"), clock, 4,
              lambda fresh, n: fresh.sign_in("Ada", f"guess-{n}"))
    monkeypatch.setenv("CASSINO_DB", str(store.url))
    monkeypatch.setenv("CASSINO_TEACHER_PASSWORD", "12345678")
    assert admin.main(["set-password", "Ada"]) == 2  # a common one: refused, nothing changed
    assert "most common" in capsys.readouterr().err
    assert laptop.current() is not None and phone.current() is not None
    monkeypatch.setenv("CASSINO_TEACHER_PASSWORD", "a-new-long-one")
    assert admin.main(["set-password", "Ada"]) == 0 and "signed out" in capsys.readouterr().out
    assert laptop.current() is None and phone.current() is None  # at their next click
    assert KnownDevices(store, clock).owners(known_devices.TEACHER, 1) == 0
    assert Guard(store, clock).limit(guard.TEACHER, guard.ACCOUNT, "ada") is None
    assert teacher_tab(store, clock).sign_in("Ada", "a-new-long-one") is not None


# ----- cards, card links and sessions ----------------------------------------------------------


def test_an_expired_card_is_refused_with_its_sentence(store: ProgressStore, clock: Clock,
                                                      classroom_time: Clock) -> None:
    rooms, room, secret = a_class(store, ["Bea"])
    key = secret["Bea"].card_key
    clock.pass_(364 * DAY)
    assert tab(store, clock).sign_in_by_card(key) is not None
    clock.pass_(2 * DAY)  # a year and a day after the secret was made
    late = tab(store, clock)
    assert late.sign_in_by_card(key) is None
    assert "out of date" in (late.error or "") and "teacher" in (late.error or "")
    with using("pt-BR"):
        again = tab(store, clock)
        again.sign_in_by_card(key)
        assert "vencido" in (again.error or "")
    renewed = rooms.reset_secret(rooms.members(room.id)[0].id)  # "Give a new secret"
    assert tab(store, clock).sign_in_by_card(renewed.card_key) is not None
    assert Guard(store, clock).limit(guard.CARD, guard.ADDRESS, "198.51.100.7") is None


def test_a_wrong_card_key_is_counted_never_refusing(store: ProgressStore,
                                                    clock: Clock) -> None:
    _, _, secret = a_class(store, ["Bea"])
    for n in range(60):  # more than any address limit there ever was
        assert tab(store, clock, SCHOOL).sign_in_by_card(f"{n:032d}") is None
    assert tab(store, clock, SCHOOL).sign_in_by_card(secret["Bea"].card_key) is not None
    counted = Guard(store, clock).limit(guard.CARD, guard.ADDRESS, SCHOOL)
    assert counted is not None and counted.strikes == 60 and not counted.locked(clock())


def test_a_card_link_on_a_phone_signed_in_as_someone_else_asks(store: ProgressStore,
                                                               clock: Clock) -> None:
    _, room, secret = a_class(store, ["Ana", "Bruno"])
    memory: dict[str, Any] = {}
    phone = tab(store, clock, SCHOOL, memory=memory)
    bruno = phone.sign_in_to_class(room.code, "Bruno", *secret["Bruno"].pictures)
    assert bruno is not None
    phone.card_link(secret["Ana"].card_key)
    assert phone.current() == bruno  # not switched
    asked = phone.card_question()
    assert asked is not None and (asked.card.name, asked.current.name) == ("Ana", "Bruno")
    phone.answer_card(False)
    assert phone.card_question() is None and phone.current() == bruno
    phone.card_link(secret["Ana"].card_key)  # Back to the link's page: nothing
    assert phone.card_question() is None and phone.current() == bruno
    phone.card_link(secret["Bruno"].card_key)  # his own card: nothing to ask
    assert phone.card_question() is None and phone.current() == bruno
    other = tab(store, clock, SCHOOL)
    assert other.sign_in_to_class(room.code, "Bruno", *secret["Bruno"].pictures)
    other.card_link(secret["Ana"].card_key)
    before = other.memory["signin.device"]
    other.answer_card(True)
    ana = other.current()
    assert ana is not None and ana.name == "Ana"
    assert before not in [x.id for x in other.devices.of(bruno.id)]  # ended there
    fresh = tab(store, clock)
    fresh.card_link(secret["Ana"].card_key)  # a phone signed in as nobody: in at once
    assert fresh.current() == ana and fresh.card_question() is None


def test_a_tab_is_signed_out_at_its_next_click(store: ProgressStore, clock: Clock) -> None:
    rooms, room, secret = a_class(store, ["Bea"])
    first = tab(store, clock)
    bea = first.sign_in_to_class(room.code, "Bea", *secret["Bea"].pictures)
    assert bea is not None
    token = redeemed(store, first.cookie(), clock)
    second = tab(store, clock)  # a second tab of the same browser
    assert second.current(token) == bea and first.current() == bea
    rooms.reset_secret(bea.id)  # "Give a new secret": signed out everywhere
    assert first.current() is None and "signed out" in (first.error or "")
    assert second.current() is None
    assert first.memory.get("signin.forgotten")  # the cookie is cleared too
    # "Switch learner" in one tab signs the other out at its next click
    a = tab(store, clock)
    assert a.sign_in_by_card(rooms.secret_of(bea.id).card_key)  # type: ignore[union-attr]
    token = redeemed(store, a.cookie(), clock)
    b = tab(store, clock)
    assert b.current(token) == bea
    b.sign_out()
    assert a.current() is None


# ----- the guesser's budget (docs/limits.md, "Signing in") --------------------------------


def budget(store: ProgressStore, clock: Clock, days: float) -> tuple[int, int]:
    """A patient guesser against one name with the real policies: wrong tries checked
    in the first day and in `days` days, every wait and lock waited out to the second."""
    limits = Guard(store, clock)
    start, first_day, total = clock(), 0, 0
    while clock() - start < days * DAY:
        found = limits.begin(guard.SECRET, "1:bea", SCHOOL)
        if isinstance(found, Refused):
            if found.shut:
                break
            clock.pass_(found.seconds)
            continue
        limits.failed(found, "secret pictures")
        total += 1
        first_day += clock() - start < DAY
    return first_day, total


def old_budget(days: float) -> tuple[int, int]:
    """The same guesser against the rules before issue 31: 3 free, waits 1 s, 2 s, ...,
    locked at 10 for an hour, then a fresh count."""
    now, tries, first_day, failures = 0.0, 0, 0, 0
    while now < days * DAY:
        tries += 1
        first_day += now < DAY
        failures += 1
        if failures == 10:
            now += 3600 + 1
            failures = 0
        elif failures >= 3:
            now += 2.0 ** (failures - 3) + 1
    return first_day, tries


def test_the_guessers_budget_is_the_one_the_docs_give(store: ProgressStore, clock: Clock,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("ERROR")
    first_day, year = budget(store, clock, 365)
    assert (first_day, year) == (14, 30)  # docs/limits.md
    old_day, old_year = old_budget(365)
    assert 230 <= old_day <= 240 and old_year > 2304  # a whole secret space in ten days
    assert round(100 * year / (COUNT * COUNT), 1) == 1.3


def test_a_copied_teacher_cookie_shows_where_it_was_used(store: ProgressStore,
                                                          clock: Clock) -> None:
    a_class(store, [])
    laptop = teacher_tab(store, clock, SCHOOL)
    assert laptop.sign_in("Ada", "s3cret-pass") is not None
    token = redeemed(store, laptop.cookie(), clock)
    copied = TeacherSignIn(store, {}, "198.51.100.66", "Chrome on Android", clock=clock)
    assert copied.current(token) is not None
    (session,) = laptop.sessions()
    assert (session.agent, session.address) == ("Chrome on Android", "198.51.100.66")
