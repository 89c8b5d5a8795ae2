"""A lesson or puzzle set as plain text, with its answers, for review by a teacher.

Reviewers read a lesson the way the learner meets it, plus what the engine
worked out (solutions, which options are correct, the judge's reason), so
a wrong assumption in the file is visible without running the app.
"""

from __future__ import annotations

from tutorial_app.course.judge import feedback
from tutorial_app.course.model import Lesson, PlayStep, Puzzle, PuzzleSet, Step
from tutorial_app.course.proofs import clicks
from tutorial_app.course.steps import unit_of
from tutorial_app.course.steps.base import INDENT as _INDENT
from tutorial_app.course.steps.play import show_lines
from tutorial_app.words import words


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
            chosen = feedback.choose(step.feedback, attempt, verdict, solved,
                                     step.solution_moves)
            if chosen is not None:
                text = feedback.render(chosen[1], feedback.facts(step.position, attempt))
                shown.setdefault(chosen[0], []).append(
                    f"{words.attempt(attempt, position=step.position)}: {text}")
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
        lines.extend(show_lines(puzzle))
    return "\n".join(lines) + "\n"


def _step(number: int, step: Step) -> list[str]:
    return [f"[{number}] {step.kind} {step.id}", *unit_of(step).show(step)]
