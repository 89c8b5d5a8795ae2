"""The fuzz tests' shared parts (tests/conftest.py prints their figures): how many
inputs (CASSINO_FUZZ=long for `make fuzz`), and the record of each input's time
and outcome.

An input's time is the thread's CPU time (another process on a shared machine
does not inflate it) less the time the garbage collector spent meanwhile: a full
collection walks every object the run has kept (tens of thousands of inputs'
caches), which is the heap's cost, not the input's. The longest collection is
reported beside the slowest input.

The collector's clock (a gc callback) runs only while an input is timed, never in
the rest of the suite: a signal that arrives during a long collection is handled at
the next Python line, which is the callback's, and an exception raised in a gc
callback is printed as "Exception ignored" and dropped. Installed for the whole
process, it once swallowed pytest-timeout's alarm and let a 378 s fixture pass
(tests/conftest.py also asks again for a timeout dropped that way)."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

LONG = os.environ.get("CASSINO_FUZZ") == "long"
"""`make fuzz`: thousands of inputs per test instead of hundreds."""

SLOWEST_ALLOWED = 1.0  # seconds of CPU for one input


@dataclass
class Figures:
    inputs: int = 0
    calls: int = 0  # the doors each input was put to
    refused: int = 0  # calls answered with one of the project's own errors
    slowest: float = 0.0
    slowest_input: str = ""
    longest_gc: float = 0.0


class _Collections:
    """The time the garbage collector has spent, all collections together, while
    `watching`."""

    def __init__(self) -> None:
        self.total = 0.0
        self.longest = 0.0
        self._started = 0.0

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Time the collections made inside the block (and only those)."""
        gc.callbacks.append(self._note)
        try:
            yield
        finally:
            gc.callbacks.remove(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        now = time.thread_time()
        if phase == "start":
            self._started = now
        else:
            spent = now - self._started
            self.total += spent
            self.longest = max(self.longest, spent)


COLLECTIONS = _Collections()


@dataclass
class FuzzRecord:
    figures: dict[str, Figures] = field(default_factory=dict)

    @contextmanager
    def input(self, name: str, shown: object) -> Iterator[Callable[[bool], None]]:
        """Time one input of the fuzz test `name`; the body reports each call's
        outcome (True: refused with a project error). Fails past SLOWEST_ALLOWED."""
        found = self.figures.setdefault(name, Figures())

        def called(refused: bool) -> None:
            found.calls += 1
            found.refused += refused

        with COLLECTIONS.watching():
            collected, start = COLLECTIONS.total, time.thread_time()
            yield called
            in_gc = COLLECTIONS.total - collected
            spent = time.thread_time() - start - in_gc
        found.inputs += 1
        found.longest_gc = max(found.longest_gc, in_gc)
        if spent > found.slowest:
            found.slowest, found.slowest_input = spent, repr(shown)[:80]
        assert spent < SLOWEST_ALLOWED, f"{name}: {spent:.2f} s for {repr(shown)[:200]}"


RECORD = FuzzRecord()
