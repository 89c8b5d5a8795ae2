"""Hints and explanations name the cards and say why."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from playerstest import state_from

from engine.advice import COACH_MARGIN, Advice, advise, explain, hint, review
from engine.cards import Card
from engine.errors import CassinoError, IllegalMoveError
from engine.game import new_game
from engine.judge import parse_move
from engine.players import choose_move, view_of, view_of_position
from engine.players.counting import assess_all
from engine.players.levels import LEVELS
from engine.position import Position


def test_hint_takes_build_and_sum_and_names_them() -> None:
    # W6: a single 9-build (6♠ 3♥) and loose 5♦ 4♣; 9♣ takes everything.
    state = state_from("5d 4c [9: 6s 3h @1]", ["9c 2h 7d Kh", "9d 10h Qs Jd"])
    advice = hint(state)
    assert isinstance(advice, Advice)
    assert advice.move == parse_move("9c x [6s 3h] 5d+4c", state.position())
    for words in ("9♣", "the 9-build (3♥ 6♠)", "5♦+4♣", "5 cards", "sweep", "points"):
        assert words in advice.reason, advice.reason
    assert "trail" in advice.reason  # the opponent faces an empty table


def test_hint_names_the_big_casino_and_the_points() -> None:
    state = state_from("10d 4h", ["10s 3c 8h Kd", "5c 6h Qd Js"])
    advice = hint(state)
    assert advice.move.card == Card.parse("10s")
    assert "big casino (10♦)" in advice.reason
    assert "about +" in advice.reason


def test_explain_a_trail_names_the_card_and_the_risk() -> None:
    state = state_from("9h Kc", ["3c 10d As Jh", "5c 6h Qd Js"])
    move = parse_move("3c t", state.position())
    text = explain(state, move)
    assert text.startswith("Trailed 3♣. ")
    assert "It carried no points." in text
    assert "3♣" in text and "9♥" in text
    # An explanation never names the mover's other cards.
    for hidden in ("10♦", "A♠", "J♥"):
        assert hidden not in text


def test_explain_a_build_says_what_protects_it() -> None:
    state = state_from("5c Kd", ["3d 8s 2h Qh", "5h 6h Qd Js"])
    move = parse_move("3d b8 5c", state.position())
    text = explain(state, move)
    assert text.startswith("Built 8 with 3♦ on 5♣")
    assert "keeping an 8 in hand" in text
    assert "unseen" in text


def test_hint_and_explain_over_a_game_always_name_the_played_card() -> None:
    for players in (2, 4):
        state = new_game(players, seed=21)
        rng = random.Random(2)
        for _ in range(10):
            view = view_of(state)
            advice = hint(view)
            assert advice.move in state.legal_moves()
            assert advice.move.card.pretty in advice.reason
            move = LEVELS[3](view, rng)
            said = explain(state, move)
            assert move.card.pretty in said and said.endswith(".")
            state = state.play(move)


def test_hint_refuses_a_seat_that_is_not_to_move() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(CassinoError):
        hint(state, seat=(state.to_move + 1) % 2)


def test_explain_refuses_an_illegal_move() -> None:
    state = state_from("9h Kc", ["3c 10d As Jh", "5c 6h Qd Js"])
    from engine.moves import TRAIL, Move

    with pytest.raises(IllegalMoveError):
        explain(state, Move(Card.parse("5c"), TRAIL))


def test_review_names_the_capture_a_trail_threw_away() -> None:
    state = state_from("10d 4h", ["10s 3c 8h Kd", "5c 6h Qd Js"])
    trail = parse_move("3c t", state.position())
    found = review(state, trail)
    assert found is not None
    assert found.played == trail and found.better.card == Card.parse("10s")
    assert found.margin >= COACH_MARGIN
    assert "big casino (10♦)" in found.reason and found.reason.startswith("Take")


def test_review_is_silent_about_the_hints_move_and_about_matters_of_taste() -> None:
    state = state_from("10d 4h 6c", ["10s 3c 8h Kd", "5c 6h Qd Js"])
    view = view_of(state, 0)
    advised = hint(state).move
    assert review(state, advised) is None
    values = {a.move: a.total for a in assess_all(view)}
    close = [m for m, v in values.items() if m != advised and values[advised] - v < COACH_MARGIN]
    far = [m for m, v in values.items() if values[advised] - v >= COACH_MARGIN]
    assert far, "the position should have moves to correct"
    for move in close:
        assert review(state, move) is None
    for move in far:
        found = review(state, move)
        assert found is not None and found.better == advised


def test_review_over_a_game_names_only_the_hint_and_only_when_clearly_better() -> None:
    rng = random.Random(7)
    reviewed = 0
    state = new_game(2, seed=3)
    while not state.over and state.hand_number == 1:
        if state.hand_over:
            state = state.next_hand()
            continue
        move = rng.choice(state.legal_moves())
        found = review(state, move)
        if found is not None:
            reviewed += 1
            values = {a.move: a.total for a in assess_all(view_of(state, state.to_move))}
            assert found.better == hint(state).move != move
            assert (found.better_value, found.played_value) == (values[found.better], values[move])
            assert found.margin >= COACH_MARGIN
        state = state.play(move)
    assert reviewed >= 3  # random play leaves plenty to correct


def test_review_refuses_an_illegal_move() -> None:
    state = state_from("10d 4h", ["10s 3c 8h Kd", "5c 6h Qd Js"])
    with pytest.raises(IllegalMoveError):
        review(state, parse_move("5c t", state_from("10d", ["5c", "3h"]).position()))


def test_advice_on_a_bare_position_is_the_counting_players_and_names_the_cards() -> None:
    position = Position.parse("table: 5d 4c [9: 6s 3h @1]; hand: 9c 2h 7d Kh")  # W6
    advice = advise(position)
    assert advice.move == choose_move(3, view_of_position(position), random.Random(0))
    assert advice.move == parse_move("9c x [6s 3h] 5d+4c", position)
    assert "sweep" in advice.reason and "5♦+4♣" in advice.reason


def test_the_last_play_is_explained_as_the_end_of_the_hand() -> None:
    taking = advise(Position.parse("table: 6h Qc 2d; hand: 8s; last"))
    assert taking.move.text == "8s x 6h+2d"
    assert "the cards left (Q♣) go to you" in taking.reason
    assert "opponent" not in taking.reason  # nobody plays after the last card
    trailing = advise(Position.parse("table: As 5d 9c; hand: Kh; last"))
    assert "go to whoever captured last" in trailing.reason
    assert "Whoever takes it" not in trailing.reason and "opponent" not in trailing.reason
    # the same words in a real game, in the past tense, for the dealer's last card
    state = state_from("3c 5d 8h", ["-", "8c"], to_move=1)
    state = replace(state, stock=())
    text = explain(state, parse_move("8c x 8h 5d+3c", state.position()))
    assert text.endswith("It was the last play of the hand.")
    assert "must trail" not in text and "had to trail" not in text


def test_the_counting_judgement_gives_the_last_plays_leftovers_to_the_last_capturer() -> None:
    base = replace(state_from("As 5d 9c", ["-", "5h"], to_move=1), stock=())
    for last_capturer, trail_sign in ((0, -1), (1, 1)):
        state = replace(base, last_capturer=last_capturer)
        view = view_of(state)
        assert view.is_last_play
        judged = {a.move.kind: a for a in assess_all(view)}
        # the capture wins the leftovers, the A♠ among them
        assert judged["capture"].gain >= 1.0
        # a trail hands them to whoever captured last: the opponent, or the mover's side
        assert judged["trail"].gain * trail_sign > 0
