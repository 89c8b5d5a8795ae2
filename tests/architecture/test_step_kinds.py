"""Every lesson step kind is a whole unit: a reader, a checker, a drawer on the Learn
page and a section in docs/architecture.md, all found from the one table of kinds.

The drawers are read from views/learn.py with `ast` (importing a page runs it).
"""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

import pytest

from tutorial_app.course import model
from tutorial_app.course.steps import STEP_KINDS, UNITS, Step, StepKind, unit
from tutorial_app.course.steps.base import StepUnit

ROOT = Path(__file__).resolve().parents[2]
LEARN_VIEW = ROOT / "tutorial_app" / "views" / "learn.py"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
KINDS = [kind.value for kind in StepKind]


def _drawers() -> dict[str, str]:
    """`DRAWERS` in views/learn.py: kind member name -> drawer function name."""
    tree = ast.parse(LEARN_VIEW.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                node.target.id == "DRAWERS" and isinstance(node.value, ast.Dict):
            out: dict[str, str] = {}
            for key, value in zip(node.value.keys, node.value.values, strict=True):
                assert isinstance(key, ast.Attribute) and isinstance(value, ast.Name)
                out[key.attr] = value.id
            return out
    raise AssertionError("views/learn.py has no DRAWERS table")


def _functions() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(LEARN_VIEW.read_text(encoding="utf-8"))
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def _kind_sections() -> set[str]:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    part = text.split("## Adding a step kind", 1)
    assert len(part) == 2, "docs/architecture.md has no 'Adding a step kind' section"
    section = re.split(r"^## ", part[1], flags=re.MULTILINE)[0]
    return set(re.findall(r"^### The (\S+) step$", section, flags=re.MULTILINE))


def test_the_table_lists_every_kind_once() -> None:
    assert set(UNITS) == set(StepKind) and tuple(StepKind) == STEP_KINDS
    assert model.StepKind is StepKind and model.Step == Step  # the model names the same
    for kind, found in UNITS.items():
        assert found.kind == kind.value, f"{kind}: its unit says it is {found.kind!r}"


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_its_own_reader_and_checker(kind: str) -> None:
    own = vars(type(unit(kind)))
    assert "read" in own, f"the {kind} unit has no reader"
    assert "check" in own, f"the {kind} unit has no checker"
    assert own["read"] is not StepUnit.read and own["check"] is not StepUnit.check


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_lists_its_replies_for_the_sentence_check(kind: str) -> None:
    """The sentence check (course/authoring/sentences.py) reads each kind's replies through its
    unit, never by asking which kind a step is: a kind without `replies` would have
    its words go unread in every language."""
    own = vars(type(unit(kind)))
    assert "replies" in own, f"the {kind} unit does not list its replies"
    assert own["replies"] is not StepUnit.replies


def test_the_sentence_check_asks_no_step_which_kind_it_is() -> None:
    source = (ROOT / "tutorial_app" / "course" / "authoring" / "sentences.py").read_text(
        encoding="utf-8")
    classes = {cls.__name__ for cls in typing.get_args(Step)} | {"Puzzle"}
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "isinstance":
            named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            assert not named & classes, f"sentences.py line {node.lineno} tests a step's kind"


def test_every_kind_has_a_dataclass_in_the_step_union() -> None:
    classes = typing.get_args(Step)
    kinds = {cls.__dataclass_fields__["kind"].default: cls for cls in classes}
    assert set(kinds) == set(KINDS), "each kind's dataclass belongs in the Step union"


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_a_drawer(kind: str) -> None:
    drawers = _drawers()
    name = StepKind(kind).name
    assert name in drawers, f"views/learn.py DRAWERS has no drawer for {kind}"
    function = _functions().get(drawers[name])
    assert function is not None, f"{drawers[name]} is not a function of views/learn.py"
    assert len(function.args.args) == 3, "a drawer takes the controller, the step, the screen"


def test_the_drawers_are_only_for_kinds() -> None:
    assert set(_drawers()) == {kind.name for kind in StepKind}


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_a_section_in_the_architecture_notes(kind: str) -> None:
    assert kind in _kind_sections(), f"docs/architecture.md: add '### The {kind} step'"


def test_a_puzzle_is_judged_as_a_play_step() -> None:
    assert unit("puzzle") is UNITS[StepKind.PLAY]
    with pytest.raises(ValueError):
        unit("riddle")
