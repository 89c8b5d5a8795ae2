"""A lesson or puzzle set as plain text, with its answers, for review by a teacher.

Reviewers read a lesson the way the learner meets it, plus what the engine
worked out (solutions, which options are correct, the judge's reason), so
a wrong assumption in the file is visible without running the app.
"""

from __future__ import annotations

import textwrap

from engine import legal_moves
from tutorial_app.course import clicks, feedback, words
from tutorial_app.course.model import (
    ChooseStep,
    Lesson,
    MistakeStep,
    PlayStep,
    Puzzle,
    PuzzleSet,
    QuizStep,
    ReadStep,
    Step,
)

_INDENT = "    "


def render(content: Lesson | PuzzleSet, triggers: bool = False) -> str:
    if triggers:
        return render_triggers(content)
    if isinstance(content, Lesson):
        return render_lesson(content)
    return render_set(content)


def render_triggers(content: Lesson | PuzzleSet, limit: int = 12) -> str:
    """For each feedback text of each play step or puzzle, the click attempts that show
    it (as the matching rules choose, fields filled in), for an author to review."""
    steps: list[tuple[str, PlayStep | Puzzle]] = []
    if isinstance(content, Lesson):
        steps = [(f"step {s.id}", s) for s in content.steps if isinstance(s, PlayStep)]
    else:
        steps = [(f"puzzle {p.id}", p) for p in content.puzzles]
    lines = [f"Feedback triggers of {content.id} ({content.file})"]
    for label, step in steps:
        if not step.feedback:
            continue
        lines.append("")
        lines.append(f"{label}: {step.position.text}")
        shown: dict[str, list[str]] = {}
        for attempt, verdict in clicks.judged_attempts(step.position):
            solved = bool(verdict.legal and verdict.move in step.solution_moves)
            chosen = feedback.choose(step.feedback, attempt, verdict, solved)
            if chosen is not None:
                text = feedback.render(chosen[1], feedback.facts(step.position, attempt))
                shown.setdefault(chosen[0], []).append(f"{words.attempt(attempt)}: {text}")
        for key in step.feedback:
            if " | " in key or key.endswith(" |"):
                continue
            hits = shown.get(key, [])
            lines.append(f"{_INDENT}[{key}] shown for {len(hits)} attempt(s)")
            lines.extend(f"{_INDENT}  - {hit}" for hit in hits[:limit])
            if len(hits) > limit:
                lines.append(f"{_INDENT}  ... and {len(hits) - limit} more")
    return "\n".join(lines) + "\n"


def render_lesson(lesson: Lesson) -> str:
    lines = [f"Lesson {lesson.id}: {lesson.title}", f"  file: {lesson.file}",
             f"  rules: {lesson.rules.text}",
             f"  requires: {', '.join(lesson.requires) or '-'}"]
    if lesson.summary:
        lines.append(f"  summary: {lesson.summary}")
    for number, step in enumerate(lesson.steps, 1):
        lines.append("")
        lines.extend(_step(number, step))
    return "\n".join(lines) + "\n"


def render_set(puzzle_set: PuzzleSet) -> str:
    lines = [f"Puzzle set {puzzle_set.id}: {puzzle_set.title}", f"  file: {puzzle_set.file}",
             f"  rules: {puzzle_set.rules.text}", f"  puzzles: {len(puzzle_set.puzzles)}"]
    for puzzle in puzzle_set.puzzles:
        lines.append("")
        lines.append(f"{puzzle.id}  {puzzle.title}  (difficulty {puzzle.difficulty}; "
                     f"themes: {', '.join(puzzle.themes)})")
        lines.extend(_playable(puzzle))
    return "\n".join(lines) + "\n"


def _text(label: str, text: str) -> list[str]:
    body = textwrap.indent(text.strip(), _INDENT + "  ")
    return [f"{_INDENT}{label}:", body]


def _step(number: int, step: Step) -> list[str]:
    head = f"[{number}] {step.kind} {step.id}"
    if isinstance(step, ReadStep):
        lines = [head, *_text("text", step.text)]
        if step.position is not None:
            lines.append(f"{_INDENT}position: {step.position.text}")
        return lines
    if isinstance(step, PlayStep):
        return [head, *_playable(step)]
    if isinstance(step, ChooseStep):
        return [head, *_choose(step)]
    if isinstance(step, QuizStep):
        wrong = dict(step.wrong)
        return [head, f"{_INDENT}prompt: {step.prompt}",
                f"{_INDENT}fact: {step.fact} under {step.rules.text}",
                *(f"{_INDENT}  {'+' if v == step.answer else '-'} {v}: {label}"
                  + (f"   (picked: {wrong[v]})" if v in wrong else "")
                  for v, label in step.choices)]
    return [head, *_mistake(step)]


def _playable(step: PlayStep | Puzzle) -> list[str]:
    moves = legal_moves(step.position)
    lines = [f"{_INDENT}prompt: {step.prompt}", f"{_INDENT}position: {step.position.text}",
             f"{_INDENT}goal: {step.goal.describe()}   {step.goal.data()}",
             f"{_INDENT}solutions ({len(step.solution_moves)} of {len(moves)} legal moves):"]
    lines.extend(f"{_INDENT}  + {m.text}   ({words.move(m)})" for m in step.solution_moves)
    wrong = [m for m in moves if m not in step.solution_moves]
    lines.append(f"{_INDENT}other legal moves: {', '.join(m.text for m in wrong) or '-'}")
    for level, hint in zip(("nudge", "card", "move"), step.hints, strict=True):
        lines.append(f"{_INDENT}hint {level}: {hint}")
    for key, message in step.feedback.items():
        if " | " in key or key.endswith(" |"):
            continue  # the same entry under its grouping-free match key
        lines.append(f"{_INDENT}feedback [{key}]: {message}")
    if step.success:
        lines.append(f"{_INDENT}success: {step.success}")
    return lines


def _choose(step: ChooseStep) -> list[str]:
    lines = [f"{_INDENT}prompt: {step.prompt}"]
    if step.position is not None:
        lines.append(f"{_INDENT}position: {step.position.text}")
    for index, option in enumerate(step.options):
        mark = "+" if index in step.correct else "-"
        lines.append(f"{_INDENT}  {mark} {step.option_moves[index]}   ({option}): "
                     f"{step.explanations[index]}")
    return lines


def _mistake(step: MistakeStep) -> list[str]:
    lines = [f"{_INDENT}prompt: {step.prompt}", f"{_INDENT}position: {step.position.text}",
             f"{_INDENT}move: {step.move}   ({step.move_words})",
             f"{_INDENT}answer: {step.answer} (rule {step.rule}): {step.explanation}",
             f"{_INDENT}choices:"]
    for code, label in step.choices:
        mark = "+" if code == step.answer else "-"
        lines.append(f"{_INDENT}  {mark} {code}: {label}")
    return lines
