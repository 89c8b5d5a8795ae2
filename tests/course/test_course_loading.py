"""Loading and strict validation: good files load into the documented API, and
each broken file produces exactly the error lines stored next to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import CLASSIC, PRESETS, Position
from tutorial_app.course import (
    ChooseStep,
    Course,
    Lesson,
    LessonError,
    LessonFileError,
    MistakeStep,
    PlayStep,
    PuzzleSet,
    ReadStep,
    load,
    load_course,
    loads,
)

HERE = Path(__file__).parent
GOOD, BROKEN, BROKEN_COURSE = HERE / "good", HERE / "broken", HERE / "broken_course"
BROKEN_FILES = sorted(BROKEN.glob("*.yaml"))


@pytest.mark.parametrize("path", BROKEN_FILES, ids=[p.stem for p in BROKEN_FILES])
def test_broken_file_reports_exactly_its_errors(path: Path) -> None:
    expected = path.with_suffix(".errors").read_text(encoding="utf-8").splitlines()
    with pytest.raises(LessonFileError) as caught:
        loads(path.read_text(encoding="utf-8"), path.name)
    assert [str(e) for e in caught.value.errors] == expected
    assert str(caught.value) == "\n".join(expected)


def test_every_broken_file_has_its_expected_errors() -> None:
    assert len(BROKEN_FILES) >= 15
    for path in BROKEN_FILES:
        assert path.with_suffix(".errors").exists(), path


def test_error_line_format() -> None:
    error = LessonError("lessons/a.yaml", 3, 7, "steps[0].goal", "unknown goal 'x'")
    assert str(error) == "lessons/a.yaml:3:7: steps[0].goal: unknown goal 'x'"
    assert isinstance(LessonFileError([error]), ValueError)


def test_all_errors_of_a_file_at_once() -> None:
    text = "id: X\ntitle: 1\nsteps: []\nextra: 2\n"
    with pytest.raises(LessonFileError) as caught:
        loads(text, "x.yaml")
    assert [(e.line, e.column, e.path) for e in caught.value.errors] == [
        (1, 5, "id"), (2, 8, "title"), (3, 8, "steps"), (4, 1, "extra")]


def test_duplicate_yaml_keys_are_errors() -> None:
    text = "id: a\nid: b\ntitle: T\nsteps:\n  - {id: s, kind: read, text: hi}\n"
    with pytest.raises(LessonFileError) as caught:
        loads(text, "d.yaml")
    assert str(caught.value) == "d.yaml:2:1: id: duplicate key (first given on line 1)"


def test_good_lesson_loads_into_the_api(good_course: Course) -> None:
    lesson = good_course.lesson("basics")
    assert isinstance(lesson, Lesson)
    assert (lesson.id, lesson.title, lesson.rules, lesson.requires) == (
        "basics", "Capturing basics", CLASSIC, ())
    assert lesson.file.endswith("01-basics.yaml")
    kinds = [s.kind for s in lesson.steps]
    assert kinds == ["read", "watch", "play", "choose", "mistake", "choose", "mistake"]
    read, _, play, choose, mistake = lesson.steps[:5]
    assert isinstance(read, ReadStep) and read.position == Position.parse("table: 5c 3d; hand: 8s")
    assert isinstance(play, PlayStep)
    assert play.prompt == "Take the 5♣ and the 3♦ at once with your 8♠."
    assert play.hints[0] == "Which two table cards add up to 8?"
    assert play.hints[1:] == ("Play 8♠.", "The move: 8♠ takes 5♣+3♦.")
    assert play.success == "5 + 3 = 8. That is a sum."
    assert play.key == "lesson.basics.steps.first-sum"
    assert isinstance(choose, ChooseStep)
    assert choose.correct == frozenset({0, 2})
    assert choose.options == ("8♠ takes 8♦, 6♣+2♦, 5♠+3♥", "8♠ takes 6♣+3♥", "8♠ trails")
    assert isinstance(mistake, MistakeStep)
    assert mistake.answer == "number-takes-court"
    assert {c for c, _ in mistake.choices} == {"number-takes-court", "card-not-in-hand",
                                              "card-used-twice"}


def test_steps_are_frozen(good_course: Course) -> None:
    step = good_course.lesson("basics").steps[0]
    with pytest.raises(AttributeError):
        step.id = "other"  # type: ignore[misc]


def test_mistake_without_choices_gets_three_distractors(good_course: Course) -> None:
    step = good_course.lesson("basics").step("auto-choices")
    assert isinstance(step, MistakeStep)
    codes = [c for c, _ in step.choices]
    assert step.answer == "card-used-twice"
    assert len(codes) == 4 and len(set(codes)) == 4 and step.answer in codes
    again = load_course(GOOD).lesson("basics").step("auto-choices")
    assert isinstance(again, MistakeStep) and again.choices == step.choices  # stable order


def test_lesson_rules_apply_to_positions_and_positions_may_override() -> None:
    text = """
id: royal-one
title: Royal
rules: royal
steps:
  - id: a
    kind: play
    position: "table: Qh 7c 5d; hand: Qs 3c"
    prompt: Take as many cards as you can with the Q♠.
    goal: most-cards
  - id: b
    kind: read
    text: A classic table.
    position: "table: Qh; hand: Qs; rules: classic"
"""
    lesson = loads(text, "royal.yaml")
    assert isinstance(lesson, Lesson)
    play, read = lesson.steps
    assert isinstance(play, PlayStep) and isinstance(read, ReadStep)
    assert lesson.rules == PRESETS["royal"] == play.position.rules
    assert [m.text for m in play.solution_moves] == ["Qs x Qh 7c+5d"]
    assert read.position is not None and read.position.rules == CLASSIC


def test_position_mapping_form() -> None:
    text = """
id: mapping
title: Mapping positions
steps:
  - id: a
    kind: play
    prompt: Take the build.
    position:
      table: [2d, "[9: 6s 3h @1]"]
      hand: [9c, 4s]
      players: 3
      seat: 2
    goal: take-build
"""
    lesson = loads(text, "m.yaml")
    assert isinstance(lesson, Lesson)
    step = lesson.steps[0]
    assert isinstance(step, PlayStep)
    assert step.position.text == "table: 2d [9: 3h 6s @1]; hand: 4s 9c; seat: 2; players: 3"


def test_load_reads_a_file_and_raises_with_the_path(tmp_path: Path) -> None:
    good = GOOD / "puzzles" / "practice.yaml"
    puzzle_set = load(good)
    assert isinstance(puzzle_set, PuzzleSet) and puzzle_set.id == "practice"
    assert puzzle_set.puzzles[0].set_id == "practice"
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\n", encoding="utf-8")
    with pytest.raises(LessonFileError) as caught:
        load(bad)
    assert all(e.file == str(bad) for e in caught.value.errors)


def test_course_orders_lessons_and_finds_puzzles(good_course: Course) -> None:
    assert [lesson.id for lesson in good_course.lessons] == ["basics", "builds"]
    assert [p.id for p in good_course.puzzles] == ["p-sum", "p-sweep", "p-points", "p-safe"]
    assert good_course.puzzle("p-sweep").title == "Clear it"
    assert good_course.puzzle("practice/p-sum").difficulty == 2
    assert good_course.puzzle("p-sum").title == "Practice #1"
    assert good_course.themes() == ["sum", "multiple-capture", "sweep", "scoring", "strategy"]
    assert [p.id for p in good_course.puzzles_with("sum")] == ["p-sum"]
    assert good_course.puzzle_set("practice").title == "Practice"
    with pytest.raises(KeyError):
        good_course.lesson("nope")
    with pytest.raises(KeyError):
        good_course.puzzle("nope")


def test_prerequisites_come_first_whatever_the_file_order(tmp_path: Path) -> None:
    for name, lesson_id, requires in [("a.yaml", "late", "[early, middle]"),
                                      ("b.yaml", "middle", "[early]"),
                                      ("c.yaml", "early", "[]")]:
        (tmp_path / name).write_text(
            f"id: {lesson_id}\ntitle: T\nrequires: {requires}\n"
            "steps:\n  - {id: s, kind: read, text: hi}\n", encoding="utf-8")
    course = load_course(tmp_path)
    assert course.errors == []
    assert [lesson.id for lesson in course.lessons] == ["early", "middle", "late"]


def _lessons(folder: Path, requires: dict[str, str]) -> None:
    for number, (lesson_id, needs) in enumerate(requires.items(), start=1):
        (folder / f"{number:02}-{lesson_id}.yaml").write_text(
            f"id: {lesson_id}\ntitle: T\nrequires: {needs}\n"
            "steps:\n  - {id: s, kind: read, text: hi}\n", encoding="utf-8")


def test_the_earliest_file_comes_first_among_lessons_that_may(tmp_path: Path) -> None:
    _lessons(tmp_path, {"d": "[b]", "c": "[]", "b": "[]", "a": "[c]", "e": "[a, d]"})
    assert [lesson.id for lesson in load_course(tmp_path).lessons] == ["c", "b", "d", "a", "e"]


def test_tangled_circles_drop_every_lesson_in_them(tmp_path: Path) -> None:
    """Two circles through one lesson: each lesson is named in one circle at most, and
    every lesson in a circle, or after one, is dropped with a reason."""
    _lessons(tmp_path, {"ok": "[]", "a": "[b]", "b": "[a, c]", "c": "[b]", "self": "[self]",
                        "after": "[ok, c]"})
    course = load_course(tmp_path)
    assert [lesson.id for lesson in course.lessons] == ["ok"]
    assert {Path(e.file).name for e in course.errors} == {
        "02-a.yaml", "03-b.yaml", "04-c.yaml", "05-self.yaml", "06-after.yaml"}
    circles = [e.message for e in course.errors if "circle" in e.message]
    assert len(circles) == len({e.file for e in course.errors if "circle" in e.message})
    assert "prerequisites go round in a circle: a -> b -> a" in circles
    assert [e.message for e in course.errors if e.file.endswith("05-self.yaml")] == [
        "a lesson cannot require itself"]
    assert all(e.message.startswith("requires ") for e in course.errors
               if e.file.endswith("06-after.yaml"))


def test_course_level_errors_never_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BROKEN_COURSE)
    course = load_course(Path("."))
    expected = (BROKEN_COURSE / "expected.errors").read_text(encoding="utf-8").splitlines()
    assert [str(e) for e in course.errors] == expected
    assert [lesson.id for lesson in course.lessons] == ["start", "good"]
    assert [s.id for s in course.puzzle_sets] == ["drill"]


def test_course_of_broken_files_still_loads_the_good_ones(tmp_path: Path) -> None:
    for path in BROKEN_FILES:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "zz-good.yaml").write_bytes((GOOD / "01-basics.yaml").read_bytes())
    course = load_course(tmp_path)
    assert [lesson.id for lesson in course.lessons] == ["basics"]
    assert len({e.file for e in course.errors}) == len(BROKEN_FILES)


def test_the_examples_in_docs_lessons_md_load() -> None:
    import re

    doc = (HERE.parents[1] / "docs" / "lessons.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    lesson, puzzle_set = loads(blocks[0], "doc-lesson.yaml"), loads(blocks[2], "doc-set.yaml")
    assert isinstance(lesson, Lesson) and [s.kind for s in lesson.steps] == [
        "read", "play", "choose", "mistake"]
    assert isinstance(puzzle_set, PuzzleSet) and len(puzzle_set.puzzles) == 1


def test_the_line_puzzle_example_in_docs_lessons_md_loads_and_is_proved(
        tmp_path: Path) -> None:
    import re

    from tutorial_app.course.puzzles.line_puzzles import load_file, prove

    doc = (HERE.parents[1] / "docs" / "lessons.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S)
                if b.startswith("id: lines-")]
    path = tmp_path / "doc.lines"
    path.write_text(block, encoding="utf-8")
    loaded = load_file(path)
    assert loaded.errors == [] and len(loaded.puzzles) == 1
    assert prove(loaded.puzzles[0]) == []
