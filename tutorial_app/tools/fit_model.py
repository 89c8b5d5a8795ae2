"""Fit the skill model (BKT) and the spaced review (FSRS) to the attempts the store
holds, print how well textbook and fitted values predict the learners fitted on and
the learners held out, and with --write keep the fitted values in the store, where
every replica's Practice page and reviews read them (services/fitted_params.py).

    python -m tutorial_app.tools.fit_model [--db URL] [--write] [--seed N]
    python -m tutorial_app.tools.fit_model --synthetic   # learners of known parameters

How the fits work, and their guard rails: course/practice/fit.py. A fit that keeps the textbook
values (too little data, or worse on the held-out learners) says why; with --write it
removes any stored values of that model, so the app is on the textbook's again.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from tutorial_app.course.course import Course, load_course
from tutorial_app.course.practice import fit
from tutorial_app.course.practice.mastery import BKTParams, Try, tries_from_log
from tutorial_app.course.practice.skills import course_tasks

SYNTHETIC_BKT = BKTParams(p_init=0.3, p_learn=0.12, p_slip=0.08, p_guess=0.25,
                          memory_days=8.0)
SYNTHETIC_FSRS = (0.8, 3.0, 6.0)   # w0-w2 of the synthetic learners' memory


def _row(name: str, values: Sequence[str]) -> str:
    return f"  {name:<10}" + "".join(f"{v:>10}" for v in values)


def _figures(f: fit.Figures | None) -> str:
    return "-" if f is None else f"{f.log_loss:.4f} / {f.auc:.3f}"


def report(result: fit.Fit, out: TextIO) -> None:
    """One model's fit as a table: values, then log-loss / AUC on both groups."""
    if result.model == "bkt":
        out.write(f"BKT (course/practice/mastery.py): {result.learners} learners, "
                  f"{result.n} tries\n")
        names: tuple[str, ...] = ("P(L0)", "learn", "slip", "guess", "memory d")
        shown = range(5)
    else:
        out.write(f"FSRS (course/practice/review.py): {result.learners} learners, "
                  f"{result.n} reviews scored (after the first, a day or more apart)\n")
        names = ("w0 Again", "w1 Hard", "w2 Good", "w3 Easy")
        shown = range(4)
    out.write(_row("", names) + "\n")
    out.write(_row("textbook", [f"{result.textbook[i]:.3f}" for i in shown]) + "\n")
    if result.candidate:
        out.write(_row("fitted", [f"{result.candidate[i]:.3f}" for i in shown]) + "\n")
        out.write(f"  {'log-loss / AUC':<18}{'fitted on':>18}{'held out':>18}\n")
        for label, train, held in (
                ("textbook", result.train_textbook, result.held_textbook),
                ("fitted", result.train_fitted, result.held_fitted)):
            out.write(f"  {label:<18}{_figures(train):>18}{_figures(held):>18}\n")
        if result.held_fitted is not None and result.train_fitted is not None:
            out.write(f"  ({result.train_fitted.n} predictions fitted on, "
                      f"{result.held_fitted.n} held out)\n")
    out.write(f"  -> {result.note}; in use: "
              f"{'fitted' if result.fitted else 'textbook'} values\n\n")


def store_fits(course: Course, url: str | None, seed: int) -> tuple[fit.Fit, fit.Fit]:
    """Both fits on the store's attempts and review log."""
    from tutorial_app.services import practice_store as ps
    from tutorial_app.services.store import ProgressStore

    tasks = {task.key: task for task in course_tasks(course.lessons, course.puzzles)}
    with ProgressStore(url) as store:
        tries = ps.every_try(store)
        log = ps.every_review(store)
    rows_of: dict[int, list[tuple[str, str, str, float]]] = {}
    for x in tries:
        rows_of.setdefault(x.learner_id, []).append((x.task, x.verdict, x.code, x.at))
    by_learner: dict[int, list[Try]] = {w: tries_from_log(r, tasks) for w, r in rows_of.items()}
    rows = [fit.LogRow(r.learner_id, r.task, r.review, r.rating, r.at) for r in log]
    return fit.fit_bkt(by_learner, seed), fit.fit_fsrs(rows, seed)


def synthetic_fits(seed: int) -> tuple[fit.Fit, fit.Fit]:
    """Both fits on synthetic learners of known parameters (SYNTHETIC_BKT, SYNTHETIC_FSRS):
    60 learners of 80 tries; 120 learners reviewing 20 tasks 5 times."""
    tries = fit.simulate_bkt(SYNTHETIC_BKT, 60, 80, seed=seed)
    log = fit.simulate_fsrs(fit.with_initial(SYNTHETIC_FSRS), 120, 20, 5, seed=seed)
    return fit.fit_bkt(tries, seed), fit.fit_fsrs(log, seed)


def main(argv: Sequence[str] | None = None, course: Course | None = None,
         out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.tools.fit_model",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--db", help="the store (default $CASSINO_DB or the SQLite file "
                        "data/progress.sqlite3)")
    parser.add_argument("--write", action="store_true",
                        help="keep the fitted values in the store for the app to use")
    parser.add_argument("--seed", type=int, default=fit.SEED,
                        help="the held-out split's seed (and the synthetic learners')")
    parser.add_argument("--synthetic", action="store_true",
                        help="fit learners simulated with known parameters instead")
    args = parser.parse_args(argv)
    shown = out or sys.stdout
    if args.synthetic:
        if args.write:
            parser.error("--synthetic fits are never written to a store")
        shown.write(f"Synthetic learners: BKT {SYNTHETIC_BKT}, FSRS w0-w2 {SYNTHETIC_FSRS}\n\n")
        fits = synthetic_fits(args.seed)
    else:
        if course is None:
            from tutorial_app.config import lessons_folder
            course = load_course(lessons_folder(), proofs=False)
        fits = store_fits(course, args.db, args.seed)
    for result in fits:
        report(result, shown)
    if args.write:
        from tutorial_app.services import fitted_params
        from tutorial_app.services.store import ProgressStore

        with ProgressStore(args.db) as store:
            for result in fits:
                fitted_params.write(store, result)
        shown.write("written to the store: " + ", ".join(
            f"{r.model} {'fitted' if r.fitted else 'textbook (any stored values removed)'}"
            for r in fits) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
