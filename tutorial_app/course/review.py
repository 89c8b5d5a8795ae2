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
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from fsrs import Card, Rating, Scheduler

SCHEDULER: Final = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False,
                             desired_retention=0.9)


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


def review(card_json: str | None, rating: Rating, at: float) -> Reviewed:
    """The card after one review at Unix time `at` (a new card when there was none)."""
    when = datetime.fromtimestamp(at, UTC)
    card = Card.from_json(card_json) if card_json else Card(due=when)
    card, _ = SCHEDULER.review_card(card, rating, when)
    return Reviewed(card.to_json(), card.due.timestamp(), float(card.stability or 0.0))


def recall(card_json: str, at: float) -> float:
    """The chance the learner still recalls the task at Unix time `at` (FSRS's
    retrievability)."""
    card = Card.from_json(card_json)
    return float(SCHEDULER.get_card_retrievability(card, datetime.fromtimestamp(at, UTC)))
