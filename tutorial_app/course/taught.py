"""What a learner has been taught on the way to a stage, and what the stage adds.

A stage's *path* is the stage and every lesson it requires, at any depth (its
chapter's earlier stages among them: course/reading/stages.py). Two pages read it:

- the Learn page shows a control only once its concept is taught: the Build button
  from the stages whose path teaches `build` (a learner pressing "Build 3" in the first
  task read rule 5.2 about builds, taught eight stages later);
- a finished stage says what the learner can now do: the concepts its tasks need first
  (`first_needed`; spotting mistakes for a stage of mistakes that adds none), each
  worded by one catalogue sentence (words/messages_recap.py).

What a step needs is derived from the step itself (course/concepts.py), so every
stage gets its recap without an author writing one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from tutorial_app.course.model import Lesson, Step
from tutorial_app.course.steps import step_needs

BUILD: Final = "build"  # the concept that brings the Build button


def path_of(lessons: Sequence[Lesson], lesson: Lesson) -> list[Lesson]:
    """The lessons `lesson` requires at any depth (without it), in the course's order.
    A required id missing from `lessons` is skipped (the course drops such files)."""
    by_id = {one.id: one for one in lessons}
    found: set[str] = set()
    waiting = list(lesson.requires)
    while waiting:
        lesson_id = waiting.pop()
        if lesson_id in found or lesson_id not in by_id:
            continue
        found.add(lesson_id)
        waiting.extend(by_id[lesson_id].requires)
    return [one for one in lessons if one.id in found]


def taught(lessons: Sequence[Lesson], lesson: Lesson) -> frozenset[str]:
    """Every concept the lesson and the lessons it requires teach."""
    return frozenset(c for one in [*path_of(lessons, lesson), lesson] for c in one.teaches)


def builds_taught(lessons: Sequence[Lesson], lesson: Lesson) -> bool:
    """Does the Learn page offer the Build button at this stage?"""
    return BUILD in taught(lessons, lesson)


def _needs(steps: Iterable[Step]) -> list[str]:
    """The concepts the steps need, each once, in the order the steps first need them."""
    out: dict[str, None] = {}
    for step in steps:
        out.update(dict.fromkeys(step_needs(step)))
    return list(out)


def first_needed(lessons: Sequence[Lesson], lesson: Lesson) -> tuple[str, ...]:
    """What the stage adds to what the learner can do, as concepts in the order met:

    - the concepts its tasks need that no task on its path needed;
    - on a chapter's last stage, what the chapter teaches that no task needed before
      (a strategy lesson's `strategy`, which no single move needs);
    - else, for a stage that practises what it teaches, the taught concepts it uses.

    Empty for a stage that only practises what earlier chapters taught."""
    before: set[str] = set()
    for earlier in path_of(lessons, lesson):
        before.update(_needs(earlier.steps))
    mine = _needs(lesson.steps)
    new = [c for c in mine if c not in before]
    if lesson.stage == lesson.stages:
        new += [c for c in lesson.teaches if c not in before and c not in new]
    return tuple(new or [c for c in mine if c in lesson.teaches])


MISTAKES: Final = "mistakes"  # the recap of a stage that diagnoses moves and adds no concept


def recap_topics(lessons: Sequence[Lesson], lesson: Lesson) -> tuple[str, ...]:
    """What a finished stage's recap speaks of: `first_needed`, or for a stage of
    mistakes to spot that adds no concept (it practises what earlier chapters
    taught), spotting mistakes."""
    found = first_needed(lessons, lesson)
    if not found and any(step.kind == "mistake" for step in lesson.steps):
        return (MISTAKES,)
    return found


def recap_keys(concepts: Iterable[str], catalogue: Mapping[str, str]) -> list[str]:
    """The recap sentences' keys for these concepts, each once: `recap.<concept>`, and
    for a setting (`target=11`) its name's, `recap.setting.target`; a concept without a
    sentence in the catalogue is left out."""
    out: list[str] = []
    for concept in concepts:
        name, is_setting, _ = concept.partition("=")
        key = f"recap.setting.{name}" if is_setting else f"recap.{concept}"
        if key in catalogue and key not in out:
            out.append(key)
    return out
