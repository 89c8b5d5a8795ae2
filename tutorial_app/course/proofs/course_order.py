"""Two proofs `validate` runs over the whole course once it is loaded (no Streamlit):

- **translated reference doubled**: every wrong try at every task, in English and each
  shipped language, drawn as the page draws it (the words, then the judge's " (rule N)"
  only where they cite no reference to that rule) cites no rule twice. A translation
  that writes "(regra 4.5)" where the page recognised only "(rule 4.5)" read
  "…capturá-lo (regra 4.5). (regra 4.5)"; an author's advice citing the rule the
  judge's sentence before it cited read it twice too.
- **practice puzzle before its concept**: a lesson's `practice:` themes open the
  puzzles of those themes once the learner is ready for them
  (course/practice/ready.py); a puzzle whose concept no lesson that practises its
  themes has taught on its way (the lesson and what it requires) would never be
  offered, or offered before its concept, were the gate not there.

Each problem is a LessonError at the task's file, so `validate` lists it with the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

from engine import Attempt, Verdict
from tutorial_app.course.course import Course, load_course
from tutorial_app.course.judge.moves import judged_answer
from tutorial_app.course.judge.outcome import FeedbackStatus
from tutorial_app.course.model import Lesson, PlayStep, Puzzle
from tutorial_app.course.practice import ready
from tutorial_app.course.proofs.clicks import judged_attempts
from tutorial_app.course.reading.errors import LessonError
from tutorial_app.words import rulerefs
from tutorial_app.words.i18n import DEFAULT_LANGUAGE, shipped_languages, using

Task = PlayStep | Puzzle
_BRACKETS: Final = re.compile(r"\(([^()]*)\)")


def cited_twice(text: str) -> list[str]:
    """The rule numbers the text names in more than one bracket, whatever word stands
    before them: a language whose word for "rule" the page did not know is caught too
    (words/rulerefs.py recognises only the catalogues' words)."""
    found = [n for group in _BRACKETS.findall(text) for n in rulerefs.numbers(group)]
    return sorted({n for n in found if found.count(n) > 1})


def tasks(course: Course) -> Iterator[tuple[str, str, Task]]:
    """(file, path, task) of every play step and puzzle that has replies of its own."""
    for lesson in course.lessons:
        for step in lesson.steps:
            if isinstance(step, PlayStep) and step.feedback:
                yield lesson.file, f"{lesson.id}/{step.id}", step
    for puzzle_set in course.puzzle_sets:
        for puzzle in puzzle_set.puzzles:
            if puzzle.feedback:
                yield puzzle_set.file, f"puzzle {puzzle.id}", puzzle


def drawn(message: str, status: FeedbackStatus, rule: str | None) -> str:
    """A wrong try's words as the page draws them: a refusal gets the judge's
    " (rule N)" after them unless they cite that rule already (ui/board.py)."""
    if status is FeedbackStatus.NOT_ALLOWED and rule and not rulerefs.cites(message, rule):
        return f"{message} ({rule})"
    return message


def _tries(task: Task) -> list[tuple[Attempt, Verdict]]:
    return [(a, v) for a, v in judged_attempts(task.position)
            if not (v.legal and v.move in task.solution_moves)]


def doubled_references(course: Course, folder: Path | str,
                       languages: Sequence[str] | None = None) -> list[LessonError]:
    """Every task whose wrong tries, drawn in some language, cite a rule twice (one
    problem per task and language, with the first such try)."""
    wanted = [DEFAULT_LANGUAGE, *shipped_languages()] if languages is None else languages
    english = {path: task for _, path, task in tasks(course)}
    tries = {path: _tries(task) for path, task in english.items()}
    found: list[LessonError] = []
    for lang in wanted:
        read = course if lang == DEFAULT_LANGUAGE else load_course(folder, language=lang,
                                                                    proofs=False)
        with using(lang):
            for file, path, task in tasks(read):
                problem = _first_doubled(task, tries.get(path, []))
                if problem:
                    found.append(LessonError(file, 1, 1, path, f"translated reference "
                                             f"doubled ({lang}): {problem}"))
    return found


def _first_doubled(task: Task, tries: list[tuple[Attempt, Verdict]]) -> str | None:
    for attempt, verdict in tries:
        said = judged_answer(task, attempt, verdict)
        if said.status is FeedbackStatus.CORRECT:
            continue
        shown = drawn(said.message, said.status, said.rule)
        twice = cited_twice(shown)
        if twice:
            return (f"a try {attempt.text!r} reads rule {twice[0]} twice: {shown!r}; cite "
                    "it once (the page adds the judge's rule only where the words do not)")
    return None


def practice_before_concepts(course: Course) -> list[LessonError]:
    """Every puzzle a lesson's `practice:` themes open that is never ready when a lesson
    practising its themes is finished: the stages up to that lesson, in the course's
    order (the way a learner walks it), do not teach all it needs. One problem per
    (puzzle set, concept), naming the first lesson that opens its puzzles."""
    taught: set[str] = set()
    practising: list[tuple[Lesson, frozenset[str]]] = []
    for lesson in course.lessons:  # prerequisites first: the course's order
        taught |= set(lesson.teaches)
        if lesson.practice:
            practising.append((lesson, frozenset(taught)))
    found: dict[tuple[str, str, str], list[str]] = {}
    for puzzle_set in course.puzzle_sets:
        for puzzle in puzzle_set.puzzles:
            openers = [(lesson, known) for lesson, known in practising
                       if set(lesson.practice) & set(puzzle.themes)]
            if not openers or any(ready.ready(puzzle, known) for _, known in openers):
                continue
            first, known = openers[-1]  # the last chance: what the course taught by then
            for concept in ready.untaught(puzzle, known):
                key = (puzzle_set.file, first.file or first.id, concept)
                found.setdefault(key, []).append(puzzle.id)
    return [LessonError(set_file, 1, 1, ids[0], (
        f"practice puzzle before its concept: {len(ids)} puzzle(s) of this set "
        f"({', '.join(ids[:3])}{', ...' if len(ids) > 3 else ''}) need {concept!r}, "
        f"which the course has not taught by the last lesson practising their themes "
        f"({lesson_file}): teach it there, or give the puzzles a theme practised after it"))
        for (set_file, lesson_file, concept), ids in sorted(found.items())]


def problems(course: Course, folder: Path | str) -> list[LessonError]:
    """Both proofs over a course folder `validate` has loaded (in English)."""
    return [*practice_before_concepts(course), *doubled_references(course, folder)]
