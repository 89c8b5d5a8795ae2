"""Every try feeds its task's spaced review, on SQLite and PostgreSQL, and practice is
read only by whoever may: the learner themself, or a teacher of their class."""

from __future__ import annotations

import json

import pytest

from tutorial_app.services import practice_store as ps
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.practice_store import PracticeAccessError, Viewer
from tutorial_app.services.store import ProgressStore

DAY = 86400.0


def _card(review: ps.Review) -> dict[str, object]:
    assert review.card is not None
    loaded: dict[str, object] = json.loads(review.card)
    return loaded


def test_each_kind_of_try_feeds_the_review_of_its_task(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Ada", "s3cret-pass")
    room = rooms.create_class(teacher.id, "5B")
    ana = rooms.add_learner(room.id, "Ana")
    me = Viewer("learner", ana.id)
    # a step solved at the first try: Good, due in days
    store.record_attempt(ana.id, "step", "sums/first-sum", "7h+3s+4d", "correct", "legal")
    # a puzzle missed twice, then solved: Again, due sooner
    for verdict in ("missed", "not-allowed", "correct"):
        store.record_attempt(ana.id, "puzzle", "p1", "5h", verdict, "wrong-sum")
    # a puzzle only tried: no review yet, its wrong try kept for the next one
    store.record_attempt(ana.id, "puzzle", "p2", "5h", "missed", "legal")
    # homework is lessons and puzzles: through the class store's log
    rooms.record_attempt(ana.id, "step", "sums/three-cards", "9h", "correct", "legal")
    # a live answer about the question on the screen
    live = rooms.put_question(room.id, "puzzle", "p3")
    assert rooms.answer(room.id, live.question, ana.id, "2c", "missed", "wrong-sum", "")
    # a changed answer is logged again, not reviewed again
    assert rooms.answer(room.id, live.question, ana.id, "3c", "missed", "wrong-sum", "")
    # a typed position asked live has no task: logged, not reviewed
    typed = rooms.put_question(room.id, "position", "table 5h")
    assert rooms.answer(room.id, typed.question, ana.id, "5h", "correct", "legal", "")
    reviews = ps.reviews(store, me, ana.id)
    assert set(reviews) == {"step:sums/first-sum", "puzzle:p1", "puzzle:p2",
                            "step:sums/three-cards", "puzzle:p3"}
    good, again = reviews["step:sums/first-sum"], reviews["puzzle:p1"]
    assert good.due is not None and again.due is not None
    assert good.due > again.due and again.lapses == 1 and good.lapses == 0
    assert reviews["puzzle:p2"].card is None and reviews["puzzle:p2"].due is None
    assert reviews["puzzle:p3"].lapses == reviews["puzzle:p3"].reviews == 1  # a live miss: Again
    assert float(str(_card(good)["stability"])) > float(str(_card(again)["stability"]))
    logged = ps.tries(store, me, [ana.id])
    assert [t.task for t in logged][-1] == "puzzle:p3"  # the typed position has no task
    assert len(logged) == 8


def test_a_learner_sees_only_their_own_and_a_teacher_only_their_classes(
        store: ProgressStore) -> None:
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    bea = rooms.add_teacher("Bea", "s3cret-pass")
    mine = rooms.create_class(ada.id, "5B")
    theirs = rooms.create_class(bea.id, "6C")
    ana = rooms.add_learner(mine.id, "Ana")
    cyd = rooms.add_learner(theirs.id, "Cyd")
    store.record_attempt(cyd.id, "puzzle", "p1", "5h", "missed", "wrong-sum")
    assert ps.tries(store, Viewer("learner", cyd.id), [cyd.id])
    with pytest.raises(PracticeAccessError):
        ps.tries(store, Viewer("learner", ana.id), [cyd.id])
    with pytest.raises(PracticeAccessError):
        ps.reviews(store, Viewer("learner", ana.id), cyd.id)
    with pytest.raises(PracticeAccessError):
        ps.tries(store, Viewer("teacher", ada.id), [ana.id, cyd.id])
    with pytest.raises(PracticeAccessError):
        ps.class_learners(store, ada.id, theirs.id)
    assert ps.class_learners(store, ada.id, mine.id) == [ana.id]
    assert ps.tries(store, Viewer("teacher", bea.id), [cyd.id])[0].code == "wrong-sum"
