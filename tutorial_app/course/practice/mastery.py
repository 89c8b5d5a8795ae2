"""How likely a learner is to get the next task right, per skill: Bayesian knowledge
tracing (plain Python, no Streamlit).

Why BKT and not a logistic model (PFA, or an IRT-style regression): a learner here makes
a handful of tries per skill, so a model with one hidden state per skill and four
parameters fitted to the whole course (not to each learner) is what the data can carry;
each number it shows has a plain meaning a teacher can check ("the chance this learner
knows sums"); it updates one try at a time with no refit; and it is the model the tutors
that did this first use (ASSISTments; Khan Academy's early mastery model). One addition,
as in "BKT with forgetting": between tries P(L) falls back towards P(L0) with time, the
more slowly the more right tries the skill has had, so a skill not practised for weeks
is no longer shown as mastered. When to review a task is FSRS's business
(course/practice/review.py); a review that fails lowers the skill here as any miss.

Forgetting follows FSRS's own curve, a power law: of what was learned above P(L0),
the share kept after t days is (1 + F t / S)^-d with S = memory_days x (1 + right
tries), so that 90% is kept after S days (FSRS's "stability"). The exponential
exp(-t / S) used before issue 32 lost 5% of it in the first 0.9 days after three
right tries, so "Mastered" (P(L) >= 0.95) lasted less than a day; on the power curve
it lasts a week (mastered_for), and the review of the skill is FSRS's to call.

The parameters are the literature's textbook values (PARAMS) until the store holds
values fitted to its own attempts (course/practice/fit.py, `python -m
tutorial_app.tools.fit_model --write`); the page passes those in (`params`).

Each skill k has P(L_k), the chance the learner knows it. A try on a task that exercises
skills S is right with probability

    P(right) = (1 - slip) * prod_{k in S} P(L_k) + guess * (1 - prod_{k in S} P(L_k))

(a task needs all its skills: the conjunctive model). After the try each skill is
updated by Bayes' rule on what the try says of it (a wrong try whose reason code names a
skill counts against that skill alone), then by the chance of learning from the try.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from tutorial_app.course.practice.skills import Task, missed_skills


@dataclass(frozen=True, slots=True)
class BKTParams:
    """The four BKT parameters and the memory, one set for every skill (few tries per
    skill cannot fit one set each). The defaults are the literature's usual starting
    values; course/practice/fit.py fits them to the store's attempts."""

    p_init: float = 0.2    # knows the skill before any try
    p_learn: float = 0.2   # learns it from one try (right or wrong: feedback teaches)
    p_slip: float = 0.1    # knows it and still gets the task wrong
    p_guess: float = 0.15  # does not know it and gets the task right (few moves fit)
    memory_days: float = 4.0  # forgetting: 90% of what was learned is kept after
    #                           memory_days x (1 + right tries on the skill) days


PARAMS: Final = BKTParams()
MASTERED: Final = 0.95   # P(L) from which a skill counts as mastered (Corbett & Anderson)
DECAY: Final = 0.1542    # FSRS-6's default forgetting curve's exponent (fsrs 6.3.2, w20)
FACTOR: Final = 0.9 ** (-1 / DECAY) - 1  # so that kept(S, S) = 0.9


def kept(days: float, stability: float) -> float:
    """The share of what was learned still known after `days`: FSRS's power-law curve,
    0.9 after `stability` days."""
    return float((1 + FACTOR * max(0.0, days) / stability) ** -DECAY)


def mastered_for(known: float, right: int, params: BKTParams = PARAMS) -> float:
    """How many days a skill known with P(L) = `known` just after its last try (with
    `right` right tries on it) stays above MASTERED: 0 if it is not mastered now."""
    if known < MASTERED:
        return 0.0
    share = (MASTERED - params.p_init) / (known - params.p_init)
    stability = params.memory_days * (1 + right)
    return float(stability * (share ** (-1 / DECAY) - 1) / FACTOR)


@dataclass(frozen=True, slots=True)
class Try:
    """One attempt as the model reads it: the task, right or not, the reason code."""

    task: Task
    right: bool
    code: str = ""
    at: float = 0.0


@dataclass(slots=True)
class Mastery:
    """The model's belief for one learner: P(L) per skill and the tries seen per skill."""

    params: BKTParams = PARAMS
    known: dict[str, float] = field(default_factory=dict)  # P(L) as of the last try
    tries: dict[str, int] = field(default_factory=dict)
    right: dict[str, int] = field(default_factory=dict)
    last: dict[str, float] = field(default_factory=dict)    # Unix time of the last try
    clock: float = 0.0  # the time estimates are for: the last try's, or set by `at`

    def at(self, now: float) -> Mastery:
        """Estimate as of this time (later than the last try: forgetting counts)."""
        self.clock = max(self.clock, now)
        return self

    def p_known(self, skill: str) -> float:
        p = self.params
        known = self.known.get(skill)
        if known is None:
            return p.p_init
        days = max(0.0, self.clock - self.last.get(skill, self.clock)) / 86400
        keep = kept(days, p.memory_days * (1 + self.right.get(skill, 0)))
        return p.p_init + (known - p.p_init) * keep if known > p.p_init else known

    def p_right(self, task: Task) -> float:
        """The chance the next try at this task is right."""
        all_known = 1.0
        for skill in task.skills:
            all_known *= self.p_known(skill)
        p = self.params
        return (1 - p.p_slip) * all_known + p.p_guess * (1 - all_known)

    def others_known(self, task: Task, skill: str) -> float:
        """The chance the learner knows every skill of the task but this one: high
        when a miss would point at this skill alone."""
        known = 1.0
        for other in task.skills:
            if other != skill:
                known *= self.p_known(other)
        return known

    def update(self, attempt: Try) -> None:
        """Bayes' rule on the try, then the chance of having learned from it."""
        p = self.params
        self.at(attempt.at)
        blamed = set(missed_skills(attempt.task, attempt.code))
        for skill in attempt.task.skills:
            prior = self.p_known(skill)
            if attempt.right:
                seen = prior * (1 - p.p_slip)
                posterior = seen / (seen + (1 - prior) * p.p_guess)
            elif skill in blamed:
                seen = prior * p.p_slip
                posterior = seen / (seen + (1 - prior) * (1 - p.p_guess))
            else:
                posterior = prior  # the try's reason says another skill failed
            self.known[skill] = posterior + (1 - posterior) * p.p_learn
            self.tries[skill] = self.tries.get(skill, 0) + 1
            self.right[skill] = self.right.get(skill, 0) + int(attempt.right)
            self.last[skill] = attempt.at

    def state(self, skill: str) -> str:
        """"mastered", "learning" or "unseen" (no try yet)."""
        if not self.tries.get(skill):
            return "unseen"
        return "mastered" if self.p_known(skill) >= MASTERED else "learning"


def trace(tries: Iterable[Try], params: BKTParams | None = None) -> Mastery:
    """The model after these tries, oldest first (textbook parameters unless given)."""
    model = Mastery(PARAMS if params is None else params)
    for attempt in tries:
        model.update(attempt)
    return model


def tries_from_log(rows: Iterable[tuple[str, str, str, float]],
                   tasks: Mapping[str, Task]) -> list[Try]:
    """The model's tries from attempt rows (task key, verdict, code, at), oldest first;
    rows about no known task (a typed position, a task since removed) are left out, and
    so is unreadable input, which says nothing of a skill."""
    out: list[Try] = []
    for key, verdict, code, at in rows:
        task = tasks.get(key)
        if task is None or verdict == "unreadable":
            continue
        out.append(Try(task, verdict == "correct", code, at))
    return out
