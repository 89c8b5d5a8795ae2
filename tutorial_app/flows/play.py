"""The Play page's logic: a game against computer players (plain Python, no Streamlit).

The learner always sits at seat 0; every other seat is a computer player of
the level chosen for it (with four players seat 2 is the learner's partner).
A `Game` is the `Setup` (players, levels, rules, seed) plus the engine's
immutable `GameState`; it is saved as JSON (`Game.to_json`) holding the
state's own `to_json` (settings, seed and moves), so a reloaded page rebuilds
exactly the same game. Computer moves draw their randomness from a
`random.Random` seeded by the game's seed and the move number, so a replayed
game makes the same computer moves.

Everything a page shows about the game in words is made here, through the
course's translation lookup `t()`: seat and side names, the log, the score
breakdown, the winner, the step-by-step replay of a finished hand with
every hand shown, and the coach's review of the learner's moves in it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final

from engine import (
    PRESETS,
    Attempt,
    CassinoError,
    Move,
    Position,
    Rules,
    Verdict,
    check,
)
from engine.advice import Review, review
from engine.game import GameState, HandResult, new_game
from engine.players import LEVELS, choose_move, view_of
from engine.scoring import ITEMS
from tutorial_app.course import words
from tutorial_app.course.i18n import count, t

YOU: Final = 0
TARGETS: Final = ("11", "21", "31", "61", "hand")
DEFAULT_LEVEL: Final = 2
RECORD_VERSION: Final = 1
MAX_RECORD: Final = 200_000  # characters: a saved game is a few kilobytes


class SavedGameError(ValueError):
    """A saved game (from the store) that cannot be rebuilt."""


# ----- setting up ----------------------------------------------------------------------


def make_rules(preset: str, settings: Mapping[str, str] | None = None,
               target: str | None = None) -> Rules:
    """A preset, then individual settings, then the target (RULES.md 10.4).

    Raises `CassinoError` (a ValueError) for a combination the rules forbid,
    e.g. `ace_high=true` without royal values."""
    if preset not in PRESETS:
        raise CassinoError(f"unknown rules preset {preset!r}")
    changes = dict(settings or {})
    if target is not None:
        changes["target"] = target
    return PRESETS[preset].with_settings(changes) if changes else PRESETS[preset]


def target_text(rules: Rules) -> str:
    """The rules' target as one of TARGETS."""
    return "hand" if rules.target is None else str(rules.target)


@dataclass(frozen=True, slots=True)
class Setup:
    """What the set-up form chose: players, one level per computer seat, rules, seed."""

    players: int = 2
    levels: tuple[int, ...] = (DEFAULT_LEVEL,)
    rules: Rules = PRESETS["classic"]
    seed: int = 1

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise SavedGameError(f"Cassino is played by 2, 3 or 4 players, not {self.players}")
        if len(self.levels) != self.players - 1:
            raise SavedGameError(f"{self.players} players need {self.players - 1} computer "
                                 f"level(s), not {len(self.levels)}")
        for level in self.levels:
            if level not in LEVELS:
                raise SavedGameError(f"no computer player of level {level}")

    def level(self, seat: int) -> int | None:
        """The computer level at a seat; None for the learner's own seat."""
        return None if seat == YOU else self.levels[seat - 1]

    @property
    def first_dealer(self) -> int:
        """The seat on the learner's right deals first, so the learner leads hand 1 (2.4)."""
        return self.players - 1

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "levels": list(self.levels),
                "rules": self.rules.text, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        return cls(int(data["players"]), tuple(int(x) for x in data["levels"]),
                   Rules.parse(str(data["rules"])), int(data["seed"]))


def levels_for(players: int, chosen: Mapping[int, int]) -> tuple[int, ...]:
    """One level per computer seat 1..players-1, from the form (missing: the default)."""
    return tuple(int(chosen.get(seat, DEFAULT_LEVEL)) for seat in range(1, players))


def computer_rng(seed: int, ply: int) -> random.Random:
    """The computer's randomness for move number `ply` of the game (explicitly seeded)."""
    return random.Random(f"cassino-play:{seed}:{ply}")


# ----- the game ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Game:
    setup: Setup
    state: GameState

    @classmethod
    def start(cls, setup: Setup) -> Game:
        state = new_game(setup.players, setup.rules, setup.seed, setup.first_dealer)
        return cls(setup, state)

    # ----- facts ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def hand_over(self) -> bool:
        return self.state.hand_over

    @property
    def in_play(self) -> bool:
        return not self.state.hand_over and not self.state.over

    @property
    def your_turn(self) -> bool:
        return self.in_play and self.state.to_move == YOU

    @property
    def computer_turn(self) -> bool:
        return self.in_play and self.state.to_move != YOU

    @property
    def ply(self) -> int:
        """How many moves the game has had (the next move's number, from 0)."""
        return len(self.state.moves)

    def position(self) -> Position:
        """The learner's view: their own hand and the table."""
        return self.state.position(YOU)

    # ----- moving --------------------------------------------------------------------

    def attempt(self, attempt: Attempt | str) -> tuple[Game, Verdict]:
        """The learner's try: the judge's verdict, and the game after it when legal."""
        if not self.your_turn:
            return self, Verdict(False, "not-your-turn", t("play.not_your_turn"))
        verdict = check(self.state.position(), attempt)
        if not verdict.legal or verdict.move is None:
            return self, verdict
        return replace(self, state=self.state.play(verdict.move)), verdict

    def computer_move(self) -> Move:
        """The move the computer at the seat to move makes now."""
        seat = self.state.to_move
        level = self.setup.level(seat)
        if level is None or not self.in_play:
            raise CassinoError("it is not a computer player's turn")
        return choose_move(level, view_of(self.state, seat), computer_rng(self.setup.seed,
                                                                          self.ply))

    def advance(self) -> Game:
        """Play one computer move (the page shows them one at a time)."""
        return replace(self, state=self.state.play(self.computer_move()))

    def next_hand(self) -> Game:
        return replace(self, state=self.state.next_hand())

    # ----- saving ----------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps({"version": RECORD_VERSION, "setup": self.setup.to_dict(),
                           "game": json.loads(self.state.to_json())})

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a saved game; raises SavedGameError with the reason when it cannot."""
        if len(text) > MAX_RECORD:
            raise SavedGameError("the saved game is too long")
        try:
            data = json.loads(text)
            setup = Setup.from_dict(data["setup"])
            saved = data["game"]
            if (int(saved["players"]) != setup.players or int(saved["seed"]) != setup.seed
                    or Rules.parse(str(saved["rules"])) != setup.rules):
                raise SavedGameError("the saved game does not match its settings")
            state = GameState.from_json(json.dumps(saved))
        except SavedGameError:
            raise
        except (CassinoError, ValueError, KeyError, TypeError) as error:
            raise SavedGameError(f"the saved game cannot be rebuilt: {error}") from None
        return cls(setup, state)


# ----- names ---------------------------------------------------------------------------


def seat_name(seat: int, players: int) -> str:
    """'You', 'Seat 1', 'Seat 2 (your partner)'."""
    if seat == YOU:
        return t("play.you")
    if players == 4 and seat == 2:
        return t("play.partner", seat=seat)
    return t("play.seat", seat=seat)


def side_name(side: int, players: int) -> str:
    """A scoring side: a seat, or a partnership with four players (2.1)."""
    if players == 4:
        return t("play.side.yours") if side == 0 else t("play.side.theirs")
    return seat_name(side, players)


def pile_caption(side: int, players: int) -> str:
    """A short caption for a side's captured pile (it is drawn under the stack)."""
    if players == 4:
        return t("play.pile.yours_team") if side == 0 else t("play.pile.theirs_team")
    return t("play.pile.yours") if side == YOU else t("play.pile.of", seat=side)


def cards_held(n: int) -> str:
    return t("play.holds", cards=count(n, "card"))


def level_name(level: int) -> str:
    """The level's description, e.g. 'greedy: takes the most points and cards now'."""
    return t(f"play.level.{level}")


def level_tag(level: int) -> str:
    """A short label, e.g. 'Level 2 · greedy'."""
    return t("play.level_tag", n=level, name=t(f"play.level_short.{level}"))


def item_label(item: str) -> str:
    """A score item's words (scoring's own labels, through the translation lookup)."""
    return t(f"play.item.{item}")


def winner_text(game: Game) -> str:
    winner = game.state.winner
    if winner is None:
        return ""
    if winner == game.state.side_of(YOU):
        return t("play.you_win_team") if game.setup.players == 4 else t("play.you_win")
    return t("play.they_win", who=side_name(winner, game.setup.players))


def deal_text(state: GameState) -> str:
    """'deal 2 of 6', or 'deal 6 of 6, the last' (2.3)."""
    key = "play.deal_last" if state.last_deal else "play.deal_of"
    return t(key, n=state.deal_number, total=state.deals_per_hand)


def rules_text(rules: Rules) -> str:
    target = (t("play.goal.hand") if rules.target is None
              else t("play.goal.points", n=rules.target))
    named = " ".join(w for w in rules.text.split() if not w.startswith("target="))
    return t("play.rules_line", rules=named, target=target)


# ----- the log ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log in the learner's words."""

    hand: int
    kind: str  # "deal" | "move" | "residue" | "score"
    seat: int | None
    text: str
    ply: int | None = None  # the move's number in the game, for moves
    computer: bool = False


def log_lines(game: Game, hand: int | None = None) -> list[LogLine]:
    """The log (of one hand, or all of it), every line worded for the learner."""
    state = game.state
    players = game.setup.players
    lines: list[LogLine] = []
    ply = 0
    for entry in state.log:
        number = ply if entry.kind == "move" else None
        if entry.kind == "move":
            ply += 1
        if hand is not None and entry.hand != hand:
            continue
        who = seat_name(entry.seat, players) if entry.seat is not None else ""
        if entry.kind == "move" and entry.move is not None:
            text = t("play.log.move", who=who, move=words.move(entry.move))
            if entry.sweep:
                text += t("play.log.sweep")
        elif entry.kind == "deal":
            last = entry.deal == state.deals_per_hand
            text = (t("play.log.hand", n=entry.hand) if entry.deal == 1 else
                    t("play.log.deal_last" if last else "play.log.deal", n=entry.deal))
        elif entry.kind == "residue":
            text = t("play.log.residue", who=who, cards=" ".join(c.pretty for c in entry.captured))
        else:
            text = t("play.log.score", n=entry.hand)
        lines.append(LogLine(entry.hand, entry.kind, entry.seat, text, number,
                             entry.kind == "move" and entry.seat != YOU))
    return lines


def since_your_move(game: Game) -> list[LogLine]:
    """The learner's last move in this hand and every computer move after it, oldest
    first: what happened since the learner last played."""
    recent: list[LogLine] = []
    for line in log_lines(game, game.state.hand_number):
        if line.kind != "move":
            continue
        if line.computer:
            recent.append(line)
        else:
            recent = [line]
    return recent


# ----- scores ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A hand's score as a table: one column per side, one row per item."""

    hand: int
    sides: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]

    def as_columns(self, first: str) -> dict[str, list[object]]:
        """For a data frame: the row labels under `first`, then one column per side."""
        columns: dict[str, list[object]] = {first: [label for label, _ in self.rows]}
        for i, side in enumerate(self.sides):
            columns[side] = [values[i] for _, values in self.rows]
        return columns


def breakdown(result: HandResult, players: int) -> Breakdown:
    sides = tuple(side_name(s.side, players) for s in result.scores)
    rows: list[tuple[str, tuple[int, ...]]] = [
        (t("play.row.cards_taken"), tuple(s.card_count for s in result.scores)),
        (t("play.row.spades_taken"), tuple(s.spade_count for s in result.scores)),
    ]
    rows += [(item_label(item), tuple(s.item(item) for s in result.scores)) for item in ITEMS]
    rows.append((t("play.row.hand_points"), tuple(s.total for s in result.scores)))
    rows.append((t("play.row.game_total"), result.totals))
    return Breakdown(result.hand, sides, tuple(rows))


# ----- replaying -------------------------------------------------------------------------


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
    """The finished hand `hand` step by step: the first deal, then after every move."""
    plies = [p for p in game_plies(game) if p.hand == hand]
    if not plies:
        return ()
    players = game.setup.players
    frames = [Frame(plies[0].before, None, t("play.replay.start", n=hand))]
    for ply in plies:
        note = t("play.log.move", who=seat_name(ply.seat, players), move=words.move(ply.move))
        if ply.sweep:
            note += t("play.log.sweep")
        if ply.after.deal_number != ply.before.deal_number:
            note += t("play.replay.new_deal", n=ply.after.deal_number)
        if ply.after.hand_over:
            note += t("play.replay.hand_end")
        frames.append(Frame(ply.after, ply, note))
    return tuple(frames)
