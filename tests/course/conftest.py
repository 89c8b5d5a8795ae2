"""Shared fixtures for the course-layer tests: folders of good and broken lessons."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_app.course import Course, load_course

GOOD = Path(__file__).parent / "good"


@pytest.fixture(scope="session")
def good_course() -> Course:
    course = load_course(GOOD)
    assert course.errors == []
    return course
