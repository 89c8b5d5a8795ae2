"""Levels 3 and 4 never look at hidden cards: moving the cards a seat cannot
see (other hands, the stock) never changes its decision with the same seed."""

from __future__ import annotations

import random

import pytest
from playerstest import scrambled

from engine.game import GameState, new_game
from engine.players import view_of
from engine.players.levels import LEVELS


def _positions(players: int, seed: int, every: int) -> list[GameState]:
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    found = []
    ply = 0
    while not state.hand_over:
        hidden_ambiguous = not view_of(state).all_known
        if ply % every == 0 and len(state.legal_moves()) > 1 and hidden_ambiguous:
            found.append(state)
        state = state.play(LEVELS[3](view_of(state), rng))
        ply += 1
    return found


@pytest.mark.parametrize("level", [3, 4])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_decision_ignores_where_hidden_cards_lie(level: int, players: int) -> None:
    choose = LEVELS[level]
    shuffler = random.Random(100 + players)
    checked = 0
    for state in _positions(players, seed=40 + players, every=7 if level == 4 else 3):
        seat = state.to_move
        expected = choose(view_of(state, seat), random.Random(seat + 17))
        for _ in range(2):
            other = scrambled(state, seat, shuffler)
            while (other.hands, other.stock) == (state.hands, state.stock):
                other = scrambled(state, seat, shuffler)
            assert choose(view_of(other, seat), random.Random(seat + 17)) == expected
            assert expected in other.legal_moves()
        checked += 1
    assert checked >= 3
