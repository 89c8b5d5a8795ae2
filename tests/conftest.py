"""Shared by every test folder: the shipped course, and the figures of the fuzz tests.

`shipped` is the course in lessons/, loaded once per test process as the app loads
it, without the feedback proofs (tests/support/shipped.py; the one test that checks
the proofs asks for `proved_course()`).

The fuzz tests (`test_fuzz_*.py` in engine/, course/ and flows/) record, for each
input, how long it took and whether it was refused with a project error
(tests/fuzzing.py). At the end of a run without xdist workers the figures are
printed: inputs tried, the project's own errors among them, the slowest input.
`make fuzz` runs them long (CASSINO_FUZZ=long).
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

# This file puts tests/ on the import path (pytest's rootdir-less conftest rule), where
# the folder tests/engine would pass for a namespace package named `engine` whenever
# the real one is found only by the editable install's hook (`.venv/bin/pytest`, as
# `make test` runs it, unlike `python -m pytest`). With the checkout's root on the
# path the real package, a regular one, is always found first.
ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from fuzzing import RECORD, SLOWEST_ALLOWED, FuzzRecord  # noqa: E402
from shipped import shipped_course  # noqa: E402

from tutorial_app.course import Course  # noqa: E402


@pytest.fixture(scope="session")
def shipped() -> Course:
    """The shipped course, without feedback proofs, once per process; never change it."""
    return shipped_course()


@pytest.fixture(scope="session")
def fuzz_record() -> FuzzRecord:
    return RECORD


def _close_chromium() -> None:
    """The browser tests' Chromium, closed (tests/browser/browserserver.py says why)."""
    browserserver = sys.modules.get("browserserver")
    if browserserver is not None:
        browserserver.close_chromium()


# Folders whose every file takes long: a server and a browser each; a wheel built and
# installed (tests/packaging/test_wheel.py, some 20 s).
HEAVY_FOLDERS = frozenset({"browser", "packaging"})


def _longest_first(item: pytest.Item) -> tuple[bool, bool]:
    """The files marked `slow` (a minute or more each, or the proofs over the whole
    course), then the heavy folders, then the rest, each group in the order collected."""
    slow = item.get_closest_marker("slow") is not None
    heavy = not HEAVY_FOLDERS.isdisjoint(Path(item.path).parent.parts)
    return (not slow, not heavy)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the longest files first. The suite's wall time on two workers is the longer
    worker's share: a minute-long journey sent out last runs alone on one worker while
    the other has nothing left to do; sent out first, the short files fill in beside
    it (xdist sends files in this order with `--no-loadscope-reorder`, see Makefile)."""
    items.sort(key=_longest_first)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if "browser" not in Path(item.path).parent.parts:
        _close_chromium()


def _timeout_dropped(unraisable: sys.UnraisableHookArgs) -> bool:
    """pytest-timeout's alarm (signal method) raised where Python drops exceptions."""
    return (isinstance(unraisable.exc_value, pytest.fail.Exception)
            and str(unraisable.exc_value).startswith("Timeout")
            and callable(signal.getsignal(signal.SIGALRM)))


def _asking_again(previous: Callable[[sys.UnraisableHookArgs], object]
                  ) -> Callable[[sys.UnraisableHookArgs], None]:
    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if _timeout_dropped(unraisable):
            signal.setitimer(signal.ITIMER_REAL, 0.05)  # the same handler, 50 ms later
        previous(unraisable)
    return hook


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """A timeout that fires. pytest-timeout's alarm raises its failure at whatever
    Python line runs when the signal is handled; if that line is a gc callback, a
    finalizer (`__del__`) or a weakref callback, Python prints "Exception ignored" and
    drops it, and the test runs on, unbounded (a 378 s fixture once passed so). The
    alarm is asked for again 50 ms later, when the dropping code has returned.
    The signal method is kept rather than the thread method: that one ends the whole
    process at once, and with it the teardown of the servers and browsers a test
    started, and every later test of a run without workers."""
    sys.unraisablehook = _asking_again(sys.unraisablehook)


def pytest_sessionfinish(session: pytest.Session) -> None:
    _close_chromium()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not RECORD.figures:
        return
    write = terminalreporter.write_line
    terminalreporter.section("fuzz figures")
    write(f"{'test':<30} {'inputs':>7} {'calls':>7} {'refused':>7} {'slowest s':>9} "
          f"{'gc s':>6}  slowest input (CPU seconds, less garbage collection)")
    for name, found in sorted(RECORD.figures.items()):
        write(f"{name:<30} {found.inputs:>7} {found.calls:>7} {found.refused:>7} "
              f"{found.slowest:>9.3f} {found.longest_gc:>6.3f}  {found.slowest_input}")
    total = sum(f.inputs for f in RECORD.figures.values())
    write(f"{'all':<30} {total:>7}  (no exception other than the project's own errors, "
          f"no input over {SLOWEST_ALLOWED:.0f} s)")
