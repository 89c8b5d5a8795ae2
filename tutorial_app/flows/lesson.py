"""The Learn page as plain Python (no Streamlit): the lesson path, the lesson player,
and the link to a step.

A lesson is *open* when every lesson it requires is finished, *locked*
otherwise, *done* once finished. Its stars are the rounded mean of the stars
of its scored steps (play, choose, mistake); read steps are not scored.

`LessonController` is the page's controller: built once per script run from
the session's memory, the course, the progress store, the learner and the
link's parameters; its methods are the page's clicks and `screen()` says what
to draw. Each try is judged once, by one `answer()` that asks the step's kind
(course/steps/) how to read and check it, and the Feedback it returns, with the
judge's verdict and the stars, is what the page shows and what the store records.

Stars are earned once: the hints and wrong tries of a step not solved yet are kept
in the store (`services.resume`), so Next, Back, another tab or a reload bring them
back with the step; moving on from an unsolved step says so. A lesson assigned as
homework to the learner's class opens whatever the course's locks, and counts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, Protocol

from engine import CAPTURE, Attempt, Position, apply_move
from tutorial_app.course.model import Feedback, Lesson, Step
from tutorial_app.course.steps import scored, unit_of
from tutorial_app.course.taught import builds_taught, recap_keys, recap_topics
from tutorial_app.flows import links, page
from tutorial_app.flows.attempt_log import log_answer, log_attempt
from tutorial_app.flows.state import Memory
from tutorial_app.services import faults
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.progress_cache import LearnerStore
from tutorial_app.services.resume import STEP, Resume, Work
from tutorial_app.services.store import Learner, LessonProgress
from tutorial_app.words.i18n import english, language, t

if TYPE_CHECKING:
    from tutorial_app.course import Course

log = logging.getLogger(__name__)

class LessonState(StrEnum):
    """Where a lesson stands on a learner's path."""

    DONE = "done"  # finished
    OPEN = "open"  # every lesson it requires is finished
    LOCKED = "locked"  # waits for another lesson


DONE: Final = LessonState.DONE
OPEN: Final = LessonState.OPEN
LOCKED: Final = LessonState.LOCKED


class _StepLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...


class _LessonLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def requires(self) -> tuple[str, ...]: ...
    @property
    def steps(self) -> Sequence[_StepLike]: ...


def scored_steps(lesson: _LessonLike) -> list[str]:
    return [step.id for step in lesson.steps if scored(step.kind)]


def lesson_stars(lesson: _LessonLike, step_stars: Mapping[str, int]) -> int:
    """0-3: the rounded mean over scored steps (3 for a lesson with only reading)."""
    scored = scored_steps(lesson)
    if not scored:
        return 3
    total = sum(step_stars.get(step_id, 0) for step_id in scored)
    return int(total / len(scored) + 0.5)


def unsolved(lesson: _LessonLike, step_stars: Mapping[str, int]) -> list[str]:
    return [step_id for step_id in scored_steps(lesson) if step_id not in step_stars]


def resume_index(lesson: _LessonLike, step_stars: Mapping[str, int]) -> int:
    """Where Continue opens a lesson: its first scored step not solved yet (0 when every
    step is solved or none is: a lesson not begun starts at its first step)."""
    if not step_stars:
        return 0
    for index, step in enumerate(lesson.steps):
        if scored(step.kind) and step.id not in step_stars:
            return index
    return 0


@dataclass(frozen=True, slots=True)
class PathEntry:
    lesson: _LessonLike
    state: LessonState
    stars: int
    solved: int
    total: int
    missing: tuple[str, ...]  # titles of required lessons not finished yet

    @property
    def started(self) -> bool:
        return self.solved > 0


def lesson_path(lessons: Sequence[_LessonLike],
                progress: Mapping[str, LessonProgress]) -> list[PathEntry]:
    titles = {lesson.id: lesson.title for lesson in lessons}
    entries: list[PathEntry] = []
    for lesson in lessons:
        mine = progress.get(lesson.id, LessonProgress())
        missing = tuple(titles.get(req, req) for req in lesson.requires
                        if not progress.get(req, LessonProgress()).completed)
        state = DONE if mine.completed else (LOCKED if missing else OPEN)
        scored = scored_steps(lesson)
        solved = sum(1 for step_id in scored if step_id in mine.steps)
        entries.append(PathEntry(lesson, state, mine.stars, solved, len(scored), missing))
    return entries


OUT_OF: Final = 3  # the stars a step (and a lesson) can earn


def star_text(stars: int) -> str:
    stars = max(0, min(stars, OUT_OF))
    return "★" * stars + "☆" * (OUT_OF - stars)


def stars_words(stars: int) -> str:
    """The stars as drawn and as read aloud: "★★☆ (2 of 3 stars)"."""
    stars = max(0, min(stars, OUT_OF))
    return t("learn.stars_words", stars=star_text(stars), n=stars, out_of=OUT_OF)


@dataclass(frozen=True)
class StepTry:
    """The learner's work on the step on screen (kept in session state; defined here,
    not in the page script, so the class survives the script's reruns). `feedback` is
    the judgement of the last try, verdict and stars included, its words in the
    language `lang`; `given` is that try (a move, or what was picked), so a page drawn
    in another language words it again (`page.in_language`)."""

    lesson: str
    step: str
    wrong: int = 0
    hints: int = 0
    feedback: Feedback | None = None
    after: Position | None = None
    chosen: frozenset[int] = field(default_factory=frozenset)
    given: object = None
    lang: str = ""

    @property
    def solved(self) -> bool:
        return self.feedback is not None and self.feedback.correct


# ----- what the page draws ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Practice:
    """A finished lesson's way to its puzzles: the themes it practises that have some."""

    themes: tuple[str, ...]
    puzzles: int  # how many puzzles those themes hold, each counted once

    @property
    def params(self) -> dict[str, str]:
        """The Puzzles page's link parameters (`?theme=sum,sweep`)."""
        return {links.THEME: ",".join(self.themes)}


@dataclass(frozen=True, slots=True)
class LessonCard:
    """One lesson on the path."""

    number: int
    lesson: Lesson
    entry: PathEntry
    practice: Practice | None  # for a finished lesson with puzzles to practise
    confirming: bool  # its reset waits for a yes
    assigned: bool = False  # locked by the course, open as homework from the teacher

    @property
    def can_open(self) -> bool:
        return self.entry.state is not LessonState.LOCKED or self.assigned

    @property
    def can_reset(self) -> bool:
        return self.entry.started or self.entry.state is DONE


@dataclass(frozen=True, slots=True)
class Finished:
    """The lesson just finished, said once on the path."""

    title: str
    stars: int
    practice: Practice | None
    next_lesson: Lesson | None = None  # the next lesson now open, offered straight away
    recap: tuple[str, ...] = ()  # what the learner can now do, a sentence per new concept


@dataclass(frozen=True, slots=True)
class PathScreen:
    cards: tuple[LessonCard, ...]
    finished: Finished | None = None
    reset_done: bool = False
    confirming_all: bool = False  # "reset all my progress" waits for a yes


@dataclass(frozen=True, slots=True)
class PlayerScreen:
    """The step on screen and everything drawn around it."""

    lesson: Lesson
    index: int
    work: StepTry
    board: Position | None  # a play step's board: after the right move once it is solved
    pile: int | None  # a play step solved by a capture: the cards now in the learner's pile
    hints: tuple[str, ...]  # the hints asked for so far
    next_hint: int | None  # the number of the hint that may be asked for next
    unsolved: int  # on the last step: the scored steps not solved yet (Finish waits)
    share: dict[str, str]  # the link to this step
    assigned: bool = False  # opened as homework before the lessons it builds on
    skipped: int | None = None  # the number of the step just left unsolved (said once)
    choose_first: bool = False  # Check was pressed with nothing picked (said once)
    practice: bool = False  # the day's practice task, opened from its set: leads back there
    finishable: bool = False  # that task solved the lesson's last open step: Finish here
    beat: int = 0  # a demonstration's beat on screen (0 for a step shown at once)
    builds: bool = True  # the Build button: only once a lesson on the path taught builds

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def last(self) -> bool:
        return self.index == self.total - 1

    @property
    def watching(self) -> bool:
        """A demonstration on screen: its own buttons ("Keep watching", then "Your turn")
        are the ones to press."""
        return unit_of(self.step).beats(self.step) > 0

    @property
    def needs_answer(self) -> bool:
        """A scored step not solved yet, or a demonstration (Next is then the quieter
        button)."""
        return (scored(self.step.kind) and not self.work.solved) or self.watching


# ----- the controller ---------------------------------------------------------------------

BOARD: Final = "learn"  # the board's scope: its widget keys and its selection, `learn.sel`
ALL: Final = "*"  # the reset target meaning every lesson, puzzle and the rating
HINTS: Final = 3
RECAP: Final = 2  # the sentences a finished stage's recap says at most


class LessonController:
    """The Learn page's clicks and screens; memory keys are `learn.<name>`."""

    def __init__(self, memory: MutableMapping[str, Any], course: Course, store: LearnerStore,
                 learner: Learner | None, params: MutableMapping[str, str],
                 kept: Resume | None = None,
                 assigned: Callable[[], Collection[str]] | None = None) -> None:
        """`kept` keeps the unsolved steps' hints and tries in the store (without it,
        in this session only); `assigned` says which lessons the learner's class has
        as homework (asked only about a locked lesson)."""
        self.memory = Memory(memory, "learn")
        self._board = Memory(memory, BOARD)
        self.course = course
        self.store = store
        self.learner = learner
        self.params = params
        self.kept = kept
        self._assigned = assigned
        self._homework: Collection[str] | None = None

    # ----- widget keys the view uses, read back here ----------------------------------------

    def answer_key(self, step: Step, index: int = 0) -> str:
        """The widget the step's answer (its `index`th part: an option's tick) is picked in."""
        return self.memory.key(unit_of(step).answer_keys(step)[index])

    def _picked(self, step: Step) -> list[object]:
        return [self.memory.get(key) for key in unit_of(step).answer_keys(step)]

    # ----- where the learner is --------------------------------------------------------------

    def lesson(self) -> Lesson | None:
        """The open lesson, if it exists and has steps."""
        lesson_id = self.memory.get("lesson")
        lesson = self._find(lesson_id) if isinstance(lesson_id, str) else None
        return lesson if lesson is not None and lesson.steps else None

    def _find(self, lesson_id: str | None) -> Lesson | None:
        return page.find(self.course.lesson, lesson_id)

    def _index(self, lesson: Lesson) -> int:
        try:
            index = int(self.memory.get("step", 0))
        except (TypeError, ValueError):
            index = 0
        index = min(max(index, 0), len(lesson.steps) - 1)
        self.memory["step"] = index
        return index

    def _work(self, lesson: Lesson, index: int) -> StepTry:
        """The work on the step on screen: this session's, or, for a step just opened,
        the hints and wrong tries kept for it while it is unsolved."""
        step = lesson.steps[index]
        current = self.memory.typed("try", StepTry)
        if current is not None and (current.lesson, current.step) == (lesson.id, step.id):
            return self._in_language(step, current)
        before = self._kept(lesson, step) if scored(step.kind) else Work()
        fresh = StepTry(lesson.id, step.id, wrong=before.wrong, hints=min(HINTS, before.hints))
        self.memory["try"] = fresh
        return fresh

    def _in_language(self, step: Step, work: StepTry) -> StepTry:
        """The try with its feedback in this run's language (kept so, once per switch)."""
        given = work.given
        if work.feedback is None or given is None or work.lang == language():
            return work
        found = page.in_language(work.feedback, work.lang,
                                 lambda: unit_of(step).check(step, given))
        work = replace(work, feedback=found, lang=language())
        self.memory["try"] = work
        return work

    # ----- unsolved work, kept --------------------------------------------------------------

    def _kept(self, lesson: Lesson, step: Step) -> Work:
        """The hints and tries kept for a step (this session's, without a store)."""
        ref = f"{lesson.id}/{step.id}"
        if self.kept is not None and self.learner is not None:
            try:
                return self.kept.work(self.learner.id, STEP, ref)
            except STORE_FAULTS as error:
                faults.report(error, "reading a step's hints and tries")
        found = (self.memory.get("work") or {}).get(ref)
        return found if isinstance(found, Work) else Work()

    def _add_work(self, work: StepTry, wrong: int = 0, hints: int = 0) -> None:
        ref = f"{work.lesson}/{work.step}"
        here: dict[str, Work] = dict(self.memory.get("work") or {})
        before = here.get(ref, Work())
        here[ref] = Work(before.wrong + wrong, before.hints + hints)
        self.memory["work"] = here  # a store that fails still keeps them in this session
        if self.kept is not None and self.learner is not None:
            try:
                self.kept.add_work(self.learner.id, STEP, ref, wrong, hints)
            except STORE_FAULTS as error:
                faults.report(error, "keeping a step's hints and tries")

    def _clear_work(self, work: StepTry) -> None:
        ref = f"{work.lesson}/{work.step}"
        here: dict[str, Work] = dict(self.memory.get("work") or {})
        here.pop(ref, None)
        self.memory["work"] = here
        if self.kept is not None and self.learner is not None:
            try:
                self.kept.clear_work(self.learner.id, STEP, ref)
            except STORE_FAULTS as error:
                faults.report(error, "clearing a solved step's hints and tries")

    def _here(self) -> tuple[Lesson, int, StepTry] | None:
        lesson = self.lesson()
        if lesson is None:
            return None
        index = self._index(lesson)
        return lesson, index, self._work(lesson, index)

    def _beat(self, lesson: Lesson, index: int) -> int:
        """The beat of the step on screen: kept with the step it belongs to, so another
        step (or the same one opened again) starts at its first beat."""
        step = lesson.steps[index]
        total = unit_of(step).beats(step)
        kept = self.memory.get("beat")
        if total == 0 or not (isinstance(kept, tuple) and len(kept) == 3
                              and kept[:2] == (lesson.id, step.id) and isinstance(kept[2], int)):
            return 0
        return min(max(kept[2], 0), total - 1)

    def _progress(self) -> dict[str, LessonProgress]:
        return self.store.progress(self.learner.id) if self.learner is not None else {}

    def _fresh_board(self) -> None:
        self._board.clear("sel", "verdict")

    # ----- links ---------------------------------------------------------------------------

    def follow_link(self) -> None:
        """Open the lesson step named in the link (`?lesson=..&step=..`), once per new link;
        a lesson still locked for the signed-in learner is closed again, saying why (it
        is checked once the learner is known, so a link followed before signing in is
        judged by the learner's own progress)."""
        self._follow_link()
        lesson = self.lesson()
        if self.learner is None or lesson is None:
            return
        missing = self.locked(lesson)
        if missing:  # a locked lesson is not played by link: nothing would count
            page.link_error(self.memory, "learn.locked_link", title=lesson.title,
                            titles=", ".join(missing))
            self.open_lesson(None)

    def _follow_link(self) -> None:
        link = page.new_link(self.memory, self.params, links.LESSON, links.STEP)
        if link is None or not link[0]:
            return
        lesson = self._find(links.clean_id(link[0]))
        if lesson is None:
            page.link_error(self.memory, "learn.no_such_lesson", id=link[0][:80])
            return
        step_id = links.clean_id(link[1])
        lesson = self._stage_with(lesson, step_id or "")
        index = next((i for i, s in enumerate(lesson.steps) if s.id == step_id), 0)
        self.open_lesson(lesson.id, index)
        from_practice = self.params.get(links.VIA) == links.FROM_PRACTICE
        self.params.pop(links.VIA, None)  # the address keeps the step alone
        if from_practice:  # this step is the day's task: its page leads back to the set
            self.memory["practice"] = f"{lesson.id}/{lesson.steps[index].id}"

    def _stage_with(self, lesson: Lesson, step_id: str) -> Lesson:
        """The stage of the lesson's chapter that holds the step (a link written before
        the lesson was cut into stages names the chapter's first stage)."""
        if any(s.id == step_id for s in lesson.steps) or lesson.stages <= 1:
            return lesson
        for other in self.course.lessons:
            if other.chapter == lesson.chapter and other.id.startswith(lesson.id) and any(
                    s.id == step_id for s in other.steps):
                return other
        return lesson

    def missing(self, lesson: Lesson) -> tuple[str, ...]:
        """Titles of the lessons to finish before this one (empty: it is open)."""
        progress = self._progress()
        return tuple(self._title(req) for req in lesson.requires
                     if not progress.get(req, LessonProgress()).completed)

    def assigned(self, lesson: Lesson) -> bool:
        """Is the lesson homework for the learner's class (asked once per run)?"""
        if self._assigned is None or self.learner is None:
            return False
        if self._homework is None:
            try:
                self._homework = frozenset(self._assigned())
            except STORE_FAULTS as error:
                faults.report(error, "reading the learner's homework")
                self._homework = frozenset()
        return lesson.id in self._homework

    def locked(self, lesson: Lesson) -> tuple[str, ...]:
        """What `missing` says, unless the lesson is homework: assigned work is open."""
        missing = self.missing(lesson)
        return () if missing and self.assigned(lesson) else missing

    def _title(self, lesson_id: str) -> str:
        found = self._find(lesson_id)
        return found.title if found is not None else lesson_id

    def take_link_error(self) -> str | None:
        """What was wrong with the link just followed (said once)."""
        return page.take_link_error(self.memory)

    def _write_link(self, lesson: Lesson | None, index: int) -> None:
        page.write_link(self.memory, self.params, {
            links.LESSON: lesson.id if lesson else "",
            links.STEP: lesson.steps[index].id if lesson else ""})

    # ----- clicks --------------------------------------------------------------------------

    def open_lesson(self, lesson_id: str | None, index: int = 0) -> None:
        """Open a lesson at a step, or go back to the path (None)."""
        self.memory["lesson"] = lesson_id
        self.memory["step"] = index
        self.memory.clear("try", "confirm", "beat")
        self._fresh_board()

    def resume(self, lesson_id: str) -> None:
        """Continue: open the lesson at its first unsolved task (Start: at its first)."""
        lesson = self._find(lesson_id)
        if lesson is None:
            return
        mine = self._progress().get(lesson.id)
        self.open_lesson(lesson.id, resume_index(lesson, mine.steps if mine else {}))

    def go(self, delta: int) -> None:
        """Back (-1) or Next (+1). Next past a scored step never solved says so once
        (its hints and tries stay with it)."""
        here = self._here()
        try:
            index = int(self.memory.get("step", 0))
        except (TypeError, ValueError):
            index = 0
        if here is not None and delta > 0:
            lesson, at, work = here
            step = lesson.steps[at]
            mine = self._progress().get(lesson.id)
            if scored(step.kind) and not work.solved and \
                    step.id not in (mine.steps if mine else {}):
                self.memory["skipped"] = at + 1
        self.memory["step"] = index + delta
        self.memory.clear("try", "beat")
        self._fresh_board()

    def answer(self, attempt: Attempt | None = None) -> None:
        """Check the answer to the step on screen: the move made on its board
        (`attempt`), or what its widgets hold. A click that arrives for another step,
        or after the solve, does nothing; Check with nothing picked says so once."""
        here = self._here()
        if here is None:
            return
        lesson, index, work = here
        step = lesson.steps[index]
        unit = unit_of(step)
        board = unit.board(step)
        if work.solved or not unit.scored or (attempt is None) != (board is None):
            return
        given = attempt if attempt is not None else unit.picked(step, self._picked(step))
        if given is None:
            self.memory["choose_first"] = True
            return
        feedback = unit.check(step, given, wrong_attempts=work.wrong, hints_used=work.hints)
        chosen = given if isinstance(given, frozenset) else frozenset()
        who = self.learner.id if self.learner else None
        if attempt is not None:
            log_attempt(self.store, who, "step", f"{lesson.id}/{step.id}", attempt, feedback)
        else:  # what was picked stands for the move, so practice counts these steps too
            picked = (" ".join(str(i + 1) for i in sorted(chosen)) if chosen
                      else str(given))
            log_answer(self.store, who, "step", f"{lesson.id}/{step.id}", picked, feedback)
        if feedback.correct:
            after = apply_move(board, feedback.move).position if board and feedback.move else None
            self._solved(lesson, replace(work, feedback=feedback, chosen=chosen, after=after,
                                         given=given, lang=language()))
        else:
            self.memory["try"] = replace(work, feedback=feedback, wrong=work.wrong + 1,
                                         chosen=chosen, given=given, lang=language())
            self._add_work(work, wrong=1)

    def answer_picked(self, step: Step) -> bool:
        """Has an answer been picked in the step's widgets? (Its Check button looks like
        the thing to press only then.)"""
        return any(value is not None and value is not False for value in self._picked(step))

    def _solved(self, lesson: Lesson, work: StepTry) -> None:
        """Keep the solved try, and record its stars (the ones the Feedback carries)."""
        self.memory["try"] = work
        self._clear_work(work)
        learner, feedback = self.learner, work.feedback
        if self.locked(lesson):  # a locked lesson records nothing
            return
        if learner is not None and feedback is not None:
            self._save(lambda: self.store.record_step(learner.id, lesson.id, work.step,
                                                      feedback.stars, work.wrong, work.hints))

    def next_beat(self) -> None:
        """A demonstration's Next: its next beat (the last one stays)."""
        self._to_beat(1)

    def watch_again(self) -> None:
        """A demonstration's "Watch again": back to its first beat."""
        self._to_beat(None)

    def _to_beat(self, delta: int | None) -> None:
        lesson = self.lesson()
        if lesson is None:
            return
        index = self._index(lesson)
        step = lesson.steps[index]
        total = unit_of(step).beats(step)
        if total:
            beat = 0 if delta is None else min(self._beat(lesson, index) + delta, total - 1)
            self.memory["beat"] = (lesson.id, step.id, beat)

    def hint(self) -> None:
        here = self._here()
        if here is None:
            return
        work = here[2]
        if work.solved or work.hints >= HINTS:
            return
        self.memory["try"] = replace(work, hints=work.hints + 1)
        self._add_work(work, hints=1)

    def retry(self) -> None:
        """Try the step again (its best stars stay recorded)."""
        self.memory.clear("try")
        self._fresh_board()

    def finish(self) -> None:
        """Finish the open lesson once every scored step is solved; back to the path."""
        lesson = self.lesson()
        learner = self.learner
        if lesson is None or learner is None:
            return
        mine = self._progress().get(lesson.id)
        step_stars = mine.steps if mine else {}
        if unsolved(lesson, step_stars):
            return
        earned = lesson_stars(lesson, step_stars)
        if self.locked(lesson):
            return
        if self._save(lambda: self.store.complete_lesson(learner.id, lesson.id, earned)):
            self.memory["finished"] = (lesson.id, earned)
            self.open_lesson(None)

    def ask_reset(self, target: str | None) -> None:
        """Ask to reset a lesson (its id) or everything (`ALL`); None cancels."""
        self.memory["confirm"] = target

    def confirm_reset(self, target: str) -> None:
        learner = self.learner
        if learner is None:
            return
        if target == ALL:
            done = self._save(lambda: self.store.reset_all(learner.id))
        else:
            done = self._save(lambda: self.store.reset_lesson(learner.id, target))
        self.memory.clear("confirm")
        if done:
            self.memory["reset_done"] = target

    def _save(self, write: Callable[[], None]) -> bool:
        who = self.learner.id if self.learner else None
        return page.save(self.memory, write, "learn.not_saved", f"progress for learner {who}",
                         log)

    def take_notice(self) -> str | None:
        """A problem to tell the learner about (said once)."""
        return page.take_notice(self.memory)

    # ----- screens -------------------------------------------------------------------------

    def screen(self) -> PathScreen | PlayerScreen:
        """What to draw: the player when a lesson is open, else the path. Keeps the link
        in step with it, and says the path's one-off messages once."""
        here = self._here()
        if here is None:
            self._write_link(None, 0)
            return self._path()
        lesson, index, work = here
        self._write_link(lesson, index)
        return self._player(lesson, index, work)

    def practice(self, lesson: Lesson) -> Practice | None:
        themes = tuple(theme for theme in lesson.practice if self.course.puzzles_with(theme))
        if not themes:
            return None
        puzzles = len({p.id for theme in themes for p in self.course.puzzles_with(theme)})
        return Practice(themes, puzzles)

    def _path(self) -> PathScreen:
        finished = self.memory.pop("finished")
        done = None
        if isinstance(finished, tuple) and len(finished) == 2:
            lesson = self._find(str(finished[0]))
            if lesson is not None:
                done = Finished(lesson.title, int(finished[1]), self.practice(lesson),
                                self._next_open(lesson), self.recap(lesson))
        reset_done = bool(self.memory.pop("reset_done"))
        confirm = self.memory.get("confirm")
        entries = lesson_path(self.course.lessons, self._progress())
        cards = tuple(
            LessonCard(number, lesson, entry,
                       self.practice(lesson) if entry.state is DONE else None,
                       confirm == lesson.id,
                       entry.state is LOCKED and self.assigned(lesson))
            for number, (lesson, entry) in enumerate(zip(self.course.lessons, entries,
                                                         strict=True), start=1))
        return PathScreen(cards, done, reset_done, confirm == ALL)

    def recap(self, lesson: Lesson) -> tuple[str, ...]:
        """What a finished stage lets the learner do, in their language: one sentence
        for each concept its tasks needed first (course/taught.py), at most RECAP of them
        (the first met), so the recap stays one or two lines."""
        keys = recap_keys(recap_topics(self.course.lessons, lesson), english())
        return tuple(t(key) for key in keys[:RECAP])

    def _next_open(self, after: Lesson) -> Lesson | None:
        """The first lesson after `after` (in course order, then from the start) that is
        open and not finished: what "Next lesson" offers."""
        entries = lesson_path(self.course.lessons, self._progress())
        lessons: list[Lesson] = list(self.course.lessons)
        start = next((i for i, lesson in enumerate(lessons) if lesson.id == after.id), -1) + 1
        order = [*range(start, len(lessons)), *range(0, start)]
        found: Lesson | None = next((lessons[i] for i in order if entries[i].state is OPEN),
                                    None)
        return found

    def _player(self, lesson: Lesson, index: int, work: StepTry) -> PlayerScreen:
        step = lesson.steps[index]
        pile = next_hint = None
        unit = unit_of(step)
        board = unit.board(step)
        if board is not None and work.solved:
            board = work.after or board
            move = work.feedback.move if work.feedback else None
            if move is not None and move.kind == CAPTURE:
                pile = len(move.taken_cards) + 1
        step_hints = unit.hints(step)
        hints = step_hints[:work.hints]
        if work.hints < len(step_hints) and not work.solved:
            next_hint = work.hints + 1
        left = 0
        practice = self.memory.get("practice") == f"{lesson.id}/{step.id}"
        mine = self._progress().get(lesson.id) if practice or index == len(lesson.steps) - 1 \
            else None
        if index == len(lesson.steps) - 1:
            left = len(unsolved(lesson, mine.steps if mine else {}))
        # A lesson whose last open step was solved from the day's practice set is not
        # finished until "Finish lesson": the step says so and offers it there.
        finishable = (practice and work.solved and mine is not None and not mine.completed
                      and not unsolved(lesson, mine.steps))
        share = {links.LESSON: lesson.id, links.STEP: step.id}
        skipped = self.memory.pop("skipped")
        return PlayerScreen(lesson, index, work, board, pile, hints, next_hint, left, share,
                            assigned=bool(self.missing(lesson)) and self.assigned(lesson),
                            skipped=skipped if isinstance(skipped, int) else None,
                            choose_first=bool(self.memory.pop("choose_first")),
                            practice=practice, finishable=finishable,
                            beat=self._beat(lesson, index),
                            builds=builds_taught(self.course.lessons, lesson))
