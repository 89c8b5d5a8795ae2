"""PlayerView: exactly what one seat can see."""

from __future__ import annotations

import random

from playerstest import scrambled

from engine.game import new_game
from engine.players import PlayerView, view_of, view_of_position
from engine.players.levels import LEVELS
from engine.position import Position


def _advance(players: int, plies: int, seed: int = 3):  # type: ignore[no-untyped-def]
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = state.play(LEVELS[2](view_of(state), rng))
    return state


def test_view_shows_own_hand_table_piles_and_counts() -> None:
    state = _advance(2, 11)
    view = view_of(state)
    assert view.seat == state.to_move
    assert view.hand == state.hands[state.to_move]
    assert view.loose == state.loose and view.builds == state.builds
    assert [sorted(p) for p in view.piles] == [sorted(p) for p in state.piles]
    assert view.sweeps == state.sweeps and view.totals == state.totals
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.stock_size == len(state.stock)
    assert view.deal_number == state.deal_number
    assert view.last_deal == state.last_deal
    assert view.last_capturer == state.last_capturer
    assert list(view.legal_moves()) == list(state.legal_moves())


def test_unseen_is_other_hands_plus_stock() -> None:
    for players in (2, 3, 4):
        state = _advance(players, 5)
        for seat in range(players):
            view = view_of(state, seat)
            hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
            hidden |= set(state.stock)
            assert set(view.unseen) == hidden
            assert list(view.unseen) == sorted(view.unseen)  # no trace of where they lie
            assert set(view.unseen).isdisjoint(view.hand)


def test_view_does_not_change_when_only_hidden_cards_move() -> None:
    rng = random.Random(9)
    for players in (2, 3, 4):
        state = _advance(players, 6)
        seat = state.to_move
        for _ in range(5):
            other = scrambled(state, seat, rng)
            assert other.hands != state.hands or other.stock != state.stock
            assert view_of(other, seat) == view_of(state, seat)


def test_partners_share_a_side() -> None:
    state = _advance(4, 3)
    view = view_of(state, 2)
    assert view.side == 0 and view.side_of(1) == 1 and view.side_of(0) == 0
    assert len(view.piles) == 2


def test_players_only_get_a_view() -> None:
    for level, choose in LEVELS.items():
        annotations = choose.__annotations__
        assert annotations.get("view") in (PlayerView, "PlayerView"), level


def test_a_bare_position_gets_the_least_assuming_view() -> None:
    position = Position.parse("table: 5c 3d [8: 5h 3s @1]; hand: 8s 3h Kd; players: 3; seat: 1")
    view = view_of_position(position)
    assert view.position() == position and view.to_move == view.seat == 1
    assert len(view.unseen) == 52 - 4 - 3  # nothing captured is known
    assert view.hand_sizes == (3, 3, 3)  # the others hold as many as the mover
    assert view.stock_size + 6 == len(view.unseen)
    assert not view.is_last_play and not view.last_deal
    last = view_of_position(Position.parse("table: 6h Qc 2d; hand: 8s; last"))
    assert last.is_last_play and last.position().last
    assert last.hand_sizes == (1, 0) and last.stock_size == 0
