"""The Classroom's controller without Streamlit: the fixture course, a real store in a
temporary folder, dicts for the session and the link, a click at a time."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from apphelpers import FIXTURES

from engine import Attempt, Card, Position
from tutorial_app.course import Course, load_course
from tutorial_app.flows.classroom import ClassroomController, Mode
from tutorial_app.flows.moveinput import Selection
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import t, using


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


class Page:
    def __init__(self, course: Course, store: ProgressStore, **params: str) -> None:
        self.course, self.store = course, store
        self.memory: dict[str, Any] = {}
        self.params: dict[str, str] = dict(params)

    def run(self) -> ClassroomController:
        ctl = ClassroomController(self.memory, self.course, self.store, self.params)
        ctl.sync()
        return ctl

    def set(self, widget: str, value: object) -> ClassroomController:
        ctl = ClassroomController(self.memory, self.course, self.store, self.params)
        self.memory[ctl.key(widget)] = value
        return ctl


def attempt(kind: str, card: str, *loose: str) -> Attempt:
    return Attempt.selection(Card.parse(card), kind, [Card.parse(c) for c in loose], [], None)


def test_a_lesson_step_by_step(course: Course, store: ProgressStore) -> None:
    page = Page(course, store)
    screen = page.run().screen()
    assert screen.mode == Mode.LESSON and [c.id for c in screen.choices] == [
        "basics", "after-basics"]
    item = screen.item
    assert item is not None and item.reading and item.index == 0 and item.total == 4
    assert not item.playable and item.position is not None and not item.can_back
    assert page.params == {"lesson": "basics", "step": "idea"}
    page.run().go(1)
    item = page.run().screen().item
    assert item is not None and item.text == "Capture the 7♥." and item.playable
    assert page.params == {"lesson": "basics", "step": "pair"}
    page.run().go(5)  # past the end: the last step
    item = page.run().screen().item
    assert item is not None and item.index == 3 and not item.can_next
    assert item.move_words == "10♣ takes 6♦+3♥"


def test_the_puzzle_list_names_puzzles_by_title_not_id(course: Course,
                                                      store: ProgressStore) -> None:
    """The list is read on the projector: ids such as "tp1" are for links, not people."""
    page = Page(course, store, puzzle=course.puzzles[0].id)
    choices = page.run().screen().choices
    assert [c.id for c in choices] == [p.id for p in course.puzzles]
    for choice, puzzle in zip(choices, course.puzzles, strict=True):
        assert choice.label == (puzzle.title or puzzle.prompt)
        assert puzzle.id not in choice.label


def test_the_class_tries_a_move_and_the_judge_answers_once(course: Course,
                                                           store: ProgressStore) -> None:
    page = Page(course, store, lesson="basics", step="pair")
    page.run().try_move(attempt("capture", "7s", "3c"))
    item = page.run().screen().item
    assert item is not None and item.verdict is not None and not item.verdict.legal
    page.run().try_move(attempt("capture", "7s", "7h"))
    item = page.run().screen().item
    assert item is not None and item.verdict is not None and item.verdict.legal
    page.memory["class.sel"] = Selection(Card.parse("7s"))
    page.run().go(1)  # another step: a clean board
    assert "class.verdict" not in page.memory and page.memory["class.sel"] == Selection()


def test_reveal_the_answer_and_all_legal_moves(course: Course, store: ProgressStore) -> None:
    page = Page(course, store, lesson="basics", step="pair")
    item = page.run().screen().item
    assert item is not None and item.answer is None and item.legal_moves is None
    page.set("reveal", True)
    page.set("moves", True)
    item = page.run().screen().item
    assert item is not None and item.answer is not None
    assert [(a.words, a.notation) for a in item.answer] == [("7♠ takes 7♥", "7s x 7h")]
    assert item.legal_moves is not None and "7♠ takes 7♥" in item.legal_moves
    page.run().go(1)  # the choose step: the toggles are off again
    assert not page.memory["class.reveal"] and not page.memory["class.moves"]
    page.set("reveal", True)
    item = page.run().screen().item
    assert item is not None and item.options and item.answer is not None
    assert all(a.words.startswith("Correct: ") for a in item.answer)
    page.run().go(1)  # the mistake step: the judge's reason and its explanation
    page.set("reveal", True)
    item = page.run().screen().item
    assert item is not None and item.answer is not None and len(item.answer) == 2


def test_a_puzzle(course: Course, store: ProgressStore) -> None:
    page = Page(course, store, puzzle="tp2")
    screen = page.run().screen()
    assert screen.mode == Mode.PUZZLE and screen.item is not None
    assert screen.item.text == "Pair a card." and screen.item.playable
    assert page.params == {"puzzle": "tp2"}
    page.set("puzzle", "tp1").reset_step()
    screen = page.run().screen()
    assert screen.item is not None and screen.item.text == "Take as many cards as you can."
    assert page.params == {"puzzle": "tp1"}


def test_a_typed_position_whose_moves_the_class_plays_on(course: Course,
                                                          store: ProgressStore) -> None:
    page = Page(course, store)
    page.run()
    page.set("mode", Mode.POSITION.value).reset_step()
    screen = page.run().screen()
    assert screen.position is not None and screen.position.shown is None
    assert page.params == {}  # the link no longer opens the lesson
    page.set("position_text", "table: 5c 9x; hand: 8s").position_typed()
    shown = page.run().screen().position
    assert shown is not None and shown.problem is not None
    assert "The position you typed cannot be read" in shown.problem
    page.set("position_text", "table: 5c 3d 9h; hand: 8s 3h").position_typed()
    shown = page.run().screen().position
    assert shown is not None and shown.shown is not None and shown.problem is None
    assert page.params == {"position": "table: 3d 5c 9h; hand: 3h 8s"}
    assert not shown.can_restart and not shown.can_play
    page.run().try_move(attempt("capture", "8s", "5c"))
    shown = page.run().screen().position
    assert shown is not None and shown.verdict is not None and not shown.can_play
    assert "5♣ alone makes 5; 8♠ takes cards that add up to 8" in shown.verdict.message
    page.run().play_judged_move()  # nothing legal to play: nothing happens
    page.run().try_move(attempt("capture", "8s", "5c", "3d"))
    assert (shown := page.run().screen().position) is not None and shown.can_play
    page.run().play_judged_move()
    shown = page.run().screen().position
    assert shown is not None and shown.shown == Position.parse("table: 9h; hand: 3h")
    assert shown.can_restart and shown.verdict is None
    assert page.params == {"position": "table: 9h; hand: 3h"}
    assert page.memory["class.position_text"] == "table: 9h; hand: 3h"
    page.run().start_again()
    shown = page.run().screen().position
    assert shown is not None and shown.shown == Position.parse("table: 5c 3d 9h; hand: 8s 3h")
    assert store.learners() == []  # nothing recorded


def test_a_position_link_with_advice_and_all_moves(course: Course, store: ProgressStore) -> None:
    page = Page(course, store, position="table: 5c; hand: 5h; players: 3; rules: royal; last")
    screen = page.run().screen()
    assert screen.mode == Mode.POSITION and screen.position is not None
    assert screen.position.facts == ("3 players", "Royal Cassino", "Last play of the hand")
    assert screen.position.advice is None and screen.position.legal_moves is None
    page.set("advice", True)
    page.set("moves", True)
    shown = page.run().screen().position
    assert shown is not None and shown.advice is not None
    assert shown.advice.move == "5♥ takes 5♣" and shown.legal_moves
    bad = Page(course, store, position="table: 5c; hand: 5c")
    shown = bad.run().screen().position
    assert shown is not None and shown.problem is not None
    assert "The position in the link is impossible" in shown.problem
    assert bad.memory["class.position_text"] == "table: 5c; hand: 5c"


def test_a_link_to_a_lesson_step_and_unknown_ids(course: Course, store: ProgressStore) -> None:
    page = Page(course, store, lesson="basics", step="which")
    item = page.run().screen().item
    assert item is not None and item.index == 2
    page = Page(course, store, lesson="<script>", step="x")
    item = page.run().screen().item
    assert item is not None and item.index == 0  # the first lesson, from its start
    assert page.params == {"lesson": "basics", "step": "idea"}
    page = Page(course, store)
    page.memory["class.lesson"] = "gone-from-the-course"
    page.run()
    assert page.memory["class.lesson"] == "basics"


def test_an_empty_course_has_nothing_to_show(store: ProgressStore) -> None:
    screen = Page(Course(), store).run().screen()
    assert screen.item is None and screen.position is None and screen.choices == ()


def test_the_class_progress_and_the_names_setting(course: Course, store: ProgressStore) -> None:
    page = Page(course, store)
    progress = page.run().progress()
    assert progress.rows == () and progress.names_on_welcome
    dora = store.learner("Dora")
    store.record_step(dora.id, "basics", "pair", 3)
    # A teacher without a class (no class chosen) sees nobody, not the whole server.
    assert page.run().progress().rows == () and "Dora" not in page.run().progress().csv
    ctl = page.run()
    ctl.only = frozenset({dora.id})  # the class shown (views/classroom.py sets it)
    progress = ctl.progress()
    assert progress.table["learner"] == ["Dora"] and progress.table["finished"] == ["0 / 2"]
    assert progress.table["now_on"] == ["Test basics"] and progress.table["active"] == [
        "just now"]
    header, row = list(csv.reader(io.StringIO(progress.csv.removeprefix("\ufeff"))))
    assert header[0] == "Learner" and row[0] == "Dora"  # the teacher's language (en: ",")
    page.set("names_shown", False).names_toggled()
    assert not store.names_on_welcome() and not page.run().progress().names_on_welcome


def test_a_quiz_step_shows_its_choices_and_answer(shipped: Course) -> None:
    from tutorial_app.course import QuizStep
    from tutorial_app.flows.classroom import answer

    quiz = next(s for lesson in shipped.lessons for s in lesson.steps if isinstance(s, QuizStep))
    lines = answer(quiz)
    assert len(lines) == 1 and lines[0].words == dict(quiz.choices)[quiz.answer]


def test_a_position_problem_is_worded_in_the_language_of_the_drawing(
        course: Course, store: ProgressStore) -> None:
    """The teacher opens an impossible position's link, then switches to Spanish: the
    problem is kept as a key and facts, so the next drawing says it in Spanish."""
    text = "table: 5c; hand: 5c"
    bad = Page(course, store, position=text)
    bad.run()
    assert not isinstance(bad.memory["class.position_error"], str)
    problems = Position.parse(text).issues()
    with using("es"):
        shown = bad.run().screen().position
        spanish = t("links.impossible", problems=" ".join(words.problem(p) for p in problems))
        assert shown is not None and shown.problem == spanish
    assert spanish.startswith("La posición del enlace es imposible")
    shown = bad.run().screen().position
    assert shown is not None and shown.problem is not None
    assert shown.problem.startswith("The position in the link is impossible")
    bad.set("position_text", "table: 5c; hand: " + "5c " * 300).position_typed()
    with using("pt-BR"):
        shown = bad.run().screen().position
        assert shown is not None and shown.problem is not None
        assert shown.problem.startswith("A posição que você digitou é longa demais")
