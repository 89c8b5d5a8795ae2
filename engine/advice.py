"""Hints and explanations in plain words.

`hint(state_or_view, seat)` asks the strongest computer level for a move and
says why, naming cards: what it takes or protects, what it leaves for the
next player, and the points at stake. `explain(state_or_view, move)` gives the
same kind of sentence for any move, in the past tense, so the tutor can say
why the computer just did what it did. `review(state_or_view, move)` is the
coach after a learner's move: when the hint's move was clearly better, it
names that move, says why, and how much was at stake.

The words come from the counting player's judgement of the move
(`engine.players.counting.assess`): that judgement is made of exactly the
things a teacher would mention, and it never uses hidden cards. An
explanation (past tense) also never mentions the mover's other cards, so
explaining the computer's move never gives its hand away; a hint speaks to
the player about their own hand and may name it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import BIG_CASINO, JACK_OF_SPADES, LITTLE_CASINO, Card, pretty_cards
from engine.errors import CassinoError, IllegalMoveError, TooMuchWorkError
from engine.game import GameState
from engine.limits import MAX_ADVICE_MOVES
from engine.movegen import legal_moves
from engine.moves import BUILD, CAPTURE, TRAIL, Move
from engine.players.counting import Assessment, appraiser_for, assess, assess_all, next_opponent
from engine.players.levels import COUNTING, STRONGEST, choose_move
from engine.players.tactics import Take, best_take, chance_holds, held_ranks, rank_counts
from engine.players.view import PlayerView, view_of, view_of_position
from engine.position import Build, Position
from engine.rules import Scoring


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move and the reason for it, in a sentence or two."""

    move: Move
    reason: str


def hint(source: PlayerView | GameState, seat: int | None = None,
         rng: random.Random | None = None, level: int = STRONGEST) -> Advice:
    """The move of computer level `level` (default the strongest) for `seat`
    (default: the player to move), explained."""
    view = _view(source, seat)
    if view.seat != view.to_move:
        raise CassinoError(f"it is seat {view.to_move}'s turn, not seat {view.seat}'s")
    chooser_rng = rng or random.Random(f"hint:{view.position().text}")
    move = choose_move(level, view, chooser_rng)
    return Advice(move, describe(view, move, _Voice.advice()))


def advise(position: Position) -> Advice:
    """Advice on a bare position (the Sandbox's, the Classroom's), which has no
    game behind it: the counting player's move on the least-assuming view of it
    (`view_of_position` says what is assumed). The searching player is not asked:
    it deals out a stock that a bare position does not have."""
    if not position.hand:
        raise CassinoError("the player to move holds no cards, so there is no move to advise")
    moves = len(legal_moves(position))
    if moves > MAX_ADVICE_MOVES:
        raise TooMuchWorkError(
            f"this position has {moves:,} legal moves: the computer weighs at most "
            f"{MAX_ADVICE_MOVES:,} (engine/limits.py MAX_ADVICE_MOVES)", moves, MAX_ADVICE_MOVES)
    return hint(view_of_position(position), level=COUNTING)


def explain(source: PlayerView | GameState, move: Move) -> str:
    """Why a move (made by the player to move in `source`) is good or bad, in words."""
    view = _view(source, None)
    if move not in view.legal_moves():
        raise IllegalMoveError(f"{move.text!r} is not a legal move in {view.position().text!r}")
    return describe(view, move, _Voice.report())


COACH_MARGIN = 0.5  # expected hand points; below this, two moves are a matter of taste


@dataclass(frozen=True, slots=True)
class Review:
    """A clearly stronger move than the one played, and why (see `review`)."""

    played: Move
    better: Move
    played_value: float  # expected hand points for the mover's side
    better_value: float
    reason: str  # the better move, explained as advice

    @property
    def margin(self) -> float:
        return self.better_value - self.played_value


def review(source: PlayerView | GameState, move: Move,
           margin: float = COACH_MARGIN) -> Review | None:
    """The hint's move, if it was clearly better than `move` (made by the player to
    move in `source`), else None.

    The better move is the one `hint` gives, so the coach never contradicts the
    hint. It is named only when the counting judgement (the one every sentence
    here is worded from) rates it at least `margin` expected points above the
    move played: the estimate is not that precise, and a learner corrected over
    a matter of taste learns to distrust the coach.
    """
    view = _view(source, None)
    if move not in view.legal_moves():
        raise IllegalMoveError(f"{move.text!r} is not a legal move in {view.position().text!r}")
    advice = hint(view)
    if advice.move == move:
        return None
    appraiser = appraiser_for(view)
    played = assess(view, move, appraiser).total
    better = assess(view, advice.move, appraiser).total
    if better - played < margin:
        return None
    return Review(move, advice.move, played, better, advice.reason)


def _view(source: PlayerView | GameState, seat: int | None) -> PlayerView:
    if isinstance(source, PlayerView):
        if seat is not None and seat != source.seat:
            raise CassinoError(f"this view belongs to seat {source.seat}, not seat {seat}")
        return source
    return view_of(source, seat)


# ----- wording ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Voice:
    """Advice speaks to the player ("Take ..."); a report tells what was done ("took")."""

    take: str
    build: str
    owner: str     # whose build: "your" / "its"
    past: bool

    @classmethod
    def advice(cls) -> _Voice:
        return cls("Take", "Build", "your", False)

    @classmethod
    def report(cls) -> _Voice:
        return cls("took", "Built", "its", True)


def describe(view: PlayerView, move: Move, voice: _Voice | None = None) -> str:
    """One or two sentences about `move` in `view`, naming the cards."""
    voice = voice or _Voice.advice()
    judged = assess(view, move)
    if move.kind == CAPTURE:
        first = _capture_sentence(view, judged, voice)
    elif move.kind == BUILD:
        first = _build_sentence(view, judged, voice)
    else:
        first = _trail_sentence(view, judged, voice)
    return f"{first} {_leave_sentence(view, judged, voice)}".strip()


def _points(value: float) -> str:
    if abs(value) < 0.05:
        return "about 0 points"
    return f"about {value:+.1f} point{'s' if abs(value) >= 1.05 else ''}"


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _item(item: Card | Build) -> str:
    if isinstance(item, Build):
        return f"the {item.value}-build ({pretty_cards(item.cards)})"
    return item.pretty


def _what_taken(move: Move) -> str:
    groups = ["+".join(_item(i) for i in group) for group in move.display_groups()]
    return _and(groups)


def _notable(cards: Sequence[Card], view: PlayerView) -> list[str]:
    """The cards that score, named: aces, the casinos, spades."""
    found: list[str] = []
    if BIG_CASINO in cards:
        found.append(f"big casino ({BIG_CASINO.pretty})")
    if LITTLE_CASINO in cards:
        found.append(f"little casino ({LITTLE_CASINO.pretty})")
    aces = [c for c in cards if c.rank == 1]
    if aces:
        found.append(f"{'an ace' if len(aces) == 1 else f'{len(aces)} aces'} "
                     f"({pretty_cards(aces)})")
    spades = [c for c in cards if c.suit == "s"]
    if view.rules.scoring == Scoring.SPADES:
        spades = [c for c in spades if c != LITTLE_CASINO and c.rank != 1]  # named above
        if JACK_OF_SPADES in spades:
            found.append(f"{JACK_OF_SPADES.pretty} (2 points)")
            spades.remove(JACK_OF_SPADES)
        if spades:
            found.append(f"{pretty_cards(spades)} (a point each)")
    elif spades:
        found.append(f"{len(spades)} spade{'s' if len(spades) > 1 else ''}")
    return found


def _capture_sentence(view: PlayerView, judged: Assessment, voice: _Voice) -> str:
    move = judged.move
    count = len(judged.captured)
    notable = _notable(judged.captured, view)
    including = f" including {_and(notable)}" if notable else ""
    sweep = ""
    if judged.sweep and view.rules.sweeps:
        sweep = ", and clears the table: a sweep, 1 point" if not voice.past else \
            ", and cleared the table: a sweep, 1 point"
    as14 = " (ace as 14)" if move.card.rank == 1 and move.value == 14 else ""
    stake = _points(judged.gain)
    if voice.past:
        return (f"{move.card.pretty}{as14} {voice.take} {_what_taken(move)}: {count} cards"
                f"{including}{sweep} ({stake}).")
    return (f"{voice.take} {_what_taken(move)} with {move.card.pretty}{as14}: {count} cards"
            f"{including}{sweep} ({stake}).")


def _build_sentence(view: PlayerView, judged: Assessment, voice: _Voice) -> str:
    move = judged.move
    value = move.value or 0
    made = next((b for b in judged.left_builds if move.card in b.cards), None)
    cards = made.cards if made else (move.card, *move.loose)
    onto: list[str] = []
    if move.target is not None:
        onto.append(_owned_build(view, move.target, voice))
    onto.extend(c.pretty for c in move.loose)
    multiple = made is not None and made.is_multiple
    name = f"{value}s" if multiple else str(value)
    how = f"with {move.card.pretty} on {_and(onto)}" if onto else f"with {move.card.pretty}"
    notable = _notable(cards, view)
    including = f", including {_and(notable)}" if notable else ""
    unseen = view.unseen
    opponent, size = next_opponent(view)
    holders = sum(1 for c in unseen if value in view.rules.capture_values(c))
    who = _next_player(view, opponent)
    if holders == 0:
        safety = f"no unseen card can take it, so it is safe from {who}"
    else:
        p = chance_holds(holders, size, len(unseen))
        word = "card" if holders == 1 else "cards"
        safety = f"{holders} unseen {word} could take it ({who} holds one {p:.0%} of the time)"
    when = "" if voice.past else " next turn"
    return (f"{voice.build} {name} {how}, keeping {_a(value)} in hand to take it{when}: "
            f"{len(cards)} cards{including} ({_points(judged.builds_ahead)} expected); "
            f"{safety}.")


def _owned_build(view: PlayerView, build: Build, voice: _Voice) -> str:
    if build.controller == view.seat:
        return f"{voice.owner} own {_item(build)[4:]}"
    return _item(build)


def _trail_sentence(view: PlayerView, judged: Assessment, voice: _Voice) -> str:
    card = judged.move.card
    reasons: list[str] = []
    if not voice.past and all(m.kind == TRAIL for m in view.legal_moves()):
        reasons.append("nothing can be taken or built")
    trails = [a for a in assess_all(view) if a.move.kind == TRAIL]
    if len(trails) > 1 and trails[0].move == judged.move:
        reasons.append("it is the lowest-risk card to give up")
    points = _notable((card,), view)
    reasons.append(f"it gives up {_and(points)}" if points else "it carries no points")
    start = f"Trailed {card.pretty}" if voice.past else f"Trail {card.pretty}"
    if view.is_last_play:  # nobody plays again this hand: no one can take it
        return f"{start}: {'; '.join(reasons)}."
    same = sum(1 for c in view.unseen if c.rank == card.rank)
    if same == 0:
        reasons.append(f"every other {_rank_word(card)} is already out, so no one can pair it")
    elif same == 1:
        reasons.append(f"only one other {_rank_word(card)} is unseen")
    kept = [c.pretty for c in view.hand if c != card and _notable((c,), view)]
    if kept and not points and not voice.past:
        reasons.append(f"{_and(kept)} stay{'s' if len(kept) == 1 else ''} in hand")
    worth = appraiser_for(view).card_value(card, view.side)
    return (f"{start}: {'; '.join(reasons)}. Whoever takes it gains {_points(worth)}.")


def _leave_sentence(view: PlayerView, judged: Assessment, voice: _Voice) -> str:
    loose, builds = judged.left_loose, judged.left_builds
    if view.is_last_play:
        return _last_play_sentence(judged, voice)
    opponent, size = next_opponent(view)
    who = _next_player(view, opponent)
    verb = "leaves" if not voice.past else "left"
    if not loose and not builds:
        return f"That {verb} the table empty, so {who} must trail."
    table = _and([*(c.pretty for c in loose), *(_item(b) for b in builds)])
    threat = _worst_threat(view, loose, builds, opponent, size)
    if threat is None:
        return f"It {verb} {table}, which no unseen card can take."
    rank, take, p = threat
    if take.sweep and view.rules.sweeps:
        what = "sweep the table"
    else:
        what = f"take {_name_taken(take.cards, loose, builds)}"
    return (f"It {verb} {table}; {who} could {what} with {_a(_rank_text(rank))} "
            f"({p:.0%} likely): {_points(judged.exposure)} on average.")


def _last_play_sentence(judged: Assessment, voice: _Voice) -> str:
    """Nobody plays after the last card of the hand: what is left on the table goes
    to the last capturer (9.1), never as a sweep."""
    was = "was" if voice.past else "is"
    left = [*(c.pretty for c in judged.left_loose), *(_item(b) for b in judged.left_builds)]
    if not left:
        return f"It {was} the last play of the hand."
    go = "went" if voice.past else "go"
    if judged.move.kind == CAPTURE:
        mover = "its side" if voice.past else "you"
        return (f"It {was} the last play of the hand, so the cards left ({_and(left)}) "
                f"{go} to {mover} as the last capture's leftovers.")
    return (f"It {was} the last play of the hand: the cards left ({_and(left)}) {go} to "
            "whoever captured last.")


def _name_taken(cards: Sequence[Card], loose: Sequence[Card], builds: Sequence[Build]) -> str:
    """Name captured table cards as the table shows them: loose cards and whole builds."""
    taken = set(cards)
    names = [c.pretty for c in loose if c in taken]
    names.extend(_item(b) for b in builds if set(b.cards) <= taken)
    return _and(names)


def _worst_threat(view: PlayerView, loose: tuple[Card, ...], builds: tuple[Build, ...],
                  opponent: int, size: int) -> tuple[int, Take, float] | None:
    """The opponent's most damaging likely capture: (rank, Take, chance it is held)."""
    appraiser = appraiser_for(view)
    counts = rank_counts(view.unseen)
    certain = held_ranks(builds, opponent, view.rules)
    best: tuple[float, int, Take, float] | None = None
    for rank in sorted(counts):
        take = best_take(loose, builds, Card(rank, "h"), view.rules)
        if not take.cards:
            continue
        p = 1.0 if rank in certain else chance_holds(counts[rank], size, len(view.unseen))
        loss = -appraiser.swing(take.cards, view.side_of(opponent), view.side, take.sweep) * p
        if best is None or loss > best[0]:
            best = (loss, rank, take, p)
    if best is None:
        return None
    return best[1], best[2], best[3]


def _next_player(view: PlayerView, seat: int) -> str:
    return "the opponent" if view.players == 2 else f"the next player (seat {seat})"


def _rank_text(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def _rank_word(card: Card) -> str:
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(card.rank, str(card.rank))


def _a(word: object) -> str:
    text = str(word)
    return f"an {text}" if text.startswith(("8", "11", "A")) else f"a {text}"
