"""The Puzzles page: solving, failing, hints (unrated), the solution, next puzzle,
filters, and a link to a puzzle."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from apphelpers import click, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.services.store import ProgressStore


def rating(db: Path) -> float:
    (learner,) = ProgressStore(db).learners()
    return float(learner.rating)


def test_a_link_opens_the_puzzle_and_solving_it_raises_the_rating(app: AppTest,
                                                                   db: Path) -> None:
    open_page(app, "puzzles", puzzle="tp2")
    sign_in(app)
    assert "Pair a card." in texts(app)
    click(app, "cb-puzzle-h-5s")
    click(app, "cb-puzzle-t-5d")
    click(app, "puzzle-capture")
    assert app.success, texts(app)
    assert "Rating 1200 →" in texts(app)
    assert rating(db) > 1200
    assert ProgressStore(db).solved_puzzles(ProgressStore(db).learners()[0].id) == {"tp2": True}


def test_a_missed_puzzle_lowers_the_rating_and_offers_the_solution(app: AppTest,
                                                                   db: Path) -> None:
    open_page(app, "puzzles", puzzle="tp1")
    sign_in(app)
    click(app, "cb-puzzle-h-4d")
    click(app, "puzzle-trail")
    assert app.warning
    assert rating(db) < 1200
    click(app, "show-solution")
    assert "Solution" in texts(app)
    assert "8♠ takes" in texts(app)


def test_an_illegal_try_is_explained_and_fails_the_puzzle(app: AppTest, db: Path) -> None:
    open_page(app, "puzzles", puzzle="tp1")
    sign_in(app)
    click(app, "cb-puzzle-h-8s")
    click(app, "cb-puzzle-t-2c")
    click(app, "puzzle-capture")
    assert app.error and "2♣" in app.error[0].value
    assert rating(db) < 1200  # the first wrong move, legal or not, is the rated miss
    assert "Missed puzzles to retry (1)" in [e.label for e in app.expander]


def test_a_hint_makes_the_try_unrated(app: AppTest, db: Path) -> None:
    open_page(app, "puzzles", puzzle="tp2")
    sign_in(app)
    click(app, "puzzle-hint-1")
    assert app.info
    click(app, "cb-puzzle-h-5s")
    click(app, "cb-puzzle-t-5d")
    click(app, "puzzle-capture")
    assert app.success and "Unrated: a hint was used." in texts(app)
    assert rating(db) == 1200


def test_next_puzzle_and_filters(app: AppTest) -> None:
    open_page(app, "puzzles")
    sign_in(app)
    assert "puzzles.current" not in app.session_state  # no lesson finished: none yet
    assert "the first puzzles open here once you finish “Test basics”" in texts(app)
    click(app, "puzzles-all")  # every puzzle all the same
    assert app.session_state["puzzles.current"] == "tp1"  # the nearest the rating
    click(app, "next-puzzle")
    assert app.session_state["puzzles.current"] == "tp2"
    assert app.query_params["puzzle"] in ("tp2", ["tp2"])
    app.multiselect(key="puzzles.themes").select("pairing").run()
    assert "1 puzzle matches your choice." in texts(app)


def test_the_review_list_holds_the_puzzles_missed_until_solved(app: AppTest) -> None:
    open_page(app, "puzzles", puzzle="tp1")
    sign_in(app)
    app.toggle(key="puzzles.missed_only").set_value(True).run()
    assert "0 puzzles match your choice." in texts(app)  # nothing tried yet
    app.toggle(key="puzzles.missed_only").set_value(False).run()
    click(app, "cb-puzzle-h-4d")
    click(app, "puzzle-trail")  # a miss
    assert app.warning
    app.toggle(key="puzzles.missed_only").set_value(True).run()
    assert "1 puzzle matches your choice." in texts(app)
    assert app.session_state["puzzles.current"] == "tp1"


def test_a_link_to_a_missing_puzzle_says_so(app: AppTest) -> None:
    open_page(app, "puzzles", puzzle="<script>alert(1)</script>")
    assert any("does not exist" in e.value for e in app.error)
    assert all("<script>" not in e.value for e in app.error)


def test_the_rating_is_charted_once_two_puzzles_are_rated(app: AppTest) -> None:
    open_page(app, "puzzles", puzzle="tp2")
    sign_in(app)
    for key in ("cb-puzzle-h-5s", "cb-puzzle-t-5d", "puzzle-capture"):
        click(app, key)
    assert "Your rating, puzzle by puzzle" not in str(app.main)  # one point is no line
    click(app, "next-puzzle")  # tp1, missed on purpose
    click(app, "cb-puzzle-h-4d")
    click(app, "puzzle-trail")
    assert app.warning
    assert [e.label for e in app.expander if "rating" in e.label] == [
        "Your rating, puzzle by puzzle"]
    # an <img> of the SVG: st.html strips an inline <svg> (tests/browser/test_browser_rating.py)
    (chart,) = [h for h in app.get("html") if 'class="ct-chart"' in str(h.proto.body)]
    assert 'rating: 1200, ' in str(chart.proto.body)  # the start, then each rated try
    assert "<svg" not in str(chart.proto.body)
    assert not app.get("vega_lite_chart")  # drawn by the app: no pandas, no Altair


def test_a_puzzle_streak_starts_and_a_miss_ends_it(app: AppTest, db: Path) -> None:
    open_page(app, "puzzles")
    sign_in(app)
    app.button_group(key="puzzles-mode").set_value("streak").run()
    assert "One wrong move ends the streak." in texts(app)
    click(app, "streak-start")
    shown = texts(app)
    assert "Streak: 0 puzzles solved in a row." in shown
    card = "10h" if "Pair a card" in shown else "4d"  # a trail misses either puzzle
    click(app, f"cb-streak-h-{card}")
    click(app, "streak-trail")
    assert "That move ends the streak." in texts(app)
    assert app.button(key="streak-restart")
    (learner,) = ProgressStore(db).learners()
    assert ProgressStore(db).best_streak(learner.id) == 0


def test_next_line_turns_the_picker_to_it(app: AppTest, course_dir: Path,
                                         caplog: pytest.LogCaptureFixture) -> None:
    """The line picker kept naming the line before after "Next line"; then it warned in
    the server's log that its value was set both as a default and in Session State."""
    shutil.copytree(Path(__file__).resolve().parents[2] / "lessons" / "lines",
                    course_dir / "lines")
    open_page(app, "puzzles")
    sign_in(app)
    app.button_group(key="puzzles-mode").set_value("lines").run()
    first = app.selectbox(key="line-pick").value
    click(app, "line-next")
    assert app.selectbox(key="line-pick").value != first
    shown = app.selectbox(key="line-pick").value
    click(app, "line-next")
    assert app.selectbox(key="line-pick").value not in (first, shown)
    assert "Session State API" not in caplog.text
