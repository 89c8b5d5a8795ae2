"""The flow of a hand is written once (`engine.flow`): the game, the search's
simulator and a seat's view agree on the last play and on the unseen cards."""

from __future__ import annotations

import random

import pytest

from engine.cards import full_deck
from engine.flow import Stage, is_last_play, stage_after, take_residue, unseen_cards
from engine.game import new_game
from engine.players import view_of
from engine.players.sim import Sim
from engine.rules import PRESETS


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["classic", "draw"])
def test_game_sim_and_view_agree_on_every_play(preset: str, players: int) -> None:
    state = new_game(players, PRESETS[preset], seed=players)
    rng = random.Random(players)
    lasts = 0
    while not state.hand_over:
        sim = Sim.from_state(state)
        last = state.is_last_play
        lasts += last
        assert sim.is_last_play == last
        for seat in range(players):
            view = view_of(state, seat)
            assert view.is_last_play == last
            assert view.unseen == state.unseen(seat) == sim.view(seat).unseen
            hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h]
            assert sorted(hidden + list(state.stock)) == list(state.unseen(seat))
        state = state.play(rng.choice(list(state.legal_moves())))
    assert lasts == 1  # exactly one play of the hand is the last


def test_last_play_needs_an_empty_stock_and_one_card_in_all() -> None:
    assert is_last_play([1, 0], 0, 0)
    assert not is_last_play([1, 0], 4, 0)
    assert not is_last_play([0, 1], 0, 0)
    assert not is_last_play([1, 1], 0, 0)
    assert not is_last_play(iter([2, 0]), 0, 0)


def test_stages_and_residue() -> None:
    deck = sorted(full_deck())
    assert stage_after(((deck[0],), ()), ()) is Stage.PLAY
    assert stage_after(((), ()), (deck[0],)) is Stage.DEAL
    assert stage_after(((), ()), ()) is Stage.END
    piles = ((deck[0],), ())
    assert take_residue(piles, (deck[1],), (), 3, 4) == (((deck[0],), (deck[1],)), (deck[1],))
    assert take_residue(piles, (deck[1],), (), None, 2) == (piles, ())
    assert take_residue(piles, (), (), 0, 2) == (piles, ())
    assert unseen_cards((), (), ()) == tuple(deck)
