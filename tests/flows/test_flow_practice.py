"""The Practice page's controller and the teacher's class map (flows/practice.py), on the
shipped course and a real store (SQLite and PostgreSQL)."""

from __future__ import annotations

import time

import pytest

from tutorial_app.course import Course
from tutorial_app.course.practice.plan import SET_SIZE
from tutorial_app.flows import homework, practice
from tutorial_app.services.classes import ClassroomError, ClassStore
from tutorial_app.services.practice_store import PracticeAccessError
from tutorial_app.services.store import ProgressStore
from tutorial_app.words.i18n import using


def _sum_tasks(course: Course) -> list[practice.Task]:
    return [x for x in practice.tasks_of(course) if x.skills == ("sums",)]


def _miss_sums(store: ProgressStore, learner_id: int, course: Course, times: int = 3) -> None:
    for task in _sum_tasks(course)[:times]:
        store.record_attempt(learner_id, task.kind, task.ref, "5h", "not-allowed", "wrong-sum")


def _finished_up_to(store: ProgressStore, learner_id: int, course: Course,
                    last: str) -> None:
    """The course's lessons done in order up to `last`, as a learner gets there."""
    for lesson in course.lessons:
        store.complete_lesson(learner_id, lesson.id, 3)
        if lesson.id == last:
            return


def test_a_learner_who_misses_sums_is_given_a_sum_task_and_told_why(
        store: ProgressStore, shipped: Course) -> None:
    ana = store.learner("Ana")
    _finished_up_to(store, ana.id, shipped, "sums")
    pairing = [x for x in practice.tasks_of(shipped) if x.skills == ("pairing",)]
    for task in pairing[:4]:
        store.record_attempt(ana.id, task.kind, task.ref, "5h", "correct", "legal")
    _miss_sums(store, ana.id, shipped)
    view = practice.learner_view(shipped, store, ana.id)
    assert 0 < len(view.picks) <= SET_SIZE
    reasons = [(p.task, p.reason) for p in view.picks]
    sums = [(task, r) for task, r in reasons if r.kind == "missed"]
    assert sums and all("sums" in task.skills and r.skill == "sums" for task, r in sums)
    assert practice.why(sums[0][1]) == "This week you have made 3 wrong tries on “Sums”."
    assert any(r.kind == "new" for _, r in reasons)  # and one step further
    states = {row.skill: row.state for row in view.skills}
    assert states["sums"] == "learning" and states["scoring"] == "unseen"
    assert states["pairing"] in ("learning", "mastered")
    with using("pt-BR"):
        said = practice.why(sums[0][1])
    assert "3" in said and "Sums" not in said


def test_a_task_solved_comes_back_for_review_when_due(store: ProgressStore,
                                                      shipped: Course) -> None:
    ana = store.learner("Ana")
    _finished_up_to(store, ana.id, shipped, "sums")  # its puzzles open with its lesson
    task = next(x for x in _sum_tasks(shipped) if not x.lesson)  # a puzzle
    store.record_attempt(ana.id, task.kind, task.ref, "5h", "correct", "legal")
    now = practice.learner_view(shipped, store, ana.id)
    assert all(p.reason.kind != "review" for p in now.picks)
    later = practice.learner_view(shipped, store, ana.id, time.time() + 30 * 86400)
    review = [p for p in later.picks if p.reason.kind == "review"]
    assert review and review[0].task == task
    assert practice.why(review[0].reason).startswith("Due for review: you last did this 30 days")
    assert any(row.due for row in later.skills if row.skill == "sums")


def test_the_teacher_sees_the_class_gap_and_assigns_practice_on_it(
        store: ProgressStore, shipped: Course) -> None:
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    room = rooms.create_class(ada.id, "5B")
    ana, bo = rooms.add_learner(room.id, "Ana"), rooms.add_learner(room.id, "Bo")
    _miss_sums(store, ana.id, shipped)
    _miss_sums(store, bo.id, shipped, 2)
    found = practice.class_map(shipped, rooms, ada.id, room.id)
    assert found.states[(ana.id, "sums")] == "learning"
    assert found.states[(ana.id, "scoring")] == "unseen"
    assert found.weak[0] == "sums"
    assert found.common[0].code == "wrong-sum" and found.common[0].times == 5
    assert found.common[0].learner == "Bo"
    table = practice.map_table(found)
    assert table["Sums"] == ["Learning", "Learning"]
    made = practice.assign_skill(shipped, rooms, ada.id, room.id, "sums")
    assert made.title == "Practice: Sums" and made.tasks
    assert all(t.startswith("puzzle:") for t in made.tasks)
    keys = {x.key: x for x in practice.tasks_of(shipped)}
    assert all("sums" in keys[t].skills for t in made.tasks)
    bea = rooms.add_teacher("Bea", "s3cret-pass")
    with pytest.raises(PracticeAccessError):
        practice.class_map(shipped, rooms, bea.id, room.id)
    with pytest.raises(PracticeAccessError):
        practice.assign_skill(shipped, rooms, bea.id, room.id, "sums")
    assert len(rooms.homework_of(room.id)) == 1


def test_practice_on_a_skill_goes_to_the_learners_who_need_it(
        store: ProgressStore, shipped: Course) -> None:
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    room = rooms.create_class(ada.id, "5B")
    ana, bo = rooms.add_learner(room.id, "Ana"), rooms.add_learner(room.id, "Bo")
    _miss_sums(store, ana.id, shipped)
    task = next(x for x in practice.tasks_of(shipped) if x.skills == ("pairing",))
    store.record_attempt(bo.id, task.kind, task.ref, "5h", "missed", "legal")
    found = practice.class_map(shipped, rooms, ada.id, room.id)
    assert found.needing["sums"] == (ana.id,)
    made = practice.assign_skill(shipped, rooms, ada.id, room.id, "sums",
                                 found.needing["sums"])
    assert made.learners == (ana.id,)
    assert rooms.homework_of(room.id, ana.id) == [made]
    assert rooms.homework_of(room.id, bo.id) == []
    assert homework.assigned_tasks(rooms, ana.id) == frozenset(made.tasks)
    assert homework.assigned_tasks(rooms, bo.id) == frozenset()
    assert [x.name for x in homework.report(shipped, rooms, made).learners] == ["Ana"]
    other = rooms.create_class(rooms.add_teacher("Bea", "s3cret-pass").id, "6C")
    cyd = rooms.add_learner(other.id, "Cyd")
    with pytest.raises(PracticeAccessError):  # a learner of another class
        practice.assign_skill(shipped, rooms, ada.id, room.id, "sums", [cyd.id])
    with pytest.raises(ClassroomError):
        rooms.assign(room.id, "H", ["puzzle:p1"], learners=[cyd.id])
    assert len(rooms.homework_of(room.id)) == 1


def test_each_reason_has_words_for_the_teacher() -> None:
    assert practice.reason_words("wrong-sum") == "The cards do not add up"
    assert practice.reason_words("legal") == "A legal move that misses the goal"
    assert practice.reason_words("") == "A wrong answer to a question"


def test_the_example_of_a_common_mistake_is_in_words(store: ProgressStore,
                                                     shipped: Course) -> None:
    """The teacher reads the example try as a move in words, not the log's notation."""
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    room = rooms.create_class(ada.id, "5B")
    bo = rooms.add_learner(room.id, "Bo")
    task = _sum_tasks(shipped)[0]
    store.record_attempt(bo.id, task.kind, task.ref, "8s x 5h", "not-allowed", "wrong-sum")
    found = practice.class_map(shipped, rooms, ada.id, room.id)
    assert found.common[0].move == "8♠ takes 5♥"


def test_the_class_weakest_skill_is_the_least_known_not_the_most_tried(
        store: ProgressStore, shipped: Course) -> None:
    """Five learners with 2 of 2 right on pairing (still learning it), one learner with
    5 wrong tries on sums: sums is the class's weakest skill (it was ranked by how many
    learners were still "learning" a skill, so pairing came first and the one-click
    homework set it)."""
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    room = rooms.create_class(ada.id, "5B")
    pairing = [x for x in practice.tasks_of(shipped) if x.skills == ("pairing",)][:2]
    assert len(pairing) == 2
    for name in ("Ana", "Bo", "Cy", "Di", "Ed"):
        who = rooms.add_learner(room.id, name)
        for task in pairing:
            store.record_attempt(who.id, task.kind, task.ref, "5h", "correct", "legal")
    fay = rooms.add_learner(room.id, "Fay")
    sums = _sum_tasks(shipped)
    for task in (sums * 5)[:5]:
        store.record_attempt(fay.id, task.kind, task.ref, "5h", "not-allowed", "wrong-sum")
    found = practice.class_map(shipped, rooms, ada.id, room.id)
    assert found.states[(fay.id, "sums")] == "learning"
    assert all(found.states[(x, "pairing")] == "learning" for x, _ in found.learners[:5])
    assert found.weak[0] == "sums", found.weak
    assert found.needing["sums"] == (fay.id,)


def test_a_new_learner_is_set_no_task_in_a_lesson_still_locked_for_her(
        store: ProgressStore, shipped: Course) -> None:
    """Her set used to be five tasks of a lesson the Learn page refuses ("The lesson
    “Pairing” is locked: finish Trailing first"). Once she finishes what it requires,
    its tasks may come."""
    ana = store.learner("Ana")
    lessons = {lesson.id: lesson for lesson in shipped.lessons}

    def locked_picks() -> list[str]:
        done = store.progress(ana.id)
        view = practice.learner_view(shipped, store, ana.id)
        assert view.picks
        return [p.task.key for p in view.picks if p.task.lesson and any(
            not done.get(req) or not done[req].completed
            for req in lessons[p.task.lesson].requires)]

    _finished_up_to(store, ana.id, shipped, "trailing")  # the first chapter: pairing opens
    assert locked_picks() == []
    first = practice.learner_view(shipped, store, ana.id).picks[0].task
    assert "pairing" in first.skills  # the first chapter's captures, now open to practise
    steps = [x for x in practice.tasks_of(shipped) if x.lesson]
    assert any(lessons[x.lesson].requires for x in steps)  # the course has locked ones


def test_house_rules_are_practised_only_once_their_lesson_is_done(
        store: ProgressStore, shipped: Course) -> None:
    """Week one's set held positions under `controller_trail=always` and
    `keep_capture_card=false` before any lesson had taught them. A setting's tasks open
    once a lesson that practises that setting is finished."""
    from tutorial_app.course.practice.skills import SETTING_PREFIX
    from tutorial_app.services.store import LessonProgress

    def settings(task: practice.Task) -> set[str]:
        return {s for s in task.skills if s.startswith(SETTING_PREFIX)}

    ana = store.learner("Ana")
    _finished_up_to(store, ana.id, shipped, "sums")  # her first week
    view = practice.learner_view(shipped, store, ana.id)
    assert view.picks and not any(settings(p.task) for p in view.picks)
    assert view.skills and not any(row.skill.startswith(SETTING_PREFIX) for row in view.skills)
    assert not any(settings(x) for x in practice.open_tasks(shipped, {}))
    teaching = next(x for x in practice.tasks_of(shipped) if x.lesson and settings(x))
    done = {lesson.id: LessonProgress(completed=True) for lesson in shipped.lessons
            if lesson.id == teaching.lesson or lesson.id in
            {r for other in shipped.lessons if other.id == teaching.lesson
             for r in other.requires}}
    opened = practice.open_tasks(shipped, done)
    assert any(settings(x) == settings(teaching) for x in opened)
    taught = {s for t in practice.tasks_of(shipped) if t.lesson in done for s in settings(t)}
    assert all(settings(x) <= taught for x in opened)


def test_the_set_is_done_for_today_once_as_many_tasks_are_solved(
        store: ProgressStore, shipped: Course) -> None:
    """The set used to refill to five after every solve and never say the day's work was
    done. Solving SET_SIZE of the day's picks, one after another, ends the day: the view
    says so (and still offers more, for a learner who wants it); the next day starts
    a new set."""
    ana = store.learner("Ana")
    _finished_up_to(store, ana.id, shipped, "sums")
    first = practice.learner_view(shipped, store, ana.id)
    assert first.solved_today == 0 and not first.done_for_today
    for _ in range(SET_SIZE):
        view = practice.learner_view(shipped, store, ana.id)
        assert not view.done_for_today
        task = view.picks[0].task
        store.record_attempt(ana.id, task.kind, task.ref, "5h", "correct", "legal")
    done = practice.learner_view(shipped, store, ana.id)
    assert done.solved_today == SET_SIZE and done.done_for_today
    assert done.picks  # more, if she asks
    assert practice.done_words(done) == ("Done for today: you solved 5 tasks. Come back "
                                         "tomorrow for a new set.")
    tomorrow = practice.learner_view(shipped, store, ana.id, time.time() + 86400)
    assert tomorrow.solved_today == 0 and not tomorrow.done_for_today


def test_a_new_learners_practice_opens_her_next_lesson_not_untaught_puzzles(
        store: ProgressStore, shipped: Course) -> None:
    """A new learner's set was five building puzzles ("Something new: a first task on
    “Building”") before she had met a card: puzzles were always open. A puzzle is open
    once a lesson she finished practises one of its themes (as the Puzzles page's first
    visit has it); with nothing open yet, the page names her next lesson."""
    from tutorial_app.services.store import LessonProgress

    ana = store.learner("Ana")
    view = practice.learner_view(shipped, store, ana.id)
    assert view.picks == ()
    first = shipped.lessons[0]
    assert view.next_lesson is not None and view.next_lesson.id == first.id
    with using("es"):
        assert practice.next_lesson_words(view) == (
            f"Tu primera serie llega con los primeros ejercicios puntuados. Sigue con tu "
            f"próxima lección: “{view.next_lesson.title}”.")
    done: dict[str, LessonProgress] = {}
    for lesson in shipped.lessons:
        done[lesson.id] = LessonProgress(completed=True)
        if lesson.practice:
            break
    themes = {theme for lesson in shipped.lessons if lesson.id in done
              for theme in lesson.practice}
    opened = [x for x in practice.open_tasks(shipped, done) if x.kind == "puzzle"]
    assert opened, "a finished lesson with puzzle themes opens its puzzles"
    by_id = {p.id: p for p in shipped.puzzles}
    assert all(set(by_id[x.ref].themes) & themes for x in opened)
    assert len(opened) < len([x for x in practice.tasks_of(shipped) if x.kind == "puzzle"])


def test_the_next_task_of_the_day_is_never_one_solved_today(
        store: ProgressStore, shipped: Course) -> None:
    """"Next task of today's set" reopened a step she had solved that morning: the set
    is chosen afresh after each solve, and a solved task can be back in it (a review,
    more practice). The next task skips what she solved today."""
    ana = store.learner("Ana")
    _finished_up_to(store, ana.id, shipped, "sums")
    first = practice.learner_view(shipped, store, ana.id).picks[0].task
    store.record_attempt(ana.id, first.kind, first.ref, "5h", "correct", "legal")
    view = practice.learner_view(shipped, store, ana.id)
    assert first.key in view.solved_keys
    following = practice.next_task(view.picks, view.solved_keys)
    assert following is not None and following.key not in view.solved_keys
