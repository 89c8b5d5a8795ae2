"""`make load-capacity`: how many learners one app process serves, and three behind nginx.

    python -m tutorial_app.tools.capacity [--replicas 3] [--seconds 45]
                                          [--one-steps 5,10,...] [--many-steps 10,20,...]

For each setup (one process; N replicas behind nginx, as `make replicas` runs them)
it steps the class size up, each step on freshly started processes and a fresh
PostgreSQL database, until the 95th percentile of the click-to-update time passes
1 s. Every replica is warmed up directly first (through the proxy a warm-up reaches
only one), so the figures are the steady state, not the first minute's imports.
The simulated learners are the load harness's (tools/loadtest): sign in, lessons and
puzzles, a click every 1.5-4 s. It prints each step and then one line per setup:
learners served with p95 < 1 s, errors, peak memory per process, and the learners
per process that follow.

The figures depend on the machine: run it where the app will run. Other people's
work on a shared machine shows up in the machine CPU column.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

from tutorial_app import config
from tutorial_app.tools.loadtest import metrics
from tutorial_app.tools.loadtest.__main__ import report, stress_table
from tutorial_app.tools.loadtest.runner import LoadConfig, Result, run_load, stress_point, warm_up
from tutorial_app.tools.replicas import ReplicaError, Replicas, ensure_database

DEFAULT_DB = "postgresql://postgres@127.0.0.1:5432/cassino_load"
PERCENTILE = 95
THRESHOLD_MS = 1000.0


@dataclass
class Setup:
    """One deployment measured step by step."""

    name: str
    processes: int
    steps: list[Result] = field(default_factory=list)

    def served(self) -> Result | None:
        """The largest class whose p95 stayed under the threshold."""
        under = [r for r in self.steps if r.percentile_ms(PERCENTILE) <= THRESHOLD_MS]
        return max(under, key=lambda r: r.learners, default=None)


def fresh_database(url: str) -> None:
    """Drop and create the load test's database, so each step starts with an empty class."""
    parsed = make_url(url)
    admin = parsed.set(drivername="postgresql", database="postgres")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as con:
        con.execute(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')
    ensure_database(url)


def measure(setup: Setup, learners: int, args: argparse.Namespace) -> Result:
    fresh_database(args.db)
    load = LoadConfig(learners=learners, seconds=args.seconds, scenario=args.scenario,
                      seed=args.seed, warm_up="full")
    base = args.port
    with Replicas(setup.processes, db=args.db, port=base, first_port=base + 1,
                  install_nginx=not args.no_install) as running:
        for index in range(setup.processes):
            asyncio.run(warm_up(running.replica_url(index), load))
        # One process is driven directly; several through nginx, as a school would.
        url = running.url if setup.processes > 1 else running.replica_url(0)
        return asyncio.run(run_load(url, load, running.pids, warm_up=False))


def run(setup: Setup, steps: Sequence[int], args: argparse.Namespace) -> None:
    print(f"\n=== {setup.name} ===", flush=True)
    for learners in steps:
        print(f"\n--- {setup.name}: {learners} learners for {args.seconds:.0f} s ---", flush=True)
        result = measure(setup, learners, args)
        setup.steps.append(result)
        report(result)
        p95 = result.percentile_ms(PERCENTILE)
        if p95 > THRESHOLD_MS or math.isnan(p95):
            break
    stress_table(setup.steps)
    point = stress_point(setup.steps, THRESHOLD_MS, PERCENTILE)
    print(f"\n{setup.name}: {point.describe()}.", flush=True)


def per_process_memory(result: Result) -> str:
    peaks = result.rss_peak_each or ([result.rss_peak] if result.rss_peak else [])
    return " / ".join(metrics.mib(p) for p in peaks) or "n/a"


def summary(setups: Sequence[Setup]) -> list[dict[str, Any]]:
    print(f"\nCapacity (p{PERCENTILE} click-to-update under {THRESHOLD_MS:.0f} ms):\n")
    print(f"{'setup':<28}{'learners served':>16}{'p95':>9}{'errors':>8}  "
          f"{'peak memory per process':<26}{'per process':>12}")
    rows = []
    for setup in setups:
        best = setup.served()
        point = stress_point(setup.steps, THRESHOLD_MS, PERCENTILE)
        served = best.learners if best else 0
        estimate = f" (~{point.estimate:.0f})" if point.estimate is not None else ""
        errors = sum(r.errors for r in setup.steps if best and r.learners <= best.learners)
        memory = per_process_memory(best) if best else "n/a"
        p95 = metrics.ms(best.percentile_ms(PERCENTILE)) if best else "n/a"
        each = served / setup.processes
        print(f"{setup.name:<28}{f'{served}{estimate}':>16}{p95:>9}{errors:>8}  "
              f"{memory:<26}{each:>12.0f}")
        rows.append({"setup": setup.name, "processes": setup.processes,
                     "learners_served": served, "estimate": point.estimate,
                     "p95_ms": best.percentile_ms(PERCENTILE) if best else None,
                     "errors": errors, "memory_per_process": memory,
                     "steps": [r.to_dict() for r in setup.steps]})
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.tools.capacity",
                                     description="Learners served by one process and by "
                                                 "replicas behind nginx.")
    parser.add_argument("--replicas", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=45.0, help="per step (45)")
    parser.add_argument("--one-steps", default="5,10,15,20,25,30,40",
                        help="class sizes for one process")
    parser.add_argument("--many-steps", default="10,20,30,40,50,60,80",
                        help="class sizes for the replicas")
    parser.add_argument("--scenario", default="mixed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=DEFAULT_DB,
                        help=f"a PostgreSQL database to drop and create per step ({DEFAULT_DB})")
    parser.add_argument("--port", type=int, default=8090,
                        help="nginx's port; the replicas take the ports after it (8090)")
    parser.add_argument("--only", choices=["one", "many"], help="measure one setup only")
    parser.add_argument("--no-install", action="store_true", help="never install nginx")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if config.sqlite_file(config.database_url(args.db)) is not None:
        parser.error("--db must be a PostgreSQL URL (it is dropped and created per step)")
    args.db = config.database_url(args.db)
    setups = []
    try:
        if args.only != "many":
            setups.append(Setup("1 process", 1))
            run(setups[-1], [int(n) for n in args.one_steps.split(",")], args)
        if args.only != "one":
            setups.append(Setup(f"{args.replicas} replicas behind nginx", args.replicas))
            run(setups[-1], [int(n) for n in args.many_steps.split(",")], args)
    except (ReplicaError, psycopg.OperationalError) as error:
        print(f"capacity: {error}", file=sys.stderr)
        return 2
    rows = summary(setups)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
