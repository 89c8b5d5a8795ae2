"""Tests named after the numbered rules of docs/rules.md that concern moves.

Covered: 1.x (values), 3.x (a turn), 4.x (capturing), 5.x (building), 6.x
(trailing), 7.1 (the controller's duty), 8.2-8.3 (sweeps at the table), 11.1,
and every setting that changes moves (face_values, ace_high, build_in_sums,
face_capture, aces_like_faces, controller_trail, keep_capture_card,
last_play_sweep, builds). Scoring and the deal (2.x, 8.1, 9.x, 10.x) are
tested with the game module elsewhere; 7.2 is a property over whole games in
test_properties.py. Expected moves are written from the rules text by hand.
"""

from __future__ import annotations

import random

import pytest
from enginetest import card, cards, illegal, legal, moves_with, play, pos
from randpos import changes_moves, random_position, rules_variants

from engine import (
    BUILD,
    CAPTURE,
    TRAIL,
    Attempt,
    Build,
    BuildRef,
    Move,
    NotationError,
    Position,
    Rules,
    apply_move,
    full_deck,
    legal_moves,
    pass_turn,
)


def taken(move: Move) -> frozenset[str]:
    """What a capture takes, as card texts (a build's cards included)."""
    return frozenset([*(str(c) for c in move.loose),
                      *(str(c) for b in move.builds for c in b.cards)])


def capture_sets(position: Position, played: str) -> set[frozenset[str]]:
    return {taken(m) for m in moves_with(position, played, CAPTURE)}


def sets(*groups: str) -> set[frozenset[str]]:
    """{"5d", "3c+2h"} -> {{5d}, {3c, 2h}}: expected capture outcomes, written by hand."""
    return {frozenset(g.split("+")) for g in groups}


# ----- 1. Cards and values -----------------------------------------------------------------


def test_rule_1_1_one_pack_of_52_cards_in_four_suits() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {c.suit for c in deck} == {"s", "h", "d", "c"}
    assert sorted(c.rank for c in deck) == sorted(list(range(1, 14)) * 4)


@pytest.mark.parametrize(("hand", "table", "move"), [
    ("Ac", "Ah 2c", "Ac x Ah"),
    ("3d", "Ah 2c", "3d x Ah+2c"),
    ("10c", "6h 4s", "10c x 6h+4s"),
    ("7s", "7d", "7s x 7d"),
    ("9s", "As 2s 6s", "9s x As+2s+6s"),
])
def test_rule_1_2_ace_counts_one_and_number_cards_their_pips(hand: str, table: str,
                                                             move: str) -> None:
    legal(pos(f"table: {table}; hand: {hand}"), move)


def test_rule_1_2_ace_is_never_eleven_or_fourteen_in_classic() -> None:
    position = pos("table: Ah 10c 3d; hand: Ac")
    assert capture_sets(position, "Ac") == sets("Ah")
    illegal(position, "Ac x14 10c+3d+Ah", "bad-capture-value")
    illegal(position, "Ac x 10c", "wrong-sum")


def test_rule_1_3_classic_court_cards_never_join_a_sum_or_a_build() -> None:
    position = pos("table: Jh 2c Qs; hand: 10c 5d Kd")
    illegal(position, "10c x Jh", "number-takes-court")
    illegal(position, "5d b7 Jh", "court-cannot-build")  # loose court in a build
    illegal(position, "Kd b12 2c", "court-cannot-build")  # court played to build
    illegal(position, "Kd x Jh+2c", "court-by-sum")
    for move in legal_moves(position):
        if move.kind == BUILD:
            assert not move.card.is_court and not any(c.is_court for c in move.loose)
        if move.kind == CAPTURE and not move.card.is_court:
            assert not any(c.is_court for c in move.loose), move.text


def test_rule_1_3_classic_court_takes_only_a_loose_card_of_its_own_rank() -> None:
    position = pos("table: Kh Qs 3c; hand: Kd")
    assert set(moves_with(position, "Kd", CAPTURE)) == {
        Move(card("Kd"), CAPTURE, 13, (card("Kh"),))}
    illegal(position, "Kd x Qs", "court-by-sum")


def test_rule_1_3_a_build_holding_a_court_card_cannot_exist_in_classic() -> None:
    assert Position.parse("table: [13: Jh 2c @1]; hand: 5d").problems()
    assert Position.parse("table: [13: Jh 2c @1]; hand: 5d; rules: royal").problems() == []


def test_rule_1_4_setting_face_values_royal_courts_sum_and_build() -> None:
    position = pos("table: Jh 2c Ah; hand: Kd Qs; rules: royal")
    assert capture_sets(position, "Kd") == sets("Jh+2c")  # K 13 = J 11 + 2
    assert capture_sets(position, "Qs") == sets("Jh+Ah")  # Q 12 = J 11 + A
    (build,) = play(position, "Qs b13 Ah").builds  # a court card builds
    assert (build.value, build.is_multiple) == (13, False)
    classic = pos("table: Jh 2c Ah; hand: Kd Qs")
    assert capture_sets(classic, "Kd") == set()
    assert moves_with(classic, "Qs", BUILD) == set()


def test_rule_1_4_setting_face_values_royal_courts_are_built_on() -> None:
    position = pos("table: [2: Ah Ad @1]; hand: Jc Kd; rules: royal")
    (build,) = play(position, "Jc b13 [Ah Ad]").builds  # 2 + J 11
    assert (build.value, build.controller, set(build.cards)) == (13, 0, cards("Ah Ad Jc"))
    queen_build = pos("table: [12: Jh Ah @1]; hand: Qs; rules: royal")
    legal(queen_build, "Qs x [Jh Ah]")


def test_rule_1_5_setting_ace_high_ace_from_hand_counts_1_or_14() -> None:
    position = pos("table: Ks Ah 9d 5c; hand: Ac; rules: royal-aces-high")
    assert {(m.value, taken(m)) for m in moves_with(position, "Ac", CAPTURE)} == {
        (1, frozenset({"Ah"})),
        (14, frozenset({"Ks", "Ah"})),
        (14, frozenset({"9d", "5c"})),
        (14, frozenset({"Ks", "Ah", "9d", "5c"})),
    }


def test_rule_1_5_ace_on_the_table_or_in_a_build_counts_1() -> None:
    on_table = pos("table: Ah; hand: Ad; rules: royal-aces-high")
    illegal(on_table, "Ad x14 Ah", "wrong-sum")
    in_build = pos("table: [14: Ks Ah @1]; hand: Ad; rules: royal-aces-high")
    legal(in_build, "Ad x14 [Ks Ah]")  # 13 + 1: the ace inside counts 1
    assert Position.parse("table: [15: Ks Ah Ad @1]; rules: royal-aces-high").problems()
    played = pos("table: Ks; hand: Ad Ac; rules: royal-aces-high")
    (build,) = play(played, "Ad b14 Ks").builds  # the played ace counts 1 in the build
    assert build.value == 14 and not build.is_multiple


def test_rule_1_5_held_ace_satisfies_the_holding_rule_for_14() -> None:
    legal(pos("table: 10c; hand: 4d Ah; rules: royal-aces-high"), "4d b14 10c")
    illegal(pos("table: 10c; hand: 4d Ah; rules: royal"), "4d b14 10c", "build-too-high")


def test_rule_1_5_ace_high_needs_royal_values() -> None:
    with pytest.raises(NotationError, match="royal"):
        Rules.parse("classic ace_high=true")


# ----- 3. A turn ------------------------------------------------------------------------------


def test_rule_3_1_every_move_plays_exactly_one_card_from_the_hand() -> None:
    position = pos("table: 3c 5h; hand: 8s 2d")
    illegal(position, Attempt(None, CAPTURE, None, ((card("3c"), card("5h")),)), "no-card")
    illegal(position, Attempt.selection(None, BUILD, [card("3c"), card("5h")], value=8),
            "no-card")
    illegal(position, "9s x 5h+3c", "card-not-in-hand")
    illegal(position, "5h t", "card-not-in-hand")
    for move in legal_moves(position):
        assert move.card in position.hand
        after = apply_move(position, move).position
        assert len(after.hand) == len(position.hand) - 1
        assert move.card not in after.hand


def test_rule_3_1_a_turn_is_a_capture_a_build_or_a_trail() -> None:
    position = pos("table: 3c 5h; hand: 8s 2d 10c")
    kinds = {m.kind for m in legal_moves(position)}
    assert kinds == {CAPTURE, BUILD, TRAIL}


def test_rule_3_2_every_build_shows_value_kind_and_controller() -> None:
    single = Build.parse("[8: 3s 5h @1]")
    multiple = Build.parse("[5: 2h 3d 5c @0]")
    assert (single.value, single.kind, single.controller) == (8, "single", 1)
    assert (multiple.value, multiple.kind, multiple.controller) == (5, "multiple", 0)
    position = pos("table: 4d [8: 3s 5h @1]; hand: 4c")
    assert "[8: " in position.text and "@1]" in position.text


# ----- 4. Capturing ----------------------------------------------------------------------------


def test_rule_4_1_groups_loose_card_sum_of_loose_cards_or_whole_build() -> None:
    position = pos("table: 9d 6h 3s [9: 5c 4c @1]; hand: 9c")
    build = position.builds[0]
    assert capture_sets(position, "9c") == {
        frozenset(s) for s in [
            {"9d"}, {"6h", "3s"}, {"5c", "4c"},
            {"9d", "6h", "3s"}, {"9d", "5c", "4c"}, {"6h", "3s", "5c", "4c"},
            {"9d", "6h", "3s", "5c", "4c"},
        ]}
    assert all(build in m.builds or not (set(m.loose) & set(build.cards))
               for m in moves_with(position, "9c", CAPTURE))
    illegal(position, "9c x 6h", "wrong-sum")
    illegal(position, "9c x 5c+4c", "part-of-build")
    illegal(position, Attempt.selection(card("9c"), CAPTURE), "capture-nothing")


def test_rule_4_2_disjoint_groups_each_card_in_one_group_only() -> None:
    position = pos("table: 4d 4c 6h; hand: 10c")
    assert capture_sets(position, "10c") == sets("6h+4d", "6h+4c")
    illegal(position, "10c x 4c+6h 6h+4d", "card-used-twice")
    # clicking all three is the same mistake: 6h would have to count in both groups
    illegal(position, Attempt.selection(card("10c"), CAPTURE, position.loose), "card-used-twice")
    odd = pos("table: 4d 3c 6h; hand: 10c")  # 6h+4d, and 3c left over: a plain wrong sum
    illegal(odd, Attempt.selection(card("10c"), CAPTURE, odd.loose), "wrong-sum")


def test_rule_4_3_capturing_is_never_compulsory_and_may_be_partial() -> None:
    position = pos("table: 5d 3c 2h; hand: 5s")
    assert capture_sets(position, "5s") == {
        frozenset({"5d"}), frozenset({"3c", "2h"}), frozenset({"5d", "3c", "2h"})}
    legal(position, "5s t")
    legal(position, "5s x 3c+2h")  # leaving the 5d


def test_rule_4_4_a_build_is_taken_whole_and_only_as_its_own_group() -> None:
    position = pos("table: 2d [7: 4h 3s @1]; hand: 9s 7c")
    illegal(position, "9s x [4h 3s]+2d", "build-in-sum")
    illegal(position, "9s x 4h+3s+2d", "part-of-build")
    illegal(position, "7c x [4h]", "part-of-build")
    legal(position, "7c x [4h 3s]")
    assert capture_sets(position, "9s") == set()


def test_rule_4_4_setting_build_in_sums_single_build_counts_as_a_card() -> None:
    text = "table: 2d [7: 4h 3s @1]; hand: 9s 7c"
    position = pos(text + "; rules: classic build_in_sums=true")
    assert capture_sets(position, "9s") == sets("4h+3s+2d")
    assert capture_sets(position, "7c") == sets("4h+3s")  # still taken alone by a 7
    multiple = pos("table: 2d [7: 4h 3s 7d @1]; hand: 9s; rules: classic build_in_sums=true")
    illegal(multiple, "9s x [4h 3s 7d]+2d", "build-in-sum")  # a multiple build never
    assert capture_sets(multiple, "9s") == set()


def test_rule_4_5_a_number_card_never_captures_a_court_card_in_classic() -> None:
    position = pos("table: Jh Qd Kc Ac; hand: 10c Ad")
    assert capture_sets(position, "10c") == set()
    assert capture_sets(position, "Ad") == sets("Ac")
    illegal(position, "10c x Jh", "number-takes-court")
    illegal(position, "Ad x Ac Kc", "number-takes-court")


def test_rule_4_6_classic_court_takes_exactly_one_loose_card_of_its_rank() -> None:
    position = pos("table: Qs Qh Qc 5d; hand: Qd")
    assert capture_sets(position, "Qd") == sets("Qs", "Qh", "Qc")
    illegal(position, "Qd x Qs Qh", "court-takes-more-than-one")
    illegal(position, "Qd x Qs 5d", "court-by-sum")


def test_rule_4_6_setting_face_capture_all_takes_every_loose_card_of_its_rank() -> None:
    position = pos("table: Qs Qh Qc 5d; hand: Qd; rules: classic face_capture=all")
    everything = {"Qs", "Qh", "Qc"}
    expected = {frozenset(s) for s in [{"Qs"}, {"Qh"}, {"Qc"}, {"Qs", "Qh"}, {"Qs", "Qc"},
                                       {"Qh", "Qc"}, everything]}
    assert capture_sets(position, "Qd") == expected  # all of them, or any part (4.3)
    legal(position, "Qd x Qs Qh Qc")
    illegal(position, "Qd x Qs 5d", "court-by-sum")


def test_rule_4_6_setting_aces_like_faces_ace_takes_a_single_ace() -> None:
    default = pos("table: Ah Ad 3c; hand: Ac")
    assert capture_sets(default, "Ac") == sets("Ah", "Ad", "Ah+Ad")
    single = pos("table: Ah Ad 3c; hand: Ac; rules: classic aces_like_faces=true")
    assert capture_sets(single, "Ac") == sets("Ah", "Ad")
    illegal(single, "Ac x Ah Ad", "court-takes-more-than-one")


def test_rule_4_6_aces_like_faces_with_ace_high_ace_still_counts_14() -> None:
    """Reading of 1.5 + 4.6: the one-card rule limits taking aces (as 1); as 14 the
    ace takes groups of 14 like any card (the engine used to forbid x14 here)."""
    position = pos("table: Ks Ah Ad; hand: Ac; rules: royal-aces-high aces_like_faces=true")
    assert {(m.value, taken(m)) for m in moves_with(position, "Ac", CAPTURE)} == {
        (1, frozenset({"Ah"})), (1, frozenset({"Ad"})),
        (14, frozenset({"Ks", "Ah"})), (14, frozenset({"Ks", "Ad"})),
    }
    legal(position, "Ac x14 Ks+Ah")
    legal(position, "Ac x Ks+Ad")  # the value is inferred: 14
    illegal(position, "Ac x Ah Ad", "court-takes-more-than-one")


def test_rule_4_6_face_capture_has_no_effect_on_royal_courts() -> None:
    one = pos("table: Qs Qh; hand: Qd; rules: royal")
    every = pos("table: Qs Qh; hand: Qd; rules: royal face_capture=all")
    assert set(legal_moves(one)) == set(legal_moves(every))


def test_rule_4_7_a_capture_that_empties_the_table_is_a_sweep() -> None:
    position = pos("table: 5d 3c 2h; hand: 5s 9d")
    assert apply_move(position, legal(position, "5s x 5d 3c+2h")).sweep
    assert not apply_move(position, legal(position, "5s x 5d")).sweep
    assert not apply_move(position, legal(position, "5s t")).sweep
    with_build = pos("table: 5d [9: 6s 3h @1]; hand: 5s")
    assert not apply_move(with_build, legal(with_build, "5s x 5d")).sweep
    build_move = pos("table: 4d; hand: 5s 9d")
    outcome = apply_move(build_move, legal(build_move, "5s b9 4d"))
    assert not outcome.sweep and not outcome.position.table_empty


# ----- 5. Building -----------------------------------------------------------------------------


def test_rule_5_1_only_a_card_of_the_build_value_takes_it_and_only_whole() -> None:
    position = pos("table: [8: 5s 3h @1]; hand: 10c 8c 5d")
    illegal(position, "10c x [5s 3h]", "build-wrong-value")
    illegal(position, "5d x [5s]", "part-of-build")
    illegal(position, "5d x 5s", "part-of-build")
    legal(position, "8c x [5s 3h]")
    legal(position, "8c x [8]")  # named by its value
    assert capture_sets(position, "10c") == set() and capture_sets(position, "5d") == set()


def test_rule_5_1_single_or_multiple_follows_from_the_cards() -> None:
    assert not Build.parse("[8: 5s 3h @1]").is_multiple
    assert Build.parse("[8: 5s 3h 8d @1]").is_multiple
    assert Build.parse("[5: 5c 5d @0]").is_multiple
    assert Position.parse("table: [8: 5s 2h @1]").problems()  # 7 is not 8
    assert Position.parse("table: [8: 5s 3h 4c @1]").problems()  # 12 is not 8s
    assert Position.parse("table: [8: 5s 3h 4c 4d @1]").problems() == []  # 5+3, 4+4
    assert Position.parse("table: [8: 8s @1]").problems()  # a build has two cards at least


def test_rule_5_1_controller_is_the_last_player_who_built_or_added() -> None:
    position = pos("table: 4c [6: 3s 3d @0]; hand: 2h 8c 8d; seat: 1")
    after = play(position, "2h b8 [3s 3d]")
    assert after.builds[0].controller == 1
    again = pass_turn(after).with_changes(hand=tuple(cards("4d 8s")))
    after = play(again, "4d b8 [2h 3d 3s] 4c")
    assert after.builds[0].controller == 0 and after.builds[0].is_multiple


def test_rule_5_2_holding_rule_needs_another_card_of_the_value() -> None:
    illegal(pos("table: 3c; hand: 5d"), "5d b8 3c", "build-not-held")
    illegal(pos("table: 4c; hand: 4d 9s"), "4d b4 4c", "build-not-held")  # not the played 4
    legal(pos("table: 4c; hand: 4d 4s"), "4d b4 4c")
    legal(pos("table: 3c; hand: 5d 8s"), "5d b8 3c")


@pytest.mark.parametrize(("text", "too_high", "highest"), [
    ("table: 9c 8c; hand: 2d 10h", "2d b11 9c", 10),
    ("table: 9c 10d Ah; hand: 3d Kh; rules: royal", "3d b14 10d Ah", 13),
    ("table: 9c 10d; hand: 4d Ah; rules: royal-aces-high", "4d b15 10d", 14),
])
def test_rule_5_2_highest_build_is_10_classic_13_royal_14_aces_high(
        text: str, too_high: str, highest: int) -> None:
    position = pos(text)
    illegal(position, too_high, "build-too-high")
    builds = [m for m in legal_moves(position) if m.kind == BUILD]
    assert builds and max(m.value or 0 for m in builds) <= highest
    assert position.rules.max_build == highest


def test_rule_5_2_highest_builds_are_reachable() -> None:
    legal(pos("table: 3c; hand: 7d 10h"), "7d b10 3c")
    legal(pos("table: 3c; hand: 10d Kh; rules: royal"), "10d b13 3c")
    legal(pos("table: 10c; hand: 4d Ah; rules: royal-aces-high"), "4d b14 10c")


def test_rule_5_3_every_build_move_includes_the_played_card() -> None:
    position = pos("table: 3c 5h; hand: 2d 8s")
    illegal(position, "2d b8 3c 5h", "build-without-played-card")
    illegal(position, Attempt.selection(None, BUILD, [card("3c"), card("5h")], value=8),
            "no-card")
    illegal(pos("table: 3c; hand: 5d 5s"), "5d b5", "build-no-table-cards")


def test_rule_5_3_builds_are_never_broken_up_or_rearranged() -> None:
    position = pos("table: 2c [7: 4h 3s @1]; hand: 5d 7c 9c")
    illegal(position, "5d b9 4h", "part-of-build")
    illegal(position, Attempt.selection(card("5d"), BUILD, [card("4h")], value=9),
            "part-of-build")
    after = play(position, "5d b7 [4h 3s] 2c")
    (build,) = after.builds
    assert set(build.cards) == cards("4h 3s 5d 2c")  # the old build is kept whole


def test_rule_5_4_new_single_and_multiple_builds() -> None:
    position = pos("table: 4d 2c 6h; hand: 4s 8c")
    (single,) = play(position, "4s b8 4d").builds
    (multiple,) = play(position, "4s b8 4d 2c 6h").builds
    assert (single.value, single.is_multiple) == (8, False)
    assert (multiple.value, multiple.is_multiple) == (8, True)
    illegal(position, "4s b8 2c", "wrong-sum")
    illegal(position, "4s b8 4d 2c", "wrong-sum")
    assert {frozenset(str(c) for c in m.loose) for m in moves_with(position, "4s", BUILD)} == {
        frozenset({"4d"}), frozenset({"4d", "2c", "6h"})}  # 2c+6h alone leaves out the 4s


def test_rule_5_5_raising_a_single_build_even_your_own() -> None:
    own = pos("table: [6: 3s 3d @0]; hand: 2h 6c 8c")
    (build,) = play(own, "2h b8 [3s 3d]").builds
    assert (build.value, build.controller, build.is_multiple) == (8, 0, False)
    other = pos("table: [5: As 4d @1]; hand: 3h 9c 8c")
    illegal(other, "3h b9 [As 4d]", "wrong-sum")  # 5 + 3 is 8
    raises = {m.value for m in moves_with(other, "3h", BUILD) if m.builds}
    assert raises == {8}


def test_rule_5_5_loose_cards_never_change_a_single_builds_value() -> None:
    position = pos("table: 2c 8h [5: As 4d @1]; hand: 3h 10s 8d")
    illegal(position, "3h b10 [As 4d] 2c", "loose-changes-build")
    legal(position, "3h b8 [As 4d] 8h")  # a loose group of the new value may join (5.5)
    illegal(position, "3h b8 [As 4d] 2c", "loose-changes-build")


def test_rule_5_6_a_multiple_build_can_never_be_raised() -> None:
    position = pos("table: [5: 5c 3d 2h @1]; hand: As 6d 5s")
    illegal(position, "As b6 [5c 3d 2h]", "raise-multiple")
    assert all(m.value == 5 for m in legal_moves(position) if m.kind == BUILD and m.builds)


def test_rule_5_7_adding_to_a_build_makes_it_multiple() -> None:
    multiple = pos("table: 4h [5: 5c 3d 2h @1]; hand: As 5d")
    (build,) = play(multiple, "As b5 [5c 3d 2h] 4h").builds
    assert (build.value, build.is_multiple, build.controller) == (5, True, 0)
    single = pos("table: 2c [5: 2h 3d @1]; hand: 5s 5d 6s")
    (build,) = play(single, "5s b5 [2h 3d]").builds  # the card alone totals 5
    assert build.is_multiple and set(build.cards) == cards("2h 3d 5s")
    illegal(single, "6s b5 [2h 3d]", "wrong-sum")


def test_rule_5_8_builder_controls_may_control_several_builds_of_any_values() -> None:
    position = pos("table: 2c 3d [9: 5s 4h @0]; hand: 9c 6d 8h")
    after = play(position, "6d b8 2c")
    assert sorted(b.value for b in after.controlled_builds()) == [8, 9]
    same = pos("table: 2c [9: 5s 4h @1]; hand: 7d 9c")
    after = play(same, "7d b9 2c")
    assert sorted((b.value, b.controller) for b in after.builds) == [(9, 0), (9, 1)]


def test_rule_5_8_a_card_takes_either_or_both_builds_of_its_value() -> None:
    position = pos("table: [4: 3c Ah @1] [4: 2d 2h @1]; hand: 4s 4c")
    assert capture_sets(position, "4s") == sets("3c+Ah", "2d+2h", "3c+Ah+2d+2h")
    illegal(position, "4s x [4]", "ambiguous")


def test_rule_5_8_a_build_move_touches_at_most_one_existing_build() -> None:
    position = pos("table: [4: 3c Ah @1] [4: 2d 2h @1]; hand: 4s 4c")
    illegal(position, "4s b4 [3c Ah] [2d 2h]", "two-builds")
    assert all(len(m.builds) <= 1 for m in legal_moves(position) if m.kind == BUILD)


# ----- 6. Trailing -----------------------------------------------------------------------------


def test_rule_6_1_trailing_lays_the_card_as_a_loose_card() -> None:
    position = pos("table: 3c [8: 5s 3h @1]; hand: 4d")
    after = play(position, "4d t")
    assert set(after.loose) == cards("3c 4d") and after.builds == position.builds
    illegal(position, Attempt.selection(card("4d"), TRAIL, [card("3c")]),
            "trail-with-table-cards")


def test_rule_6_2_a_controller_may_not_trail() -> None:
    position = pos("table: 3c [8: 5s 3h @0]; hand: 8c 4d")
    assert moves_with(position, "4d", TRAIL) == set()
    illegal(position, "4d t", "trail-while-controlling")
    others = pos("table: 3c [8: 5s 3h @1]; hand: 4d")  # someone else's build
    legal(others, "4d t")


def test_rule_6_2_setting_controller_trail_if_stuck() -> None:
    rules = "; rules: classic keep_capture_card=false controller_trail=if_stuck"
    stuck = pos("table: [8: 5s 3h @0]; hand: 4d" + rules)
    assert set(legal_moves(stuck)) == {Move(card("4d"), TRAIL)}
    not_stuck = pos("table: 4c [8: 5s 3h @0]; hand: 4d" + rules)
    illegal(not_stuck, "4d t", "trail-while-controlling")
    assert set(legal_moves(not_stuck)) == {Move(card("4d"), CAPTURE, 4, (card("4c"),))}


def test_rule_6_2_setting_controller_trail_always() -> None:
    position = pos("table: 4c [8: 5s 3h @0]; hand: 8c 4d; rules: classic controller_trail=always")
    legal(position, "4d t")
    illegal(position, "8c t", "leaves-build-uncovered")  # 7.1 still holds


# ----- 7. The controller's duty ---------------------------------------------------------------


def test_rule_7_1_no_move_leaves_a_controlled_build_without_its_card() -> None:
    position = pos("table: 2d 5h 3c [8: 5s 3h @0]; hand: 8c 10h")
    illegal(position, "8c b10 2d", "leaves-build-uncovered")  # 5.2 is met by the 10
    illegal(position, "8c x 5h+3c", "leaves-build-uncovered")
    assert moves_with(position, "8c")
    assert all(position.builds[0] in m.builds for m in moves_with(position, "8c"))
    legal(position, "10h x 5h+3c+2d")  # the 8c is still held


def test_rule_7_1_each_distinct_value_needs_its_own_card() -> None:
    assert Position.parse("table: [8: 5s 3h @0] [9: 5c 4h @0]; hand: 9c 2d").problems()
    assert Position.parse("table: [8: 5s 3h @0] [9: 5c 4h @0]; hand: 9c 8d").problems() == []
    two_nines = pos("table: 2h [9: 5s 4h @0] [9: 6d 3c @0]; hand: 9c 7s")
    legal(two_nines, "7s b9 2h")  # one card covers every build of its value


def test_rule_7_1_an_ace_under_ace_high_covers_1_or_14_not_both() -> None:
    position = pos("table: As [14: Ks Ah @0]; hand: Ac Ad; rules: royal-aces-high")
    illegal(position, "Ad b1 As", "leaves-build-uncovered")
    assert Position.parse(
        "table: [1: As Ah @0] [14: Ks Ad @0]; hand: Ac 5c; rules: royal-aces-high").problems()


def test_rule_7_1_setting_keep_capture_card_false_drops_the_duty() -> None:
    position = pos("table: 2d 5h 3c [8: 5s 3h @0]; hand: 8c 10h; "
                   "rules: classic keep_capture_card=false")
    legal(position, "8c b10 2d")
    legal(position, "8c x 5h+3c")
    illegal(position, "10h t", "trail-while-controlling")  # 6.2 is a separate rule
    legal(pos("table: 3c; hand: 5d 8s; rules: classic keep_capture_card=false"), "5d b8 3c")
    illegal(pos("table: 3c; hand: 5d; rules: classic keep_capture_card=false"), "5d b8 3c",
            "build-not-held")  # 5.2 still holds


# ----- 8. Sweeps -------------------------------------------------------------------------------


def test_rule_8_2_last_card_capture_is_a_sweep_unless_setting() -> None:
    for flag, setting, sweep in [("; last", "", True),
                                 ("; last", "; rules: classic last_play_sweep=false", False),
                                 ("", "; rules: classic last_play_sweep=false", True)]:
        position = pos("table: 3h 4d; hand: 7s 2c" + setting + flag)
        outcome = apply_move(position, legal(position, "7s x 3h+4d"))
        assert outcome.position.table_empty and outcome.sweep is sweep, (setting, flag)


def test_rule_8_2_setting_last_play_sweep_does_not_change_moves() -> None:
    on = pos("table: 3h 4d [9: 5s 4s @1]; hand: 7s 9c; last")
    off = pos("table: 3h 4d [9: 5s 4s @1]; hand: 7s 9c; rules: classic last_play_sweep=false; "
              "last")
    assert set(legal_moves(on)) == set(legal_moves(off))


def test_rule_8_3_after_a_sweep_the_next_player_must_trail() -> None:
    position = pos("table: 5d; hand: 5s; hand 1: 5c 8d")
    outcome = apply_move(position, legal(position, "5s x 5d"))
    assert outcome.sweep
    following = pass_turn(outcome.position)
    assert following.table_empty and following.seat == 1
    assert {m.kind for m in legal_moves(following)} == {TRAIL}
    assert len(legal_moves(following)) == 2


# ----- 11.1 builds off -------------------------------------------------------------------------


def test_rule_11_1_setting_builds_off_no_build_moves() -> None:
    position = pos("table: 5c 3d 4s; hand: 3h 8s 7d; rules: no-builds")
    assert {m.kind for m in legal_moves(position)} == {CAPTURE, TRAIL}
    illegal(position, "3h b8 5c", "builds-off")
    assert Position.parse("table: [8: 5s 3h @1]; rules: no-builds").problems()
    assert set(legal_moves(position)) == {
        m for m in legal_moves(pos("table: 5c 3d 4s; hand: 3h 8s 7d")) if m.kind != BUILD}


def test_build_refs_name_a_build_by_its_cards_or_value() -> None:
    position = pos("table: [8: 5s 3h @1] 2c; hand: 8c 10d")
    by_cards = legal(position, "8c x [3h 5s]")
    assert by_cards == legal(position, "8c x [8]") == legal(position, "8c x [8: 5s 3h @1]")
    assert BuildRef(value=8).ref == "[8]"


def test_settings_outside_play_never_change_the_moves() -> None:
    """deal, sweeps, scoring, target, tie_break and draw are about the deal and the
    score (2.2, 8.1, 10.x, 11.2): the same position has the same legal moves."""
    rng = random.Random("settings outside play")
    others = [r for r in rules_variants() if not changes_moves(r) and r != Rules()]
    assert len(others) >= 8
    for _ in range(60):
        position = random_position(rng, Rules())
        expected = set(legal_moves(position))
        for rules in others:
            assert set(legal_moves(position.with_changes(rules=rules))) == expected, rules.text
