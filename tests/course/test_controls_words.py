"""Issue 34: a control's label says what it does in the words the prompts use. The first
chapters ask for trails ("Jogue a carta que vale 7" under a button that says
"Descartar" sent a child looking for a "jogar" button): every prompt of lessons 01-03
that asks for a trail says the Trail button's verb, in every language."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from engine.moves import TRAIL
from tutorial_app.course import Course, PlayStep, load_course
from tutorial_app.words.i18n import t, using

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
FIRST_CHAPTERS = ("cards", "trailing", "pairing")
STEM = 4  # "Descartar" / "Descarte o 4♣", "Tirar" / "Tira", "Cala" / "Calare"


@functools.cache
def course_in(lang: str) -> Course:
    return load_course(LESSONS, language=lang, proofs=False)


def trail_prompts(course: Course) -> list[tuple[str, str]]:
    """The prompts of the first chapters' play steps whose every answer is a trail."""
    out = []
    for lesson in course.lessons:
        if not lesson.id.startswith(FIRST_CHAPTERS):
            continue
        for step in lesson.steps:
            if isinstance(step, PlayStep) and step.solution_moves and all(
                    m.kind is TRAIL for m in step.solution_moves):
                out.append((f"{lesson.id}/{step.id}", step.prompt))
    return out


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es", "it"])
def test_a_prompt_asking_for_a_trail_says_the_trail_buttons_verb(lang: str) -> None:
    with using(lang):
        verb = t("board.trail")[:STEM].lower()
        asked = trail_prompts(course_in(lang))
        assert len(asked) >= 3
        unsaid = [(where, prompt) for where, prompt in asked if verb not in prompt.lower()]
        assert unsaid == [], f"{lang}: say {t('board.trail')!r}"
