"""How long "Mastered" lasts (course/practice/mastery.py): forgetting on FSRS's power curve, so
three right tries keep a skill mastered for days, not for 0.9 of a day (issue 32), and
a skill left for months is no longer shown as mastered."""

from __future__ import annotations

import pytest

from tutorial_app.course.practice.mastery import MASTERED, Try, kept, mastered_for, trace
from tutorial_app.course.practice.skills import Task

DAY = 86400.0
TASK = Task("step:a/b", ("sums",), 0, 1)


def test_three_right_tries_keep_a_skill_mastered_for_days() -> None:
    model = trace([Try(TASK, True, at=0.0), Try(TASK, True, at=60.0),
                   Try(TASK, True, at=120.0)])
    assert model.state("sums") == "mastered"
    assert model.at(3 * DAY).state("sums") == "mastered"   # was "learning" after 0.9 days
    assert model.at(6 * DAY).state("sums") == "mastered"
    assert model.at(60 * DAY).state("sums") == "learning"  # forgetting still counts
    # the model says for how long, and the state agrees on either side of it
    lasts = mastered_for(model.known["sums"], model.right["sums"])
    assert 5 < lasts < 10
    assert trace(model_tries := [Try(TASK, True, at=0.0)] * 3).at(
        (lasts - 0.01) * DAY).p_known("sums") >= MASTERED
    assert trace(model_tries).at((lasts + 0.01) * DAY).p_known("sums") < MASTERED


def test_memory_days_is_when_nine_tenths_of_what_was_learned_is_kept() -> None:
    assert kept(0.0, 4.0) == 1.0
    assert kept(4.0, 4.0) == pytest.approx(0.9)
    assert kept(40.0, 4.0) < kept(4.0, 4.0)
