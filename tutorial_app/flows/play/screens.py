"""What the Play page draws, as data (plain Python, no Streamlit, no HTML).

`PlayController` (in `play`) returns these frozen dataclasses; the page draws
them and forwards clicks. Every text here is plain (the page escapes it), in
the learner's words through `t()`; seat and side names come from `words`.
The builders are pure functions of a `Game`; whatever depends on the page's
memory (a hint asked for, a "why" opened, the explanations worked out) is
passed in by the controller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from engine import Card, Position, Rules
from engine.advice import Review
from engine.game import GameState, LogKind
from tutorial_app.flows.page import Notice
from tutorial_app.flows.play import words as pw
from tutorial_app.flows.play.count import CountScreen
from tutorial_app.flows.play.game import Game
from tutorial_app.flows.play.replay import Frame
from tutorial_app.flows.play.words import Breakdown
from tutorial_app.words import i18n, words
from tutorial_app.words.i18n import t

V = TypeVar("V", int, str)


# ----- the set-up form ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options(Generic[V]):
    """A select's values and the words shown for each."""

    values: tuple[V, ...]
    labels: tuple[str, ...]

    def label(self, value: V) -> str:
        return self.labels[self.values.index(value)] if value in self.values else str(value)


@dataclass(frozen=True, slots=True)
class LevelPick:
    """One computer seat's level select: the seat's name is its label."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class SetupScreen:
    players: Options[int]
    seats: tuple[LevelPick, ...]
    levels: Options[int]
    default_level: int
    targets: Options[str]
    defaults: Rules  # the chosen preset's settings, where the setting selects start
    error: str | None  # why the last "Start" was refused


# ----- the game --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoachNote:
    """A clearly stronger move than the learner's, with both moves in words."""

    played: str
    better: str
    played_points: str
    better_points: str
    reason: str
    number: int | None = None  # the move's number within its hand (in a hand's review)


def coach_note(found: Review, number: int | None = None) -> CoachNote:
    return CoachNote(words.move(found.played, "noun"), words.move(found.better, "noun"),
                     i18n.number(found.played_value, 1, signed=True),
                     i18n.number(found.better_value, 1, signed=True),
                     words.said(found.said, found.reason), number)


@dataclass(frozen=True, slots=True)
class Header:
    facts: str  # hand, deal and rules in one line
    over: bool
    seed: str = ""  # shown only under "Advanced"


@dataclass(frozen=True, slots=True)
class Score:
    side: str
    total: int


@dataclass(frozen=True, slots=True)
class Seat:
    """Another player: name, level, how many cards they hold (face down)."""

    name: str
    level_tag: str
    level_name: str
    cards: int
    status: str
    to_play: bool


@dataclass(frozen=True, slots=True)
class Stacks:
    """Face-down stacks by caption (captured piles, the stock) and a caption line."""

    counts: tuple[tuple[str, int], ...]
    caption: str = ""


@dataclass(frozen=True, slots=True)
class HintShown:
    move: str
    reason: str


@dataclass(frozen=True, slots=True)
class LearnerSide:
    """The table, the learner's hand and what is said under it."""

    position: Position
    your_turn: bool
    hand_title: str
    notice: Notice | None
    coach: CoachNote | None
    coach_failed: bool
    hint: HintShown | None  # None: the Hint button (when it is the learner's turn)


@dataclass(frozen=True, slots=True)
class Said:
    """A move in words and, for a computer move, why it was made; for the learner's
    move, once the computer has played after it, the coach's note on it."""

    text: str
    reason: str = ""
    coach: CoachNote | None = None


@dataclass(frozen=True, slots=True)
class ComputerPanel:
    waiting_for: str | None  # the computer seat to play next, by name
    your_turn: bool
    coach_on: bool
    recent: tuple[Said, ...]  # the learner's last move and the computer's since


@dataclass(frozen=True, slots=True)
class LogRow:
    text: str
    move: bool
    why_ply: int | None  # a computer move's number: it has a "Why?" button
    reason: str | None  # shown when its "Why?" is open


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    ply: int
    frame: int  # the replay frame showing the table just before it
    note: CoachNote


@dataclass(frozen=True, slots=True)
class HandReview:
    hand: int
    asked: bool
    failed: bool = False
    moves: tuple[ReviewedMove, ...] = ()


@dataclass(frozen=True, slots=True)
class HandEnd:
    hand: int
    over: bool
    winner: str
    residue: str | None
    table: Breakdown
    next_caption: str  # who wins when, or that another hand decides
    review: HandReview


@dataclass(frozen=True, slots=True)
class ReplaySeat:
    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ReplayScreen:
    hands: tuple[int, ...]
    hand: int
    at: int
    last: int
    expanded: bool
    note: str
    reason: str
    coming: CoachNote | None  # the coach's word on the move about to be played
    seats: tuple[ReplaySeat, ...]
    table: Position
    piles: Stacks


@dataclass(frozen=True, slots=True)
class GameScreen:
    header: Header
    scores: tuple[Score, ...]
    stacks: Stacks
    computer: ComputerPanel
    log: tuple[LogRow, ...]
    seats: tuple[Seat, ...]
    side: LearnerSide | None  # None at the end of a hand
    end: HandEnd | None
    replay: ReplayScreen | None
    pacing: bool  # the computer plays by itself now, one move per beat
    count: CountScreen | None = None  # after the last deal: count the cards left


# ----- builders ------------------------------------------------------------------------


def header(game: Game) -> Header:
    state = game.state
    facts = [t("play.hand_n", n=state.hand_number), pw.deal_text(state),
             pw.rules_text(game.setup.rules)]
    return Header(" · ".join(facts), game.over, t("play.seed_shown", seed=game.setup.seed))


def scores(game: Game) -> tuple[Score, ...]:
    players = game.setup.players
    return tuple(Score(pw.side_name(side, players), total)
                 for side, total in enumerate(game.state.totals))


def seats(game: Game) -> tuple[Seat, ...]:
    state = game.state
    players = game.setup.players
    found = []
    for seat in range(1, players):
        level = game.setup.level(seat) or 0
        count = len(state.hands[seat])
        turn = game.in_play and state.to_move == seat
        found.append(Seat(pw.seat_name(seat, players, level), pw.level_tag(level),
                          pw.level_name(level), count,
                          t("play.to_play") if turn else pw.cards_held(count), turn))
    return tuple(found)


def stacks(game: Game) -> Stacks:
    state = game.state
    players = game.setup.players
    counts = pile_counts(state, players)
    sweeps = [f"{pw.side_name(side, players)}: {n}" for side, n in enumerate(state.sweeps) if n]
    line = [t("play.deal_caption", deal=pw.deal_text(state))]
    if sweeps:
        line.append(t("play.sweeps", list=", ".join(sweeps)))
    return Stacks(counts, " · ".join(line))


def pile_counts(state: GameState, players: int) -> tuple[tuple[str, int], ...]:
    """Each side's captured pile, then the stock, by caption."""
    counts = [(pw.pile_caption(side, players), len(pile)) for side, pile in enumerate(state.piles)]
    counts.append((t("play.stock"), len(state.stock)))
    return tuple(counts)


def hand_title(game: Game) -> str:
    return t("play.your_hand_turn") if game.your_turn else t("board.your_hand")


def waiting_for(game: Game) -> str | None:
    if not game.computer_turn:
        return None
    seat = game.state.to_move
    return pw.seat_name(seat, game.setup.players, game.setup.level(seat))


def residue_line(game: Game, hand: int) -> str | None:
    """The cards left on the table at the end of `hand` and who took them, if any."""
    return next((line.text for line in reversed(pw.log_lines(game, hand))
                 if line.kind == LogKind.RESIDUE), None)


def next_caption(game: Game) -> str:
    target = game.setup.rules.target
    return t("play.first_to", n=target) if target else t("play.tie_again")


def replay_seats(game: Game, frame: Frame) -> tuple[ReplaySeat, ...]:
    """Every seat's hand, face up, in a frame of a replayed hand."""
    players = game.setup.players
    return tuple(ReplaySeat(pw.seat_name(seat, players), tuple(frame.state.hands[seat]))
                 for seat in range(players))


def replay_piles(game: Game, frame: Frame) -> Stacks:
    return Stacks(pile_counts(frame.state, game.setup.players))
