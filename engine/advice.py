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

from engine.advice_words import (
    BuildName,
    Group,
    Percent,
    Phrase,
    Points,
    RankName,
    english,
    phrase,
    plural,
    sentences,
)
from engine.cards import BIG_CASINO, JACK_OF_SPADES, LITTLE_CASINO, Card
from engine.errors import CassinoError, IllegalMoveError, TooMuchWorkError
from engine.game import GameState
from engine.judge_words import Hand, Rank, Value
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
    said: Phrase | None = None  # the reason as a phrase tree, for other languages


def hint(source: PlayerView | GameState, seat: int | None = None,
         rng: random.Random | None = None, level: int = STRONGEST) -> Advice:
    """The move of computer level `level` (default the strongest) for `seat`
    (default: the player to move), explained."""
    view = _view(source, seat)
    if view.seat != view.to_move:
        raise CassinoError(f"it is seat {view.to_move}'s turn, not seat {view.seat}'s")
    chooser_rng = rng or random.Random(f"hint:{view.position().text}")
    move = choose_move(level, view, chooser_rng)
    said = describe_phrase(view, move, _Voice.advice())
    return Advice(move, english(said), said)


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
    return english(explain_phrase(source, move))


def explain_phrase(source: PlayerView | GameState, move: Move) -> Phrase:
    """`explain` as a phrase tree (engine/advice_words.py), for other languages."""
    view = _view(source, None)
    if move not in view.legal_moves():
        raise IllegalMoveError(f"{move.text!r} is not a legal move in {view.position().text!r}")
    return describe_phrase(view, move, _Voice.report())


COACH_MARGIN = 0.5  # expected hand points; below this, two moves are a matter of taste


@dataclass(frozen=True, slots=True)
class Review:
    """A clearly stronger move than the one played, and why (see `review`)."""

    played: Move
    better: Move
    played_value: float  # expected hand points for the mover's side
    better_value: float
    reason: str  # the better move, explained as advice
    said: Phrase | None = None  # the reason as a phrase tree

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
    return Review(move, advice.move, played, better, advice.reason, advice.said)


def _view(source: PlayerView | GameState, seat: int | None) -> PlayerView:
    if isinstance(source, PlayerView):
        if seat is not None and seat != source.seat:
            raise CassinoError(f"this view belongs to seat {source.seat}, not seat {seat}")
        return source
    return view_of(source, seat)


# ----- wording ----------------------------------------------------------------------
# Every sentence is a phrase tree (engine/advice_words.py): the app words it in the
# learner's language; `english` gives the English for `Advice.reason` and the CLI.


@dataclass(frozen=True, slots=True)
class _Voice:
    """Advice speaks to the player ("Take ..."); a report tells what was done ("took")."""

    name: str  # "advice" / "report": the suffix of the phrase keys
    past: bool

    @classmethod
    def advice(cls) -> _Voice:
        return cls("advice", False)

    @classmethod
    def report(cls) -> _Voice:
        return cls("report", True)


def describe(view: PlayerView, move: Move, voice: _Voice | None = None) -> str:
    """One or two sentences about `move` in `view`, naming the cards."""
    return english(describe_phrase(view, move, voice))


def describe_phrase(view: PlayerView, move: Move, voice: _Voice | None = None) -> Phrase:
    """`describe` as a phrase tree, for wording in another language: the sentences
    about the move, then the one about what it leaves."""
    voice = voice or _Voice.advice()
    judged = assess(view, move)
    if move.kind == CAPTURE:
        first = _capture_sentences(view, judged, voice)
    elif move.kind == BUILD:
        first = _build_sentences(view, judged, voice)
    else:
        first = _trail_sentences(view, judged, voice)
    return sentences(*first, _leave_sentence(view, judged, voice))


def _item(item: Card | Build) -> object:
    return BuildName(item) if isinstance(item, Build) else item


def _what_taken(move: Move) -> tuple[object, ...]:
    return tuple(Group(tuple(group)) if len(group) > 1 else _item(group[0])
                 for group in move.display_groups())


def _notable(cards: Sequence[Card], view: PlayerView) -> tuple[Phrase, ...]:
    """The cards that score, named: aces, the casinos, spades."""
    found: list[Phrase] = []
    if BIG_CASINO in cards:
        found.append(phrase("big-casino", card=BIG_CASINO))
    if LITTLE_CASINO in cards:
        found.append(phrase("little-casino", card=LITTLE_CASINO))
    aces = [c for c in cards if c.rank == 1]
    if aces:
        found.append(phrase("an-ace", cards=Hand(tuple(aces))) if len(aces) == 1
                     else phrase("aces", n=len(aces), cards=Hand(tuple(aces))))
    spades = [c for c in cards if c.suit == "s"]
    if view.rules.scoring == Scoring.SPADES:
        spades = [c for c in spades if c != LITTLE_CASINO and c.rank != 1]  # named above
        if JACK_OF_SPADES in spades:
            found.append(phrase("jack-of-spades", card=JACK_OF_SPADES))
            spades.remove(JACK_OF_SPADES)
        if spades:
            found.append(phrase("spades-each", cards=Hand(tuple(spades))))
    elif spades:
        found.append(phrase("one-spade") if len(spades) == 1 else phrase("spades", n=len(spades)))
    return tuple(found)


def _capture_sentences(view: PlayerView, judged: Assessment, voice: _Voice) -> list[Phrase]:
    move = judged.move
    said = [plural(f"capture.{voice.name}", len(judged.captured), card=move.card,
                   taken=_what_taken(move), stake=Points(judged.gain))]
    if move.card.rank == 1 and move.value == 14:
        said.append(phrase(f"as14.{voice.name}"))
    notable = _notable(judged.captured, view)
    if notable:
        said.append(phrase(f"including.{voice.name}", items=notable))
    if judged.sweep and view.rules.sweep_value:
        said.append(plural(f"sweep.{voice.name}", view.rules.sweep_value))
    return said


def _build_sentences(view: PlayerView, judged: Assessment, voice: _Voice) -> list[Phrase]:
    move = judged.move
    value = move.value or 0
    made = next((b for b in judged.left_builds if move.card in b.cards), None)
    cards = made.cards if made else (move.card, *move.loose)
    onto: list[object] = []
    if move.target is not None:
        onto.append(_owned_build(view, move.target, voice))
    onto.extend(move.loose)
    assert onto, "a build always takes a table card or a build (rule 5.4)"
    kind = "multiple" if made is not None and made.is_multiple else "build"
    said = [plural(f"{kind}.{voice.name}", len(cards), value=value, card=move.card,
                   onto=tuple(onto), keep=Value(value),
                   expected=Points(judged.builds_ahead))]
    notable = _notable(cards, view)
    if notable:
        said.append(phrase("build-holds", items=notable))
    unseen = view.unseen
    opponent, size = next_opponent(view)
    holders = sum(1 for c in unseen if value in view.rules.capture_values(c))
    who, seat = _next_player(view, opponent)
    if holders == 0:
        said.append(phrase(f"safe.{who}", seat=seat))
    else:
        p = chance_holds(holders, size, len(unseen))
        said.append(plural(f"unsafe.{who}", holders, seat=seat, p=Percent(p)))
    return said


def _owned_build(view: PlayerView, build: Build, voice: _Voice) -> object:
    if build.controller == view.seat:
        return phrase(f"own-build.{voice.name}", value=build.value, cards=Hand(build.cards))
    return _item(build)


def _trail_sentences(view: PlayerView, judged: Assessment, voice: _Voice) -> list[Phrase]:
    card = judged.move.card
    said = [phrase(f"trail.{voice.name}", card=card)]
    if not voice.past and all(m.kind == TRAIL for m in view.legal_moves()):
        said.append(phrase("nothing-else"))
    trails = [a for a in assess_all(view) if a.move.kind == TRAIL]
    if len(trails) > 1 and trails[0].move == judged.move:
        said.append(phrase(f"lowest-risk.{voice.name}"))
    points = _notable((card,), view)
    said.append(phrase(f"gives-up.{voice.name}", items=points) if points
                else phrase(f"no-points.{voice.name}"))
    if view.is_last_play:  # nobody plays again this hand: no one can take it
        return said
    same = sum(1 for c in view.unseen if c.rank == card.rank)
    if same == 0:
        said.append(phrase(f"all-out.{voice.name}", rank=RankName(card.rank)))
    elif same == 1:
        said.append(phrase(f"one-unseen.{voice.name}", rank=RankName(card.rank)))
    kept = tuple(c for c in view.hand if c != card and _notable((c,), view))
    if kept and not points and not voice.past:
        said.append(plural("stays", len(kept), cards=kept))
    worth = appraiser_for(view).card_value(card, view.side)
    said.append(phrase("gain", points=Points(worth)))
    return said


def _leave_sentence(view: PlayerView, judged: Assessment, voice: _Voice) -> Phrase:
    loose, builds = judged.left_loose, judged.left_builds
    if view.is_last_play:
        return _last_play_sentence(judged, voice)
    opponent, size = next_opponent(view)
    who, seat = _next_player(view, opponent)
    if not loose and not builds:
        return phrase(f"leave.empty.{voice.name}.{who}", seat=seat)
    table = (*loose, *(_item(b) for b in builds))
    threat = _worst_threat(view, loose, builds, opponent, size)
    if threat is None:
        return phrase(f"leave.safe.{voice.name}", table=table)
    rank, take, p = threat
    facts: dict[str, object] = {"table": table, "seat": seat, "rank": Rank(rank),
                                "p": Percent(p), "points": Points(judged.exposure)}
    if take.sweep and view.rules.sweep_value:
        return Phrase(f"leave.sweep.{voice.name}.{who}", facts)
    facts["items"] = _name_taken(take.cards, loose, builds)
    return Phrase(f"leave.take.{voice.name}.{who}", facts)


def _last_play_sentence(judged: Assessment, voice: _Voice) -> Phrase:
    """Nobody plays after the last card of the hand: what is left on the table goes
    to the last capturer (9.1), never as a sweep."""
    left = (*judged.left_loose, *(_item(b) for b in judged.left_builds))
    if not left:
        return phrase(f"last.{voice.name}")
    if judged.move.kind == CAPTURE:
        return phrase(f"last.capture.{voice.name}", items=left)
    return phrase(f"last.other.{voice.name}", items=left)


def _name_taken(cards: Sequence[Card], loose: Sequence[Card],
                builds: Sequence[Build]) -> tuple[object, ...]:
    """Name captured table cards as the table shows them: loose cards and whole builds."""
    taken = set(cards)
    names: list[object] = [c for c in loose if c in taken]
    names.extend(_item(b) for b in builds if set(b.cards) <= taken)
    return tuple(names)


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


def _next_player(view: PlayerView, seat: int) -> tuple[str, int]:
    """Who plays next, as the sentences' case ("opponent" in a two-player game, else
    "seat") and the seat number."""
    return ("opponent" if view.players == 2 else "seat"), seat
