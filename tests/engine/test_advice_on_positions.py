"""Advice on bare positions (`engine.advice.advise`) under every rules variant:
always a legal move of the player to move, explained with its card named."""

from __future__ import annotations

import random

import pytest
from randpos import random_position, rules_variants

from engine import legal_moves
from engine.advice import advise
from engine.players import view_of_position


@pytest.mark.parametrize("rules", rules_variants(), ids=lambda r: r.text)
def test_advice_is_a_legal_move_with_its_card_named(rules: object) -> None:
    rng = random.Random(f"advice:{rules}")
    checked = 0
    for _ in range(20):
        position = random_position(rng, rules)  # type: ignore[arg-type]
        if not position.hand or not legal_moves(position):
            continue
        view = view_of_position(position)
        others = sum(n for seat, n in enumerate(view.hand_sizes) if seat != view.seat)
        if position.last:  # the unseen cards are in the piles
            assert view.stock_size == others == 0
            assert view.is_last_play == (len(position.hand) == 1)
        else:  # every unseen card is in another hand or the stock
            assert len(view.unseen) == view.stock_size + others and not view.is_last_play
        found = advise(position)
        assert found.move in legal_moves(position)
        assert found.move.card.pretty in found.reason
        checked += 1
    assert checked >= 12
