"""A line of moves from a position, and what each legal move there does
(plain Python, no Streamlit): the Sandbox steps through a line, the Classroom
plays judged moves on, and a link can carry a line (`?moves=`).

After a move the turn passes to the next seat only when that seat's hand is
known; otherwise the same player goes on with the cards left, which is what a
learner exploring a position wants.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from engine import BUILD, CAPTURE, TRAIL, Card, Move, Position, apply_move, legal_moves, pass_turn
from tutorial_app.words import words
from tutorial_app.words.i18n import count, language, t


def next_position(position: Position, move: Move) -> Position:
    """The position after a legal move (see the module docstring on whose turn it is)."""
    after = apply_move(position, move).position
    following = (after.seat + 1) % after.players
    if dict(after.other_hands).get(following):
        return pass_turn(after)
    return after


@dataclass(frozen=True, slots=True)
class LineStep:
    """One move of the line and what it did."""

    before: Position
    move: Move
    after: Position
    captured: tuple[Card, ...]
    sweep: bool


@dataclass(frozen=True, slots=True)
class Line:
    """A start position, the moves played from it and a cursor (how many are shown)."""

    start: Position
    steps: tuple[LineStep, ...] = ()
    cursor: int = 0

    @property
    def position(self) -> Position:
        return self.steps[self.cursor - 1].after if self.cursor else self.start

    @property
    def can_back(self) -> bool:
        return self.cursor > 0

    @property
    def can_forward(self) -> bool:
        return self.cursor < len(self.steps)

    def play(self, move: Move) -> Line:
        """Play a legal move at the cursor; moves after the cursor are dropped."""
        before = self.position
        outcome = apply_move(before, move)
        step = LineStep(before, move, next_position(before, move), outcome.captured,
                        outcome.sweep)
        steps = (*self.steps[: self.cursor], step)
        return Line(self.start, steps, len(steps))

    def back(self) -> Line:
        return replace(self, cursor=max(0, self.cursor - 1))

    def forward(self) -> Line:
        return replace(self, cursor=min(len(self.steps), self.cursor + 1))

    def to_start(self) -> Line:
        return replace(self, cursor=0)

    def to_end(self) -> Line:
        return replace(self, cursor=len(self.steps))

    def piles(self) -> dict[int, tuple[int, int]]:
        """Seat -> (cards captured, sweeps) over the moves up to the cursor."""
        out: dict[int, tuple[int, int]] = {}
        for step in self.steps[: self.cursor]:
            cards, sweeps = out.get(step.before.seat, (0, 0))
            out[step.before.seat] = (cards + len(step.captured), sweeps + int(step.sweep))
        return out

    @property
    def moves_text(self) -> str:
        return ",".join(s.move.text for s in self.steps[: self.cursor])

    @classmethod
    def from_moves(cls, start: Position, moves: Sequence[Move]) -> Line:
        line = cls(start)
        for move in moves:
            line = line.play(move)
        return line


# ----- what each legal move does ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveEffect:
    move: Move
    text: str         # the notation, e.g. "8s x 5c+3d"
    pretty: str       # with suit symbols
    effect: str       # in words: "takes 2 cards", "makes a single build of 8"
    table_after: str  # the table it leaves


_ORDER = {CAPTURE: 0, BUILD: 1, TRAIL: 2}


def _effect(position: Position, move: Move) -> tuple[str, Position]:
    outcome = apply_move(position, move)
    after = outcome.position
    if move.kind == CAPTURE:
        cards = count(len(move.taken_cards), "card")
        key = "sandbox.effect.takes_sweep" if outcome.sweep else "sandbox.effect.takes"
        return t(key, cards=cards), after
    if move.kind == BUILD:
        new = next(b for b in after.builds if move.card in b.cards)
        # one whole entry per case (makes / raises / adds, single / multiple): the
        # translator makes "single" or "multiple" agree with the build in the sentence
        verb = ("makes" if not move.builds else
                "raises" if move.builds[0].value != new.value else "adds")
        return t(f"sandbox.effect.{verb}.{new.kind.value}", value=new.value), after
    return t("sandbox.effect.trail"), after


MOVES_LISTED: Final = 1000
"""The most legal moves described in words (the Sandbox's list): each is played
out to say what it leaves, and a table of small cards can have 100,000 moves
within the engine's work limit. The biggest captures come first."""


def describe_moves(position: Position) -> tuple[MoveEffect, ...]:
    """Every legal move with what it does, captures first, then builds, then trails
    (at most MOVES_LISTED of them)."""
    return _describe(position, language())


@lru_cache(maxsize=256)
def _describe(position: Position, lang: str) -> tuple[MoveEffect, ...]:
    effects = []
    moves = list(legal_moves(position))
    if len(moves) > MOVES_LISTED:
        moves.sort(key=lambda m: (_ORDER[m.kind], -len(m.taken_cards)))
        del moves[MOVES_LISTED:]
    for move in moves:
        effect, after = _effect(position, move)
        table = " ".join([*(c.pretty for c in after.loose), *(b.pretty for b in after.builds)])
        effects.append(MoveEffect(move, move.text, words.move(move), effect,
                                  table or t("sandbox.effect.table_empty")))
    effects.sort(key=lambda e: (_ORDER[e.move.kind], -len(e.move.taken_cards), e.text))
    return tuple(effects)
