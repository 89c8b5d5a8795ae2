"""Cassino rules engine: exact rules, standard library only.

The rules of record are docs/rules.md. A rule is cited by its number there,
the same way everywhere: "(4.2)" in docstrings, comments and the text a
learner reads, with "docs/rules.md" named where a module first cites a rule
(the judge's `Verdict.rule` holds the bare number, "4.2").

The public API in one import::

    from engine import Position, legal_moves, check, parse_move, apply_move

The engine's vocabulary is typed: move kinds (`MoveKind`), the judge's reason
codes (`ReasonCode`) and the word-valued settings (`FaceValues`, `Deal`, ...)
are `StrEnum`s, equal to and written as the same text as before.
"""

from engine.apply import Outcome, apply_move, pass_turn
from engine.cards import Card, format_cards, full_deck, parse_cards, pretty_cards
from engine.errors import (
    AmbiguousMoveError,
    CassinoError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    NotationError,
)
from engine.flow import is_last_play, unseen_cards
from engine.judge import REASON_CODES, ReasonCode, Verdict, check, parse_move
from engine.movegen import LegalMoves, generate_moves, legal_moves
from engine.moves import BUILD, CAPTURE, TRAIL, Attempt, BuildRef, Move, MoveKind, parse_attempt
from engine.position import Build, BuildKind, Position
from engine.rules import (
    CLASSIC,
    PRESETS,
    ControllerTrail,
    Deal,
    FaceCapture,
    FaceValues,
    Rules,
    Scoring,
    TieBreak,
    preset,
)

__all__ = [
    "BUILD",
    "CAPTURE",
    "CLASSIC",
    "PRESETS",
    "REASON_CODES",
    "TRAIL",
    "AmbiguousMoveError",
    "Attempt",
    "Build",
    "BuildKind",
    "BuildRef",
    "Card",
    "CassinoError",
    "ControllerTrail",
    "Deal",
    "FaceCapture",
    "FaceValues",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "LegalMoves",
    "Move",
    "MoveKind",
    "NotationError",
    "Outcome",
    "Position",
    "ReasonCode",
    "Rules",
    "Scoring",
    "TieBreak",
    "Verdict",
    "apply_move",
    "check",
    "format_cards",
    "full_deck",
    "generate_moves",
    "is_last_play",
    "legal_moves",
    "parse_attempt",
    "parse_cards",
    "parse_move",
    "pass_turn",
    "preset",
    "pretty_cards",
    "unseen_cards",
]
