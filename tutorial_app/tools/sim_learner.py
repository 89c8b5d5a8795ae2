"""A simulated learner that is not the practice model's kind (tools/practice_sim.py).

The chooser (course/practice/plan.py) assumes BKT (course/practice/mastery.py: one hidden
known/unknown state per skill, learned with a fixed chance, slips and guesses fixed per try) and
FSRS's memory of each task (course/practice/review.py). A simulation whose learners are drawn
from those same assumptions measures the chooser against its own picture of a learner.
This one differs on every count the issue named:

- **prerequisites**: a skill cannot be learned while a skill it rests on is not
  (PREREQUISITES, the game's own logic: sums rest on pairing, raising on building...);
  a try on a task whose skill she cannot learn yet teaches her nothing of it;
- **power-law forgetting of each skill**, not of each task: recall after t days is
  (1 + t / (9 S))^-1 (FORGET_FACTOR), S the skill's strength, which a recalled try
  raises the more the lower recall had fallen (`S * (1 + GROWTH * (1 - R))`), and a
  try that does not recall it cuts (x LAPSE_KEEP);
- **slips that grow with the position**: with every skill recalled, the chance of a
  wrong move is SLIP_BASE + SLIP_PER_MOVE per legal move of the task's position
  beyond the first (the engine's own move generator counts them), at most SLIP_MAX;
- **a pull toward the biggest capture**: a learner who does not recall a skill, or
  slips, plays the capture that takes the most cards (right only when that capture
  meets the task's goal); a retry after a wrong move is a guess among the moves left.

Questions (choose, mistake and quiz steps, deals, counting) have no move to pull
towards: their wrong answer is a guess among their choices.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine import CAPTURE, Move, legal_moves
from tutorial_app.course.judge.answers import solutions
from tutorial_app.course.model import Lesson, Puzzle, Step
from tutorial_app.course.practice.skills import SKILLS, Task

DAY: Final = 86400.0
LEARN_LOW, LEARN_HIGH = 0.15, 0.35   # chance a try teaches a skill she may learn
START_STRENGTH: Final = 1.0          # days: S once a skill is first learned
FORGET_FACTOR: Final = 9.0           # R = (1 + t / (9 S))^-1
GROWTH: Final = 3.0                  # a recalled try: S *= 1 + GROWTH * (1 - R)
LAPSE_KEEP: Final = 0.5              # a try that does not recall it: S *= LAPSE_KEEP
MIN_STRENGTH: Final = 0.5
SLIP_BASE: Final = 0.03
SLIP_PER_MOVE: Final = 0.01
SLIP_MAX: Final = 0.35
MASTERY_RECALL: Final = 0.8          # mastered: still recalled a week later with this chance

PREREQUISITES: Final[Mapping[str, tuple[str, ...]]] = {
    "sums": ("pairing",),
    "several-groups": ("sums",),
    "court-cards": ("pairing",),
    "building": ("sums",),
    "taking-builds": ("building",),
    "raising": ("building",),
    "multiple-builds": ("building", "several-groups"),
    "controller": ("building",),
    "sweeps": ("pairing",),
    "last-cards": ("pairing",),
    "scoring": ("pairing",),
}
"""What each game skill rests on (the game's logic, written here and nowhere else: not
the lessons' `requires`, not anything the chooser reads)."""


@dataclass(frozen=True, slots=True)
class Facts:
    """What the engine says of a task's position, for the learner's tries."""

    moves: int          # legal moves (or choices of a question): more, more slips
    pulled: float       # chance the pull (the biggest capture) is right
    right_share: float  # share of the moves or choices that are right (a retry's guess)


def _play_facts(position: object, goal: object) -> Facts:
    from engine import Position
    from tutorial_app.course.goals import Goal
    assert isinstance(position, Position) and isinstance(goal, Goal)
    moves = list(legal_moves(position))
    right = set(solutions(position, goal))
    captures = [m for m in moves if m.kind is CAPTURE]
    share = len(right) / max(1, len(moves))
    if captures:
        biggest: Move = max(captures, key=lambda m: len(m.taken_cards))
        pulled = 1.0 if biggest in right else 0.0
    else:
        pulled = share
    return Facts(max(1, len(moves)), pulled, share)


def _question_facts(item: Step) -> Facts:
    choices = (getattr(item, "options", None) or getattr(item, "choices", None)
               or getattr(item, "questions", None) or ())
    n = max(2, len(choices))
    position = getattr(item, "position", None)
    moves = len(legal_moves(position)) if position is not None else n
    return Facts(max(1, moves), 1 / n, 1 / n)


def item_facts(item: Step | Puzzle) -> Facts:
    """A step's or a puzzle's facts: a position with a goal is played; any other is a
    question."""
    goal = getattr(item, "goal", None)
    position = getattr(item, "position", None)
    if goal is not None and position is not None:
        return _play_facts(position, goal)
    assert not isinstance(item, Puzzle)
    return _question_facts(item)


def course_facts(lessons: Iterable[Lesson], puzzles: Iterable[Puzzle]) -> dict[str, Facts]:
    """Every scored step's and puzzle's facts, by task key (`step:lesson/step`,
    `puzzle:id`), skills or not."""
    from tutorial_app.course.steps import scored
    found: dict[str, Facts] = {}
    for lesson in lessons:
        for step in lesson.steps:
            if scored(step.kind):  # not read, nor watched
                found[f"step:{lesson.id}/{step.id}"] = item_facts(step)
    for puzzle in puzzles:
        found[f"puzzle:{puzzle.id}"] = item_facts(puzzle)
    return found


def slip(facts: Facts) -> float:
    """The chance of a wrong move with every skill recalled: more moves, more slips."""
    return min(SLIP_MAX, SLIP_BASE + SLIP_PER_MOVE * (facts.moves - 1))


@dataclass
class IndependentLearner:
    """One simulated learner's hidden state: which game skills she has learned, each
    skill's strength and when she last used it."""

    rng: random.Random
    learn: float
    strength: dict[str, float] = field(default_factory=dict)  # learned skills only
    last: dict[str, float] = field(default_factory=dict)

    def recall(self, skill: str, now: float) -> float:
        if skill not in self.strength:
            return 0.0
        days = max(0.0, now - self.last[skill]) / DAY
        return 1.0 / (1.0 + days / (FORGET_FACTOR * self.strength[skill]))

    def may_learn(self, skill: str) -> bool:
        return all(need in self.strength for need in PREREQUISITES.get(skill, ()))

    def attempt(self, task: Task | None, facts: Facts, tried: int, now: float) -> bool:
        """One try (`tried` wrong ones before it on this task): right or not, and what
        it does to her memory. Skills that are not the game's (house rules) are read off
        the rules shown beside the position: they are not hers to forget."""
        skills = [s for s in (task.skills if task else ()) if s in SKILLS]
        recalled = {s: self.rng.random() < self.recall(s, now) for s in skills}
        if all(recalled.values()) and self.rng.random() >= slip(facts):
            right = True
        elif tried == 0:
            right = self.rng.random() < facts.pulled
        else:
            right = self.rng.random() < min(1.0, facts.right_share * facts.moves
                                            / max(1, facts.moves - tried))
        for skill in skills:
            r = self.recall(skill, now)
            if recalled[skill]:
                self.strength[skill] *= 1 + GROWTH * (1 - r)
            elif skill in self.strength:
                self.strength[skill] = max(MIN_STRENGTH, self.strength[skill] * LAPSE_KEEP)
            elif self.may_learn(skill) and self.rng.random() < self.learn:
                self.strength[skill] = START_STRENGTH
            else:
                continue
            self.last[skill] = now
        return right

    def mastered(self, skills: Sequence[str], now: float) -> bool:
        return all(self.recall(s, now + 7 * DAY) >= MASTERY_RECALL for s in skills)


def new_learner(seed: str, learn: float) -> IndependentLearner:
    return IndependentLearner(random.Random(seed), learn)
