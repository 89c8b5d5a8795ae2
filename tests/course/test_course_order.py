"""`validate`'s proofs over the whole course (course/proofs/course_order.py): a wrong try
never reads a rule twice in any language, and a lesson's practice themes never open a
puzzle the course has not taught all of by then."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial_app.course import load_course
from tutorial_app.course.authoring.cli import main
from tutorial_app.course.proofs import course_order
from tutorial_app.words import i18n

LESSON = """\
id: capturing
title: Capturing
summary: Pairs.
rules: classic
teaches: [values, trail, pair, sum, several-groups, court-capture{more}]
practice: [multiple-capture]
steps:
  - id: court
    kind: play
    position: "table: 5h Kc; hand: 10s 5d"
    prompt: Take the 5♥.
    goal: {{capture: [5h]}}
    feedback:
      number-takes-court: "{reply}"
"""

PUZZLES = """\
id: practice
title: Practice
rules: classic
puzzles:
  - id: p-build
    position: "table: 2c 6h [7: 4h 3d @1]; hand: 9s 7d 8c 10h"
    goal: most-cards
    themes: [multiple-capture]
    difficulty: 2
"""


def _course(folder: Path, *, more: str = "", reply: str = "The K♣ has no value (rule 4.5).",
            puzzles: bool = False) -> Path:
    (folder / "01-capturing.yaml").write_text(LESSON.format(more=more, reply=reply),
                                              encoding="utf-8")
    if puzzles:
        (folder / "puzzles").mkdir(exist_ok=True)
        (folder / "puzzles" / "practice.yaml").write_text(PUZZLES, encoding="utf-8")
    return folder


@pytest.fixture
def pseudo() -> Iterator[str]:
    """A language made at run time whose word for "rule" the page does not know."""
    lang = "xx"
    i18n.add_messages(lang, {"lesson.capturing.steps.court.feedback.number-takes-court":
                             "Le K♣ (Regel 4.5)."})
    try:
        yield lang
    finally:
        i18n.forget(lang)


def test_a_reply_citing_the_judges_rule_reads_it_once(tmp_path: Path) -> None:
    folder = _course(tmp_path)
    course = load_course(folder)
    assert course.errors == []
    assert course_order.doubled_references(course, folder, ["en"]) == []


def test_a_rule_cited_twice_is_reported(tmp_path: Path) -> None:
    folder = _course(tmp_path, reply="The K♣ (rule 4.5) has no value (rule 4.5).")
    course = load_course(folder)
    (problem,) = course_order.doubled_references(course, folder, ["en"])
    assert problem.path == "capturing/court"
    assert "translated reference doubled (en)" in problem.message and "4.5" in problem.message


def test_a_translation_in_words_the_page_does_not_know_is_reported(
        tmp_path: Path, pseudo: str) -> None:
    """"(Regel 4.5)" is no reference the page recognises: the judge's "(4.5)" would be
    drawn after it, and the learner would read the rule twice."""
    folder = _course(tmp_path)
    course = load_course(folder)
    assert course_order.doubled_references(course, folder, ["en"]) == []
    (problem,) = course_order.doubled_references(course, folder, [pseudo])
    assert f"({pseudo})" in problem.message and "(Regel 4.5). (4.5)" in problem.message


def test_the_shipped_languages_words_are_known(tmp_path: Path) -> None:
    """The words each shipped catalogue uses for "rule" are recognised: a reply in them
    is no double."""
    for word in ("regra", "regla", "regola", "rule"):
        assert course_order.cited_twice(f"No (regras 4.5). ({word} 4.5)") == ["4.5"]
        assert course_order.drawn(f"No ({word} 4.5).", course_order.FeedbackStatus.NOT_ALLOWED,
                                  "4.5") == f"No ({word} 4.5)."


def test_a_practised_puzzle_needing_what_is_never_taught_is_reported(tmp_path: Path) -> None:
    folder = _course(tmp_path, puzzles=True)
    course = load_course(folder)
    assert course.errors == []
    found = course_order.practice_before_concepts(course)
    assert [(p.path, "'build'" in p.message) for p in found][:1] == [("p-build", True)]
    assert all("practice puzzle before its concept" in p.message for p in found)
    taught = _course(tmp_path, more=", build, take-build", puzzles=True)
    assert course_order.practice_before_concepts(load_course(taught)) == []


def test_validate_reports_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _course(tmp_path, reply="The K♣ (rule 4.5) has no value (rule 4.5).", puzzles=True)
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "translated reference doubled" in out and "practice puzzle before its concept" in out


@pytest.mark.slow  # every wrong try of the course in four languages
def test_the_shipped_course_has_neither() -> None:
    from shipped import LESSONS, shipped_course

    course = shipped_course()
    assert course_order.practice_before_concepts(course) == []
    assert course_order.doubled_references(course, LESSONS) == []
