"""The menu by whom it is for (ui/menu.py): the teacher pages (Classroom, Login cards)
only for a signed-in teacher; a visitor (nobody signed in) sees "For teachers", the one
way in, which opens the teacher's sign-in; a signed-in learner neither. And the pages
themselves refuse without a teacher's session, whatever the menu shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from apphelpers import TEACHER, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

VIEWS = Path(__file__).resolve().parents[2] / "tutorial_app" / "views"
TEACHER_PAGES = {"Classroom", "Login cards"}


@pytest.fixture
def menus(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, list[Any]]]:
    """Every menu app.py hands to `st.navigation`, in order."""
    seen: list[dict[str, list[Any]]] = []
    real = st.navigation

    def spy(pages: dict[str, list[Any]], *args: Any, **kwargs: Any) -> Any:
        seen.append(pages)
        return real(pages, *args, **kwargs)

    monkeypatch.setattr(st, "navigation", spy)
    return seen


def shown(menus: list[dict[str, list[Any]]]) -> set[str]:
    """The titles of the pages the last run's menu shows (a hidden page opens only by
    its address)."""
    return {str(page.title) for pages in menus[-1].values() for page in pages
            if page._visibility != "hidden"}


def teacher_signs_in(at: AppTest) -> None:
    at.text_input(key="teacher_name").input(TEACHER[0])
    at.text_input(key="teacher_password").input(TEACHER[1])
    next(b for b in at.button if b.label == "Sign in").click().run()
    assert f"Teacher: **{TEACHER[0]}**" in texts(at)


def test_a_visitor_sees_no_teacher_page_and_one_way_in_for_a_teacher(
        app: AppTest, menus: list[dict[str, list[Any]]]) -> None:
    open_page(app, "learn")
    offered = shown(menus)
    assert offered & TEACHER_PAGES == set(), offered
    assert {"Learn", "Practice", "Puzzles", "Play", "Sandbox", "Rules"} <= offered
    assert "For teachers" in offered
    assert "Class question" not in offered  # a class's page: its QR code's link opens it
    app.switch_page(str(VIEWS / "live.py")).run()
    assert not app.exception
    # "For teachers" is the Classroom's sign-in, and nothing of a class behind it
    app.switch_page(str(VIEWS / "classroom.py")).run()
    said = texts(app)
    assert "Teacher sign-in" in said and "Class progress" not in said
    # a teacher's link to the login cards still opens, on the sign-in first
    app.switch_page(str(VIEWS / "cards.py")).run()
    assert "Teacher sign-in" in texts(app)
    # signed in, the teacher has her pages, by their names
    teacher_signs_in(app)
    offered = shown(menus)
    assert offered >= TEACHER_PAGES and "For teachers" not in offered


def test_a_signed_in_learner_sees_neither_the_teacher_pages_nor_the_way_in(
        app: AppTest, menus: list[dict[str, list[Any]]]) -> None:
    open_page(app, "learn")
    sign_in(app, "Ana")
    offered = shown(menus)
    assert offered & (TEACHER_PAGES | {"For teachers"}) == set(), offered
    assert "Class question" in offered
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        app.switch_page(str(VIEWS / "cards.py"))


@pytest.mark.parametrize("page", ["classroom.py", "cards.py"])
def test_a_teacher_page_run_without_a_teacher_shows_only_the_sign_in(
        env: None, page: str) -> None:
    """Whatever the menu offers, the page itself asks for a teacher's password."""
    at = AppTest.from_file(str(VIEWS / page), default_timeout=60)
    at.session_state["signin.cookie_read"] = True
    at.run()
    said = texts(at)
    assert "Teacher sign-in" in said
    assert "Class progress" not in said and "Login cards" not in said
