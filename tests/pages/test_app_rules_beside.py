"""The rules beside a position (issue 32): a position whose rules differ from the
classic game shows each differing rule in one sentence, on every page that asks about
a position (Puzzles, the streak, lines, a lesson's step); a classic position shows
none. A house-rule puzzle's first hint says "read the rules named with the position":
now they are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from apphelpers import click, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from engine import Rules
from engine.settings import SETTINGS
from tutorial_app.ui.rules_beside import sentences

TRAIL = "A player who controls a build may trail (rule [6.2](rules#6"  # linked to the rule
TITLE = "Rules that differ here from the classic game:"
HOUSE = """id: house-puzzles
title: House-rule puzzles
rules: classic controller_trail=always
puzzles:
  - id: th1
    position: "table: As 7s [8: Ad 7h @0]; hand: 3h 7c 8h; rules: classic controller_trail=always"
    goal: {kind: trail}
    themes: [variant]
    difficulty: 1
    prompt: Trail a card while you control a build.
    hints:
      - "Read the rules named with the position: which setting changes the answer?"
      - Play 3♥ or 7♣.
"""
LESSON = """id: house
title: House rules
summary: A lesson under a house rule.
rules: classic controller_trail=always
steps:
  - id: look
    kind: read
    text: Here a controller may trail.
    position: "table: As 7s [8: Ad 7h @0]; hand: 3h 7c 8h; rules: classic controller_trail=always"
"""


def said(app: AppTest) -> str:
    return texts(app).replace("\\", "")


def boxes(app: AppTest) -> list[str]:
    """The keys of the rules boxes on the page (a keyed container's id ends in its key)."""
    found: list[str] = []

    def walk(node: Any) -> None:
        children = getattr(node, "children", None)
        if children is None:
            return
        key = str(getattr(node, "_block_id", "") or "").rpartition("-rules-beside-")
        if key[1]:
            found.append(f"rules-beside-{key[2]}")
        for child in children.values():
            walk(child)

    walk(app.main)
    return found


@pytest.fixture
def house(course_dir: Path) -> Path:
    (course_dir / "house.yaml").write_text(HOUSE, encoding="utf-8")
    return course_dir


def test_every_setting_that_can_differ_has_its_own_sentence() -> None:
    """One whole sentence per value that is not the classic one, with its rule number."""
    classic = Rules().settings()
    for name, choices in ((s.name, s.choices) for s in SETTINGS):
        for value in choices:
            if value == classic[name] or (name == "ace_high" and value == "true"):
                continue
            (sentence,) = sentences(Rules().with_settings({name: value}))
            assert not sentence.startswith("rules.beside") and sentence.endswith(").")
    royal_high = Rules().with_settings({"face_values": "royal", "ace_high": "true"})
    assert len(sentences(royal_high)) == 2
    assert sentences(Rules()) == ()


def test_a_house_rule_puzzle_shows_its_rule_and_a_classic_one_none(app: AppTest,
                                                                  house: Path) -> None:
    open_page(app, "puzzles", puzzle="th1")
    sign_in(app)
    assert TITLE in said(app) and TRAIL in said(app)
    assert boxes(app) == ["rules-beside-puzzle"]
    click(app, "puzzle-hint-1")
    assert "Read the rules named with the position" in said(app)
    click(app, "next-puzzle")
    assert app.session_state["puzzles.current"] != "th1"
    assert TITLE not in said(app) and TRAIL not in said(app) and not boxes(app)


def test_the_streak_shows_the_rules_of_its_puzzle_and_keeps_them_when_it_ends(
        app: AppTest, house: Path) -> None:
    (house / "puzzles.yaml").unlink()  # the house puzzle alone: the streak starts on it
    open_page(app, "puzzles")
    sign_in(app)
    app.button_group(key="puzzles-mode").set_value("streak").run()
    click(app, "streak-start")
    assert TRAIL in said(app) and boxes(app) == ["rules-beside-streak"]
    for key in ("cb-streak-h-8h", "cb-streak-b8-Ad7h", "streak-capture"):  # not a trail
        click(app, key)
    assert "That move ends the streak." in said(app)
    assert TRAIL in said(app) and boxes(app) == ["rules-beside-streak-ended"]


def test_a_classic_streak_and_the_lines_show_no_rules(app: AppTest, course_dir: Path) -> None:
    open_page(app, "puzzles")
    sign_in(app)
    app.button_group(key="puzzles-mode").set_value("streak").run()
    click(app, "streak-start")
    assert TITLE not in said(app) and not boxes(app)
    app.button_group(key="puzzles-mode").set_value("lines").run()
    assert TITLE not in said(app) and not boxes(app)


def test_a_lesson_step_under_a_house_rule_shows_it(app: AppTest, course_dir: Path) -> None:
    (course_dir / "house.yaml").write_text(LESSON, encoding="utf-8")
    open_page(app, "learn", lesson="house", step="look")
    sign_in(app)
    assert "Here a controller may trail." in said(app), said(app)
    assert TRAIL in said(app) and boxes(app) == ["rules-beside-learn"]
    open_page(app, "learn", lesson="basics", step="idea")
    assert "same value" in said(app)
    assert TITLE not in said(app) and not boxes(app)
