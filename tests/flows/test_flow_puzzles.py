"""The Puzzles page's controller without Streamlit: a dict as the session's memory
(the filter widgets' values included), a real progress store, the small fixture
course, and a dict as the link's parameters."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest
from apphelpers import FIXTURES

from engine import parse_attempt
from tutorial_app.course import Course, FeedbackStatus, load_course
from tutorial_app.course.judge.checking import check_answer
from tutorial_app.course.puzzles import rating as scale
from tutorial_app.flows.puzzles import PuzzleController, PuzzlesScreen, PuzzleTry, PuzzleView
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.words.i18n import using


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


@pytest.fixture
def ana(store: ProgressStore) -> Learner:
    return store.learner("Ana")


class Page:
    """One browser session on the Puzzles page (see test_flow_lesson.Page)."""

    def __init__(self, course: Course, store: ProgressStore, learner: Learner | None,
                 **link: str) -> None:
        self.memory: dict[str, Any] = {}
        self.params: dict[str, str] = dict(link)
        self.course, self.store, self.learner = course, store, learner

    @property
    def control(self) -> PuzzleController:
        return PuzzleController(self.memory, self.course, self.store, self.learner, self.params)

    def run(self) -> PuzzlesScreen:
        control = self.control
        control.follow_links()
        return control.screen()

    def shown(self) -> PuzzleView:
        view = self.run().shown
        assert view is not None
        return view

    def choose(self, themes: list[str]) -> None:
        """The learner picks themes in the filter (the widget's value, then its
        on_change)."""
        self.memory[self.control.themes_key] = themes
        self.control.themes_changed()

    def rating(self) -> float:
        who = self.store.get_learner(self.learner.id) if self.learner else None
        assert who is not None
        return who.rating


def test_the_easiest_puzzle_first_and_the_filters(course: Course, store: ProgressStore,
                                                  ana: Learner) -> None:
    store.complete_lesson(ana.id, "basics", 3)
    page = Page(course, store, ana)
    screen = page.run()  # a first visit starts on the themes taught so far: pairing
    assert page.memory[page.control.themes_key] == ["pairing"]
    assert screen.pool == 1 and screen.shown is not None
    assert screen.shown.puzzle.id == "tp2" and page.params == {"puzzle": "tp2"}
    page.choose([])
    screen = page.run()
    assert screen.pool == 2 and screen.shown is not None
    assert screen.shown.following == "tp1" and screen.shown.title == "Test puzzles #2"
    page.choose(["multiple-capture"])
    assert page.run().pool == 1
    page.memory[page.control.difficulty_key] = (3, 5)
    screen = page.run()
    assert screen.pool == 0 and screen.shown is not None  # the puzzle on screen stays
    page.control.show(None)
    assert page.run() == PuzzlesScreen(0, None)


def test_wrong_then_right_the_rating_and_the_review_list(course: Course, store: ProgressStore,
                                                         ana: Learner) -> None:
    page = Page(course, store, ana, puzzle="tp1")
    assert page.shown().puzzle.id == "tp1"
    # a legal move that misses: the first try is rated, and lowers the rating
    page.control.answer(parse_attempt("4d t"))
    view = page.shown()
    feedback = view.work.feedback
    assert feedback is not None and feedback.status is FeedbackStatus.MISSED
    assert feedback.verdict is not None and feedback.verdict.legal
    assert view.work.recorded and view.can_reveal and not view.work.solved
    assert view.note is not None and view.note.startswith("Rating 1200 →")
    assert page.rating() < scale.START
    line = page.control.rating()
    assert line is not None and line.change is not None and line.change < 0
    assert line.rated_games == 1 and line.solved == 0 and line.chart is None
    # the review list holds it until it is solved
    page.memory[page.control.missed_only_key] = True
    screen = page.run()
    assert screen.pool == 1 and screen.shown is not None and screen.shown.puzzle.id == "tp1"
    # the right move: recorded as solved, not rated a second time
    before = page.rating()
    page.control.answer(parse_attempt("8s x 6s+2c 5h+3d"))
    view = page.shown()
    assert view.work.solved and view.work.feedback is not None
    assert view.work.feedback.status is FeedbackStatus.CORRECT
    assert view.board.table_empty  # the board shows the position after it: a sweep
    assert page.rating() == before and store.solved_puzzles(ana.id) == {"tp1": True}
    assert not view.solved_before and view.next_hint is None  # solved now, not before
    assert page.run().pool == 0  # off the review list


def test_a_move_not_allowed_is_explained_and_fails_the_puzzle(course: Course,
                                                              store: ProgressStore,
                                                              ana: Learner) -> None:
    page = Page(course, store, ana, puzzle="tp1")
    page.run()
    page.control.answer(parse_attempt("8s x 2c"))
    view = page.shown()
    feedback = view.work.feedback
    assert feedback is not None and feedback.status is FeedbackStatus.NOT_ALLOWED
    assert "2♣" in (feedback.judge_words or "") and feedback.code == "wrong-sum"
    # the first wrong move, legal or not, is the rated miss
    assert view.work.wrong == 1 and view.work.recorded and view.note is not None
    assert page.rating() < scale.START and store.solved_puzzles(ana.id) == {"tp1": False}
    # a second illegal try costs nothing more
    after_first = page.rating()
    page.control.answer(parse_attempt("8s x 3d"))
    assert page.rating() == after_first
    # and the miss is on the list to retry
    screen = page.run()
    assert [p.id for p in screen.missed] == ["tp1"]


def test_a_hint_makes_the_try_unrated(course: Course, store: ProgressStore,
                                      ana: Learner) -> None:
    page = Page(course, store, ana, puzzle="tp2")
    page.run()
    page.control.hint()
    view = page.shown()
    assert len(view.hints) == 1 and view.next_hint == 2
    page.control.answer(parse_attempt("5s x 5d"))
    view = page.shown()
    assert view.work.solved and view.note == "Unrated: a hint was used."
    assert page.rating() == scale.START


def test_reveal_counts_as_a_miss_and_shows_the_solutions(course: Course, store: ProgressStore,
                                                         ana: Learner) -> None:
    page = Page(course, store, ana, puzzle="tp1")
    assert not page.shown().can_reveal  # not tried yet
    page.control.answer(parse_attempt("8s x 2c"))  # not allowed: tried, not counted
    assert page.shown().can_reveal
    page.control.reveal()
    view = page.shown()
    assert view.solutions is not None and [m.text for m in view.solutions] == [
        "8s x 6s+2c 5h+3d"]
    assert not view.can_reveal and store.solved_puzzles(ana.id) == {"tp1": False}
    page.control.reveal()  # a second look is not a second miss
    assert len(store.rating_history(ana.id)) == 1


def test_next_puzzle_and_the_link(course: Course, store: ProgressStore, ana: Learner) -> None:
    page = Page(course, store, ana)
    page.run()
    page.choose([])  # every theme
    page.memory["puzzle.sel"] = "a selection on the board"
    view = page.shown()
    following = view.following
    assert following is not None and following != view.puzzle.id
    page.control.show(following)
    view = page.shown()
    assert view.puzzle.id == following and page.params == {"puzzle": following}
    assert view.work == PuzzleTry(following) and "puzzle.sel" not in page.memory
    assert view.share == {"puzzle": following}


def test_a_theme_link_sets_the_filter_once(course: Course, store: ProgressStore,
                                           ana: Learner) -> None:
    store.complete_lesson(ana.id, "basics", 3)  # the lesson whose "practise it" this is
    page = Page(course, store, ana, theme="pairing,no-such-theme")
    screen = page.run()
    assert page.memory[page.control.themes_key] == ["pairing"]
    assert screen.pool == 1 and screen.shown is not None and screen.shown.puzzle.id == "tp2"
    page.memory[page.control.themes_key] = []  # the learner widens the choice
    page.params.update({"theme": "pairing,no-such-theme"})
    assert page.run().pool == 2


def test_a_theme_link_offers_only_puzzles_whose_concepts_are_taught(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    """Before any lesson, a theme link opens no puzzle that needs what is not taught yet;
    the learner's own choice of themes afterwards is hers."""
    page = Page(course, store, ana, theme="pairing")
    assert page.run().pool == 0
    page.choose(["pairing"])
    assert page.run().pool == 1


def test_a_link_to_a_missing_puzzle_says_so(course: Course, store: ProgressStore) -> None:
    page = Page(course, store, None, puzzle="<script>alert(1)</script>")
    page.control.follow_links()
    assert page.control.take_link_error() == (
        "The link names a puzzle that does not exist: <script>alert(1)</script>")
    assert page.control.take_link_error() is None
    assert page.control.rating() is None


def test_the_rating_is_charted_from_two_rated_puzzles(course: Course, store: ProgressStore,
                                                      ana: Learner) -> None:
    page = Page(course, store, ana, puzzle="tp2")
    page.run()
    page.control.answer(parse_attempt("5s x 5d"))
    line = page.control.rating()
    assert line is not None and line.chart is None and line.solved == 1
    page.control.show("tp1")
    page.run()
    page.control.answer(parse_attempt("4d t"))
    line = page.control.rating()
    assert line is not None and line.chart is not None and line.chart[0] == scale.START
    assert len(line.chart) == 3 and line.rated_games == 2


def test_a_store_that_fails_is_logged_and_the_learner_told(
        course: Course, store: ProgressStore, ana: Learner, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "record_puzzle", broken)
    page = Page(course, store, ana, puzzle="tp2")
    page.run()
    with caplog.at_level(logging.ERROR, logger="tutorial_app.flows.puzzles"):
        page.control.answer(parse_attempt("5s x 5d"))
    assert "disk I/O error" in caplog.text
    assert page.shown().work.solved and not page.shown().work.recorded
    assert page.control.take_notice() == (
        "Your result could not be saved just now; please try again in a moment.")


def test_puzzles_start_on_the_taught_themes_near_the_rating(course: Course,
                                                            store: ProgressStore,
                                                            ana: Learner) -> None:
    store.complete_lesson(ana.id, "basics", 3)
    page = Page(course, store, ana)
    screen = page.run()
    assert page.memory[page.control.themes_key] == ["pairing"]
    assert screen.shown is not None and "pairing" in screen.shown.puzzle.themes
    # chosen once: the learner's own choice afterwards stays
    page.memory[page.control.themes_key] = ["multiple-capture"]
    assert page.run().shown is not None
    assert page.memory[page.control.themes_key] == ["multiple-capture"]


def test_nearest_puzzle_to_the_rating() -> None:
    from tutorial_app.flows.puzzles import nearest

    class P:
        def __init__(self, pid: str, difficulty: int) -> None:
            self.id, self.difficulty, self.themes = pid, difficulty, ("sum",)

    pool = [P("a", 1), P("b", 3), P("c", 5)]
    assert nearest(pool, 1300.0, {}).id == "b"  # type: ignore[union-attr]
    assert nearest(pool, 1700.0, {}).id == "c"  # type: ignore[union-attr]
    assert nearest(pool, 1300.0, {"b": True}).id == "a"  # type: ignore[union-attr]
    # once learners have failed "a" often, its own rating says it is no easy puzzle
    rated = {"a": (1690.0, 80.0, 40)}
    assert nearest(pool, 1690.0, {}, rated).id == "a"  # type: ignore[union-attr]
    assert nearest(pool, 1690.0, {}).id == "c"  # type: ignore[union-attr]


def test_the_review_list_moves_on_from_a_puzzle_solved_since(course: Course,
                                                             store: ProgressStore,
                                                             ana: Learner) -> None:
    page = Page(course, store, ana, puzzle="tp1")
    page.run()
    page.control.answer(parse_attempt("4d t"))  # missed
    page.control.answer(parse_attempt("8s x 6s+2c 5h+3d"))  # then solved
    assert page.shown().work.solved  # the success stays on screen
    page.control.show("tp1")  # a fresh visit to it, on the review list
    page.memory[page.control.missed_only_key] = True
    screen = page.run()
    assert screen.pool == 0 and screen.shown is None


def test_a_new_learner_is_told_that_no_lesson_with_puzzles_is_finished(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    page = Page(course, store, ana)
    screen = page.run()
    assert screen.shown is None and screen.pool == 0
    assert screen.taught is not None and screen.taught.themes == ()
    assert screen.taught.next_lesson == "Test basics"  # the lesson that opens puzzles
    page.choose(["multiple-capture"])  # their own choice: any theme
    screen = page.run()
    assert screen.taught is None and screen.shown is not None
    assert screen.shown.puzzle.id == "tp1"


def test_the_first_puzzles_use_only_what_the_finished_stages_taught(store: ProgressStore) -> None:
    """The real course: the stages before the first one with puzzles finished, then that
    one. Before, the first case showed build puzzles (taught in lesson 7)."""
    from shipped import shipped_course

    real = shipped_course()
    first = next(i for i, lesson in enumerate(real.lessons) if lesson.practice)
    opener = real.lessons[first]
    ana = store.learner("Ana")
    for stage in real.lessons[:first]:
        store.complete_lesson(ana.id, stage.id, 3)
    page = Page(real, store, ana)
    screen = page.run()
    assert screen.shown is None and screen.taught is not None
    assert screen.taught.themes == () and screen.taught.next_lesson == opener.title
    store.complete_lesson(ana.id, opener.id, 3)
    page = Page(real, store, ana)
    screen = page.run()
    assert screen.taught is not None and screen.taught.themes == opener.practice
    assert screen.shown is not None and screen.shown.puzzle.themes == opener.practice
    shown = set()
    for _ in range(screen.pool):
        view = page.shown()
        assert set(view.puzzle.themes) == set(opener.practice), view.puzzle.id
        shown.add(view.puzzle.id)
        assert view.following is not None
        page.control.show(view.following)
    assert len(shown) == screen.pool >= 10


def test_a_hint_stays_with_a_puzzle_until_its_try_is_decided(
        course: Course, store: ProgressStore, ana: Learner) -> None:
    from tutorial_app.services.resume import Resume

    def opened(puzzle: str) -> PuzzleController:
        control = PuzzleController({}, course, store, ana, {"puzzle": puzzle},
                                   kept=Resume(store))
        control.follow_links()
        return control

    control = opened("tp2")
    control.hint()
    assert control.screen().shown.work.hints == 1  # type: ignore[union-attr]
    control = opened("tp2")  # left and opened again (another tab, a reload)
    assert control.screen().shown.work.hints == 1  # type: ignore[union-attr]
    control.answer(parse_attempt("5s x 5d"))
    result = control.screen().shown.work.result  # type: ignore[union-attr]
    assert result is not None and result.solved and not result.rated  # hinted: unrated
    assert Resume(store).work(ana.id, "puzzle", "tp2").hints == 0  # decided: gone


def test_another_learner_on_the_same_browser_starts_on_their_own_themes(
        course: Course, store: ProgressStore) -> None:
    sid, rae = store.learner("Sid"), store.learner("Rae")
    store.complete_lesson(rae.id, "basics", 3)
    memory: dict[str, Any] = {}
    first = PuzzleController(memory, course, store, sid, {})
    first.follow_links()
    assert first.screen().shown is None  # nothing taught to Sid yet
    second = PuzzleController(memory, course, store, rae, {})  # "Switch learner"
    second.follow_links()
    shown = second.screen()
    assert shown.taught is not None and shown.taught.themes == ("pairing",)
    assert shown.shown is not None and shown.shown.puzzle.id == "tp2"


def test_the_feedback_is_worded_in_the_language_of_the_drawing(course: Course,
                                                                store: ProgressStore,
                                                                ana: Learner) -> None:
    """The learner tries a move the rules forbid, then switches to Spanish: the reply
    drawn next is in Spanish, with the judgement (status, verdict) the one made once."""
    page = Page(course, store, ana, puzzle="tp1")
    page.run()
    attempt = parse_attempt("8s x 2c")
    page.control.answer(attempt)
    english = page.shown().work.feedback
    assert english is not None and english.status is FeedbackStatus.NOT_ALLOWED
    with using("es"):
        work = page.shown().work
        spanish = check_answer(course.puzzle("tp1"), attempt).message
    assert work.feedback is not None and work.feedback.message == spanish != english.message
    assert work.feedback.verdict == english.verdict and work.wrong == 1
    assert store.solved_puzzles(ana.id) == {"tp1": False}  # recorded once, not again
    back = page.shown().work.feedback  # and back to English
    assert back is not None and back.message == english.message
