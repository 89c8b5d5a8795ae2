"""The deal and the game loop (rules 2, 8.2, 9, 10.4, 11.2)."""

from __future__ import annotations

import random

import pytest

from engine.cards import full_deck
from engine.errors import IllegalMoveError
from engine.game import GameState, deal_first, new_game, shuffled_deck
from engine.rules import Rules, preset


def _play_hand(state: GameState, seed: int) -> GameState:
    rng = random.Random(seed)
    while not state.hand_over:
        state = state.play(rng.choice(list(state.legal_moves())))
    return state


def _all_cards(state: GameState) -> list:
    cards = list(state.stock) + list(state.loose)
    cards += [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    cards += [c for b in state.builds for c in b.cards]
    return cards


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_rule_2_3_number_of_deals(players: int, deals: int) -> None:
    state = new_game(players, seed=players)
    assert len(state.loose) == 4 and all(len(h) == 4 for h in state.hands)
    seen_deals = {1}
    rng = random.Random(1)
    while not state.hand_over:
        state = state.play(rng.choice(list(state.legal_moves())))
        seen_deals.add(state.deal_number)
        if not state.hand_over:
            assert sorted(_all_cards(state)) == sorted(full_deck())
    assert max(seen_deals) == deals


def test_rule_2_2_deal_in_twos_and_ones() -> None:
    deck = list(full_deck())
    hands, table, stock = deal_first(deck, dealer=0, players=2, ones=False)
    # Non-dealer (seat 1) first, then the table, then the dealer; twice.
    assert hands[1] == deck[0:2] + deck[6:8]
    assert table == deck[2:4] + deck[8:10]
    assert hands[0] == deck[4:6] + deck[10:12]
    hands, table, stock = deal_first(deck, dealer=0, players=2, ones=True)
    assert hands[1] == [deck[0], deck[3], deck[6], deck[9]]
    assert table == [deck[1], deck[4], deck[7], deck[10]]
    assert len(stock) == 52 - 12


def test_rule_2_4_first_player_and_dealer_rotation() -> None:
    state = new_game(3, seed=5, dealer=1)
    assert state.to_move == 2
    state = _play_hand(state, 5)
    if not state.over:
        assert state.next_hand().dealer == 2


def test_seeded_deal_is_reproducible_and_shuffled() -> None:
    assert shuffled_deck(7, 1) == shuffled_deck(7, 1)
    assert shuffled_deck(7, 1) != shuffled_deck(7, 2)
    assert sorted(shuffled_deck(7, 1)) == sorted(full_deck())


def test_rule_9_1_residue_goes_to_last_capturer_and_52_cards_scored() -> None:
    for seed in range(15):
        state = new_game(2, seed=seed)
        before = state
        state = _play_hand(state, seed)
        assert not state.loose and not state.builds
        assert sum(len(p) for p in state.piles) == 52
        residue = [e for e in state.log if e.kind == "residue"]
        captures = [e for e in state.log if e.kind == "move" and e.captured]
        if residue:
            assert residue[-1].seat == captures[-1].seat
            assert not residue[-1].sweep
        del before


def test_rule_7_2_no_build_left_when_hand_ends() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        state = new_game(2, seed=seed)
        while True:
            previous = state
            state = state.play(rng.choice(list(state.legal_moves())))
            if state.hand_over:
                break
        assert not previous.builds or previous.is_last_play
        assert not [e for e in state.log if e.kind == "residue" and any(
            c in b.cards for b in previous.builds for c in e.captured)]


def test_rule_2_1_partnerships_pool_cards() -> None:
    state = _play_hand(new_game(4, seed=3), 3)
    assert len(state.piles) == 2 and len(state.totals) == 2
    assert sum(len(p) for p in state.piles) == 52


def test_rule_11_2_draw_casino_draws_after_every_play() -> None:
    state = new_game(2, preset("draw"), seed=4)
    assert state.deals_per_hand == 1
    stock = len(state.stock)
    state = state.play(state.legal_moves()[0])
    assert len(state.stock) == stock - 1
    assert len(state.hands[(state.to_move + 1) % 2]) == 4  # the mover drew back up


def test_illegal_move_is_refused_with_the_judges_words() -> None:
    state = new_game(2, seed=1)
    card = state.hands[state.to_move][0]
    other = next(c for c in full_deck() if c not in state.hands[state.to_move])
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        state.play(f"{other} t")
    assert state.play(f"{card} t").log[-1].kind in ("move", "deal")


def test_game_saves_and_restores_exactly() -> None:
    rng = random.Random(9)
    state = new_game(3, Rules.parse("royal"), seed=9)
    for _ in range(30):
        state = state.play(rng.choice(list(state.legal_moves())))
    restored = GameState.from_json(state.to_json())
    assert restored == state


@pytest.mark.parametrize("name", ["classic", "royal", "royal-aces-high", "no-builds", "spade",
                                  "draw"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_winner(name: str, players: int) -> None:
    rng = random.Random(players)
    state = new_game(players, preset(name), seed=11)
    for _ in range(40):  # hands
        while not state.hand_over:
            moves = state.legal_moves()
            assert len(moves) > 0  # 7.2: a legal move always exists
            state = state.play(rng.choice(list(moves)))
        result = state.results[-1]
        if preset(name).scoring == "classic":
            counts = sorted((s.card_count for s in result.scores), reverse=True)
            cards_tied = counts[0] == counts[1]
            spades = sum(s.item("spades") for s in result.scores)
            sweeps = sum(s.item("sweeps") for s in result.scores)
            fixed = 2 + 1 + 4 + sweeps + spades + (0 if cards_tied else 3)
            assert sum(s.total for s in result.scores) == fixed
        if state.over:
            break
        state = state.next_hand()
    assert state.over and state.winner is not None


def test_fast_state_after_a_play_matches_dataclasses_replace() -> None:
    """`_after_move` fills slots by hand for speed; it must set every field exactly
    as `replace` would, and start with nothing memoised."""
    from dataclasses import fields, replace

    from engine.game import _after_move

    state = new_game(3, seed=5)
    for _ in range(7):
        state = state.play(state.legal_moves()[-1])
    state.legal_moves()  # memoise, so a copied memo would show
    changes: dict[str, object] = {
        "stock": state.stock[4:], "hands": tuple(h[1:] for h in state.hands), "loose": (),
        "builds": (), "to_move": 2, "piles": ((),) * 3, "sweeps": (1, 0, 2),
        "last_capturer": 1, "log": state.log[:2], "moves": state.moves[:3],
    }
    fast = _after_move(state, **changes)  # type: ignore[arg-type]
    slow = replace(state, **changes)  # type: ignore[arg-type]
    for f in fields(state):
        assert getattr(fast, f.name) == getattr(slow, f.name), f.name
    assert fast == slow
    assert fast._position is None and fast._legal is None
    assert fast.position().hand == slow.position().hand
