"""The shipped course (lessons/), loaded once per test process.

Loading it with the click-by-click proofs of feedback takes seconds (every click
attempt of every play step and puzzle is judged), and without them a fraction of a
second, with the same lessons, puzzles and texts: the proofs only add errors. So
tests load it as the app does, without proofs (`shipped_course`), and only the test
that checks the shipped files pass the proofs asks for them (`proved_course`).
Each is loaded at most once per process (each pytest-xdist worker loads its own).

The course is shared: a test must not change it (the lists of lessons and puzzles
are plain lists).
"""

from __future__ import annotations

import functools
from pathlib import Path

from tutorial_app.course import Course, load_course
from tutorial_app.course.authoring import catalogues
from tutorial_app.words import i18n

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


@functools.cache
def shipped_course() -> Course:
    """The shipped course in English, as the app loads it (no feedback proofs)."""
    return load_course(LESSONS, language=i18n.DEFAULT_LANGUAGE, proofs=False)


@functools.cache
def proved_course() -> Course:
    """The shipped course in English with every feedback proof run, as `validate` does."""
    return load_course(LESSONS, language=i18n.DEFAULT_LANGUAGE)


@functools.cache
def english_lesson_texts() -> dict[str, str]:
    """Every shipped lesson and puzzle text by its stable id (the catalogues' English)."""
    return catalogues.english_lessons(LESSONS)
