"""Find line puzzles in seeded random ends of hands, for an author to write up.

Each candidate is a two-seat end of a hand (2-4 cards each, the stock empty, every
other card in the two piles) and a goal that the learner can force but not by any
first move: few first moves are accepted, the line lasts 2-4 learner moves, and a
beginner's habit plays a refuted first move (the *tempting* one, whose refutation the
learner is shown). `find` returns them as YAML mappings with the line, the accepted
sets and the refutation filled in by the solver; the words (prompt, hints, success,
why) are the author's to write, in English; their translations go in the lessons
catalogues (`make i18n`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Final

from engine.cards import Card, full_deck
from engine.moves import Move
from engine.players import habits
from engine.players.lines import LEARNER, LineGoal, LineSolver, line_sim, main_line
from engine.players.sim import Sim
from engine.rules import Rules
from tutorial_app.course.puzzles.line_puzzles import MAX_TURNS, MIN_TURNS, goal_data

TEMPTERS: Final = ("biggest-capture", "pair-first", "level-2", "never-build")
BIG_CASINO: Final = Card(10, "d")
LITTLE_CASINO: Final = Card(2, "s")


def _deal(rng: random.Random, counting: bool) -> Sim:
    deck = list(full_deck())
    rng.shuffle(deck)
    size = rng.choice((2, 3, 3, 4) if not counting else (2, 3, 3))
    mine, theirs = tuple(deck[:size]), tuple(deck[size:2 * size])
    table = rng.randint(2, 6)
    loose = tuple(deck[2 * size:2 * size + table])
    rest = deck[2 * size + table:]
    cut = rng.randint(len(rest) // 3, 2 * len(rest) // 3)
    # Only a points goal reads the piles; the other goals' puzzles leave them out.
    piles = (tuple(rest[:cut]), tuple(rest[cut:])) if counting else ((), ())
    return line_sim(Rules(), loose, (), mine, theirs, piles, rng.choice((0, 1)))


def _goals(sim: Sim, counting: bool) -> Iterator[LineGoal]:
    if counting:
        yield LineGoal("outscore")
        best = _best_score(sim)
        if best is not None and best >= 3:
            yield LineGoal("score", points=best)
        return
    yield LineGoal("last-cards")
    yield LineGoal("no-sweep")
    yield LineGoal("build-and-take")
    for card in sim.loose:
        if card in (BIG_CASINO, LITTLE_CASINO) or card.rank == 1:
            yield LineGoal("take-card", card=card)


def _best_score(sim: Sim) -> int | None:
    """The most points this hand the learner can force (None if not even 1)."""
    best = None
    for points in range(1, 12):
        if not LineSolver(LineGoal("score", points=points)).forcible(sim):
            break
        best = points
    return best


def _tempting(sim: Sim, refuted: dict[Move, Move | None]) -> Move | None:
    """The refuted first move most habits would play (ties: the solver's order)."""
    votes: Counter[Move] = Counter()
    view = sim.view(LEARNER)
    for name in TEMPTERS:
        picks = habits.PLAYERS[name](view)
        for move in picks:
            if move in refuted:
                votes[move] += 1
    if not votes:
        return None
    return max(votes, key=lambda m: (votes[m], refuted[m] is not None))


def candidate(sim: Sim, goal: LineGoal) -> dict[str, object] | None:
    solver = LineSolver(goal)
    line = main_line(solver, sim)
    if line is None or not MIN_TURNS <= len(line.turns) <= MAX_TURNS:
        return None
    first = line.turns[0]
    if len(first.accepted) > 2 or len(first.accepted) + len(first.refuted) < 3:
        return None
    if sum(1 for turn in line.turns if turn.refuted) < 2:
        return None  # a second decision, or it is a one-move puzzle in disguise
    tempting = _tempting(sim, first.refuted)
    if tempting is None or first.refuted[tempting] is None:
        return None
    return {
        "goal": goal_data(goal),
        "line": [{"accepted": sorted(m.text for m in turn.accepted), "play": played.text,
                  **({"reply": reply.text} if reply is not None else {})}
                 for turn, played, reply in zip(line.turns, line.played, line.replies,
                                                strict=True)],
        "tempting": {"move": tempting.text, "reply": first.refuted[tempting].text},  # type: ignore[union-attr]
    }


def find(count: int, seed: int, counting: bool, attempts: int = 4000) -> list[dict[str, object]]:
    rng = random.Random(seed)
    found: list[dict[str, object]] = []
    kinds: Counter[str] = Counter()
    per_kind = max(1, count // (2 if counting else 4) + 2)
    for _ in range(attempts):
        if len(found) >= count:
            break
        sim = _deal(rng, counting)
        for goal in _goals(sim, counting):
            if kinds[goal.kind] >= per_kind:
                continue
            data = candidate(sim, goal)
            if data is None:
                continue
            kinds[goal.kind] += 1
            found.append({**position_data(sim, counting), **data})
            break
    return found


def position_data(sim: Sim, counting: bool) -> dict[str, object]:
    capturer = {0: "me", 1: "them", None: "none"}[sim.last_capturer]
    data: dict[str, object] = {
        "table": " ".join(str(c) for c in sim.loose),
        "hand": " ".join(str(c) for c in sim.hands[0]),
        "their hand": " ".join(str(c) for c in sim.hands[1]),
        "last capturer": capturer}
    if counting:
        data["piles"] = {"mine": " ".join(str(c) for c in sim.piles[0]),
                         "theirs": " ".join(str(c) for c in sim.piles[1])}
        data["show piles"] = True
    return data
