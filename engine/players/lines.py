"""Line puzzles proved exactly: which moves keep a goal over several turns reachable.

A line puzzle is an end of a hand with every card known (the stock is empty and the
other seat's hand is given), and a goal that is decided over the line of play, not by
one move: win the last cards, take a given card before the hand ends, leave the other
seat no sweep over its next two turns, make a build and take it, score at least N
points this hand, or outscore the other side this hand.

The search is the solver's (engine/players/solver.py: the same `Sim`, the same
greedy move order so the first refutation found is the natural one), but it asks a
yes-or-no question: can the learner (seat 0) force the goal against every defence?
A learner move is *accepted* exactly when the goal stays forcible after it; every
other move has a *refutation*, the first reply in the solver's order after which the
goal can no longer be forced. Hands are small at the end of a hand, so the search is
exhaustive, with a table of positions already decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

from engine.cards import Card
from engine.moves import BUILD, CAPTURE, Move
from engine.players.sim import Sim
from engine.players.solver import ordered
from engine.position import Build
from engine.rules import Rules

LEARNER: Final = 0
OTHER: Final = 1
GOAL_KINDS: Final = ("last-cards", "take-card", "no-sweep", "build-and-take", "score",
                     "outscore")
SWEEP_TURNS: Final = 2  # "no sweep over two turns": the other seat's next two plays


@dataclass(frozen=True, slots=True)
class LineGoal:
    """What the learner must force over the rest of the line."""

    kind: str
    card: Card | None = None  # take-card
    points: int = 0           # score

    def __post_init__(self) -> None:
        if self.kind not in GOAL_KINDS:
            raise ValueError(f"unknown line goal {self.kind!r}; goals: {', '.join(GOAL_KINDS)}")
        if self.kind == "take-card" and self.card is None:
            raise ValueError("take-card needs a card")


@dataclass(frozen=True, slots=True)
class Track:
    """What the goal needs to remember of the line so far."""

    built: bool = False        # the learner has made a build
    took_own: bool = False     # ...and later captured one it controls
    other_turns: int = 0       # plays the other seat has made
    other_swept: bool = False  # the other seat swept in a counted turn


def line_sim(rules: Rules, loose: tuple[Card, ...], builds: tuple[Build, ...],
             mine: tuple[Card, ...], theirs: tuple[Card, ...],
             piles: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ()),
             last_capturer: int | None = None) -> Sim:
    """The two-seat end of a hand with the learner (seat 0) to play and the stock empty."""
    return Sim(rules, 2, OTHER, LEARNER, tuple(sorted(loose)), builds,
               (tuple(sorted(mine)), tuple(sorted(theirs))), (),
               (tuple(sorted(piles[0])), tuple(sorted(piles[1]))), (0, 0), last_capturer)


def advance(sim: Sim, track: Track, move: Move) -> tuple[Sim, Track]:
    """Play `move` (legal for the seat to move) and update what the goal remembers."""
    seat = sim.to_move
    after = sim.play(move)
    if seat == LEARNER:
        if move.kind is BUILD:
            track = replace(track, built=True)
        elif (move.kind is CAPTURE and track.built
              and any(b.controller == LEARNER for b in move.builds)):
            track = replace(track, took_own=True)
    else:
        swept = after.sweeps[OTHER] > sim.sweeps[OTHER]
        counted = track.other_turns < SWEEP_TURNS
        track = replace(track, other_turns=track.other_turns + 1,
                        other_swept=track.other_swept or (swept and counted))
    return after, track


def hand_points(sim: Sim) -> tuple[int, int]:
    """Both sides' points for the hand, once it is over (residue included)."""
    points = sim.expected_points()
    return round(points[LEARNER]), round(points[OTHER])


def status(goal: LineGoal, sim: Sim, track: Track) -> bool | None:
    """True once the goal is met, False once it cannot be, None while still open."""
    kind = goal.kind
    if kind == "take-card":
        if goal.card in sim.piles[LEARNER]:
            return True
        return False if sim.hand_over or goal.card in sim.piles[OTHER] else None
    if kind == "no-sweep":
        if track.other_swept:
            return False
        return True if track.other_turns >= SWEEP_TURNS or sim.hand_over else None
    if kind == "build-and-take":
        if track.took_own:
            return True
        return False if sim.hand_over else None
    if not sim.hand_over:
        return None
    if kind == "last-cards":
        return sim.last_capturer == LEARNER
    mine, theirs = hand_points(sim)
    if kind == "score":
        return mine >= goal.points
    return mine > theirs  # outscore


@dataclass
class LineSolver:
    """The exact yes-or-no search for one goal, with its table of decided positions."""

    goal: LineGoal
    nodes: int = 0
    _table: dict[tuple[Sim, Track], bool] = field(default_factory=dict)
    _sure: dict[tuple[Sim, Track], bool] = field(default_factory=dict)

    def forcible(self, sim: Sim, track: Track = Track()) -> bool:
        """Can the learner force the goal from here, whatever the other seat plays?"""
        decided = status(self.goal, sim, track)
        if decided is not None:
            return decided
        key = (sim, track)
        found = self._table.get(key)
        if found is not None:
            return found
        self.nodes += 1
        moves = ordered(sim)
        if sim.to_move == LEARNER:
            result = any(self.forcible(*advance(sim, track, m)) for m in moves)
        else:
            result = all(self.forcible(*advance(sim, track, m)) for m in moves)
        self._table[key] = result
        return result

    def sure(self, sim: Sim, track: Track = Track()) -> bool:
        """Is the goal met whatever either seat plays from here?"""
        decided = status(self.goal, sim, track)
        if decided is not None:
            return decided
        key = (sim, track)
        found = self._sure.get(key)
        if found is None:
            found = self._sure[key] = all(self.sure(*advance(sim, track, m))
                                          for m in ordered(sim))
        return found

    def refutation(self, sim: Sim, track: Track, move: Move) -> Move | None:
        """The solver's reply to the learner's `move` after which the goal can no longer
        be forced (the first such in its order), or None when no reply is needed: the
        move already decides the goal against the learner or it is the learner's turn."""
        after, after_track = advance(sim, track, move)
        if status(self.goal, after, after_track) is not None or after.to_move == LEARNER:
            return None
        for reply in ordered(after):
            if not self.forcible(*advance(after, after_track, reply)):
                return reply
        return None

    def turn(self, sim: Sim, track: Track = Track()) -> LearnerTurn:
        """The learner's turn judged: every accepted move, every other one refuted."""
        accepted: list[Move] = []
        refuted: dict[Move, Move | None] = {}
        for move in ordered(sim):
            if self.forcible(*advance(sim, track, move)):
                accepted.append(move)
            else:
                refuted[move] = self.refutation(sim, track, move)
        return LearnerTurn(sim, track, tuple(accepted), refuted)

    def defence(self, sim: Sim, track: Track) -> Move:
        """The other seat's reply on the main line: of the replies (all of which leave
        the goal forcible, since the learner played an accepted move), the one that
        leaves the learner the fewest accepted moves next, so the line stays a test."""
        best: tuple[int, int] | None = None
        choice = ordered(sim)[0]
        for index, reply in enumerate(ordered(sim)):
            after, after_track = advance(sim, track, reply)
            if status(self.goal, after, after_track) is not None or after.to_move != LEARNER:
                score = (10_000, index)
            else:
                turn = self.turn(after, after_track)
                score = (len(turn.accepted) if turn.refuted else 10_000, index)
            if best is None or score < best:
                best, choice = score, reply
        return choice


@dataclass(frozen=True)
class LearnerTurn:
    sim: Sim
    track: Track
    accepted: tuple[Move, ...]
    refuted: dict[Move, Move | None]


@dataclass(frozen=True)
class MainLine:
    """The line a puzzle shows: each learner turn judged, and the other seat's answers
    (`replies[i]` follows the learner's move at `turns[i]`; None when the goal was
    decided or the other seat had no card left)."""

    turns: tuple[LearnerTurn, ...]
    played: tuple[Move, ...]
    replies: tuple[Move | None, ...]


def main_line(solver: LineSolver, sim: Sim, choices: tuple[Move, ...] = ()) -> MainLine | None:
    """The line from `sim`: at each learner turn the move given in `choices` (or the
    first accepted one), the other seat answering with `defence`, until the goal is
    sure whatever anyone plays. None if the goal cannot be forced at the start, or a
    move given in `choices` is not accepted."""
    track = Track()
    if not solver.forcible(sim, track):
        return None
    turns: list[LearnerTurn] = []
    played: list[Move] = []
    replies: list[Move | None] = []
    while not solver.sure(sim, track) and not sim.hand_over:
        if sim.to_move != LEARNER:  # the learner is out of cards: the rest is forced
            sim, track = advance(sim, track, solver.defence(sim, track))
            continue
        turn = solver.turn(sim, track)
        index = len(turns)
        move = choices[index] if index < len(choices) else turn.accepted[0]
        if move not in turn.accepted:
            return None
        turns.append(turn)
        played.append(move)
        sim, track = advance(sim, track, move)
        reply: Move | None = None
        if status(solver.goal, sim, track) is None and sim.to_move != LEARNER \
                and not solver.sure(sim, track):
            reply = solver.defence(sim, track)
            sim, track = advance(sim, track, reply)
        replies.append(reply)
    return MainLine(tuple(turns), tuple(played), tuple(replies))
