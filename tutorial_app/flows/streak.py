"""The Puzzle streak mode as plain Python (no Streamlit): solve puzzles in a row, each
harder than the last; one miss ends the run; the learner's best run is kept.

"Harder" is measured by each puzzle's rating: its Glicko-2 rating from learners'
first tries once it has one, else the rating its difficulty label starts from. The
run climbs in steps: its k-th puzzle (from 0) aims at `FIRST + STEP * k` (900, 980,
1060, ...: a level of difficulty every two or three puzzles, the hardest level by the
ninth), and is drawn, with the run's own seed, from the few puzzles at or just above
that aim, never one easier than the last. Aiming only "just above the last" climbed
by a hair each time: with 74 puzzles of the lowest level sharing one rating, a run
of 7 stayed at ●○○○○ throughout. The level shown (`level`) is read from the same
rating, so the dots a learner sees rise with the run. Two runs do not repeat each
other. When a miss ends the run, its puzzle stays on screen with the move that solves
it (`StreakScreen.ended`). A streak is practice: its tries are logged for the
teacher like any other but move no rating (the Puzzles page's first tries do).
"""

from __future__ import annotations

import random
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from engine import Attempt, Move
from tutorial_app.course.judge.checking import check_answer, solutions
from tutorial_app.course.model import Feedback, Puzzle
from tutorial_app.course.puzzles import rating as scale
from tutorial_app.flows import page
from tutorial_app.flows.attempt_log import log_attempt
from tutorial_app.flows.state import Memory
from tutorial_app.services import faults
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.progress_cache import LearnerStore
from tutorial_app.services.store import Learner
from tutorial_app.words.i18n import language

if TYPE_CHECKING:
    from tutorial_app.course import Course

STEP_CHOICES: Final = 5  # the next puzzle is one of this many at or just above its aim
FIRST: Final = scale.puzzle_rating(1)  # the first puzzle's aim: the lowest level
STEP: Final = 80.0  # how much higher each next puzzle aims


@dataclass(frozen=True, slots=True)
class Run:
    """One streak in progress (kept in session state). `feedback` is the judgement of
    the last try, its words in the language `lang`; `answered` and `given` are the
    puzzle and that try, so a page drawn in another language words it again."""

    seed: int
    current: str | None
    solved: tuple[str, ...] = ()
    over: bool = False
    feedback: Feedback | None = None
    best: int = 0  # the learner's best run, as the store last said
    previous: int = 0  # the best before this run
    answered: str | None = None
    given: Attempt | None = None
    lang: str = ""

    @property
    def length(self) -> int:
        return len(self.solved)


@dataclass(frozen=True, slots=True)
class StreakScreen:
    run: Run | None
    puzzle: Puzzle | None
    best: int
    new_best: bool = False
    level: int | None = None  # the difficulty (1-5) of the puzzle on screen, as measured
    ended: Puzzle | None = None  # the puzzle a miss ended the run on, kept on screen
    answer: tuple[Move, ...] = ()  # the moves that solve `ended`


def hardness(puzzle: Puzzle, rated: dict[str, tuple[float, float, int]]) -> tuple[float, str]:
    """The order a streak climbs in: the puzzle's rating, then its id (a total order)."""
    found = rated.get(puzzle.id)
    return (found[0] if found else scale.puzzle_rating(puzzle.difficulty), puzzle.id)


def level(rating: float) -> int:
    """The difficulty level (1-5, the dots) nearest a puzzle rating: the inverse of
    `rating.puzzle_rating`, for a puzzle whose measured rating has moved off its label."""
    return min(5, max(1, 1 + round((rating - scale.puzzle_rating(1)) / 200.0)))


def aim(solved: int) -> float:
    """The rating the run's next puzzle aims at once `solved` puzzles are solved."""
    return FIRST + STEP * solved


def next_up(puzzles: Sequence[Puzzle], last: Puzzle | None,
            rated: dict[str, tuple[float, float, int]], rng: random.Random,
            used: Sequence[str] = ()) -> Puzzle | None:
    """The run's next puzzle: one of the few at or just above the aim for a run of
    `len(used)` solved, harder than `last` (the easiest few when none reaches the aim),
    never one already played in this run; None when none is harder."""
    floor = hardness(last, rated) if last is not None else None
    ladder = sorted((p for p in puzzles if p.id not in used
                     and (floor is None or hardness(p, rated) > floor)),
                    key=lambda p: hardness(p, rated))
    if not ladder:
        return None
    goal = aim(len(used))
    reaching = [p for p in ladder if hardness(p, rated)[0] >= goal] or ladder
    return reaching[rng.randrange(min(STEP_CHOICES, len(reaching)))]


class StreakController:
    """The streak's clicks and screen; memory keys are `streak.<name>`."""

    def __init__(self, memory: MutableMapping[str, Any], course: Course, store: LearnerStore,
                 learner: Learner | None) -> None:
        self.memory = Memory(memory, "streak")
        self.course = course
        self.store = store
        self.learner = learner

    def _rated(self) -> dict[str, tuple[float, float, int]]:
        try:
            return self.store.puzzle_ratings()
        except STORE_FAULTS as error:
            faults.report(error, "reading the puzzles' ratings")
            return {}

    def _best(self) -> int:
        if self.learner is None:
            return 0
        try:
            return self.store.best_streak(self.learner.id)
        except STORE_FAULTS as error:
            faults.report(error, "reading the best streak")
            return 0

    def run(self) -> Run | None:
        """The run, its last feedback in this run's language (kept so, once per switch)."""
        run = self.memory.typed("run", Run)
        if run is None or run.feedback is None or run.lang == language():
            return run
        given, answered = run.given, run.answered
        try:
            puzzle = self.course.puzzle(answered) if answered else None
        except KeyError:  # gone from the course since: the words stay as they were
            puzzle = None
        if puzzle is None or given is None:
            return run
        found = page.in_language(run.feedback, run.lang, lambda: check_answer(puzzle, given))
        run = replace(run, feedback=found, lang=language())
        self.memory["run"] = run
        return run

    def start(self, seed: int | None = None) -> None:
        """A new run from the easiest puzzles (`seed` fixes the draw, for tests)."""
        seed = random.SystemRandom().randrange(1 << 30) if seed is None else seed
        first = next_up(list(self.course.puzzles), None, self._rated(), random.Random(seed))
        best = self._best()
        self.memory["run"] = Run(seed, first.id if first else None, best=best, previous=best)

    def puzzle(self) -> Puzzle | None:
        run = self.run()
        if run is None or run.current is None:
            return None
        try:
            return self.course.puzzle(run.current)
        except KeyError:
            return None

    def answer(self, attempt: Attempt) -> None:
        """A move on the board: a right one moves the run up, any other ends it."""
        run, puzzle = self.run(), self.puzzle()
        if run is None or puzzle is None or run.over:
            return
        feedback = check_answer(puzzle, attempt)
        log_attempt(self.store, self.learner.id if self.learner else None, "puzzle", puzzle.id,
                    attempt, feedback)
        run = replace(run, answered=puzzle.id, given=attempt, lang=language())
        if not feedback.correct:
            self.memory["run"] = self._end(replace(run, feedback=feedback))
            return
        solved = (*run.solved, puzzle.id)
        rng = random.Random(run.seed * 1009 + len(solved))
        following = next_up(list(self.course.puzzles), puzzle, self._rated(), rng, solved)
        run = replace(run, solved=solved, current=following.id if following else None,
                      feedback=feedback)
        self.memory["run"] = self._end(run) if following is None else run

    def _end(self, run: Run) -> Run:
        """The run is over: keep it if it is the learner's best."""
        best = max(run.best, run.length)
        if self.learner is not None:
            try:
                best = self.store.record_streak(self.learner.id, run.length)
            except STORE_FAULTS as error:
                faults.report(error, "keeping the best streak")
        return replace(run, over=True, best=best)

    def _ended(self, run: Run) -> Puzzle | None:
        """The puzzle the run ended on by a miss (None for a run that ran out)."""
        if not run.over or run.feedback is None or run.feedback.correct or not run.answered:
            return None
        try:
            return self.course.puzzle(run.answered)
        except KeyError:  # gone from the course since
            return None

    def screen(self) -> StreakScreen:
        run = self.run()
        if run is None:
            return StreakScreen(None, None, self._best())
        new_best = run.over and run.length > run.previous
        ended = self._ended(run)
        puzzle = None if run.over else self.puzzle()
        shown = puzzle or ended
        measured = level(hardness(shown, self._rated())[0]) if shown is not None else None
        return StreakScreen(run, puzzle, run.best, new_best, measured, ended,
                            tuple(solutions(ended)) if ended is not None else ())
