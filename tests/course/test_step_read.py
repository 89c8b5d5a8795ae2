"""The read step's figure: `figure: pack | layout | seats` (seats with `players:`),
read with the lesson's rules; a bad figure is an error naming the file, line and key."""

from __future__ import annotations

import pytest

from engine import CLASSIC
from tutorial_app.course import LessonFileError, loads
from tutorial_app.course.model import Lesson
from tutorial_app.course.reading.stages import join_reading
from tutorial_app.course.steps import UNITS, StepKind
from tutorial_app.course.steps.read import Figure, ReadStep

UNIT = UNITS[StepKind.READ]


def read(body: str, rules: str = "classic") -> ReadStep:
    lesson = loads(f"""id: r
title: R
rules: {rules}
steps:
  - id: look
    kind: read
    text: Look.
{body}""", "r.yaml")
    assert isinstance(lesson, Lesson)
    step = lesson.steps[0]
    assert isinstance(step, ReadStep)
    return step


def test_a_read_step_without_a_figure_has_none() -> None:
    assert read("").figure is None


@pytest.mark.parametrize("name", ["pack", "layout"])
def test_pack_and_layout_take_no_players(name: str) -> None:
    figure = read(f"    figure: {name}\n").figure
    assert figure is not None and figure.name == name and figure.players == 2
    assert f"figure: {name}" in "\n".join(UNIT.show(read(f"    figure: {name}\n")))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_take_the_players(players: int) -> None:
    step = read(f"    figure: seats\n    players: {players}\n")
    assert step.figure == Figure("seats", players, CLASSIC)
    assert f"figure: seats ({players} players)" in "\n".join(UNIT.show(step))


def test_the_figure_keeps_the_lessons_rules() -> None:
    figure = read("    figure: pack\n", rules="royal").figure
    assert figure is not None and figure.rules.royal
    classic = read("    figure: pack\n").figure
    assert classic is not None and not classic.rules.royal


@pytest.mark.parametrize(("body", "error"), [
    ("    figure: seat\n", "r.yaml:8:13: steps[0].figure: unknown figure 'seat' (did you "
     "mean 'seats'?); figures: pack, layout, seats"),
    ("    figure: table\n", "steps[0].figure: unknown figure 'table'; figures: pack, "
     "layout, seats"),
    ("    figure: [pack]\n", "steps[0].figure: expected text, got a list"),
    ("    figure: seats\n", "r.yaml:8:13: steps[0].players: figure: seats needs players: "
     "2, 3 or 4"),
    ("    figure: seats\n    players: 5\n", "r.yaml:9:14: steps[0].players: must be from 2 "
     "to 4, not 5"),
    ("    figure: pack\n    players: 2\n", "r.yaml:9:14: steps[0].players: players: goes "
     "with figure: seats, not with figure: pack"),
    ("    players: 3\n", "steps[0].players: players: goes with figure: seats"),
    ("    figures: pack\n", "steps[0].figures: unknown key 'figures' (did you mean "
     "'figure'?)"),
])
def test_a_bad_figure_is_an_error_with_its_place(body: str, error: str) -> None:
    with pytest.raises(LessonFileError) as raised:
        read(body)
    assert error in str(raised.value)


def test_reading_joined_into_one_task_keeps_its_figures() -> None:
    """Consecutive read steps are one task (course/reading/stages.py): the one figure
    among them is kept, and two figures stay two tasks, so neither is lost."""
    pack = read("    figure: pack\n")
    plain = read("")
    seats = read("    figure: seats\n    players: 3\n")
    joined = join_reading((plain, pack, plain))
    assert len(joined) == 1
    assert isinstance(joined[0], ReadStep) and joined[0].figure == pack.figure
    apart = join_reading((pack, seats))
    assert [s.figure for s in apart if isinstance(s, ReadStep)] == [pack.figure, seats.figure]


def test_the_figures_example_in_docs_lessons_md_loads() -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "lessons.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S) if "figure: pack" in b]
    lesson = loads(f"id: doc\ntitle: Doc\nsteps:\n{block}", "doc.yaml")
    assert isinstance(lesson, Lesson)
    assert [s.figure for s in lesson.steps if isinstance(s, ReadStep)] == [
        Figure("pack"), Figure("seats", 4)]
