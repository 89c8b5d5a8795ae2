"""The choose step: pick every correct option; which are correct the engine works out
(`correct: legal`, `illegal` or `goal`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal

from engine import Attempt, NotationError, Position, Rules, Verdict, check, parse_attempt
from tutorial_app.course.concepts import ACE_HIGH, REASON_CONCEPTS, move_concepts
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge import answers
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus, stars
from tutorial_app.course.proofs import truth
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.goal_reader import GoalReader
from tutorial_app.course.reading.positions import read_position
from tutorial_app.course.reading.yamlsrc import Fields, Source
from tutorial_app.course.scene import Scene
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
from tutorial_app.words.i18n import count, t


@dataclass(frozen=True)
class ChooseStep:
    """Pick every correct option; which are correct is computed by the engine."""

    id: str
    prompt: str
    position: Position | None
    options: tuple[str, ...]
    correct: frozenset[int]
    option_moves: tuple[str, ...] = ()  # the options as written (move notation)
    explanations: tuple[str, ...] = ()  # why each option is or is not correct
    success: str = ""
    why: str = ""  # the rule behind the prompt, shown folded under it
    key: str = ""
    kind: Literal["choose"] = "choose"
    hints: tuple[str, ...] = ()  # made from the options: what to check, how many, one answer

    @property
    def single(self) -> bool:
        """One correct option: the learner picks one (radio), not ticks several."""
        return len(self.correct) == 1


class Correct(StrEnum):
    """A choose step's `correct:`: which options the engine counts as right."""

    LEGAL = "legal"  # the legal moves
    ILLEGAL = "illegal"  # the moves the rules forbid
    GOAL = "goal"  # the legal moves that meet the step's goal


CORRECT_MODES: Final = tuple(Correct)


def _choose(src: Source, fields: Fields, rules: Rules, key: str) -> ChooseStep | None:
    prompt = _text(src, fields, "prompt", key)
    success = _text(src, fields, "success", key)
    node = fields.get("position")
    position = read_position(src, node, fields.at("position"), rules) if node else None
    mode: Correct | None = None
    mode_node = fields.get("correct")
    if mode_node is not None:
        written = yamlsrc.text(src, mode_node, fields.at("correct"))
        if written is not None and written not in CORRECT_MODES:
            src.error(mode_node, fields.at("correct"), f"must be legal, illegal or goal, not "
                      f"{written!r} (the engine works out which options are correct)")
        elif written is not None:
            mode = Correct(written)
    goal_node = fields.get("goal")
    goal = None
    if goal_node is not None:
        goal = GoalReader(src, position, rules).read(goal_node, fields.at("goal"))
        if mode in (Correct.LEGAL, Correct.ILLEGAL):
            src.error(goal_node, fields.at("goal"), "a goal is only used with correct: goal")
    elif mode is Correct.GOAL:
        src.error(mode_node, fields.at("correct"), "correct: goal needs a goal: key")
    options = _options(src, fields)
    if position is None or mode is None or options is None or (
            mode is Correct.GOAL and goal is None):
        return None
    scene = Scene(position)
    shown: list[str] = []
    explained: list[str] = []
    verdicts = [check(position, attempt) for attempt in options]
    correct = set(_correct(position, options, mode, goal))
    for verdict, attempt in zip(verdicts, options, strict=True):
        shown.append(words.move(verdict.move) if verdict.legal and verdict.move
                     else words.attempt(attempt, position=position))
        explained.append(_explain(verdict, mode, goal, scene))
    if src.proofs:
        truth.report(src, fields, truth.choose_faults(
            position, rules, {"prompt": raw(fields, "prompt"),
                              "success": raw(fields, "success")},
            goal, lambda p: _correct(p, options, mode, goal),
            [v.move for i, v in enumerate(verdicts) if i in correct and v.move is not None]))
        truth.report(src, fields, truth.build_name_faults(
            {f"options[{i}]": text for i, text in enumerate(shown)}, position))
    assert mode_node is not None
    if not correct:
        src.error(mode_node, fields.at("correct"), "no option is correct, so the step cannot be "
                  "solved")
    elif len(correct) == len(options):
        src.error(mode_node, fields.at("correct"), "every option is correct, so the step cannot "
                  "be failed")
    option_texts = tuple(a.text for a in options)
    hints = (t(f"choose.hint.{mode.value}"), count(len(correct), "choose-correct"),
             t("choose.hint.one", option=shown[min(correct)]) if correct else "")
    return ChooseStep(id="", prompt=prompt, position=position, options=tuple(shown),
                      correct=frozenset(correct), option_moves=option_texts,
                      explanations=tuple(explained), success=success,
                      why=_text(src, fields, "why", key),
                      hints=tuple(h for h in hints if h))


def _correct(position: Position, options: list[Attempt], mode: Correct,
             goal: Goal | None) -> frozenset[int]:
    """Which options the engine counts correct in this position."""
    scene = Scene(position)
    correct: set[int] = set()
    for index, attempt in enumerate(options):
        verdict = check(position, attempt)
        good = verdict.legal if mode is Correct.LEGAL else not verdict.legal
        if mode is Correct.GOAL:
            good = verdict.legal and goal is not None and verdict.move is not None and \
                goal.met(scene.trial(verdict.move))
        if good:
            correct.add(index)
    return frozenset(correct)


def _explain(verdict: Verdict, mode: Correct, goal: Goal | None, scene: Scene) -> str:
    if not verdict.legal or verdict.move is None:
        return t("choose.illegal", why=words.verdict(verdict))
    if mode is Correct.GOAL and goal is not None:
        trial = scene.trial(verdict.move)
        if goal.met(trial):
            return t("choose.meets", goal=goal.describe())
        return t("choose.misses", why=goal.miss(trial))
    return t("choose.legal")


def _options(src: Source, fields: Fields) -> list[Attempt] | None:
    node = fields.get("options")
    if node is None:
        return None
    entries = yamlsrc.text_list(src, node, fields.at("options"), '["8s x 5c+3d", "8s t"]')
    if entries is None:
        return None
    if len(entries) < 2:
        src.error(node, fields.at("options"), "a choice needs at least two options")
        return None
    attempts: list[Attempt] = []
    seen: dict[str, int] = {}
    ok = True
    for index, (text, entry, path) in enumerate(entries):
        try:
            attempt = parse_attempt(text)
        except NotationError as error:
            src.error(entry, path, str(error))
            ok = False
            continue
        same = answers.attempt_key(attempt)
        if same in seen:
            src.error(entry, path, f"the same move as option {seen[same]}")
            ok = False
        seen[same] = index
        attempts.append(attempt)
    return attempts if ok else None


def check_choice(step: ChooseStep, selected: frozenset[int], *, wrong_attempts: int = 0,
                 hints_used: int = 0) -> Feedback:
    """Right when exactly the correct options are picked; else say what is off.
    `stars`, as for a move, counts the slips before this try."""
    chosen = frozenset(selected)
    if chosen == step.correct:
        return Feedback(FeedbackStatus.CORRECT, step.success or t("choose.correct"),
                        stars=stars(wrong_attempts, hints_used, answers=len(step.options)))
    wrong = sorted(chosen - step.correct)
    missed = sorted(step.correct - chosen)
    if wrong:  # one short reply: why the first wrong pick is wrong, in the step's words
        return Feedback(FeedbackStatus.MISSED, step.explanations[wrong[0]])
    return Feedback(FeedbackStatus.MISSED, count(len(missed), "choose-missed"))


def _needs(step: ChooseStep) -> dict[str, str]:
    """The concepts of the options: what each legal one does, why each illegal one is
    not allowed, and an ace counted 14."""
    out = position_needs(step.position)
    position = step.position
    if position is None:
        return out
    for text in step.option_moves:
        attempt = parse_attempt(text)
        if attempt.value == ACE_HIGH and attempt.card is not None and attempt.card.rank == 1:
            out.setdefault("ace_high=true", f"its option {text!r} (an ace counted 14)")
        verdict = check(position, attempt)
        if verdict.legal and verdict.move is not None:
            for concept in sorted(move_concepts(verdict.move, position)):
                out.setdefault(concept, f"its option {text!r}")
        else:
            reason = REASON_CONCEPTS.get(verdict.code)
            if reason is not None:
                out.setdefault(reason, f"its option {text!r} ({verdict.code})")
    return out


class ChooseUnit(StepUnit[ChooseStep]):
    kind = "choose"
    required = ("prompt", "position", "options", "correct")
    optional = ("goal", "success", "why")

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> ChooseStep | None:
        return _choose(src, fields, rules, key)

    def check(self, step: ChooseStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        assert isinstance(answer, frozenset)
        return check_choice(step, answer, wrong_attempts=wrong_attempts, hints_used=hints_used)

    def replies(self, step: ChooseStep) -> Iterator[tuple[str, str]]:
        """The reply to each option picked alone, and to none picked."""
        for index in range(len(step.options)):
            yield f"pick {index}", check_choice(step, frozenset({index})).message
        yield "none", check_choice(step, frozenset()).message

    def answer_keys(self, step: ChooseStep) -> tuple[str, ...]:
        if step.single:  # one correct option: a radio, which holds the index picked
            return (f"one.{step.id}",)
        return tuple(f"opt.{step.id}.{i}" for i in range(len(step.options)))

    def picked(self, step: ChooseStep, values: Sequence[object]) -> frozenset[int] | None:
        if step.single:
            return None if values[0] is None else frozenset({int(str(values[0]))})
        return frozenset(i for i, ticked in enumerate(values) if ticked)  # none ticked: a try

    def needs(self, step: ChooseStep) -> dict[str, str]:
        return _needs(step)

    def answers(self, step: ChooseStep) -> int:
        return len(step.options)

    def revealed(self, step: ChooseStep) -> tuple[AnswerLine, ...]:
        return tuple(AnswerLine(t("classroom.correct_option", option=step.options[i]))
                     for i in sorted(step.correct)) or (
            AnswerLine(t("classroom.none_correct")),)

    def hints(self, step: ChooseStep) -> tuple[str, ...]:
        return step.hints

    def options(self, step: ChooseStep) -> tuple[str, ...]:
        return step.options

    def practised(self, step: ChooseStep) -> set[str]:
        """The rules that decide whether each option is allowed."""
        out: set[str] = set()
        if step.position is not None:
            for text in step.option_moves:
                verdict = check(step.position, parse_attempt(text))
                if verdict.rule:
                    out.add(verdict.rule)
        return out

    def show(self, step: ChooseStep) -> list[str]:
        lines = [f"{INDENT}prompt: {step.prompt}", *why_lines(step)]
        if step.position is not None:
            lines.append(f"{INDENT}position: {step.position.text}")
        for index, option in enumerate(step.options):
            mark = "+" if index in step.correct else "-"
            lines.append(f"{INDENT}  {mark} {step.option_moves[index]}   ({option}): "
                         f"{step.explanations[index]}")
        return lines


UNIT = ChooseUnit()
