"""The play step: make a move on the position that meets the goal.

A puzzle is checked, shown and judged the same way: the checker, which takes either, is
the judge's (course/judge/moves.py), so the proofs of an author's words
(course/proofs/truth.py) can ask it without importing the step kinds.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from engine import (
    Attempt,
    Move,
    Position,
    Rules,
    Verdict,
    legal_moves,
)
from tutorial_app.course import goals as g
from tutorial_app.course.concepts import REASON_CONCEPTS, goal_concepts, move_concepts
from tutorial_app.course.goals import Goal
from tutorial_app.course.judge import feedback
from tutorial_app.course.judge.moves import answers, check_answer, judged_answer, solutions
from tutorial_app.course.judge.outcome import Feedback
from tutorial_app.course.proofs import clicks, truth
from tutorial_app.course.reading.playable import read_playable
from tutorial_app.course.reading.yamlsrc import Fields, Source
from tutorial_app.course.scene import Scene
from tutorial_app.course.steps.base import (
    INDENT,
    AnswerLine,
    StepUnit,
    position_needs,
    why_lines,
)
from tutorial_app.course.steps.base import text as _text
from tutorial_app.words import words

if TYPE_CHECKING:
    from typing import TypeAlias

    from tutorial_app.course.model import Puzzle

    Playable: TypeAlias = "PlayStep | Puzzle"

ANSWERS_SHOWN = 8  # moves listed when the answer is revealed


@dataclass(frozen=True)
class PlayStep:
    """Make a move on the position that meets the goal."""

    id: str
    prompt: str
    position: Position
    goal: Goal
    hints: tuple[str, str, str]
    feedback: dict[str, str] = field(default_factory=dict, compare=False)
    success: str = ""
    why: str = ""  # the rule behind the prompt, shown folded under it
    solution_moves: tuple[Move, ...] = field(default=(), repr=False)
    key: str = ""
    kind: Literal["play"] = "play"


def needs(step: Playable) -> dict[str, str]:
    """A play step's or puzzle's concepts: its settings and position, what every
    solution uses, its goal, and the reasons its feedback answers."""
    position = step.position
    out = position_needs(position)
    needed: set[str] | None = None
    for move in step.solution_moves:
        used = move_concepts(move, position)
        needed = used if needed is None else needed & used
    for concept in sorted(needed or ()):
        out.setdefault(concept, f"its solution {step.solution_moves[0].text}")
    out.update({k: v for k, v in goal_concepts(step.goal).items() if k not in out})
    for key in step.feedback:
        named = REASON_CONCEPTS.get(key.split()[0]) if key.split() else None
        if named is not None:
            out.setdefault(named, f"its feedback for {key}")
    return out


def counts_cards(task: Playable) -> bool:
    """Does a goal of leaving no sweep rest on the pack's four cards of each rank: every
    solution is safe only because the cards of the rank that could sweep are all in
    sight (rule 1.1)?"""
    if not any(isinstance(p, g.NoSweepLeft) for p in truth.goal_parts(task.goal)):
        return False
    scene = Scene(task.position)
    blind = [scene.trial(m).blind_sweep_threat for m in task.solution_moves]
    return bool(blind) and all(rank is not None for rank in blind)


def show_lines(step: Playable) -> list[str]:
    """A play step or puzzle for its author: the solutions, the other legal moves, the
    hints, feedback and success text."""
    moves = legal_moves(step.position)
    lines = [f"{INDENT}prompt: {step.prompt}", *why_lines(step),
             f"{INDENT}position: {step.position.text}",
             f"{INDENT}goal: {step.goal.describe()}   {step.goal.data()}",
             f"{INDENT}solutions ({len(step.solution_moves)} of {len(moves)} legal moves):"]
    lines.extend(f"{INDENT}  + {m.text}   ({words.move(m)})" for m in step.solution_moves)
    wrong = [m for m in moves if m not in step.solution_moves]
    lines.append(f"{INDENT}other legal moves: {', '.join(m.text for m in wrong) or '-'}")
    for level, hint in zip(("nudge", "card", "move"), step.hints, strict=True):
        lines.append(f"{INDENT}hint {level}: {hint}")
    for key, message in step.feedback.items():
        if " | " in key or key.endswith(" |"):
            continue  # the same entry under its grouping-free match key
        lines.append(f"{INDENT}feedback [{key}]: {message}")
    if step.success:
        lines.append(f"{INDENT}success: {step.success}")
    return lines


def revealed(step: Playable) -> tuple[AnswerLine, ...]:
    return tuple(AnswerLine(words.move(m), m.text) for m in solutions(step)[:ANSWERS_SHOWN])


def replies(step: Playable) -> Iterator[tuple[str, str]]:
    """The reply to every attempt the click interface can make (course/proofs/clicks.py), each
    text once, with the attempt that first brings it."""
    seen: set[str] = set()
    for attempt, verdict in distinct_attempts(step.position, frozenset(step.feedback)):
        text = judged_answer(step, attempt, verdict).message
        if text not in seen:
            seen.add(text)
            yield attempt.text, text


@functools.lru_cache(maxsize=8)
def distinct_attempts(position: Position, entries: frozenset[str]
                      ) -> tuple[tuple[Attempt, Verdict], ...]:
    """The click attempts on `position` (with their verdicts) whose replies may differ,
    at a step with feedback entries under the keys `entries`: an attempt no entry
    answers gets the same reply as an earlier one with the same verdict (the same
    move, or the same template and facts), in every language, so it is left out.
    Cached: the sentence check asks for a step's in each language in a row."""
    found: list[tuple[Attempt, Verdict]] = []
    verdicts: set[object] = set()
    for attempt, verdict in clicks.judged_attempts(position):
        if not entries or feedback.choose(entries_of(entries), attempt, verdict,
                                          solved=False) is None:
            same = (verdict.legal, verdict.code, verdict.template, verdict.message,
                    _shown(verdict.move), tuple(sorted(_shown(verdict.facts).items())))
            if same in verdicts:
                continue
            verdicts.add(same)
        found.append((attempt, verdict))
    return tuple(found)


def _shown(value: Any) -> Any:
    """A verdict's move or facts as they are worded: a move with its grouping, which
    its equality ignores (engine/moves.py) but its words show."""
    if isinstance(value, Move):
        return value, value.groups
    if isinstance(value, tuple):
        return tuple(_shown(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _shown(v) for k, v in value.items()}
    return value


def entries_of(keys: frozenset[str]) -> dict[str, str]:
    """Feedback entries with these keys (`feedback.choose` reads only the keys)."""
    return dict.fromkeys(keys, "")


def texts(step: Playable) -> Iterable[str]:
    yield step.prompt
    yield step.success
    yield from step.hints
    yield from step.feedback.values()


class PlayUnit(StepUnit[PlayStep]):
    kind = "play"
    required = ("position", "goal", "prompt")
    optional = ("hints", "feedback", "success", "why")

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> PlayStep | None:
        prompt = _text(src, fields, "prompt", key)
        parts = read_playable(src, fields, rules, key)
        if parts is None:
            return None
        return PlayStep(id="", prompt=prompt, position=parts.position, goal=parts.goal,
                        hints=parts.hints, feedback=parts.feedback, success=parts.success,
                        solution_moves=parts.solutions, why=_text(src, fields, "why", key))

    def check(self, step: PlayStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        assert isinstance(answer, (Attempt, Move, str))
        return check_answer(step, answer, wrong_attempts=wrong_attempts, hints_used=hints_used)

    def replies(self, step: PlayStep) -> Iterator[tuple[str, str]]:
        return replies(step)

    def needs(self, step: PlayStep) -> dict[str, str]:
        return needs(step)

    def answers(self, step: PlayStep) -> int:
        return answers(step)

    def revealed(self, step: PlayStep) -> tuple[AnswerLine, ...]:
        return revealed(step)

    def hints(self, step: PlayStep) -> tuple[str, ...]:
        return step.hints

    def board(self, step: PlayStep) -> Position:
        return step.position

    def texts(self, step: PlayStep) -> Iterable[str]:
        yield from texts(step)
        if isinstance(step, PlayStep):  # a puzzle, checked as a play step, has no why
            yield step.why

    def practised(self, step: PlayStep) -> set[str]:
        return {"1.1"} if counts_cards(step) else set()  # all four cards of a rank in sight

    def show(self, step: PlayStep) -> list[str]:
        return show_lines(step)


UNIT = PlayUnit()
