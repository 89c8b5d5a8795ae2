"""Cassino rules engine: exact rules (../RULES.md of record), standard library only.

The public API in one import::

    from engine import Position, legal_moves, check, parse_move, apply_move
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
from engine.judge import REASON_CODES, Verdict, check, parse_move
from engine.movegen import LegalMoves, generate_moves, legal_moves
from engine.moves import BUILD, CAPTURE, TRAIL, Attempt, BuildRef, Move, parse_attempt
from engine.position import Build, Position
from engine.rules import CLASSIC, PRESETS, Rules, preset

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
    "BuildRef",
    "Card",
    "CassinoError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "LegalMoves",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "Rules",
    "Verdict",
    "apply_move",
    "check",
    "format_cards",
    "full_deck",
    "generate_moves",
    "legal_moves",
    "parse_attempt",
    "parse_cards",
    "parse_move",
    "pass_turn",
    "preset",
    "pretty_cards",
]
