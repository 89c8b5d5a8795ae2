"""A small run of the practice simulation (tools/practice_sim.py): the scheduler the
Practice page uses beats the course's fixed order, and the model predicts the tries."""

from __future__ import annotations

import math

import pytest

from tutorial_app.tools import practice_sim as sim


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
