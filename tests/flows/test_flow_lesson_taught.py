"""Issue 34: the Learn page's controls as they are taught (the Build button only from a
stage whose path teaches builds) and a recap of what the learner can do at the end of
each stage, decided by the controller from the course's concepts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import parse_attempt
from tutorial_app.course import Course, load_course
from tutorial_app.course.taught import builds_taught, first_needed, recap_keys, taught
from tutorial_app.flows.lesson import RECAP, LessonController, PathScreen, PlayerScreen
from tutorial_app.services.store import ProgressStore
from tutorial_app.words.i18n import english, t, using

TRAILS = """\
id: trails
title: Trails
rules: classic
teaches: [values, trail]
steps:
  - id: lay
    kind: play
    position: "table: Kh 9c; hand: 4c 2s 6d"
    prompt: Trail the 4♣.
    goal: {move: "4c t"}
  - id: lay-again
    kind: play
    position: "table: Kh; hand: 3d 2s 5h"
    prompt: Trail the 3♦.
    goal: {move: "3d t"}
"""

PAIRS = """\
id: pairs
title: Pairs
rules: classic
requires: [trails]
teaches: [pair]
steps:
  - id: take
    kind: play
    position: "table: 7h 3c; hand: 7s 4d"
    prompt: Capture the 7♥.
    goal: {capture: [7h]}
"""

BUILDS = """\
id: builds
title: Builds
rules: classic
requires: [pairs]
teaches: [sum, build]
steps:
  - id: build-eight
    kind: play
    position: "table: 5c; hand: 3d 8s"
    prompt: Build 8.
    goal: {build: 8}
"""


@pytest.fixture
def course(tmp_path: Path) -> Course:
    for name, text in (("a.yaml", TRAILS), ("b.yaml", PAIRS), ("c.yaml", BUILDS)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    loaded = load_course(tmp_path)
    assert loaded.errors == [] and [x.id for x in loaded.lessons] == ["trails", "pairs",
                                                                       "builds"]
    return loaded


def control(memory: dict[str, Any], course: Course, store: ProgressStore) -> LessonController:
    return LessonController(memory, course, store, store.learner("Ana"), {})


def player(memory: dict[str, Any], course: Course, store: ProgressStore) -> PlayerScreen:
    screen = control(memory, course, store).screen()
    assert isinstance(screen, PlayerScreen)
    return screen


def test_the_build_button_waits_for_the_stage_that_teaches_builds(
        course: Course, store: ProgressStore) -> None:
    lessons = course.lessons
    assert [builds_taught(lessons, x) for x in lessons] == [False, False, True]
    # the path: the lesson and everything it requires, at any depth
    assert taught(lessons, course.lesson("builds")) == {"values", "trail", "pair", "sum",
                                                        "build"}
    memory: dict[str, Any] = {}
    control(memory, course, store).open_lesson("trails")
    assert player(memory, course, store).builds is False
    ana = store.learner("Ana")
    for done in ("trails", "pairs"):
        store.complete_lesson(ana.id, done, 3)
    control(memory, course, store).open_lesson("builds")
    assert player(memory, course, store).builds is True


def test_a_finished_stage_says_what_the_learner_can_now_do(
        course: Course, store: ProgressStore) -> None:
    memory: dict[str, Any] = {}
    control(memory, course, store).open_lesson("trails")
    control(memory, course, store).answer(parse_attempt("4c t"))
    control(memory, course, store).go(1)
    control(memory, course, store).answer(parse_attempt("3d t"))
    control(memory, course, store).finish()
    path = control(memory, course, store).screen()
    assert isinstance(path, PathScreen) and path.finished is not None
    # the trail is what its tasks needed first (its sentence names it in bold), then
    # what the lesson teaches that no task needed: the values
    assert path.finished.recap == (t("recap.trail"), t("recap.values"))
    assert "**trail**" in path.finished.recap[0]
    # worded in the page's language when drawn
    control(memory, course, store).finish()  # nothing open: nothing said again
    with using("pt-BR"):
        assert control(memory, course, store).recap(course.lesson("trails"))[0] == \
            t("recap.trail") != english()["recap.trail"]


def test_a_recap_says_only_what_is_new_on_the_path(course: Course) -> None:
    lessons = course.lessons
    # the pair stage's capture needs the pair; its trail was needed before
    assert first_needed(lessons, course.lesson("pairs")) == ("pair",)
    # the build stage needs the build; `sum`, taught and needed by no task, is said too
    assert first_needed(lessons, course.lesson("builds")) == ("build", "sum")


def test_recap_keys_fall_back_to_the_settings_sentence() -> None:
    catalogue = english()
    assert recap_keys(["target=11", "target=hand", "pair", "no-such"], catalogue) == [
        "recap.setting.target", "recap.pair"]
    assert RECAP == 2  # one or two lines


def test_every_concept_a_shipped_lesson_teaches_has_a_recap_sentence(shipped: Course) -> None:
    catalogue = english()
    for lesson in shipped.lessons:
        for concept in lesson.teaches:
            assert recap_keys([concept], catalogue), (lesson.id, concept)


def test_every_shipped_stage_ends_with_a_recap(shipped: Course, store: ProgressStore) -> None:
    memory: dict[str, Any] = {}
    ctl = control(memory, shipped, store)
    for lesson in shipped.lessons:
        said = ctl.recap(lesson)
        assert 1 <= len(said) <= RECAP, lesson.id
        for lang in ("pt-BR", "es", "it"):
            with using(lang):
                assert all(s and s not in said for s in ctl.recap(lesson)), (lesson.id, lang)


def test_the_shipped_course_offers_build_from_the_first_build_lesson(shipped: Course) -> None:
    lessons = shipped.lessons
    first = next(i for i, x in enumerate(lessons) if "build" in x.teaches)
    assert lessons[first].id == "first-build" and first > 0
    assert not any(builds_taught(lessons, x) for x in lessons[:first])
    assert all(builds_taught(lessons, x) for x in lessons[first:]
               if x.chapter == lessons[first].chapter or x.id == "taking-builds")
