"""The Classroom's sign-in, join and login-card parts as controllers (issue 33): the
roster and secrets, the wrong tries and lockouts, the teacher's devices, joining by the
code (the waiting phone, the teacher's approvals) and the printed cards, each driven
click by click with a dict for the session and a real store, as the other panels'
controllers are (tests/flows/test_flow_class_pages.py); `screen()` says what ui/ draws."""

from __future__ import annotations

import time
from typing import Any

from tutorial_app.flows.cards_page import CardsController
from tutorial_app.flows.join_page import JoinRequests, LearnerJoin
from tutorial_app.flows.signin_page import (
    DevicesController,
    LimitsController,
    RosterController,
)
from tutorial_app.services import agents, pictures
from tutorial_app.services.classes import APPROVE, OPEN, ClassStore
from tutorial_app.services.signin import SignIn
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.teacher_signin import TeacherSignIn
from tutorial_app.words.i18n import count, t

PASSWORD = "a long teacher password"


def test_the_roster_adds_learners_resets_a_secret_and_says_each_once(
        store: ProgressStore) -> None:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Dora", PASSWORD).id, "5B")
    memory: dict[str, Any] = {}
    ctl = RosterController(rooms, room, memory)
    empty = ctl.screen()
    assert empty.secrets == () and empty.names == {} and empty.added == ()
    assert empty.cards_link == f"cards?class={room.id}"

    ctl.add("Ana\nBo\n\n")
    added = RosterController(rooms, room, memory).screen()
    assert dict(added.added) == {"Ana": None, "Bo": None}
    assert sorted(added.names.values()) == ["Ana", "Bo"]
    kept = {x.name: s for x, s in rooms.secrets_of(room.id)}
    assert dict(added.secrets)["Ana"] == (f"{pictures.picture(kept['Ana'].first)} · "
                                          f"{pictures.picture(kept['Ana'].second)}")
    assert RosterController(rooms, room, memory).screen().added == ()  # said once

    ana = next(i for i, name in added.names.items() if name == "Ana")
    ctl.reset(ana, "Ana")
    new = {x.name: s for x, s in rooms.secrets_of(room.id)}["Ana"]
    assert ctl.screen().reset_done == ("Ana", pictures.picture(new.first),
                                       pictures.picture(new.second))
    assert ctl.screen().look_alikes == () and ctl.screen().renamed is None


def test_wrong_tries_are_listed_and_a_lockout_lifted(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    dora = rooms.add_teacher("Dora", PASSWORD)
    now = [time.time()]

    def clock() -> float:
        return now[0]

    me = TeacherSignIn(store, {}, "192.0.2.99", "Firefox", clock=clock)
    assert me.sign_in("Dora", PASSWORD) is not None
    memory: dict[str, Any] = {}
    ctl = LimitsController(me, rooms, rooms.classes_of(dora.id), memory, clock)
    calm = ctl.screen()
    assert calm.rows == () and calm.title == t("limits.title") and not calm.expanded

    for n in range(40):  # a guesser elsewhere, until the account is locked
        TeacherSignIn(store, {}, "192.0.2.10", "Firefox", clock=clock).sign_in(
            "Dora", f"wrong-{n}")
        now[0] += 30
        if ctl.screen().liftable:
            break
    locked = ctl.screen()
    assert locked.expanded and len(locked.liftable) == 1
    wrong = sum(x.wrong for x in locked.rows)
    assert locked.title == " · ".join((t("limits.title"), count(wrong, "limits_wrong_total"),
                                      count(1, "lockouts")))
    assert t("limits.teacher_name", name="Dora") in {x.who for x in locked.rows}
    (chosen,) = locked.liftable
    assert chosen.label.startswith(t("limits.teacher_name", name="Dora") + " · ")

    ctl.lift(chosen)
    lifted = ctl.screen()
    assert lifted.lifted == chosen.label and lifted.liftable == ()
    assert ctl.screen().lifted is None  # said once


def test_the_teachers_devices_named_and_one_signed_out(store: ProgressStore) -> None:
    ClassStore(store).add_teacher("Dora", PASSWORD)
    agent = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
    here = TeacherSignIn(store, {}, "192.0.2.1", agent)
    there = TeacherSignIn(store, {}, "192.0.2.2", agent)  # her twin browser elsewhere
    assert here.sign_in("Dora", PASSWORD) and there.sign_in("Dora", PASSWORD)
    ctl = DevicesController(here)
    shown = ctl.screen()
    assert len(shown.rows) == 2 and len(set(shown.choices.values())) == 2
    mine = next(x for x in shown.rows if x.address == "192.0.2.1")
    other = next(x for x in shown.rows if x.address == "192.0.2.2")
    assert mine.device == t("devices.this_named", device=agents.named(agent))
    assert other.device == agents.named(agent)
    ctl.end(other.session_id)
    assert [x.address for x in ctl.screen().rows] == ["192.0.2.1"]


def test_a_learner_waits_and_the_teacher_lets_her_in(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Dora", PASSWORD).id, "5B")
    assert room.join_rule == APPROVE
    phone: dict[str, Any] = {}
    learner = LearnerJoin(SignIn(store, phone, "192.0.2.7"))
    assert learner.can_join and learner.waiting() is None
    learner.join(room.code, "Ana")
    waiting = learner.waiting()
    assert waiting is not None and (waiting.room, waiting.name) == ("5B", "Ana")
    assert not learner.look()  # the teacher has not answered

    memory: dict[str, Any] = {}
    teacher = JoinRequests(rooms, room.id, memory)
    asked = teacher.screen()
    assert asked is not None and asked.title == count(1, "join-waiting") and asked.expanded
    assert [x.name for x in asked.waiting] == ["Ana"] and teacher.waiting_count() == 1
    teacher.approve(asked.waiting[0].id, "Ana")
    assert teacher.changed() and not teacher.changed()  # the whole page once
    done = teacher.screen()
    assert done is not None and done.done == (("Ana", None),) and done.waiting == ()
    assert done.title == t("join_panel.title")
    assert learner.look() and learner.waiting() is None  # in, on her phone
    assert [x.name for x in rooms.members(room.id)] == ["Ana"]

    teacher.set_rule(OPEN)
    teacher.set_rule("anything")  # not a rule: ignored
    after = teacher.screen()
    assert after is not None and after.rule == OPEN and after.done == ()
    assert not LearnerJoin(None).can_join and LearnerJoin(None).waiting() is None


def test_a_refused_learner_is_said_refused(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Dora", PASSWORD).id, "5B")
    for name, address in (("Bo", "192.0.2.8"), ("Cy", "192.0.2.9")):
        LearnerJoin(SignIn(store, {}, address)).join(room.code, name)
    teacher = JoinRequests(rooms, room.id, {})
    teacher.refuse_all()
    shown = teacher.screen()
    assert shown is not None and set(shown.done) == {("Bo", ""), ("Cy", "")}
    assert shown.waiting == () and not teacher.changed()


def test_the_login_cards_of_a_class_and_of_one_learner(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Dora", PASSWORD).id, "5B")
    rooms.add_learners(room.id, ["Ana", "Bo"])
    kept = {x.name: (x.id, s) for x, s in rooms.secrets_of(room.id)}
    ctl = CardsController(rooms, room)
    every = ctl.screen()
    assert [x.name for x in every.cards] == ["Ana", "Bo"] and every.one is None
    assert every.file_name == f"login-cards-{room.code}" and not every.stale
    ana_id, secret = kept["Ana"]
    ana = every.cards[0]
    assert ana.card_key == secret.card_key
    assert ana.emojis == (pictures.emoji(secret.first), pictures.emoji(secret.second))
    assert ana.words == (pictures.word(secret.first), pictures.word(secret.second))
    one = ctl.screen(str(ana_id))
    assert one.one == "Ana" and [x.name for x in one.cards] == ["Ana"]
    assert one.file_name == f"login-cards-{room.code}-{ana_id}"
    stranger = ctl.screen("999999")
    assert stranger.stale and len(stranger.cards) == 2
