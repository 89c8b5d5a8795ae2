"""Fuzzing the engine's doors: card, table, build, rules, position and move
notation, the judge and the JSON move form. Whatever the text, the answer is a value
or one of the project's own errors (`CassinoError`), within a second of CPU.

Sized for the suite (400 texts and positions, 300 JSON moves: every property,
on a modest sample; a failure `make fuzz` finds is kept in the checkout's
.hypothesis/ and tried first by later runs); `make fuzz` runs 10,000 of each
(CASSINO_FUZZ=long) and prints the figures (tests/conftest.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fuzzing import LONG, FuzzRecord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Build,
    Card,
    CassinoError,
    Position,
    Rules,
    check,
    full_deck,
    legal_moves,
    parse_attempt,
    parse_cards,
    parse_move,
)
from engine.moves import attempt_from_json
from engine.position import parse_table

FUZZ = settings(max_examples=10_000 if LONG else 400, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
JSON_FUZZ = settings(FUZZ, max_examples=10_000 if LONG else 300)

CARDS = [str(c) for c in full_deck()]
PIECES = [
    *CARDS[::3], "10♦", "tc", "K\u212a", "ſ", "As+2d", "[8: 5h 3s @1]", "[9: 4h 5h @0]",
    "[8]", "[3h 6s]", "[0]", "[²]", "[٣]", "[", "]", "[[", "@", "@9", ":", ";", ",", "+", " ",
    "table:", "hand:", "hand 1:", "hand 9:", "seat:", "players:", "rules:", "last", "-",
    "classic", "royal", "royal-aces-high", "ace_high=true", "build_in_sums=true",
    "controller_trail=if_stuck", "target=hand", "keep_capture_card=false", "builds=off",
    "x", "x14", "b8", "b99", "b0", "t", "X", "B", "9" * 40, "9" * 5000, "[" * 2000,
    "{", "}", '"', "\\", "\n", "\t", "\u202e", "\u200b", "²", "٣", "𝟗", "Ⅸ",
]
ALPHABET = "AaTtJjQqKk0123456789shdcSHDC♠♥♦♣[]:@+;,xbt -²٣{}\"\n\tſ\u212a"

texts = st.one_of(
    st.text(max_size=120),
    st.text(alphabet=ALPHABET, max_size=300),
    st.lists(st.sampled_from(PIECES), max_size=40).map(" ".join),
    st.lists(st.sampled_from(PIECES), max_size=60).map("".join),
    st.builds(lambda unit, n: unit * n,
              st.sampled_from(["[", "{", "9", "[8: ", " ", "5c ", "+", "@", ";", "[9]"]),
              st.integers(0, 100_000)),
)


def hands(draw: st.DrawFn) -> tuple[str, str]:
    cards = draw(st.permutations(CARDS))
    table = draw(st.integers(0, 22))
    hand = draw(st.integers(0, 6))
    return " ".join(cards[:table]), " ".join(cards[table:table + hand])


@st.composite
def positions(draw: st.DrawFn) -> str:
    """Position text that mostly parses: real cards, sometimes builds and odd fields."""
    table, hand = hands(draw)
    builds = draw(st.lists(st.sampled_from(["[8: 5h 3s @1]", "[9: 4h 5h @0]", "[10: 6c 4d @1]",
                                             "[5: 2h 3d 5c @0]", "[4: Ah 3c @0]", "[0: 5d 5s @0]",
                                             "[14: 9c 5s @3]"]), max_size=3))
    extra = draw(st.lists(st.sampled_from(["seat: 1", "players: 3", "players: 4", "last",
                                           "rules: royal", "rules: classic build_in_sums=true",
                                           "rules: royal-aces-high", "hand 1: 2c",
                                           "rules: classic controller_trail=always"]),
                          max_size=3))
    return "; ".join([f"table: {table} {' '.join(builds)}", f"hand: {hand}", *extra])


@st.composite
def moves_for(draw: st.DrawFn, position: str) -> str:
    """Move text built from the cards of the position and the notation's pieces."""
    words = position.replace(";", " ").replace(":", " ").split()
    pool = [w for w in words if w in CARDS] or CARDS[:5]
    card = draw(st.sampled_from(pool))
    action = draw(st.sampled_from(["x", "x14", "b8", "b9", "b10", "t", "b0", "x2", "y"]))
    rest = draw(st.lists(st.one_of(st.sampled_from(pool), st.sampled_from(PIECES[-40:])),
                         max_size=8))
    joiner = draw(st.sampled_from([" ", "+"]))
    return f"{card} {action} {joiner.join(rest)}"


def answer(record: FuzzRecord, name: str, shown: object, *calls: Callable[[], object]) -> None:
    """Put the input to each call in turn; anything but a value or a CassinoError fails.
    A call that needs an earlier one's value finds it in `found` (None if refused)."""
    with record.input(name, shown) as called:
        for call in calls:
            try:
                call()
            except CassinoError:
                called(True)
            else:
                called(False)


@FUZZ
@given(texts)
def test_fuzz_notation_readers(fuzz_record: FuzzRecord, text: str) -> None:
    def legal() -> None:
        found = Position.parse(text)
        if not found.problems():
            legal_moves(found)

    answer(fuzz_record, "notation: readers", text,
           lambda: Card.parse(text), lambda: parse_cards(text), lambda: parse_table(text),
           lambda: Build.parse(text), lambda: Rules.parse(text), legal,
           lambda: parse_attempt(text))


@FUZZ
@given(st.data())
def test_fuzz_positions_and_the_judge(fuzz_record: FuzzRecord, data: st.DataObject) -> None:
    text = data.draw(positions() if data.draw(st.integers(0, 4)) else texts)
    move = data.draw(moves_for(text) if data.draw(st.integers(0, 3)) else texts)
    try:
        found: Position | None = Position.parse(text)
    except CassinoError:
        found = None
    if found is None:
        answer(fuzz_record, "notation: judge", (text, move), lambda: parse_attempt(move))
        return
    position = found
    answer(fuzz_record, "notation: judge", (text, move), position.problems,
           lambda: legal_moves(position), lambda: check(position, move),
           lambda: parse_move(move, position))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
    | st.sampled_from(CARDS) | st.sampled_from(["capture", "build", "trail"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["card", "kind", "value", "loose", "builds", "text"]) | st.text(
            max_size=8), inner, max_size=6),
    max_leaves=12)

moves_json = st.fixed_dictionaries(
    {"card": st.sampled_from(CARDS) | json_values,
     "kind": st.sampled_from(["capture", "build", "trail", "fly"]) | json_values},
    optional={"value": st.integers(-5, 20) | json_values,
              "loose": st.lists(st.sampled_from(CARDS), max_size=5) | json_values,
              "builds": st.lists(st.lists(st.sampled_from(CARDS), max_size=3), max_size=3)
              | json_values,
              "text": texts})

GOOD_JSON = [json.dumps(m.to_json()) for text in (
    "table: Ac 2d 3h 5s 6c 8d; hand: 8s 3c", "table: 5c 3d [8: 5h 3s @1]; hand: 8s 3h",
    "table: 2d [7: 4h 3s @1]; hand: 9s 7c", "table: Qs Qh 4d; hand: Qd 4s; rules: royal")
    for m in legal_moves(Position.parse(text))]

json_texts = st.one_of(
    json_values.map(json.dumps), moves_json.map(json.dumps), texts, st.sampled_from(GOOD_JSON),
    st.builds(lambda unit, n: unit * n, st.sampled_from(['{"a":', "[", '{"card": [', "-9"]),
              st.integers(0, 50_000)),
)


@JSON_FUZZ
@given(json_texts, positions())
def test_fuzz_json_moves(fuzz_record: FuzzRecord, text: str, position: str) -> None:
    def judged() -> None:
        check(Position.parse(position), attempt_from_json(text))

    answer(fuzz_record, "notation: JSON moves", text, lambda: attempt_from_json(text), judged)


@JSON_FUZZ
@given(moves_json)
def test_fuzz_json_move_objects(fuzz_record: FuzzRecord, obj: dict[str, Any]) -> None:
    answer(fuzz_record, "notation: JSON move objects", obj, lambda: attempt_from_json(obj))
