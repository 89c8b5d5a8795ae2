"""The true/false step: is the author's statement about the game true?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine import Rules
from tutorial_app.course.i18n import t
from tutorial_app.course.outcome import Feedback, FeedbackStatus, stars
from tutorial_app.course.steps.base import AnswerLine, StepUnit, raw
from tutorial_app.course.steps.base import text as _text
from tutorial_app.course.yamlsrc import Fields, Source


@dataclass(frozen=True)
class TrueFalseStep:
    id: str
    prompt: str
    answer: bool
    labels: tuple[str, str]  # what the learner reads for true, for false
    success: str = ""
    key: str = ""
    position: None = None
    kind: Literal["truefalse"] = "truefalse"


class TrueFalseUnit(StepUnit[TrueFalseStep]):
    kind = "truefalse"
    required = ("prompt", "answer", "true", "false")
    optional = ("success",)
    by_doing = False

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> TrueFalseStep | None:
        node = fields.get("answer")
        written = raw(fields, "answer").lower()
        if written not in ("true", "false"):
            src.error(node, fields.at("answer"), "must be true or false")
            return None
        return TrueFalseStep(id="", prompt=_text(src, fields, "prompt", key),
                             answer=written == "true",
                             labels=(_text(src, fields, "true", key),
                                     _text(src, fields, "false", key)),
                             success=_text(src, fields, "success", key))

    def check(self, step: TrueFalseStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        if answer == step.answer:
            return Feedback(FeedbackStatus.CORRECT, step.success or t("choose.correct"),
                            stars=stars(wrong_attempts, hints_used))
        return Feedback(FeedbackStatus.MISSED, t("quiz.wrong"))

    def answer_keys(self, step: TrueFalseStep) -> tuple[str, ...]:
        return (f"tf.{step.id}",)

    def picked(self, step: TrueFalseStep, values: Sequence[object]) -> bool | None:
        return None if values[0] is None else bool(values[0])

    def revealed(self, step: TrueFalseStep) -> tuple[AnswerLine, ...]:
        return (AnswerLine(step.labels[0] if step.answer else step.labels[1]),)

    def options(self, step: TrueFalseStep) -> tuple[str, ...]:
        return step.labels


UNIT = TrueFalseUnit()
