"""Notation (docs/notation.md): every form round-trips, reprs paste back as code, and
bad input raises the right error with a message that quotes it."""

from __future__ import annotations

import json
import random

import pytest
from enginetest import card, legal, pos
from randpos import random_position, rules_variants

from engine import (
    CAPTURE,
    AmbiguousMoveError,
    Attempt,
    Build,
    BuildRef,
    Card,
    CassinoError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    NotationError,
    Position,
    Rules,
    check,
    full_deck,
    legal_moves,
    parse_attempt,
    parse_cards,
    parse_move,
    preset,
)
from engine.moves import attempt_from_json

NAMESPACE = {"Card": Card, "Build": Build, "Position": Position, "Rules": Rules, "Move": Move,
             "Attempt": Attempt, "BuildRef": BuildRef}


def sample_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    variants = rules_variants()
    return [random_position(rng, variants[i % len(variants)]) for i in range(count)]


# ----- cards -----------------------------------------------------------------------------------


def test_every_card_round_trips_in_canonical_and_pretty_form() -> None:
    deck = full_deck()
    for c in deck:
        assert Card.parse(str(c)) == c
        assert Card.parse(c.pretty) == c
        assert eval(repr(c), NAMESPACE) == c
    assert {str(c) for c in deck} >= {"As", "10d", "Kh", "2c", "Jd", "Qs"}
    assert len({str(c) for c in deck}) == 52


@pytest.mark.parametrize(("text", "canonical"), [
    ("As", "As"), ("10d", "10d"), ("Td", "10d"), ("th", "10h"), ("10♦", "10d"), ("qS", "Qs"),
    ("k♥", "Kh"), ("a♣", "Ac"), (" 7s ", "7s"), ("J♠", "Js"), ("tC", "10c"),
])
def test_card_input_accepts_t_symbols_and_any_case(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


def test_card_pretty_and_name_forms() -> None:
    assert card("10d").pretty == "10♦"
    assert card("7h").name == "seven of hearts"


def test_card_name_of_aces_and_court_cards() -> None:
    assert card("Qs").name == "queen of spades"
    assert card("Ad").name == "ace of diamonds"


def test_card_lists_with_spaces_commas_and_dash() -> None:
    assert parse_cards("As, 10d Kh") == (card("As"), card("10d"), card("Kh"))
    assert parse_cards("-") == () == parse_cards("  ")


@pytest.mark.parametrize("text", ["Xs", "11h", "A", "Ax", "s", "10", "1O♦", ""])
def test_bad_card_raises_notation_error_quoting_it(text: str) -> None:
    with pytest.raises(NotationError) as error:
        Card.parse(text)
    assert repr(text) in str(error.value)


def test_bad_card_in_a_list_is_quoted() -> None:
    with pytest.raises(NotationError, match="'Zz'"):
        parse_cards("As Zz")


# ----- builds and positions ------------------------------------------------------------------


def test_build_text_round_trips_and_tolerates_spacing() -> None:
    build = Build.parse("[ 8 : 5h 3s @ 1 ]")
    assert build == Build(8, (card("3s"), card("5h")), 1)
    assert build.text == "[8: 3s 5h @1]"
    assert Build.parse(build.text) == build
    assert eval(repr(build), NAMESPACE) == build


def test_notation_md_examples_parse_to_canonical_text() -> None:
    full = Position.parse("table: 3d 5c [8: 3s 5h @1]; hand: 3h 8s; seat: 0; players: 2; "
                          "rules: classic; last")
    assert full.text == "table: 3d 5c [8: 3s 5h @1]; hand: 3h 8s; last"
    assert full.builds == (Build.parse("[8: 3s 5h @1]"),) and full.last
    assert Position.parse("table: 5h; hand: 5s 10c; rules: classic build_in_sums=true"
                          ).rules.build_in_sums
    assert Position.parse("table: Qs Qh; hand: Qd; rules: royal").rules == preset("royal")


def test_position_fields_in_any_order_and_case() -> None:
    a = Position.parse("hand: 8s 3h; LAST; Seat: 1; table: 5c 3d; hand 0: 2c; players: 3")
    b = Position.parse("table: 3d 5c; hand: 3h 8s; seat: 1; players: 3; last; hand 0: 2c")
    assert a == b
    assert a.text == "table: 3d 5c; hand: 3h 8s; seat: 1; players: 3; last; hand 0: 2c"
    assert Position.parse("table: -").table_empty


def test_random_positions_round_trip_through_text_and_repr() -> None:
    for position in sample_positions(400, seed=11):
        text = position.text
        again = Position.parse(text)
        assert again == position, text
        assert again.text == text
        assert eval(repr(position), NAMESPACE) == position


# ----- moves --------------------------------------------------------------------------------------


def test_every_legal_move_round_trips_through_its_text() -> None:
    count = 0
    for position in sample_positions(300, seed=12):
        for move in legal_moves(position):
            assert parse_move(move.text, position) == move, (position.text, move.text)
            assert eval(repr(move), NAMESPACE) == move
            attempt = parse_attempt(move.text)
            assert attempt.text == move.text
            assert check(position, move.text).move == move
            assert check(position, attempt_from_json(move.to_json())).move == move
            assert check(position, attempt_from_json(json.dumps(move.to_json()))).move == move
            count += 1
    assert count > 1000


def test_a_move_is_its_outcome_whatever_the_grouping() -> None:
    position = pos("table: Ac 2d 3h 5s 6c 8d; hand: 8s")
    assert legal(position, "8s x 6c+2d") == legal(position, "8s x 2d+6c")
    assert legal(position, "8s x 8d 6c+2d 5s+3h") == legal(position, "8S X 3h+5s 2D+6C 8♦")
    build = pos("table: 2c 9d [7: 3c 4h @1]; hand: 2s 9c")
    names = ["2s b9 [3c 4h] 9d", "2s b9 [4h 3c] 9d", "2s b9 9d [7]", "2s b9 [7: 3c 4h @1] 9d"]
    assert len({legal(build, n) for n in names}) == 1


def test_move_texts_follow_the_documented_forms() -> None:
    assert legal(pos("table: 3h 5s 6c 2d 8d; hand: 8s"), "8s x 8d 6c+2d 5s+3h").kind == CAPTURE
    ace = legal(pos("table: Ks Ah; hand: Ac; rules: royal-aces-high"), "Ac x14 Ks+Ah")
    assert ace.text.startswith("Ac x14 ")
    assert legal(pos("table: 5c; hand: 3d 8s"), "3d b8 5c").text == "3d b8 5c"
    assert legal(pos("table: 5c; hand: 3d 8s"), "3d t").text == "3d t"
    raise_text = legal(pos("table: 9d [7: 3c 4h @1]; hand: 2s 9c"), "2s b9 [3c 4h] 9d").text
    assert raise_text == "2s b9 [3c 4h] 9d"
    taken = legal(pos("table: 5d 4c [9: 6s 3h @1]; hand: 9c"), "9c x [6s 3h] 5d+4c")
    assert parse_attempt(taken.text).text == taken.text


# ----- rules ---------------------------------------------------------------------------------


def test_rules_text_round_trips_for_every_variant() -> None:
    for rules in rules_variants():
        assert Rules.parse(rules.text) == rules, rules.text
        assert eval(repr(rules), NAMESPACE) == rules


@pytest.mark.parametrize(("text", "canonical"), [
    ("classic sweeps=off", "classic sweeps=off"),
    ("royal builds=off", "royal builds=off"),
    ("no-builds sweeps=off", "no-builds sweeps=off"),
])
def test_rules_text_of_on_off_settings_round_trips(text: str, canonical: str) -> None:
    """sweeps and builds are on/off settings; their text once came out as true/false."""
    rules = Rules.parse(text)
    assert rules.text == canonical
    assert Rules.parse(rules.text) == rules


@pytest.mark.parametrize(("text", "canonical"), [
    ("classic", "classic"),
    ("royal ace_high=true", "royal-aces-high"),
    ("classic build_in_sums=true", "classic build_in_sums=true"),
    ("build_in_sums=yes", "classic build_in_sums=true"),
    ("Royal_Aces_High", "royal-aces-high"),
    ("classic face-capture=all", "classic face_capture=all"),
    ("classic, controller_trail=if_stuck", "classic controller_trail=if_stuck"),
    ("classic builds=off", "no-builds"),
    ("classic scoring=spades target=61", "spade"),
])
def test_rules_text_is_canonical(text: str, canonical: str) -> None:
    assert Rules.parse(text).text == canonical


@pytest.mark.parametrize(("text", "quoted"), [
    ("classic foo=bar", "'foo'"),
    ("nonsense", "'nonsense'"),
    ("classic build_in_sums=maybe", "'maybe'"),
    ("classic build_in_sums", "'build_in_sums'"),
])
def test_bad_rules_raise_notation_error_quoting_the_input(text: str, quoted: str) -> None:
    with pytest.raises(NotationError) as error:
        Rules.parse(text)
    assert quoted in str(error.value)


# ----- errors ------------------------------------------------------------------------------------


def test_error_types_form_one_hierarchy_under_value_error() -> None:
    assert issubclass(InvalidMoveError, NotationError)
    for kind in (NotationError, InvalidPositionError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(kind, CassinoError)
    assert issubclass(CassinoError, ValueError)


@pytest.mark.parametrize(("text", "quoted"), [
    ("hand: 3c", "'hand: 3c'"),
    ("table: 3z", "'3z'"),
    ("table: 3c; colour: red", "'colour'"),
    ("table: 3c; table: 4c", "'table'"),
    ("table: 3c; seat: x", "'x'"),
    ("table: 3c; rules: nonsense", "'nonsense'"),
    ("table: 3c; oops", "'oops'"),
    ("table: [8: 3s 5h", "'[8: 3s 5h'"),
])
def test_bad_position_notation_raises_quoting_the_input(text: str, quoted: str) -> None:
    with pytest.raises(NotationError) as error:
        Position.parse(text)
    assert quoted in str(error.value)


def test_impossible_position_raises_invalid_position_error_quoting_it() -> None:
    position = Position.parse("table: 3c 3c; hand: 5d")
    with pytest.raises(InvalidPositionError) as error:
        position.validated()
    assert "'table: 3c 3c; hand: 5d'" in str(error.value) and "3c" in str(error.value)
    with pytest.raises(InvalidPositionError, match=r"7\.1"):
        Position.parse("table: [8: 5s 3h @0]; hand: 4d").validated()


@pytest.mark.parametrize(("text", "quoted"), [
    ("8s", "'8s'"),
    ("8s y 3c", "'y'"),
    ("8s x 3z", "'3z'"),
    ("8s t 3c", "'8s t 3c'"),
    ("8s b 3c", "'8s b 3c'"),
    ("8s x [zz]", "'zz'"),
    ("8s x []", "'[]'"),
    ("Zz x 3c", "'Zz'"),
    ("", "''"),
])
def test_bad_move_notation_raises_invalid_move_error_quoting_it(text: str, quoted: str) -> None:
    with pytest.raises(InvalidMoveError) as error:
        parse_attempt(text)
    assert quoted in str(error.value)
    with pytest.raises(InvalidMoveError):
        parse_move(text, pos("table: 3c; hand: 8s"))


@pytest.mark.parametrize("data", [
    '{"card": "Zz", "kind": "capture"}', "nope", '{"card": "8s", "kind": "fly"}',
    '{"card": "8s", "kind": "capture", "value": "x"}', "[1]",
])
def test_bad_json_move_raises_invalid_move_error(data: str) -> None:
    with pytest.raises(InvalidMoveError):
        attempt_from_json(data)


def test_illegal_and_ambiguous_moves_raise_quoting_move_and_position() -> None:
    position = pos("table: 3c; hand: 8s")
    with pytest.raises(IllegalMoveError) as error:
        parse_move("8s x 3c", position)
    assert "'8s x 3c'" in str(error.value) and repr(position.text) in str(error.value)
    two = pos("table: [4: 3c Ah @1] [4: 2d 2h @1]; hand: 4s")
    with pytest.raises(AmbiguousMoveError) as ambiguous:
        parse_move("4s x [4]", two)
    assert "'4s x [4]'" in str(ambiguous.value)
    with pytest.raises(InvalidMoveError):
        Move(card("8s"), "fly")
