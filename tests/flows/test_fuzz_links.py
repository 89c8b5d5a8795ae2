"""Fuzzing the app's URL parameters: whatever a link carries in `position`,
`moves`, `lesson`, `step`, `puzzle` and `theme`, the pages' controllers open it or
say why not, and draw their screen: no exception at all (a link's problem is a
message, not an error), within a second of CPU.

Sized for the suite (150 links); `make fuzz` runs 2,000 links (CASSINO_FUZZ=long) and prints the
figures (tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from apphelpers import FIXTURES
from fuzzing import LONG, FuzzRecord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import full_deck
from tutorial_app.course import Course, load_course
from tutorial_app.flows import links
from tutorial_app.flows.lesson import LessonController
from tutorial_app.flows.puzzles import PuzzleController
from tutorial_app.flows.sandbox import SandboxController
from tutorial_app.services.store import Learner, ProgressStore

FUZZ = settings(max_examples=2_000 if LONG else 150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

CARDS = [str(c) for c in full_deck()]
PIECES = [*CARDS[::2], "table:", "hand:", ";", " ", "[8: 5h 3s @1]", "[", "]", "+", ",",
          "x", "b8", "t", "9" * 5000, "[" * 5000, "²", "\u202e", "<script>", "![i](http://x)",
          ":red[x]", "basics", "first", "p1", "sum,sweep", "../", "%00", "\x00", "..."]
values = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(PIECES), max_size=30).map(" ".join),
    st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
    st.builds(lambda unit, n: unit * n, st.sampled_from(["[", "5c ", "8s x [", ",", "9"]),
              st.integers(0, 100_000)),
)
SMALL = " ".join(f"{rank}{suit}" for rank in "A2345" for suit in "shdc")
positions = st.one_of(
    values,
    st.lists(st.sampled_from(CARDS), max_size=20, unique=True).map(
        lambda cards: f"table: {' '.join(cards[4:])}; hand: {' '.join(cards[:4])}"),
    st.just(f"table: {SMALL} 6s 6h; hand: 10s 9h 8d 7c"),
)
params = st.fixed_dictionaries({}, optional={
    "position": positions, "moves": values, "lesson": values, "step": values,
    "puzzle": values, "theme": values})


@pytest.fixture(scope="module")
def course() -> Course:
    return load_course(FIXTURES / "course")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> ProgressStore:
    return ProgressStore(tmp_path_factory.mktemp("fuzz") / "p.sqlite3")


@pytest.fixture(scope="module")
def ana(store: ProgressStore) -> Learner:
    return store.learner("Ana")


@FUZZ
@given(params)
def test_fuzz_links(fuzz_record: FuzzRecord, course: Course, store: ProgressStore,
                    ana: Learner, params: dict[str, str]) -> None:
    with fuzz_record.input("links: every page's parameters", params) as called:
        found = links.read_position(params.get("position"), params.get("moves"))
        called(found.error is not None)
        for value in params.values():
            links.clean_id(value)
            links.read_themes(value, course.themes())
        sandbox = SandboxController({}, dict(params))
        sandbox.sync()
        sandbox.screen()
        memory: dict[str, Any] = {}
        lesson = LessonController(memory, course, store, ana, dict(params))
        lesson.follow_link()
        lesson.take_link_error()
        lesson.screen()
        puzzles = PuzzleController({}, course, store, ana, dict(params))
        puzzles.follow_links()
        puzzles.take_link_error()
        puzzles.screen()


def test_the_fixture_course_has_what_links_name(course: Course, tmp_path: Path) -> None:
    assert course.lesson("basics") and course.puzzles and not course.errors
