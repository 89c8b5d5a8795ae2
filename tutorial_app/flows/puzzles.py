"""Choosing puzzles: filters and "next puzzle" (plain Python, no Streamlit)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from engine import Position
from tutorial_app.services.store import PuzzleResult

if TYPE_CHECKING:
    from tutorial_app.course import Feedback


class _PuzzleLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def themes(self) -> tuple[str, ...]: ...
    @property
    def difficulty(self) -> int: ...


P = TypeVar("P", bound=_PuzzleLike)


@dataclass(frozen=True, slots=True)
class Filter:
    themes: frozenset[str] = frozenset()  # empty: any theme
    lowest: int = 1
    highest: int = 5
    hide_solved: bool = False
    missed_only: bool = False  # tried and not (yet) solved: the learner's own review list


def matching(puzzles: Sequence[P], rule: Filter, solved: Mapping[str, bool]) -> list[P]:
    """The puzzles that pass the filter, easiest first (stable within a difficulty)."""
    found = [
        p for p in puzzles
        if (not rule.themes or rule.themes & set(p.themes))
        and rule.lowest <= p.difficulty <= rule.highest
        and not (rule.hide_solved and solved.get(p.id))
        and not (rule.missed_only and solved.get(p.id, True))
    ]
    return sorted(found, key=lambda p: p.difficulty)


def next_puzzle(puzzles: Sequence[P], current: str | None,
                solved: Mapping[str, bool] | None = None,
                skip: Collection[str] = ()) -> P | None:
    """The puzzle after `current` in the list, preferring unsolved ones; wraps around."""
    if not puzzles:
        return None
    ids = [p.id for p in puzzles]
    start = ids.index(current) + 1 if current in ids else 0
    order = [puzzles[(start + i) % len(puzzles)] for i in range(len(puzzles))]
    done = solved or {}
    for puzzle in order:
        if puzzle.id != current and puzzle.id not in skip and not done.get(puzzle.id):
            return puzzle
    for puzzle in order:
        if puzzle.id != current:
            return puzzle
    return order[0]


@dataclass(frozen=True)
class PuzzleTry:
    """The learner's work on the puzzle on screen (kept in session state)."""

    puzzle: str
    wrong: int = 0
    hints: int = 0
    feedback: Feedback | None = None
    after: Position | None = None
    result: PuzzleResult | None = None
    recorded: bool = False
    show_solution: bool = False
    judge: str | None = None  # the judge's own words about the last try

    @property
    def solved(self) -> bool:
        return self.feedback is not None and self.feedback.correct

    @property
    def tried(self) -> bool:
        return self.wrong > 0 or self.feedback is not None
