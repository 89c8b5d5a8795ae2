"""The Sandbox page's controller (plain Python, no Streamlit).

The page sets up any position, lists every legal move with what it does,
judges the moves tried on it and keeps the line of moves played, with back
and forward. What it remembers between clicks is a `Line` (the start position,
the moves and a cursor), the cards of a build being assembled and the last
notice (the judge's words or a set-up problem). The start position and the
moves are kept in the link (`?position=...&moves=...`), so it can be shared.

The view draws `screen()` and forwards clicks to the methods below; the
set-up widgets' values are read back from the memory under `key(...)` names,
which the view uses as its widget keys.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from engine import PRESETS, Attempt, Card, CassinoError, Position, check
from engine.position import Problem
from engine.settings import SETTING
from tutorial_app.flows import links, page
from tutorial_app.flows.advice import Advice, advice_for
from tutorial_app.flows.line import Line, MoveEffect, describe_moves
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.page import Message, Notice, Tone
from tutorial_app.flows.position_edit import (
    START_POSITION,
    Place,
    add_build,
    free_cards,
    place_card,
    remove_card,
    with_players,
    with_rules,
)
from tutorial_app.flows.state import Memory
from tutorial_app.words import words
from tutorial_app.words.i18n import t

SCOPE: Final = "sandbox"
PAGE: Final = "sandbox"
PLAYERS: Final = (2, 3, 4)

# The memory's own entries (the widget keys are below, in `SandboxController.key`).
_LINE: Final = "line"
_PENDING: Final = "pending"
_NOTICE: Final = "notice"
_SYNCED: Final = "synced"
_SELECTION: Final = "sel"  # the cards clicked on the board (ui/board.py keeps "<scope>.sel")


def player(seat: int) -> int:
    """The number the Sandbox shows for a seat: "Player 1" is the notation's seat @0.
    Nobody at a table set up by hand is "you" or "the computer", and a learner counts
    players from 1, never reads a seat's id (0)."""
    return seat + 1


# The problems that name a seat: worded with the seat as its player ("Player 1 controls a
# build of 8 but holds no card to take it"), as the Sandbox names seats everywhere else.
_PLAYER_PROBLEMS: Final = frozenset({"seat", "uncovered", "build-seat"})


def problem_words(found: Problem) -> str:
    """Why the position set up cannot occur, in the learner's language, naming players
    as the Sandbox does; the other problems as every page words them."""
    if found.code not in _PLAYER_PROBLEMS or "seat" not in found.facts:
        return words.problem(found)
    facts = dict(found.facts)
    facts["seat"] = player(int(facts["seat"]))
    return t(f"sandbox.problem.{found.code}", **facts)


class Step(StrEnum):
    """Where the Start / Back / Forward / End buttons take the line."""

    START = "start"
    BACK = "back"
    FORWARD = "forward"
    END = "end"


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """One row of "Moves played": its number, the move in words, whether it is the
    move the board shows now."""

    number: int
    pretty: str
    sweep: bool
    current: bool


@dataclass(frozen=True, slots=True)
class Pile:
    seat: int
    cards: int
    sweeps: int


@dataclass(frozen=True, slots=True)
class BoardScreen:
    """The board and the answer under it: all a click on a card changes."""

    position: Position
    problems: tuple[str, ...]          # why the position is impossible (moves are off)
    notice: Notice | None


@dataclass(frozen=True, slots=True)
class SandboxScreen:
    position: Position
    problems: tuple[str, ...]          # why the position is impossible (moves are off)
    notice: Notice | None
    # the set-up panel
    free: tuple[Card, ...]             # cards not yet placed, for the trays
    placed: tuple[Card, ...]           # loose and hand cards, to take back
    drafting: bool                     # a build is being assembled (show its panel)
    draft: tuple[Card, ...]
    draft_value: int                   # a first guess at the new build's value
    seats: tuple[int, ...]
    share: Mapping[str, str]           # the link's parameters: start position and moves
    classroom: Mapping[str, str]       # the Classroom link's parameters: this position
    # the line of moves
    played: tuple[PlayedMove, ...]
    can_back: bool
    can_forward: bool
    piles: tuple[Pile, ...]
    # every legal move, and the computer's advice when asked for
    moves: tuple[MoveEffect, ...]
    advice: Advice | None


class SandboxController:
    """One script run's view of the Sandbox: built from the session's mapping and the
    query parameters (`st.session_state` and `st.query_params`, or two dicts)."""

    def __init__(self, memory: MutableMapping[str, Any],
                 params: MutableMapping[str, str]) -> None:
        self.memory = Memory(memory, SCOPE)
        self.params = params

    def key(self, name: str) -> str:
        """A widget's key, for the values read back here: "place", "build_value",
        "build_seat", "text", "preset", "rule.<setting>", "players", "seat", "last",
        "listed", "advice"."""
        return self.memory.key(name)

    # ----- state --------------------------------------------------------------------

    @property
    def line(self) -> Line:
        found = self.memory.typed(_LINE, Line)
        if found is None:
            found = Line(Position.parse(START_POSITION))
            self.memory[_LINE] = found
        return found

    @property
    def pending(self) -> tuple[Card, ...]:
        """The cards of the build being assembled."""
        value = self.memory.get(_PENDING)
        return tuple(c for c in value if isinstance(c, Card)) if isinstance(
            value, (list, tuple)) else ()

    @property
    def notice(self) -> Notice | None:
        return self.memory.typed(_NOTICE, Notice)

    def _set_line(self, new: Line, notice: Notice | None = None) -> None:
        self.memory[_LINE] = new
        selection = self.memory.typed(_SELECTION, Selection) or Selection()
        self.memory[_SELECTION] = selection.fit(new.position)
        self._tell(notice)

    def _tell(self, notice: Notice | None) -> None:
        if notice is None:
            self.memory.clear(_NOTICE)
        else:
            self.memory[_NOTICE] = notice

    def _edit(self, position: Position) -> None:
        """An edit starts a fresh line from the edited position."""
        self._set_line(Line(position))

    # ----- every run: the link and the set-up widgets -------------------------------

    def sync(self) -> None:
        """Before drawing: open a new link, show the position's own settings in the
        set-up widgets, and keep the address bar on the line shown."""
        self._open_link()
        self._sync_widgets(self.line.position)
        self._write_link()

    def _open_link(self) -> None:
        """Restore the position (and moves) from the link, once per new link."""
        link = page.new_link(self.memory, self.params, links.POSITION, links.MOVES)
        if link is None or not link[0]:
            return
        found = links.read_position(link[0], link[1])
        if found.position is not None:
            self._set_line(Line.from_moves(found.position, found.moves))
        if found.problem is not None:
            self._tell(Notice(Tone.REFUSED, found.problem))

    def _write_link(self) -> None:
        line = self.line
        page.write_link(self.memory, self.params,
                        {links.POSITION: line.start.text, links.MOVES: line.moves_text})

    def _sync_widgets(self, position: Position) -> None:
        """Show the position's own settings in the set-up widgets, whenever it changes."""
        if self.memory.get(_SYNCED) == position:
            return
        self.memory[_SYNCED] = position
        self.memory["preset"] = position.rules.text.split()[0]
        for name, value in position.rules.settings().items():
            self.memory[f"rule.{name}"] = value
        self.memory["players"] = position.players
        self.memory["seat"] = position.seat
        self.memory["last"] = position.last
        self.memory["text"] = position.text

    def share_url(self, base: str | None) -> str:
        """The link to this position and its moves (`base` is the app's own address)."""
        return links.share_url(base, PAGE, self._share())

    def _share(self) -> dict[str, str]:
        line = self.line
        return {k: v for k, v in ((links.POSITION, line.start.text),
                                  (links.MOVES, line.moves_text)) if v}

    # ----- clicks: moves --------------------------------------------------------------

    def try_move(self, attempt: Attempt) -> None:
        """The board's Capture / Build / Trail: judged once; a legal move is played."""
        line = self.line
        try:
            verdict = check(line.position, attempt)
        except CassinoError as error:  # over a limit of engine/limits.py
            self._tell(Notice(Tone.REFUSED, error))
            return
        if verdict.legal and verdict.move is not None:
            self._set_line(line.play(verdict.move), Notice(Tone.PLAYED, verdict))
            self.memory[_SELECTION] = Selection()
        else:
            self._tell(Notice(Tone.REFUSED, verdict, verdict.rule))

    def play_listed(self) -> None:
        """Play the move chosen in the list of legal moves."""
        chosen = self.memory.get("listed")
        line = self.line
        try:
            effects = describe_moves(line.position)
        except CassinoError as error:
            self._tell(Notice(Tone.REFUSED, error))
            return
        for effect in effects:
            if effect.text == chosen:
                self._set_line(line.play(effect.move), Notice.of(
                    Tone.PLAYED, "sandbox.listed_played", move=effect.pretty,
                    effect=effect.effect))
                return

    def step(self, where: Step) -> None:
        line = self.line
        moved = {Step.START: line.to_start, Step.BACK: line.back,
                 Step.FORWARD: line.forward, Step.END: line.to_end}[Step(where)]()
        self._set_line(moved)

    # ----- clicks: setting up ---------------------------------------------------------

    @property
    def place_into(self) -> Place:
        """Where "Put the next card into" says (the table when it is unselected)."""
        value = self.memory.get("place")
        return Place(value) if value in list(Place) else Place.TABLE

    def place(self, card: Card) -> None:
        """A card clicked in the tray goes where "Put the next card into" says; into a
        new build it is added to (or, clicked again, taken from) the draft."""
        where = self.place_into
        if where == Place.BUILD:
            cards = self.pending
            self.memory[_PENDING] = [c for c in cards if c != card] + (
                [] if card in cards else [card])
            return
        self._edit(place_card(self.line.position, card, where))

    def take_out(self, card: Card) -> None:
        self._edit(remove_card(self.line.position, card))

    def add_build(self) -> None:
        value = int(self.memory.get("build_value", 1))
        seat = int(self.memory.get("build_seat", 0))
        result = add_build(self.line.position, self.pending, value, seat)
        if result.problems:
            self._tell(Notice(Tone.REFUSED, result.problems))  # worded when drawn
            return
        self.memory[_PENDING] = []
        self._edit(result.position)

    def load_text(self) -> None:
        """The Notation tab's "Load position"."""
        found = links.read_position(str(self.memory.get("text", "")), typed=True)
        if found.position is None:
            self._tell(Notice(Tone.REFUSED, found.problem or Message.of("sandbox.no_position")))
            return
        self._edit(found.position)

    def set_preset(self) -> None:
        name = str(self.memory.get("preset", "classic"))
        rules = PRESETS.get(name)
        if rules is not None:
            self._edit(with_rules(self.line.position, rules))

    def set_setting(self, name: str) -> None:
        if name not in SETTING:
            return
        position = self.line.position
        try:
            rules = position.rules.with_settings({name: str(self.memory.get(f"rule.{name}"))})
        except CassinoError as error:  # a value the select does not offer: say why
            self._tell(Notice(Tone.REFUSED, error))
            return
        self._edit(with_rules(position, rules))

    def set_table_shape(self) -> None:
        """Players, seat to move and "last play of the hand"."""
        position = self.line.position
        players = int(self.memory.get("players", position.players))
        seat = int(self.memory.get("seat", position.seat))
        changed = with_players(position, players, seat)
        self._edit(changed.with_changes(last=bool(self.memory.get("last", False))))

    def clear_all(self) -> None:
        self.memory[_PENDING] = []
        self._edit(Position(rules=self.line.position.rules))

    # ----- what to draw ---------------------------------------------------------------

    def board(self) -> BoardScreen:
        """The board part of the screen alone (no list of moves worked out)."""
        position = self.line.position
        return BoardScreen(position, tuple(problem_words(p) for p in position.issues()),
                           self.notice)

    def screen(self) -> SandboxScreen:
        line = self.line
        position = line.position
        try:
            problems = tuple(problem_words(p) for p in position.issues())
            moves = () if problems else describe_moves(position)
        except CassinoError as error:  # a limit of engine/limits.py: say which, list none
            problems, moves = (words.error(error),), ()
        draft = self.pending
        cursor = line.cursor
        played = tuple(PlayedMove(i + 1, words.move(step.move), step.sweep, i == cursor - 1)
                       for i, step in enumerate(line.steps))
        piles = tuple(Pile(seat, cards, sweeps)
                      for seat, (cards, sweeps) in sorted(line.piles().items()))
        advice = advice_for(position) if moves and self.memory.get("advice") else None
        return SandboxScreen(
            position=position, problems=problems, notice=self.notice,
            free=free_cards(position, draft), placed=(*position.loose, *position.hand),
            drafting=self.place_into == Place.BUILD or bool(draft), draft=draft,
            draft_value=max(1, sum(c.rank for c in draft)) if draft else 1,
            seats=tuple(range(position.players)), share=self._share(),
            classroom={links.POSITION: position.text},
            played=played, can_back=line.can_back, can_forward=line.can_forward, piles=piles,
            moves=moves, advice=advice)
