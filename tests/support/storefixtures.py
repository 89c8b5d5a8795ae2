"""Fixtures for every test that needs a progress store: such a test runs twice, on
SQLite and on PostgreSQL (ids `[sqlite]` and `[postgresql]`). tests/support is on
pytest's pythonpath (pyproject.toml); a conftest.py imports the fixtures it wants.

PostgreSQL comes from $CASSINO_TEST_PG, a URL of a database the tests may create
schemas in (default postgresql://postgres@127.0.0.1:5432/test; `.ci/run` makes a
fresh database per run and sets it). Each test gets a schema of its own in that
database (the store's URL names it in libpq's search_path), dropped afterwards, so
tests never see each other's learners and several test runs can share a server.

A store a test opens (`store`, `open_store`) on SQLite starts as a copy of one file
migrated once per process (`migrated_sqlite`): the same bytes the migrations write,
without running Alembic again for every test (a twentieth of a second each, hundreds
of times). `store_url` and `new_database` stay empty, for the tests of migrating.

Where the variable is unset and no server answers, the PostgreSQL half of each test
is skipped, and the skip says which variable to set; where it is set and nothing
answers, those tests fail: a server that was asked for must be there.
"""

from __future__ import annotations

import functools
import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import literal, select
from sqlalchemy.engine import make_url

from tutorial_app.config import database_url
from tutorial_app.services import db
from tutorial_app.services.store import ProgressStore

PG_VARIABLE = "CASSINO_TEST_PG"
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"
ENGINES = ("sqlite", "postgresql")


class PostgresServer:
    """The database $CASSINO_TEST_PG names, and fresh schemas in it."""

    def __init__(self, url: str) -> None:
        self.url = url  # as libpq reads it (postgresql://...)

    def connect(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(self.url, autocommit=True, connect_timeout=5)

    def new_schema(self) -> str:
        schema = f"cassino_test_{secrets.token_hex(6)}"
        with self.connect() as con:
            con.execute(f'CREATE SCHEMA "{schema}"')
        return schema

    def drop_schema(self, schema: str) -> None:
        with self.connect() as con:
            con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')

    def store_url(self, schema: str) -> str:
        """The store URL of one schema (SQLAlchemy form; psycopg passes `options` on)."""
        url = make_url(database_url(self.url)).update_query_dict(
            {"options": f"-csearch_path={schema}"})
        return url.render_as_string(hide_password=False)


@functools.cache
def postgres_server() -> PostgresServer | str:
    """The server, or why there is none (the skip reason)."""
    configured = os.environ.get(PG_VARIABLE, "").strip()
    url = (configured or DEFAULT_PG).replace("postgresql+psycopg://", "postgresql://")
    server = PostgresServer(url)
    try:
        server.connect().close()
    except psycopg.OperationalError as error:
        if configured:
            return f"FAIL:{PG_VARIABLE}={configured} does not answer: {error}"
        return (f"no PostgreSQL server answers at {DEFAULT_PG}; set {PG_VARIABLE} to a "
                "postgresql:// URL of a database to run the store's tests on PostgreSQL too")
    return server


def require_postgres() -> PostgresServer:
    """The server, or skip (variable unset, nothing answering) or fail (variable set)."""
    found = postgres_server()
    if isinstance(found, PostgresServer):
        return found
    if found.startswith("FAIL:"):
        pytest.fail(found[5:], pytrace=False)
    pytest.skip(found)


@pytest.fixture(params=ENGINES)
def new_database(request: pytest.FixtureRequest,
                 tmp_path: Path) -> Iterator[Callable[[], str]]:
    """Makes empty databases of the test's engine: SQLite files in tmp_path, or fresh
    schemas on the PostgreSQL server; returns their store URLs (or paths)."""
    schemas: list[str] = []
    server = require_postgres() if request.param == "postgresql" else None

    files: list[Path] = []

    def make() -> str:
        if server is None:
            files.append(tmp_path / (f"p{len(files)}.sqlite3" if files else "p.sqlite3"))
            return str(files[-1])
        schemas.append(server.new_schema())
        return server.store_url(schemas[-1])

    yield make
    if server is not None:
        for schema in schemas:
            server.drop_schema(schema)


@pytest.fixture
def store_url(new_database: Callable[[], str]) -> str:
    """One empty database of the test's engine."""
    return new_database()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite store the migrations brought to the newest revision, closed (so all of
    it is in the one file), to copy."""
    path = tmp_path_factory.mktemp("migrated") / "p.sqlite3"
    ProgressStore(path).close()
    assert not path.with_name(f"{path.name}-wal").exists(), "the template is not whole"
    return path


@pytest.fixture
def open_store(store_url: str,
               migrated_sqlite: Path) -> Iterator[Callable[[], ProgressStore]]:
    """Opens stores on the test's database (as another process or tab would); each is
    closed at the end of the test. A SQLite database is first a copy of the migrated
    one; PostgreSQL's schema is migrated by the first store opened."""
    opened: list[ProgressStore] = []
    if not store_url.startswith("postgresql") and not Path(store_url).exists():
        shutil.copyfile(migrated_sqlite, store_url)

    def open_one() -> ProgressStore:
        opened.append(ProgressStore(store_url))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: Callable[[], ProgressStore]) -> ProgressStore:
    """A store on an empty database, on SQLite and on PostgreSQL."""
    return open_store()


def integrity_ok(store: ProgressStore) -> bool:
    """The database is whole: SQLite checks its file page by page and every foreign
    key; PostgreSQL guards its own files, so there it answers at the newest revision."""
    with db.reading(store.engine) as con:
        if store.dialect == "sqlite":
            whole = con.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
            return whole and not con.exec_driver_sql("PRAGMA foreign_key_check").first()
        return con.execute(select(literal(1))).scalar() == 1 and (
            db.current(store.engine) == db.head())


def kept_learner(store: ProgressStore, name: str, scope: int = 0) -> int:
    """A learner whose name a store made before today's rules may hold (a symbol, a
    teacher's word), written as such a store wrote it; their id. The app still signs
    them in by their name, and shows it as text."""
    from sqlalchemy import insert

    from tutorial_app.services import names
    from tutorial_app.services.store import name_key
    from tutorial_app.services.tables import learners

    cleaned = names.normalise_name(name)
    with db.writing(store.engine) as con:
        made = con.execute(insert(learners).values(
            name=cleaned, name_key=name_key(cleaned), name_skeleton=names.skeleton(cleaned),
            clash=0, scope=scope, created=1.0)).inserted_primary_key
    assert made is not None
    return int(made[0])
