"""Drive N simulated learners against one server for a while and gather the figures.

The run: warm the server up (one visit to each page a scenario starts on, as the
teacher opening the app before class; the first script run imports modules and
loads the course, which no learner should be charged for), read the server's
memory ("before"), start the learners spread over a short ramp (a class does not
press Enter in the same millisecond), let them work until the time is up, close
their sessions, wait a few seconds and read the memory again ("after").

Server CPU and memory are read from /proc for the server's process tree: the
process the harness started, or the ones given with --pid for a server at --url
(several for replicas behind a proxy: their figures are added up).
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tutorial_app.tools.loadtest import metrics
from tutorial_app.tools.loadtest.client import Interaction, Session, SessionError, WidgetNotFound
from tutorial_app.tools.loadtest.scenarios import SCENARIOS, Learner, Pace, TimeUp

WARMUP_PAGES = {"lessons": ("",), "puzzles": ("puzzles",), "mixed": ("", "puzzles")}


@dataclass(frozen=True, slots=True)
class LoadConfig:
    learners: int = 30
    seconds: float = 60.0
    scenario: str = "mixed"
    seed: int = 1
    ramp: float = 5.0  # learners start spread over this many seconds
    timeout: float = 30.0  # a click with no script_finished by then is an error
    settle: float = 5.0  # seconds between closing the sessions and the "after" memory figure
    warm_up: str = "pages"  # "pages", "full" (every lazy import done first) or "none"
    pace: Pace = field(default_factory=Pace)
    sample_every: float = 0.5  # seconds between memory samples during the run
    # End the run as soon as this many clicks have been answered (`seconds` stays the
    # longest it may last): a check that the harness works, which on a loaded machine
    # waits as long as the clicks take instead of failing after a fixed time.
    enough_clicks: int | None = None


@dataclass
class Result:
    """The figures of one run (one step of a stress run)."""

    learners: int
    scenario: str
    seconds: float  # measured: from the first learner's start to the last one's end
    clicks: int
    median_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    clicks_per_s: float
    reruns_per_s: float
    server_cpu_pct: float | None
    harness_cpu_pct: float
    machine_busy_pct: float | None  # the whole machine, percent of one core
    cores: int
    errors: int
    error_kinds: dict[str, int]
    misses: dict[str, int]
    by_kind: dict[str, dict[str, float]]
    rss_before: int | None
    rss_peak: int | None
    rss_after: int | None
    loadavg_before: str
    loadavg_after: str
    sessions: int
    url: str = ""
    warm_up: str = "pages"
    notes: list[str] = field(default_factory=list)
    p95_ms: float = math.nan
    # The peak memory of each --pid (with its children), for replicas; [] for one.
    rss_peak_each: list[int] = field(default_factory=list)

    def percentile_ms(self, q: int) -> float:
        """The p90, p95 or p99 click time."""
        return float(getattr(self, f"p{q}_ms"))

    @property
    def rss_after_within_10pct(self) -> bool | None:
        if self.rss_before is None or self.rss_after is None:
            return None
        return self.rss_after <= self.rss_before * 1.10

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["rss_after_within_10pct"] = self.rss_after_within_10pct
        return {k: (None if isinstance(v, float) and math.isnan(v) else v)
                for k, v in data.items()}


class Recorder:
    """Collects every learner's interactions and script-run counts."""

    def __init__(self) -> None:
        self.interactions: list[Interaction] = []
        self.rows: list[tuple[int, Interaction]] = []  # (learner, interaction) for --trace
        self.runs = 0
        self.sessions = 0
        self.misses: Counter[str] = Counter()
        self.harness_errors: Counter[str] = Counter()

    def observer(self, learner: int) -> Callable[[Interaction], None]:
        def add(done: Interaction) -> None:
            self.interactions.append(done)
            self.rows.append((learner, done))
        return add

    def write_trace(self, path: Path, start: float) -> None:
        """Every request as a CSV row, to see when the slow ones happened."""
        with path.open("w", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(["learner", "start_s", "kind", "target", "ms", "runs", "error",
                             "exceptions"])
            for learner, done in sorted(self.rows, key=lambda row: row[1].started):
                writer.writerow([learner, f"{done.started - start:.3f}", done.kind, done.target,
                                 f"{done.seconds * 1000:.1f}", done.runs, done.error or "",
                                 " | ".join(done.exceptions)])


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "n/a"


async def _warm_up(url: str, config: LoadConfig) -> None:
    """Warm-up "pages": open each page the scenario starts on, as the teacher does before
    class. "full": also one brisk learner through puzzles and a lesson, so whatever the app
    imports or caches on first use (a rating chart imports pandas and altair) is done
    before the measurement: the steady state, without the cold start."""
    if config.warm_up == "none":
        return
    for page in WARMUP_PAGES.get(config.scenario, ("",)):
        async with Session(url, timeout=max(config.timeout, 60)) as session:
            await session.open(page)
    if config.warm_up != "full":
        return
    brisk = Pace(click=(0.05, 0.1), read=(0.05, 0.1))
    for name, seconds in (("puzzles", 12.0), ("lessons", 6.0)):
        session = Session(url, timeout=max(config.timeout, 60))
        learner = Learner(session, "Warm-up", random.Random(0), time.monotonic() + seconds, brisk)
        try:
            await SCENARIOS[name](learner)
        except (TimeUp, WidgetNotFound):
            pass
        finally:
            await session.close()


async def warm_up(url: str, config: LoadConfig) -> None:
    """Warm one server up as a run does; tools/capacity.py warms each replica directly,
    since through the proxy a warm-up reaches only one of them."""
    await _warm_up(url, config)


async def _learner(index: int, url: str, config: LoadConfig, token: str, start: float,
                   deadline: float, recorder: Recorder) -> None:
    """One learner from arrival to the end of the run; a new session (a reload) after a
    broken one, so the load stays what was asked for."""
    rng = random.Random(f"{config.seed}-{index}")
    arrive = start + rng.uniform(0, min(config.ramp, config.seconds / 3))
    await asyncio.sleep(max(0.0, arrive - time.monotonic()))
    scenario = SCENARIOS[config.scenario]
    while time.monotonic() < deadline:
        session = Session(url, timeout=config.timeout, observer=recorder.observer(index + 1))
        learner = Learner(session, f"Load {token} {index + 1:03d}", rng, deadline, config.pace)
        recorder.sessions += 1
        try:
            await scenario(learner)
        except TimeUp:
            pass
        except SessionError:
            await asyncio.sleep(1.0)  # recorded as an error by the session; reload the page
        except WidgetNotFound as missing:
            learner.miss(f"not found: {missing}")
            await asyncio.sleep(1.0)  # then start again from a fresh page, as a learner would
        except Exception as bug:  # a scenario bug must not stop the other learners
            recorder.harness_errors[f"{type(bug).__name__}: {bug}"[:120]] += 1
            await asyncio.sleep(1.0)
        finally:
            recorder.runs += session.runs
            recorder.misses.update(learner.misses)
            await session.close()


async def _stop_after_clicks(recorder: Recorder, enough: int,
                             learners: Sequence[asyncio.Task[None]]) -> None:
    """Stop the learners once `enough` clicks have been answered. A learner stopped in
    the middle of a click closes its session (`_learner`'s finally); that click, not
    answered, is not counted."""
    while sum(1 for done in recorder.interactions
              if done.kind == "click" and done.seconds > 0) < enough:
        await asyncio.sleep(0.1)
    for learner in learners:
        learner.cancel()


async def _sample_memory(tree: metrics.ProcessTree, every: float, peak: list[int],
                         each: Sequence[metrics.ProcessTree] = (),
                         peaks: list[int] | None = None) -> None:
    while True:
        with contextlib.suppress(OSError):
            peak[0] = max(peak[0], tree.sample().rss_bytes)
            for index, one in enumerate(each):
                if peaks is not None:
                    peaks[index] = max(peaks[index], one.sample().rss_bytes)
        await asyncio.sleep(every)


def _stats(values: Sequence[float]) -> dict[str, float]:
    return {"count": float(len(values)), "median_ms": metrics.percentile(values, 50),
            "p90_ms": metrics.percentile(values, 90), "p95_ms": metrics.percentile(values, 95),
            "p99_ms": metrics.percentile(values, 99)}


async def run_load(url: str, config: LoadConfig, pid: int | Sequence[int] | None = None,
                   warm_up: bool = True, trace: Path | None = None) -> Result:
    """Run the learners against the server at `url` and measure; `pid` is the server's
    process or processes (for CPU and memory figures), None when they are not on this
    machine; `trace`
    is a CSV file for every single request."""
    if config.scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {config.scenario!r}; known: {', '.join(SCENARIOS)}")
    tree = metrics.ProcessTree(pid) if pid is not None else None
    notes: list[str] = []
    if warm_up:
        try:
            await _warm_up(url, config)
        except SessionError as error:
            notes.append(f"warm-up failed: {error}")
        await asyncio.sleep(1.0)
    rss_before = tree.sample().rss_bytes if tree else None
    peak = [rss_before or 0]
    each = [metrics.ProcessTree(one) for one in tree.pids] if tree and len(tree.pids) > 1 else []
    peaks = [one.sample().rss_bytes for one in each]
    sampler = (asyncio.create_task(_sample_memory(tree, config.sample_every, peak, each, peaks))
               if tree else None)
    recorder = Recorder()
    token = f"{random.Random().randrange(16**4):04x}"  # names unique per run, not per seed
    load_before = loadavg()
    cpu_before = tree.sample() if tree else None
    machine_before = metrics.machine_sample()
    harness_before = time.process_time()
    start = time.monotonic()
    deadline = start + config.seconds
    tasks = [asyncio.create_task(_learner(i, url, config, token, start, deadline, recorder))
             for i in range(config.learners)]
    stopper = (asyncio.create_task(_stop_after_clicks(recorder, config.enough_clicks, tasks))
               if config.enough_clicks is not None else None)
    await asyncio.gather(*tasks, return_exceptions=True)
    end = time.monotonic()
    if stopper is not None:
        stopper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await stopper
    cpu_after = tree.sample() if tree else None
    machine_after = metrics.machine_sample()
    harness_cpu = 100.0 * (time.process_time() - harness_before) / (end - start)
    load_after = loadavg()
    if sampler is not None:
        sampler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sampler
    rss_after = None
    if tree is not None:
        await asyncio.sleep(config.settle)
        rss_after = tree.sample().rss_bytes
        peak[0] = max(peak[0], rss_after)

    if trace is not None:
        recorder.write_trace(trace, start)
    timed = [i for i in recorder.interactions if i.seconds > 0]
    millis = [i.seconds * 1000 for i in timed]
    errors = Counter[str]()
    for done in recorder.interactions:
        if done.error:
            errors[done.error[:120]] += 1
        for problem in done.exceptions:
            errors[f"exception: {problem}"[:120]] += 1
    errors.update(recorder.harness_errors)
    kinds: dict[str, list[float]] = {}
    for done in timed:
        kinds.setdefault(done.kind, []).append(done.seconds * 1000)
    wall = end - start
    return Result(
        learners=config.learners, scenario=config.scenario, seconds=wall, clicks=len(timed),
        median_ms=metrics.percentile(millis, 50), p90_ms=metrics.percentile(millis, 90),
        p99_ms=metrics.percentile(millis, 99), max_ms=max(millis, default=math.nan),
        clicks_per_s=len(timed) / wall, reruns_per_s=recorder.runs / wall,
        server_cpu_pct=(metrics.cpu_share(cpu_before, cpu_after, wall)
                        if cpu_before and cpu_after else None),
        harness_cpu_pct=harness_cpu,
        machine_busy_pct=(metrics.machine_busy(machine_before, machine_after)
                          if machine_before and machine_after else None),
        cores=machine_after.cores if machine_after else 0, errors=sum(errors.values()),
        error_kinds=dict(errors.most_common(10)), misses=dict(recorder.misses.most_common()),
        by_kind={kind: _stats(values) for kind, values in sorted(kinds.items())},
        rss_before=rss_before, rss_peak=peak[0] if tree else None, rss_after=rss_after,
        loadavg_before=load_before, loadavg_after=load_after, sessions=recorder.sessions,
        url=url, warm_up=config.warm_up, notes=notes, p95_ms=metrics.percentile(millis, 95),
        rss_peak_each=peaks)


# ----- stress ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StressPoint:
    """Where the p90 (or another percentile) first passes the threshold: between
    `below` and `above` learners."""

    threshold_ms: float
    below: int | None  # the largest class measured under it (None: even the first was over)
    above: int | None  # the first class over it (None: never passed)
    estimate: float | None  # linear interpolation of the percentile between the two
    percentile: int = 90

    def describe(self) -> str:
        limit = f"{self.threshold_ms:.0f} ms"
        p = f"p{self.percentile}"
        if self.above is None:
            return f"the {p} stayed under {limit} up to {self.below} learners"
        if self.below is None:
            return f"the {p} was over {limit} already at {self.above} learners"
        return (f"the {p} passes {limit} between {self.below} and {self.above} learners"
                f" (about {self.estimate:.0f} by linear interpolation)")


def stress_point(results: Sequence[Result], threshold_ms: float = 1000.0,
                 percentile: int = 90) -> StressPoint:
    ordered = sorted(results, key=lambda r: r.learners)
    below: Result | None = None
    for result in ordered:
        if result.percentile_ms(percentile) > threshold_ms:
            estimate = None
            if below is not None:
                low, high = below.percentile_ms(percentile), result.percentile_ms(percentile)
                span = high - low
                share = (threshold_ms - low) / span if span > 0 else 0.0
                estimate = below.learners + share * (result.learners - below.learners)
            return StressPoint(threshold_ms, below.learners if below else None,
                               result.learners, estimate, percentile)
        below = result
    return StressPoint(threshold_ms, below.learners if below else None, None, None, percentile)
