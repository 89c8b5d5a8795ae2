"""The `why:` key (issue 34): every answered step kind may carry the rule behind its
prompt, read in the learner's language and shown folded under the instruction; a read
step, which asks nothing, has no prompt to explain."""

from __future__ import annotations

import pytest

from tutorial_app.course import LessonFileError, loads
from tutorial_app.course.proofs import brevity
from tutorial_app.course.reading.loader import read_document
from tutorial_app.course.reading.yamlsrc import Source
from tutorial_app.course.steps import STEP_KINDS, unit
from tutorial_app.words import i18n

STEPS = {
    "play": "    position: \"table: 7h 3c; hand: 7s 4d\"\n    prompt: Capture the 7♥.\n"
            "    goal: {capture: [7h]}\n",
    "choose": "    position: \"table: 7h 3c; hand: 7s 4d\"\n    prompt: Which are legal?\n"
              "    options: [\"7s x 7h\", \"4d x 3c\"]\n    correct: legal\n",
    "mistake": "    position: \"table: 7h 3c; hand: 7s 4d\"\n    move: \"4d x 3c\"\n",
    "quiz": "    prompt: How many cards in the pack?\n    fact: pack-size\n"
            "    choices: [40, 48, 52]\n    wrong: {40: No court cards., 48: One rank short.}\n",
    "deal": "    prompt: Deal to two players.\n    players: 2\n",
    "count": "    prompt: Count the points.\n    piles: [\"As 2s\", \"10d 3c\"]\n",
}
WHY = "Cards of the same value pair (rule 4.1)."


def lesson(kind: str, extra: str) -> str:
    return ("id: why\ntitle: Why\nteaches: [values, trail, pair, deal, scoring, game-end]\n"
            f"steps:\n  - id: s\n    kind: {kind}\n{extra}")


def test_every_answered_kind_takes_why_and_keeps_it() -> None:
    answered = {k for k in STEP_KINDS if unit(k).scored}
    assert answered >= set(STEPS)  # a new answered kind: add it here
    for kind, body in STEPS.items():
        assert "why" in unit(kind).optional, kind
        (step,) = loads(lesson(kind, body + f"    why: {WHY}\n")).steps
        assert step.why == WHY, kind
        assert f"    why: {WHY}" in unit(kind).show(step), kind
        assert WHY in list(unit(kind).texts(step)), kind  # counted in the course's reading
        (bare,) = loads(lesson(kind, body)).steps
        assert bare.why == "", kind


def test_a_read_step_has_no_why() -> None:
    with pytest.raises(LessonFileError) as raised:
        loads(lesson("read", "    text: Read me.\n    why: Because.\n"))
    assert "why" in str(raised.value)


def test_why_is_a_catalogue_entry_of_its_step() -> None:
    with i18n.using(i18n.DEFAULT_LANGUAGE), i18n.recording_lesson_texts() as found:
        loads(lesson("play", STEPS["play"] + f"    why: {WHY}\n"))
    assert found["lesson.why.steps.s.why"] == WHY


def test_a_puzzle_has_no_why_and_its_texts_still_read() -> None:
    """A puzzle is checked as a play step but has no `why:`; the course's statistics read
    its texts through the play unit all the same."""
    puzzles = loads("id: set\ntitle: Set\npuzzles:\n  - id: p\n"
                    "    position: \"table: 7h 3c; hand: 7s 4d\"\n    goal: {capture: [7h]}\n"
                    "    themes: [pairing]\n    difficulty: 1\n    prompt: Capture the 7♥.\n")
    (puzzle,) = puzzles.puzzles  # type: ignore[union-attr]
    assert "Capture the 7♥." in list(unit("puzzle").texts(puzzle))


def test_words_are_counted_as_a_reader_reads_them() -> None:
    """A card or a number is a word, markup and a lone dash are none."""
    assert brevity.words_read("Capture the 7♥ with your 7♠.") == 6
    assert brevity.words_read("**Trail** the 10♦ — now (rule 6.1).") == 6  # "(rule 6.1)": two
    assert brevity.words_read("") == 0


def test_a_prompt_over_the_limit_is_a_problem_a_puzzle_too() -> None:
    """The limit holds for a puzzle's prompt as for a step's; only in the proofs, so the
    app, serving files `validate` passed, never drops a lesson for it."""
    long = " ".join(["Capture"] * (brevity.PROMPT_WORDS + 1))
    text = ("id: set\ntitle: Set\npuzzles:\n  - id: p\n"
            "    position: \"table: 7h 3c; hand: 7s 4d\"\n    goal: {capture: [7h]}\n"
            f"    themes: [pairing]\n    difficulty: 1\n    prompt: {long}\n")
    with pytest.raises(LessonFileError) as raised:
        loads(text)
    assert "puzzle 'p': the prompt has 31 words, over the limit of 30" in str(raised.value)
    src = Source("set.yaml", proofs=False)
    assert read_document(src, text).content is not None and not src.errors
