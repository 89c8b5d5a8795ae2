"""A game played again move by move: the replay of a finished hand with every
hand shown, the state before any move (to explain it), and the coach's review
of the learner's moves in a hand (plain Python, no Streamlit).

Replays and reviews are worked out once per game record and remembered
(`lru_cache` on the immutable setup and moves), since a page asks for them on
every run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine import Move, Position
from engine.advice import Review, review
from engine.game import GameState, new_game
from tutorial_app.flows.play.game import YOU, Game, Setup
from tutorial_app.flows.play.words import seat_name
from tutorial_app.words import words
from tutorial_app.words.i18n import t


@dataclass(frozen=True, slots=True)
class Ply:
    """One move of the game with the states around it (every hand known)."""

    number: int
    hand: int
    seat: int
    move: Move
    before: GameState
    after: GameState

    @property
    def sweep(self) -> bool:
        return self.after.log[len(self.before.log)].sweep


def replay(setup: Setup, moves: Sequence[Move]) -> tuple[Ply, ...]:
    """Play the game again from its seed, move by move (starting each new hand)."""
    state = new_game(setup.players, setup.rules, setup.seed, setup.first_dealer)
    plies: list[Ply] = []
    for number, move in enumerate(moves):
        if state.hand_over and not state.over:
            state = state.next_hand()
        after = state.play(move)
        plies.append(Ply(number, state.hand_number, state.to_move, move, state, after))
        state = after
    return tuple(plies)


@lru_cache(maxsize=16)
def _replay_cached(setup: Setup, moves: tuple[Move, ...]) -> tuple[Ply, ...]:
    return replay(setup, moves)


def game_plies(game: Game) -> tuple[Ply, ...]:
    return _replay_cached(game.setup, tuple(game.state.moves))


def state_before(game: Game, ply: int) -> GameState:
    """The game as it stood just before move number `ply`."""
    return game_plies(game)[ply].before


def coach_notes(game: Game, hand: int) -> dict[int, Review]:
    """The learner's moves in `hand` that the coach would change, by move number.

    Each review runs the hint's search, so a hand's notes are worked out once:
    they are kept under the moves up to the end of that hand, which later moves
    do not change.
    """
    plies = [p for p in game_plies(game) if p.hand == hand]
    if not plies:
        return {}
    prefix = tuple(game.state.moves[: plies[-1].number + 1])
    return dict(_coach_notes(game.setup, prefix, hand))


@lru_cache(maxsize=32)
def _coach_notes(setup: Setup, moves: tuple[Move, ...], hand: int
                 ) -> tuple[tuple[int, Review], ...]:
    notes: list[tuple[int, Review]] = []
    for ply in _replay_cached(setup, moves):
        if ply.hand == hand and ply.seat == YOU:
            found = review(ply.before, ply.move)
            if found is not None:
                notes.append((ply.number, found))
    return tuple(notes)


def frame_before(game: Game, hand: int, ply: int) -> int:
    """The replay frame of `hand` that shows the table just before move `ply`."""
    numbers = [p.number for p in game_plies(game) if p.hand == hand]
    return numbers.index(ply)


def table_position(state: GameState) -> Position:
    """Just the table of a state (for pictures)."""
    return Position(loose=state.loose, builds=state.builds, players=state.players,
                    rules=state.rules)


def finished_hands(game: Game) -> list[int]:
    return [result.hand for result in game.state.results]


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of a replayed hand: the state (every hand shown) after `ply`,
    or at the first deal when `ply` is None."""

    state: GameState
    ply: Ply | None
    note: str


def hand_frames(game: Game, hand: int) -> tuple[Frame, ...]:
    """The finished hand `hand` step by step: the first deal, then after every move.
    A move that brings the next deal or ends the hand says so in one whole sentence of
    the catalogue (`play.replay.move_deal`, ...), each case its own entry."""
    plies = [p for p in game_plies(game) if p.hand == hand]
    if not plies:
        return ()
    players = game.setup.players
    frames = [Frame(plies[0].before, None, t("play.replay.start", n=hand))]
    for ply in plies:
        who, move = seat_name(ply.seat, players), words.move(ply.move)
        sweep = "_sweep" if ply.sweep else ""
        if ply.after.hand_over:  # the hand's last move: no deal follows it (2.3)
            note = t(f"play.replay.move{sweep}_end", who=who, move=move)
        elif ply.after.deal_number != ply.before.deal_number:
            note = t(f"play.replay.move{sweep}_deal", who=who, move=move,
                     n=ply.after.deal_number)
        else:
            note = t(f"play.log.move{sweep}", who=who, move=move)
        frames.append(Frame(ply.after, ply, note))
    return tuple(frames)
