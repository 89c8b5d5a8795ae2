"""Server CPU time of one click, measured on the real server.

Run with ``python -m tutorial_app.tools.clickcost [--clicks N] [--batches B]``.

The AppTest benchmark (`tools/bench.py`) times the page script alone; a real
server does more for every click: it reruns the script in a fresh thread, turns
every element into a protobuf message, hashes and caches it, and writes it to the
websocket. This tool starts the app as `make load` does (a fresh database in a
temporary folder), opens one session through the load test's protocol client, and
clicks cards on the lesson player, the puzzle page and the Sandbox, one click after
the other. For each batch of clicks it reads the server's CPU time (the kernel's
per-process CPU clock, nanosecond resolution, every thread included) and reports
the median over the batches of the CPU milliseconds per click, and the median wall
time per click. CPU time is what a class of thirty shares, and it hardly depends on
what else the machine is doing, so these figures can be compared across runs on a
shared machine (the load average is printed with them).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from tutorial_app.tools.loadtest.client import Session, Widget
from tutorial_app.tools.loadtest.runner import loadavg
from tutorial_app.tools.loadtest.server import LocalServer

SANDBOX_POSITION = "table: Ac 2d 3h 5s 6c 8d [7: 3c 4h @1]; hand: 8s 2s 7d 9c; hand 1: Kd"


def cpu_seconds(pid: int) -> float:
    """The process's CPU time (all its threads, living and ended), in seconds."""
    clock = ((~pid) << 3) | 2  # the kernel's CPUCLOCK_SCHED clock of that process
    try:
        return time.clock_gettime(clock)
    except OSError:  # no per-process clocks here: fall back to /proc ticks (10 ms grain)
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Cost:
    page: str
    clicks: int
    cpu_ms: float  # median over the batches of server CPU per click
    cpu_ms_range: tuple[float, float]
    wall_ms: float  # median wall time of one click (sent to script_finished)
    reruns_per_click: float

    def line(self) -> str:
        low, high = self.cpu_ms_range
        return (f"{self.page:<16} server CPU {self.cpu_ms:6.1f} ms per click "
                f"(batches {low:.1f}-{high:.1f}), wall median {self.wall_ms:6.1f} ms, "
                f"{self.reruns_per_click:.2f} script runs per click, {self.clicks} clicks")


async def _sign_in(session: Session, name: str) -> None:
    box = session.page.first(key="signin_name")
    if box is None:
        return
    await session.set(name, box)
    submit = session.page.first(kind="button", form_id=box.form_id, submit=True)
    assert submit is not None, "no sign-in button"
    await session.click(submit)


def _cards(session: Session, zone: str) -> list[Widget]:
    marker = "-h-" if zone == "hand" else "-t-"
    return [w for w in session.page.find(kind="button", prefix="cb", main_only=True)
            if marker in (w.key or "")]


async def _measure(page: str, session: Session, pid: int, clicks: int,
                   batches: int, warmup: int) -> Cost:
    """Click the first hand card and the first table card in turn (each click selects
    or unselects one), so the page goes through the same states in every batch."""
    keys = [w.key for w in (*_cards(session, "hand")[:1], *_cards(session, "table")[:1])]
    if not keys or None in keys:
        raise RuntimeError(f"{page}: no card buttons on the page")

    async def click(i: int) -> tuple[float, int]:
        key = keys[i % len(keys)]
        done = await session.click(session.page.first(key=key) or session.widget(key=key))
        if done.exceptions:
            raise RuntimeError(f"{page}: {done.exceptions}")
        return done.seconds, done.runs

    for i in range(warmup):
        await click(i)
    per_batch: list[float] = []
    walls: list[float] = []
    runs = 0
    n = 0
    for _ in range(batches):
        before = cpu_seconds(pid)
        for _ in range(clicks):
            seconds, done_runs = await click(n)
            walls.append(seconds * 1000)
            runs += done_runs
            n += 1
        per_batch.append((cpu_seconds(pid) - before) * 1000 / clicks)
    return Cost(page, n, statistics.median(per_batch), (min(per_batch), max(per_batch)),
                statistics.median(walls), runs / n)


async def run(url: str, pid: int, clicks: int, batches: int, warmup: int,
              pages: Sequence[str]) -> list[Cost]:
    from tutorial_app.config import lessons_folder
    from tutorial_app.course import load_course

    course = load_course(lessons_folder())
    lesson, step = next((lesson, step) for lesson in course.lessons for step in lesson.steps
                        if step.kind == "play")
    puzzle = course.puzzles[0]
    openers: dict[str, tuple[str, str]] = {
        "lesson player": ("", urlencode({"lesson": lesson.id, "step": step.id})),
        "puzzle page": ("puzzles", urlencode({"puzzle": puzzle.id})),
        "sandbox": ("sandbox", urlencode({"position": SANDBOX_POSITION})),
    }
    results = []
    for page in pages:
        path, query = openers[page]
        async with Session(url, timeout=60) as session:
            await session.open(path, query)
            await _sign_in(session, f"Click cost {page}")
            if path and session.page_path != path:  # signing in may land elsewhere
                await session.goto(path, query)
            results.append(await _measure(page, session, pid, clicks, batches, warmup))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per batch (default 20)")
    parser.add_argument("--batches", type=int, default=5, help="batches per page (default 5)")
    parser.add_argument("--warmup", type=int, default=6, help="clicks before measuring")
    parser.add_argument("--page", action="append", choices=["lesson player", "puzzle page",
                                                            "sandbox"],
                        help="measure only this page (repeatable; default all three)")
    parser.add_argument("--server-option", action="append", default=[], metavar="NAME=VALUE",
                        help="extra streamlit option for the started server (repeatable)")
    parser.add_argument("--url", help="measure this running server instead (needs --pid)")
    parser.add_argument("--pid", type=int, help="the --url server's process id")
    args = parser.parse_args(argv)
    pages = args.page or ["lesson player", "puzzle page", "sandbox"]
    options: list[str] = []
    for pair in args.server_option:
        name, _, value = pair.partition("=")
        options += [f"--{name.removeprefix('--')}", value]
    print(f"load average {loadavg()} at the start", flush=True)
    if args.url:
        if args.pid is None:
            parser.error("--url needs --pid")
        results = asyncio.run(run(args.url, args.pid, args.clicks, args.batches, args.warmup,
                                  pages))
    else:
        with LocalServer(options=options) as server:
            results = asyncio.run(run(server.url, server.pid, args.clicks, args.batches,
                                      args.warmup, pages))
    for cost in results:
        print(cost.line())
    print(f"load average {loadavg()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
