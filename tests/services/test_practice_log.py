"""The review log (practice_log, revision 0011) is written with every review, in the
try's transaction, and read only by whoever may; "you last did this n days ago" counts
from the last review, not the last try; and parameters fitted by
`python -m tutorial_app.tools.fit_model --write` are what the app uses on its next
read. On SQLite and PostgreSQL."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable

import pytest
from sqlalchemy import insert

from tutorial_app.course import Course
from tutorial_app.course.practice import fit
from tutorial_app.course.practice.mastery import PARAMS, BKTParams, Try, trace
from tutorial_app.course.practice.review import WEIGHTS
from tutorial_app.course.practice.skills import Task
from tutorial_app.flows import practice
from tutorial_app.services import fitted_params
from tutorial_app.services import practice_store as ps
from tutorial_app.services import store as store_module
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.practice_store import PracticeAccessError, Viewer
from tutorial_app.services.store import ProgressStore
from tutorial_app.services.tables import attempts
from tutorial_app.tools import fit_model

DAY = 86400.0


def _at(monkeypatch: pytest.MonkeyPatch, when: float) -> None:
    """The store's clock for the next tries (the store reads time.time())."""
    monkeypatch.setattr(store_module.time, "time", lambda: when)


def test_every_review_is_logged_with_the_card_before_and_after(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    room = rooms.create_class(ada.id, "5B")
    ana = rooms.add_learner(room.id, "Ana")
    start = 1_800_000_000.0
    _at(monkeypatch, start)
    store.record_attempt(ana.id, "puzzle", "p1", "5h", "correct", "legal")      # Good
    store.record_attempt(ana.id, "puzzle", "p2", "5h", "missed", "wrong-sum")   # no review
    _at(monkeypatch, start + 3 * DAY)
    store.record_attempt(ana.id, "puzzle", "p1", "5h", "missed", "wrong-sum")
    store.record_attempt(ana.id, "puzzle", "p1", "5h", "correct", "legal")      # Again
    live = rooms.put_question(room.id, "puzzle", "p3")
    assert rooms.answer(room.id, live.question, ana.id, "2c", "correct", "legal", "")
    log = ps.review_log(store, Viewer("learner", ana.id), [ana.id])
    assert [(x.task, x.review, x.rating) for x in log] == [
        ("puzzle:p1", 1, 3), ("puzzle:p1", 2, 1), ("puzzle:p3", 1, 3)]
    first, second, live_one = log
    assert first.at == start and first.elapsed_days is None
    assert first.stability_before is None and first.difficulty_before is None
    assert first.stability_after == pytest.approx(WEIGHTS[2])  # FSRS's w2: Good, first
    assert second.elapsed_days == pytest.approx(3.0)
    assert second.stability_before == first.stability_after
    assert second.difficulty_before == first.difficulty_after
    assert second.stability_after < second.stability_before  # a lapse
    card = json.loads(str(ps.reviews(store, Viewer("learner", ana.id), ana.id)["puzzle:p1"].card))
    assert card["stability"] == pytest.approx(second.stability_after)
    assert card["difficulty"] == pytest.approx(second.difficulty_after)
    assert live_one.at >= start + 3 * DAY
    # the same Viewer rules as the rest of practice
    assert ps.review_log(store, Viewer("teacher", ada.id), [ana.id]) == log
    bea = rooms.add_teacher("Bea", "s3cret-pass")
    with pytest.raises(PracticeAccessError):
        ps.review_log(store, Viewer("teacher", bea.id), [ana.id])
    bo = store.learner("Bo")
    with pytest.raises(PracticeAccessError):
        ps.review_log(store, Viewer("learner", bo.id), [ana.id])
    assert ps.every_review(store) == log


def test_last_did_this_counts_from_the_last_review_not_a_wrong_try_just_now(
        store: ProgressStore, shipped: Course, monkeypatch: pytest.MonkeyPatch) -> None:
    """Solved, then tried wrongly just before it fell due, and the set looked at ten
    minutes after that try: "you last did this 2 days ago" (since it was solved), not
    "1 day ago" (the wrong try's time, 0 days, shown as at least 1)."""
    ana = store.learner("Ana")
    for lesson in shipped.lessons:
        store.complete_lesson(ana.id, lesson.id, 3)
        if lesson.id == "sums":
            break
    task = next(x for x in practice.tasks_of(shipped) if x.skills == ("sums",) and not x.lesson)
    solved = time.time() - 10 * DAY
    _at(monkeypatch, solved)
    store.record_attempt(ana.id, task.kind, task.ref, "5h", "correct", "legal")
    due = ps.reviews(store, Viewer("learner", ana.id), ana.id)[task.key].due
    assert due is not None
    _at(monkeypatch, due - 300)
    store.record_attempt(ana.id, task.kind, task.ref, "5h", "missed", "wrong-sum")
    monkeypatch.undo()
    view = practice.learner_view(shipped, store, ana.id, due + 300)
    review = [p for p in view.picks if p.reason.kind == "review" and p.task == task]
    assert review, [(p.task.key, p.reason) for p in view.picks]
    days = int((due + 300 - solved) // DAY)
    assert days >= 2
    assert practice.why(review[0].reason).startswith(
        f"Due for review: you last did this {days} days ago")


def _fill(store: ProgressStore, course: Course) -> tuple[list[Task], dict[int, int]]:
    """Tries of learners drawn with known BKT parameters, on six single-skill tasks of
    the course, and a review log drawn with known FSRS weights, written as the store
    keeps them."""
    by_skill: dict[str, Task] = {}
    for task in practice.tasks_of(course):
        if len(task.skills) == 1 and not task.skills[0].startswith("setting:"):
            by_skill.setdefault(task.skills[0], task)
    real = list(by_skill.values())[:6]
    assert len(real) == 6
    drawn = fit.simulate_bkt(BKTParams(0.3, 0.12, 0.08, 0.25, 8.0), 20, 40, seed=4)
    ids = {who: store.learner(f"Learner {who}").id for who in drawn}
    rows = []
    for who, tries in drawn.items():
        for attempt in tries:
            task = real[int(attempt.task.skills[0].removeprefix("skill"))]
            rows.append({"learner_id": ids[who], "kind": task.kind, "ref": task.ref,
                         "move": "5h", "verdict": "correct" if attempt.right else "missed",
                         "code": "legal", "at": 1_700_000_000.0 + attempt.at,
                         "task": task.key})
    log = fit.simulate_fsrs(fit.with_initial((0.8, 3.0, 6.0)), 20, 10, 5, seed=4)
    reviews = [{"learner_id": ids[r.learner_id], "task": r.task, "review": r.review,
                "rating": r.rating, "at": r.at, "elapsed_days": None,
                "stability_before": None, "difficulty_before": None,
                "stability_after": 1.0, "difficulty_after": 5.0} for r in log]
    with store._write() as con:
        con.execute(insert(attempts), rows)
        con.execute(insert(ps.practice_log), reviews)
    return real, ids


def test_fitted_parameters_written_by_the_command_are_used_on_the_next_read(
        open_store: Callable[[], ProgressStore], store_url: str, shipped: Course) -> None:
    app = open_store()
    real, _ = _fill(app, shipped)
    assert fitted_params.current(app) == fitted_params.TEXTBOOK  # read, and cached
    out = io.StringIO()
    assert fit_model.main(["--db", store_url, "--write"], course=shipped, out=out) == 0
    said = out.getvalue()
    assert "BKT (course/practice/mastery.py): 20 learners, 800 tries" in said
    assert "written to the store: bkt fitted, fsrs fitted" in said
    used = fitted_params.current(app)  # the app's next read, its cache forgotten
    assert used.fitted_bkt and used.bkt != PARAMS and used.fsrs is not None
    assert used.fsrs[:3] != WEIGHTS[:3] and used.fsrs[4:] == WEIGHTS[4:]
    assert used.fsrs[3] == max(WEIGHTS[3], used.fsrs[2])  # Easy at least Good
    # The Practice page's model is the fitted one: one right try, the skill's P(known)
    zed = app.learner("Zed")
    task = real[0]
    app.record_attempt(zed.id, task.kind, task.ref, "5h", "correct", "legal")
    row = next(r for r in practice.learner_view(shipped, app, zed.id).skills
               if r.skill == task.skills[0])
    expected = trace([Try(task, True, "legal", time.time())], used.bkt).at(time.time())
    assert row.known == pytest.approx(expected.p_known(task.skills[0]), abs=1e-3)
    assert row.known != pytest.approx(
        trace([Try(task, True, "legal", time.time())]).p_known(task.skills[0]), abs=1e-3)
    # and a first review graded Good is given the fitted w2 as its stability
    first = ps.review_log(app, Viewer("learner", zed.id), [zed.id])[0]
    assert first.stability_after == pytest.approx(used.fsrs[2])
    # a fit that keeps the textbook values (here: a store with too little) removes them
    with ProgressStore(store_url) as other:
        fitted_params.write(other, fit.fit_bkt({}))
    assert fitted_params.current(app).bkt == PARAMS
    assert fitted_params.current(app).fsrs == used.fsrs
