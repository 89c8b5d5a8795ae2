"""The Classroom page's controller (plain Python, no Streamlit).

A teacher at a projector shows a lesson step by step, a puzzle, or any
position typed in the notation (or sent from the Sandbox): the class tries a
move on the large cards and the judge answers once; "Reveal the answer" and
"Show all legal moves"; for a typed position, "Play this move" goes on from
the judged move, "Start again" goes back. Nothing the class does is recorded.
Folded away below: each learner's progress for the teacher (`class_report`),
and whether the welcome screen offers the learners' names.

What is on the screen outlasts the browser session: for a signed-in teacher it is
kept in the store (`services.resume`) on every change, and a new session (a reload,
another device) draws it again: the class chosen, projector mode, the step, puzzle or
position, so the table shows what the phones answer. A link opened in a new session
still wins when it names something else (a prepared link, the Sandbox's "Show in the
Classroom"); with nothing kept yet, a live question of the teacher's class is shown.

The view draws `screen()` and `progress()` and forwards clicks to the methods
below; the widgets' values are read back from the memory under `key(...)`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from enum import StrEnum
from itertools import islice
from typing import Any, Final

from engine import Attempt, CassinoError, Position, Verdict, check, legal_moves
from tutorial_app.course.course import Course
from tutorial_app.course.model import Puzzle, Step
from tutorial_app.course.steps import AnswerLine, unit_of
from tutorial_app.flows import class_report, links, page
from tutorial_app.flows.advice import Advice, advice_for
from tutorial_app.flows.class_report import ClassRow
from tutorial_app.flows.line import MOVES_LISTED, next_position
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.page import Message
from tutorial_app.flows.state import Memory
from tutorial_app.services import faults, signin
from tutorial_app.services.classes import ClassStore
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.resume import ProjectorView, Resume
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import t

SCOPE: Final = "class"

# The memory's own entries; the widgets' keys are "mode", "lesson", "puzzle", "reveal",
# "moves", "position_text", "advice", "projector", "class_id" and "names_shown".
CLASS: Final = "class_id"    # the class picker (ui/live_panels.py)
PROJECTOR: Final = "projector"
_RESTORED: Final = "restored"  # the teacher whose kept screen this session has drawn
_KEPT: Final = "kept_view"     # (teacher, view) last written to the store
_STEP: Final = "step"
_VERDICT: Final = "verdict"  # ui/board.py forgets "<scope>.verdict" when a card is clicked
_SELECTION: Final = "sel"    # the cards clicked on the board ("<scope>.sel")
_LINK_NAMES: Final = (links.LESSON, links.STEP, links.PUZZLE, links.POSITION)
_TYPED: Final = "position_text"
_START: Final = "position_start"  # the position as typed or linked
_SHOWN: Final = "position_shown"  # where the moves played from it have led
log = logging.getLogger(__name__)
_PROBLEM: Final = "position_error"

Item = Step | Puzzle


class Mode(StrEnum):
    LESSON = "lesson"
    PUZZLE = "puzzle"
    POSITION = "position"


@dataclass(frozen=True, slots=True)
class Choice:
    """A lesson or puzzle the teacher can pick."""

    id: str
    label: str


@dataclass(frozen=True, slots=True)
class ItemScreen:
    """A lesson step or a puzzle, as the class sees it."""

    index: int
    total: int
    reading: bool                 # a read step: `text` is prose, there is nothing to answer
    text: str                     # the prose of a read step, else the prompt
    position: Position | None
    playable: bool                # large clickable cards and the move buttons
    verdict: Verdict | None       # the judge's answer to the move just tried
    move_words: str | None        # a mistake step's move
    options: tuple[str, ...]      # a choose step's options
    can_back: bool
    can_next: bool
    answer: tuple[AnswerLine, ...] | None  # when revealed
    legal_moves: tuple[str, ...] | None    # when asked for


@dataclass(frozen=True, slots=True)
class PositionScreen:
    """A typed or linked position in large cards."""

    problem: str | None           # why what was typed or linked cannot be shown
    shown: Position | None
    facts: tuple[str, ...]        # players, rules, last play
    verdict: Verdict | None
    can_restart: bool
    can_play: bool                # the judged move is legal: "Play this move"
    advice: Advice | None
    legal_moves: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class ClassroomScreen:
    mode: Mode
    choices: tuple[Choice, ...]   # the lessons or the puzzles (nothing for a position)
    item: ItemScreen | None       # None when there is nothing to show
    position: PositionScreen | None


@dataclass(frozen=True, slots=True)
class ClassProgress:
    names_on_welcome: bool
    rows: tuple[ClassRow, ...]
    table: Mapping[str, list[str | int]]  # class_report.table: column id -> cells
    csv: str


class ClassroomController:
    def __init__(self, memory: MutableMapping[str, Any], course: Course, store: ProgressStore,
                 params: MutableMapping[str, str], teacher_id: int | None = None,
                 rooms: ClassStore | None = None) -> None:
        self.memory = Memory(memory, SCOPE)
        self.course = course
        self.store = store
        self.params = params
        self.teacher_id = teacher_id  # the screen is kept for this teacher
        self.rooms = rooms
        self.only: frozenset[int] | None = None  # the chosen class's learners

    def key(self, name: str) -> str:
        return self.memory.key(name)

    @property
    def projecting(self) -> bool:
        """Projector mode is on: the page is the class's screen."""
        return bool(self.memory.get(PROJECTOR))

    def teacher_parts_shown(self) -> bool:
        """Whether the teacher's own parts are drawn: the learners and their secret
        pictures, records, wrong tries, signed-in devices, the homework, practice and
        progress reports. Never in projector mode: everything on the page is on the
        wall, and a folded part is one stray click from showing names and secrets to
        the room, so they are not drawn at all until projector mode is turned off."""
        return not self.projecting

    # ----- what is chosen ------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        value = self.memory.get("mode")
        return Mode(value) if value in list(Mode) else Mode.LESSON

    def _chosen(self) -> tuple[str, list[Item]]:
        """The chosen lesson's or puzzle's id and its items (steps, or the puzzle)."""
        if self.mode == Mode.LESSON:
            lesson = links.find_lesson(self.course, self.memory.get("lesson"))
            if lesson is None and self.course.lessons:
                lesson = self.course.lessons[0]
            return (lesson.id, list(lesson.steps)) if lesson else ("", [])
        if self.mode == Mode.PUZZLE:
            puzzle = links.find_puzzle(self.course, self.memory.get("puzzle"))
            if puzzle is None and self.course.puzzles:
                puzzle = self.course.puzzles[0]
            return (puzzle.id, [puzzle]) if puzzle else ("", [])
        return "", []

    def _index(self, items: list[Item]) -> int:
        return min(max(int(self.memory.get(_STEP, 0) or 0), 0), max(len(items) - 1, 0))

    def _item(self) -> Item | None:
        _, items = self._chosen()
        return items[self._index(items)] if items else None

    def _board_position(self) -> Position | None:
        """The position the move buttons act on."""
        if self.mode == Mode.POSITION:
            return self.memory.typed(_SHOWN, Position)
        item = self._item()
        return unit_of(item).board(item) if item is not None else None

    # ----- every run: the link ---------------------------------------------------------

    def sync(self) -> None:
        """Before drawing: in a new session, the screen as the teacher left it; open a
        prepared link (?lesson=..&step=.., ?puzzle=.. or ?position=..) once, and keep
        the address bar and the store on what is shown."""
        if self.teacher_id is not None and self.memory.get(_RESTORED) != self.teacher_id:
            self.memory[_RESTORED] = self.teacher_id  # a new session, or another teacher
            self._restore(self.teacher_id)
        self._open_link()
        chosen, items = self._chosen()
        for widget, value in (("lesson", chosen if self.mode == Mode.LESSON else None),
                              ("puzzle", chosen if self.mode == Mode.PUZZLE else None)):
            if value and self.memory.get(widget) != value:
                self.memory[widget] = value  # a lesson gone from the course: the first one
        self._write_link(self._wanted_link(chosen, items))
        if self.teacher_id is not None:
            self._keep_view(self.teacher_id)

    # ----- the screen kept in the store ------------------------------------------------

    def _link_params(self) -> tuple[str, ...]:
        """(lesson, step, puzzle, position) as the address bar has them."""
        return tuple(self.params.get(name, "") for name in _LINK_NAMES)

    def _view(self) -> ProjectorView:
        """What is on the screen now, as the store keeps it."""
        chosen, items = self._chosen()
        step = items[self._index(items)].id if self.mode == Mode.LESSON and items else ""
        if self.mode == Mode.POSITION:
            shown = self.memory.typed(_SHOWN, Position)
            chosen = shown.text if shown is not None else ""
        class_id = self.memory.get(CLASS)
        return ProjectorView(class_id if isinstance(class_id, int) else None,
                             bool(self.memory.get(PROJECTOR)), self.mode.value, chosen, step)

    def _keep_view(self, teacher_id: int) -> None:
        """Write the screen to the store when it changed (a failing store is logged: the
        class goes on, only a reload would lose the screen)."""
        view = self._view()
        if self.memory.get(_KEPT) == (teacher_id, view):
            return
        try:
            Resume(self.store).keep_projector_view(teacher_id, view)
        except STORE_FAULTS as error:
            faults.report(error, "keeping the projector's screen")
            return
        self.memory[_KEPT] = (teacher_id, view)

    def _restore(self, teacher_id: int) -> None:
        """A new session of this teacher: the screen as it was kept. A link naming
        something else is a prepared link and is followed instead; with nothing kept,
        the live question of the teacher's newest class, if one is up."""
        try:
            kept = Resume(self.store).projector_view(teacher_id)
        except STORE_FAULTS as error:
            faults.report(error, "reading the projector's screen")
            return
        if kept is not None:
            self.memory[PROJECTOR] = kept.projector
            if kept.class_id is not None:
                self.memory[CLASS] = kept.class_id
        link = self._link_params()
        if kept is not None:
            if any(link) and link != _link_of(kept.mode, kept.item, kept.step):
                return  # a prepared link: `_open_link` opens it
            self._show_ref(kept.mode, kept.item, kept.step)
        elif any(link) or self.rooms is None:
            return  # nothing kept: the link, or the first lesson, as before
        else:
            mine = self.rooms.classes_of(teacher_id)
            state = self.rooms.live_state(mine[-1].id) if mine else None
            if state is None or not state.active:
                return
            self.memory[CLASS] = mine[-1].id
            item, step = state.ref, ""
            if state.kind == Mode.LESSON:
                item, _, step = state.ref.partition("/")
            self._show_ref(state.kind, item, step)
        self.memory[page.LINK] = link  # followed already: the screen restored stays

    def _show_ref(self, mode: str, item: str, step: str) -> None:
        """Put a lesson's step, a puzzle or a position on the screen (gone from the
        course or unreadable: the screen stays as it is)."""
        if mode == Mode.LESSON:
            lesson = links.find_lesson(self.course, item)
            if lesson is None:
                return
            self.memory["mode"] = Mode.LESSON.value
            self.memory["lesson"] = lesson.id
            self.reset_step()
            self.memory[_STEP] = next(
                (i for i, s in enumerate(lesson.steps) if s.id == step), 0)
        elif mode == Mode.PUZZLE:
            puzzle = links.find_puzzle(self.course, item)
            if puzzle is None:
                return
            self.memory["mode"] = Mode.PUZZLE.value
            self.memory["puzzle"] = puzzle.id
            self.reset_step()
        elif mode == Mode.POSITION:
            found = links.read_position(item)
            self.memory["mode"] = Mode.POSITION.value
            if found.position is not None:
                self._show_position(found.position, start=True)

    def _open_link(self) -> None:
        link = page.new_link(self.memory, self.params, *_LINK_NAMES)
        if link is None:
            return
        lesson_id, step_id, puzzle_id, position_text = link
        lesson = links.find_lesson(self.course, lesson_id)
        puzzle = links.find_puzzle(self.course, puzzle_id)
        if position_text:
            self.memory["mode"] = Mode.POSITION.value
            found = links.read_position(position_text)
            if found.position is None:
                self.memory[_TYPED] = position_text[:links.MAX_POSITION]
                self.memory[_PROBLEM] = found.problem  # worded when drawn
            else:
                self._show_position(found.position, start=True)
        elif lesson is not None:
            self.memory["mode"] = Mode.LESSON.value
            self.memory["lesson"] = lesson.id
            self.reset_step()
            self.memory[_STEP] = next(
                (i for i, step in enumerate(lesson.steps) if step.id == step_id), 0)
        elif puzzle is not None:
            self.memory["mode"] = Mode.PUZZLE.value
            self.memory["puzzle"] = puzzle.id
            self.reset_step()

    def _wanted_link(self, chosen: str, items: list[Item]) -> tuple[str, str, str, str]:
        """(lesson, step, puzzle, position) for what is shown."""
        if self.mode == Mode.POSITION:
            shown = self.memory.typed(_SHOWN, Position)
            return ("", "", "", shown.text if shown else "")
        if not items:
            return ("", "", "", "")
        if self.mode == Mode.LESSON:
            return (chosen, items[self._index(items)].id, "", "")
        return ("", "", chosen, "")

    def _write_link(self, wanted: tuple[str, str, str, str]) -> None:
        page.write_link(self.memory, self.params, dict(zip(_LINK_NAMES, wanted, strict=True)))

    # ----- clicks -----------------------------------------------------------------------

    def _fresh_board(self) -> None:
        self.memory.clear(_VERDICT)
        self.memory[_SELECTION] = Selection()

    def reset_step(self) -> None:
        """Another mode, lesson or puzzle: back to its first step."""
        self.memory[_STEP] = 0
        self.memory["reveal"] = False
        self.memory["moves"] = False
        self._fresh_board()

    def go(self, delta: int) -> None:
        """Previous (-1) or Next (+1) step."""
        _, items = self._chosen()
        self.memory[_STEP] = min(max(self._index(items) + delta, 0), max(len(items) - 1, 0))
        self.memory["reveal"] = False
        self.memory["moves"] = False
        self._fresh_board()

    def try_move(self, attempt: Attempt) -> None:
        """The class's move on the large cards, judged once."""
        position = self._board_position()
        if position is None:
            return
        try:
            self.memory[_VERDICT] = check(position, attempt)
        except CassinoError as error:  # over a limit of engine/limits.py
            self.memory[_PROBLEM] = error  # worded when drawn

    def position_typed(self) -> None:
        found = links.read_position(self.memory.get(_TYPED, ""), typed=True)
        if found.position is None:
            self.memory[_PROBLEM] = found.problem or Message.of("classroom.position_missing")
            return
        self._show_position(found.position, start=True)

    def play_judged_move(self) -> None:
        """Play the move the judge just called legal, so the class sees what follows."""
        verdict = self.memory.typed(_VERDICT, Verdict)
        shown = self.memory.typed(_SHOWN, Position)
        if verdict is None or not verdict.legal or verdict.move is None or shown is None:
            return
        self._show_position(next_position(shown, verdict.move), start=False)

    def start_again(self) -> None:
        start = self.memory.typed(_START, Position)
        if start is not None:
            self._show_position(start, start=False)

    def _show_position(self, position: Position, start: bool) -> None:
        """Put a position on the screen; `start` makes it the one "Start again" returns to."""
        if start:
            self.memory[_START] = position
        self.memory[_SHOWN] = position
        self.memory[_TYPED] = position.text
        self.memory.clear(_PROBLEM)
        self._fresh_board()

    def names_toggled(self) -> None:
        """The teacher's choice is the class's, so it is kept in the store, not the session."""
        signin.show_names_on_welcome(self.store, bool(self.memory.get("names_shown")))

    # ----- the live question ------------------------------------------------

    def live_ref(self) -> tuple[str, str] | None:
        """What a live question on the screen's item would be: ("lesson", "id/step"),
        ("puzzle", id) or ("position", notation); None for a step with no move to make."""
        if self.mode == Mode.POSITION:
            shown = self.memory.typed(_SHOWN, Position)
            return ("position", shown.text) if shown is not None else None
        chosen, items = self._chosen()
        item = items[self._index(items)] if items else None
        if item is None or unit_of(item).board(item) is None:
            return None
        if self.mode == Mode.LESSON:
            return ("lesson", f"{chosen}/{item.id}")
        return ("puzzle", item.id)

    def next_live(self) -> tuple[str, str] | None:
        """"Next" in a live session: the lesson's next step with a move to make, or the
        next puzzle of the course; None when there is no next one."""
        if self.mode == Mode.LESSON:
            _, items = self._chosen()
            for index in range(self._index(items) + 1, len(items)):
                if unit_of(items[index]).board(items[index]) is not None:
                    self.go(index - self._index(items))
                    return self.live_ref()
            return None
        if self.mode == Mode.PUZZLE:
            ids = [p.id for p in self.course.puzzles]
            chosen, _ = self._chosen()
            at = ids.index(chosen) if chosen in ids else -1
            if at + 1 >= len(ids):
                return None
            self.memory["puzzle"] = ids[at + 1]
            self.reset_step()
            return self.live_ref()
        return None

    # ----- what to draw -----------------------------------------------------------------

    def screen(self) -> ClassroomScreen:
        mode = self.mode
        if mode == Mode.POSITION:
            return ClassroomScreen(mode, (), None, self._position_screen())
        if mode == Mode.LESSON:
            choices = tuple(Choice(lesson.id, lesson.title) for lesson in self.course.lessons)
        else:
            # Titles, not ids: the list is on the projector, and every title is
            # unique ("Captures: pairs, sums and courts no. 1").
            choices = tuple(Choice(p.id, p.title or p.prompt) for p in self.course.puzzles)
        _, items = self._chosen()
        if not items:
            return ClassroomScreen(mode, choices, None, None)
        return ClassroomScreen(mode, choices, self._item_screen(items), None)

    def _item_screen(self, items: list[Item]) -> ItemScreen:
        index = self._index(items)
        item = items[index]
        position = item.position
        unit = unit_of(item)
        reading = not unit.scored
        playable = unit.board(item) is not None
        return ItemScreen(
            index=index, total=len(items), reading=reading, text=unit.text(item),
            position=position, playable=playable,
            verdict=self.memory.typed(_VERDICT, Verdict) if playable else None,
            move_words=unit.move_words(item), options=unit.options(item),
            can_back=index > 0, can_next=index < len(items) - 1,
            answer=answer(item) if self.memory.get("reveal") and not reading else None,
            legal_moves=_legal_moves(position) if self.memory.get("moves") and position
            else None)

    def _position_screen(self) -> PositionScreen:
        shown = self.memory.typed(_SHOWN, Position)
        kept = self.memory.get(_PROBLEM) or None
        problem = page.worded(kept) if kept is not None else None  # worded when drawn
        if shown is None:
            return PositionScreen(problem, None, (), None, False, False, None, None)
        facts = [t("classroom.position_players", n=shown.players),
                 t("classroom.position_rules", rules=words.rules_words(shown.rules.text))]
        if shown.last:
            facts.append(t("sandbox.last"))
        verdict = self.memory.typed(_VERDICT, Verdict)
        return PositionScreen(
            problem=problem, shown=shown, facts=tuple(facts), verdict=verdict,
            can_restart=self.memory.typed(_START, Position) not in (None, shown),
            can_play=verdict is not None and verdict.legal and verdict.move is not None,
            advice=advice_for(shown) if self.memory.get("advice") else None,
            legal_moves=_legal_moves(shown) if self.memory.get("moves") else None)

    def progress(self) -> ClassProgress:
        """The teacher's view of the class."""
        rows = tuple(class_report.class_rows(list(self.course.lessons), self.store, self.only))
        return ClassProgress(signin.names_on_welcome(self.store), rows,
                             class_report.table(rows), class_report.to_csv(rows))


def _link_of(mode: str, item: str, step: str) -> tuple[str, str, str, str]:
    """The link parameters (lesson, step, puzzle, position) of a kept screen."""
    if mode == Mode.LESSON:
        return (item, step, "", "")
    if mode == Mode.PUZZLE:
        return ("", "", item, "")
    return ("", "", "", item)


def answer(item: Item) -> tuple[AnswerLine, ...]:
    """What "Reveal the answer" shows for a step or a puzzle, in words."""
    return tuple(unit_of(item).revealed(item))


def _legal_moves(position: Position) -> tuple[str, ...]:
    """The legal moves in words (at most MOVES_LISTED); none for a position over the
    engine's work limit, whose problem the page shows already."""
    try:
        return tuple(words.move(move) for move in islice(legal_moves(position), MOVES_LISTED))
    except CassinoError as error:
        log.info("no legal moves listed: %s", error)
        return ()
