"""The mistake step: name what is wrong with an illegal move; the answer is the judge's
reason code, and each wrong choice hears why it does not fit this move."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from engine import (
    REASON_CODES,
    Attempt,
    NotationError,
    Position,
    ReasonCode,
    Rules,
    Verdict,
    check,
    parse_attempt,
)
from tutorial_app.course.concepts import ACE_HIGH, REASON_CONCEPTS
from tutorial_app.course.judge import whynot
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus, stars
from tutorial_app.course.judge.reasons import reason_label
from tutorial_app.course.proofs import chance, truth
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.positions import read_position
from tutorial_app.course.reading.yamlsrc import Fields, Source, suggest
from tutorial_app.course.steps.base import (
    INDENT,
    AnswerLine,
    StepUnit,
    position_needs,
    raw,
    why_lines,
)
from tutorial_app.course.steps.base import text as _text
from tutorial_app.words import words
from tutorial_app.words.i18n import t

BASIC_CONCEPTS: Final = ("values", "trail", "pair")  # the first lessons' (lessons/01-03)
DISTRACTORS: Final = (
    "wrong-sum", "card-used-twice", "number-takes-court", "part-of-build", "build-not-held",
    "build-in-sum", "court-takes-more-than-one", "trail-while-controlling",
    "loose-changes-build", "not-on-table", "card-not-in-hand", "capture-nothing",
    "trail-with-table-cards",
)


@dataclass(frozen=True)
class MistakeStep:
    """Name what is wrong with an illegal move; the answer is the judge's reason code."""

    id: str
    prompt: str
    position: Position
    move: str
    verdict: Verdict  # the judge's, on the move shown (computed when the lesson is loaded)
    choices: tuple[tuple[str, str], ...]
    move_words: str = ""  # the move in the learner's words
    success: str = ""
    why: str = ""  # the rule behind the prompt, shown folded under it
    key: str = ""
    kind: Literal["mistake"] = "mistake"
    hints: tuple[str, ...] = ()  # made from the move: where to look, one wrong choice, the rule

    @property
    def answer(self) -> str:
        """The reason code the learner should name."""
        return self.verdict.code

    @property
    def explanation(self) -> str:
        """The judge's explanation, shown once answered, in the learner's language."""
        return words.verdict(self.verdict)

    @property
    def rule(self) -> str | None:
        return self.verdict.rule


def _mistake(src: Source, fields: Fields, rules: Rules, key: str) -> MistakeStep | None:
    prompt = _text(src, fields, "prompt", key, t("mistake.prompt"))
    success = _text(src, fields, "success", key)
    node = fields.get("position")
    position = read_position(src, node, fields.at("position"), rules) if node else None
    move_node = fields.get("move")
    attempt = None
    text = yamlsrc.text(src, move_node, fields.at("move")) if move_node is not None else None
    if text is not None:
        try:
            attempt = parse_attempt(text)
        except NotationError as error:
            src.error(move_node, fields.at("move"), str(error))
    choices = _choices(src, fields)
    if position is None or attempt is None or choices is None:
        return None
    verdict = check(position, attempt)
    if verdict.legal:
        src.error(move_node, fields.at("move"), "this move is legal; a mistake step shows an "
                  "illegal move")
        return None
    if verdict.code == ReasonCode.UNEXPLAINED:
        src.error(move_node, fields.at("move"), "the judge cannot name what is wrong with this "
                  f"move ({verdict.message})")
        return None
    given = chance.prompt_gives_away(prompt, verdict.code) if fields.get("prompt") else None
    if given is not None:
        src.error(fields.get("prompt"), fields.at("prompt"), f"the prompt gives the answer "
                  f"away: {given!r} names what is wrong ({verdict.code}); describe the move only")
        return None
    codes = _arrange(choices, verdict.code, key,
                     [c for c in DISTRACTORS if whynot.fact(c, position, attempt, verdict)])
    if src.proofs:
        truth.report(src, fields, truth.mistake_faults(
            position, rules, {"prompt": raw(fields, "prompt"),
                              "success": raw(fields, "success")},
            attempt, verdict, choices or codes, bool(choices)))
        truth.report(src, fields, truth.build_name_faults(
            {"move": words.attempt(attempt, position=position)}, position))
    return MistakeStep(id="", prompt=prompt, position=position, move=attempt.text,
                       verdict=verdict, choices=tuple((c, reason_label(c)) for c in codes),
                       move_words=words.attempt(attempt, position=position), success=success,
                       why=_text(src, fields, "why", key),
                       hints=_mistake_hints(position, attempt, verdict, codes))


def _mistake_hints(position: Position, attempt: Attempt, verdict: Verdict,
                   codes: list[str]) -> tuple[str, ...]:
    """Where to look; one choice ruled out, with why; the rule at stake."""
    hints = [t("mistake.hint.look", move=words.attempt(attempt, position=position))]
    for code in codes:
        if code == verdict.code:
            continue
        why = whynot.fact(code, position, attempt, verdict)
        if why is not None:
            hints.append(t("mistake.hint.not", label=reason_label(code), why=why))
            break
    if verdict.rule:
        hints.append(t("mistake.hint.rule", rule=verdict.rule))
    return tuple(hints)


def _choices(src: Source, fields: Fields) -> list[str] | None:
    node = fields.get("choices")
    if node is None:
        return []
    entries = yamlsrc.text_list(src, node, fields.at("choices"), "[wrong-sum, card-used-twice]")
    if entries is None:
        return None
    out: list[str] = []
    ok = True
    for code, entry, path in entries:
        if code not in REASON_CODES:
            src.error(entry, path, f"unknown reason code {code!r}{suggest(code, REASON_CODES)}")
            ok = False
        elif code in out:
            src.error(entry, path, f"{code!r} is listed twice")
            ok = False
        out.append(code)
    return out if ok else None


def _arrange(choices: list[str], answer: str, key: str, explained: list[str]) -> list[str]:
    """The answer among the choices (three made-up distractors when none are given,
    taken from those a fact of the move rules out, so each wrong pick hears why, and
    that need no concept beyond the first lessons' and the answer's), in a fixed order
    shuffled by the step's key, so the answer is not always first."""
    rng = random.Random(key)
    codes = list(choices)
    if not codes:
        basic = {None, REASON_CONCEPTS.get(answer), *BASIC_CONCEPTS}
        good = [c for c in explained if c != answer and REASON_CONCEPTS.get(c) in basic]
        rng.shuffle(good)
        rest = [c for c in DISTRACTORS if c != answer and c not in good]
        codes = (good + rng.sample(rest, len(rest)))[:3]
    if answer not in codes:
        codes.append(answer)
    rng.shuffle(codes)
    return codes


def check_mistake(step: MistakeStep, code: str, *, wrong_attempts: int = 0,
                  hints_used: int = 0) -> Feedback:
    """Right when the learner names the judge's reason; the judge's words explain it.
    The Feedback's verdict is the judge's on the move shown (computed when the lesson
    was loaded: `step.answer` is its code), whichever reason the learner named."""
    verdict = step.verdict
    if code == step.answer:
        # the judge's explanation is shown under the answer: the reply does not repeat it
        message = step.success or t("choose.correct")
        return Feedback(FeedbackStatus.CORRECT, message, verdict,
                        stars(wrong_attempts, hints_used, answers=len(step.choices)))
    why = whynot.why_not(code, step.position, parse_attempt(step.move), verdict)
    return Feedback(FeedbackStatus.MISSED, t("mistake.wrong-because", why=why), verdict)


class MistakeUnit(StepUnit[MistakeStep]):
    kind = "mistake"
    required = ("position", "move")
    optional = ("prompt", "choices", "success", "why")

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> MistakeStep | None:
        return _mistake(src, fields, rules, key)

    def check(self, step: MistakeStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        return check_mistake(step, str(answer), wrong_attempts=wrong_attempts,
                             hints_used=hints_used)

    def replies(self, step: MistakeStep) -> Iterator[tuple[str, str]]:
        """The reply to each reason offered, and the judge's explanation shown under
        the answer."""
        for code, _ in step.choices:
            yield code, check_mistake(step, code).message
        yield "explanation", step.explanation

    def answer_keys(self, step: MistakeStep) -> tuple[str, ...]:
        return (f"why.{step.id}",)

    def picked(self, step: MistakeStep, values: Sequence[object]) -> str | None:
        return None if values[0] is None else str(values[0])

    def needs(self, step: MistakeStep) -> dict[str, str]:
        """The concepts of the answer, of an ace counted 14, and of every choice read."""
        out = position_needs(step.position)
        answer = REASON_CONCEPTS.get(step.answer)
        if answer is not None:
            out.setdefault(answer, f"its answer {step.answer}")
        if parse_attempt(step.move).value == ACE_HIGH:
            out.setdefault("ace_high=true", f"its move {step.move} (an ace counted 14)")
        for code, _ in step.choices:
            named = REASON_CONCEPTS.get(code)
            if named is not None:
                out.setdefault(named, f"its choice {code}")
        return out

    def answers(self, step: MistakeStep) -> int:
        return len(step.choices)

    def revealed(self, step: MistakeStep) -> tuple[AnswerLine, ...]:
        labels = dict(step.choices)
        return (AnswerLine(labels.get(step.answer, step.answer)), AnswerLine(step.explanation))

    def hints(self, step: MistakeStep) -> tuple[str, ...]:
        return step.hints

    def options(self, step: MistakeStep) -> tuple[str, ...]:
        return ()

    def move_words(self, step: MistakeStep) -> str:
        return step.move_words or step.move

    def practised(self, step: MistakeStep) -> set[str]:
        return {step.rule} if step.rule else set()

    def show(self, step: MistakeStep) -> list[str]:
        lines = [f"{INDENT}prompt: {step.prompt}", *why_lines(step),
                 f"{INDENT}position: {step.position.text}",
                 f"{INDENT}move: {step.move}   ({step.move_words})",
                 f"{INDENT}answer: {step.answer} (rule {step.rule}): {step.explanation}",
                 f"{INDENT}choices:"]
        for code, label in step.choices:
            mark = "+" if code == step.answer else "-"
            lines.append(f"{INDENT}  {mark} {code}: {label}")
        return lines


UNIT = MistakeUnit()
