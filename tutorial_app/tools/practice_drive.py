"""Simulated learners driven through the app itself: the Practice page's choice
(`flows.practice.learner_view`) read from a real store (a SQLite `ProgressStore`), every
try written with `record_attempt` (so the FSRS feed and the skill model run as in the
app), solved steps with `record_step`, lessons finished with `complete_lesson`, puzzles
with `record_puzzle`; against the course order, the Learn page's lessons and their
scored steps one after another, then the puzzles.

The learner does a task as a learner does on the page: up to MAX_TRIES tries, the next
one only after a wrong one; TASKS_PER_DAY tries a day (a task begun is finished). With
Practice she opens the first task of the set each time (the page's order), and when the
set is empty, her next lesson (the page names it). A run ends when every game skill is
mastered (recalled a week later with probability MASTERY_RECALL, the same bar both
ways) or after MAX_TASKS tries.

The store reads the time from `time.time()`; `store_clock` moves it with the
simulation's clock for the length of a run (a simulation only: the app has no such
setting).
"""

from __future__ import annotations

import random
import statistics
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Protocol

from tutorial_app.course.course import Course
from tutorial_app.course.practice.mastery import Mastery, Try
from tutorial_app.course.practice.skills import SKILLS, Task
from tutorial_app.course.steps import scored
from tutorial_app.flows import practice
from tutorial_app.services.store import LessonProgress, ProgressStore
from tutorial_app.tools.prediction_scores import auc, calibration
from tutorial_app.tools.sim_learner import (
    LEARN_HIGH,
    LEARN_LOW,
    MASTERY_RECALL,
    Facts,
    course_facts,
)

DAY: Final = 86400.0
START: Final = 1_700_000_000.0   # a Monday-ish Unix time; the day starts at START
TASKS_PER_DAY: Final = 20
MAX_TRIES: Final = 3
MAX_TASKS: Final = 3000


class SimLearner(Protocol):
    def attempt(self, task: Task | None, facts: Facts, tried: int, now: float) -> bool: ...

    def recall(self, skill: str, now: float) -> float: ...


@dataclass(frozen=True, slots=True)
class Item:
    """One scored step or puzzle, in the Learn page's order."""

    key: str
    lesson: str          # "" for a puzzle
    difficulty: int
    task: Task | None    # None for a step with no skill
    facts: Facts

    @property
    def kind(self) -> str:
        return self.key.partition(":")[0]

    @property
    def ref(self) -> str:
        return self.key.partition(":")[2]


def course_items(course: Course) -> list[Item]:
    """Every scored step (lessons in the course's order) then every puzzle."""
    tasks = {task.key: task for task in practice.tasks_of(course)}
    facts = course_facts(course.lessons, course.puzzles)
    items = []
    for lesson in course.lessons:
        for step in lesson.steps:
            if scored(step.kind):
                key = f"step:{lesson.id}/{step.id}"
                items.append(Item(key, lesson.id, min(5, max(1, lesson.stage)), tasks.get(key),
                                  facts[key]))
    for puzzle in course.puzzles:
        key = f"puzzle:{puzzle.id}"
        items.append(Item(key, "", puzzle.difficulty, tasks.get(key), facts[key]))
    return items


class _Clock:
    def __init__(self) -> None:
        self.now = START

    def time(self) -> float:
        return self.now


@contextmanager
def store_clock(clock: _Clock) -> Iterator[None]:
    """The store's `time.time()` reads the simulation's clock for the run."""
    import tutorial_app.services.store as module
    real = getattr(module, "time")  # noqa: B009 - the module's `time`, put back after
    setattr(module, "time", clock)  # noqa: B010 - a module attribute, for the run only
    try:
        yield
    finally:
        setattr(module, "time", real)  # noqa: B010


@dataclass
class Run:
    tries: int
    days: float
    mastered: bool
    retention: float
    predictions: list[tuple[float, bool]] = field(default_factory=list)
    picks: dict[str, int] = field(default_factory=dict)   # reason kind -> picks
    locked: int = 0          # picks in a lesson the Learn page refuses
    harder: int = 0          # "harder" picks ...
    harder_really: int = 0   # ... harder than any task she solved on the skill named
    first_mastery: tuple[int, float] | None = None  # (tries, retention) when first mastered


def game_skills(course: Course) -> list[str]:
    found = {s for task in practice.tasks_of(course) for s in task.skills}
    return [s for s in SKILLS if s in found]


class _Day:
    """The simulation's clock: TASKS_PER_DAY tries a day, a minute apart."""

    def __init__(self, clock: _Clock) -> None:
        self.clock = clock
        self.day = 0
        self.today = 0
        self.tries = 0
        self.clock.now = START + 9 * 3600

    def tick(self) -> None:
        self.tries += 1
        self.today += 1
        self.clock.now += 60.0

    def next_task(self) -> None:
        if self.today >= TASKS_PER_DAY:
            self.day += 1
            self.today = 0
            self.clock.now = START + self.day * DAY + 9 * 3600


def _mastered(learner: SimLearner, skills: Sequence[str], now: float) -> bool:
    return all(learner.recall(s, now + 7 * DAY) >= MASTERY_RECALL for s in skills)


def _end(learner: SimLearner, skills: Sequence[str], day: _Day, run: Run) -> Run:
    now = day.clock.now
    run.tries = day.tries
    run.days = (now - START) / DAY
    run.mastered = _mastered(learner, skills, now)
    run.retention = _retention(learner, skills, now)
    return run


def _retention(learner: SimLearner, skills: Sequence[str], now: float) -> float:
    return statistics.fmean(learner.recall(s, now + 7 * DAY) for s in skills)


def course_order(course: Course, items: Sequence[Item], learner: SimLearner) -> Run:
    """The Learn page's order: every scored step, then every puzzle, and again."""
    skills = game_skills(course)
    day = _Day(_Clock())
    run = Run(0, 0.0, False, 0.0)
    n = 0
    while day.tries < MAX_TASKS:
        item = items[n % len(items)]
        n += 1
        for tried in range(MAX_TRIES):
            right = learner.attempt(item.task, item.facts, tried, day.clock.now)
            day.tick()
            if right:
                break
        day.next_task()
        if _mastered(learner, skills, day.clock.now):
            break
    return _end(learner, skills, day, run)


def with_practice(course: Course, items: Sequence[Item], learner: SimLearner,
                  store: ProgressStore, name: str, floor: float = 0.0) -> Run:
    """The Practice page's set, task after task as listed, then the page again; her
    next lesson when the set is empty; every try through the store. With `floor`, the
    run goes on past mastery until the mean recall a week later is at least `floor`
    (the course order's, for a comparison at retention no lower)."""
    skills = game_skills(course)
    by_key = {item.key: item for item in items}
    clock = _Clock()
    day = _Day(clock)
    run = Run(0, 0.0, False, 0.0)
    who = store.learner(name).id
    model = Mastery()
    hardest: dict[str, int] = {}  # skill -> the hardest task on it she has solved
    with store_clock(clock):
        while day.tries < MAX_TASKS:
            view = practice.learner_view(course, store, who, clock.now)
            progress = store.progress(who)
            queue: list[tuple[Item, str]] = []
            for pick in view.picks:
                item = by_key[pick.task.key]
                queue.append((item, pick.reason.kind))
                if item.lesson and _locked(course, item.lesson, progress):
                    run.locked += 1
                if pick.reason.kind == "harder":
                    run.harder += 1
                    run.harder_really += int(item.difficulty > hardest.get(pick.reason.skill, 0))
            if not queue:
                found = _next_step(course, progress, by_key)
                if found is None:
                    break
                queue.append((found, "lesson"))
            for item, kind in queue:
                run.picks[kind] = run.picks.get(kind, 0) + 1
                solved = _do(course, store, who, model, learner, item, day, run)
                for skill in item.task.skills if solved and item.task else ():
                    hardest[skill] = max(hardest.get(skill, 0), item.difficulty)
                day.next_task()
                mastered = _mastered(learner, skills, clock.now)
                if mastered and run.first_mastery is None:
                    run.first_mastery = (day.tries, _retention(learner, skills, clock.now))
                if ((mastered and _retention(learner, skills, clock.now) >= floor)
                        or day.tries >= MAX_TASKS):
                    return _end(learner, skills, day, run)
    return _end(learner, skills, day, run)


def _do(course: Course, store: ProgressStore, who: int, model: Mastery,
        learner: SimLearner, item: Item, day: _Day, run: Run) -> bool:
    """One task as on the page: tries until right, at most MAX_TRIES; the model's
    prediction of the first try kept for its AUC."""
    now = day.clock.now
    predicted = model.at(now).p_right(item.task) if item.task is not None else 0.0
    solved = False
    for tried in range(MAX_TRIES):
        right = learner.attempt(item.task, item.facts, tried, day.clock.now)
        if item.task is not None and tried == 0:
            run.predictions.append((predicted, right))
        _record(store, who, item, right, tried)
        if item.task is not None:  # the app's model, updated as the store's log grows
            model.update(Try(item.task, right, _code(item), day.clock.now))
        day.tick()
        if right:
            solved = True
            break
    if item.kind == "puzzle":
        store.record_puzzle(who, item.ref, item.difficulty, solved, False)
    elif solved:
        _finish_lesson(course, store, who, item.lesson)
    return solved


def _record(store: ProgressStore, who: int, item: Item, right: bool, tried: int) -> None:
    verdict = "correct" if right else "missed"
    store.record_attempt(who, item.kind, item.ref, "", verdict, _code(item))
    if right and item.kind == "step":
        stars = max(1, 3 - tried)
        store.record_step(who, item.lesson, item.ref.partition("/")[2], stars, tried, 0)


def _code(item: Item) -> str:
    """A played move that misses is legal (the learner plays only legal moves); a
    question's wrong pick has no code."""
    return "legal" if item.facts.pulled in (0.0, 1.0) else ""


def _finish_lesson(course: Course, store: ProgressStore, who: int, lesson_id: str) -> None:
    """Every scored step of the lesson solved: she presses Finish."""
    lesson = next(x for x in course.lessons if x.id == lesson_id)
    made = store.progress(who).get(lesson_id)
    answered = {s.id for s in lesson.steps if scored(s.kind)}
    if made is not None and not made.completed and answered <= set(made.steps):
        store.complete_lesson(who, lesson_id, 3)


def _locked(course: Course, lesson_id: str, progress: dict[str, LessonProgress]
            ) -> bool:
    lesson = next(x for x in course.lessons if x.id == lesson_id)
    return not all(progress.get(r) is not None and progress[r].completed
                   for r in lesson.requires)


def _next_step(course: Course, progress: dict[str, LessonProgress],
               by_key: dict[str, Item]) -> Item | None:
    """Her next lesson's first scored step not solved yet (the Learn page's next)."""
    done = {x for x, made in progress.items() if made.completed}
    for lesson in course.lessons:
        if lesson.id in done or not set(lesson.requires) <= done:
            continue
        solved = set(progress[lesson.id].steps) if lesson.id in progress else set()
        for step in lesson.steps:
            if scored(step.kind) and step.id not in solved:
                return by_key[f"step:{lesson.id}/{step.id}"]
    return None


def temporary_store() -> tuple[ProgressStore, tempfile.TemporaryDirectory[str]]:
    """A fresh SQLite store in a temporary folder (the caller closes both)."""
    folder = tempfile.TemporaryDirectory(prefix="practice-sim-")
    return ProgressStore(Path(folder.name) / "progress.sqlite"), folder


@dataclass
class AppSummary:
    """One seed's learners, course order against Practice, both through the app."""

    seed: int
    learners: int
    fixed_tries: float
    practice_tries: float        # to master every skill (the same bar as the course order)
    fewer: float                 # 1 - practice / fixed, at that bar
    practice_tries_equal: float  # on until retention is no lower than the course order's
    fewer_equal: float
    fixed_days: float
    practice_days: float         # at retention no lower
    fixed_retention: float
    practice_retention: float    # when every skill is first mastered
    practice_retention_equal: float
    practice_mastered: float     # share of learners who got there within MAX_TASKS
    auc: float
    ece: float
    locked: float                # share of picks in a lesson the Learn page refuses
    harder_really: float         # share of "harder" picks harder than she had solved
    picks: dict[str, float]      # share of picks by reason


def run_app_seed(course: Course, seed: int, learners: int,
                 make: Callable[[str, float], SimLearner]) -> AppSummary:
    """`learners` learners (each the same learner both ways, her own learning rate drawn
    from the seed), through a fresh store."""
    items = course_items(course)
    fixed: list[Run] = []
    adaptive: list[Run] = []
    store, folder = temporary_store()
    try:
        for n in range(learners):
            learn = random.Random(seed * 1000 + n).uniform(LEARN_LOW, LEARN_HIGH)
            fixed.append(course_order(course, items, make(f"{seed}/{n}/f", learn)))
            adaptive.append(with_practice(course, items, make(f"{seed}/{n}/p", learn), store,
                                          f"Learner {n}", fixed[-1].retention))
    finally:
        store.close()
        folder.cleanup()
    pairs = [p for run in adaptive for p in run.predictions]
    ece, _ = calibration(pairs)
    f_tries = statistics.fmean(r.tries for r in fixed)
    first = [r.first_mastery or (r.tries, r.retention) for r in adaptive]
    p_tries = statistics.fmean(t for t, _ in first)
    p_equal = statistics.fmean(r.tries for r in adaptive)
    picks: dict[str, int] = {}
    for r in adaptive:
        for kind, k in r.picks.items():
            picks[kind] = picks.get(kind, 0) + k
    total = max(1, sum(picks.values()))
    harder = sum(r.harder for r in adaptive)
    return AppSummary(
        seed, learners, f_tries, p_tries, 1 - p_tries / f_tries, p_equal, 1 - p_equal / f_tries,
        statistics.fmean(r.days for r in fixed), statistics.fmean(r.days for r in adaptive),
        statistics.fmean(r.retention for r in fixed), statistics.fmean(x for _, x in first),
        statistics.fmean(r.retention for r in adaptive),
        statistics.fmean(r.first_mastery is not None for r in adaptive), auc(pairs), ece,
        sum(r.locked for r in adaptive) / total,
        sum(r.harder_really for r in adaptive) / harder if harder else 1.0,
        {kind: k / total for kind, k in sorted(picks.items())})
