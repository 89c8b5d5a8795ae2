"""The worked cases W1-W19 of the rules of record, one test each (each states its case in full).

Expected moves are written out by hand from the rules text, never copied from
the generator. Illegal attempts are checked with the judge's reason code.
"""

from __future__ import annotations

from itertools import combinations

from enginetest import card, cards, illegal, legal, moves_with, play, pos

from engine import (
    BUILD,
    CAPTURE,
    TRAIL,
    Attempt,
    Move,
    apply_move,
    legal_moves,
    parse_cards,
    pass_turn,
)


def parts(*groups: str) -> set[frozenset[str]]:
    """Every non-empty union of some of these disjoint groups ("any part of either")."""
    found: set[frozenset[str]] = set()
    for size in range(1, len(groups) + 1):
        for chosen in combinations(groups, size):
            found.add(frozenset(c for g in chosen for c in g.split("+")))
    return found


def capture_sets(position_text: str, played: str) -> set[frozenset[str]]:
    """What each legal capture with `played` takes, as sets of card texts."""
    position = pos(position_text)
    out = set()
    for move in moves_with(position, played, CAPTURE):
        out.add(frozenset([*(str(c) for c in move.loose),
                           *(str(c) for b in move.builds for c in b.cards)]))
    return out


def test_w01_eight_takes_disjoint_groups_never_all_six() -> None:
    text = "table: Ac 2d 3h 5s 6c 8d; hand: 8s"
    expected = parts("8d", "6c+2d", "5s+3h") | parts("8d", "5s+2d+Ac")
    assert capture_sets(text, "8s") == expected
    assert len(expected) == 9  # 7 parts of the first, 3 of the second, {8d} shared
    position = pos(text)
    legal(position, "8s x 8d 6c+2d 5s+3h")
    legal(position, "8s x 8d 5s+2d+Ac")
    legal(position, "8s x 5s+3h")  # "any part of either"
    everything = Attempt.selection(card("8s"), CAPTURE, position.loose)
    verdict = illegal(position, everything, "wrong-sum")
    assert "25" in verdict.message  # A+2+3+5+6+8 = 25, not a multiple of 8
    illegal(position, "8s x 8d 6c+2d 5s+3h Ac", "wrong-sum")
    illegal(position, "8s x 6c+2d 5s+2d+Ac", "card-used-twice")


def test_w02_queen_takes_one_queen_classic_both_royal() -> None:
    classic = pos("table: Qs Qh; hand: Qd")
    assert capture_sets(classic.text, "Qd") == {frozenset({"Qs"}), frozenset({"Qh"})}
    illegal(classic, "Qd x Qs Qh", "court-takes-more-than-one")
    royal = "table: Qs Qh; hand: Qd; rules: royal"
    assert capture_sets(royal, "Qd") == {frozenset({"Qs"}), frozenset({"Qh"}),
                                         frozenset({"Qs", "Qh"})}
    legal(pos(royal), "Qd x Qs Qh")


def test_w03_three_on_five_builds_eight() -> None:
    position = pos("table: 5c; hand: 3d 8s")
    after = play(position, "3d b8 5c")
    (build,) = after.builds
    assert (build.value, set(build.cards), build.controller) == (8, cards("3d 5c"), 0)
    assert not build.is_multiple
    assert after.loose == () and after.hand == (card("8s"),)


def test_w04_three_takes_builds_six_or_threes_or_trails_six_only_trails() -> None:
    position = pos("table: Ac 2d; hand: 3h 3s 6d")
    ac, d2, h3 = card("Ac"), card("2d"), card("3h")
    expected = {
        Move(h3, CAPTURE, 3, (ac, d2)),
        Move(h3, BUILD, 6, (ac, d2)),  # single 6, the 6d held
        Move(h3, BUILD, 3, (ac, d2)),  # multiple 3s, the 3s held
        Move(h3, TRAIL),
    }
    assert moves_with(position, "3h") == expected
    single = play(position, "3h b6 Ac 2d").builds[0]
    multiple = play(position, "3h b3 Ac 2d").builds[0]
    assert not single.is_multiple and multiple.is_multiple
    illegal(position, "3h b4 Ac", "build-not-held")
    illegal(position, "3h b5 2d", "build-not-held")
    assert moves_with(position, "6d") == {Move(card("6d"), TRAIL)}
    illegal(position, "6d x Ac+2d", "wrong-sum")
    illegal(position, "6d b9 Ac 2d", "build-not-held")


def test_w05_two_makes_multiple_seven_build() -> None:
    position = pos("table: 3d 4s 5h 7c; hand: 2c 7d")
    after = play(position, "2c b7 5h 3d 4s 7c")
    (build,) = after.builds
    assert build.value == 7 and build.is_multiple
    assert set(build.cards) == cards("2c 3d 4s 5h 7c")
    assert after.loose == ()


def test_w06_nine_takes_single_nine_build_and_loose_five_four() -> None:
    position = pos("table: 5d 4c [9: 6s 3h @1]; hand: 9c")
    move = legal(position, "9c x [6s 3h] 5d+4c")
    outcome = apply_move(position, move)
    assert outcome.position.table_empty
    assert set(outcome.captured) == cards("9c 6s 3h 5d 4c")
    assert outcome.sweep


def test_w07_nine_cannot_take_seven_build_plus_two_unless_build_in_sums() -> None:
    text = "table: 2d [7: 4h 3s @1]; hand: 9s"
    position = pos(text)
    illegal(position, "9s x [4h 3s]+2d", "build-in-sum")
    illegal(position, Attempt.selection(card("9s"), CAPTURE, position.loose, position.builds),
            "build-in-sum")
    assert moves_with(position, "9s", CAPTURE) == set()
    sums = pos(text + "; rules: classic build_in_sums=true")
    move = legal(sums, "9s x [4h 3s]+2d")
    assert apply_move(sums, move).position.table_empty


def test_w08_five_on_five_builds_ten_or_fives_as_held() -> None:
    both = pos("table: 5h; hand: 5s 10c 5d")
    ten = play(both, "5s b10 5h").builds[0]
    fives = play(both, "5s b5 5h").builds[0]
    assert (ten.value, ten.is_multiple) == (10, False)
    assert (fives.value, fives.is_multiple) == (5, True)
    only_ten = pos("table: 5h; hand: 5s 10c")
    legal(only_ten, "5s b10 5h")
    illegal(only_ten, "5s b5 5h", "build-not-held")
    only_five = pos("table: 5h; hand: 5s 5d")
    legal(only_five, "5s b5 5h")
    illegal(only_five, "5s b10 5h", "build-not-held")


def test_w09_six_build_raised_to_eight_then_nine() -> None:
    first = pos("table: [6: 3s 3d @0]; hand: 2h 8c; seat: 1")
    after = play(first, "2h b8 [3s 3d]")
    (eight,) = after.builds
    assert (eight.value, eight.controller, eight.is_multiple) == (8, 1, False)
    second = pass_turn(after).with_changes(hand=parse_cards("Ad 9s"))
    assert second.seat == 0 and second.problems() == []
    after = play(second, "Ad b9 [2h 3d 3s]")
    (nine,) = after.builds
    assert (nine.value, nine.controller, nine.is_multiple) == (9, 0, False)
    assert set(nine.cards) == cards("Ad 2h 3d 3s")


def test_w10_raise_five_to_eight_never_ten_with_loose_two() -> None:
    position = pos("table: 2c [5: As 4d @1]; hand: 3h 8d 10s")
    build = position.builds[0]
    legal(position, "3h b8 [As 4d]")
    illegal(position, "3h b10 [As 4d] 2c", "loose-changes-build")
    onto = {m for m in moves_with(position, "3h", BUILD) if m.builds == (build,)}
    assert onto == {Move(card("3h"), BUILD, 8, (), (build,))}


def test_w11_raise_seven_to_nine_and_absorb_loose_nine() -> None:
    position = pos("table: 9d [7: 3c 4h @1]; hand: 2s 9c")
    after = play(position, "2s b9 [3c 4h] 9d")
    (build,) = after.builds
    assert build.value == 9 and build.is_multiple and build.controller == 0
    assert set(build.cards) == cards("2s 3c 4h 9d")
    assert after.loose == ()


def test_w12_two_with_six_joins_eight_build_making_it_multiple() -> None:
    position = pos("table: 6d [8: 5s 3h @1]; hand: 2c 8h")
    after = play(position, "2c b8 [5s 3h] 6d")
    (build,) = after.builds
    assert build.value == 8 and build.is_multiple and build.controller == 0
    assert set(build.cards) == cards("2c 3h 5s 6d")


def test_w13_controller_may_not_trail_and_must_take_own_build() -> None:
    position = pos("table: 5h 3c [8: 5s 3h @0]; hand: 8c 4d")
    build = position.builds[0]
    illegal(position, "4d t", "trail-while-controlling")
    illegal(position, "8c x 5h+3c", "leaves-build-uncovered")
    captures = moves_with(position, "8c", CAPTURE)
    assert captures == {
        Move(card("8c"), CAPTURE, 8, (), (build,)),
        Move(card("8c"), CAPTURE, 8, (card("5h"), card("3c")), (build,)),
    }
    assert all(build in m.builds for m in captures)


def test_w14_multiple_build_cannot_be_raised() -> None:
    position = pos("table: [5: 5c 3d 2h @1]; hand: As 6d")
    illegal(position, "As b6 [5c 3d 2h]", "raise-multiple")
    assert moves_with(position, "As", BUILD) == set()


def test_w15_royal_queen_takes_ace_jack_or_seven_five() -> None:
    royal = pos("table: Ac Jd 7h 5s; hand: Qs; rules: royal")
    assert capture_sets(royal.text, "Qs") == parts("Ac+Jd", "7h+5s")
    legal(royal, "Qs x Ac+Jd")
    legal(royal, "Qs x 7h+5s")
    illegal(pos("table: Ac Jd 7h 5s; hand: Qs"), "Qs x Ac+Jd", "court-by-sum")


def test_w16_aces_high_ace_as_fourteen_takes_king_and_ace() -> None:
    position = pos("table: Ks Ah; hand: Ac; rules: royal-aces-high")
    ac = card("Ac")
    expected = {Move(ac, CAPTURE, 14, (card("Ks"), card("Ah"))),
                Move(ac, CAPTURE, 1, (card("Ah"),))}
    assert moves_with(position, "Ac", CAPTURE) == expected
    assert legal(position, "Ac x14 Ks+Ah").value == 14
    assert legal(position, "Ac x Ah").value == 1
    illegal(position, "Ac x1 Ks+Ah", "wrong-sum")
    illegal(position, "Ac x14 Ah", "wrong-sum")
    illegal(pos("table: Ks Ah; hand: Ac; rules: royal"), "Ac x14 Ks+Ah", "bad-capture-value")


def test_w17_jack_never_builds_in_classic_builds_thirteen_in_royal() -> None:
    classic = pos("table: 2d; hand: Jc Kh")
    illegal(classic, "Jc b13 2d", "court-cannot-build")
    assert not [m for m in legal_moves(classic) if m.kind == BUILD]
    royal = pos("table: 2d; hand: Jc Kh; rules: royal")
    (build,) = play(royal, "Jc b13 2d").builds
    assert (build.value, set(build.cards)) == (13, cards("Jc 2d"))
    illegal(pos("table: 2d; hand: Jc 5h; rules: royal"), "Jc b13 2d", "build-not-held")


def test_w18_last_card_taking_everything_is_a_sweep_unless_setting() -> None:
    last = pos("table: 3h 4d; hand: 7s; last")
    outcome = apply_move(last, legal(last, "7s x 3h+4d"))
    assert outcome.position.table_empty and outcome.sweep
    off = pos("table: 3h 4d; hand: 7s; rules: classic last_play_sweep=false; last")
    outcome = apply_move(off, legal(off, "7s x 3h+4d"))
    assert outcome.position.table_empty and not outcome.sweep
    # Had it trailed: no sweep, the cards stay for the last capturer (9.1, game level).
    outcome = apply_move(last, legal(last, "7s t"))
    assert not outcome.sweep and outcome.captured == ()
    assert set(outcome.position.loose) == cards("3h 4d 7s")


def test_w19_trailing_a_card_that_could_pair_is_legal() -> None:
    position = pos("table: 5d; hand: 5c")
    legal(position, "5c t")
    assert Move(card("5c"), TRAIL) in legal_moves(position)
    assert legal(position, "5c x 5d").kind == CAPTURE
