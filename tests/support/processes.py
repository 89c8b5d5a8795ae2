"""Processes for the store's races (tests/app/test_store_concurrency.py,
test_app_store.py): separate Python processes, each opening the database with its
own engine and connections, as app replicas do.

They are forked from a forkserver that has already imported the store and the test
module, not spawned: a spawned process imports SQLAlchemy, Alembic and the app again
(about a second of CPU each, sixteen of them a run), while a fork of the server starts
at once with nothing open, so the races themselves, not the imports, are what runs.
Nothing a test checks is made before the fork: no engine, no connection, no cached
revision (db.head is computed in each process).
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import ForkServerContext

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
