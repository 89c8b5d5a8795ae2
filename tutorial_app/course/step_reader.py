"""Reading one lesson step of each kind: read, play, choose, mistake.

Each kind has its own keys; a key that belongs to another kind is reported
as unknown, which catches a step whose `kind:` is wrong as well as typos.
"""

from __future__ import annotations

import random
from dataclasses import replace
from enum import StrEnum
from typing import Final

import yaml

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
from tutorial_app.course import answers, chance, truth, whynot, words, yamlsrc
from tutorial_app.course.concepts import REASON_CONCEPTS
from tutorial_app.course.goal_reader import GoalReader
from tutorial_app.course.goals import Goal
from tutorial_app.course.i18n import count, lesson_text, t
from tutorial_app.course.model import (
    STEP_KINDS,
    ChooseStep,
    MistakeStep,
    PlayStep,
    ReadStep,
    Step,
    StepKind,
)
from tutorial_app.course.playable import read_playable
from tutorial_app.course.positions import read_position
from tutorial_app.course.quiz_reader import read_quiz
from tutorial_app.course.reasons import reason_label
from tutorial_app.course.scene import Scene
from tutorial_app.course.yamlsrc import Fields, Source, suggest

KEYS: Final[dict[StepKind, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    StepKind.READ: (("text",), ("position",)),
    StepKind.PLAY: (("position", "goal", "prompt"), ("hints", "feedback", "success")),
    StepKind.CHOOSE: (("prompt", "position", "options", "correct"), ("goal", "success")),
    StepKind.MISTAKE: (("position", "move"), ("prompt", "choices", "success")),
    StepKind.QUIZ: (("prompt", "fact", "choices"), ("wrong", "rules", "success")),
}


class Correct(StrEnum):
    """A choose step's `correct:`: which options the engine counts as right."""

    LEGAL = "legal"  # the legal moves
    ILLEGAL = "illegal"  # the moves the rules forbid
    GOAL = "goal"  # the legal moves that meet the step's goal


CORRECT_MODES: Final = tuple(Correct)
BASIC_CONCEPTS: Final = ("values", "trail", "pair")  # the first lessons' (lessons/01-03)
DISTRACTORS: Final = (
    "wrong-sum", "card-used-twice", "number-takes-court", "part-of-build", "build-not-held",
    "build-in-sum", "court-takes-more-than-one", "trail-while-controlling",
    "loose-changes-build", "not-on-table", "card-not-in-hand", "capture-nothing",
    "trail-with-table-cards",
)


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
    required, optional = KEYS[kind]
    fields = yamlsrc.mapping(src, node, path, ("id", "kind", *required), optional)
    assert fields is not None
    id_node = fields.get("id")
    step_id = yamlsrc.identifier(src, id_node, fields.at("id")) if id_node is not None else None
    key = f"lesson.{lesson_id}.steps.{step_id}"
    before = len(src.errors)
    step: Step | None
    if kind is StepKind.READ:
        step = _read(src, fields, rules, key)
    elif kind is StepKind.PLAY:
        step = _play(src, fields, rules, key)
    elif kind is StepKind.CHOOSE:
        step = _choose(src, fields, rules, key)
    elif kind is StepKind.QUIZ:
        step = read_quiz(src, fields, rules, key)
    else:
        step = _mistake(src, fields, rules, key)
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


def _text(src: Source, fields: Fields, name: str, key: str, default: str = "") -> str:
    node = fields.get(name)
    if node is None:
        return default
    text = yamlsrc.text(src, node, fields.at(name))
    return lesson_text(f"{key}.{name}", text) if text is not None else default


def _read(src: Source, fields: Fields, rules: Rules, key: str) -> ReadStep | None:
    text = _text(src, fields, "text", key)
    node = fields.get("position")
    position = None
    if node is not None:
        position = read_position(src, node, fields.at("position"), rules)
    return ReadStep(id="", text=text, position=position)


def _play(src: Source, fields: Fields, rules: Rules, key: str) -> PlayStep | None:
    prompt = _text(src, fields, "prompt", key)
    parts = read_playable(src, fields, rules, key)
    if parts is None:
        return None
    return PlayStep(id="", prompt=prompt, position=parts.position, goal=parts.goal,
                    hints=parts.hints, feedback=parts.feedback, success=parts.success,
                    solution_moves=parts.solutions)


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
                     else words.attempt(attempt))
        explained.append(_explain(verdict, mode, goal, scene))
    if src.proofs:
        truth.report(src, fields, truth.choose_faults(
            position, rules, {"prompt": _raw(fields, "prompt"),
                              "success": _raw(fields, "success")},
            goal, lambda p: _correct(p, options, mode, goal),
            [v.move for i, v in enumerate(verdicts) if i in correct and v.move is not None]))
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


def _raw(fields: Fields, name: str) -> str:
    node = fields.get(name)
    return str(node.value) if isinstance(node, yaml.ScalarNode) else ""


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
            position, rules, {"prompt": _raw(fields, "prompt"),
                              "success": _raw(fields, "success")},
            attempt, verdict, choices or codes, bool(choices)))
    return MistakeStep(id="", prompt=prompt, position=position, move=attempt.text,
                       verdict=verdict, choices=tuple((c, reason_label(c)) for c in codes),
                       move_words=words.attempt(attempt), success=success,
                       hints=_mistake_hints(position, attempt, verdict, codes))


def _mistake_hints(position: Position, attempt: Attempt, verdict: Verdict,
                   codes: list[str]) -> tuple[str, ...]:
    """Where to look; one choice ruled out, with why; the rule at stake."""
    hints = [t("mistake.hint.look", move=words.attempt(attempt))]
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

