"""The Puzzles page as plain Python (no Streamlit): filters, "next puzzle", the
learner's tries and the rating.

The first try at a puzzle is rated, like a game against it: solved raises
the rating, missed lowers it; a hint makes the try unrated. The first wrong move
fails the puzzle, whether the rules allow it or not (an illegal try is explained
and counts as the miss, so guessing at illegal moves costs as much as a legal
miss). On a first visit the page starts on the themes of the lessons the
learner has finished, and only on puzzles whose every theme they have been taught
(a build puzzle waits for the build lessons) and every concept they need too
(course/practice/ready.py: a multiple-capture puzzle that takes a build waits for
the builds; so does a finished lesson's "practise it" link), at the unsolved puzzle
nearest their rating; with no such lesson finished it says so and shows none until the learner
picks themes. Puzzles tried and not solved are listed to retry. Hints asked for a
puzzle not yet decided are kept in the store (`services.resume`), so leaving and
coming back cannot make its first try rated; homework is said to be homework.
A puzzle opened from Practice (`?puzzle=ID&via=practice`) leads back to the day's set
("Back to today's practice", "Next task of today's set") instead of on to unrelated
puzzles; the filters are kept while the streak or the lines are on screen.
`PuzzleController` is the page's controller (built once per script run; its
methods are the clicks, `screen()` and `rating()` say what to draw). Each try is
judged once by `check_answer`, and its Feedback, the judge's verdict included, is
what the page shows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from engine import Attempt, Move, Position, apply_move
from tutorial_app.course.judge.checking import check_answer, solutions
from tutorial_app.course.model import Feedback, FeedbackStatus, Puzzle
from tutorial_app.course.practice import ready
from tutorial_app.course.puzzles import rating as scale
from tutorial_app.flows import links, page
from tutorial_app.flows.attempt_log import log_attempt
from tutorial_app.flows.state import Memory
from tutorial_app.services import faults
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.progress_cache import LearnerStore
from tutorial_app.services.resume import PUZZLE, Resume
from tutorial_app.services.store import Learner, PuzzleResult
from tutorial_app.words.i18n import language, t

if TYPE_CHECKING:
    from tutorial_app.course import Course, Lesson

log = logging.getLogger(__name__)


class _PuzzleLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def themes(self) -> tuple[str, ...]: ...
    @property
    def difficulty(self) -> int: ...


P = TypeVar("P", bound=_PuzzleLike)


@dataclass(frozen=True, slots=True)
class Filter:
    themes: frozenset[str] = frozenset()  # empty: any theme
    lowest: int = 1
    highest: int = 5
    hide_solved: bool = False
    missed_only: bool = False  # tried and not (yet) solved: the learner's own review list
    within: frozenset[str] | None = None  # every theme of a puzzle among these (taught)
    ready: frozenset[str] | None = None  # only these puzzles: every concept they need taught


def matching(puzzles: Sequence[P], rule: Filter, solved: Mapping[str, bool]) -> list[P]:
    """The puzzles that pass the filter, easiest first (stable within a difficulty)."""
    found = [
        p for p in puzzles
        if (not rule.themes or rule.themes & set(p.themes))
        and (rule.within is None or set(p.themes) <= rule.within)
        and (rule.ready is None or p.id in rule.ready)
        and rule.lowest <= p.difficulty <= rule.highest
        and not (rule.hide_solved and solved.get(p.id))
        and not (rule.missed_only and solved.get(p.id, True))
    ]
    return sorted(found, key=lambda p: p.difficulty)


def next_puzzle(puzzles: Sequence[P], current: str | None,
                solved: Mapping[str, bool] | None = None) -> P | None:
    """The puzzle after `current` in the list, preferring unsolved ones; wraps around."""
    if not puzzles:
        return None
    ids = [p.id for p in puzzles]
    start = ids.index(current) + 1 if current in ids else 0
    order = [puzzles[(start + i) % len(puzzles)] for i in range(len(puzzles))]
    done = solved or {}
    for puzzle in order:
        if puzzle.id != current and not done.get(puzzle.id):
            return puzzle
    for puzzle in order:
        if puzzle.id != current:
            return puzzle
    return order[0]


def nearest(puzzles: Sequence[P], rating: float, solved: Mapping[str, bool],
            rated: Mapping[str, tuple[float, float, int]] | None = None) -> P | None:
    """The unsolved puzzle whose rating is nearest the learner's (lichess-style: a fair
    fight), the easier one on a tie; any puzzle when all are solved. A puzzle's rating
    is its own Glicko-2 rating once learners' first tries have given it one (`rated`),
    else the one its difficulty label starts from."""
    unsolved = [p for p in puzzles if not solved.get(p.id)] or list(puzzles)
    if not unsolved:
        return None
    known = rated or {}

    def strength(puzzle: P) -> float:
        found = known.get(puzzle.id)
        return found[0] if found else scale.puzzle_rating(puzzle.difficulty)

    return min(unsolved, key=lambda p: (abs(strength(p) - rating), p.difficulty))


@dataclass(frozen=True)
class PuzzleTry:
    """The learner's work on the puzzle on screen (kept in session state). `feedback`
    is the judgement of the last try, the judge's verdict included, its words in the
    language `lang`; `given` is that try, so a page drawn in another language words it
    again (`page.in_language`)."""

    puzzle: str
    wrong: int = 0
    hints: int = 0
    feedback: Feedback | None = None
    after: Position | None = None
    result: PuzzleResult | None = None
    recorded: bool = False
    show_solution: bool = False
    given: Attempt | None = None
    lang: str = ""
    solved_before: bool = False  # on an earlier visit: as the store said when it opened

    @property
    def solved(self) -> bool:
        return self.feedback is not None and self.feedback.correct

    @property
    def tried(self) -> bool:
        return self.wrong > 0 or self.feedback is not None


# ----- what the page draws ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatingLine:
    rating: float
    change: float | None  # the last rated puzzle's change, when there is one
    rated_games: int
    solved: int  # puzzles solved at least once
    history: tuple[float, ...]  # the rating after each rated puzzle, from the start

    @property
    def chart(self) -> tuple[float, ...] | None:
        """The points of the rating chart (the start, then each rated puzzle), once there
        is a line to draw."""
        return (scale.START, *self.history) if len(self.history) >= 2 else None


@dataclass(frozen=True, slots=True)
class PuzzleView:
    """The puzzle on screen and everything drawn around it."""

    puzzle: Puzzle
    work: PuzzleTry
    solved_before: bool
    board: Position  # after the right move once it is solved
    hints: tuple[str, ...]  # the hints asked for so far
    next_hint: int | None  # the number of the hint that may be asked for next
    can_reveal: bool  # "Show solution" (once tried)
    solutions: tuple[Move, ...] | None  # shown once revealed
    following: str | None  # the next puzzle's id
    note: str | None  # what the try did to the rating
    share: dict[str, str]  # the link to this puzzle
    assigned: bool = False  # homework from the learner's teacher
    practice: bool = False  # opened from the day's practice set: it leads back there

    @property
    def title(self) -> str:
        return self.puzzle.title or t("puzzles.untitled", id=self.puzzle.id)


@dataclass(frozen=True, slots=True)
class Taught:
    """The first visit's choice: the themes of the lessons finished, and the lesson
    that opens the next puzzles when none is (its title)."""

    themes: tuple[str, ...]
    next_lesson: str | None


@dataclass(frozen=True, slots=True)
class PuzzlesScreen:
    pool: int  # how many puzzles match the filters
    shown: PuzzleView | None  # None: no puzzle matches
    missed: tuple[Puzzle, ...] = ()  # tried and not solved yet: the list to retry
    taught: Taught | None = None  # on the themes taught so far, until the learner picks


# ----- the controller ---------------------------------------------------------------------

BOARD: Final = "puzzle"  # the board's scope: its widget keys and its selection, `puzzle.sel`
HINTS: Final = 3
DIFFICULTY: Final = (1, 5)
FILTERS: Final = ("themes", "difficulty", "hide_solved", "missed_only")  # the widgets' names


class PuzzleController:
    """The Puzzles page's clicks and screens; memory keys are `puzzles.<name>`, and the
    filter widgets' keys are `filter_keys`."""

    def __init__(self, memory: MutableMapping[str, Any], course: Course, store: LearnerStore,
                 learner: Learner | None, params: MutableMapping[str, str],
                 kept: Resume | None = None,
                 assigned: Callable[[], Collection[str]] | None = None) -> None:
        """`kept` keeps the hints of a puzzle not decided yet in the store; `assigned`
        gives the homework tasks of the learner's class ("puzzle:ID", ...)."""
        self.memory = Memory(memory, "puzzles")
        self._board = Memory(memory, BOARD)
        self.course = course
        self.store = store
        self.learner = learner
        self.params = params
        self.kept = kept
        self._assigned = assigned

    # ----- the filter widgets, read back here ------------------------------------------------

    @property
    def themes_key(self) -> str:
        return self.memory.key("themes")

    @property
    def difficulty_key(self) -> str:
        return self.memory.key("difficulty")

    @property
    def hide_solved_key(self) -> str:
        return self.memory.key("hide_solved")

    @property
    def missed_only_key(self) -> str:
        return self.memory.key("missed_only")

    def filter(self) -> Filter:
        themes = self.memory.get("themes") or []
        low, high = self.memory.get("difficulty") or DIFFICULTY
        taught = self.memory.get("taught_only")
        ready_only = self.memory.get("ready_only")
        return Filter(frozenset(str(theme) for theme in themes), int(low), int(high),
                      bool(self.memory.get("hide_solved")), bool(self.memory.get("missed_only")),
                      frozenset(taught) if isinstance(taught, tuple) else None,
                      frozenset(ready_only) if isinstance(ready_only, tuple) else None)

    def keep_filters(self) -> None:
        """Called before the filter widgets are drawn. Streamlit drops a widget's value
        from the session when a run does not draw it, so a visit to the streak or the
        lines (which draw no filters) lost the learner's themes; each value is kept
        under `kept_<name>` and put back when its widget is missing."""
        for name in FILTERS:
            if name in self.memory:
                self.memory[f"kept_{name}"] = self.memory[name]
            elif f"kept_{name}" in self.memory:
                self.memory[name] = self.memory[f"kept_{name}"]

    def themes_changed(self) -> None:
        """The learner picked themes: their choice, no longer only what was taught."""
        self.memory.clear("taught_only")
        self.memory.clear("ready_only")

    # ----- links ---------------------------------------------------------------------------

    def _finished(self) -> list[Lesson]:
        progress = self.store.progress(self.learner.id) if self.learner is not None else {}
        return [lesson for lesson in self.course.lessons
                if progress.get(lesson.id) and progress[lesson.id].completed]

    def taught_themes(self) -> list[str]:
        """The puzzle themes of the lessons (stages) the learner has finished, in the
        course's order of themes; none when none of them has puzzles."""
        wanted = {theme for lesson in self._finished() for theme in lesson.practice}
        return [theme for theme in self.course.themes() if theme in wanted]

    def _keep_to_ready(self) -> None:
        """Until the learner picks themes herself, only the puzzles whose every concept
        the stages she has finished teach (course/practice/ready.py): the several-groups
        stage's "practise it" once opened multiple-capture puzzles that take builds."""
        done = {lesson.id for lesson in self._finished()}
        found = ready.ready_ids(self.course.puzzles, self.course.lessons, done)
        self.memory["ready_only"] = tuple(sorted(found))

    def start(self) -> None:
        """On a learner's first visit in this session, only puzzles of the themes they
        have been taught (a link naming a puzzle or themes decides instead). Another
        learner signing in on this browser starts afresh: the choice was the other's."""
        if self.learner is None or self.memory.get("started") == self.learner.id:
            return
        switched = self.memory.get("started") is not None
        self.memory["started"] = self.learner.id
        if switched:
            self.memory.clear("taught_only")
            self.memory.clear("ready_only")
            self.show(None)
        if self.params.get(links.THEME) or self.params.get(links.PUZZLE):
            return
        themes = self.taught_themes()
        self.memory["themes"] = themes
        self.memory["taught_only"] = tuple(themes)
        self._keep_to_ready()

    def _taught(self) -> Taught | None:
        """The first visit's choice while it holds, with the lesson that opens more."""
        taught = self.memory.get("taught_only")
        if not isinstance(taught, tuple):
            return None
        done = {lesson.id for lesson in self._finished()}
        following = next((lesson.title for lesson in self.course.lessons
                          if lesson.practice and lesson.id not in done), None)
        return Taught(taught, following)

    def follow_links(self) -> None:
        """`?theme=sum` (from a finished lesson) sets the theme filter; `?puzzle=p1` opens
        a puzzle; each once per new link."""
        self.start()
        theme = self.params.get(links.THEME, "")
        if theme and self.memory.get("theme_link") != theme:
            self.memory["theme_link"] = theme
            themes = links.read_themes(theme, self.course.themes())
            if themes:
                self.memory["themes"] = themes
                self.memory.clear("taught_only")
                self.memory.clear("ready_only")
                if self.learner is not None:  # a finished lesson's link: what she is ready for
                    self._keep_to_ready()
                self.show(None)  # the first puzzle of the new choice
        self._follow_practice()
        link = page.new_link(self.memory, self.params, links.PUZZLE)
        if link is None or not link[0]:
            return
        puzzle = self._find(links.clean_id(link[0]))
        if puzzle is None:
            page.link_error(self.memory, "puzzles.no_such", id=link[0][:80])
            return
        self.show(puzzle.id)

    def _follow_practice(self) -> None:
        """`via=practice` beside a puzzle: that puzzle is the day's task (followed even
        when the same puzzle is already on screen; the address keeps only the puzzle)."""
        if self.params.get(links.VIA) != links.FROM_PRACTICE:
            return
        task = links.clean_id(self.params.get(links.PUZZLE, ""))
        if task is not None:
            self.memory["practice"] = task
        self.params.pop(links.VIA, None)

    def practice_done(self) -> tuple[str, ...]:
        """The task keys of the practice puzzles decided in this session (`puzzle:ID`)."""
        done = self.memory.get("practice_done")
        return done if isinstance(done, tuple) else ()

    def take_link_error(self) -> str | None:
        return page.take_link_error(self.memory)

    def _write_link(self, puzzle_id: str | None) -> None:
        page.write_link(self.memory, self.params, {links.PUZZLE: puzzle_id or ""})

    # ----- where the learner is --------------------------------------------------------------

    def _find(self, puzzle_id: str | None) -> Puzzle | None:
        return page.find(self.course.puzzle, puzzle_id)

    def puzzle(self) -> Puzzle | None:
        current = self.memory.get("current")
        return self._find(current) if isinstance(current, str) else None

    def _work(self, puzzle: Puzzle) -> PuzzleTry:
        """The work on the puzzle on screen: this session's, or, for a puzzle just
        opened, the hints kept for it while its try is not decided."""
        current = self.memory.typed("try", PuzzleTry)
        if current is not None and current.puzzle == puzzle.id:
            return self._in_language(puzzle, current)
        fresh = PuzzleTry(puzzle.id, hints=min(HINTS, self._kept_hints(puzzle)),
                          solved_before=bool(self._solved().get(puzzle.id)))
        self.memory["try"] = fresh
        return fresh

    def _in_language(self, puzzle: Puzzle, work: PuzzleTry) -> PuzzleTry:
        """The try with its feedback in this run's language (kept so, once per switch)."""
        given = work.given
        if work.feedback is None or given is None or work.lang == language():
            return work
        found = page.in_language(work.feedback, work.lang, lambda: check_answer(puzzle, given))
        work = replace(work, feedback=found, lang=language())
        self.memory["try"] = work
        return work

    def _kept_hints(self, puzzle: Puzzle) -> int:
        if self.kept is None or self.learner is None:
            return 0
        try:
            return self.kept.work(self.learner.id, PUZZLE, puzzle.id).hints
        except STORE_FAULTS as error:
            faults.report(error, "reading a puzzle's hints")
            return 0

    def _keep_hint(self, puzzle: Puzzle, clear: bool = False) -> None:
        if self.kept is None or self.learner is None:
            return
        try:
            if clear:
                self.kept.clear_work(self.learner.id, PUZZLE, puzzle.id)
            else:
                self.kept.add_work(self.learner.id, PUZZLE, puzzle.id, hints=1)
        except STORE_FAULTS as error:
            faults.report(error, "keeping a puzzle's hints")

    def _is_homework(self, puzzle: Puzzle) -> bool:
        """Is the puzzle homework for the learner's class? Asked once per puzzle opened
        (not on every click of it)."""
        if self._assigned is None or self.learner is None:
            return False
        asked = self.memory.get("homework")
        if isinstance(asked, tuple) and asked[0] == puzzle.id:
            return bool(asked[1])
        try:
            found = f"puzzle:{puzzle.id}" in self._assigned()
        except STORE_FAULTS as error:
            faults.report(error, "reading the learner's homework")
            found = False
        self.memory["homework"] = (puzzle.id, found)
        return found

    def _rated(self) -> dict[str, tuple[float, float, int]]:
        """The puzzles' own ratings (empty when the store cannot say just now)."""
        try:
            return self.store.puzzle_ratings()
        except STORE_FAULTS as error:
            faults.report(error, "reading the puzzles' ratings")
            return {}

    def _solved(self) -> dict[str, bool]:
        return self.store.solved_puzzles(self.learner.id) if self.learner is not None else {}

    # ----- clicks --------------------------------------------------------------------------

    def show(self, puzzle_id: str | None) -> None:
        """Open a puzzle (None: the first that matches the filters); "Next puzzle"."""
        self.memory["current"] = puzzle_id
        self.memory.clear("try")
        self._board.clear("sel", "verdict")

    def answer(self, attempt: Attempt) -> None:
        """A move made on the board."""
        puzzle = self.puzzle()
        if puzzle is None:
            return
        work = self._work(puzzle)
        if work.solved:
            return
        feedback = check_answer(puzzle, attempt)
        log_attempt(self.store, self.learner.id if self.learner else None, "puzzle", puzzle.id,
                    attempt, feedback)
        work = replace(work, given=attempt, lang=language())
        if feedback.correct:
            after = apply_move(puzzle.position, feedback.move).position if feedback.move else None
            work = self._record(puzzle, replace(work, feedback=feedback, after=after), True)
        elif feedback.status is FeedbackStatus.MISSED:
            work = replace(work, feedback=feedback, wrong=work.wrong + 1)
            work = self._record(puzzle, work, solved=False)
        else:  # not allowed: explained, and the first wrong move fails the puzzle all the same
            work = replace(work, feedback=feedback, wrong=work.wrong + 1)
            if feedback.status is FeedbackStatus.NOT_ALLOWED:
                work = self._record(puzzle, work, solved=False)
        self.memory["try"] = work

    def hint(self) -> None:
        puzzle = self.puzzle()
        if puzzle is None:
            return
        work = self._work(puzzle)
        if work.solved or work.hints >= HINTS:
            return
        self.memory["try"] = replace(work, hints=work.hints + 1)
        if not work.recorded:  # the try is not decided yet: the hint stays with it
            self._keep_hint(puzzle)

    def reveal(self) -> None:
        """Show the solution; a puzzle not solved yet counts as missed."""
        puzzle = self.puzzle()
        if puzzle is None:
            return
        work = self._work(puzzle)
        if not work.solved:
            work = self._record(puzzle, work, solved=False)
        self.memory["try"] = replace(work, show_solution=True)

    def _record(self, puzzle: Puzzle, work: PuzzleTry, solved: bool) -> PuzzleTry:
        """Record a finished attempt (a miss only once); the store rates the first try."""
        if self.learner is None or (work.recorded and not solved):
            return work
        learner = self.learner
        results: list[PuzzleResult] = []
        if not page.save(self.memory, lambda: results.append(self.store.record_puzzle(
                learner.id, puzzle.id, puzzle.difficulty, solved, hinted=work.hints > 0)),
                "puzzles.not_saved", f"puzzle {puzzle.id} for learner {learner.id}", log):
            return work
        result = results[0]
        self._keep_hint(puzzle, clear=True)  # decided: its hints have done their work
        if self.memory.get("practice") == puzzle.id:  # the day's task is done: on to the next
            self.memory["practice_done"] = (*self.practice_done(), f"puzzle:{puzzle.id}")
        return replace(work, recorded=True, result=work.result or result)

    def take_notice(self) -> str | None:
        return page.take_notice(self.memory)

    # ----- screens -------------------------------------------------------------------------

    def rating(self) -> RatingLine | None:
        if self.learner is None:
            return None
        who = self.store.get_learner(self.learner.id)
        if who is None:
            return None
        history = self.store.rating_history(who.id)
        change = None
        if history:
            change = history[-1] - (history[-2] if len(history) > 1 else scale.START)
        solved = sum(1 for ok in self._solved().values() if ok)
        return RatingLine(who.rating, change, who.rated_games, solved, tuple(history))

    def screen(self) -> PuzzlesScreen:
        """The puzzles that match the filters and the one on screen (the first of them
        when none is chosen yet). Keeps the link in step with it."""
        solved = self._solved()
        rule = self.filter()
        pool = matching(list(self.course.puzzles), rule, solved)
        puzzle = self.puzzle()
        if puzzle is not None and rule.missed_only and solved.get(puzzle.id) and \
                not self._work(puzzle).solved:
            puzzle = None  # the review list moves on from a puzzle solved since
        if puzzle is None and pool:
            line = self.rating()
            puzzle = nearest(pool, line.rating if line else scale.START, solved, self._rated())
            self.memory["current"] = puzzle.id if puzzle else None
        missed = tuple(p for p in self.course.puzzles if solved.get(p.id) is False)
        taught = self._taught()
        if puzzle is None:
            return PuzzlesScreen(len(pool), None, missed, taught)
        self._write_link(puzzle.id)
        return PuzzlesScreen(len(pool), self._view(puzzle, pool, solved), missed, taught)

    def _view(self, puzzle: Puzzle, pool: list[Puzzle], solved: dict[str, bool]) -> PuzzleView:
        work = self._work(puzzle)
        board = work.after if work.solved and work.after is not None else puzzle.position
        following = next_puzzle(pool or self.course.puzzles, puzzle.id, solved)
        return PuzzleView(
            puzzle=puzzle, work=work, solved_before=work.solved_before, board=board,
            hints=puzzle.hints[:work.hints],
            next_hint=work.hints + 1 if work.hints < HINTS and not work.solved else None,
            can_reveal=(work.tried or work.solved) and not work.show_solution,
            solutions=tuple(solutions(puzzle)) if work.show_solution else None,
            following=following.id if following is not None else None,
            note=rating_note(work.result), share={links.PUZZLE: puzzle.id},
            assigned=self._is_homework(puzzle), practice=self.memory.get("practice") == puzzle.id)


def rating_note(result: PuzzleResult | None) -> str | None:
    """What the try did to the rating: the change, or why it did not count (a puzzle's
    and a line puzzle's alike)."""
    if result is None:
        return None
    if result.rated and result.change is not None:
        return t("puzzles.rating_change", change=result.change.text)
    if not result.first_try:
        return t("puzzles.unrated_again")
    return t("puzzles.unrated_hint")
