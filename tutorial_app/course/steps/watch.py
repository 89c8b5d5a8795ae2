"""The watch step: a demonstration. The board makes a move by itself, a beat at a
time, one short sentence each, then hands over to the learner; not scored.

    - id: see-a-sum
      kind: watch
      position: "table: 5c 3d 9h; hand: 8s 2c"
      beats:
        - say: Your 8♠ is worth 8.
          show: 8s
        - say: The 5♣ and the 3♦ add up to 8.
          show: 5c 3d
        - say: So the 8♠ takes them both, as one sum.
          move: "8s x 5c+3d"
      then: Now you take a sum.

Each beat's board is worked out when the lesson loads, so a lesson whose
demonstration the engine would refuse never reaches a learner: every `move:` must be
legal (`engine.check`) on the board as the beats before it left it, and every card a
`show:` names must be on that board (the table, a build, the hand, or the pile of
cards the demonstration has taken). A move's beat draws the board after it, with what
it made marked: the cards taken (in the pile), the build made, the card trailed.

What a demonstration shows (`demonstrates`) is what its moves use
(`concepts.move_concepts`), what the boards they are made on show (a build, a build
the mover controls), a sweep when a move clears the table, and scoring when a beat
points at a captured card that scores. It is also what the step needs: a
demonstration shows nothing its lesson has not taught. The course check that every
new kind of task is demonstrated first is course/proofs/demonstrations.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

import yaml

from engine import (
    BUILD,
    CAPTURE,
    Card,
    Move,
    NotationError,
    Position,
    Rules,
    Scoring,
    apply_move,
    check,
    parse_attempt,
    parse_cards,
)
from engine.scoring import card_points
from tutorial_app.course.concepts import move_concepts, position_concepts
from tutorial_app.course.judge.outcome import Feedback, FeedbackStatus
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.positions import read_position
from tutorial_app.course.reading.yamlsrc import Fields, Source, item
from tutorial_app.course.steps.base import INDENT, StepUnit, position_needs
from tutorial_app.course.steps.base import text as _text
from tutorial_app.words import words
from tutorial_app.words.i18n import lesson_text

MAX_BEATS: Final = 8  # a demonstration is short: a learner taps Next at most this often
SAY_WORDS: Final = 20  # one short sentence a beat, as the English is written
_WORD: Final = re.compile(r"[^\W_]")  # a token with a letter or a digit is read as a word


@dataclass(frozen=True, slots=True)
class Beat:
    """One beat: its sentence and the board drawn with it (worked out at loading)."""

    say: str
    board: Position  # the board at this beat: after its move, if it makes one
    marked: frozenset[Card] = frozenset()  # the cards pointed at (shown, or just moved)
    pile: tuple[Card, ...] = ()  # the cards the demonstration has taken so far
    move: Move | None = None  # the move made at this beat
    before: Position | None = None  # the board that move was made on
    sweep: bool = False  # that move cleared the table


@dataclass(frozen=True)
class WatchStep:
    """A move made by the board itself, beat by beat, then handed over; not scored."""

    id: str
    position: Position
    beats: tuple[Beat, ...]
    then: str = ""  # the hand-over line after the last beat ("Now you take a sum.")
    key: str = ""
    kind: Literal["watch"] = "watch"


def demonstrates(step: WatchStep) -> dict[str, str]:
    """Each concept the demonstration shows, with the beat that shows it first."""
    out: dict[str, str] = {}
    for number, beat in enumerate(step.beats, start=1):
        if beat.move is not None and beat.before is not None:
            where = f"its move {beat.move.text} (beat {number})"
            for concept in sorted(move_concepts(beat.move, beat.before)):
                out.setdefault(concept, where)
            for concept in position_concepts(beat.before):
                out.setdefault(concept, f"the board of beat {number}")
            if beat.sweep:
                out.setdefault("sweep", where)
        spades = beat.board.rules.scoring is Scoring.SPADES
        scoring = sorted(c for c in beat.marked if c in beat.pile and beat.move is None
                         and card_points(c, spades))
        if scoring:
            out.setdefault("scoring", f"the captured {scoring[0]} it points at (beat {number})")
    return out


def marked_by(move: Move, after: Position, taken: tuple[Card, ...]) -> frozenset[Card]:
    """What a move's beat points at: the cards it took, the build it made, the card
    it trailed."""
    if move.kind is CAPTURE:
        return frozenset(taken)
    if move.kind is BUILD:
        made = next((b for b in after.builds if move.card in b.cards), None)
        return frozenset(made.cards) if made is not None else frozenset({move.card})
    return frozenset({move.card})


def on_board(card: Card, board: Position, pile: tuple[Card, ...]) -> bool:
    return (card in board.loose or card in board.hand or card in pile
            or any(card in b.cards for b in board.builds))


def words_read(text: str) -> int:
    """How many words a reader reads: a card ("6♦") or a number is one, a lone dash none."""
    return sum(1 for token in text.split() if _WORD.search(token))


def _say(src: Source, fields: Fields, key: str) -> str | None:
    """The beat's sentence, in the learner's language. Over SAY_WORDS words is an error
    in the proofs (`validate` and the tests), so a long one never keeps a lesson from
    the app."""
    node = fields.get("say")
    if node is None:
        return None
    found = yamlsrc.text(src, node, fields.at("say"))
    if found is not None and src.proofs and words_read(found) > SAY_WORDS:
        src.error(node, fields.at("say"), f"{words_read(found)} words: a beat says one short "
                  f"sentence of at most {SAY_WORDS}; split it into two beats")
    return lesson_text(f"{key}.say", found) if found is not None else None


def _show(src: Source, fields: Fields, board: Position,
          pile: tuple[Card, ...]) -> frozenset[Card] | None:
    node = fields.get("show")
    if node is None:
        return frozenset()
    written = yamlsrc.text(src, node, fields.at("show"))
    if written is None:
        return None
    try:
        cards = parse_cards(written)
    except NotationError as error:
        src.error(node, fields.at("show"), str(error))
        return None
    absent = [c for c in cards if not on_board(c, board, pile)]
    if absent:
        src.error(node, fields.at("show"), f"{', '.join(map(str, absent))} is not on the "
                  f"board at this beat (the board: {board.text}; the pile: "
                  f"{' '.join(map(str, pile)) or '-'})")
        return None
    return frozenset(cards)


def _beat(src: Source, node: yaml.Node, path: str, key: str, board: Position,
          pile: tuple[Card, ...]) -> Beat | None:
    """One beat on the board the beats before it left; None after reporting why not."""
    fields = yamlsrc.mapping(src, node, path, ("say",), ("show", "move"), "a beat (say, "
                             "and show or move)")
    if fields is None:
        return None
    say = _say(src, fields, key)
    if "show" in fields and "move" in fields:
        src.error(fields.keys["move"], fields.at("move"), "a beat shows cards or makes a "
                  "move, not both: make them two beats")
        return None
    shown = _show(src, fields, board, pile)
    move_node = fields.get("move")
    if say is None or shown is None:
        return None
    if move_node is None:
        return Beat(say, board, shown, pile)
    written = yamlsrc.text(src, move_node, fields.at("move"))
    if written is None:
        return None
    try:
        verdict = check(board, parse_attempt(written))
    except NotationError as error:
        src.error(move_node, fields.at("move"), str(error))
        return None
    if not verdict.legal or verdict.move is None:
        src.error(move_node, fields.at("move"), f"not a legal move on the board at this beat "
                  f"({board.text}): {verdict.message}")
        return None
    outcome = apply_move(board, verdict.move)
    taken = (*pile, *outcome.captured)
    return Beat(say, outcome.position, marked_by(verdict.move, outcome.position,
                                                 outcome.captured),
                taken, verdict.move, board, outcome.sweep)


def read_beats(src: Source, node: yaml.Node, path: str, key: str,
               position: Position) -> tuple[Beat, ...] | None:
    """The beats in order, each on the board the ones before it left."""
    entries = yamlsrc.sequence(src, node, path, "[{say: Your 8♠ is worth 8., show: 8s}]")
    if entries is None:
        return None
    if not entries:
        src.error(node, path, "a demonstration has at least one beat")
        return None
    if len(entries) > MAX_BEATS:
        src.error(node, path, f"{len(entries)} beats: a demonstration has at most "
                  f"{MAX_BEATS}; show the rest in a second one")
        return None
    beats: list[Beat] = []
    board: Position = position
    pile: tuple[Card, ...] = ()
    for index, entry in enumerate(entries):
        beat = _beat(src, entry, item(path, index), f"{key}.beats.{index}", board, pile)
        if beat is None:
            return None  # the beats after it have no board to be checked on
        beats.append(beat)
        board, pile = beat.board, beat.pile
    return tuple(beats)


class WatchUnit(StepUnit[WatchStep]):
    """A demonstration: read like a read step (nothing to answer, no stars), drawn beat
    by beat (views/learn.py, ui/watch_panel.py) with the beat on screen kept by the
    lesson controller (flows/lesson.py)."""

    kind = "watch"
    required = ("position", "beats")
    optional = ("then",)
    scored = False

    def read(self, src: Source, fields: Fields, rules: Rules, key: str) -> WatchStep | None:
        then = _text(src, fields, "then", key)
        node = fields.get("position")
        position = read_position(src, node, fields.at("position"), rules) if node else None
        beats_node = fields.get("beats")
        if position is None or beats_node is None:
            return None
        beats = read_beats(src, beats_node, fields.at("beats"), key, position)
        if beats is None:
            return None
        return WatchStep(id="", position=position, beats=beats, then=then)

    def check(self, step: WatchStep, answer: object, *, wrong_attempts: int = 0,
              hints_used: int = 0) -> Feedback:
        """Nothing to get wrong: watching is all it asks (and it earns no stars)."""
        return Feedback(FeedbackStatus.CORRECT, "")

    def replies(self, step: WatchStep) -> Iterator[tuple[str, str]]:
        """None: a demonstration is not answered, so it replies nothing."""
        return iter(())

    def needs(self, step: WatchStep) -> dict[str, str]:
        """What it shows: a demonstration may show only what its lesson (or one before
        it) teaches, like any task."""
        out = position_needs(step.position)
        out.update({k: v for k, v in demonstrates(step).items() if k not in out})
        return out

    def beats(self, step: WatchStep) -> int:
        return len(step.beats)

    def demonstrates(self, step: WatchStep) -> dict[str, str]:
        return demonstrates(step)

    def text(self, step: WatchStep) -> str:
        return " ".join([*(beat.say for beat in step.beats), *([step.then] if step.then
                                                                 else [])])

    def texts(self, step: WatchStep) -> Iterable[str]:
        return ()  # like reading, its words are counted apart (course statistics)

    def move_words(self, step: WatchStep) -> str | None:
        moves = [beat.move for beat in step.beats if beat.move is not None]
        return words.move(moves[0]) if moves else None

    def show(self, step: WatchStep) -> list[str]:
        lines = [f"{INDENT}position: {step.position.text}", f"{INDENT}beats:"]
        for number, beat in enumerate(step.beats, start=1):
            what = (f"   [{beat.move.text}: {words.move(beat.move)}]" if beat.move
                    else f"   [{' '.join(sorted(map(str, beat.marked)))}]" if beat.marked
                    else "")
            lines.append(f"{INDENT}  {number}. {beat.say}{what}")
        if step.then:
            lines.append(f"{INDENT}then: {step.then}")
        shown = demonstrates(step)
        lines.append(f"{INDENT}demonstrates: {', '.join(sorted(shown)) or '-'}")
        return lines


UNIT = WatchUnit()
