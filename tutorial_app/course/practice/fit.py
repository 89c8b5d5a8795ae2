"""The skill model (BKT, course/practice/mastery.py) and the spaced review (FSRS,
course/practice/review.py) fitted to the attempts the store holds, rather than
textbook values (plain Python and numpy, no Streamlit).

**BKT.** The five shared parameters (P(L0), learn, slip, guess, and the memory in days
of the forgetting curve) that maximise the likelihood of every try of every learner,
each predicted by the model before the try exactly as `Mastery` updates it (a task's
skills conjunctive, a reason code blaming its own skill, forgetting on FSRS's power
curve). The search is bounded (BKT_BOUNDS: slip and guess below 0.5, so that "knows
it" keeps its meaning; no parameter at 0 or 1): a grid over all five, then coordinate
refinement, each coordinate's line a batch of candidates evaluated at once.

**FSRS.** FSRS's own optimizer (`fsrs[optimizer]`) needs torch, which the app does not
install. What the review log supports without it: the initial stabilities w0-w2, the
days a task is remembered after a first review graded Again, Hard or Good. They are
what the FSRS optimizer itself fits first ("pre-training", from how often a second
review recalls); they differ most between learners of one kind and another (children
on a card game, not adults on flash cards); and the app's first review of a task is
its most common one. w3 (Easy) is left alone: the app never grades Easy, so no review
speaks of it (it is only kept at least w2). The other 17 weights shape how stability
grows over many reviews; a school's log holds few long histories, and fitting them by
a bounded search would overfit. The loss is the log-loss of FSRS's predicted
retrievability at each review after the first against whether it was recalled
(rating > 1), replaying each card from its first review with the candidate weights;
reviews less than a day after the previous one are left out of the loss (FSRS counts
whole days: their predicted recall is 1).

**Held-out check.** The learners are split at random (seeded: SEED) into 80% to fit
on and 20% held out; the figures are log-loss and AUC on both, for the textbook and
the fitted values. Guard rails: with fewer than MIN_LEARNERS learners or MIN_TRIES
tries (MIN_REVIEWS reviews) the textbook values are kept, and so they are when the
fitted ones do worse on the held-out learners; fitted values stay within the bounds.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Final

import numpy as np
from fsrs import Card, Rating, Scheduler

from tutorial_app.course.practice.mastery import DECAY, FACTOR, PARAMS, BKTParams, Try
from tutorial_app.course.practice.review import WEIGHTS
from tutorial_app.course.practice.skills import Task, missed_skills

Array = np.ndarray

BKT_NAMES: Final = tuple(f.name for f in fields(BKTParams))
BKT_BOUNDS: Final[dict[str, tuple[float, float]]] = {
    "p_init": (0.01, 0.8), "p_learn": (0.01, 0.6), "p_slip": (0.01, 0.3),
    "p_guess": (0.01, 0.45), "memory_days": (0.25, 60.0)}
FSRS_FITTED: Final = (0, 1, 2)               # w0-w2: initial stability after Again/Hard/Good
FSRS_BOUNDS: Final = (0.05, 60.0)           # days, for each of them
MIN_LEARNERS: Final = 10
MIN_TRIES: Final = 300      # BKT: tries on known tasks
MIN_REVIEWS: Final = 200    # FSRS: reviews after the first, a day or more after the last
HELD_OUT: Final = 0.2
SEED: Final = 1
_EPS: Final = 1e-6
DAY: Final = 86400.0


# ----- figures ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figures:
    """How well predictions fit outcomes: mean log-loss, AUC, and over how many."""

    log_loss: float
    auc: float
    n: int


def figures(predicted: Array, outcome: Array) -> Figures:
    p = np.clip(predicted, _EPS, 1 - _EPS)
    y = outcome.astype(bool)
    if len(y) == 0:
        return Figures(math.nan, math.nan, 0)
    loss = float(-np.mean(np.where(y, np.log(p), np.log(1 - p))))
    return Figures(loss, auc(predicted, y), len(y))


def auc(scores: Array, outcome: Array) -> float:
    """The chance a right try was given a higher prediction than a wrong one (ties
    half): the Mann-Whitney statistic."""
    y = outcome.astype(bool)
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    if n_pos == 0 or n_neg == 0:
        return math.nan
    _, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    mean_rank = ends - (counts - 1) / 2.0   # 1-based average rank of each distinct score
    ranks = mean_rank[inverse]
    return float((ranks[y].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


@dataclass(frozen=True, slots=True)
class Fit:
    """One model's fit: the values to use, whether they are fitted, why not if not, and
    the figures (textbook and fitted, on the learners fitted on and those held out)."""

    model: str                      # "bkt" or "fsrs"
    values: tuple[float, ...]       # BKT: BKT_NAMES' order; FSRS: the 21 weights
    textbook: tuple[float, ...]
    fitted: bool
    note: str
    learners: int
    n: int                          # tries (BKT) or reviews scored (FSRS)
    train_textbook: Figures | None = None
    train_fitted: Figures | None = None
    held_textbook: Figures | None = None
    held_fitted: Figures | None = None
    candidate: tuple[float, ...] = ()  # what the search found, used or not


def split(learners: Iterable[int], seed: int = SEED) -> tuple[list[int], list[int]]:
    """The learners to fit on and the ones held out (HELD_OUT of them, at least one)."""
    ids = sorted(set(learners))
    random.Random(seed).shuffle(ids)
    held = max(1, round(len(ids) * HELD_OUT)) if len(ids) > 1 else 0
    return sorted(ids[held:]), sorted(ids[:held])


# ----- the bounded search -----------------------------------------------------------------


def minimise(loss: Callable[[Array], Array], start: Sequence[float],
             bounds: Sequence[tuple[float, float]], log_scale: Sequence[bool],
             grid: int = 4, rounds: int = 6, line: int = 9) -> tuple[Array, float]:
    """The point of the box with the least loss found by a grid (`grid` values per
    coordinate, the start included) then coordinate refinement (`line` points around
    the best on one coordinate at a time, the span halved each round). `loss` takes a
    batch of points (rows) and returns one loss each."""
    lo = np.array([b[0] for b in bounds], dtype=float)
    hi = np.array([b[1] for b in bounds], dtype=float)
    logs = np.array(log_scale, dtype=bool)

    def to_unit(x: Array) -> Array:
        v = np.where(logs, np.log(x), x)
        a, b = np.where(logs, np.log(lo), lo), np.where(logs, np.log(hi), hi)
        return np.asarray((v - a) / (b - a))

    def from_unit(u: Array) -> Array:
        a, b = np.where(logs, np.log(lo), lo), np.where(logs, np.log(hi), hi)
        v = a + np.clip(u, 0.0, 1.0) * (b - a)
        return np.asarray(np.where(logs, np.exp(v), v))

    base = np.clip(np.asarray(start, dtype=float), lo, hi)
    axes = np.linspace(0.1, 0.9, grid)
    mesh = np.array(np.meshgrid(*([axes] * len(lo)), indexing="ij")).reshape(len(lo), -1).T
    points = np.vstack([base[None, :], from_unit(mesh)])
    losses = loss(points)
    best_i = int(np.nanargmin(losses))
    best, best_loss = points[best_i], float(losses[best_i])
    span = 0.8 / max(1, grid - 1)
    for _ in range(rounds):
        for d in range(len(lo)):
            u = to_unit(best)
            tries = np.repeat(best[None, :], line, axis=0)
            tries[:, d] = from_unit(np.full(len(lo), 0.0) + np.linspace(
                u[d] - span, u[d] + span, line)[:, None])[:, d]
            found = loss(tries)
            i = int(np.nanargmin(found))
            if found[i] < best_loss:
                best, best_loss = tries[i], float(found[i])
        span /= 2
    return best, best_loss


# ----- BKT --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Step:
    """The tries made as some learners' n-th: one row per (try, skill of its task)."""

    pair: Array        # index into learners x skills
    starts: Array      # where each try's pairs begin (pairs grouped by try)
    right: Array       # per try
    pair_right: Array  # per pair
    blamed: Array      # per pair: a wrong try counts against this skill
    seen: Array        # per pair: the skill was tried before
    days: Array        # per pair: days since the skill's last try
    rights: Array      # per pair: right tries on the skill before this one


@dataclass(frozen=True, slots=True)
class BKTData:
    """Learners' tries laid out to replay every learner at once, try by try."""

    learners: tuple[int, ...]
    pairs: int                    # learners x skills
    steps: tuple[_Step, ...]
    outcomes: Array               # every try's outcome, in replay order

    @property
    def tries(self) -> int:
        return len(self.outcomes)


def bkt_data(by_learner: Mapping[int, Sequence[Try]]) -> BKTData:
    """Lay the tries out (each learner's oldest first). What does not depend on the
    parameters (which skills were seen, when last, how many right) is worked out here,
    once; only P(L) is replayed per candidate."""
    learners = tuple(sorted(by_learner))
    skills = sorted({s for tries in by_learner.values() for t in tries for s in t.task.skills})
    index = {s: i for i, s in enumerate(skills)}
    width = max(1, len(skills))
    longest = max((len(by_learner[w]) for w in learners), default=0)
    last: dict[int, float] = {}
    rights: dict[int, int] = {}
    clock = dict.fromkeys(learners, -math.inf)
    steps = []
    outcomes: list[bool] = []
    for n in range(longest):
        cols: dict[str, list[float]] = {k: [] for k in (
            "pair", "pair_right", "blamed", "seen", "days", "rights")}
        starts: list[int] = []
        right: list[bool] = []
        for li, who in enumerate(learners):
            tries = by_learner[who]
            if n >= len(tries):
                continue
            attempt = tries[n]
            clock[who] = max(clock[who], attempt.at)
            blamed = set(missed_skills(attempt.task, attempt.code))
            starts.append(len(cols["pair"]))
            for skill in attempt.task.skills:
                pair = li * width + index[skill]
                cols["pair"].append(pair)
                cols["pair_right"].append(attempt.right)
                cols["blamed"].append(skill in blamed)
                cols["seen"].append(pair in last)
                cols["days"].append(max(0.0, clock[who] - last.get(pair, clock[who])) / DAY)
                cols["rights"].append(rights.get(pair, 0))
            for skill in attempt.task.skills:
                pair = li * width + index[skill]
                last[pair] = attempt.at
                rights[pair] = rights.get(pair, 0) + int(attempt.right)
            right.append(attempt.right)
        outcomes.extend(right)
        steps.append(_Step(np.array(cols["pair"], dtype=np.int64),
                           np.array(starts, dtype=np.int64),
                           np.array(right, dtype=bool),
                           np.array(cols["pair_right"], dtype=bool),
                           np.array(cols["blamed"], dtype=bool),
                           np.array(cols["seen"], dtype=bool),
                           np.array(cols["days"], dtype=float),
                           np.array(cols["rights"], dtype=float)))
    return BKTData(learners, len(learners) * width, tuple(steps),
                   np.array(outcomes, dtype=bool))


def bkt_predictions(data: BKTData, candidates: Array) -> Array:
    """P(right) before every try (columns, in `data.outcomes`' order) for each candidate
    (rows: BKT_NAMES' order): the update `Mastery` makes, for all learners at once."""
    cand = np.atleast_2d(np.asarray(candidates, dtype=float))
    p_init, p_learn, p_slip, p_guess, memory = (cand[:, i:i + 1] for i in range(5))
    known = np.repeat(p_init, max(1, data.pairs), axis=1)
    out = np.empty((len(cand), data.tries))
    done = 0
    for step in data.steps:
        k = known[:, step.pair]
        keep = (1 + FACTOR * step.days / (memory * (1 + step.rights))) ** -DECAY
        decayed = np.where(k > p_init, p_init + (k - p_init) * keep, k)
        pk = np.where(step.seen, decayed, p_init)
        every = np.multiply.reduceat(pk, step.starts, axis=1)
        out[:, done:done + len(step.right)] = (1 - p_slip) * every + p_guess * (1 - every)
        done += len(step.right)
        hit = pk * (1 - p_slip)
        after_right = hit / (hit + (1 - pk) * p_guess)
        miss = pk * p_slip
        after_wrong = miss / (miss + (1 - pk) * (1 - p_guess))
        post = np.where(step.pair_right, after_right, np.where(step.blamed, after_wrong, pk))
        known[:, step.pair] = post + (1 - post) * p_learn
    return out


def _log_loss(predicted: Array, outcome: Array) -> Array:
    p = np.clip(predicted, _EPS, 1 - _EPS)
    return np.asarray(-np.mean(np.where(outcome, np.log(p), np.log(1 - p)), axis=-1))


def as_params(values: Sequence[float]) -> BKTParams:
    return BKTParams(*(float(v) for v in values))


def clip_bkt(params: BKTParams) -> BKTParams:
    """The parameters held within BKT_BOUNDS (what is read back from the store too)."""
    return BKTParams(*(min(max(float(getattr(params, n)), BKT_BOUNDS[n][0]),
                           BKT_BOUNDS[n][1]) for n in BKT_NAMES))


def fit_bkt(by_learner: Mapping[int, Sequence[Try]], seed: int = SEED,
            textbook: BKTParams = PARAMS) -> Fit:
    """The BKT parameters fitted to these learners' tries (see the module's docstring)."""
    book = tuple(float(getattr(textbook, n)) for n in BKT_NAMES)
    learners = [w for w, tries in by_learner.items() if tries]
    total = sum(len(by_learner[w]) for w in learners)
    if len(learners) < MIN_LEARNERS or total < MIN_TRIES:
        return Fit("bkt", book, book, False,
                   f"too little data ({len(learners)} learners, {total} tries; a fit needs "
                   f"{MIN_LEARNERS} learners and {MIN_TRIES} tries): textbook values kept",
                   len(learners), total)
    train_ids, held_ids = split(learners, seed)
    train = bkt_data({w: by_learner[w] for w in train_ids})
    held = bkt_data({w: by_learner[w] for w in held_ids})
    best, _ = minimise(lambda c: _log_loss(bkt_predictions(train, c), train.outcomes),
                       book, [BKT_BOUNDS[n] for n in BKT_NAMES],
                       [n == "memory_days" for n in BKT_NAMES])
    found = tuple(float(v) for v in best)
    both = np.array([book, found])
    on_train, on_held = bkt_predictions(train, both), bkt_predictions(held, both)
    result = Fit("bkt", found, book, True, "fitted", len(learners), total,
                 figures(on_train[0], train.outcomes), figures(on_train[1], train.outcomes),
                 figures(on_held[0], held.outcomes), figures(on_held[1], held.outcomes),
                 found)
    return _checked(result)


def _checked(result: Fit) -> Fit:
    """Textbook values kept when the fitted ones predict the held-out learners worse."""
    assert result.held_fitted is not None and result.held_textbook is not None
    if result.held_fitted.log_loss > result.held_textbook.log_loss:
        return Fit(result.model, result.textbook, result.textbook, False,
                   "the fitted values predict the held-out learners worse than the "
                   "textbook's: textbook values kept", result.learners, result.n,
                   result.train_textbook, result.train_fitted, result.held_textbook,
                   result.held_fitted, result.candidate)
    return result


# ----- FSRS -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LogRow:
    """One review of the log as the fit reads it."""

    learner_id: int
    task: str
    review: int      # 1 for the task's first
    rating: int      # 1 Again - 4 Easy
    at: float        # Unix time


@dataclass(frozen=True, slots=True)
class FSRSData:
    """Cards (rows) by review (columns): ratings, whole days since the previous review,
    and which cells hold a review."""

    learners: tuple[int, ...]
    ratings: Array
    elapsed: Array
    present: Array
    scored: Array    # reviews after the first, a day or more after the previous one

    @property
    def reviews(self) -> int:
        return int(self.scored.sum())

    @property
    def outcomes(self) -> Array:
        """Recalled or not, review by review: column by column, as replayed."""
        return np.asarray(self.ratings.T[self.scored.T] > 1)


def fsrs_data(rows: Iterable[LogRow]) -> FSRSData:
    """Each card's reviews from its first, in order; a card whose log does not start at
    its first review (reviews made before the log was kept) is left out, and so is
    anything after a gap in its numbers."""
    cards: dict[tuple[int, str], list[LogRow]] = {}
    for row in rows:
        cards.setdefault((row.learner_id, row.task), []).append(row)
    kept: list[list[LogRow]] = []
    for reviews in cards.values():
        reviews.sort(key=lambda r: r.review)
        run: list[LogRow] = []
        for n, row in enumerate(reviews, 1):
            if row.review != n:
                break
            run.append(row)
        if run:
            kept.append(run)
    width = max((len(r) for r in kept), default=1)
    ratings = np.zeros((len(kept), width), dtype=np.int64)
    elapsed = np.zeros((len(kept), width))
    present = np.zeros((len(kept), width), dtype=bool)
    for i, run in enumerate(kept):
        for j, row in enumerate(run):
            ratings[i, j] = row.rating
            present[i, j] = True
            if j:
                elapsed[i, j] = math.floor(max(0.0, row.at - run[j - 1].at) / DAY)
    scored = present.copy()
    scored[:, 0] = False
    scored &= elapsed >= 1
    return FSRSData(tuple(sorted({r[0].learner_id for r in kept})), ratings, elapsed,
                    present, scored)


def fsrs_predictions(data: FSRSData, weights: Array) -> Array:
    """FSRS's retrievability before each scored review (in `data.outcomes`' order) for
    each candidate set of 21 weights (rows): FSRS 6's updates (fsrs 6.3.2's Scheduler,
    no learning steps) replayed for every card at once."""
    w = np.atleast_2d(np.asarray(weights, dtype=float))
    col = [w[:, i:i + 1] for i in range(w.shape[1])]
    decay = -col[20]
    factor = 0.9 ** (1 / decay) - 1
    n_cards = data.ratings.shape[0]
    out = np.empty((len(w), data.reviews))
    if n_cards == 0:
        return out
    first = data.ratings[:, 0]
    stab = np.maximum(np.take_along_axis(w, np.broadcast_to(first - 1, (len(w), n_cards)),
                                         axis=1), 0.001)
    diff = np.clip(col[4] - np.exp(col[5] * (first - 1)) + 1, 1.0, 10.0)
    easy_d0 = col[4] - np.exp(col[5] * 3) + 1
    done = 0
    for j in range(1, data.ratings.shape[1]):
        here = data.present[:, j]
        if not here.any():
            break
        r = data.ratings[:, j]
        e = data.elapsed[:, j]
        recall = (1 + factor * e / stab) ** decay
        scored = data.scored[:, j]
        count = int(scored.sum())
        out[:, done:done + count] = recall[:, scored]
        done += count
        hard = np.where(r == 2, col[15], 1.0)
        easy = np.where(r == 4, col[16], 1.0)
        grown = stab * (1 + np.exp(col[8]) * (11 - diff) * stab ** -col[9]
                        * (np.exp((1 - recall) * col[10]) - 1) * hard * easy)
        forgot = np.minimum(col[11] * diff ** -col[12] * ((stab + 1) ** col[13] - 1)
                            * np.exp((1 - recall) * col[14]),
                            stab / np.exp(col[17] * col[18]))
        long_term = np.where(r == 1, forgot, grown)
        rise = np.exp(col[17] * (r - 3 + col[18])) * stab ** -col[19]
        short_term = stab * np.where(r >= 2, np.maximum(rise, 1.0), rise)
        new_stab = np.maximum(np.where(e < 1, short_term, long_term), 0.001)
        moved = diff + (10.0 - diff) * (-(col[6] * (r - 3))) / 9.0
        new_diff = np.clip(col[7] * easy_d0 + (1 - col[7]) * moved, 1.0, 10.0)
        stab = np.where(here, new_stab, stab)
        diff = np.where(here, new_diff, diff)
    return out


def with_initial(stabilities: Sequence[float], base: Sequence[float] = WEIGHTS
                 ) -> tuple[float, ...]:
    """The 21 weights with w0-w2 replaced (and w3, Easy, kept at least w2)."""
    out = [float(x) for x in base]
    for i, s in zip(FSRS_FITTED, stabilities, strict=True):
        out[i] = min(max(float(s), FSRS_BOUNDS[0]), FSRS_BOUNDS[1])
    out[3] = max(out[3], out[2])
    return tuple(out)


def clip_fsrs(weights: Sequence[float]) -> tuple[float, ...] | None:
    """Weights read back from the store: 21 of them with w0-w2 within FSRS_BOUNDS and
    the rest FSRS's defaults (the only ones fitted here); None if they are not 21."""
    if len(weights) != len(WEIGHTS) or not all(math.isfinite(x) for x in weights):
        return None
    return with_initial([weights[i] for i in FSRS_FITTED])


def fit_fsrs(rows: Iterable[LogRow], seed: int = SEED,
             textbook: Sequence[float] = WEIGHTS) -> Fit:
    """w0-w2 fitted to the review log (see the module's docstring)."""
    book = tuple(float(x) for x in textbook)
    logged = list(rows)
    data = fsrs_data(logged)
    learners = data.learners
    if len(learners) < MIN_LEARNERS or data.reviews < MIN_REVIEWS:
        return Fit("fsrs", book, book, False,
                   f"too little data ({len(learners)} learners, {data.reviews} reviews a "
                   f"day or more after the last; a fit needs {MIN_LEARNERS} learners and "
                   f"{MIN_REVIEWS} reviews): FSRS's default weights kept",
                   len(learners), data.reviews)
    train_ids, held_ids = split(learners, seed)
    train = fsrs_data(r for r in logged if r.learner_id in set(train_ids))
    held = fsrs_data(r for r in logged if r.learner_id in set(held_ids))

    def loss(points: Array) -> Array:
        full = np.array([with_initial(p, book) for p in points])
        return _log_loss(fsrs_predictions(train, full), train.outcomes)

    best, _ = minimise(loss, [book[i] for i in FSRS_FITTED], [FSRS_BOUNDS] * len(FSRS_FITTED),
                       [True] * len(FSRS_FITTED), grid=6)
    found = with_initial([float(x) for x in best], book)
    both = np.array([book, found])
    on_train, on_held = fsrs_predictions(train, both), fsrs_predictions(held, both)
    result = Fit("fsrs", found, book, True, "fitted", len(learners), data.reviews,
                 figures(on_train[0], train.outcomes), figures(on_train[1], train.outcomes),
                 figures(on_held[0], held.outcomes), figures(on_held[1], held.outcomes),
                 found)
    return _checked(result)


# ----- synthetic learners, to test the fits and to show them in docs/practice.md ----------


def synthetic_tasks(skills: int = 6, pairs: bool = False) -> list[Task]:
    """Tasks on `skills` made-up skills: one per skill alone and, with `pairs`, one per
    pair of neighbours (a conjunctive task, which BKT's update only approximates)."""
    names = [f"skill{i}" for i in range(skills)]
    tasks = [Task(f"puzzle:one-{s}", (s,), i, 1) for i, s in enumerate(names)]
    if pairs:
        tasks += [Task(f"puzzle:two-{a}", (a, b), skills + i, 2)
                  for i, (a, b) in enumerate(itertools.pairwise(names))]
    return tasks


def simulate_bkt(params: BKTParams, learners: int, tries: int, seed: int = 0,
                 skills: int = 6, pairs: bool = False) -> dict[int, list[Try]]:
    """Learners who are BKT's own kind, with these parameters: per skill a hidden
    known/unknown state (known at first with P(L0)); a try is right with 1 - slip when
    every skill of its task is known, else with guess; each try teaches an unknown skill
    with `p_learn`; between tries a skill's state is drawn again from P(L0) with the
    chance the forgetting curve gives it is lost. Sessions of 10 tries a minute apart, 1-4
    days between sessions; tasks drawn at random."""
    rng = random.Random(seed)
    tasks = synthetic_tasks(skills, pairs)
    out: dict[int, list[Try]] = {}
    for who in range(1, learners + 1):
        state: dict[str, bool] = {}
        last: dict[str, float] = {}
        rights: dict[str, int] = {}
        at = 0.0
        made: list[Try] = []
        for n in range(tries):
            at += 60.0 if n % 10 else rng.uniform(1, 4) * DAY
            task = rng.choice(tasks)
            for s in task.skills:
                if s not in state:
                    state[s] = rng.random() < params.p_init
                else:
                    days = (at - last[s]) / DAY
                    keep = (1 + FACTOR * days / (params.memory_days * (1 + rights[s]))
                            ) ** -DECAY
                    if rng.random() > keep:
                        state[s] = rng.random() < params.p_init
            knows = all(state[s] for s in task.skills)
            right = rng.random() < ((1 - params.p_slip) if knows else params.p_guess)
            made.append(Try(task, right, "", at))
            for s in task.skills:
                if not state[s] and rng.random() < params.p_learn:
                    state[s] = True
                last[s] = at
                rights[s] = rights.get(s, 0) + int(right)
        out[who] = made
    return out


def simulate_fsrs(weights: Sequence[float], learners: int, tasks: int, reviews: int,
                  seed: int = 0, spread: float = 60.0) -> list[LogRow]:
    """A review log of learners whose memory is FSRS's with these weights: a first
    review graded Good, Hard or Again (60/15/25%), then each review 1 to `spread` days
    after the previous (log-uniform: children come back when they come back, not when
    the card is due), recalled with the card's true retrievability then (Good, or Hard
    one time in six) or not (Again)."""
    rng = random.Random(seed)
    true = Scheduler(parameters=tuple(weights), learning_steps=(), relearning_steps=(),
                     enable_fuzzing=False)
    out: list[LogRow] = []
    for who in range(1, learners + 1):
        for k in range(tasks):
            at = rng.uniform(0, 30) * DAY
            first = rng.choices((Rating.Good, Rating.Hard, Rating.Again), (60, 15, 25))[0]
            when = datetime.fromtimestamp(at, UTC)
            card, _ = true.review_card(Card(due=when), first, when)
            out.append(LogRow(who, f"puzzle:{k}", 1, int(first), at))
            for n in range(2, reviews + 1):
                interval = math.exp(rng.uniform(0.0, math.log(spread)))
                at += round(interval) * DAY + rng.uniform(0, 3600)
                when = datetime.fromtimestamp(at, UTC)
                p = true.get_card_retrievability(card, when)
                rating = (Rating.Again if rng.random() >= p else
                          Rating.Hard if rng.random() < 1 / 6 else Rating.Good)
                card, _ = true.review_card(card, rating, when)
                out.append(LogRow(who, f"puzzle:{k}", n, int(rating), at))
    return out
