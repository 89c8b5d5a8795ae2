"""Figures for a load run: percentiles of click times, and the server's CPU and memory.

CPU and memory come straight from /proc (Linux only) rather than from psutil, so
the harness needs no dependency beyond Streamlit's own. The server is measured as
a process *tree*: `streamlit run` may start helpers, and a load that moved work
into a child process must not look cheaper than it is.

The parsing functions take the text of a /proc file, so they are tested against
fake /proc text (tests/load/test_loadtest_metrics.py) without a running server.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

PROC: Final = Path("/proc")
CLOCK_TICKS: Final = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between closest ranks
    (numpy's default method), so small samples give the figures people expect:
    the median of [1, 2, 3, 4] is 2.5. NaN for no values, so an empty run prints
    as "n/a" instead of failing."""
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be within 0..100, not {q}")
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    fraction = position - low
    return ordered[low] + (ordered[high] - ordered[low]) * fraction


@dataclass(frozen=True, slots=True)
class StatLine:
    """The parts of /proc/<pid>/stat the harness needs."""

    pid: int
    ppid: int
    cpu_ticks: int  # utime + stime + cutime + cstime: this process and its reaped children


def parse_stat(text: str) -> StatLine:
    """Read /proc/<pid>/stat. The command name (field 2) is in parentheses and may
    itself contain spaces and ')' characters, so split at the *last* ')'."""
    head, _, rest = text.rpartition(")")
    if not head:
        raise ValueError("not a /proc/<pid>/stat line")
    pid = int(head.split("(", 1)[0])
    fields = rest.split()
    # fields[0] is field 3 (state): ppid is field 4, utime..cstime are fields 14..17.
    ppid = int(fields[1])
    utime, stime, cutime, cstime = (int(value) for value in fields[11:15])
    return StatLine(pid, ppid, utime + stime + cutime + cstime)


def parse_rss_kib(status_text: str) -> int:
    """VmRSS from /proc/<pid>/status in KiB (0 for a zombie, which has no VmRSS line)."""
    for line in status_text.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def descendants(roots: int | Iterable[int], stats: Iterable[StatLine]) -> set[int]:
    """The root pids and every process below them, from a snapshot of stat lines."""
    children: dict[int, list[int]] = {}
    for stat in stats:
        children.setdefault(stat.ppid, []).append(stat.pid)
    found = {roots} if isinstance(roots, int) else set(roots)
    todo = list(found)
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


@dataclass(frozen=True, slots=True)
class TreeSample:
    cpu_seconds: float
    rss_bytes: int
    processes: int


class ProcessTree:
    """CPU time and resident memory of a process and all its descendants; or of several
    (app replicas behind a proxy), added up."""

    def __init__(self, pids: int | Iterable[int], proc: Path = PROC) -> None:
        self.pids = (pids,) if isinstance(pids, int) else tuple(pids)
        self._proc = proc

    def _read(self, pid: int, name: str) -> str | None:
        try:
            return (self._proc / str(pid) / name).read_text()
        except OSError:  # the process ended between listing and reading
            return None

    def _stats(self) -> list[StatLine]:
        lines = []
        for entry in self._proc.iterdir():
            if entry.name.isdigit():
                text = self._read(int(entry.name), "stat")
                if text is not None:
                    try:
                        lines.append(parse_stat(text))
                    except (ValueError, IndexError):
                        continue
        return lines

    def sample(self) -> TreeSample:
        stats = self._stats()
        members = descendants(self.pids, stats)
        ticks = sum(stat.cpu_ticks for stat in stats if stat.pid in members)
        rss = 0
        for pid in members:
            text = self._read(pid, "status")
            rss += parse_rss_kib(text) if text else 0
        return TreeSample(ticks / CLOCK_TICKS, rss * 1024, len(members))


@dataclass(frozen=True, slots=True)
class MachineSample:
    busy_ticks: int
    total_ticks: int
    cores: int


def parse_machine_stat(text: str) -> MachineSample:
    """The aggregate `cpu` line of /proc/stat: every tick not idle or iowait is busy.
    On a shared machine this says how much of it other people's work took."""
    cores = 0
    totals: list[int] = []
    for line in text.splitlines():
        name, _, values = line.partition(" ")
        if name == "cpu":
            totals = [int(v) for v in values.split()[:8]]  # user..steal; guests are in user
        elif name.startswith("cpu") and name[3:].isdigit():
            cores += 1
    if len(totals) < 5:
        raise ValueError("no aggregate cpu line in /proc/stat")
    idle = totals[3] + totals[4]
    return MachineSample(sum(totals) - idle, sum(totals), max(cores, 1))


def machine_sample(proc: Path = PROC) -> MachineSample | None:
    try:
        return parse_machine_stat((proc / "stat").read_text())
    except (OSError, ValueError):
        return None


def machine_busy(before: MachineSample, after: MachineSample) -> float:
    """Busy share of the whole machine between two samples, in percent of one core
    (so 200 on two fully busy cores, matching `cpu_share`)."""
    total = after.total_ticks - before.total_ticks
    if total <= 0:
        return math.nan
    return 100.0 * after.cores * (after.busy_ticks - before.busy_ticks) / total


def cpu_share(before: TreeSample, after: TreeSample, wall_seconds: float) -> float:
    """CPU used between two samples as a percentage of one core (200 = two cores busy)."""
    if wall_seconds <= 0:
        return math.nan
    return 100.0 * (after.cpu_seconds - before.cpu_seconds) / wall_seconds


def mib(size: int | None) -> str:
    return "n/a" if size is None else f"{size / 2**20:.0f} MiB"


def ms(value: float) -> str:
    return "n/a" if math.isnan(value) else f"{value:.0f} ms"
