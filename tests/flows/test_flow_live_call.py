"""A live question finds its learners (flows/live_call.py) without Streamlit: a real
store on SQLite and PostgreSQL, a dict for a browser session."""

from __future__ import annotations

from typing import Any

from tutorial_app.flows import live_call
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.store import ProgressStore


def test_a_question_waits_for_each_learner_of_the_class(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    solo = store.learner("Solo")  # in no class
    assert live_call.waiting(rooms, ana.id) is None  # nothing asked yet
    state = rooms.put_question(room.id, "puzzle", "tp2")
    call = live_call.waiting(rooms, ana.id)
    assert call == live_call.Call(room.id, "5B", state.question, True, False)
    assert live_call.waiting(rooms, solo.id) is None
    rooms.answer(room.id, state.question, ana.id, "5s x 5d", "correct", "", "")
    assert live_call.waiting(rooms, ana.id).answered  # type: ignore[union-attr]
    rooms.set_live(room.id, open=False)
    assert not live_call.waiting(rooms, ana.id).open  # type: ignore[union-attr]
    rooms.set_live(room.id, active=False)
    assert live_call.waiting(rooms, ana.id) is None


def test_signing_in_while_a_question_is_up_lands_on_it_once(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    bo, _ = rooms.join(room.code, "Bo")
    session: dict[str, Any] = {}
    assert not live_call.lands(session, ana.id, live_call.waiting(rooms, ana.id))  # none up
    rooms.put_question(room.id, "puzzle", "tp2")
    call = live_call.waiting(rooms, ana.id)
    assert not live_call.lands(session, ana.id, call)  # signed in before it was asked

    phone: dict[str, Any] = {}  # a new session: signing in, joining, or a reload
    assert live_call.lands(phone, ana.id, call)
    assert not live_call.lands(phone, ana.id, call)  # once: she may leave it again
    assert live_call.lands(phone, bo.id, live_call.waiting(rooms, bo.id))  # another learner
    rooms.answer(room.id, 1, bo.id, "5s x 5d", "correct", "", "")
    assert not live_call.lands({}, bo.id, live_call.waiting(rooms, bo.id))  # answered
