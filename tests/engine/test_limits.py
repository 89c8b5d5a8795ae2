"""The engine's limits (engine/limits.py, docs/limits.md): every door refuses what is
over a limit with a project error that names it, in time linear in the input, and
the generator's work and the move cache stay bounded.

The examples that once broke it are here: 90,000 `[` in a move, a position of 22 small
loose cards, `8s x [²]`, numbers of 5,000 digits, JSON nested 100,000 deep.
Times are measured only as generous bounds; the work counter is what is asserted.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Callable

import pytest

from engine import (
    Build,
    Card,
    CassinoError,
    InvalidMoveError,
    NotationError,
    Position,
    Rules,
    check,
    legal_moves,
    parse_attempt,
    parse_cards,
)
from engine.errors import TooMuchWorkError
from engine.limits import (
    MAX_GENERATION_WORK,
    MAX_JSON_DEPTH,
    MAX_NOTATION_LENGTH,
    MAX_POSITION_CARDS,
    QUOTE_LENGTH,
    Work,
    quoted,
)
from engine.movegen import MoveCache, clear_cache, generate_moves, move_cache
from engine.moves import attempt_from_json, json_depth, move_tokens, split_plus
from engine.position import parse_table, table_tokens
from engine.tools.bench import ADVERSARIAL, EXTREME

SMALL = [f"{rank}{suit}" for rank in ("A", "2", "3", "4", "5") for suit in "shdc"] + ["6s", "6h"]
TWENTY_TWO = f"table: {' '.join(SMALL)}; hand: 10s 9h 8d 7c"
HUGE = "9" * 5000


def run_through(run: Callable[[], object]) -> None:
    """Run a door on hostile input, its refusal allowed. No wall-clock assertion: a
    quadratic parse of these inputs would run for hours, which the suite's timeout
    (pyproject, 300 s) fails; `make fuzz` prints the measured times."""
    with contextlib.suppress(CassinoError):
        run()


# ----- the inputs that once broke the doors ------------------------------------------


def test_ninety_thousand_brackets_are_refused_at_once() -> None:
    text = "8s x " + "[" * 90_000
    with pytest.raises(InvalidMoveError, match="too long") as error:
        parse_attempt(text)
    assert len(str(error.value)) < 300  # the input is quoted, cut short
    # The tokenizer itself is linear: without the length limit it still answers at once.
    run_through(lambda: move_tokens(text))
    with pytest.raises(InvalidMoveError, match="never closed"):
        move_tokens(text)
    run_through(lambda: split_plus("[" * 90_000))
    run_through(lambda: table_tokens("[" * 90_000))
    run_through(lambda: table_tokens("]" * 90_000))


def test_twenty_two_small_loose_cards_are_refused_by_the_work_counter() -> None:
    position = Position.parse(TWENTY_TWO)
    assert not position.problems()
    clear_cache()
    work = Work()
    with pytest.raises(TooMuchWorkError, match="MAX_GENERATION_WORK") as error:
        generate_moves(position, work)
    # Stopped at the limit: the last charge is at most one table's worth over it.
    assert MAX_GENERATION_WORK < work.spent < 2 * MAX_GENERATION_WORK
    assert error.value.limit == MAX_GENERATION_WORK
    assert isinstance(error.value, CassinoError)
    with pytest.raises(TooMuchWorkError):
        legal_moves(position)
    with pytest.raises(TooMuchWorkError):
        check(position, "10s x 4c+6s")
    run_through(lambda: legal_moves(position))


@pytest.mark.parametrize("cards", [15, 16, 18, 20, 22])
def test_every_table_too_big_stops_near_the_limit(cards: int) -> None:
    position = Position.parse(f"table: {' '.join(SMALL[:cards])}; hand: 10s 9h 8d 7c")
    clear_cache()
    work = Work()
    with pytest.raises(TooMuchWorkError):
        generate_moves(position, work)
    assert work.spent < 2 * MAX_GENERATION_WORK


def test_the_benchmark_tables_are_within_the_limit() -> None:
    for text in (*ADVERSARIAL, *EXTREME):
        clear_cache()
        work = Work()
        moves = generate_moves(Position.parse(text), work)
        assert moves and work.spent < MAX_GENERATION_WORK / 2, (text, work.spent)


@pytest.mark.parametrize("text", ["8s x [²]", "8s b² 5c", "8s x [٣]", "8s x²"])
def test_digits_that_are_not_ascii_are_notation_errors(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_attempt(text)


@pytest.mark.parametrize("text", [
    f"table: [{HUGE}: 5c 3d @0]", f"table: 5c; seat: {HUGE}", f"table: 5c; players: {HUGE}",
    f"table: [8: 5c 3d @{HUGE}]", "table: 5c; seat: 99999", "table: 5c; seat: ٣",
])
def test_huge_numbers_in_positions_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError) as error:
        Position.parse(text)
    assert len(str(error.value)) < 400


@pytest.mark.parametrize("text", [f"8s b{HUGE} 5c", f"8s x [{HUGE}]", f"8s x{HUGE} 5c",
                                  "8s b99999 5c"])
def test_huge_numbers_in_moves_are_notation_errors(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_attempt(text)


def test_deep_json_is_refused_before_decoding() -> None:
    for opener in ("[", "{"):
        deep = opener * 100_000
        with pytest.raises(InvalidMoveError):
            attempt_from_json(deep)
    nested = '{"card": "8s", "kind": "capture", "builds": ' + "[" * 20 + "]" * 20 + "}"
    assert json_depth(nested) == 21
    with pytest.raises(InvalidMoveError, match="nests too deeply"):
        attempt_from_json(nested)
    assert json_depth('{"a": "[[[[[[\\"[[["}') == 1  # brackets in strings do not count
    ok = '{"card": "8s", "kind": "capture", "loose": ["5c"], "builds": [["3h", "5s"]]}'
    assert json_depth(ok) == 3 <= MAX_JSON_DEPTH
    assert attempt_from_json(ok).card == Card.parse("8s")


@pytest.mark.parametrize("data", [
    '{"card": "8s", "kind": "capture", "value": ' + HUGE + "}",
    '{"card": "8s", "kind": "capture", "value": 10000}',
    '{"card": "8s", "kind": "capture", "value": true}',
    '{"card": "8s", "kind": "capture", "value": NaN}',
    '{"card": "8s", "kind": "capture", "value": -Infinity}',
    '{"card": ["8s"], "kind": "capture"}',
    '{"card": "8s", "kind": "capture", "loose": "5c"}',
    '{"card": "8s", "kind": "capture", "builds": [5]}',
    '{"card": "8s", "kind": "capture", "builds": "ab"}',
    '{"card": "8s"}',
    '{"text": ' + json.dumps("[" * 5000) + "}",
    '{"text": 5}',
])
def test_odd_json_moves_are_invalid_move_errors(data: str) -> None:
    with pytest.raises(InvalidMoveError):
        attempt_from_json(data)


def test_cards_fold_case_in_ascii_only() -> None:
    for text in ("\u212as", "Aſ", "10\u017f"):  # the Kelvin sign, the long s
        with pytest.raises(NotationError):
            Card.parse(text)
    assert Card.parse("kS") == Card.parse("Ks")


# ----- lengths, quoting, cards --------------------------------------------------------


@pytest.mark.parametrize("reader", [parse_cards, parse_table, Position.parse, Rules.parse,
                                    Build.parse, parse_attempt, attempt_from_json])
def test_every_door_refuses_text_over_the_length_limit(reader: object) -> None:
    text = "5c " * (MAX_NOTATION_LENGTH // 3 + 1)
    with pytest.raises(NotationError, match="too long") as error:
        reader(text)  # type: ignore[operator]
    assert len(str(error.value)) < QUOTE_LENGTH + 200


def test_quoted_cuts_long_input() -> None:
    assert quoted("8s t") == "'8s t'"
    long = quoted("x" * 5000)
    assert long.startswith("'" + "x" * QUOTE_LENGTH + "'…") and "5000 characters" in long


def test_a_position_holds_at_most_one_pack() -> None:
    deck = " ".join(str(c) for c in Position.parse("table: -").loose) or ""
    assert deck == ""
    every = " ".join(f"{r}{s}" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")
                     for s in "shdc")
    full = Position.parse(f"table: {every}")
    assert len(full.loose) == MAX_POSITION_CARDS
    with pytest.raises(NotationError, match="at most 52"):
        Position.parse(f"table: {every}; hand: As")
    with pytest.raises(NotationError, match="at most 52"):
        Position.parse("table: " + " ".join(["5c"] * 60))


def test_a_stray_closing_bracket_is_an_error_not_skipped() -> None:
    with pytest.raises(NotationError, match="closes nothing"):
        Position.parse("table: 5c ]")
    with pytest.raises(InvalidMoveError, match="closes nothing"):
        parse_attempt("8s x 5c]")
    with pytest.raises(InvalidMoveError, match="never closed"):
        parse_attempt("8s x [3h 5c")


# ----- the work of one request, the caches ------------------------------------------------


def test_split_into_groups_stops_after_its_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import values

    monkeypatch.setattr(values, "MAX_SPLIT_STEPS", 5)
    with pytest.raises(TooMuchWorkError, match="MAX_SPLIT_STEPS"):
        values.split_into_groups([3, 3, 3, 3, 4, 4, 4, 2, 2, 2], 10)


def test_the_move_cache_is_bounded_in_positions_and_in_moves() -> None:
    positions = [Position.parse(f"table: {c}; hand: 8s") for c in ("5c", "5d", "5h", "5s")]
    cache = MoveCache(entries=2, moves=5)
    for position in positions:
        cache.put(position, legal_moves(position))
    assert len(cache) == 2 and cache.get(positions[0]) is None
    assert cache.get(positions[3]) is not None and cache.moves <= 5
    big = Position.parse("table: Ac 2d 3h 5s 6c 8d; hand: 8s")  # 10 moves
    cache.put(big, legal_moves(big))
    assert cache.get(big) is None  # answered, not kept
    cache.put(positions[0], legal_moves(positions[0]))
    cache.put(positions[1], legal_moves(positions[1]))
    assert cache.get(positions[3]) is None  # the least recently used went first


def test_legal_moves_uses_the_bounded_cache() -> None:
    clear_cache()
    position = Position.parse("table: 5c 3d; hand: 8s")
    first = legal_moves(position)
    assert legal_moves(position) is first
    cache = move_cache()
    assert len(cache) == 1 and cache.moves == len(first)


# ----- the command line ------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True,
                          text=True, timeout=120, check=False)


@pytest.mark.parametrize("args", [
    ("bench", "--repeats", "0"),
    ("bench", "--games", "-5"),
    ("bench", "--repeats", HUGE),
    ("moves", "--table", HUGE),
    ("moves", "--table", f"[{HUGE}: 5c 3d @0]"),
    ("moves", "--table", "5c", "--seat", HUGE),
    ("moves", "--position", "table: 5c; seat: ²"),
    ("moves", "--table", " ".join(SMALL), "--hand", "10s"),
    ("check", "--table", "5c", "--hand", "8s", "--move", "8s x [²]"),
    ("check", "--table", "5c", "--hand", "8s", "--move", "8s x " + "[" * 90_000),
    ("check", "--table", "5c", "--hand", "8s", "--move", "{" * 100_000),
    ("play", "--levels", HUGE),
    ("play", "--players", "9"),
])
def test_the_cli_refuses_in_one_line_without_a_traceback(args: tuple[str, ...]) -> None:
    result = run_cli(*args)
    assert result.returncode == 2, result.stderr[-500:]
    assert "Traceback" not in result.stderr
    assert len(result.stderr) < 1000  # usage and one line; the input quoted short


def test_advice_weighs_a_bounded_number_of_moves() -> None:
    from engine.advice import advise
    from engine.limits import MAX_ADVICE_MOVES

    extreme = Position.parse(EXTREME[1])
    assert len(legal_moves(extreme)) > MAX_ADVICE_MOVES
    with pytest.raises(TooMuchWorkError, match="MAX_ADVICE_MOVES"):
        advise(extreme)  # it took 100 s of CPU
    assert advise(Position.parse(ADVERSARIAL[0])).move in legal_moves(
        Position.parse(ADVERSARIAL[0]))


def test_only_the_work_of_kept_analyses_counts_against_the_analysis_cache() -> None:
    from engine.groups import rule_facts

    clear_cache()
    position = Position.parse("table: Ac 2d 3h 5s 6c 8d [9: 4h 5h @0]; hand: 8s 9c Kd")
    facts = rule_facts(position.rules)
    generate_moves(position)
    kept = facts.kept_work
    assert 0 < kept < 10_000
    for _ in range(2000):  # the same table again: its analysis is found, nothing is added
        generate_moves(position)
    assert facts.kept_work == kept
    royal = Position.parse("table: Qs Qh Qd [12: 10c 2c @0]; hand: Qc 5d; "
                           "rules: royal face_capture=all")
    generate_moves(royal)
    before = rule_facts(royal.rules).kept_work
    generate_moves(royal)  # its groups by rank are made for each call: not kept, not counted
    assert rule_facts(royal.rules).kept_work == before
