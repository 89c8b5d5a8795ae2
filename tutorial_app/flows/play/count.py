"""Count the cards left: after the last deal of a Play hand, the learner names the
cards the other player still holds.

Once the stock is used up and only one other seat holds cards, every card's place is
known to a player who has counted: what is not in their hand, on the table or in a
captured pile is in that hand. The engine's `PlayerView` says so (`all_known`) and
its `unseen` cards are the answer; the page offers to pick them from every card the
learner cannot see now (not in their hand, not on the table), so the cards already
captured are among the choices and only counting tells them apart.

A task belongs to the table it was opened at (the move number): once a card is
played the answer changes, so the task lapses and may be opened again. The reply is
kept as facts (the cards missed and wrongly picked) and worded when drawn.

A check never names a card the learner did not pick while the hand is on: the other
hand is hidden, and naming its cards would answer the task (an empty check would
list them all). It says how many are still missing and names the learner's own wrong
picks; the hidden cards are named when the learner asks to see them ("Show me").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cards import Card, parse_cards
from engine.players.view import PlayerView, view_of
from tutorial_app.flows.play.game import YOU, Game
from tutorial_app.words import words
from tutorial_app.words.i18n import count, join_and


@dataclass(frozen=True, slots=True)
class CountTask:
    """The task opened at move number `ply`: the cards picked so far (notation), and
    the check's result once asked for."""

    ply: int
    picked: frozenset[str] = frozenset()
    result: CountResult | None = None


@dataclass(frozen=True, slots=True)
class CountResult:
    """What the check found: the cards the other hand holds, those the learner
    missed and those picked that it does not hold (all sorted)."""

    held: tuple[Card, ...]
    missed: tuple[Card, ...]
    wrong: tuple[Card, ...]
    shown: bool = False  # the learner asked to see the answer: the held cards named

    @property
    def right(self) -> bool:
        return not self.missed and not self.wrong


@dataclass(frozen=True, slots=True)
class CountScreen:
    """What the page draws of the task: offered (a button) or open (the choices)."""

    open: bool
    choices: tuple[Card, ...] = ()
    picked: frozenset[str] = frozenset()
    result: CountResult | None = None

    @property
    def reply(self) -> str | None:
        return None if self.result is None else reply_text(self.result)


def learner_view(game: Game) -> PlayerView | None:
    """The learner's view when the task can be set: in play, every hidden card's place
    known, and another hand still holding cards."""
    if not game.in_play:
        return None
    view = view_of(game.state, YOU)
    if not view.all_known or not view.unseen:
        return None
    return view


def choices(view: PlayerView) -> tuple[Card, ...]:
    """Every card the learner cannot see now: the other hand's and the captured ones."""
    seen = set(view.hand) | set(view.table_cards)
    return tuple(sorted({*view.unseen, *(c for pile in view.piles for c in pile)} - seen))


def judge(view: PlayerView, picked: frozenset[str], shown: bool = False) -> CountResult:
    held = tuple(sorted(view.unseen))
    chosen = {card for text in picked for card in parse_cards(text)}
    return CountResult(held, tuple(c for c in held if c not in chosen),
                       tuple(sorted(c for c in chosen if c not in held)), shown)


def toggled(task: CountTask, card: str) -> CountTask:
    """The task with `card` picked or put back; a new pick asks for a new check."""
    picked = task.picked - {card} if card in task.picked else task.picked | {card}
    return replace(task, picked=picked, result=None)


def _cards(cards: tuple[Card, ...]) -> str:
    return join_and([words.card(c) for c in cards])


def reply_text(result: CountResult) -> str:
    """Right (the cards named); or the learner's wrong picks named and how many cards
    are still missing, one whole sentence each; or, asked to be shown, the cards the
    other player holds."""
    if result.shown:
        return count(len(result.held), "play-count-shown", cards=_cards(result.held))
    if result.right:
        return count(len(result.held), "play-count-right", cards=_cards(result.held))
    said = []
    if result.wrong:
        said.append(count(len(result.wrong), "play-count-wrong", cards=_cards(result.wrong)))
    if result.missed:
        said.append(count(len(result.missed), "play-count-missing"))
    return " ".join(said)
