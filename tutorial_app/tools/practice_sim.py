"""Simulated learners through the course, in the fixed order and with Practice choosing:
`python -m tutorial_app.tools.practice_sim [--learners N] [--seeds 1 2 3] [--json]
[--learner model|independent|model-app]`.

Two kinds of learner. `model` (the default, this module): drawn from the same picture
of a learner as the chooser's model (below), run on the tasks directly. `independent`
(tools/sim_learner.py): prerequisites, power-law forgetting per skill, slips that grow
with the legal moves, a pull toward the biggest capture; run through the app itself,
the Practice page's choice read from a real store (tools/practice_drive.py).
`model-app` runs this module's learner through the app the same way.

Each simulated learner has, per skill, a hidden state the model never sees:

- learned or not: each try on a task that exercises an unlearned skill teaches it with
  probability `learn` (the learner's own, drawn between LEARN_LOW and LEARN_HIGH);
- once learned, memory decays: the chance to recall the skill after t days is
  exp(-t / stability), stability starting at STABILITY days; a try that recalls it
  multiplies the stability by SPACING_GAIN scaled by how much had been forgotten (a
  review after a long gap strengthens more: the spacing effect), a try that does not
  recall it halves the stability and must learn it again;
- a try is right with probability 1 - SLIP when every skill of the task is recalled,
  else GUESS.

A learner does TASKS_PER_DAY tries a day. In the fixed order they go through the
course's tasks one after another (from the start again after the last); with Practice,
they do the daily set (course/practice/plan.py, the page's own choice) over and over,
the skill model (course/practice/mastery.py) and the FSRS reviews
(course/practice/review.py) updated after every try, exactly as the app updates them.

A skill is mastered when the learner would still recall it a week later with
probability at least MASTERY_RECALL (the same bar of retention for both ways); the run
ends when every skill is, or after MAX_TASKS (a run cut there counts MAX_TASKS, so a
reduction measured against it is a lower bound). Retention is the mean chance of
recalling a skill a week after the end, with no practice in between.

By default the skills are the game's twelve (course/skills.SKILLS): the settings that
change play are stripped from the tasks, because the fixed order meets most of them in
one to three tasks at the very end and never masters them (`--with-settings` measures
that too: the fixed order is then cut at MAX_TASKS).

AUC and calibration are of the model's P(right) before each try against the try's
outcome, over every try of every learner of the Practice runs.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Final

from tutorial_app.course.course import load_course
from tutorial_app.course.practice.mastery import Mastery, Try
from tutorial_app.course.practice.plan import Situation, daily_set
from tutorial_app.course.practice.review import grade, review
from tutorial_app.course.practice.skills import SKILLS, Task, course_tasks, missed_skills, skills_in
from tutorial_app.tools.prediction_scores import auc, calibration

DAY: Final = 86400.0
TASKS_PER_DAY: Final = 20
LEARN_LOW, LEARN_HIGH = 0.15, 0.35
STABILITY: Final = 3.0        # days, once learned
SPACING_GAIN: Final = 2.0
SLIP: Final = 0.1
GUESS: Final = 0.15
MASTERY_RECALL: Final = 0.8
MAX_TASKS: Final = 4000


@dataclass
class Learner:
    """One simulated learner's hidden knowledge (never shown to the model)."""

    rng: random.Random
    learn: float
    learned: dict[str, bool] = field(default_factory=dict)
    stability: dict[str, float] = field(default_factory=dict)
    last: dict[str, float] = field(default_factory=dict)

    def recall(self, skill: str, now: float) -> float:
        if not self.learned.get(skill):
            return 0.0
        gap = max(0.0, now - self.last[skill]) / DAY
        return math.exp(-gap / self.stability[skill])

    def attempt(self, task: Task, now: float) -> bool:
        """One try: right or not, and what it teaches."""
        recalled = {s: self.rng.random() < self.recall(s, now) for s in task.skills}
        right = self.rng.random() < ((1 - SLIP) if all(recalled.values()) else GUESS)
        for skill in task.skills:
            if recalled[skill]:
                forgotten = 1 - self.recall(skill, now)
                self.stability[skill] *= 1 + (SPACING_GAIN - 1) * (0.3 + forgotten)
            elif self.learned.get(skill):  # known once, not recalled: learn it again
                self.learned[skill] = self.rng.random() < self.learn * 2
                self.stability[skill] = max(1.0, self.stability[skill] / 2)
            elif self.rng.random() < self.learn:
                self.learned[skill] = True
                self.stability[skill] = STABILITY
            self.last[skill] = now
        return right

    def mastered(self, skills: Sequence[str], now: float) -> bool:
        """Every skill would still be recalled a week from now (so both ways of
        practising stop at the same bar of retention)."""
        return all(self.recall(s, now + 7 * DAY) >= MASTERY_RECALL for s in skills)


@dataclass(frozen=True)
class Run:
    tasks: int
    days: float
    mastered: bool
    retention: float
    predictions: tuple[tuple[float, bool], ...]


class PracticeState:
    """What the app keeps of a learner, kept the app's way: the model, the reviews."""

    def __init__(self) -> None:
        self.model = Mastery()
        self.cards: dict[str, tuple[str, float, float]] = {}  # task -> card, due, reviewed
        self.pending: dict[str, int] = {}
        self.solved: set[str] = set()
        self.misses: list[tuple[float, str]] = []  # (when, skill)

    def record(self, task: Task, right: bool, now: float) -> None:
        code = "legal"
        self.model.update(Try(task, right, code, now))
        if not right:
            self.pending[task.key] = self.pending.get(task.key, 0) + 1
            self.misses.extend((now, s) for s in missed_skills(task, code))
            return
        card = self.cards.get(task.key)
        done = review(card[0] if card else None, grade(True, self.pending.pop(task.key, 0), 0),
                      now)
        self.cards[task.key] = (done.card, done.due, now)
        self.solved.add(task.key)

    def situation(self, now: float) -> Situation:
        week = now - 7 * DAY
        missed: dict[str, int] = {}
        for at, skill in self.misses:
            if at >= week:
                missed[skill] = missed.get(skill, 0) + 1
        due = {k: c[1] for k, c in self.cards.items() if c[1] <= now}
        return Situation(self.model.at(now), due, {k: c[2] for k, c in self.cards.items()},
                         self.solved, missed, now)


def simulate(tasks: Sequence[Task], learner: Learner, adaptive: bool) -> Run:
    skills = skills_in(tasks)
    state = PracticeState()
    predictions: list[tuple[float, bool]] = []
    done = 0
    now = 0.0
    queue: list[Task] = []
    while done < MAX_TASKS:
        if not queue:
            queue = ([p.task for p in daily_set(tasks, state.situation(now))] if adaptive
                     else [tasks[done % len(tasks)]])
        task = queue.pop(0)
        predictions.append((state.model.at(now).p_right(task), False))
        right = learner.attempt(task, now)
        predictions[-1] = (predictions[-1][0], right)
        state.record(task, right, now)
        done += 1
        now = (done // TASKS_PER_DAY) * DAY + (done % TASKS_PER_DAY) * 60.0
        if learner.mastered(skills, now):
            break
    later = now + 7 * DAY
    retention = statistics.fmean(learner.recall(s, later) for s in skills)
    return Run(done, now / DAY, learner.mastered(skills, now), retention, tuple(predictions))


@dataclass
class Summary:
    seed: int
    learners: int
    fixed_tasks: float
    practice_tasks: float
    fewer: float            # 1 - practice / fixed
    fixed_days: float
    practice_days: float
    fixed_mastered: float   # share of learners who mastered every skill within MAX_TASKS
    practice_mastered: float
    fixed_retention: float
    practice_retention: float
    auc: float
    ece: float


def run_seed(tasks: Sequence[Task], seed: int, learners: int) -> Summary:
    fixed: list[Run] = []
    adaptive: list[Run] = []
    for n in range(learners):
        learn = random.Random(seed * 1000 + n).uniform(LEARN_LOW, LEARN_HIGH)
        fixed.append(simulate(tasks, Learner(random.Random(f"{seed}/{n}/f"), learn), False))
        adaptive.append(simulate(tasks, Learner(random.Random(f"{seed}/{n}/p"), learn), True))
    pairs = [p for run in adaptive for p in run.predictions]
    ece, _ = calibration(pairs)
    f_tasks = statistics.fmean(r.tasks for r in fixed)
    p_tasks = statistics.fmean(r.tasks for r in adaptive)
    return Summary(seed, learners, f_tasks, p_tasks, 1 - p_tasks / f_tasks,
                   statistics.fmean(r.days for r in fixed),
                   statistics.fmean(r.days for r in adaptive),
                   statistics.fmean(r.mastered for r in fixed),
                   statistics.fmean(r.mastered for r in adaptive),
                   statistics.fmean(r.retention for r in fixed),
                   statistics.fmean(r.retention for r in adaptive), auc(pairs), ece)


def shipped_tasks(folder: Path | None = None, settings: bool = False) -> list[Task]:
    """The course's tasks; without `settings`, only the game's skills, renumbered."""
    from tutorial_app.config import lessons_folder
    course = load_course(folder or lessons_folder(), proofs=False)
    tasks = course_tasks(course.lessons, course.puzzles)
    if settings:
        return tasks
    game: list[Task] = []
    for task in tasks:
        skills = tuple(s for s in task.skills if s in SKILLS)
        if skills:
            game.append(replace(task, skills=skills, order=len(game)))
    return game


class ModelLearner:
    """This module's learner with the interface of tools/practice_drive.py."""

    def __init__(self, seed: str, learn: float) -> None:
        self.inner = Learner(random.Random(seed), learn)

    def attempt(self, task: Task | None, facts: object, tried: int, now: float) -> bool:
        if task is None:
            return self.inner.rng.random() < 1 - SLIP
        return self.inner.attempt(task, now)

    def recall(self, skill: str, now: float) -> float:
        return self.inner.recall(skill, now)


def app_main(kind: str, seeds: Sequence[int], learners: int, as_json: bool) -> int:
    """The course order and Practice through the app (tools/practice_drive.py)."""
    from tutorial_app.config import lessons_folder
    from tutorial_app.tools import practice_drive as drive
    from tutorial_app.tools import sim_learner as ind
    course = load_course(lessons_folder(), proofs=False)
    make = ind.new_learner if kind == "independent" else ModelLearner
    print(f"{kind} learners through the app: {learners} a seed; {drive.TASKS_PER_DAY} tries "
          f"a day, up to {drive.MAX_TRIES} a task; learn {ind.LEARN_LOW}-{ind.LEARN_HIGH}; "
          f"mastery = recall a week later >= {ind.MASTERY_RECALL}", file=sys.stderr)
    rows = [drive.run_app_seed(course, seed, learners, make) for seed in seeds]
    if as_json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
        return 0
    for name in ("fewer", "fewer_equal", "fixed_tries", "practice_tries",
                 "practice_tries_equal", "fixed_days", "practice_days", "fixed_retention",
                 "practice_retention", "practice_retention_equal", "practice_mastered", "auc",
                 "ece", "locked", "harder_really"):
        print(f"{name:>24}: {_spread([getattr(r, name) for r in rows])}")
    kinds = sorted({k for r in rows for k in r.picks})
    print("picks: " + ", ".join(
        f"{k} {statistics.fmean(r.picks.get(k, 0.0) for r in rows):.1%}" for k in kinds))
    return 0


def _spread(values: Sequence[float]) -> str:
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{mean:8.3f} ± {sd:.3f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--with-settings", action="store_true",
                        help="count the settings that change play as skills too")
    parser.add_argument("--learner", choices=("model", "independent", "model-app"),
                        default="model", help="which simulated learner (module docstring)")
    args = parser.parse_args(argv)
    if args.learners < 1:
        parser.error("--learners must be at least 1")
    if args.learner != "model":
        return app_main(args.learner, args.seeds, args.learners, args.json)
    tasks = shipped_tasks(settings=args.with_settings)
    print(f"{len(tasks)} tasks, {len(skills_in(tasks))} skills; {args.learners} learners a "
          f"seed; {TASKS_PER_DAY} tries a day; learn {LEARN_LOW}-{LEARN_HIGH}, slip {SLIP}, "
          f"guess {GUESS}, stability {STABILITY} d x{SPACING_GAIN}, mastery = recall a week "
          f"later >= {MASTERY_RECALL}, at most {MAX_TASKS} tries", file=sys.stderr)
    rows = [run_seed(tasks, seed, args.learners) for seed in args.seeds]
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
        return 0
    head = ("seed", "fixed tasks", "practice tasks", "fewer", "fixed days", "practice days",
            "fixed retention", "practice retention", "AUC", "ECE")
    print(" | ".join(head))
    for r in rows:
        print(f"{r.seed} | {r.fixed_tasks:.0f} | {r.practice_tasks:.0f} | {r.fewer:.1%} | "
              f"{r.fixed_days:.1f} | {r.practice_days:.1f} | {r.fixed_retention:.3f} | "
              f"{r.practice_retention:.3f} | {r.auc:.3f} | {r.ece:.3f}")
    for name in ("fewer", "fixed_tasks", "practice_tasks", "fixed_days", "practice_days",
                 "fixed_retention", "practice_retention", "fixed_mastered",
                 "practice_mastered", "auc", "ece"):
        print(f"{name:>20}: {_spread([getattr(r, name) for r in rows])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
