"""The progress store's database: opening it on SQLite or PostgreSQL, and its schema
migrations (Alembic), on open and as a command.

    python -m tutorial_app.services.db current            # the database's revision
    python -m tutorial_app.services.db upgrade            # to the newest (the app does this)
    python -m tutorial_app.services.db history            # every revision, newest first
    python -m tutorial_app.services.db downgrade 0001     # back to a revision
    python -m tutorial_app.services.db revision -m "..."  # a new, empty revision file
    python -m tutorial_app.services.db copy postgresql://user@host/db  # move the store

Each takes ``--url URL`` (default: $CASSINO_DB, as the app reads it).

Why it is built this way:

- One engine per store, from a URL (config.database_url), with a small pool of
  connections per process. On SQLite that matters more than it seems: closing the
  last connection to a WAL database checkpoints and syncs it, which made every write
  cost a disk flush when each call opened its own connection (about 20 ms here;
  5 ms pooled). PostgreSQL's pooled connections are checked before use, so a replica
  carries on after the server restarts.
- SQLite's own driver starts transactions late and never for a SELECT. The driver's
  transaction handling is switched off and SQLAlchemy says BEGIN itself: a writing
  connection (`writing`) says BEGIN IMMEDIATE, taking the write lock before its
  first read, so a read-modify-write can never interleave with another writer.
- Migrations run when a store is opened, only if the database is behind, under a
  lock so that replicas starting together migrate once: on PostgreSQL a
  transaction-scoped advisory lock, on SQLite the BEGIN IMMEDIATE write lock. The
  whole upgrade is one transaction on both engines (their DDL is transactional), so
  a failed migration leaves the database as it was.
- A SQLite file made before migrations were versioned (the same tables, no
  alembic_version) is adopted: the baseline revision is written to be harmless on
  it (CREATE TABLE IF NOT EXISTS, as the old code did on every start), so upgrading
  it stamps it at the baseline and carries on from there.
"""

from __future__ import annotations

import argparse
import functools
import logging
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.pool import QueuePool

from tutorial_app import config
from tutorial_app.services import tables

log = logging.getLogger(__name__)

MIGRATIONS: Final = Path(__file__).resolve().parent / "migrations"
BASELINE: Final = "0001"
# Taken by whoever migrates a PostgreSQL database; any 64-bit number, fixed ("CASSINO").
ADVISORY_LOCK: Final = 0x43_41_53_53_49_4E_4F
_WRITE: Final = "cassino_write"  # execution option: BEGIN IMMEDIATE on SQLite
SQLITE_BUSY_MS: Final = 30_000
POOL_SIZE: Final = 5  # per app process; PostgreSQL's default max_connections is 100
POOL_OVERFLOW: Final = 10


class StoreVersionError(RuntimeError):
    """The database was migrated by a newer version of the app than this one."""


def is_sqlite(engine: Engine | Connection) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str) -> Engine:
    """An engine for a store URL (as config.database_url gives it)."""
    file = config.sqlite_file(url)
    if file is None:
        return create_engine(url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW,
                             pool_pre_ping=True)
    file.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, poolclass=QueuePool, pool_size=POOL_SIZE,
                           max_overflow=POOL_OVERFLOW,
                           connect_args={"timeout": SQLITE_BUSY_MS / 1000})
    event.listen(engine, "connect", _sqlite_connected)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connected(dbapi_connection: Any, _record: object) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy says BEGIN (see _sqlite_begin)
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    writes = connection.get_execution_options().get(_WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """One write transaction: committed at the end, rolled back on an exception. On
    SQLite it holds the database's write lock from its first statement."""
    with engine.connect() as connection:
        connection.execution_options(**{_WRITE: True})
        with connection.begin():
            yield connection


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """One read-only transaction (rolled back at the end)."""
    with engine.connect() as connection:
        yield connection


# ----- migrations ---------------------------------------------------------------------


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, made in code: no alembic.ini, no dependence on the
    folder the app was started from. env.py migrates the connection given here."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("path_separator", "os")
    cfg.attributes["connection"] = connection
    return cfg


@functools.cache
def head() -> str:
    """The newest revision this version of the app knows."""
    found = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if found is None:  # pragma: no cover - the package ships its revisions
        raise RuntimeError(f"no migrations in {MIGRATIONS}")
    return found


@functools.cache
def known_revisions() -> frozenset[str]:
    return frozenset(script.revision
                     for script in ScriptDirectory.from_config(alembic_config()).walk_revisions())


def current(engine: Engine) -> str | None:
    """The database's revision, or None for a database never migrated."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def ensure_current(engine: Engine) -> None:
    """Migrate the database to `head()` if it is behind (see the module docstring)."""
    found = current(engine)
    if found == head():
        return
    if found is not None and found not in known_revisions():
        raise StoreVersionError(
            f"the progress store is at revision {found}, which this version of the app "
            f"does not know (its newest is {head()}): run the newer version, or "
            "downgrade the database with the version that made it")
    upgrade(engine)


def upgrade(engine: Engine, target: str = "head") -> None:
    with migrating(engine) as connection:
        _adopt(connection)
        command.upgrade(alembic_config(connection), target)


def downgrade(engine: Engine, target: str) -> None:
    with migrating(engine) as connection:
        command.downgrade(alembic_config(connection), target)


@contextmanager
def migrating(engine: Engine) -> Iterator[Connection]:
    """A connection holding the migration lock, in the one transaction a migration
    runs in. On SQLite, foreign keys are off while it runs (they must be for a table
    to be rebuilt without cascading deletes, and can only be switched between
    transactions) and the file is put in WAL mode, which lets readers and the one
    writer work at once."""
    with engine.connect() as connection:
        sqlite = is_sqlite(connection)
        if sqlite:
            _use_wal(connection)
            _outside_transaction(connection, "PRAGMA foreign_keys=OFF")
        connection.execution_options(**{_WRITE: True})
        try:
            with connection.begin():
                if not sqlite:
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                       {"key": ADVISORY_LOCK})
                yield connection
        finally:
            if sqlite:
                _outside_transaction(connection, "PRAGMA foreign_keys=ON")


def _use_wal(connection: Connection) -> None:
    """Put the file in WAL mode, unless another replica is doing it at this moment.

    Switching reads the file's header and then takes the write lock. Replicas that open
    a new file together all switch it, and SQLite refuses at once ("database is
    locked", without waiting out the busy timeout, since two readers waiting for each
    other's write lock would wait for ever) every one that finds another's switch under
    way. That switch makes the file WAL for every connection, so the refusal is taken
    as done: the migration's BEGIN IMMEDIATE, next, waits for the lock as usual."""
    try:
        _outside_transaction(connection, "PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY:  # and its extended codes
            raise
        log.info("another process is switching the store to WAL mode (%s)", error)


def _outside_transaction(connection: Connection, pragma: str) -> None:
    """A SQLite PRAGMA that means nothing inside a transaction, said on the driver's
    connection so that SQLAlchemy does not begin one first."""
    cursor = connection.connection.cursor()
    try:
        cursor.execute(pragma)
    finally:
        cursor.close()


def _adopt(connection: Connection) -> None:
    """Say so when a store from before versioned migrations is taken over."""
    tables = set(inspect(connection).get_table_names())
    if "learners" in tables and "alembic_version" not in tables:
        log.warning("adopting a progress store made before versioned migrations: "
                    "stamping it at revision %s and upgrading it", BASELINE)


# ----- moving a store -------------------------------------------------------------------


class StoreNotEmptyError(RuntimeError):
    """A copy's target already has learners in it."""


def copy_store(source: Engine, target: Engine) -> dict[str, int]:
    """Copy every row of one store into another, empty one (both migrated to `head()`
    first): how a school moves from the SQLite file of one process to the PostgreSQL
    database of several. Ids are kept, so browsers' tokens and every reference still
    hold; PostgreSQL's id sequences are moved past the copied ids. One transaction on
    the target: a failed copy leaves it empty. Returns the rows copied per table."""
    ensure_current(source)
    ensure_current(target)
    counts: dict[str, int] = {}
    with reading(source) as read, writing(target) as write:
        if write.execute(tables.learners.select().limit(1)).first() is not None:
            raise StoreNotEmptyError(f"{target.url!r} already has learners: copy into an "
                                     "empty store")
        for table in tables.metadata.sorted_tables:  # learners before what refers to them
            rows = [dict(row) for row in read.execute(table.select()).mappings()]
            if rows:
                write.execute(table.insert(), rows)
            counts[table.name] = len(rows)
        if not is_sqlite(write):
            for table in (tables.learners, tables.puzzle_log):
                write.execute(text(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"))
    return counts


# ----- the command ----------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.services.db",
                                     description="The progress store's schema migrations.")
    parser.add_argument("--url", help=f"the store (default ${config.DB_VARIABLE} or the "
                        "SQLite file data/progress.sqlite3)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("current", help="the database's revision")
    up = sub.add_parser("upgrade", help="migrate forwards (default: to the newest)")
    up.add_argument("revision", nargs="?", default="head")
    down = sub.add_parser("downgrade", help="migrate back to a revision ('base': empty)")
    down.add_argument("revision")
    sub.add_parser("history", help="every revision, newest first")
    new = sub.add_parser("revision", help="write a new, empty revision file (developers)")
    new.add_argument("-m", "--message", required=True)
    move = sub.add_parser("copy", help="copy every row of the store (--url) into another, "
                          "empty store, e.g. from SQLite to PostgreSQL")
    move.add_argument("target", help="the empty store: a SQLite path or a PostgreSQL URL")
    args = parser.parse_args(argv)

    if args.command == "history":
        command.history(alembic_config())
        return 0
    if args.command == "revision":
        command.revision(alembic_config(), message=args.message)
        return 0
    url = config.database_url(args.url) if args.url else config.store_url()
    engine = make_engine(url)
    try:
        if args.command == "copy":
            target = make_engine(config.database_url(args.target))
            try:
                counts = copy_store(engine, target)
            except StoreNotEmptyError as error:
                print(f"copy: {error}", file=sys.stderr)
                return 1
            finally:
                target.dispose()
            print(f"copied {engine.url!r} into {target.url!r}: "
                  + ", ".join(f"{n} {table}" for table, n in counts.items()))
        elif args.command == "current":
            found = current(engine)
            print(f"{found or '(none: an empty database)'}"
                  f"{' (head)' if found == head() else ''}  {engine.url!r}")
        elif args.command == "upgrade":
            upgrade(engine, args.revision)
            print(f"at {current(engine)}  {engine.url!r}")
        else:
            downgrade(engine, args.revision)
            print(f"at {current(engine) or 'base'}  {engine.url!r}")
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    sys.exit(main())
