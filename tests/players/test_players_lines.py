"""The line solver (engine/players/lines.py): on small ends of hands its accepted moves
are exactly those a plain, table-free minimax says keep the goal forcible, every other
first move's refutation leaves the goal unforcible, and worked cases come out right."""

from __future__ import annotations

import random

import pytest

from engine.cards import full_deck, parse_cards
from engine.players.lines import (
    LineGoal,
    LineSolver,
    Track,
    advance,
    line_sim,
    main_line,
    status,
)
from engine.players.sim import Sim
from engine.position import parse_table
from engine.rules import Rules

GOALS = [LineGoal("last-cards"), LineGoal("no-sweep"), LineGoal("build-and-take"),
         LineGoal("outscore"), LineGoal("score", points=4)]


def plain(goal: LineGoal, sim: Sim, track: Track) -> bool:
    """The same question without tables or move order: the reference."""
    decided = status(goal, sim, track)
    if decided is not None:
        return decided
    results = (plain(goal, *advance(sim, track, m)) for m in sim.legal_moves())
    return any(results) if sim.to_move == 0 else all(results)


def random_end(rng: random.Random) -> Sim:
    deck = list(full_deck())
    rng.shuffle(deck)
    size = rng.choice((1, 2, 2, 3))
    table = rng.randint(1, 4)
    rest = deck[2 * size + table:]
    cut = len(rest) // 2
    return line_sim(Rules(), tuple(deck[2 * size:2 * size + table]), (),
                    tuple(deck[:size]), tuple(deck[size:2 * size]),
                    (tuple(rest[:cut]), tuple(rest[cut:])), rng.choice((0, 1, None)))


@pytest.mark.parametrize("seed", range(12))
def test_accepted_moves_match_a_plain_minimax(seed: int) -> None:
    rng = random.Random(seed)
    sim = random_end(rng)
    for goal in GOALS:
        solver = LineSolver(goal)
        turn = solver.turn(sim)
        expected = {m for m in sim.legal_moves() if plain(goal, *advance(sim, Track(), m))}
        assert set(turn.accepted) == expected, (goal, sim)
        for move, reply in turn.refuted.items():
            after, track = advance(sim, Track(), move)
            if reply is not None:
                assert not plain(goal, *advance(after, track, reply))
            else:  # no reply needed: decided already, or the learner plays again
                assert status(goal, after, track) is False or after.to_move == 0 \
                    or not plain(goal, after, track)


def test_the_last_cards_need_the_last_capture() -> None:
    loose, _ = parse_table("5h 9c")
    sim = line_sim(Rules(), loose, (), parse_cards("5s Kd"), parse_cards("9d"), ((), ()), 1)
    solver = LineSolver(LineGoal("last-cards"))
    turn = solver.turn(sim)
    # 5♠ takes 5♥ now, but 9♦ then takes 9♣ last; trailing K♦ first keeps 5♠ for the end
    assert [m.text for m in turn.accepted] == ["Kd t"]
    five = next(m for m in turn.refuted if m.text == "5s x 5h")
    reply = turn.refuted[five]
    assert reply is not None and reply.text == "9d x 9c"
    line = main_line(solver, sim)
    assert line is not None and [m.text for m in line.played] == ["Kd t", "5s x 5h"]
    assert line.replies[0] is not None and line.replies[0].text == "9d x 9c"


def test_take_the_big_casino_before_the_hand_ends() -> None:
    loose, _ = parse_table("10d 4c 6h")
    sim = line_sim(Rules(), loose, (), parse_cards("10s 3h"), parse_cards("10c 2d"), ((), ()))
    solver = LineSolver(LineGoal("take-card", card=parse_cards("10d")[0]))
    assert solver.forcible(sim)
    accepted = {m.text for m in solver.turn(sim).accepted}
    assert accepted and all(text.startswith("10s x") for text in accepted)
