"""A puzzle's difficulty measured from the position, and near-duplicate puzzles.

Difficulty is computed, not guessed: four features, each one a reason a learner
takes longer or errs more (docs/lessons.md, "Difficulty"):

- legal moves: more moves to look through (counted on a log scale: going from
  4 to 8 moves is as much harder as going from 8 to 16);
- chance of passing: the share of legal moves that meet the goal (a guess);
- cards to consider: the table cards (build cards included) and the hand;
- answer size: the cards the answer uses (played card, taken or built cards).

`score` weighs them; `computed_difficulty` cuts the score into levels 1-5 at fixed
thresholds, set once from the shipped puzzles so each level holds a fair share.
A puzzle's written `difficulty:` is not this level: it is measured from play
(course/puzzles/play_difficulty.py, which `relabel` writes and tests/course/test_course_stats.py
checks). This score is only reported beside the labels by `course stats` (their Spearman
rank correlation), as a second opinion on what the position looks like.

Near-duplicates: two puzzles whose positions are the same up to suits (ranks of
the table, builds and hand, same goal), or more than MAX_SAME_PATTERN puzzles of
one theme with the same goal and solution pattern.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Final

from engine import Move, Position
from engine.moves import BUILD, CAPTURE
from engine.position import Build
from tutorial_app.course.model import Puzzle
from tutorial_app.course.scene import Scene

THRESHOLDS: Final = (6.0, 6.8, 7.45, 8.25)  # score below the first -> 1, ... above the last -> 5
MAX_SAME_PATTERN: Final = 3


@dataclass(frozen=True)
class Features:
    legal_moves: int
    pass_chance: float
    cards: int
    answer_size: int

    @property
    def score(self) -> float:
        return (math.log2(max(self.legal_moves, 1)) + 2.0 * (1.0 - self.pass_chance)
                + 0.25 * self.cards + 0.4 * self.answer_size)


def answer_size(move: Move) -> int:
    if move.kind is CAPTURE:
        return 1 + len(move.taken_cards)
    if move.kind is BUILD:
        return 1 + len(move.loose) + sum(len(b.cards) for b in move.builds)
    return 1


def features(puzzle: Puzzle) -> Features:
    return features_of(puzzle.position, puzzle.solution_moves)


def features_of(position: Position, found: tuple[Move, ...]) -> Features:
    """The features of a position whose goal the moves `found` meet."""
    moves = len(Scene(position).moves)
    cards = len(position.loose) + sum(len(b.cards) for b in position.builds) + len(position.hand)
    size = min((answer_size(m) for m in found), default=1)
    return Features(moves, len(found) / moves if moves else 1.0, cards, size)


def level(score: float) -> int:
    return 1 + sum(score >= cut for cut in THRESHOLDS)


def computed_difficulty(puzzle: Puzzle) -> int:
    return level(features(puzzle).score)


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (ties get their average rank); 0.0 if undefined."""
    if len(xs) != len(ys) or len(xs) < 2:
        return 0.0
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    vy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (vx * vy) if vx and vy else 0.0


def position_key(puzzle: Puzzle) -> tuple[object, ...]:
    """The puzzle up to suits: ranks of loose cards, builds and hand, rules, goal kind."""
    position = puzzle.position
    loose = tuple(sorted(c.rank for c in position.loose))
    builds = tuple(sorted((b.value, tuple(sorted(c.rank for c in b.cards)), b.controller)
                          for b in position.builds))
    hand = tuple(sorted(c.rank for c in position.hand))
    goal = getattr(puzzle.goal, "name", type(puzzle.goal).__name__)
    return (loose, builds, hand, str(position.rules), goal, position.last)


def solution_pattern(puzzle: Puzzle) -> tuple[object, ...]:
    """The shape of the goal and answer: goal name, and per solution its kind, the rank
    played, the value, and its group sizes (how many items, builds among them); with
    the rules (the same answer under other rules is another lesson)."""
    return (str(puzzle.position.rules), *pattern_of(puzzle.goal, puzzle.solution_moves))


def pattern_of(goal: object, moves: tuple[Move, ...]) -> tuple[object, ...]:
    shapes = []
    for move in moves:
        groups = tuple(sorted((len(g), sum(isinstance(i, Build) for i in g))
                              for g in move.display_groups()))
        shapes.append((str(move.kind), move.card.rank, move.value, groups,
                       move.target is not None))
    name = getattr(goal, "name", type(goal).__name__)
    return (name, tuple(sorted(shapes)))


def duplicates(puzzles: list[Puzzle]) -> list[list[Puzzle]]:
    """Groups of near-duplicates: same position up to suits (2 or more), or more than
    MAX_SAME_PATTERN of one theme with one goal and solution pattern."""
    same_position: dict[tuple[object, ...], list[Puzzle]] = defaultdict(list)
    same_pattern: dict[tuple[object, ...], list[Puzzle]] = defaultdict(list)
    for puzzle in puzzles:
        same_position[position_key(puzzle)].append(puzzle)
        same_pattern[(puzzle.themes[0], solution_pattern(puzzle))].append(puzzle)
    groups = [g for g in same_position.values() if len(g) > 1]
    groups += [g for g in same_pattern.values() if len(g) > MAX_SAME_PATTERN]
    return groups
