"""The live question without Streamlit (flows/live.py, the Classroom controller's
live_ref and next_live): what a question names, how an answer is judged on a lesson
step, a puzzle and a typed position (no goal), and "Next question"."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelpers import FIXTURES

from engine import Card, parse_attempt
from tutorial_app.course import Course, load_course
from tutorial_app.flows import live
from tutorial_app.flows.classroom import ClassroomController, Mode
from tutorial_app.services.classes import LiveAnswer
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import using


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


def test_a_lesson_step_is_asked_and_judged_as_the_lesson_does(course: Course) -> None:
    asked = live.question(course, live.LESSON, "basics/pair")
    assert asked is not None and asked.item is not None
    right = live.judge(asked, parse_attempt("7s x 7h"))
    assert right.verdict == live.CORRECT and right.move == "7s x 7h"
    wrong = live.judge(asked, parse_attempt("7s x 3c"))
    assert wrong.verdict == live.ILLEGAL and "3♣" in wrong.reason and "\n" not in wrong.reason
    assert live.question(course, live.LESSON, "basics/idea") is None  # nothing to answer
    assert live.question(course, live.LESSON, "gone/pair") is None
    assert live.question(course, "other", "x") is None


def test_a_typed_position_has_no_goal(course: Course) -> None:
    asked = live.question(course, live.POSITION, "table: 5c 3d; hand: 8s")
    assert asked is not None and asked.item is None
    assert live.judge(asked, parse_attempt("8s x 5c+3d")).verdict == live.LEGAL
    assert live.judge(asked, parse_attempt("8s x 5c")).verdict == live.ILLEGAL
    assert live.question(course, live.POSITION, "table: 5c 5c; hand: 8s") is None


def test_the_controller_names_the_question_and_moves_on(course: Course,
                                                       tmp_path: Path) -> None:
    with ProgressStore(tmp_path / "p.sqlite3") as store:
        memory: dict[str, object] = {}
        ctl = ClassroomController(memory, course, store, {"lesson": "basics", "step": "idea"})
        ctl.sync()
        assert ctl.live_ref() is None  # a read step
        ctl = ClassroomController(memory, course, store, {"lesson": "basics", "step": "pair"})
        ctl.sync()
        assert ctl.live_ref() == ("lesson", "basics/pair")
        assert ctl.next_live() is None  # no later play step in the fixture lesson
        memory[ctl.key("mode")] = Mode.PUZZLE.value
        memory[ctl.key("puzzle")] = "tp1"
        assert ctl.live_ref() == ("puzzle", "tp1")
        assert ctl.next_live() == ("puzzle", "tp2")
        assert ctl.next_live() is None


def test_a_clicked_bar_marks_the_cards_its_answer_chose(course: Course) -> None:
    asked = live.question(course, live.PUZZLE, "tp1")  # table: 2c 3d 5h 6s; hand: 8s 4d
    assert asked is not None
    chosen = live.marked(asked, "8s x 6s+2c 5h+3d")
    assert chosen.card == Card.parse("8s")
    assert chosen.loose == frozenset(Card.parse(c) for c in ("6s", "2c", "5h", "3d"))
    wrong = live.marked(asked, "8s x 5h")  # an illegal answer: its cards all the same
    assert wrong.card == Card.parse("8s") and wrong.loose == frozenset({Card.parse("5h")})
    assert live.marked(asked, "4d t").loose == frozenset()
    assert live.marked(asked, "9c x 9h").card is None  # cards not there: nothing marked
    assert live.marked(asked, "not a move").empty

    built = live.question(course, live.POSITION, "table: 5c 3d [8: 5h 3s @1]; hand: 8s 3h")
    assert built is not None and built.position.builds
    (build,) = built.position.builds
    assert live.marked(built, "8s x [5h 3s]").builds == frozenset({build})
    assert live.marked(built, "8s x [8] 5c+3d").builds == frozenset({build})


def test_an_answer_is_shown_in_words_not_notation() -> None:
    """Phones and the projector show answers as learners read moves; the store keeps
    the notation."""
    assert words.written("8s x 6s+2c 5h+3d") == "8♠ takes 6♠+2♣, 5♥+3♦"
    assert words.written("2s x 4h") == "2♠ takes 4♥"  # not allowed, still worded
    assert words.written("4d t") == "4♦ trails"
    with using("es"):
        assert "4♦" in words.written("4d t") and "trails" not in words.written("4d t")
    assert words.written("not a move") == "not a move"


def _answer(judged: live.Judged, name: str = "Ana") -> LiveAnswer:
    return LiveAnswer(1, name, judged.move, judged.verdict, judged.code, judged.reason, 0.0)


def test_an_answers_reason_reads_in_the_projectors_language(course: Course) -> None:
    """A Spanish phone's answer is worded in Spanish when it is sent; the English
    projector says why in English, and the Spanish phone still reads Spanish."""
    asked = live.question(course, live.LESSON, "basics/pair")
    assert asked is not None
    with using("es"):
        sent = _answer(live.judge(asked, parse_attempt("7s x 3c")))
    with using("en"):
        english = live.judge(asked, parse_attempt("7s x 3c")).reason
        (bar,) = live.bars([sent], asked)
        assert bar.reason == english != sent.reason
        assert live.reason_now(asked, sent) == english
    with using("es"):
        assert live.reason_now(asked, sent) == sent.reason
    assert live.bars([sent])[0].reason == sent.reason  # no question: the stored words


def test_an_answer_the_judge_would_now_read_otherwise_keeps_its_words(course: Course) -> None:
    """If the question changed since the answer was judged, the stored reason is kept:
    words in another language, but true ones."""
    asked = live.question(course, live.LESSON, "basics/pair")
    assert asked is not None
    judged = live.judge(asked, parse_attempt("7s x 3c"))
    stale = LiveAnswer(1, "Ana", judged.move, live.CORRECT, "", "dicho antes", 0.0)
    assert live.reason_now(asked, stale) == "dicho antes"
    unreadable = LiveAnswer(1, "Ana", "7s x", live.ILLEGAL, "x", "no se lee", 0.0)
    assert live.reason_now(asked, unreadable) == "no se lee"
