"""The game loop for 2, 3 and 4 players (docs/rules.md 2, 8, 9, 10).

`GameState` is immutable: `play(move)` returns the next state. A game is
fully determined by its settings, its seed and its moves, which is how it is
saved (`to_json`) and how a finished hand is replayed with every card shown.

How cards move in a hand (a play, the next deal, the residue) is written once
in `engine.flow`, shared with the searching player's simulator; this module
adds what only a real game has: judging moves, the log, scoring and hands
that follow one another.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Final, NamedTuple

from engine.cards import Card
from engine.errors import IllegalMoveError, NotationError
from engine.flow import (
    CARDS_PER_DEAL,
    DEAL,
    PLAY,
    deal_first,
    deal_hand,
    deal_round,
    deals_per_hand,
    first_to_play,
    is_last_play,
    play_move,
    shuffled_deck,
    stage_after,
    take_residue,
    unseen_cards,
)
from engine.judge import check
from engine.movegen import LegalMoves, generate_moves
from engine.moves import Move
from engine.position import Build, Position
from engine.rules import CLASSIC, Rules
from engine.scoring import SideScore, decide_game, score_hand, side_count, side_of
from engine.slots import slot_setter

__all__ = [
    # The deal lives in engine.flow; these names are kept here for older imports.
    "CARDS_PER_DEAL",
    "GameState",
    "HandResult",
    "LogEntry",
    "LogKind",
    "deal_first",
    "deals_per_hand",
    "new_game",
    "shuffled_deck",
]


class LogKind(StrEnum):
    """What a line of the game log records."""

    DEAL = "deal"        # a deal: the first of a hand, or the next round (2.2, 2.3)
    MOVE = "move"        # a play
    RESIDUE = "residue"  # the cards left on the table go to the last capturer (9.1)
    SCORE = "score"      # a hand's score (10.1)


# Plain names for the game loop: reading `LogKind.MOVE` goes through the enum
# class's attribute hook on Python 3.11, some twenty times slower.
_MOVE: Final = LogKind.MOVE
_DEAL: Final = LogKind.DEAL


class LogEntry(NamedTuple):
    """One line of the game log: a move, a deal, the residue, or a hand's score.

    A named tuple rather than a dataclass: a game writes one per play, and a
    tuple is made several times faster."""

    hand: int
    deal: int
    kind: LogKind
    seat: int | None
    note: str = ""
    move: Move | None = None
    captured: tuple[Card, ...] = ()
    sweep: bool = False

    @property
    def text(self) -> str:
        """Plain words for the log; a move's words are made only when shown."""
        return self.move.pretty if self.move is not None else self.note


# `LogEntry(...)` goes through a generated Python `__new__`; a play makes its entry
# from the complete tuple directly, in half the time.
_new_entry: Final = tuple.__new__


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: each side's breakdown and the totals after it."""

    hand: int
    scores: tuple[SideScore, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    rules: Rules
    players: int
    seed: int
    first_dealer: int
    dealer: int
    hand_number: int
    deal_number: int
    stock: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    to_move: int
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    totals: tuple[int, ...]
    results: tuple[HandResult, ...] = ()
    log: tuple[LogEntry, ...] = ()
    moves: tuple[Move, ...] = field(default=())
    winner: int | None = None
    hand_over: bool = False
    # Worked out at most once per state, since a state never changes: the mover's
    # position and its legal moves (asked for by the caller, then by `play`).
    _position: Position | None = field(default=None, init=False, compare=False, repr=False)
    _legal: LegalMoves | None = field(default=None, init=False, compare=False, repr=False)

    # ----- facts -----------------------------------------------------------------------

    @property
    def sides(self) -> int:
        return side_count(self.players)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def deals_per_hand(self) -> int:
        return deals_per_hand(self.rules, self.players)

    @property
    def last_deal(self) -> bool:
        """The deal announced as "last" (2.3): the stock is used up."""
        return not self.stock

    @property
    def is_last_play(self) -> bool:
        """The coming play is the final card of the hand (8.2, 9.1)."""
        # The stock is tested first because that is all most plays need.
        return not self.stock and is_last_play(map(len, self.hands), 0, self.to_move)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players)

    def position(self, seat: int | None = None) -> Position:
        """The position as `seat` (default: the player to move) may see it."""
        if seat is None or seat == self.to_move:
            if self._position is None:
                _set_position(self, self._make_position(self.to_move))
            assert self._position is not None
            return self._position
        return self._make_position(seat)

    def _make_position(self, who: int) -> Position:
        # Loose cards, builds and hands are kept sorted by every state change.
        return Position.trusted(self.loose, self.builds, self.hands[who], who, self.players,
                                self.rules, self.is_last_play and who == self.to_move)

    def legal_moves(self) -> LegalMoves:
        """The mover's legal moves, generated once per state (not through the shared
        cache: a game's positions are seldom seen twice)."""
        if self._legal is None:
            _set_legal(self, generate_moves(self.position()))
        assert self._legal is not None
        return self._legal

    def unseen(self, seat: int) -> tuple[Card, ...]:
        """Cards `seat` cannot see: other hands and the stock (never captured piles,
        which every player watched being taken)."""
        return unseen_cards(self.hands[seat], self.loose, self.builds, self.piles)

    # ----- playing ---------------------------------------------------------------------

    def play(self, move: Move | str) -> GameState:
        """Play a move for the player to move; raises IllegalMoveError with the judge's words."""
        if self.over:
            raise IllegalMoveError("the game is over")
        position = self.position()
        legal = move if isinstance(move, Move) and move in self.legal_moves() else None
        if legal is None:  # only now is the judge needed, to explain or to read notation
            verdict = check(position, move)
            if not verdict.legal or verdict.move is None:
                shown = move if isinstance(move, str) else move.text
                raise IllegalMoveError(f"{shown!r} in {position.text!r}: {verdict.message}")
            legal = verdict.move
        seat = self.to_move
        (hands, loose, builds, stock, to_move, piles, sweeps, last_capturer, captured,
         sweep) = play_move(self, legal, position.last)
        entry = _new_entry(LogEntry, (self.hand_number, self.deal_number, _MOVE, seat, "",
                                      legal, captured, sweep))
        # Concatenation copies a long log in one go; `(*log, entry)` goes through a
        # list and takes twice as long.
        log = self.log + (entry,)  # noqa: RUF005
        moves = self.moves + (legal,)  # noqa: RUF005
        state = _after_move(self, stock, hands, loose, builds, to_move, piles, sweeps,
                            last_capturer, log, moves)
        stage = stage_after(hands, stock)
        if stage is PLAY:
            return state
        return state._deal_round() if stage is DEAL else state._end_hand()

    def _deal_round(self) -> GameState:
        """Four more cards to each player, none to the table (2.3)."""
        hands, stock = deal_round(self.hands, self.stock, self.dealer, self.players)
        deal = self.deal_number + 1
        note = " (last)" if not stock else ""
        entry = LogEntry(self.hand_number, deal, _DEAL, self.dealer, f"Deal {deal}{note}")
        return _changed(
            self,
            stock=stock,
            hands=hands,
            deal_number=deal,
            to_move=first_to_play(self.dealer, self.players),
            log=(*self.log, entry),
        )

    def _end_hand(self) -> GameState:
        """Residue to the last capturer (9.1), score (10.1), decide the game (10.4)."""
        piles, residue = take_residue(self.piles, self.loose, self.builds, self.last_capturer,
                                      self.players)
        log = list(self.log)
        if residue:
            log.append(LogEntry(self.hand_number, self.deal_number, LogKind.RESIDUE,
                                self.last_capturer, "takes the cards left on the table",
                                captured=residue))
        scores = score_hand(piles, self.sweeps, self.rules)
        winner = decide_game(self.totals, scores, self.rules)
        totals = tuple(t + s.total for t, s in zip(self.totals, scores, strict=True))
        result = HandResult(self.hand_number, scores, totals)
        summary = ", ".join(f"side {s.side}: {s.total}" for s in scores)
        log.append(LogEntry(self.hand_number, self.deal_number, LogKind.SCORE, None, summary))
        return _changed(self, piles=piles, loose=(), builds=(), totals=totals,
                       results=(*self.results, result), log=tuple(log), winner=winner,
                       hand_over=True)

    def next_hand(self) -> GameState:
        """Start the next hand; the deal passes to the left (2.4)."""
        if self.over:
            raise IllegalMoveError("the game is over")
        if not self.hand_over:
            raise IllegalMoveError("the hand is still being played")
        return _start_hand(self, (self.dealer + 1) % self.players, self.hand_number + 1)

    # ----- saving ----------------------------------------------------------------------

    def to_json(self) -> str:
        """Settings, seed and moves: enough to rebuild the game exactly."""
        return json.dumps({
            "players": self.players,
            "rules": self.rules.text,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "moves": [m.text for m in self.moves],
            "hands_started": self.hand_number,
        })

    @classmethod
    def from_json(cls, text: str) -> GameState:
        try:
            data: dict[str, Any] = json.loads(text)
            state = new_game(int(data["players"]), Rules.parse(str(data["rules"])),
                             int(data["seed"]), int(data.get("first_dealer", 0)))
            for move in data["moves"]:
                if state.hand_over and not state.over:
                    state = state.next_hand()
                state = state.play(str(move))
            if state.hand_over and not state.over and data.get("hands_started", 0) > \
                    state.hand_number:
                state = state.next_hand()
            return state
        except (KeyError, TypeError, json.JSONDecodeError) as error:
            raise NotationError(f"not a saved game: {error}") from None


_SETTERS: Final = tuple((f.name, slot_setter(GameState, f.name)) for f in fields(GameState))
_SET: Final = dict(_SETTERS)
_set_position = _SET["_position"]
_set_legal = _SET["_legal"]
_set_rules = _SET["rules"]
_set_players = _SET["players"]
_set_seed = _SET["seed"]
_set_first_dealer = _SET["first_dealer"]
_set_dealer = _SET["dealer"]
_set_hand_number = _SET["hand_number"]
_set_deal_number = _SET["deal_number"]
_set_stock = _SET["stock"]
_set_hands = _SET["hands"]
_set_loose = _SET["loose"]
_set_builds = _SET["builds"]
_set_to_move = _SET["to_move"]
_set_piles = _SET["piles"]
_set_sweeps = _SET["sweeps"]
_set_last_capturer = _SET["last_capturer"]
_set_totals = _SET["totals"]
_set_results = _SET["results"]
_set_log = _SET["log"]
_set_moves = _SET["moves"]
_set_winner = _SET["winner"]
_set_hand_over = _SET["hand_over"]


def _after_move(state: GameState, stock: tuple[Card, ...], hands: tuple[tuple[Card, ...], ...],
                loose: tuple[Card, ...], builds: tuple[Build, ...], to_move: int,
                piles: tuple[tuple[Card, ...], ...], sweeps: tuple[int, ...],
                last_capturer: int | None, log: tuple[LogEntry, ...],
                moves: tuple[Move, ...]) -> GameState:
    """`dataclasses.replace(state, ...)` for what a play changes, slot by slot.

    A play is the game loop's inner step, and going through `__init__` (or worse,
    `replace`) cost more than the rest of the play; a test checks that this
    sets every field.
    """
    new = object.__new__(GameState)
    _set_rules(new, state.rules)
    _set_players(new, state.players)
    _set_seed(new, state.seed)
    _set_first_dealer(new, state.first_dealer)
    _set_dealer(new, state.dealer)
    _set_hand_number(new, state.hand_number)
    _set_deal_number(new, state.deal_number)
    _set_stock(new, stock)
    _set_hands(new, hands)
    _set_loose(new, loose)
    _set_builds(new, builds)
    _set_to_move(new, to_move)
    _set_piles(new, piles)
    _set_sweeps(new, sweeps)
    _set_last_capturer(new, last_capturer)
    _set_totals(new, state.totals)
    _set_results(new, state.results)
    _set_log(new, log)
    _set_moves(new, moves)
    _set_winner(new, state.winner)
    _set_hand_over(new, state.hand_over)
    _set_position(new, None)
    _set_legal(new, None)
    return new


def _changed(state: GameState, **changes: Any) -> GameState:
    """`dataclasses.replace` without its per-call introspection (deals, hand ends)."""
    unknown = set(changes) - set(_SET)
    if unknown:
        raise TypeError(f"GameState has no field {', '.join(sorted(unknown))}")
    new = object.__new__(GameState)
    for name, setter in _SETTERS:
        setter(new, changes[name] if name in changes else getattr(state, name))
    _set_position(new, None)
    _set_legal(new, None)
    return new


def new_game(players: int = 2, rules: Rules = CLASSIC, seed: int = 0, dealer: int = 0
             ) -> GameState:
    """A new game with the first hand dealt."""
    if players not in (2, 3, 4):
        raise NotationError(f"Cassino is played by 2, 3 or 4 players, not {players}")
    sides = side_count(players)
    blank = GameState(
        rules=rules, players=players, seed=seed, first_dealer=dealer, dealer=dealer,
        hand_number=0, deal_number=0, stock=(), hands=(), loose=(), builds=(), to_move=0,
        piles=(), sweeps=(), last_capturer=None, totals=(0,) * sides,
    )
    return _start_hand(blank, dealer, 1)


def _start_hand(state: GameState, dealer: int, hand_number: int) -> GameState:
    hands, table, stock = deal_hand(state.seed, hand_number, dealer, state.players, state.rules)
    sides = side_count(state.players)
    entry = LogEntry(hand_number, 1, LogKind.DEAL, dealer, f"Hand {hand_number}: deal 1")
    return _changed(
        state,
        dealer=dealer,
        hand_number=hand_number,
        deal_number=1,
        stock=stock,
        hands=hands,
        loose=table,
        builds=(),
        to_move=first_to_play(dealer, state.players),
        piles=((),) * sides,
        sweeps=(0,) * sides,
        last_capturer=None,
        log=(*state.log, entry),
        hand_over=False,
    )
