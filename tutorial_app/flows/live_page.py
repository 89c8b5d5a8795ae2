"""The live question's controllers (plain Python, no Streamlit), drawn by
ui/live_panels.py:

- `ClassPicker`: the teacher's classes on the Classroom, making one, the one chosen;
- `LiveController`: the teacher's live question for the chosen class (ask what is on
  the screen, renew the code, end, show the answers, close, names, the next question)
  and the projector's count and bars (`projector()`);
- `LearnerLive`: the Class question page on a learner's phone: the question up, the
  learner's answer, answering, and whether the teacher has moved on.

Each is built on every run from the class store and the session's memory (the same
keys the page used before: `live.picked`, `live.no_next`, `live.refused`, `live.linked`);
judging an answer and the bars are `flows/live.py`.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from engine import Attempt, Position
from tutorial_app.course.course import Course
from tutorial_app.flows import live
from tutorial_app.flows.classroom import CLASS, ClassroomController
from tutorial_app.flows.live_ask import AskButton, ask_button
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.state import Memory
from tutorial_app.services.classes import (
    ClassroomError,
    ClassStore,
    LiveState,
    SchoolClass,
    normalise_code,
)
from tutorial_app.services.store import Learner
from tutorial_app.words import words

# Plain marks any font has (a projector's browser may lack colour emoji).
MARKS: Final = {live.CORRECT: "✓", live.MISSED: "~", live.ILLEGAL: "✗", live.LEGAL: "•"}

Lookup = Callable[[str], tuple[int | None, str | None]]  # a join code -> (class id, refusal)


def _memory(mapping: MutableMapping[str, Any]) -> Memory:
    return Memory(mapping, "live")


# ----- the teacher -----------------------------------------------------------------------


class ClassPicker:
    """The teacher's classes: pick one, make one. The choice is the Classroom
    controller's (kept with the rest of the screen, flows/classroom.py)."""

    def __init__(self, rooms: ClassStore, teacher_id: int, memory: MutableMapping[str, Any],
                 classroom: ClassroomController) -> None:
        self.rooms, self.teacher_id, self._mapping = rooms, teacher_id, memory
        self.key = classroom.key(CLASS)  # the picker's widget

    def classes(self) -> dict[int, str]:
        """The teacher's classes, id -> name, oldest first."""
        return {c.id: c.name for c in self.rooms.classes_of(self.teacher_id)}

    def create(self, name: str) -> str | None:
        """A new class, shown at once; the refusal in words, or None."""
        try:
            made = self.rooms.create_class(self.teacher_id, name)
        except ClassroomError as error:
            return str(error)
        self._mapping[self.key] = made.id  # the new class is the one shown
        return None

    def settle(self) -> None:
        """A choice that is not one of the teacher's classes becomes the newest."""
        ids = list(self.classes())
        if ids and self._mapping.get(self.key) not in ids:
            self._mapping[self.key] = ids[-1]

    def chosen(self) -> SchoolClass | None:
        return next((c for c in self.rooms.classes_of(self.teacher_id)
                     if c.id == self._mapping.get(self.key)), None)


@dataclass(frozen=True, slots=True)
class LiveScreen:
    asking: AskButton
    wanted: tuple[str, str] | None   # what "Ask" asks: the question on the screen
    active: bool                     # a question is up
    open: bool
    shown: bool                      # its answers shown
    names: bool                      # names under the bars
    code: str                        # the class's join code


@dataclass(frozen=True, slots=True)
class BarLine:
    move: str                        # notation: the bar's key when clicked
    label: str                       # "✗ 8♠ takes 5♣ — Not allowed · 3"
    share: float                     # of the answers, 0..1
    reason: str                      # "" when the move is right
    names: str                       # "" unless names are shown


@dataclass(frozen=True, slots=True)
class PickedMove:
    """The bar clicked: its move on the question's table, marked, and why."""

    mark: str                        # MARKS
    move: str                        # in words
    said: str
    position: Position
    marked: Selection


@dataclass(frozen=True, slots=True)
class ProjectorScreen:
    answered: int
    members: int
    open: bool
    no_next: bool                    # "Next question" found none (said once)
    bars: tuple[BarLine, ...]        # empty until the answers are shown
    picked: PickedMove | None


class LiveController:
    """The chosen class's live question, for its teacher."""

    def __init__(self, rooms: ClassStore, room: SchoolClass, classroom: ClassroomController,
                 memory: MutableMapping[str, Any]) -> None:
        self.rooms, self.room, self.classroom = rooms, room, classroom
        self.memory = _memory(memory)

    def _state(self) -> LiveState | None:
        return self.rooms.live_state(self.room.id)

    def screen(self) -> LiveScreen:
        state = self._state()
        active = state is not None and state.active
        wanted = self.classroom.live_ref()
        asking = ask_button(wanted, (state.kind, state.ref) if state and state.active else None)
        return LiveScreen(asking, wanted, active, bool(state and state.open),
                          bool(state and state.shown), bool(state and state.names),
                          self.room.code)

    # the clicks
    def ask(self, wanted: tuple[str, str] | None) -> None:
        """Ask the class what is on the screen (the screen's `wanted`)."""
        self._ask(wanted)

    def _ask(self, wanted: tuple[str, str] | None) -> None:
        if wanted is not None:
            self.rooms.put_question(self.room.id, *wanted)
            self.memory.pop("picked")

    def renew(self) -> None:
        self.rooms.renew_code(self.room.id)

    def end(self) -> None:
        self.rooms.set_live(self.room.id, active=False)

    def show_answers(self, shown: bool) -> None:
        self.rooms.set_live(self.room.id, shown=shown)

    def open_question(self, is_open: bool) -> None:
        self.rooms.set_live(self.room.id, open=is_open)

    def set_names(self, shown: bool) -> None:
        self.rooms.set_live(self.room.id, names=shown)

    def next(self) -> None:
        """The next step or puzzle on the screen, asked; or said that there is none."""
        following = self.classroom.next_live()
        if following is None:
            self.memory["no_next"] = True
            return
        self._ask(following)

    def pick(self, move: str) -> None:
        """A bar clicked: its move is shown on the table."""
        self.memory["picked"] = move

    def projector(self, course: Course) -> ProjectorScreen | None:
        """The count, and the answers when shown (None: no question up)."""
        state = self._state()
        if state is None or not state.active:
            return None
        asked = live.question(course, state.kind, state.ref)
        answers = self.rooms.answers(self.room.id, state.question)
        members = len(self.rooms.members(self.room.id))
        no_next = bool(self.memory.pop("no_next", False))
        if not state.shown or asked is None:
            return ProjectorScreen(len(answers), members, state.open, no_next, (), None)
        total = max(len(answers), 1)
        shown = live.bars(answers, asked)
        lines = tuple(BarLine(
            bar.move,
            f"{MARKS.get(bar.verdict, '')} {words.written(bar.move)} — "
            f"{live.verdict_words(bar.verdict)} · {bar.count}",
            bar.count / total,
            bar.reason if bar.verdict != live.CORRECT else "",
            ", ".join(bar.names) if state.names else "") for bar in shown)
        picked = self.memory.get("picked")
        chosen = next((b for b in shown if b.move == picked), None)
        return ProjectorScreen(len(answers), members, state.open, no_next, lines,
                               _picked(asked, chosen) if chosen is not None else None)


def _picked(asked: live.Question, bar: live.Bar) -> PickedMove:
    return PickedMove(MARKS.get(bar.verdict, ""), words.written(bar.move),
                      bar.reason or live.verdict_words(bar.verdict), asked.position,
                      live.marked(asked, bar.move))


# ----- the learner -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MyAnswer:
    move: str                        # in words
    mark: str                        # "✓ Correct", once the answers are shown
    reason: str


@dataclass(frozen=True, slots=True)
class LearnerScreen:
    """What the phone shows: join a class, wait, or the question and the answer."""

    join: bool                       # not in the class of the link (or none): join
    link_error: str | None           # the link's code refused, in words
    class_id: int = 0
    class_name: str = ""
    signature: tuple[object, ...] = ()  # the question as drawn (see LearnerLive.moved)
    question: int = 0
    asked: live.Question | None = None  # None: no question up, wait
    open: bool = False
    shown: bool = False
    refused: bool = False            # the last answer came after the question closed
    mine: MyAnswer | None = None


def signature(state: LiveState | None) -> tuple[object, ...]:
    if state is None:
        return ()
    return (state.active, state.question, state.open, state.shown)


class LearnerLive:
    """A class learner's phone during a live question."""

    def __init__(self, rooms: ClassStore, course: Course, learner: Learner,
                 memory: MutableMapping[str, Any]) -> None:
        self.rooms, self.course, self.learner = rooms, course, learner
        self.memory = _memory(memory)

    def _linked_class(self, room: SchoolClass | None, code_given: str | None,
                      lookup: Lookup) -> tuple[SchoolClass | None, str | None]:
        """The class the page's join link names, if any. The learner's own class's code
        is no guess; any other code is looked up as a typed one is (`lookup`,
        services/signin.py: an unknown code counts against this address, a locked
        address is refused), once per code in a browser session, since every click
        reruns the page. A refusal is returned to be said."""
        code = normalise_code(code_given)
        if not code or (room is not None and code == room.code):
            return (room if code else None), None
        seen: dict[str, tuple[int | None, str | None]] = self.memory.get("linked")
        if seen is None:
            seen = self.memory["linked"] = {}
        if code not in seen:
            seen[code] = lookup(code)
        class_id, error = seen[code]
        return (self.rooms.get_class(class_id) if class_id is not None else None), error

    def screen(self, code: str | None, lookup: Lookup) -> LearnerScreen:
        room = self.rooms.class_of(self.learner.id)
        linked, error = self._linked_class(room, code, lookup)
        if room is None or (linked is not None and linked.id != room.id):
            # not in a class, or this device's learner is not in the class of the link
            # (a shared device): join it, by name
            return LearnerScreen(True, error)
        state = self.rooms.live_state(room.id)
        drawn = signature(state)
        asked = live.question(self.course, state.kind, state.ref) \
            if state is not None and state.active else None
        if state is None or asked is None:
            return LearnerScreen(False, error, room.id, room.name, drawn)
        mine = self.rooms.my_answer(room.id, state.question, self.learner.id)
        answer = None
        if mine is not None:
            answer = MyAnswer(words.written(mine.move),
                              f"{MARKS.get(mine.verdict, '')} {live.verdict_words(mine.verdict)}",
                              live.reason_now(asked, mine))
        return LearnerScreen(False, error, room.id, room.name, drawn, state.question, asked,
                             state.open, state.shown,
                             bool(self.memory.pop("refused", None)), answer)

    def answer(self, drawn: LearnerScreen, attempt: Attempt) -> None:
        """The learner's move at the question drawn, judged and kept (or refused: the
        question closed meanwhile)."""
        if drawn.asked is None:
            return
        judged = live.judge(drawn.asked, attempt)
        if not self.rooms.answer(drawn.class_id, drawn.question, self.learner.id, judged.move,
                                 judged.verdict, judged.code, judged.reason):
            self.memory["refused"] = True

    def moved(self, class_id: int, drawn: tuple[object, ...]) -> bool:
        """Has the teacher changed the class's question since the page was drawn?"""
        return signature(self.rooms.live_state(class_id)) != drawn
