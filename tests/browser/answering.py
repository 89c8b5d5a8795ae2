"""A learner answering a lesson step right, by clicking what she sees, in any language:
the play step's cards and action, the options of a choose step, the reason of a
mistake step, a quiz's value, each packet of a deal step; a read step is read, and a
demonstration (a watch step) watched to its end. The right answer comes from
the course's own checker, so a step whose answer changes still passes; what the screen
says after each answer is checked by the journey that calls it.

Used by test_journey_week.py (the first-hour journey answers its steps wrong first, in
its own helpers)."""

from __future__ import annotations

from browserpage import press
from journeys import Screen
from playwright.sync_api import expect

from tutorial_app.course.judge.checking import solutions
from tutorial_app.course.model import (
    ChooseStep,
    MistakeStep,
    PlayStep,
    QuizStep,
    ReadStep,
    Step,
)
from tutorial_app.course.steps.deal import DealStep, place_label, places
from tutorial_app.course.steps.watch import WatchStep
from tutorial_app.words.i18n import using


def answer_right(screen: Screen, step: Step) -> None:
    """Answer the step on the screen right at the first try (no step kind is skipped:
    an unknown one fails the journey). A read step asks nothing: its first words are
    on the screen; a demonstration is watched beat by beat, each beat's sentence read,
    to its hand-over line (the journey's Next then goes on)."""
    if isinstance(step, ReadStep):
        screen.says(step.text.splitlines()[0].replace("**", "").strip())
        return
    if isinstance(step, WatchStep):
        for index, beat in enumerate(step.beats):
            screen.says(beat.say)
            if index < len(step.beats) - 1:  # its own Next, by its key (labelled as the
                press(screen.page, screen.page.locator(".st-key-watch-next button"))  # step's)
        screen.says(step.then or screen.words("watch.then"))
        return
    if isinstance(step, PlayStep):
        screen.play(next(m for m in solutions(step) if not m.builds))
    elif isinstance(step, ChooseStep):
        for right in sorted(step.correct):
            screen.pick(step.options[right])
        screen.press_key("learn.check")
    elif isinstance(step, (MistakeStep, QuizStep)):
        screen.pick(dict(step.choices)[step.answer])
        screen.press_key("learn.check")
    elif isinstance(step, DealStep):
        with using(screen.lang):
            labels = [place_label(step, question.answer) for question in step.questions]
        assert all(question.answer in places(step, question) for question in step.questions)
        rows = screen.page.get_by_test_id("stMain").get_by_test_id("stButtonGroup")
        for row, label in enumerate(labels):
            press(screen.page, rows.nth(row).get_by_text(label, exact=True).first)
        screen.press_key("learn.check")
    else:
        raise AssertionError(f"no way to answer a {type(step).__name__}")
    expect(screen.alert("success")).to_be_visible()  # the step's success, in her words
