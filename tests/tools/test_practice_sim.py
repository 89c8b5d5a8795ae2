"""A small run of the practice simulation (tools/practice_sim.py): the scheduler the
Practice page uses beats the course's fixed order, and the model predicts the tries."""

from __future__ import annotations

import math

import pytest

from tutorial_app.course import Course
from tutorial_app.tools import practice_drive as drive
from tutorial_app.tools import practice_sim as sim
from tutorial_app.tools import sim_learner


def test_practice_masters_every_skill_in_fewer_tasks_than_the_fixed_order() -> None:
    tasks = sim.shipped_tasks()
    found = sim.run_seed(tasks, seed=7, learners=3)
    assert found.fixed_mastered == found.practice_mastered == 1.0
    assert found.practice_tasks < found.fixed_tasks
    assert found.fewer > 0.2
    assert found.practice_days < found.fixed_days
    assert abs(found.practice_retention - found.fixed_retention) < 0.1
    assert found.auc > 0.65 and found.ece < 0.15


def test_auc_and_calibration_are_computed_as_defined() -> None:
    assert sim.auc([(0.1, False), (0.9, True)]) == 1.0
    assert sim.auc([(0.9, False), (0.1, True)]) == 0.0
    assert sim.auc([(0.5, False), (0.5, True)]) == 0.5
    assert math.isnan(sim.auc([(0.5, True)]))
    ece, table = sim.calibration([(0.25, True), (0.25, False), (0.95, True)])
    assert table == [(0.25, 0.5, 2), (0.95, 1.0, 1)]
    assert abs(ece - (2 * 0.25 + 0.05) / 3) < 1e-9


def test_the_command_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--learners", "1", "--seeds", "3"]) == 0
    out = capsys.readouterr()
    assert "fixed tasks | practice tasks" in out.out and "auc" in out.out
    assert "12 skills" in out.err
    with pytest.raises(SystemExit):
        sim.main(["--learners", "0"])


@pytest.mark.xfail(strict=True, reason=(
    "Open since issue 34 gated practice puzzles by the concepts of finished stages "
    "(course/practice/ready.py): a simulated learner who only follows the Practice set, "
    "and opens her next lesson only when the set is empty, now stalls in reviews of the "
    "few open tasks and masters no skill within MAX_TASKS tries (seed 7: 0 of 1; 1 of 1 "
    "with the gate lifted). Strict, so the test says when the simulation passes again."))
def test_an_independent_learner_needs_fewer_tries_with_practice_at_no_lower_retention(
        shipped: Course) -> None:
    """A learner not of the model's kind (prerequisites, power-law forgetting, slips
    with the legal moves, a pull toward the biggest capture), through the app's own
    Practice page and store: fewer tries than the course order to master every skill,
    and fewer still once Practice goes on to the course order's retention. The daily
    set used to take more tries than the course order (its reviews of every due card
    and its stretch no harder filled the sets); measured over 20 learners x 5 seeds,
    see docs/practice.md."""
    found = drive.run_app_seed(shipped, 7, 2, sim_learner.new_learner)
    assert found.practice_mastered == 1.0
    assert found.practice_retention_equal >= found.fixed_retention - 0.005
    assert found.fewer_equal > 0.1, found
    assert found.fewer > found.fewer_equal
    assert found.locked == 0.0 and found.harder_really == 1.0


def test_the_independent_learner_is_not_the_models_kind() -> None:
    """Prerequisites, power-law forgetting, slips growing with the legal moves, and
    the biggest capture when she does not know."""
    import random

    from tutorial_app.course.practice.skills import Task

    learner = sim_learner.IndependentLearner(random.Random(1), learn=1.0)
    sums = Task("puzzle:s", ("sums",), 0, 1)
    facts = sim_learner.Facts(moves=4, pulled=0.0, right_share=0.25)
    assert not learner.attempt(sums, facts, 0, 0.0)
    assert "sums" not in learner.strength  # not before pairing
    learner.attempt(Task("puzzle:p", ("pairing",), 1, 1), facts, 0, 0.0)
    learner.attempt(sums, facts, 0, 0.0)
    assert "sums" in learner.strength
    day = sim_learner.DAY
    assert learner.recall("sums", 9 * day) == 0.5  # (1 + 9 / (9 x 1))^-1: a power law
    assert sim_learner.slip(sim_learner.Facts(20, 0.0, 0.1)) > sim_learner.slip(facts)
    pulled = sim_learner.Facts(moves=4, pulled=1.0, right_share=0.25)
    blank = sim_learner.IndependentLearner(random.Random(2), learn=0.0)
    assert blank.attempt(sums, pulled, 0, 0.0)  # the biggest capture was the answer
