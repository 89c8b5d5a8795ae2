"""The quiz step: pick the value of a fact of the game (course/judge/facts.py), its
arguments, and the choices, exactly one of which must be the value the engine computes.

A quiz is held to the same chance rule as a play step: at least three choices,
so a guess passes less than half the time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

import yaml

from engine import Rules
from tutorial_app.course.concepts import rules_concepts
from tutorial_app.course.judge.facts import FACT_CONCEPTS, FACT_RULES, FACTS, FactError
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus, stars
from tutorial_app.course.proofs import truth
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.yamlsrc import Fields, Source, child, suggest
from tutorial_app.course.steps.base import INDENT, AnswerLine, StepUnit, step_rules, why_lines
from tutorial_app.words.i18n import lesson_text, t


@dataclass(frozen=True)
class QuizStep:
    """Pick the value of a fact of the game (the deal, the stock, who wins): the engine
    computes it (course/judge/facts.py), the author only lists the choices."""

    id: str
    prompt: str
    fact: str  # a name of course/judge/facts.py
    rules: Rules
    choices: tuple[tuple[str, str], ...]  # (value as text, what the learner reads)
    answer: str  # the value, as text, the engine computed
    success: str = ""
    why: str = ""  # the rule behind the prompt, shown folded under it
    key: str = ""
    position: None = None
    kind: Literal["quiz"] = "quiz"
    wrong: tuple[tuple[str, str], ...] = ()  # (value, why that choice is wrong), each wrong one


MIN_CHOICES: Final = 3


def _plain(node: yaml.Node) -> object:
    return yaml.safe_load(yaml.serialize(node))


def _text(src: Source, fields: Fields, name: str, key: str) -> str:
    node = fields.get(name)
    if node is None:
        return ""
    text = yamlsrc.text(src, node, fields.at(name))
    return lesson_text(f"{key}.{name}", text) if text is not None else ""


def read_quiz(src: Source, fields: Fields, rules: Rules, key: str) -> QuizStep | None:
    lesson_rules = rules
    prompt = _text(src, fields, "prompt", key)
    success = _text(src, fields, "success", key)
    read = step_rules(src, fields, rules, read_on=True)
    if read is None:
        return None
    rules = read
    fact_node = fields.get("fact")
    choices_node = fields.get("choices")
    if fact_node is None or choices_node is None:
        return None
    fact = _plain(fact_node)
    name, args = (fact, {}) if isinstance(fact, str) else (
        next(iter(fact.items())) if isinstance(fact, dict) and len(fact) == 1 else (None, None))
    if not isinstance(name, str) or not isinstance(args, dict):
        src.error(fact_node, fields.at("fact"), "a fact: its name, or {name: {arguments}}; "
                  "facts: " + ", ".join(FACTS))
        return None
    if name not in FACTS:
        src.error(fact_node, fields.at("fact"), f"unknown fact {name!r}{suggest(name, FACTS)};"
                  " facts: " + ", ".join(FACTS))
        return None
    try:
        value = str(FACTS[name](rules, args))
    except FactError as error:
        src.error(fact_node, fields.at("fact"), f"{name}: {error}")
        return None
    answer = _fact_answer(name, args)
    raw = _plain(choices_node)
    if isinstance(raw, list):
        choices = [(str(v), str(v)) for v in raw]
    elif isinstance(raw, dict):
        choices = [(str(k), lesson_text(f"{key}.choices.{k}", str(v))) for k, v in raw.items()]
    else:
        src.error(choices_node, fields.at("choices"), "a list of values, or a mapping of value "
                  "to what the learner reads")
        return None
    values = [v for v, _ in choices]
    if len(choices) < MIN_CHOICES:
        src.error(choices_node, fields.at("choices"), f"at least {MIN_CHOICES} choices, so a "
                  "guess passes less than half the time")
    elif len(set(values)) != len(values):
        src.error(choices_node, fields.at("choices"), "a value is listed twice")
    elif values.count(value) != 1:
        src.error(choices_node, fields.at("choices"), f"the engine's answer is {value}, which "
                  f"is not among the choices ({', '.join(values)})")
    else:
        wrong = _wrong(src, fields, key, values, value)
        if src.proofs:
            truth.report(src, fields, truth.named_setting_faults(rules, lesson_rules, answer,
                                                                 "rules"))
        if wrong is not None:
            return QuizStep(id="", prompt=prompt, fact=name, rules=rules,
                            choices=tuple(choices), answer=value, success=success, wrong=wrong,
                            why=_text(src, fields, "why", key))
    return None


def _fact_answer(name: str, args: dict[str, object]) -> truth.Answer:
    """The fact's value under other rules (None when it cannot be computed)."""
    def answer(rules: Rules) -> object:
        try:
            return str(FACTS[name](rules, args))
        except FactError:
            return None
    return answer


def _wrong(src: Source, fields: Fields, key: str, values: list[str],
           answer: str) -> tuple[tuple[str, str], ...] | None:
    """`wrong:` a mapping of each wrong choice to one sentence: why that value is wrong.
    Every wrong choice needs one, so a wrong pick is answered about itself."""
    node = fields.get("wrong")
    if node is None:
        if src.proofs:  # validate asks for them; the app serves files validate passed
            src.error(fields.node, fields.at("wrong"), "missing: say why each wrong choice is "
                      "wrong, e.g. wrong: {40: 'That pack has no court cards.'}")
            return None
        return ()
    if not isinstance(node, yaml.MappingNode):
        src.error(node, fields.at("wrong"), "a mapping of each wrong choice to why it is "
                  "wrong, e.g. {40: '40 is the pack without its kings and queens.'}")
        return None
    out: list[tuple[str, str]] = []
    ok = True
    for key_node, text_node in node.value:
        value = str(_plain(key_node))
        path = child(fields.at("wrong"), value)
        text = yamlsrc.text(src, text_node, path)
        if value == answer:
            src.error(key_node, path, f"{value} is the engine's answer: only the wrong "
                      "choices say why they are wrong (write what a right pick hears in "
                      "success:)")
            ok = False
        elif value not in values:
            src.error(key_node, path, f"{value} is not among the choices "
                      f"({', '.join(values)})")
            ok = False
        elif text is not None:
            out.append((value, lesson_text(f"{key}.wrong.{value}", text)))
    missing = [v for v in values if v != answer and v not in dict(out)]
    if missing and ok:
        src.error(node, fields.at("wrong"), f"say why {missing[0]} is wrong: every wrong "
                  "choice needs its own reason")
        return None
    return tuple(out) if ok else None


def check_quiz(step: QuizStep, value: str, *, wrong_attempts: int = 0,
               hints_used: int = 0) -> Feedback:
    """Right when the learner picks the value the engine computed for the fact; a wrong
    pick hears the author's reason why that value is wrong."""
    if value == step.answer:
        return Feedback(FeedbackStatus.CORRECT, step.success or t("choose.correct"),
                        stars=stars(wrong_attempts, hints_used, answers=len(step.choices)))
    return Feedback(FeedbackStatus.MISSED, dict(step.wrong).get(value) or t("quiz.wrong"))


class QuizUnit(StepUnit[QuizStep]):
    kind = "quiz"
    required = ("prompt", "fact", "choices")
    optional = ("wrong", "rules", "success", "why")
    by_doing = False  # it asks about the rules; no card is played

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> QuizStep | None:
        return read_quiz(src, fields, rules, key)

    def check(self, step: QuizStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        return check_quiz(step, str(answer), wrong_attempts=wrong_attempts,
                          hints_used=hints_used)

    def replies(self, step: QuizStep) -> Iterator[tuple[str, str]]:
        """The reply to each value offered."""
        for value, _ in step.choices:
            yield value, check_quiz(step, value).message

    def answer_keys(self, step: QuizStep) -> tuple[str, ...]:
        return (f"quiz.{step.id}",)

    def picked(self, step: QuizStep, values: Sequence[object]) -> str | None:
        return None if values[0] is None else str(values[0])

    def needs(self, step: QuizStep) -> dict[str, str]:
        quiz = dict(rules_concepts(step.rules))
        quiz.setdefault(FACT_CONCEPTS[step.fact], f"its fact {step.fact}")
        return quiz

    def answers(self, step: QuizStep) -> int:
        return len(step.choices)

    def revealed(self, step: QuizStep) -> tuple[AnswerLine, ...]:
        return (AnswerLine(dict(step.choices)[step.answer]),)

    def options(self, step: QuizStep) -> tuple[str, ...]:
        return tuple(label for _, label in step.choices)

    def rules_of(self, step: QuizStep) -> Rules:
        return step.rules

    def practised(self, step: QuizStep) -> set[str]:
        return set(FACT_RULES[step.fact])

    def show(self, step: QuizStep) -> list[str]:
        wrong = dict(step.wrong)
        return [f"{INDENT}prompt: {step.prompt}", *why_lines(step),
                f"{INDENT}fact: {step.fact} under {step.rules.text}",
                *(f"{INDENT}  {'+' if v == step.answer else '-'} {v}: {label}"
                  + (f"   (picked: {wrong[v]})" if v in wrong else "")
                  for v, label in step.choices)]


UNIT = QuizUnit()
