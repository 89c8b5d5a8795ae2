"""Homework: the teacher assigns puzzles, the learner sees them first on
Learn, solves one after a wrong try, and the teacher's report shows the moves in
order, the most common wrong move and the CSVs."""

from __future__ import annotations

import re
from pathlib import Path

from apphelpers import click, open_page, texts
from streamlit.testing.v1 import AppTest
from test_app_live import join, make_class

from tutorial_app.course.course import load_course
from tutorial_app.flows import homework


def test_assign_solve_with_a_wrong_try_and_read_the_moves(app: AppTest, db: Path) -> None:
    teacher = open_page(app, "classroom")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    teacher.text_input(key="hw.title").input("Sums")
    teacher.multiselect(key="hw.picked").set_value(["tp1"])
    next(b for b in teacher.button if b.label == "Assign to the class").click().run()
    assert "Assigned: 1 task." in texts(teacher)  # one task, said so

    ana = join(code, "Ana")
    ana.switch_page("views/learn.py").run()
    assert "Homework from your teacher" in texts(ana)
    # the puzzle by its title, never its id
    labels = [str(link.label) for link in ana.get("page_link")]
    assert any("Test puzzles #1" in label for label in labels)
    assert not any("tp1" in label for label in labels)
    assert not any("done" in label for label in labels)  # nothing done yet
    ana.query_params["puzzle"] = "tp1"
    ana.switch_page("views/puzzles.py").run()
    assert "Test puzzles \\#1" in texts(ana) and "tp1" not in texts(ana)  # title, no id
    click(ana, "cb-puzzle-h-4d")
    click(ana, "puzzle-trail")                     # a legal miss first
    for card in ("cb-puzzle-h-8s", "cb-puzzle-t-2c", "cb-puzzle-t-6s", "cb-puzzle-t-3d",
                 "cb-puzzle-t-5h"):
        click(ana, card)
    click(ana, "puzzle-capture")
    assert ana.success, texts(ana)
    ana.query_params.clear()
    ana.switch_page("views/learn.py").run()  # the homework box: the task ticked, done
    labels = [str(link.label) for link in ana.get("page_link")]
    assert "✓ Test puzzles #1 — done" in labels, (labels, [e.value for e in ana.exception],
                                                  texts(ana))

    teacher.run()
    table = teacher.dataframe[0].value
    name, cell = list(table.iloc[0])
    # solved at the second try, one wrong try among many legal moves: 3 stars
    assert name == "Ana" and cell == "✓ ★★★ (2)"
    said = texts(teacher)  # the Markdown as written: moves in words, "+" escaped
    assert "Moves tried by Ana, in order:" in said
    # the moves in words, with no stray Markdown escape (notation stays in the CSV)
    shown = re.sub(r"\\([+\-*_#])", r"\1", said)  # Markdown draws "\+" as "+"
    first, second = shown.index("1. 4♦ trails"), shown.index("2. 8♠ takes 6♠+2♣, 5♥+3♦")
    # (a code span would show Markdown's escapes as they are: "6c\\+3h")
    assert "`" not in texts(teacher).split("Moves tried by Ana")[1].split("Most common")[0]
    assert first < second                                # in the order tried
    assert "legal, but misses the goal" in shown and "correct" in shown
    assert "Most common wrong moves in Test puzzles #1" in shown and "4♦ trails ×1" in shown
    assert "tp1" not in said  # the puzzle by its title, on the teacher's page too
    assert any("✓ solved, ★ stars" in c.value for c in teacher.caption)  # the legend


def test_puzzles_are_chosen_by_theme_difficulty_or_by_hand(course_dir: Path) -> None:
    course = load_course(course_dir)
    assert homework.choose_puzzles(course, themes=["pairing"]) == ["puzzle:tp2"]
    assert homework.choose_puzzles(course, difficulty=2) == ["puzzle:tp1"]
    assert homework.choose_puzzles(course, picked=["tp2", "nope"]) == ["puzzle:tp2"]
    assert homework.choose_puzzles(course) == ["puzzle:tp1", "puzzle:tp2"]
