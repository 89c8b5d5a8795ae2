"""What one seat can see, and nothing more.

Computer players receive a `PlayerView`, never the `GameState`, so a player
cannot peek at another hand or the order of the stock even by accident: the
hidden cards are present only as one sorted, unordered set (`unseen`). Two
games that differ only in where the hidden cards lie give equal views, which
is what the "never looks at hidden cards" tests check.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.flow import CARDS_PER_DEAL, deals_per_hand, is_last_play, unseen_cards
from engine.game import GameState
from engine.movegen import LegalMoves, legal_moves
from engine.position import Build, Position, table_cards
from engine.rules import Rules
from engine.scoring import side_count, side_of


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of the game at a moment (everything here is public
    or that seat's own; `piles` and `sweeps` are per side, `hand_sizes` per seat)."""

    rules: Rules
    players: int
    seat: int
    to_move: int
    dealer: int
    hand: tuple[Card, ...]
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    totals: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    hand_number: int
    deal_number: int
    deals_per_hand: int
    last_deal: bool
    last_capturer: int | None
    unseen: tuple[Card, ...]

    # ----- derived facts -----------------------------------------------------------

    @property
    def sides(self) -> int:
        return side_count(self.players)

    @property
    def side(self) -> int:
        """This seat's side: itself, or its partnership with four players (2.1)."""
        return side_of(self.seat, self.players)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players)

    @property
    def table_cards(self) -> tuple[Card, ...]:
        return table_cards(self.loose, self.builds)

    @property
    def is_last_play(self) -> bool:
        """The coming play is the final card of the hand (8.2, 9.1)."""
        return is_last_play(self.hand_sizes, self.stock_size, self.to_move)

    @property
    def all_known(self) -> bool:
        """Every hidden card's place can be inferred: the stock is empty and at
        most one other seat still holds cards (so the unseen cards are its hand)."""
        holders = [s for s, n in enumerate(self.hand_sizes) if s != self.seat and n]
        return self.stock_size == 0 and len(holders) <= 1

    def position(self) -> Position:
        """The position this seat decides its move in (only its own hand shown)."""
        return Position(
            loose=self.loose, builds=self.builds, hand=self.hand, seat=self.seat,
            players=self.players, rules=self.rules,
            last=self.is_last_play and self.seat == self.to_move,
        )

    def legal_moves(self) -> LegalMoves:
        return legal_moves(self.position())


def view_of(state: GameState, seat: int | None = None) -> PlayerView:
    """What `seat` (default: the player to move) sees of `state`."""
    who = state.to_move if seat is None else seat
    return PlayerView(
        rules=state.rules,
        players=state.players,
        seat=who,
        to_move=state.to_move,
        dealer=state.dealer,
        hand=tuple(sorted(state.hands[who])),
        loose=tuple(sorted(state.loose)),
        builds=state.builds,
        piles=tuple(tuple(sorted(p)) for p in state.piles),
        sweeps=state.sweeps,
        totals=state.totals,
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        hand_number=state.hand_number,
        deal_number=state.deal_number,
        deals_per_hand=state.deals_per_hand,
        last_deal=state.last_deal,
        last_capturer=state.last_capturer,
        unseen=unseen_cards(state.hands[who], state.loose, state.builds, state.piles),
    )


def view_of_position(position: Position) -> PlayerView:
    """A view for a bare position (the Sandbox's or the Classroom's), which says
    nothing of the piles, the stock or the other hands.

    It assumes the least: no captured card is known, so every card not on the
    table or in the hand is unseen; each other seat holds as many cards as the
    mover (none on the last play); the rest is the stock. The counting player's
    judgement reads exactly these facts, so its advice on such a view is sound;
    the searching player, which deals the stock out deal by deal, needs a real
    game's state.
    """
    players, seat = position.players, position.seat
    hand = tuple(sorted(position.hand))
    unseen = unseen_cards(hand, position.loose, position.builds)
    each = 0 if position.last else min(len(hand), len(unseen) // max(1, players - 1))
    sizes = tuple(len(hand) if s == seat else each for s in range(players))
    # On the last play the unseen cards are in the piles, wherever they are.
    stock = 0 if position.last else len(unseen) - each * (players - 1)
    per_hand = deals_per_hand(position.rules, players)
    deals_left = -(-stock // (CARDS_PER_DEAL * players))
    return PlayerView(
        rules=position.rules, players=players, seat=seat, to_move=seat,
        dealer=(seat - 1) % players, hand=hand, loose=tuple(sorted(position.loose)),
        builds=position.builds, piles=((),) * side_count(players),
        sweeps=(0,) * side_count(players), totals=(0,) * side_count(players),
        hand_sizes=sizes, stock_size=stock, hand_number=1,
        deal_number=max(1, per_hand - deals_left), deals_per_hand=per_hand,
        last_deal=stock == 0, last_capturer=None, unseen=unseen,
    )
