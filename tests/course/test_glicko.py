"""Glicko-2 (course/puzzles/glicko.py): Glickman's worked example to the published figures,
and on a simulated run the ratings move as they should: a strong solver's rating rises,
a weak one's falls, and hard puzzles' ratings rise when they are failed."""

from __future__ import annotations

import math
import random

import pytest

from tutorial_app.course.puzzles import glicko
from tutorial_app.course.puzzles.glicko import Glicko


def test_glickmans_worked_example() -> None:
    player = Glicko(1500.0, 200.0, 0.06)
    results = [(Glicko(1400.0, 30.0), 1.0), (Glicko(1550.0, 100.0), 0.0),
               (Glicko(1700.0, 300.0), 0.0)]
    after = glicko.rate(player, results)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_no_games_only_widens_the_deviation() -> None:
    player = Glicko(1500.0, 200.0, 0.06)
    after = glicko.rate(player, [])
    assert after.rating == 1500.0 and after.rd > 200.0


def test_a_win_raises_and_a_loss_lowers_both_sides_oppositely() -> None:
    learner, puzzle = Glicko(1200.0), Glicko(1300.0, 200.0)
    won_l, won_p = glicko.game(learner, puzzle, solved=True)
    lost_l, lost_p = glicko.game(learner, puzzle, solved=False)
    assert won_l.rating > 1200.0 > lost_l.rating
    assert won_p.rating < 1300.0 < lost_p.rating
    assert won_l.rd < learner.rd  # a game played makes the rating surer


def _solves(strength: float, hardness: float, rng: random.Random) -> bool:
    """The simulated truth: Elo's chance of solving."""
    return rng.random() < 1.0 / (1.0 + 10.0 ** ((hardness - strength) / 400.0))


def _run(strength: float, seed: int) -> tuple[Glicko, dict[int, Glicko], dict[int, float]]:
    rng = random.Random(seed)
    hardness = {i: 900.0 + 200.0 * (i % 5) for i in range(200)}   # labels 1-5
    puzzles = {i: Glicko(900.0 + 200.0 * (i % 5), 200.0) for i in hardness}
    learner = Glicko(1200.0)
    for i in hardness:  # first tries only: each puzzle once
        learner, puzzles[i] = glicko.game(learner, puzzles[i], _solves(strength, hardness[i], rng))
    return learner, puzzles, hardness


def test_a_strong_simulated_solver_rises_and_a_weak_one_falls() -> None:
    strong, _, _ = _run(2000.0, seed=1)
    weak, _, _ = _run(700.0, seed=1)
    assert strong.rating > 1800.0 and weak.rating < 1000.0
    assert strong.rd < 150.0  # each game makes it surer (it starts at 350)


def test_hard_puzzles_failed_rise_and_easy_ones_solved_fall() -> None:
    learners = [Glicko(1200.0) for _ in range(60)]
    rng = random.Random(3)
    hard, easy = Glicko(1700.0, 200.0), Glicko(900.0, 200.0)
    for index, learner in enumerate(learners):
        solved_hard = _solves(1000.0, 2300.0, rng)   # truly far harder than its label
        learner, hard = glicko.game(learner, hard, solved_hard)
        learners[index], easy = glicko.game(learner, easy, _solves(1800.0, 300.0, rng))
    assert hard.rating > 1900.0
    assert easy.rating < 700.0
    assert math.isfinite(hard.volatility)


def test_a_new_learner_moves_by_a_bounded_amount() -> None:
    """A new learner (RD 350) who misses a ●○○○○ puzzle lost 335 points in one try;
    one attempt now moves a learner by at most MAX_STEP, either way, while the
    deviation still narrows as Glicko-2 says (so later tries count for less)."""
    new = glicko.Glicko(1200.0)
    easy = glicko.Glicko(900.0, 200.0)
    missed, _ = glicko.game(new, easy, False)
    solved, _ = glicko.game(new, glicko.Glicko(1700.0, 200.0), True)
    assert missed.rating == new.rating - glicko.MAX_STEP
    assert solved.rating == new.rating + glicko.MAX_STEP
    assert missed.rd < new.rd
    settled = glicko.Glicko(1200.0, 60.0)  # an established learner: Glicko-2 alone
    after, _ = glicko.game(settled, easy, False)
    assert 0 < settled.rating - after.rating < glicko.MAX_STEP
