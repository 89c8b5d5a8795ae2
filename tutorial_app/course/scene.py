"""Facts about a position and a move that goals ask for, each computed once.

Validation asks every goal about every legal move of every step, so the
position's legal moves, the best capture count and each move's outcome and
points are cached here rather than recomputed by each goal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from engine import (
    CAPTURE,
    Build,
    Card,
    Move,
    Outcome,
    Position,
    Rules,
    Scoring,
    apply_move,
    legal_moves,
)
from engine.movegen import LegalMoves
from engine.scoring import card_points


class Scene:
    """One position, with what goals need to know about it."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self._trials: dict[Move, Trial] = {}

    @cached_property
    def moves(self) -> LegalMoves:
        return legal_moves(self.position)

    @cached_property
    def most_taken(self) -> int:
        """The most table cards any legal move takes."""
        return max((len(m.taken_cards) for m in self.moves), default=0)

    @cached_property
    def best_points(self) -> int:
        return max((self.trial(m).points for m in self.moves), default=0)

    def trial(self, move: Move) -> Trial:
        found = self._trials.get(move)
        if found is None:
            found = self._trials[move] = Trial(self, move)
        return found


@dataclass(eq=False)
class Trial:
    """One legal move looked at in its scene."""

    scene: Scene
    move: Move

    @property
    def position(self) -> Position:
        return self.scene.position

    @cached_property
    def outcome(self) -> Outcome:
        return apply_move(self.position, self.move)

    @property
    def taken(self) -> tuple[Card, ...]:
        return self.move.taken_cards

    @cached_property
    def scored(self) -> tuple[tuple[str, int], ...]:
        """What the move wins, item by item: ('A♣', 1), ('sweep', 1)..."""
        if self.move.kind != CAPTURE:
            return ()
        rules = self.position.rules
        items: list[tuple[str, int]] = []
        for card in sorted(self.outcome.captured):
            worth = card_points(card, rules.scoring is Scoring.SPADES)
            if worth:
                items.append((card.pretty, worth))
        if self.outcome.sweep and rules.sweep_value:
            items.append(("sweep", rules.sweep_value))
        return tuple(items)

    @property
    def points(self) -> int:
        return sum(worth for _, worth in self.scored)

    @cached_property
    def sweep_threat(self) -> int | None:
        """A rank whose card could take the whole table after this move, if any."""
        after = self.outcome.position
        if after.table_empty:
            return None
        seen = frozenset((*after.table_cards, *self.position.hand))
        return _sweeping_rank(after.loose, after.builds, seen,
                              (self.position.seat + 1) % self.position.players,
                              self.position.players, after.rules)

    @cached_property
    def blind_sweep_threat(self) -> int | None:
        """`sweep_threat` with no card in sight: a move safe by this measure is safe
        without counting; one safe only by `sweep_threat` rests on the four cards of a
        rank being accounted for (rule 1.1)."""
        after = self.outcome.position
        if after.table_empty:
            return None
        return _sweeping_rank(after.loose, after.builds, frozenset(),
                              (self.position.seat + 1) % self.position.players,
                              self.position.players, after.rules)




@lru_cache(maxsize=8192)
def _sweeping_rank(loose: tuple[Card, ...], builds: tuple[Build, ...], seen: frozenset[Card],
                   seat: int, players: int, rules: Rules) -> int | None:
    """Ask the engine, for each rank, whether one unseen card of it could take everything."""
    count = len(loose) + sum(len(b.cards) for b in builds)
    for rank in range(1, 14):
        unseen = [Card(rank, s) for s in "shdc" if Card(rank, s) not in seen]
        if not unseen:
            continue
        probe = Position(loose=loose, builds=builds, hand=(unseen[0],), seat=seat,
                         players=players, rules=rules)
        if any(m.kind == CAPTURE and len(m.taken_cards) == count for m in legal_moves(probe)):
            return rank
    return None
