"""The homework report by step (issue 31, point 6), built from the real store and the
shipped course's "Several groups in one capture", whose first two steps share one table:
step 1's right answer (take five cards) is a legal miss at step 2 (take the ace).

Ana solves steps 1-3 of 8 with a wrong try at each and misses step 4 once: 7 tries,
3 steps solved. Bo plays step 1's answer at step 2. Before the fix the report lumped
the lesson's steps together: that move showed as "correct" and as "legal, but misses
the goal" with no step, it was listed as the lesson's most common mistake, and Ana's
cell read "… (7)" on the page and 0 solved in the CSV."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from typing import Any

import pytest

from engine import parse_attempt
from tutorial_app.course import Course
from tutorial_app.course.steps import scored
from tutorial_app.flows import homework
from tutorial_app.flows.lesson import LessonController
from tutorial_app.services.classes import ClassStore, Homework
from tutorial_app.services.store import Learner, ProgressStore

LESSON = "several-groups"
STEP_1_RIGHT = "8s x 8d 6c+2d 5s+3h"   # the most cards: right at step 1
STEP_2_RIGHT = "8s x 8d 5s+2d+Ac"      # with the ace: right at step 2


def play(course: Course, rooms: ClassStore, learner: Learner, step: str, *moves: str) -> None:
    """Moves tried on one step of the lesson, through the Learn page's controller (so
    the attempt log holds what the app logs)."""
    control = LessonController({}, course, rooms.store, learner,
                               {"lesson": LESSON, "step": step},
                               assigned=lambda: homework.assigned_lessons(rooms, learner.id))
    control.follow_link()
    assert control.take_link_error() is None
    for move in moves:
        control.answer(parse_attempt(move))


@pytest.fixture
def lesson_work(shipped: Course, store: ProgressStore) -> tuple[ClassStore, Homework,
                                                                 Learner, Learner]:
    rooms = ClassStore(store)
    teacher = rooms.add_teacher("Dora", "a long teacher password")
    room = rooms.create_class(teacher.id, "5B")
    ana, bo = rooms.add_learner(room.id, "Ana"), rooms.add_learner(room.id, "Bo")
    work = rooms.assign(room.id, "Groups", [f"lesson:{LESSON}"])
    play(shipped, rooms, ana, "most-groups", "8s x 6c+3h", STEP_1_RIGHT)
    play(shipped, rooms, ana, "take-the-ace", STEP_1_RIGHT, STEP_2_RIGHT)
    play(shipped, rooms, ana, "three-groups", "7h x 7c", "7h x 7c 5s+2d 4h+3c")
    play(shipped, rooms, ana, "five-cards", "9s x 9h")
    play(shipped, rooms, bo, "take-the-ace", STEP_1_RIGHT)
    return rooms, work, ana, bo


def test_each_step_of_the_lesson_has_its_own_column(
        shipped: Course, lesson_work: tuple[Any, ...]) -> None:
    rooms, work, _, _ = lesson_work
    found = homework.report(shipped, rooms, work)
    lesson = shipped.lesson(LESSON)
    headers = list(homework.table(found))
    numbered = [h for h in headers if re.match(r"\d+\. \S", h)]
    # numbered as the learner's page numbers them ("Step 2 of 9"); a demonstration,
    # not answered, has no column
    assert [int(h.split(".")[0]) for h in numbered] == [
        n for n, step in enumerate(lesson.steps, 1) if scored(step.kind)]
    assert lesson.steps[0].kind == "watch" and numbered[0].startswith("2. ")
    assert headers.index(lesson.title) < headers.index(numbered[0])  # the lesson, then steps
    assert numbered[1] == "3. Take 8♦, 5♠, 2♦ and A♣"  # the step's goal, as its title
    assert numbered[6].startswith("8. What is wrong: 8♠ takes 6♣+2♦, 5♠+2♦+A♣")
    row = {h: cells[0] for h, cells in homework.table(found).items()}  # Ana, the first
    # each solved at the second try, among many legal moves: exploring, three stars
    assert [row[h] for h in numbered[:4]] == ["✓ ★★★ (2)", "✓ ★★★ (2)", "✓ ★★★ (2)", "… (1)"]
    assert all(row[h] == "—" for h in numbered[4:])


def test_a_right_answer_is_never_listed_as_a_mistake(
        shipped: Course, lesson_work: tuple[Any, ...]) -> None:
    rooms, work, _, _ = lesson_work
    found = homework.report(shipped, rooms, work)
    lesson = shipped.lesson(LESSON)
    for key, mistakes in found.common_wrong.items():
        _, _, step_id = key.partition("/")
        assert step_id, f"mistakes of {key} belong to no step"
        step = lesson.step(step_id)
        right = {m.text for m in getattr(step, "solution_moves", ())}
        assert not {m.answer for m in mistakes} & right, (key, mistakes)
    by_step = {key.partition("/")[2]: {m.answer: m.times for m in mistakes}
               for key, mistakes in found.common_wrong.items()}
    assert STEP_1_RIGHT not in by_step.get("most-groups", {})
    assert by_step["take-the-ace"][STEP_1_RIGHT] == 2  # Ana's and Bo's, at step 2


def test_the_solved_count_is_the_same_on_the_page_and_in_the_csv(
        shipped: Course, lesson_work: tuple[Any, ...]) -> None:
    rooms, work, _, _ = lesson_work
    found = homework.report(shipped, rooms, work)
    title = shipped.lesson(LESSON).title
    page = homework.table(found)[title]
    assert page[0] == "3/8 (7)" and page[1] == "0/8 (1)", page
    rows = list(csv.DictReader(io.StringIO(homework.table_csv(found).lstrip("\ufeff"))))
    solved = f"{title}: steps solved (of 8)"
    assert [(r["Learner"], r[solved], r[f"{title}: tries"]) for r in rows] == [
        ("Ana", "3", "7"), ("Bo", "0", "1")]
    assert rows[0][f"{title}: finished"] == "no"
    steps = [h for h in homework.table(found) if re.match(r"\d+\. ", h)]
    for name, row in zip(("Ana", "Bo"), rows, strict=True):  # each step: ✓ on the page
        ticked = [h for h in steps if homework.table(found)[h][0 if name == "Ana" else 1]
                  .startswith("✓")]  # ... and "yes" in the CSV, for the same steps
        assert ticked == [h for h in steps if row[f"{h}: solved"] == "yes"]
        assert len(ticked) == int(row[solved])


def test_every_try_names_its_step_and_the_table_the_detail_and_the_mistakes_agree(
        shipped: Course, lesson_work: tuple[Any, ...]) -> None:
    rooms, work, ana, bo = lesson_work
    found = homework.report(shipped, rooms, work)
    task = f"lesson:{LESSON}"
    detail = found.cells[(ana.id, task)].moves   # the learner x task detail, in order
    assert len(detail) == found.cells[(ana.id, task)].tries == 7
    assert all(tried.column.startswith(f"{task}/") for tried in detail)
    verdicts: dict[tuple[str, str], set[str]] = {}
    for learner in (ana, bo):
        for tried in found.cells[(learner.id, task)].moves:
            verdicts.setdefault((tried.column, tried.answer), set()).add(tried.verdict)
    assert all(len(v) == 1 for v in verdicts.values()), verdicts  # one verdict a step
    assert verdicts[(f"{task}/most-groups", STEP_1_RIGHT)] == {"correct"}
    assert verdicts[(f"{task}/take-the-ace", STEP_1_RIGHT)] == {"missed"}
    wrong: Counter[tuple[str, str]] = Counter()
    for column in found.columns:
        if column.step:
            tries = [x for learner in (ana, bo) for x in found.cells[(learner.id, task)].moves
                     if x.column == column.key]
            for learner in (ana, bo):  # a step's cell counts its tries of the detail
                mine = [x for x in found.cells[(learner.id, task)].moves
                        if x.column == column.key]
                assert found.cells[(learner.id, column.key)].tries == len(mine)
            wrong.update((column.key, x.answer) for x in tries if x.verdict != "correct")
    listed = Counter({(key, m.answer): m.times for key, mistakes in found.common_wrong.items()
                      for m in mistakes})
    assert listed and all(wrong[k] == n for k, n in listed.items()), (listed, wrong)


def test_a_lesson_finished_before_the_homework_counts_and_says_so(
        shipped: Course, store: ProgressStore) -> None:
    """Steps solved before the homework was set count as solved (the lesson's ✓ is the
    finished lesson's, as the learner's own tick says), with no try to list."""
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Dora", "a long teacher password").id, "5B")
    ana = rooms.add_learner(room.id, "Ana")
    lesson = shipped.lesson(LESSON)
    for step in lesson.steps:
        store.record_step(ana.id, LESSON, step.id, 3)
    store.complete_lesson(ana.id, LESSON, 3)
    work = rooms.assign(room.id, "Groups", [f"lesson:{LESSON}"])
    found = homework.report(shipped, rooms, work)
    cell = found.cells[(ana.id, f"lesson:{LESSON}")]
    assert (cell.solved, cell.stars, cell.steps_solved, cell.steps, cell.tries) == (
        True, 3, 8, 8, 0)
    assert homework.table(found)[lesson.title] == ["✓ ★★★ 8/8"]
    assert all(found.cells[(ana.id, c.key)].before for c in found.columns if c.step)
    assert homework.done_by(shipped, rooms, work, ana.id) == frozenset(work.tasks)




def test_answers_that_are_not_moves_in_words(shipped: Course) -> None:
    """The attempt log keeps what a choose, mistake or quiz step's learner picked (an
    option's number, a reason code, a value); the report words it, and its verdict is
    right or wrong (a pick is not "legal, but misses the goal")."""
    lesson = shipped.lesson(LESSON)
    choose, mistake = lesson.step("pick-the-biggest"), lesson.step("twice")
    quiz = next(s for s in shipped.lesson("cards-2").steps if s.kind == "quiz")
    assert homework.answer_words(choose, "3") == "10♥ takes 8♣+2♥, 6♦+4♠"
    assert homework.answer_words(choose, "1 2") == "10♥ takes 8♣+2♥ / 10♥ takes 6♦+4♠"
    assert homework.answer_words(choose, "frozenset()") == "nothing picked"
    assert homework.answer_words(mistake, "wrong-sum") == "The cards do not add up"
    assert homework.answer_words(quiz, "48") == "48"
    assert homework.verdict_words(mistake, "missed") == "wrong answer"
    play = lesson.step("most-groups")
    assert homework.verdict_words(play, "missed") == "legal, but misses the goal"
    assert homework.verdict_words(play, "not-allowed") == "not allowed"
    assert homework.answer_words(play, "8s x 5s+3h") == "8♠ takes 5♠+3♥"


def test_tasks_are_named_by_their_titles_never_their_ids(shipped: Course) -> None:
    puzzle = shipped.puzzle("generated-sum-003")
    found = homework.labels(shipped, [f"puzzle:{puzzle.id}", "puzzle:no-such-puzzle",
                                      "lesson:no-such-lesson", f"lesson:{LESSON}"])
    assert found[f"puzzle:{puzzle.id}"] == puzzle.title == "Practice: sums #2"
    assert found["puzzle:no-such-puzzle"] == "A task no longer in the course (1)"
    assert found["lesson:no-such-lesson"] == "A task no longer in the course (2)"
    assert not [text for text in found.values() if "no-such" in text or "generated" in text]


def test_a_try_at_a_step_no_longer_in_the_lesson_still_counts(
        shipped: Course, store: ProgressStore) -> None:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Dora", "a long teacher password").id, "5B")
    ana = rooms.add_learner(room.id, "Ana")
    work = rooms.assign(room.id, "Groups", [f"lesson:{LESSON}"])
    store.record_attempt(ana.id, "step", f"{LESSON}/an-old-step", "8s x 8d", "missed", "")
    found = homework.report(shipped, rooms, work)
    cell = found.cells[(ana.id, f"lesson:{LESSON}")]
    assert cell.tries == 1 and [x.column for x in cell.moves] == [f"lesson:{LESSON}"]
    rows = list(csv.DictReader(io.StringIO(homework.moves_csv(found).lstrip("\ufeff"))))
    assert rows[0]["Step"] == "A step no longer in the lesson" and rows[0]["Notation"] == "8s x 8d"
