"""The watch step (a demonstration): its beats' boards worked out when the lesson loads,
every move legal and every card shown on the board, each problem named at its
file:line and key; what it demonstrates; its sentences translated like other lesson
text; a stage cut that counts it with the task it opens; and the course check that the
first task of each new kind comes after a demonstration of it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from watch_lessons import SUM_DEMO, SUM_TASK

from engine import Card, Position
from tutorial_app.course import LessonFileError, load_course, loads
from tutorial_app.course.authoring.cli import main
from tutorial_app.course.model import Lesson
from tutorial_app.course.proofs import demonstrations
from tutorial_app.course.reading.stages import cut, doing, task_count
from tutorial_app.course.steps import UNITS, StepKind, scored, step_needs, unit_of
from tutorial_app.course.steps.watch import WatchStep
from tutorial_app.words.i18n import recording_lesson_texts

UNIT = UNITS[StepKind.WATCH]


def lesson_of(steps: str, teaches: str = "[values, trail, pair, sum]") -> Lesson:
    lesson = loads(f"id: w\ntitle: W\nteaches: {teaches}\nsteps:\n{steps}", "w.yaml")
    assert isinstance(lesson, Lesson)
    return lesson


def watch(steps: str = SUM_DEMO, teaches: str = "[values, trail, pair, sum]") -> WatchStep:
    step = lesson_of(steps, teaches).steps[0]
    assert isinstance(step, WatchStep)
    return step


def errors_of(steps: str) -> list[str]:
    with pytest.raises(LessonFileError) as caught:
        lesson_of(steps)
    return [str(e) for e in caught.value.errors]


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.parse(c) for c in text.split())


def test_each_beat_has_its_board_its_marked_cards_and_the_pile() -> None:
    step = watch()
    first, second, third = step.beats
    assert first.board == step.position and first.marked == cards("8s") and first.pile == ()
    assert second.marked == cards("5c 3d") and second.move is None
    assert third.move is not None and third.move.text == "8s x 5c+3d"
    assert third.before == step.position
    assert third.board == Position.parse("table: 9h; hand: 2c")
    assert set(third.pile) == cards("8s 5c 3d") == third.marked  # all that moved
    assert not third.sweep
    assert step.then == "Now you take a sum."


def test_a_demonstration_is_not_scored_and_replies_nothing() -> None:
    step = watch()
    assert not scored("watch") and UNIT.beats(step) == 3
    assert list(UNIT.replies(step)) == []
    assert UNIT.check(step, None).correct


def test_it_demonstrates_what_its_moves_use_and_needs_the_same() -> None:
    step = watch()
    assert set(UNIT.demonstrates(step)) == {"sum"}
    assert step_needs(step) == {"sum": "its move 8s x 5c+3d (beat 3)"}


def test_a_sweep_a_controllers_turn_and_a_scoring_card_are_demonstrated() -> None:
    step = watch("""  - id: see
    kind: watch
    position: "table: 5c 3d [7: 4h 3s @0]; hand: 8s 7c 10d"
    beats:
      - say: You own the 7-build.
        show: 4h
      - say: You take it.
        move: "7c x [4h 3s]"
      - say: Then the sum, and the table is empty.
        move: "8s x 5c+3d"
      - say: The 5♣ scores nothing; here it is.
        show: 5c
""", "[values, pair, sum, build, take-build, controller, sweep]")
    shown = UNIT.demonstrates(step)
    assert {"take-build", "controller", "sweep", "sum"} <= set(shown)
    assert "scoring" not in shown  # the 5♣ scores nothing
    assert step.beats[2].sweep


def test_pointing_at_a_captured_ace_demonstrates_scoring() -> None:
    step = watch("""  - id: see
    kind: watch
    position: "table: As 9h; hand: Ac 2c"
    beats:
      - say: The A♣ takes the A♠.
        move: "Ac x As"
      - say: Each ace in your pile is a point.
        show: As
""", "[values, pair, scoring]")
    assert UNIT.demonstrates(step)["scoring"].startswith("the captured As")


def test_an_illegal_move_is_named_at_its_line_and_key() -> None:
    found = errors_of(SUM_DEMO.replace('"8s x 5c+3d"', '"8s x 5c"'))
    assert len(found) == 1
    assert found[0].startswith("w.yaml:14:15: steps[0].beats[2].move: not a legal move")
    assert "4.1" in found[0]


def test_a_move_is_checked_on_the_board_the_beats_before_it_left() -> None:
    twice = SUM_DEMO + """      - say: And again.
        move: "8s x 5c+3d"
"""
    (found,) = errors_of(twice.replace("    then: Now you take a sum.\n", ""))
    assert "steps[0].beats[3].move: " in found


def test_a_card_shown_must_be_on_the_board_at_that_beat() -> None:
    (found,) = errors_of(SUM_DEMO.replace("show: 5c 3d", "show: 5c Kh"))
    assert found.startswith("w.yaml:12:15: steps[0].beats[1].show: Kh is not on the board")


@pytest.mark.parametrize(("beat", "message"), [
    ("{say: Look., show: 8s, move: 8s t}", "not both"),
    ("{show: 8s}", "say: missing"),
    ("{say: Look., show: 8x}", "show: "),
    ("{say: Look., move: 8s takes}", "move: "),
    ("{say: Look., point: 8s}", "unknown key 'point'"),
    ("Look at it.", "expected a beat"),
])
def test_a_malformed_beat_is_named(beat: str, message: str) -> None:
    found = errors_of(f"""  - id: see
    kind: watch
    position: "table: 5c; hand: 8s"
    beats:
      - {beat}
""")
    assert found and all(e.startswith("w.yaml:") and "steps[0].beats[0]" in e for e in found)
    assert any(message in e for e in found)


def test_beats_are_a_short_nonempty_list() -> None:
    head = '  - id: see\n    kind: watch\n    position: "table: 5c; hand: 8s"\n'
    assert "at least one beat" in errors_of(head + "    beats: []\n")[0]
    many = "".join("      - {say: Look., show: 8s}\n" for _ in range(9))
    assert "at most 8" in errors_of(head + "    beats:\n" + many)[0]
    assert "beats: missing" in errors_of(head)[0]


def test_the_sentences_are_lesson_texts_under_the_steps_key() -> None:
    with recording_lesson_texts() as found:
        lesson_of(SUM_DEMO)
    assert found["lesson.w.steps.see-a-sum.beats.0.say"] == "Your 8♠ is worth 8."
    assert found["lesson.w.steps.see-a-sum.beats.2.say"] == (
        "So the 8♠ takes them both, as one sum.")
    assert found["lesson.w.steps.see-a-sum.then"] == "Now you take a sum."


def test_a_demonstration_shows_only_what_its_lessons_teach() -> None:
    """A demonstration needs what it shows: shown before its lesson teaches it is the
    error any task gets."""
    with pytest.raises(LessonFileError) as caught:
        lesson_of(SUM_DEMO, teaches="[values, trail, pair]")
    assert any("'sum'" in str(e) for e in caught.value.errors)


def test_the_stage_cut_counts_a_demonstration_with_the_task_it_opens() -> None:
    lesson = lesson_of(SUM_DEMO + SUM_TASK)
    assert task_count(lesson.steps) == 1 and doing(list(lesson.steps)) == 1
    eight = "".join(SUM_TASK.replace("first-sum", f"sum-{n}") for n in range(8))
    many = lesson_of(SUM_DEMO + eight).steps
    assert len(many) == 9 and [len(part) for part in cut(list(many))] == [9]  # one stage
    # a demonstration is never left at the end of a stage, away from its task
    sixteen = "".join(SUM_TASK.replace("first-sum", f"s-{n}") for n in range(7))
    steps = list(lesson_of(sixteen + SUM_DEMO.replace("see-a-sum", "d") + eight).steps)
    parts = cut(steps)
    assert all(unit_of(part[-1]).beats(part[-1]) == 0 for part in parts)


def write_course(folder: Path, second: str) -> None:
    (folder / "01-pairs.yaml").write_text(
        "id: pairs\ntitle: P\nteaches: [values, trail, pair]\nsteps:\n"
        "  - id: see\n    kind: watch\n    position: \"table: 7h 9c; hand: 7s 2c\"\n"
        "    beats:\n      - {say: Your 7♠ takes the 7♥., move: 7s x 7h}\n"
        "      - {say: Or a card is laid down., move: 2c t}\n"
        "  - id: pair\n    kind: play\n    position: \"table: 7h 9c; hand: 7s 2c\"\n"
        "    prompt: Take the 7♥.\n    goal: {capture: [7h]}\n", encoding="utf-8")
    (folder / "02-sums.yaml").write_text(
        f"id: sums\ntitle: S\nrequires: [pairs]\nteaches: [sum]\nsteps:\n{second}",
        encoding="utf-8")


def test_a_new_kind_of_task_without_a_demonstration_is_a_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_course(tmp_path, SUM_TASK)
    course = load_course(tmp_path)
    assert course.errors == []  # the files load: the check is the course's
    (problem,) = demonstrations.missing(course.lessons)
    assert (Path(problem.file).name, problem.line, problem.path) == ("02-sums.yaml", 6,
                                                                     "steps[0]")
    assert "'sum'" in problem.message and "watch step" in problem.message
    assert problem.message.endswith("add a watch step before it with a move that shows 'sum'")
    assert main(["validate", str(tmp_path)]) == 1
    assert "02-sums.yaml:6:5: steps[0]: the course's first task that needs 'sum'" in (
        capsys.readouterr().out)


def test_a_demonstration_before_it_in_its_lesson_passes(tmp_path: Path) -> None:
    write_course(tmp_path, SUM_DEMO + SUM_TASK)
    course = load_course(tmp_path)
    assert course.errors == [] and demonstrations.missing(course.lessons) == []
    assert main(["validate", str(tmp_path)]) == 0


def test_a_demonstration_after_the_task_does_not_count(tmp_path: Path) -> None:
    write_course(tmp_path, SUM_TASK + SUM_DEMO)
    (problem,) = demonstrations.missing(load_course(tmp_path).lessons)
    assert problem.path == "steps[0]"


def test_the_shipped_course_demonstrates_every_new_kind_of_task() -> None:
    from tutorial_app.config import shipped_lessons

    course = load_course(shipped_lessons(), proofs=False)
    assert [str(e) for e in demonstrations.missing(course.lessons)] == []


def test_the_example_in_docs_lessons_md_loads_and_demonstrates_its_task() -> None:
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text(
        encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S)
                if "kind: watch" in b]
    lesson = loads(block, "doc-watch.yaml")
    assert isinstance(lesson, Lesson)
    assert [s.kind for s in lesson.steps] == ["watch", "play"]
    assert demonstrations.missing([lesson]) == []
    assert demonstrations.missing([replace(lesson, steps=lesson.steps[1:])]) != []


def test_a_demonstration_is_no_practice_task() -> None:
    """Practice draws on what a learner answers: a demonstration asks nothing."""
    from tutorial_app.course.practice.skills import course_tasks

    lesson = lesson_of(SUM_DEMO + SUM_TASK)
    assert [t.ref for t in course_tasks([lesson], [])] == ["w/first-sum"]


def test_a_sweep_is_asked_for_as_a_move_that_clears_the_table(tmp_path: Path) -> None:
    write_course(tmp_path, SUM_DEMO + SUM_TASK)
    (tmp_path / "03-sweeps.yaml").write_text(
        "id: sweeps\ntitle: W\nrequires: [sums]\nteaches: [sweep]\nsteps:\n"
        "  - id: sweep\n    kind: play\n    position: \"table: 4c 5h; hand: 9s 3d\"\n"
        "    prompt: Sweep the table.\n    goal: sweep\n", encoding="utf-8")
    (problem,) = demonstrations.missing(load_course(tmp_path).lessons)
    assert "'sweep'" in problem.message
    assert problem.message.endswith("with a move that clears the table")


def test_a_beat_says_at_most_twenty_words() -> None:
    long = "The 4♥ and the 2♠ add up to 6, which is the value of your 6♦, so it may take both."
    (found,) = errors_of(SUM_DEMO.replace("The 5♣ and the 3♦ add up to 8.", long))
    assert found.startswith("w.yaml:11:14: steps[0].beats[1].say: 21 words")
