"""Line puzzles on the Puzzles page without Streamlit: the learner's line is answered by
the solver's defence and ends in success; the tempting wrong move is answered by the
solver's refutation with the puzzle's own words; an illegal move is explained and may
be tried again; the first finished try is rated for the learner and the puzzle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import parse_attempt
from engine.players.lines import LineSolver
from tutorial_app.flows.line_play import LineController, replay, shipped_lines
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.words import words

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


@pytest.fixture
def ana(store: ProgressStore) -> Learner:
    return store.learner("Ana")


def page(store: ProgressStore, learner: Learner, memory: dict[str, Any]) -> LineController:
    return LineController(memory, shipped_lines(LESSONS), store, learner)


def test_the_right_line_ends_in_success(store: ProgressStore, ana: Learner) -> None:
    memory: dict[str, Any] = {}
    control = page(store, ana, memory)
    puzzle = control.puzzles[0]
    control.show(puzzle.id)
    for number, turn in enumerate(puzzle.turns):
        control.answer(parse_attempt(turn.play))
        view = control.screen()
        assert view is not None
        if number < len(puzzle.turns) - 1:
            assert view.work.outcome == "" and turn.reply is not None
            assert view.reply is not None and view.work.reply == turn.reply
    view = control.screen()
    assert view is not None and view.work.outcome == "solved"
    assert view.verdict == puzzle.success
    assert store.puzzle_ratings()[puzzle.id][2] == 1


def test_the_tempting_move_shows_the_refutation_and_why(store: ProgressStore,
                                                        ana: Learner) -> None:
    memory: dict[str, Any] = {}
    control = page(store, ana, memory)
    puzzle = control.puzzles[5]
    control.show(puzzle.id)
    control.answer(parse_attempt(puzzle.tempting))
    view = control.screen()
    assert view is not None and view.work.outcome == "failed"
    assert view.work.refutation == puzzle.tempting_reply
    sim, track = replay(puzzle, ())
    move = next(m for m in sim.legal_moves() if m.text == puzzle.tempting)
    reply = LineSolver(puzzle.goal).refutation(sim, track, move)
    assert reply is not None and view.verdict is not None
    assert words.move(reply) in view.verdict and puzzle.why in view.verdict
    rated = store.puzzle_ratings()[puzzle.id]
    control.again()
    control.answer(parse_attempt(puzzle.turns[0].play))
    assert store.puzzle_ratings()[puzzle.id] == rated  # a second try is not rated


def test_an_illegal_move_is_explained_and_may_be_tried_again(store: ProgressStore,
                                                             ana: Learner) -> None:
    memory: dict[str, Any] = {}
    control = page(store, ana, memory)
    puzzle = control.puzzles[0]
    control.show(puzzle.id)
    mine = replay(puzzle, ())[0].hands[0][0]
    control.answer(parse_attempt(f"{mine} x Kh Kd Kc Ks"))
    view = control.screen()
    assert view is not None and view.work.outcome == "" and view.work.illegal
    assert not view.work.illegal.legal  # the judge's verdict kept, worded when drawn
    control.answer(parse_attempt(puzzle.turns[0].play))
    assert control.screen() is not None
    assert control.screen().work.played[0] == puzzle.turns[0].play  # type: ignore[union-attr]


def test_hints_come_in_the_learners_words(store: ProgressStore, ana: Learner) -> None:
    control = page(store, ana, {})
    puzzle = control.puzzles[0]
    control.hint()
    control.hint()
    control.hint()
    view = control.screen()
    assert view is not None
    assert view.hints == puzzle.hints
    assert view.next_hint is None


def test_the_board_shows_the_learners_own_hand_after_every_move(store: ProgressStore,
                                                                 ana: Learner) -> None:
    """Once a line ends on the learner's move the other seat is to move: the board's
    "Your hand" used to show that seat's cards. Every puzzle, every turn: the hand on
    the board is the learner's (seat 0)."""
    memory: dict[str, Any] = {}
    control = page(store, ana, memory)
    for puzzle in control.puzzles:
        control.show(puzzle.id)
        for number, turn in enumerate(puzzle.turns):
            control.answer(parse_attempt(turn.play))
            view = control.screen()
            assert view is not None
            played = tuple(x for t in puzzle.turns[:number + 1]
                           for x in (t.play, t.reply) if x is not None)
            sim, _ = replay(puzzle, played)
            assert view.board.hand == sim.hands[0], (puzzle.id, number)
            assert view.board.seat == 0
