"""`python -m tutorial_app.tools.loadtest`: drive simulated learners against the real app.

    python -m tutorial_app.tools.loadtest --learners 30 --seconds 60
    python -m tutorial_app.tools.loadtest --stress --seconds 30            # 10, 20, 30, 40, 60...
    python -m tutorial_app.tools.loadtest --url http://host:8501 --pid 1234 [--pid 1235 ...]

Without --url the harness starts the app itself (a fresh database in a temporary
folder; a fresh server for each step of --stress, so the steps do not inherit
each other's sessions and memory). With --url it drives a server that is
already running; give --pid (once per replica) to get its CPU and memory too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tutorial_app.tools.loadtest import live, metrics
from tutorial_app.tools.loadtest.runner import LoadConfig, Result, run_load, stress_point
from tutorial_app.tools.loadtest.scenarios import SCENARIOS, Pace
from tutorial_app.tools.loadtest.server import LocalServer, ServerStartError

DEFAULT_STEPS = "10,20,30,40,60,80,120,160"


def _pair(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tutorial_app.tools.loadtest",
                                description="Load test for the Cassino Tutor Streamlit app.")
    p.add_argument("--learners", type=int, default=30, help="simulated learners (default 30)")
    p.add_argument("--seconds", type=float, default=60.0,
                   help="how long they work, per step with --stress (default 60)")
    p.add_argument("--scenario", choices=sorted(SCENARIOS), default="mixed",
                   help="what they do (default mixed: lessons and puzzles)")
    p.add_argument("--url", help="drive this running server instead of starting one")
    p.add_argument("--pid", type=int, action="append", default=[],
                   help="a --url server's process id, for CPU and memory (repeat for replicas)")
    p.add_argument("--seed", type=int, default=1, help="seed for every learner's choices")
    p.add_argument("--stress", action="store_true",
                   help="step the class size up until the p90 passes --threshold-ms")
    p.add_argument("--steps", default=DEFAULT_STEPS,
                   help=f"class sizes for --stress (default {DEFAULT_STEPS})")
    p.add_argument("--threshold-ms", type=float, default=1000.0,
                   help="click time that marks the stress point (default 1000)")
    p.add_argument("--percentile", type=int, choices=[90, 95, 99], default=90,
                   help="which percentile of the click times --threshold-ms bounds (90)")
    p.add_argument("--ramp", type=float, default=5.0,
                   help="seconds over which the learners arrive (default 5)")
    p.add_argument("--timeout", type=float, default=30.0,
                   help="seconds before a click with no answer counts as an error (default 30)")
    p.add_argument("--settle", type=float, default=5.0,
                   help="seconds after the sessions close before the last memory figure")
    p.add_argument("--click-pace", type=_pair, default=(1.5, 4.0), metavar="LOW-HIGH",
                   help="seconds between a learner's clicks (default 1.5-4)")
    p.add_argument("--read-pace", type=_pair, default=(2.0, 6.0), metavar="LOW-HIGH",
                   help="seconds to read a new task (default 2-6)")
    p.add_argument("--warm-up", choices=["pages", "full", "none"], default="pages",
                   help="before measuring: open each page once (pages, the default: a fresh "
                        "server meets the class), or also run one brisk learner through "
                        "puzzles and a lesson (full: the steady state, without first-use "
                        "imports)")
    p.add_argument("--lessons", type=Path, help="lessons folder for the started server")
    p.add_argument("--server-option", action="append", default=[], metavar="NAME=VALUE",
                   help="extra streamlit option for the started server, e.g. "
                        "server.fileWatcherType=none (repeatable)")
    p.add_argument("--live", action="store_true",
                   help="the live-classroom scenario: a projector and the class "
                        "answering live questions; reports submission-to-projector time")
    p.add_argument("--question-seconds", type=float, default=30.0,
                   help="with --live: seconds between questions (default 30)")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--trace", type=Path, metavar="FILE",
                   help="also write every request as CSV (with --stress: FILE.<learners>.csv)")
    return p


def _options(pairs: Sequence[str]) -> list[str]:
    args = []
    for pair in pairs:
        name, _, value = pair.partition("=")
        args += [f"--{name.removeprefix('--')}", value]
    return args


def _ms(value: float) -> str:
    return metrics.ms(value)


def report(result: Result, out: Any = sys.stdout) -> None:
    """The figures of one run, for a person."""
    def line(name: str, text: str) -> None:
        print(f"  {name:<16}{text}", file=out)

    print(f"\n{result.learners} learners, scenario {result.scenario}, {result.seconds:.0f} s "
          f"against {result.url} (warm-up: {result.warm_up})", file=out)
    kinds = ", ".join(f"{k} {int(v['count'])}" for k, v in result.by_kind.items())
    line("clicks", f"{result.clicks} ({result.clicks_per_s:.1f}/s; {kinds})")
    line("time per click", f"median {_ms(result.median_ms)}, p90 {_ms(result.p90_ms)}, "
                           f"p95 {_ms(result.p95_ms)}, p99 {_ms(result.p99_ms)}, "
                           f"max {_ms(result.max_ms)}")
    for kind, stats in result.by_kind.items():
        line(f"  {kind}", f"median {_ms(stats['median_ms'])}, p90 {_ms(stats['p90_ms'])}")
    per_run = ""
    if result.server_cpu_pct is not None and result.reruns_per_s > 0:
        per_run = f"; {10 * result.server_cpu_pct / result.reruns_per_s:.0f} ms server CPU each"
    line("reruns/s", f"{result.reruns_per_s:.1f} (script runs the server finished{per_run})")
    cpu = ("n/a (no --pid)" if result.server_cpu_pct is None
           else f"{result.server_cpu_pct:.0f} % of one core")
    line("server CPU", f"{cpu}; the harness itself {result.harness_cpu_pct:.0f} %")
    if result.machine_busy_pct is not None:
        others = result.machine_busy_pct - result.harness_cpu_pct - (result.server_cpu_pct or 0)
        line("machine CPU", f"{result.machine_busy_pct:.0f} % of {100 * result.cores} % busy; "
                            f"other processes {max(others, 0):.0f} % (the machine is shared)")
    line("errors", str(result.errors))
    for text, count in result.error_kinds.items():
        line("", f"{count} x {text}")
    missed = sum(result.misses.values())
    line("misses", f"{missed}" + (" (" + ", ".join(f"{k} {v}" for k, v in
                                                   result.misses.items()) + ")" if missed else "")
         + "  (widgets a scenario looked for and did not find; not errors)")
    within = result.rss_after_within_10pct
    verdict = "" if within is None else (" - within 10 % of before" if within
                                         else " - NOT within 10 % of before")
    line("memory (RSS)", f"before {metrics.mib(result.rss_before)}, peak "
                         f"{metrics.mib(result.rss_peak)}, after {metrics.mib(result.rss_after)}"
                         f"{verdict}")
    if result.rss_peak_each:
        line("  per process", "peak " + " / ".join(metrics.mib(r) for r in result.rss_peak_each))
    line("load average", f"{result.loadavg_before} at the start, {result.loadavg_after} at the end")
    line("sessions", f"{result.sessions} (a broken one is replaced by a new one)")
    for note in result.notes:
        line("note", note)


def stress_table(results: Sequence[Result], out: Any = sys.stdout) -> None:
    print("\nlearners  clicks   median      p90      p95      p99  reruns/s  CPU %  machine %"
          "  errors  peak RSS  load avg", file=out)
    for r in results:
        cpu = "n/a" if r.server_cpu_pct is None else f"{r.server_cpu_pct:.0f}"
        busy = "n/a" if r.machine_busy_pct is None else f"{r.machine_busy_pct:.0f}"
        print(f"{r.learners:>8}  {r.clicks:>6}  {_ms(r.median_ms):>7}  {_ms(r.p90_ms):>7}  "
              f"{_ms(r.p95_ms):>7}  {_ms(r.p99_ms):>7}  {r.reruns_per_s:>8.1f}  {cpu:>5}  "
              f"{busy:>9}  {r.errors:>6}  {metrics.mib(r.rss_peak):>8}  "
              f"{r.loadavg_before.split()[0]:>8}", file=out)


async def _one(args: argparse.Namespace, config: LoadConfig) -> Result:
    trace = args.trace
    if trace is not None and args.stress:
        trace = trace.with_suffix(f".{config.learners}.csv")
    if args.url:
        return await run_load(args.url, config, args.pid or None, trace=trace)
    with LocalServer(lessons=args.lessons, options=_options(args.server_option)) as server:
        return await run_load(server.url, config, server.pid, trace=trace)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    config = LoadConfig(learners=args.learners, seconds=args.seconds, scenario=args.scenario,
                        seed=args.seed, ramp=args.ramp, timeout=args.timeout,
                        settle=args.settle, pace=Pace(args.click_pace, args.read_pace),
                        warm_up=args.warm_up)
    data: dict[str, Any]
    try:
        if args.live:
            figures = live.main(args.learners, args.seconds, args.question_seconds, args.seed,
                                args.lessons, _options(args.server_option))
            data = figures.to_dict()
        elif not args.stress:
            result = asyncio.run(_one(args, config))
            report(result)
            data = result.to_dict()
        else:
            steps = [int(n) for n in args.steps.split(",") if n.strip()]
            results: list[Result] = []
            for learners in steps:
                print(f"\n--- stress step: {learners} learners for {args.seconds:.0f} s ---",
                      flush=True)
                results.append(asyncio.run(_one(args, replace(config, learners=learners))))
                report(results[-1])
                last = results[-1].percentile_ms(args.percentile)
                if last > args.threshold_ms or math.isnan(last):
                    break
            stress_table(results)
            point = stress_point(results, args.threshold_ms, args.percentile)
            print(f"\nStress point: {point.describe()}.")
            data = {"steps": [r.to_dict() for r in results], "stress_point": {
                "threshold_ms": point.threshold_ms, "below": point.below,
                "above": point.above, "estimate": point.estimate}}
    except ServerStartError as error:
        print(f"could not start the app: {error}", file=sys.stderr)
        return 2
    if args.json:
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
