"""The novice habits play as their names say, and `first_try` gives each one's exact
chance of an accepted move (its shortlist's share), with no seed."""

from __future__ import annotations

from engine.moves import BUILD, CAPTURE, TRAIL
from engine.players.habits import (
    HABITS,
    PLAYERS,
    biggest_capture,
    first_try,
    never_build,
    pair_first,
    trail_lowest,
)
from engine.players.view import PlayerView, view_of_position
from engine.position import Position


def view(text: str) -> PlayerView:
    return view_of_position(Position.parse(text))


def test_biggest_capture_takes_the_most_cards() -> None:
    shortlist = biggest_capture(view("table: 2h 3c 5d 9s; hand: 5s 9c"))
    assert {len(m.taken_cards) for m in shortlist} == {3}  # 5♠ takes 5♦ and 2♥+3♣
    assert all(m.kind is CAPTURE and m.card.rank == 5 for m in shortlist)


def test_biggest_capture_trails_the_lowest_card_when_nothing_is_taken() -> None:
    shortlist = biggest_capture(view("table: Kh Qd; hand: 3s 7c"))
    assert [(m.kind, m.card.rank) for m in shortlist] == [(TRAIL, 3)]


def test_pair_first_prefers_a_pair_to_a_bigger_sum() -> None:
    shortlist = pair_first(view("table: 2h 3c 5d 9s; hand: 5s 9c"))
    assert shortlist and all(any(c.rank == m.card.rank for c in m.loose) for m in shortlist)


def test_trail_lowest_trails_even_when_a_capture_is_there() -> None:
    shortlist = trail_lowest(view("table: 9s 5d; hand: 9c 2s"))
    assert [(m.kind, m.card.rank) for m in shortlist] == [(TRAIL, 2)]


def test_never_build_never_builds() -> None:
    v = view("table: 4h 9c; hand: 2d 6s")  # 2♦ on 4♥ builds 6, held by 6♠
    assert any(m.kind is BUILD for m in v.legal_moves())
    assert all(m.kind is not BUILD for m in never_build(v))


def test_first_try_is_the_share_of_the_shortlist_accepted() -> None:
    v = view("table: Kh Qd; hand: 3s 7c")
    trail3 = biggest_capture(v)[0]
    result = first_try(v, frozenset({trail3}))
    assert set(result) == set(PLAYERS)
    assert result["biggest-capture"] == 1.0
    assert result["level-1"] == 1 / len(v.legal_moves())
    assert first_try(v, frozenset())["biggest-capture"] == 0.0
    assert set(HABITS) < set(PLAYERS)
