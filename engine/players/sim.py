"""A lean copy of the game loop for look-ahead: one hand, every card placed.

`GameState.play` judges each move and writes a log, which a search playing
thousands of imaginary moves cannot afford. `Sim` keeps only what decides the
rest of a hand (table, hands, stock, each side's captured cards and sweeps)
and moves with the engine's own generator and `apply_move`, so the
imagined game follows exactly the same rules as the real one. A `Sim` comes
from a determinization (`sampling.py`): the hidden cards dealt out one
consistent way. `view(seat)` gives any seat its honest `PlayerView` of the
imagined game, so every computer level can also play inside a search.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.apply import apply_move
from engine.cards import Card, full_deck
from engine.game import CARDS_PER_DEAL, GameState, deals_per_hand
from engine.movegen import LegalMoves, generate_moves
from engine.moves import Move
from engine.players.view import PlayerView
from engine.players.worth import advantage, majority_points, pile_sure_points
from engine.position import Build, Position
from engine.rules import Rules
from engine.scoring import side_count, side_of

_DECK = tuple(sorted(full_deck()))


@dataclass(frozen=True, slots=True)
class Sim:
    """One hand in progress with every card's place fixed (immutable)."""

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
    def deal_over(self) -> bool:
        """Every hand is empty: a new deal or the end of the hand comes next."""
        return not any(self.hands)

    @property
    def hand_over(self) -> bool:
        return self.deal_over and not self.stock

    @property
    def is_last_play(self) -> bool:
        others = sum(len(h) for s, h in enumerate(self.hands) if s != self.to_move)
        return not self.stock and others == 0 and len(self.hands[self.to_move]) == 1

    def position(self) -> Position:
        """The position of the seat to move (built once per state)."""
        if not self._position:
            self._position.append(Position(
                loose=self.loose, builds=self.builds, hand=self.hands[self.to_move],
                seat=self.to_move, players=self.players, rules=self.rules,
                last=self.is_last_play))
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
        seat = self.to_move
        outcome = apply_move(self.position(), move)
        hands = list(self.hands)
        hands[seat] = outcome.position.hand
        piles, sweeps = self.piles, self.sweeps
        last_capturer = self.last_capturer
        if outcome.captured:
            side = side_of(seat, self.players)
            piles = _add_to(piles, side, outcome.captured)
            if outcome.sweep:
                sweeps = (*sweeps[:side], sweeps[side] + 1, *sweeps[side + 1:])
            last_capturer = seat
        stock = self.stock
        if self.rules.draw and stock:  # Draw Casino (11.2)
            hands[seat] = tuple(sorted((*hands[seat], stock[0])))
            stock = stock[1:]
        after = Sim(self.rules, self.players, self.dealer, (seat + 1) % self.players,
                    outcome.position.loose, outcome.position.builds, tuple(hands), stock,
                    piles, sweeps, last_capturer, self.hand_number, self.deal_number,
                    self.totals)
        if after.deal_over and after.stock:
            return after.dealt()
        return after

    def dealt(self) -> Sim:
        """Four more cards each, from the dealer's left (2.3); play starts there."""
        stock = list(self.stock)
        hands = [list(h) for h in self.hands]
        for k in range(1, self.players + 1):
            seat = (self.dealer + k) % self.players
            hands[seat].extend(stock[:CARDS_PER_DEAL])
            del stock[:CARDS_PER_DEAL]
        return Sim(self.rules, self.players, self.dealer, (self.dealer + 1) % self.players,
                   self.loose, self.builds, tuple(tuple(sorted(h)) for h in hands),
                   tuple(stock), self.piles, self.sweeps, self.last_capturer,
                   self.hand_number, self.deal_number + 1, self.totals)

    # ----- scoring -------------------------------------------------------------------

    def final_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The piles once the residue has gone to the last capturer's side (9.1)."""
        residue = self.loose + tuple(c for b in self.builds for c in b.cards)
        if not residue or self.last_capturer is None:
            return self.piles
        return _add_to(self.piles, side_of(self.last_capturer, self.players), residue)

    def expected_points(self) -> tuple[float, ...]:
        """Each side's sure points and sweeps plus its expected majority points;
        at the end of the hand, exactly its hand score (10.1-10.3)."""
        piles = self.final_piles() if self.hand_over else self.piles
        counts = [len(p) for p in piles]
        spades = [sum(1 for c in p if c.suit == "s") for p in piles]
        majority = majority_points(counts, spades, self.rules)
        use_sweeps = self.rules.sweeps
        return tuple(pile_sure_points(p, self.rules) + (s if use_sweeps else 0) + m
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
        seen = set(self.hands[seat]) | set(self.loose)
        seen.update(c for b in self.builds for c in b.cards)
        for pile in self.piles:
            seen.update(pile)
        unseen = tuple(c for c in _DECK if c not in seen)
        return PlayerView(
            rules=self.rules, players=self.players, seat=seat, to_move=self.to_move,
            dealer=self.dealer, hand=self.hands[seat], loose=self.loose, builds=self.builds,
            piles=self.piles, sweeps=self.sweeps,
            totals=self.totals or (0,) * side_count(self.players),
            hand_sizes=tuple(len(h) for h in self.hands), stock_size=len(self.stock),
            hand_number=self.hand_number, deal_number=self.deal_number,
            deals_per_hand=deals_per_hand(self.rules, self.players),
            last_deal=not self.stock, last_capturer=self.last_capturer, unseen=unseen)


def _add_to(piles: tuple[tuple[Card, ...], ...], side: int, cards: tuple[Card, ...]
            ) -> tuple[tuple[Card, ...], ...]:
    return (*piles[:side], piles[side] + cards, *piles[side + 1:])
