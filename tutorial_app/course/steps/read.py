"""The read step: text to read, with an optional picture of a position; not scored."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from engine import Position, Rules
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus
from tutorial_app.course.reading.positions import read_position
from tutorial_app.course.reading.yamlsrc import Fields, Source
from tutorial_app.course.steps.base import INDENT, StepUnit
from tutorial_app.course.steps.base import text as _text


@dataclass(frozen=True)
class ReadStep:
    """Text to read, with an optional picture of a position."""

    id: str
    text: str
    position: Position | None = None
    key: str = ""  # translation key prefix, e.g. "lesson.sums.steps.idea"
    kind: Literal["read"] = "read"


class ReadUnit(StepUnit[ReadStep]):
    kind = "read"
    required = ("text",)
    optional = ("position",)
    scored = False

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> ReadStep | None:
        text = _text(src, fields, "text", key)
        node = fields.get("position")
        position = None
        if node is not None:
            position = read_position(src, node, fields.at("position"), rules)
        return ReadStep(id="", text=text, position=position)

    def check(self, step: ReadStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        """Nothing to get wrong: reading it is all it asks (and it earns no stars)."""
        return Feedback(FeedbackStatus.CORRECT, "")

    def replies(self, step: ReadStep) -> Iterator[tuple[str, str]]:
        """None: a read step is not answered, so it replies nothing."""
        return iter(())

    def needs(self, step: ReadStep) -> dict[str, str]:
        return {}  # a picture to look at asks nothing of the learner

    def text(self, step: ReadStep) -> str:
        return step.text

    def texts(self, step: ReadStep) -> Iterable[str]:
        return ()  # the reading itself is counted apart (course statistics)

    def show(self, step: ReadStep) -> list[str]:
        body = textwrap.indent(step.text.strip(), INDENT + "  ")
        lines = [f"{INDENT}text:", body]
        if step.position is not None:
            lines.append(f"{INDENT}position: {step.position.text}")
        return lines


UNIT = ReadUnit()
