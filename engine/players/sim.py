"""A lean game for look-ahead: one hand, every card placed.

`GameState.play` judges each move and writes a log, which a search playing
thousands of imaginary moves cannot afford. `Sim` keeps only what decides the
rest of a hand (table, hands, stock, each side's captured cards and sweeps)
and moves with the engine's own generator and the game's own transitions
(`engine.flow`: a play, the next deal, the residue), so the imagined game
follows exactly the same rules as the real one. A `Sim` comes
from a determinization (`sampling.py`): the hidden cards dealt out one
consistent way. `view(seat)` gives any seat its honest `PlayerView` of the
imagined game, so every computer level can also play inside a search.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import Card
from engine.flow import (
    DEAL,
    END,
    deal_round,
    deals_per_hand,
    first_to_play,
    is_last_play,
    play_move,
    stage_after,
    take_residue,
    unseen_cards,
)
from engine.game import GameState
from engine.movegen import LegalMoves, generate_moves
from engine.moves import Move
from engine.players.view import PlayerView
from engine.players.worth import advantage, majority_points, pile_sure_points
from engine.position import Build, Position
from engine.rules import Rules
from engine.scoring import side_count


@dataclass(frozen=True, slots=True)
class Sim:
    """One hand in progress with every card's place fixed (immutable).

    Cards are kept sorted, as in `GameState` (loose cards, each hand, each
    build's cards; builds by `build_order`), so positions are made without
    sorting again.
    """

    rules: Rules
    players: int
    dealer: int
    to_move: int
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]  # per side
    sweeps: tuple[int, ...]              # per side
    last_capturer: int | None
    hand_number: int = 1
    deal_number: int = 1
    totals: tuple[int, ...] = ()
    _position: list[Position] = field(default_factory=list, compare=False, repr=False)
    _legal: list[LegalMoves] = field(default_factory=list, compare=False, repr=False)

    @property
    def hand_over(self) -> bool:
        """Every hand and the stock are empty (`play` deals the next round itself)."""
        return stage_after(self.hands, self.stock) is END

    @property
    def is_last_play(self) -> bool:
        """The coming play is the final card of the hand (8.2, 9.1)."""
        # The stock is tested first because that is all most plays need.
        return not self.stock and is_last_play(map(len, self.hands), 0, self.to_move)

    def position(self) -> Position:
        """The position of the seat to move (built once per state)."""
        if not self._position:
            self._position.append(Position.trusted(
                self.loose, self.builds, self.hands[self.to_move], self.to_move, self.players,
                self.rules, self.is_last_play))
        return self._position[0]

    def legal_moves(self) -> LegalMoves:
        """Generated once per state and not through the shared cache: imagined
        positions are seldom met twice, and the solver keeps its own table."""
        if not self._legal:
            self._legal.append(generate_moves(self.position()))
        return self._legal[0]

    def play(self, move: Move) -> Sim:
        """The state after a legal move (the caller took it from `legal_moves`);
        deals the next round when every hand is empty, as the game loop does."""
        (hands, loose, builds, stock, to_move, piles, sweeps, last_capturer, _,
         _) = play_move(self, move, self.position().last)
        if stage_after(hands, stock) is DEAL:
            hands, stock = deal_round(hands, stock, self.dealer, self.players)
            return Sim(self.rules, self.players, self.dealer,
                       first_to_play(self.dealer, self.players), loose, builds, hands, stock,
                       piles, sweeps, last_capturer, self.hand_number, self.deal_number + 1,
                       self.totals)
        return Sim(self.rules, self.players, self.dealer, to_move, loose, builds, hands, stock,
                   piles, sweeps, last_capturer, self.hand_number, self.deal_number,
                   self.totals)

    # ----- scoring -------------------------------------------------------------------

    def final_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The piles once the residue has gone to the last capturer's side (9.1)."""
        return take_residue(self.piles, self.loose, self.builds, self.last_capturer,
                            self.players)[0]

    def expected_points(self) -> tuple[float, ...]:
        """Each side's sure points and sweeps plus its expected majority points;
        at the end of the hand, exactly its hand score (10.1-10.3)."""
        piles = self.final_piles() if self.hand_over else self.piles
        counts = [len(p) for p in piles]
        spades = [sum(1 for c in p if c.suit == "s") for p in piles]
        majority = majority_points(counts, spades, self.rules)
        sweep = self.rules.sweep_value
        return tuple(pile_sure_points(p, self.rules) + s * sweep + m
                     for p, s, m in zip(piles, self.sweeps, majority, strict=True))

    def value_for(self, side: int) -> float:
        """The side's expected advantage (its points minus the others' mean)."""
        return advantage(self.expected_points(), side)

    @classmethod
    def from_state(cls, state: GameState) -> Sim:
        """The hand in progress with every card where it really is (for analysis and
        tests; a player never gets this, only its own view)."""
        return cls(state.rules, state.players, state.dealer, state.to_move, state.loose,
                   state.builds, state.hands, state.stock, state.piles, state.sweeps,
                   state.last_capturer, state.hand_number, state.deal_number, state.totals)

    # ----- what one seat sees ----------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """The honest view of `seat` in this imagined game."""
        unseen = unseen_cards(self.hands[seat], self.loose, self.builds, self.piles)
        return PlayerView(
            rules=self.rules, players=self.players, seat=seat, to_move=self.to_move,
            dealer=self.dealer, hand=self.hands[seat], loose=self.loose, builds=self.builds,
            piles=self.piles, sweeps=self.sweeps,
            totals=self.totals or (0,) * side_count(self.players),
            hand_sizes=tuple(len(h) for h in self.hands), stock_size=len(self.stock),
            hand_number=self.hand_number, deal_number=self.deal_number,
            deals_per_hand=deals_per_hand(self.rules, self.players),
            last_deal=not self.stock, last_capturer=self.last_capturer, unseen=unseen)

