"""Novice habits: tiny players that play the way beginners do, to measure puzzles.

A puzzle is hard when the habits a beginner falls back on fail it, so each habit
here is one such reflex, kept deliberately simple:

- `biggest-capture`: take whatever captures the most table cards; with nothing to
  take, trail the lowest card.
- `pair-first`: look first for a card of the same rank to pair; else as above.
- `trail-lowest`: lay the lowest card down whenever that is allowed.
- `never-build`: the counting player's judgement (level 3) with builds left out,
  the habit of a player who plays well but does not trust builds.

A habit (like a computer level) gives a *shortlist*: the moves it cannot tell apart
and would pick among at random. The chance it solves a puzzle at the first try is
the share of its shortlist that the puzzle accepts, which is exact and needs no seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine.moves import BUILD, CAPTURE, TRAIL, Move
from engine.players import counting, greedy
from engine.players.view import PlayerView

Shortlist = Callable[[PlayerView], tuple[Move, ...]]


def _top(moves: Sequence[Move], key: Callable[[Move], float]) -> tuple[Move, ...]:
    """The moves tied for the highest `key` (all of them for an empty key range)."""
    if not moves:
        return ()
    scores = [key(m) for m in moves]
    best = max(scores)
    return tuple(m for m, s in zip(moves, scores, strict=True) if s == best)


def _lowest_trail(moves: Sequence[Move]) -> tuple[Move, ...]:
    trails = [m for m in moves if m.kind is TRAIL]
    return _top(trails, lambda m: -m.card.rank)


def biggest_capture(view: PlayerView) -> tuple[Move, ...]:
    moves = list(view.legal_moves())
    captures = [m for m in moves if m.kind is CAPTURE]
    if captures:
        return _top(captures, lambda m: len(m.taken_cards))
    return _lowest_trail(moves) or tuple(moves)


def pair_first(view: PlayerView) -> tuple[Move, ...]:
    moves = list(view.legal_moves())
    pairs = [m for m in moves if m.kind is CAPTURE
             and any(c.rank == m.card.rank for c in m.loose)]
    if pairs:
        return _top(pairs, lambda m: len(m.taken_cards))
    return biggest_capture(view)


def trail_lowest(view: PlayerView) -> tuple[Move, ...]:
    return _lowest_trail(list(view.legal_moves())) or biggest_capture(view)


def never_build(view: PlayerView) -> tuple[Move, ...]:
    judged = [a for a in counting.assess_all(view) if a.move.kind is not BUILD]
    if not judged:  # only builds are legal (a controller who may not trail)
        return tuple(view.legal_moves())
    return _top([a.move for a in judged], {a.move: a.total for a in judged}.__getitem__)


def level_random(view: PlayerView) -> tuple[Move, ...]:
    return tuple(view.legal_moves())


def level_greedy(view: PlayerView) -> tuple[Move, ...]:
    moves = list(view.legal_moves())
    return _top(moves, lambda m: greedy.greedy_score(view, m))


def level_counting(view: PlayerView) -> tuple[Move, ...]:
    judged = counting.assess_all(view)
    return _top([a.move for a in judged], {a.move: a.total for a in judged}.__getitem__)


HABITS: Final[dict[str, Shortlist]] = {
    "biggest-capture": biggest_capture,
    "pair-first": pair_first,
    "trail-lowest": trail_lowest,
    "never-build": never_build,
}

LEVELS: Final[dict[str, Shortlist]] = {
    "level-1": level_random,
    "level-2": level_greedy,
    "level-3": level_counting,
}

PLAYERS: Final[dict[str, Shortlist]] = {**HABITS, **LEVELS}


def first_try(view: PlayerView, accepted: frozenset[Move]) -> dict[str, float]:
    """Each habit's and level's chance of playing an accepted move at the first try."""
    out: dict[str, float] = {}
    for name, shortlist in PLAYERS.items():
        picks = shortlist(view)
        out[name] = sum(1 for m in picks if m in accepted) / len(picks) if picks else 0.0
    return out
