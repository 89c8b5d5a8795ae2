"""Puzzles a learner can trust (issue 32): a line puzzle's rated first try says what it
did to the rating, as a puzzle's does; "solved before" only for a puzzle solved on an
earlier visit, not the instant it is solved."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urlencode

from apphelpers import click, new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from engine import parse_attempt
from tutorial_app.course import load_course
from tutorial_app.course.judge.checking import solutions
from tutorial_app.course.puzzles import rating as scale
from tutorial_app.flows import practice
from tutorial_app.flows.line_play import shipped_lines
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def said(app: AppTest) -> str:
    """What the page says, the markdown escapes of plain text taken out."""
    return texts(app).replace("\\", "")


def test_a_line_puzzles_first_try_shows_the_rating_change(app: AppTest, course_dir: Path,
                                                          db: Path) -> None:
    shutil.copytree(LESSONS / "lines", course_dir / "lines")
    first = shipped_lines(LESSONS)[0]
    tempting = parse_attempt(first.tempting)
    assert tempting.kind == "trail"  # one card from the hand, then Trail
    open_page(app, "puzzles")
    sign_in(app)
    app.button_group(key="puzzles-mode").set_value("lines").run()
    click(app, f"cb-line-h-{tempting.card}")
    click(app, "line-trail")
    assert app.warning  # the goal slipped: the refutation is shown
    store = ProgressStore(db)
    (learner,) = store.learners()
    (after,) = store.rating_history(learner.id)
    change = scale.RatingChange(scale.START, after)
    assert after < scale.START and f"Rating {change.text}" in said(app)
    click(app, "line-again")
    assert "Rating " not in texts(app)  # a new try: nothing decided yet
    click(app, f"cb-line-h-{tempting.card}")
    click(app, "line-trail")
    assert "Unrated: you have tried this puzzle before." in said(app)
    assert store.rating_history(learner.id) == [after]


def solve_tp2(app: AppTest) -> None:
    for key in ("cb-puzzle-h-5s", "cb-puzzle-t-5d", "puzzle-capture"):
        click(app, key)
    assert app.success


def test_solved_before_only_for_a_puzzle_solved_on_an_earlier_visit(app: AppTest) -> None:
    open_page(app, "puzzles", puzzle="tp2")
    sign_in(app)
    assert "solved before" not in texts(app)
    solve_tp2(app)
    assert "solved before" not in texts(app)  # solved just now, not before
    app.run()  # drawn again, the store now holding the solve
    assert "solved before" not in texts(app)
    later = new_app()  # another day: the same learner opens the puzzle again
    open_page(later, "puzzles", puzzle="tp2")
    sign_in(later)
    assert "solved before" in texts(later)
    solve_tp2(later)
    assert "solved before" in texts(later)


def test_the_puzzle_that_ends_a_streak_stays_on_screen_with_its_answer(app: AppTest,
                                                                       course_dir: Path) -> None:
    open_page(app, "puzzles")
    sign_in(app)
    app.button_group(key="puzzles-mode").set_value("streak").run()
    click(app, "streak-start")
    course = load_course(course_dir, language="en", proofs=False)
    (puzzle,) = [p for p in course.puzzles if p.prompt in said(app)]
    card = "10h" if puzzle.id == "tp2" else "4d"  # a trail misses either puzzle
    click(app, f"cb-streak-h-{card}")
    click(app, "streak-trail")
    shown = said(app)
    assert "That move ends the streak." in shown
    assert puzzle.prompt in shown  # the position that ended it, still there
    assert app.warning and card[:-1] in app.warning[0].value  # explained, naming the card
    answers = solutions(puzzle)
    right = [s.value for s in app.success if "solves it" in s.value]
    assert right and any(words.move(m) in right[0].replace("\\", "") for m in answers)
    ended = app.get("html")  # the board is drawn: its cards are pictures
    assert any("ct-marked" in str(h.proto.body) for h in ended)  # the right move marked
    labels = [b.label for b in app.button]
    assert "Start a new streak" in labels and "Start a streak" not in labels


def test_a_theme_filter_is_kept_after_a_visit_to_the_streak_and_the_lines(app: AppTest) -> None:
    open_page(app, "puzzles")
    sign_in(app)
    click(app, "puzzles-all")
    app.multiselect(key="puzzles.themes").select("pairing").run()
    app.toggle(key="puzzles.hide_solved").set_value(True).run()
    assert "1 puzzle matches your choice." in texts(app)
    for mode in ("streak", "lines", "rated"):
        app.button_group(key="puzzles-mode").set_value(mode).run()
    assert app.multiselect(key="puzzles.themes").value == ["pairing"]
    assert app.toggle(key="puzzles.hide_solved").value
    assert "1 puzzle matches your choice." in texts(app)


def test_the_difficulty_chosen_is_kept_too(app: AppTest) -> None:
    open_page(app, "puzzles")
    sign_in(app)
    click(app, "puzzles-all")
    app.select_slider(key="puzzles.difficulty").set_range(2, 2).run()
    assert "1 puzzle matches your choice." in texts(app)
    app.button_group(key="puzzles-mode").set_value("streak").run()
    app.button_group(key="puzzles-mode").set_value("rated").run()
    assert app.select_slider(key="puzzles.difficulty").value == (2, 2)
    assert "1 puzzle matches your choice." in texts(app)


def links_on(app: AppTest) -> dict[str, str]:
    """The page's links: label -> query string."""
    return {x.proto.label: x.proto.query_string for x in app.get("page_link")}


def test_a_puzzle_opened_from_practice_leads_back_to_the_days_set(app: AppTest, db: Path,
                                                                  course_dir: Path) -> None:
    open_page(app, "practice")
    sign_in(app)
    with ProgressStore(db) as store:
        (learner,) = store.learners()
        store.complete_lesson(learner.id, "basics", 3)
    open_page(app, "practice")
    opened = [x.proto.query_string for x in app.get("page_link")
              if x.proto.label == "Open this task" and "puzzle=" in x.proto.query_string]
    assert opened == ["puzzle=tp2&via=practice"]  # the set's puzzle says where it comes from
    open_page(app, "puzzles", puzzle="tp2", via="practice")  # the link followed
    assert "A task of today's practice set." in said(app)
    assert "Back to today's practice" in links_on(app)
    assert "next-puzzle" not in [b.key for b in app.button]  # no wandering off
    assert "Next task of today's set" not in links_on(app)  # not decided yet
    solve_tp2(app)
    course = load_course(course_dir, language="en", proofs=False)
    with ProgressStore(db) as store:
        picks = practice.learner_view(course, store, learner.id).picks
    following = next(p.task for p in picks if p.task.key != "puzzle:tp2")
    wanted = urlencode({**practice.task_link(following), "via": "practice"})
    assert links_on(app)["Next task of today's set"] == wanted
    assert "Back to today's practice" in links_on(app)
    assert "next-puzzle" not in [b.key for b in app.button]


def test_a_puzzle_opened_otherwise_goes_on_to_the_next_puzzle(app: AppTest) -> None:
    open_page(app, "puzzles", puzzle="tp2")
    sign_in(app)
    assert "A task of today's practice set." not in said(app)
    assert "Back to today's practice" not in links_on(app)
    assert "next-puzzle" in [b.key for b in app.button]


def test_a_lesson_step_opened_from_practice_leads_back_to_the_days_set(
        app: AppTest, db: Path, course_dir: Path) -> None:
    """Practice's tasks are puzzles and lesson steps; a step opened from the set used
    to leave the learner in the lesson, with no way back to the day's next task."""
    open_page(app, "practice")
    sign_in(app)
    with ProgressStore(db) as store:  # she has begun: the first set comes (a choose step)
        store.record_step(store.learner("Ana").id, "basics", "which", 3)
    open_page(app, "practice")
    opened = [x.proto.query_string for x in app.get("page_link")
              if x.proto.label == "Open this task" and "step=" in x.proto.query_string]
    assert opened and all(q.endswith("&via=practice") for q in opened)
    open_page(app, "learn", lesson="basics", step="pair", via="practice")
    assert "A task of today's practice set." in said(app)
    assert "Back to today's practice" in links_on(app)
    assert "Next task of today's set" not in links_on(app)  # not solved yet
    for key in ("cb-learn-h-7s", "cb-learn-t-7h", "learn-capture"):
        click(app, key)
    assert app.success
    course = load_course(course_dir, language="en", proofs=False)
    with ProgressStore(db) as store:
        (learner,) = store.learners()
        picks = practice.learner_view(course, store, learner.id).picks
    following = next(p.task for p in picks if p.task.key != "step:basics/pair")
    wanted = urlencode({**practice.task_link(following), "via": "practice"})
    assert links_on(app)["Next task of today's set"] == wanted
    click(app, "step-next")  # on through the lesson: no longer the day's task
    assert "A task of today's practice set." not in said(app)


def test_the_last_open_step_solved_from_practice_offers_to_finish_the_lesson(
        app: AppTest, db: Path, course_dir: Path) -> None:
    """Every step of a lesson solved through the practice set left the lesson unfinished
    (and the next one locked) with nothing saying so: the step that solves the last one
    says it and offers Finish there."""
    course = load_course(course_dir, language="en", proofs=False)
    basics = course.lesson("basics")
    open_page(app, "practice")
    sign_in(app)
    with ProgressStore(db) as store:
        (learner,) = store.learners()
        for step in basics.steps:
            if step.id != "pair":
                store.record_step(learner.id, "basics", step.id, 3)
    open_page(app, "learn", lesson="basics", step="pair", via="practice")
    assert "finish-from-practice" not in [b.key for b in app.button]  # not solved yet
    for key in ("cb-learn-h-7s", "cb-learn-t-7h", "learn-capture"):
        click(app, key)
    assert "Every exercise of “Test basics” is solved: finish the lesson" in said(app)
    click(app, "finish-from-practice")
    with ProgressStore(db) as store:
        assert store.progress(learner.id)["basics"].completed
    assert "Lesson finished: Test basics" in said(app)
