"""Reading one lesson step: its id and kind here, the rest by its kind's unit
(course/steps/<kind>.py).

Each kind has its own keys; a key that belongs to another kind is reported
as unknown, which catches a step whose `kind:` is wrong as well as typos.
"""

from __future__ import annotations

from dataclasses import replace

import yaml

from engine import Rules
from tutorial_app.course.proofs import brevity
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.yamlsrc import Source, suggest
from tutorial_app.course.steps import STEP_KINDS, UNITS, Step, StepKind


def read_step(src: Source, node: yaml.Node, path: str, lesson_id: str,
              rules: Rules) -> tuple[Step | None, str | None, yaml.Node | None]:
    """The step (None if it has errors), its id and the id's node (for duplicate checks)."""
    if not isinstance(node, yaml.MappingNode):
        src.error(node, path, f"expected a step (a mapping with id and kind), got "
                  f"{yamlsrc.describe_node(node)}")
        return None, None, None
    kind = _kind(src, node, path)
    if kind is None:
        return None, None, None
    unit = UNITS[kind]
    required, optional = unit.required, unit.optional
    fields = yamlsrc.mapping(src, node, path, ("id", "kind", *required), optional)
    assert fields is not None
    id_node = fields.get("id")
    step_id = yamlsrc.identifier(src, id_node, fields.at("id")) if id_node is not None else None
    key = f"lesson.{lesson_id}.steps.{step_id}"
    before = len(src.errors)
    step: Step | None = unit.read(src, fields, rules, key)
    if "prompt" in required or "prompt" in optional:
        brevity.report_long_prompt(src, fields, f"step {step_id!r}")
    if step_id is None or len(src.errors) > before:
        step = None
    elif step is not None:
        step = _with_id(step, step_id, key)
    return step, step_id, id_node


def _with_id(step: Step, step_id: str, key: str) -> Step:
    return replace(step, id=step_id, key=key)


def _kind(src: Source, node: yaml.MappingNode, path: str) -> StepKind | None:
    for key_node, value_node in node.value:
        if key_node.value == "kind":
            kind = yamlsrc.text(src, value_node, f"{path}.kind")
            if kind is None:
                return None
            if kind not in STEP_KINDS:
                src.error(value_node, f"{path}.kind", f"unknown step kind {kind!r}"
                          f"{suggest(kind, STEP_KINDS)}; kinds: {', '.join(STEP_KINDS)}")
                return None
            return StepKind(kind)
    src.error(node, f"{path}.kind", f"missing (this key is required: {', '.join(STEP_KINDS)})")
    return None
