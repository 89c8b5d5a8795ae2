"""Fitting BKT and FSRS to attempts (course/practice/fit.py): the replays are the models' own
updates, parameters are recovered from learners simulated with known ones, the fitted
values predict held-out learners at least as well as the textbook's, too little data
keeps the textbook values, and fitted values stay within bounds."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from fsrs import Card, Rating, Scheduler

from tutorial_app.course.practice import fit
from tutorial_app.course.practice.mastery import PARAMS, BKTParams, Mastery
from tutorial_app.course.practice.review import WEIGHTS

TRUE_BKT = BKTParams(p_init=0.3, p_learn=0.12, p_slip=0.08, p_guess=0.25, memory_days=8.0)
TRUE_FSRS = (0.8, 3.0, 6.0)


def test_the_bkt_replay_is_what_mastery_predicts_before_each_try() -> None:
    tries = fit.simulate_bkt(TRUE_BKT, 6, 40, seed=5, pairs=True)  # conjunctive tasks too
    data = fit.bkt_data(tries)
    predicted = fit.bkt_predictions(data, np.array([[0.2, 0.2, 0.1, 0.15, 4.0]]))[0]
    expected: dict[tuple[int, int], float] = {}
    for who, mine in tries.items():
        model = Mastery(PARAMS)
        for n, attempt in enumerate(mine):
            expected[(n, who)] = model.at(attempt.at).p_right(attempt.task)
            model.update(attempt)
    assert predicted == pytest.approx([expected[k] for k in sorted(expected)], abs=1e-12)
    assert list(data.outcomes) == [tries[w][n].right for n, w in sorted(expected)]


def test_the_fsrs_replay_is_what_the_fsrs_package_predicts() -> None:
    weights = fit.with_initial(TRUE_FSRS)
    rows = fit.simulate_fsrs(weights, 4, 5, 6, seed=3)
    data = fit.fsrs_data(rows)
    scheduler = Scheduler(parameters=weights, learning_steps=(), relearning_steps=(),
                          enable_fuzzing=False)
    expected: dict[tuple[int, int], tuple[float, bool]] = {}
    cards: dict[tuple[int, str], int] = {}
    state: dict[int, Card] = {}
    for row in rows:
        i = cards.setdefault((row.learner_id, row.task), len(cards))
        when = datetime.fromtimestamp(row.at, UTC)
        card = state.get(i, Card(due=when))
        if row.review > 1 and card.last_review and (when - card.last_review).days >= 1:
            expected[(row.review, i)] = (scheduler.get_card_retrievability(card, when),
                                         row.rating > 1)
        state[i], _ = scheduler.review_card(card, Rating(row.rating), when)
    got = fit.fsrs_predictions(data, np.array([weights]))[0]
    assert got == pytest.approx([expected[k][0] for k in sorted(expected)], abs=1e-12)
    assert list(data.outcomes) == [expected[k][1] for k in sorted(expected)]


def test_bkt_parameters_are_recovered_from_learners_of_known_parameters() -> None:
    """60 learners x 80 tries of single-skill tasks (where BKT's update is exact): each
    parameter within the tolerance below of the one the learners were drawn with."""
    result = fit.fit_bkt(fit.simulate_bkt(TRUE_BKT, 60, 80, seed=3))
    assert result.fitted, result.note
    got = fit.as_params(result.values)
    assert got.p_init == pytest.approx(TRUE_BKT.p_init, abs=0.08)
    assert got.p_learn == pytest.approx(TRUE_BKT.p_learn, abs=0.05)
    assert got.p_slip == pytest.approx(TRUE_BKT.p_slip, abs=0.03)
    assert got.p_guess == pytest.approx(TRUE_BKT.p_guess, abs=0.04)
    assert TRUE_BKT.memory_days / 2 < got.memory_days < TRUE_BKT.memory_days * 2
    assert result.held_fitted is not None and result.held_textbook is not None
    assert result.held_fitted.log_loss <= result.held_textbook.log_loss
    assert result.train_fitted is not None and result.train_textbook is not None
    assert result.train_fitted.log_loss < result.train_textbook.log_loss
    assert result.held_fitted.n + result.train_fitted.n == 60 * 80


def test_fsrs_initial_stabilities_are_recovered_from_a_review_log() -> None:
    """120 learners x 20 tasks x 5 reviews, 1-60 days apart: w0 and w2 within 35%, w1
    (Hard, 15% of first reviews) within 60%; the rest of the weights untouched."""
    result = fit.fit_fsrs(fit.simulate_fsrs(fit.with_initial(TRUE_FSRS), 120, 20, 5, seed=1))
    assert result.fitted, result.note
    w = result.values
    assert TRUE_FSRS[0] / 1.35 < w[0] < TRUE_FSRS[0] * 1.35
    assert TRUE_FSRS[1] / 1.6 < w[1] < TRUE_FSRS[1] * 1.6
    assert TRUE_FSRS[2] / 1.35 < w[2] < TRUE_FSRS[2] * 1.35
    assert w[3:] == WEIGHTS[3:]
    assert result.held_fitted is not None and result.held_textbook is not None
    assert result.held_fitted.log_loss <= result.held_textbook.log_loss


def test_too_little_data_keeps_the_textbook_values_and_says_so() -> None:
    few = fit.fit_bkt(fit.simulate_bkt(TRUE_BKT, 5, 100, seed=1))
    assert not few.fitted and few.values == few.textbook
    assert "too little data (5 learners" in few.note
    short = fit.fit_bkt(fit.simulate_bkt(TRUE_BKT, 20, 10, seed=1))
    assert not short.fitted and "200 tries" in short.note
    log = fit.fit_fsrs(fit.simulate_fsrs(fit.with_initial(TRUE_FSRS), 20, 2, 3, seed=1))
    assert not log.fitted and log.values == WEIGHTS and "80 reviews" in log.note


def test_worse_on_the_held_out_learners_keeps_the_textbook_values() -> None:
    """Learners drawn with the textbook values themselves: whatever the search finds
    is kept only if it does no worse on learners it was not fitted on."""
    result = fit.fit_bkt(fit.simulate_bkt(PARAMS, 12, 30, seed=2))
    assert result.held_fitted is not None and result.held_textbook is not None
    if result.held_fitted.log_loss > result.held_textbook.log_loss:
        assert not result.fitted and result.values == result.textbook
        assert "held-out" in result.note
    else:
        assert result.fitted


def test_fitted_values_are_held_within_bounds() -> None:
    wild = BKTParams(p_init=1.0, p_learn=-2.0, p_slip=0.9, p_guess=0.0, memory_days=1e9)
    held = fit.clip_bkt(wild)
    for name, (lo, hi) in fit.BKT_BOUNDS.items():
        assert lo <= getattr(held, name) <= hi
    weights = fit.clip_fsrs([1e6, -3.0, 50.0, *WEIGHTS[3:]])
    assert weights is not None
    assert weights[:3] == (fit.FSRS_BOUNDS[1], fit.FSRS_BOUNDS[0], 50.0)
    assert weights[3] == 50.0  # Easy at least Good
    assert fit.clip_fsrs([1.0] * 5) is None
    assert fit.clip_fsrs([float("nan"), *WEIGHTS[1:]]) is None


def test_auc_is_the_chance_a_right_try_ranks_above_a_wrong_one() -> None:
    assert fit.auc(np.array([0.9, 0.8, 0.2, 0.1]), np.array([1, 1, 0, 0])) == 1.0
    assert fit.auc(np.array([0.1, 0.2, 0.8, 0.9]), np.array([1, 1, 0, 0])) == 0.0
    assert fit.auc(np.array([0.5, 0.5, 0.5, 0.5]), np.array([1, 0, 1, 0])) == 0.5
