"""Every level plays only legal moves under every preset and player count, and
decides the same way from the same view and seed."""

from __future__ import annotations

import random

import pytest

from engine.game import new_game
from engine.players import choose_move, view_of
from engine.players.levels import LEVELS
from engine.players.search import SearchConfig, make_searcher
from engine.rules import PRESETS

QUICK_SEARCH = make_searcher(SearchConfig(ply_budget=60, min_samples=1, max_samples=2,
                                          max_candidates=3, exact_nodes=400))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_levels_1_to_3_play_a_whole_hand_legally(preset: str, players: int) -> None:
    rules = PRESETS[preset]
    state = new_game(players, rules, seed=len(preset) * 7 + players)
    rng = random.Random(players)
    plies = 0
    while not state.hand_over:
        level = 1 + (state.to_move + plies // players) % 3  # every level in every seat
        move = choose_move(level, view_of(state), rng)
        assert move in state.legal_moves(), (level, move, state.position().text)
        state = state.play(move)
        plies += 1
    assert not any(state.hands) and not state.stock


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_level_4_plays_a_whole_hand_legally(preset: str, players: int) -> None:
    """A small search budget: the same code paths as the default, sampling,
    playouts and the exact endgame included."""
    rules = PRESETS[preset]
    state = new_game(players, rules, seed=len(preset) + 31 * players)
    rng = random.Random(5)
    while not state.hand_over:
        chooser = QUICK_SEARCH if state.to_move % 2 == 0 else LEVELS[3]
        move = chooser(view_of(state), rng)
        assert move in state.legal_moves(), (move, state.position().text)
        state = state.play(move)


def test_level_4_default_budget_plays_the_last_deal_legally() -> None:
    state = new_game(2, seed=77)
    rng = random.Random(1)
    while not state.last_deal:
        state = state.play(LEVELS[3](view_of(state), rng))
    while not state.hand_over:
        move = LEVELS[4](view_of(state), rng)
        assert move in state.legal_moves()
        state = state.play(move)


def test_same_view_and_seed_give_the_same_move() -> None:
    state = new_game(2, seed=12)
    rng = random.Random(3)
    for _ in range(6):
        view = view_of(state)
        for level in LEVELS:
            first = choose_move(level, view, random.Random(42))
            assert choose_move(level, view, random.Random(42)) == first
        state = state.play(choose_move(2, view, rng))


def test_unknown_level_is_refused() -> None:
    from engine.errors import CassinoError

    with pytest.raises(CassinoError, match="levels: 1, 2, 3, 4"):
        choose_move(9, view_of(new_game()), random.Random(0))


@pytest.mark.parametrize("settings", [
    "classic build_in_sums=true", "classic aces_like_faces=true", "classic face_capture=all",
    "classic controller_trail=always", "classic controller_trail=if_stuck keep_capture_card=false",
    "classic sweeps=off last_play_sweep=false deal=ones", "royal-aces-high build_in_sums=true",
    "no-builds scoring=spades",
])
def test_every_level_is_legal_under_other_settings(settings: str) -> None:
    from engine.rules import Rules

    rules = Rules.parse(settings)
    for players in (2, 4):
        state = new_game(players, rules, seed=players + len(settings))
        rng = random.Random(2)
        plies = 0
        while not state.hand_over:
            level = 1 + (state.to_move + plies) % 4
            view = view_of(state)
            move = QUICK_SEARCH(view, rng) if level == 4 else choose_move(level, view, rng)
            assert move in state.legal_moves(), (settings, level, move, state.position().text)
            state = state.play(move)
            plies += 1


_SCRIPT = """
import random
from engine.game import new_game
from engine.players import view_of, choose_move
state = new_game(3, seed=3)
rng = random.Random(1)
for _ in range(6):
    view = view_of(state)
    print([choose_move(level, view, random.Random(5)).text for level in (1, 2, 3, 4)])
    state = state.play(choose_move(3, view, rng))
"""


def test_decisions_do_not_depend_on_the_hash_seed() -> None:
    """Set iteration order changes with PYTHONHASHSEED; decisions must not."""
    import os
    import subprocess
    import sys

    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True,
                              text=True, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1
