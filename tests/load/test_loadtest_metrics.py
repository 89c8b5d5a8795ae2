"""The load harness's arithmetic: percentiles, /proc parsing (on fake /proc text, so
no server is needed), CPU share and the stress point."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from tutorial_app.tools.loadtest import metrics
from tutorial_app.tools.loadtest.runner import Result, stress_point

STAT = ("4242 (python -m streamlit) S 4200 4242 4200 0 -1 4194560 53321 0 12 0 "
        "1500 250 7 3 20 0 9 0 1234567 812345344 51234 18446744073709551615 1 1 0 0 0 0 "
        "0 16781312 17642 0 0 0 17 1 0 0 0 0 0")


def test_percentiles_interpolate_between_ranks() -> None:
    assert metrics.percentile([1, 2, 3, 4], 50) == 2.5
    assert metrics.percentile([10, 20, 30, 40, 50], 90) == pytest.approx(46.0)
    assert metrics.percentile([3, 1, 2], 0) == 1
    assert metrics.percentile([3, 1, 2], 100) == 3
    assert metrics.percentile([7.0], 99) == 7.0
    values = list(range(1, 101))
    assert metrics.percentile(values, 99) == pytest.approx(99.01)


def test_percentile_of_nothing_is_nan_and_bad_q_is_refused() -> None:
    assert math.isnan(metrics.percentile([], 50))
    with pytest.raises(ValueError):
        metrics.percentile([1.0], 101)


def test_stat_line_gives_parent_and_all_cpu_ticks() -> None:
    line = metrics.parse_stat(STAT)
    assert (line.pid, line.ppid) == (4242, 4200)
    assert line.cpu_ticks == 1500 + 250 + 7 + 3  # utime stime cutime cstime


def test_stat_line_survives_a_command_name_with_spaces_and_parentheses() -> None:
    tricky = STAT.replace("(python -m streamlit)", "(a) b (c))")
    line = metrics.parse_stat(tricky)
    assert (line.pid, line.ppid, line.cpu_ticks) == (4242, 4200, 1760)
    with pytest.raises(ValueError):
        metrics.parse_stat("garbage")


def test_rss_from_status_and_zero_for_a_zombie() -> None:
    status = "Name:\tpython\nVmPeak:\t  900000 kB\nVmRSS:\t   51234 kB\nThreads:\t9\n"
    assert metrics.parse_rss_kib(status) == 51234
    assert metrics.parse_rss_kib("Name:\tpython\nState:\tZ (zombie)\n") == 0


def test_descendants_follow_the_whole_tree_only() -> None:
    stats = [metrics.StatLine(10, 1, 0), metrics.StatLine(11, 10, 0),
             metrics.StatLine(12, 11, 0), metrics.StatLine(20, 1, 0)]
    assert metrics.descendants(10, stats) == {10, 11, 12}
    assert metrics.descendants(99, stats) == {99}
    assert metrics.descendants([11, 20], stats) == {11, 12, 20}  # replicas


def _fake_process(proc: Path, pid: int, ppid: int, ticks: int, rss_kib: int) -> None:
    folder = proc / str(pid)
    folder.mkdir(parents=True)
    rest = ["0"] * 40
    rest[9:13] = [str(ticks), "0", "0", "0"]  # fields 14..17: utime stime cutime cstime
    (folder / "stat").write_text(f"{pid} (python x) S {ppid} {' '.join(rest)}\n")
    (folder / "status").write_text(f"Name:\tx\nVmRSS:\t{rss_kib} kB\n")


def test_process_tree_sums_cpu_and_memory_of_the_server_and_its_children(
        tmp_path: Path) -> None:
    _fake_process(tmp_path, 100, 1, 200, 1000)
    _fake_process(tmp_path, 101, 100, 50, 500)
    _fake_process(tmp_path, 300, 1, 9999, 9999)  # someone else's process
    (tmp_path / "self").mkdir()  # non-numeric entries are skipped
    sample = metrics.ProcessTree(100, proc=tmp_path).sample()
    assert sample.processes == 2
    assert sample.rss_bytes == 1500 * 1024
    assert sample.cpu_seconds == pytest.approx(250 / metrics.CLOCK_TICKS)
    both = metrics.ProcessTree([100, 300], proc=tmp_path).sample()
    assert both.processes == 3 and both.rss_bytes == (1500 + 9999) * 1024


def test_cpu_share_is_percent_of_one_core() -> None:
    before = metrics.TreeSample(10.0, 0, 1)
    after = metrics.TreeSample(25.0, 0, 1)
    assert metrics.cpu_share(before, after, 10.0) == pytest.approx(150.0)
    assert math.isnan(metrics.cpu_share(before, after, 0.0))


def _result(learners: int, p90: float) -> Result:
    return Result(learners=learners, scenario="mixed", seconds=60, clicks=100, median_ms=p90 / 2,
                  p90_ms=p90, p99_ms=p90 * 2, max_ms=p90 * 3, clicks_per_s=1.0,
                  reruns_per_s=1.0, server_cpu_pct=50.0, harness_cpu_pct=5.0,
                  machine_busy_pct=80.0, cores=2, errors=0,
                  error_kinds={}, misses={}, by_kind={}, rss_before=None, rss_peak=None,
                  rss_after=None, loadavg_before="", loadavg_after="", sessions=learners)


def test_stress_point_interpolates_between_the_last_step_under_and_the_first_over() -> None:
    point = stress_point([_result(10, 200), _result(20, 600), _result(30, 1400)], 1000)
    assert (point.below, point.above) == (20, 30)
    assert point.estimate == pytest.approx(25.0)
    assert "between 20 and 30" in point.describe()


def test_stress_point_when_never_or_always_over() -> None:
    never = stress_point([_result(10, 200), _result(20, 300)], 1000)
    assert (never.below, never.above) == (20, None)
    assert "stayed under" in never.describe()
    always = stress_point([_result(10, 2000)], 1000)
    assert (always.below, always.above, always.estimate) == (None, 10, None)


def test_memory_verdict_within_ten_percent() -> None:
    result = _result(10, 100)
    result.rss_before, result.rss_after = 100 * 2**20, 109 * 2**20
    assert result.rss_after_within_10pct is True
    result.rss_after = 111 * 2**20
    assert result.rss_after_within_10pct is False
    assert result.to_dict()["rss_after_within_10pct"] is False


PROC_STAT = """cpu  1000 10 500 8000 100 0 40 0 0 0
cpu0 500 5 250 4000 50 0 20 0 0 0
cpu1 500 5 250 4000 50 0 20 0 0 0
intr 123 0 0
"""


def test_machine_busy_counts_everything_but_idle_and_iowait() -> None:
    first = metrics.parse_machine_stat(PROC_STAT)
    assert (first.busy_ticks, first.total_ticks, first.cores) == (1550, 9650, 2)
    later = metrics.parse_machine_stat(PROC_STAT.replace("cpu  1000 10 500 8000",
                                                         "cpu  1300 10 600 8100"))
    # 400 busy ticks of 500 on two cores: 160 % of one core
    assert metrics.machine_busy(first, later) == pytest.approx(160.0)
    with pytest.raises(ValueError):
        metrics.parse_machine_stat("intr 1 2 3\n")


def test_stress_point_by_the_p95() -> None:
    results = [replace(_result(10, 200), p95_ms=400), replace(_result(20, 600), p95_ms=1400)]
    point = stress_point(results, 1000, percentile=95)
    assert (point.below, point.above, point.percentile) == (10, 20, 95)
    assert point.estimate == pytest.approx(16.0)
    assert "p95 passes 1000 ms" in point.describe()
