"""Property tests (Hypothesis): invariants that hold for every position and move.

- every generated move passes the judge;
- apply_move keeps every card accounted for (hand + table + captured);
- rules 7.2 under the defaults, over whole random hands: a legal move always
  exists (without the engine's "stuck" fallback), nobody controls builds of
  more distinct values than cards held, and no build is left when a hand ends.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randpos import random_position, rules_variants

from engine import (
    BUILD,
    CAPTURE,
    TRAIL,
    Card,
    Position,
    Rules,
    apply_move,
    check,
    full_deck,
    legal_moves,
    pass_turn,
)

VARIANTS = rules_variants()
DUTY_VARIANTS = [r for r in VARIANTS if r.keep_capture_card]
FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

positions = st.builds(random_position, st.randoms(use_true_random=False),
                      st.sampled_from(VARIANTS))


def everything(position: Position) -> Counter[Card]:
    return Counter([*position.hand, *position.table_cards])


@FAST
@given(positions)
def test_every_generated_move_passes_the_judge(position: Position) -> None:
    for move in legal_moves(position):
        verdict = check(position, move)
        assert verdict.legal and verdict.code == "legal", (position.text, move.text, verdict)
        assert verdict.move == move


@FAST
@given(positions)
def test_apply_move_keeps_every_card_accounted_for(position: Position) -> None:
    before = everything(position)
    for move in legal_moves(position):
        outcome = apply_move(position, move)
        after = outcome.position
        assert everything(after) + Counter(outcome.captured) == before, move.text
        assert len(after.hand) == len(position.hand) - 1
        assert (after.seat, after.players, after.rules) == (
            position.seat, position.players, position.rules)
        if move.kind == CAPTURE:
            assert outcome.captured[0] == move.card and len(outcome.captured) > 1
            assert outcome.sweep == (after.table_empty
                                     and (not position.last or position.rules.last_play_sweep))
        else:
            assert outcome.captured == () and not outcome.sweep
        if move.kind == BUILD:
            assert any(b.controller == position.seat and move.card in b.cards
                       for b in after.builds)
        if move.kind == TRAIL:
            assert move.card in after.loose


@FAST
@given(st.builds(random_position, st.randoms(use_true_random=False),
                 st.sampled_from(DUTY_VARIANTS)))
def test_rule_7_1_every_move_keeps_the_mover_position_valid(position: Position) -> None:
    """With the duty on, the position after any move still passes problems() (7.1)."""
    for move in legal_moves(position):
        after = apply_move(position, move).position
        assert after.problems() == [], (position.text, move.text, after.problems())


# ----- whole hands ---------------------------------------------------------------------------


def distinct_controlled_values(position: Position, seat: int) -> int:
    return len({b.value for b in position.builds if b.controller == seat})


def play_hand(rng: random.Random, rules: Rules, players: int) -> int:
    """Deal and play one whole hand with random legal moves, checking 7.2 and the
    52-card accounting at every step. Returns the number of moves made."""
    deck = list(full_deck())
    rng.shuffle(deck)
    table, deck = deck[:4], deck[4:]
    piles: Counter[Card] = Counter()
    position = Position(loose=tuple(table), players=players, rules=rules,
                        seat=rng.randrange(players))
    deals = (52 - 4) // (4 * players)
    made = 0
    for deal in range(deals):
        hands = {s: tuple(deck[4 * s: 4 * s + 4]) for s in range(players)}
        deck = deck[4 * players:]
        position = position.with_changes(
            hand=hands[position.seat],
            other_hands=tuple((s, h) for s, h in hands.items() if s != position.seat))
        for turn in range(4 * players):
            last = deal == deals - 1 and turn == 4 * players - 1
            position = position.with_changes(last=last)
            assert position.problems() == [], position.text
            moves = legal_moves(position)
            assert moves, f"no legal move in {position.text}"  # 7.2
            if position.controlled_builds() and rules.controller_trail == "never":
                assert not [m for m in moves if m.kind == TRAIL], position.text  # no fallback
            for seat in range(players):  # 7.2: never more distinct values than cards held
                held = position.hand_of(seat) or ()
                assert distinct_controlled_values(position, seat) <= len(held), position.text
            outcome = apply_move(position, rng.choice(list(moves)))
            piles.update(outcome.captured)
            made += 1
            after = outcome.position
            in_hands = Counter([*after.hand, *(c for _, h in after.other_hands for c in h)])
            accounted = in_hands + Counter(after.table_cards) + piles + Counter(deck)
            assert accounted == Counter(full_deck()), "cards lost or duplicated"
            position = pass_turn(after)
    assert not deck and not position.hand
    assert position.builds == (), f"builds left at the end of the hand: {position.text}"  # 7.2
    return made


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([2, 3, 4]),
       st.sampled_from(["classic", "royal", "royal-aces-high", "classic build_in_sums=true",
                        "classic controller_trail=if_stuck"]))
def test_rule_7_2_consequences_hold_over_whole_hands(rng: random.Random, players: int,
                                                     rules: str) -> None:
    assert play_hand(rng, Rules.parse(rules), players) == 48
