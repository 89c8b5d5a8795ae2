"""Practice and the Puzzles page offer a puzzle only once every concept it needs is taught
by the stages the learner has finished (course/practice/ready.py), over the real course.

Before, a stage that practised a theme opened every puzzle of it: after the
several-groups stage the multiple-capture puzzles that take builds (taught two chapters
later), after no-builds the variant puzzles scoring spades (taught in the next one).
"""

from __future__ import annotations

from typing import Any

from tutorial_app.course.course import Course
from tutorial_app.course.model import Puzzle
from tutorial_app.course.practice import ready
from tutorial_app.course.steps import step_needs
from tutorial_app.flows.practice import open_tasks
from tutorial_app.flows.puzzles import PuzzleController, matching
from tutorial_app.services.store import Learner, ProgressStore

Case = tuple[str, str, str]  # (the last stage finished, the puzzle offered, a concept not taught)


def _puzzles_page(course: Course, store: ProgressStore, learner: Learner,
                  **link: str) -> list[Puzzle]:
    """The puzzles the Puzzles page offers the learner on a first visit (by the link)."""
    memory: dict[str, Any] = {}
    control = PuzzleController(memory, course, store, learner, dict(link))
    control.follow_links()
    return matching(list(course.puzzles), control.filter(), {})


def _cases(stage: str, offered: list[Puzzle], taught: set[str]) -> list[Case]:
    return [(stage, p.id, c) for p in offered for c in sorted(step_needs(p)) if c not in taught]


def untaught_offers(course: Course, store: ProgressStore) -> list[Case]:
    """A learner finishing the course's stages in order: after each, every (stage,
    puzzle, concept) where practice, the Puzzles page's first visit or the stage's own
    "practise it" link offers a puzzle needing a concept no finished stage teaches."""
    by_id = {p.id: p for p in course.puzzles}
    learner = store.learner("Ana")
    taught: set[str] = set()
    found: list[Case] = []
    for stage in course.lessons:
        store.complete_lesson(learner.id, stage.id, 3)
        taught |= set(stage.teaches)
        progress = store.progress(learner.id)
        practice = [by_id[t.ref] for t in open_tasks(course, progress) if t.kind == "puzzle"]
        found += _cases(stage.id, practice, taught)
        found += _cases(stage.id, _puzzles_page(course, store, learner), taught)
        if stage.practice:
            link = _puzzles_page(course, store, learner, theme=",".join(stage.practice))
            found += _cases(stage.id, link, taught)
    return found


def test_no_puzzle_is_offered_before_its_concepts_are_taught(store: ProgressStore) -> None:
    from shipped import shipped_course

    found = untaught_offers(shipped_course(), store)
    assert found == [], f"{len(found)} cases, e.g. {found[:5]}"


def test_a_stage_that_practises_a_theme_still_offers_puzzles_of_it(store: ProgressStore) -> None:
    """The gate keeps what is taught: after the several-groups stage, some of its
    multiple-capture puzzles (those needing only what is taught) are offered."""
    from shipped import shipped_course

    course = shipped_course()
    upto = next(i for i, s in enumerate(course.lessons) if s.id == "several-groups")
    done = {s.id for s in course.lessons[:upto + 1]}
    ids = ready.ready_ids(course.puzzles, course.lessons, done)
    themed = [p for p in course.puzzles if "multiple-capture" in p.themes]
    offered = [p for p in themed if p.id in ids]
    assert 0 < len(offered) < len(themed)
    assert all("build" not in step_needs(p) for p in offered)
