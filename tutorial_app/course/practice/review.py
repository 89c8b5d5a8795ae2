"""Spaced review of solved tasks with FSRS (the `fsrs` package), plain Python.

Each time a learner finishes a task (solves it, however many tries it took, or answers
a live question) that is one review of the task's card, graded from how it went:

- right at the first try with no hint: Good (Easy would push it out too far for a
  task whose answer the learner may simply remember);
- right at the first try after one hint: Hard. The first hint points at the idea, not
  at the card: the answer was still hers, recalled with difficulty, which is what
  FSRS's Hard means;
- any wrong try before the right answer, two hints or more (the last ones all but
  name the cards), or a live answer that missed: Again. FSRS's Again is a lapse, "I
  did not recall it"; a learner who first played something else did not. (Grading
  one wrong try Hard treated a slip as a success: a card reviewed Good four times
  then came back in 364 days, as a lapse in 5.)

FSRS then says when the card is due: when the chance of recalling it has dropped to
the desired retention (90%). Learning steps of minutes are turned off: a learner
practises a few times a week, not within the hour, so a card goes straight to days.
Fuzzing is off so that two replicas (and the tests) compute the same due date.

The weights are FSRS 6's defaults (`fsrs` 6.3.2) until the store holds weights fitted
to its own review log (course/practice/fit.py: the initial stabilities w0-w2); the store passes
those in (`weights`), and a card keeps the stability it was given, whichever weights
review it next.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from fsrs import Card, Rating, Scheduler


def _scheduler(weights: tuple[float, ...] | None) -> Scheduler:
    if weights is None:
        return Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False,
                         desired_retention=0.9)
    return Scheduler(parameters=weights, learning_steps=(), relearning_steps=(),
                     enable_fuzzing=False, desired_retention=0.9)


SCHEDULER: Final = _scheduler(None)
WEIGHTS: Final[tuple[float, ...]] = tuple(float(w) for w in SCHEDULER.parameters)


@functools.lru_cache(maxsize=8)
def scheduler(weights: tuple[float, ...] | None = None) -> Scheduler:
    """The scheduler for these 21 weights (the default one for None or the defaults)."""
    if weights is None or weights == WEIGHTS:
        return SCHEDULER
    return _scheduler(weights)


def grade(right: bool, wrong: int, hints: int) -> Rating:
    """The review's grade from how the task went (see the module's docstring)."""
    if not right or wrong > 0 or hints >= 2:
        return Rating.Again
    if hints == 1:
        return Rating.Hard
    return Rating.Good


@dataclass(frozen=True, slots=True)
class Reviewed:
    card: str        # the FSRS card as JSON, as the store keeps it
    due: float       # Unix time it is due again
    stability: float  # days until recall drops to 90%
    difficulty: float = 0.0  # FSRS's difficulty, 1-10


@dataclass(frozen=True, slots=True)
class Memory:
    """What a card says of the learner's memory of its task (None: never reviewed)."""

    stability: float | None
    difficulty: float | None
    last_review: float | None  # Unix time


def memory(card_json: str | None) -> Memory:
    """The card's stability, difficulty and last review (all None for no card)."""
    if not card_json:
        return Memory(None, None, None)
    card = Card.from_json(card_json)
    last = card.last_review.timestamp() if card.last_review is not None else None
    return Memory(card.stability, card.difficulty, last)


def review(card_json: str | None, rating: Rating, at: float,
           weights: Sequence[float] | None = None) -> Reviewed:
    """The card after one review at Unix time `at` (a new card when there was none),
    with FSRS's default weights unless fitted ones are given."""
    when = datetime.fromtimestamp(at, UTC)
    card = Card.from_json(card_json) if card_json else Card(due=when)
    chosen = scheduler(None if weights is None else tuple(weights))
    card, _ = chosen.review_card(card, rating, when)
    return Reviewed(card.to_json(), card.due.timestamp(), float(card.stability or 0.0),
                    float(card.difficulty or 0.0))


def recall(card_json: str, at: float, weights: Sequence[float] | None = None) -> float:
    """The chance the learner still recalls the task at Unix time `at` (FSRS's
    retrievability)."""
    card = Card.from_json(card_json)
    chosen = scheduler(None if weights is None else tuple(weights))
    return float(chosen.get_card_retrievability(card, datetime.fromtimestamp(at, UTC)))
