"""The look-ahead machinery: `Sim` plays a hand exactly as the game does,
determinizations respect what is known, and the exact endgame search finds
the true minimax value."""

from __future__ import annotations

import random

import pytest

from engine.game import new_game
from engine.players import view_of
from engine.players.levels import LEVELS
from engine.players.sampling import determinize, known_sim
from engine.players.search import pick
from engine.players.sim import Sim
from engine.players.solver import Solver, solve
from engine.players.worth import advantage
from engine.rules import PRESETS, Rules
from engine.scoring import side_of


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sim_plays_a_hand_like_the_game(preset: str, players: int) -> None:
    state = new_game(players, PRESETS[preset], seed=players * 3 + len(preset))
    sim = Sim.from_state(state)
    rng = random.Random(0)
    while not state.hand_over:
        move = LEVELS[2](view_of(state), rng)
        assert list(sim.legal_moves()) == list(state.legal_moves())
        state = state.play(move)
        sim = sim.play(move)
        if not state.hand_over:
            assert (sim.loose, sim.builds, sim.hands, sim.stock, sim.to_move) == \
                (state.loose, state.builds, state.hands, state.stock, state.to_move)
            assert sim.sweeps == state.sweeps and sim.last_capturer == state.last_capturer
    assert sim.hand_over
    scores = state.results[-1].scores
    assert sim.expected_points() == tuple(float(s.total) for s in scores)


def test_determinization_keeps_sizes_and_the_holding_rule() -> None:
    rules = Rules()
    rng = random.Random(4)
    state = new_game(2, rules, seed=8)
    seen_build = False
    while not state.hand_over:
        view = view_of(state)
        for _ in range(5):
            world = determinize(view, rng)
            assert world.hands[view.seat] == view.hand
            assert tuple(len(h) for h in world.hands) == view.hand_sizes
            assert len(world.stock) == view.stock_size
            placed = sorted([c for s, h in enumerate(world.hands) if s != view.seat for c in h]
                            + list(world.stock))
            assert placed == list(view.unseen)
            for build in view.builds:
                if build.controller != view.seat:
                    seen_build = True
                    hand = world.hands[build.controller]
                    assert any(build.value in rules.capture_values(c) for c in hand)
        state = state.play(LEVELS[3](view, rng))
    assert seen_build


def _minimax(sim: Sim, side: int) -> float:
    if sim.hand_over:
        return sim.value_for(side)
    values = [_minimax(sim.play(m), side) for m in sim.legal_moves()]
    mine = side_of(sim.to_move, sim.players) == side
    return max(values) if mine else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_exact_search_matches_plain_minimax(seed: int) -> None:
    rules = PRESETS["classic" if seed % 3 else "royal"]
    state = new_game(2, rules, seed=seed)
    rng = random.Random(seed)
    while not (state.last_deal and sum(len(h) for h in state.hands) <= 5):
        state = state.play(LEVELS[2 + seed % 2](view_of(state), rng))
    view = view_of(state)
    sim = known_sim(view)
    assert sim is not None
    true = Sim.from_state(state)
    assert (sim.hands, sim.loose, sim.builds, sim.stock) == \
        (true.hands, true.loose, true.builds, true.stock)
    assert [sorted(p) for p in sim.piles] == [sorted(p) for p in true.piles]
    values = solve(sim, view.side, budget=10**6)
    assert values is not None
    best = max(v for _, v in values)
    assert best == pytest.approx(_minimax(sim, view.side))
    for move, value in values:
        truth = _minimax(sim.play(move), view.side)
        assert truth <= best + 1e-9
        if value >= best - 1e-9:
            assert truth == pytest.approx(best), move
    moves = [m for m, _ in values]
    every = Solver(view.side, 10**6).values(sim, moves)
    assert every == pytest.approx([_minimax(sim.play(m), view.side) for m in moves])


def test_search_leaves_the_counting_choice_only_on_clear_evidence() -> None:
    assert pick([[0.0, 0.0, 0.0], [5.0, -4.0, 1.0]], z=1.0) == 0  # noisy gain
    assert pick([[0.0, 1.0, 2.0], [0.5, 1.5, 2.5], [0.2, 1.2, 2.2]], z=1.0) == 1
    assert pick([[0.0, 0.0], [-1.0, -1.0]], z=0.0) == 0


def test_values_are_hand_points_differences() -> None:
    state = new_game(3, seed=1)
    rng = random.Random(1)
    while not state.hand_over:
        state = state.play(LEVELS[2](view_of(state), rng))
    totals = [float(s.total) for s in state.results[-1].scores]
    assert advantage(totals, 0) == totals[0] - (totals[1] + totals[2]) / 2


def test_sim_views_match_the_game_views() -> None:
    for players in (2, 3, 4):
        state = new_game(players, seed=players)
        rng = random.Random(0)
        for _ in range(9):
            state = state.play(LEVELS[2](view_of(state), rng))
        sim = Sim.from_state(state)
        for seat in range(players):
            ours, theirs = sim.view(seat), view_of(state, seat)
            assert ours.unseen == theirs.unseen and ours.hand == theirs.hand
            assert [sorted(p) for p in ours.piles] == [sorted(p) for p in theirs.piles]
            if seat == state.to_move:
                assert list(ours.legal_moves()) == list(theirs.legal_moves())
