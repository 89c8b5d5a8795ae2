"""The engine's words are typed (StrEnum) and read and write as the same text."""

from __future__ import annotations

import json
from enum import StrEnum

import pytest

from engine import (
    BUILD,
    CAPTURE,
    REASON_CODES,
    TRAIL,
    Card,
    FaceValues,
    Move,
    MoveKind,
    NotationError,
    Position,
    ReasonCode,
    Rules,
    check,
    legal_moves,
)
from engine.errors import InvalidMoveError
from engine.game import LogKind, new_game
from engine.scoring import ITEMS, ScoreItem
from engine.settings import SETTING, SETTINGS


def test_move_kinds_are_the_old_constants_and_texts() -> None:
    assert (CAPTURE, BUILD, TRAIL) == tuple(MoveKind) == ("capture", "build", "trail")
    move = Move(Card.parse("3h"), "trail")  # type: ignore[arg-type]
    assert move.kind is TRAIL and move == Move(Card.parse("3h"), TRAIL)
    assert repr(move) == "Move(Card.parse('3h'), 'trail', None, (), ())"
    assert json.dumps(move.to_json()).count('"kind": "trail"') == 1
    with pytest.raises(InvalidMoveError):
        Move(Card.parse("3h"), "discard")  # type: ignore[arg-type]


def test_reason_codes_are_plain_texts_of_the_enum() -> None:
    assert tuple(code.value for code in ReasonCode) == REASON_CODES
    assert REASON_CODES[0] == ReasonCode.LEGAL == "legal"
    assert all(type(code) is str for code in REASON_CODES)
    verdict = check(Position.parse("table: 5c 3d; hand: 8s 3h"), "8s x 5c")
    assert verdict.code is ReasonCode.WRONG_SUM and verdict.explained
    assert verdict.to_json()["code"] == "wrong-sum"


def test_the_catch_all_code_is_a_documented_member() -> None:
    assert ReasonCode.UNEXPLAINED == "illegal" and "illegal" in REASON_CODES
    assert "catch-all" in (ReasonCode.__doc__ or "")


def test_word_settings_accept_their_text_and_keep_their_member() -> None:
    rules = Rules(face_values="royal")  # type: ignore[arg-type]
    assert rules.face_values is FaceValues.ROYAL and rules == Rules.parse("royal")
    assert hash(rules) == hash(Rules.parse("royal"))
    words = {s.name: type(s.default) for s in SETTINGS if isinstance(s.default, StrEnum)}
    assert words  # the settings whose values are words
    for name, choices in words.items():
        assert SETTING[name].choices == tuple(m.value for m in choices)
        for member in choices:
            parsed = Rules.parse(f"classic {name}={member.value}")
            assert getattr(parsed, name) is member
            assert parsed.settings()[name] == member.value
            assert type(parsed.settings()[name]) is str
    with pytest.raises(NotationError, match="choose twos / ones"):
        Rules(deal="threes")  # type: ignore[arg-type]


def test_log_kinds_and_score_items_read_as_text() -> None:
    state = new_game(2, seed=3)
    while not state.hand_over:
        state = state.play(legal_moves(state.position())[0])
    kinds = [entry.kind for entry in state.log]
    assert kinds[0] == LogKind.DEAL == "deal" and kinds[-1] == "score"
    assert ITEMS == tuple(ScoreItem) == ("cards", "spades", "big_casino", "little_casino",
                                         "aces", "sweeps")
    score = state.results[-1].scores[0]
    assert score.item("aces") == score.item(ScoreItem.ACES)
