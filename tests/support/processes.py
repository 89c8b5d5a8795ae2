"""Processes for the store's races (tests/services/test_store_concurrency.py,
test_app_store.py): separate Python processes, each opening the database with its
own engine and connections, as app replicas do.

They are forked from a forkserver that has already imported the store and the test
module, not spawned: a spawned process imports SQLAlchemy, Alembic and the app again
(about a second of CPU each, two dozen of them a run), while a fork of the server starts
at once with nothing open, so the races themselves, not the imports, are what runs.
Nothing a test checks is made before the fork: no engine, no connection, no cached
revision (db.head is computed in each process).
"""

from __future__ import annotations

import multiprocessing
import sys
import time
import types
from collections.abc import Sequence
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess

PRELOAD = ("tutorial_app.services.store", "tutorial_app.services.devices",
           "tutorial_app.services.guard", "tutorial_app.services.db")


def racers(*modules: str) -> ForkServerContext:
    """The context to start racing processes from; `modules` (the test module whose
    functions they run) are imported by the server too. The server is one per test
    process, started by the first caller: a later caller's modules are imported by
    each child as it starts, as a spawned one would."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([*PRELOAD, *modules])
    return context


def run_all(workers: Sequence[BaseProcess], timeout: float = 240.0) -> list[int | None]:
    """Start the processes, wait for them together (at most `timeout` seconds in all),
    and end any still running, so that a racer stuck at a barrier whose partner died
    fails the test instead of holding the run open at exit; their exit codes (None
    for one that had to be ended)."""
    # A page script an AppTest ran earlier in this test process is left as `__main__`
    # (views/cards.py, say), and multiprocessing re-runs `__main__`'s file in the
    # forkserver and in each child: the page then runs there with no one signed in.
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        for worker in workers:
            worker.start()
    finally:
        sys.modules["__main__"] = main
    deadline = time.monotonic() + timeout
    for worker in workers:
        worker.join(timeout=max(0.0, deadline - time.monotonic()))
    codes = [worker.exitcode for worker in workers]
    for worker in workers:
        if worker.is_alive():
            worker.kill()
            worker.join()
    return codes
