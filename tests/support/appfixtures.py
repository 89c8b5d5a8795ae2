"""Fixtures for the app tests (the conftest.py of tests/pages, flows, services, ui and
tools import them): a fresh database and a small fixed course per test. `store` and
its kin (tests/support/storefixtures.py) give a test the progress store on SQLite and
on PostgreSQL.

Streamlit's AppTest makes a new script cache for every run, so each click parsed,
rewrote ("magic") and compiled app.py and the page's script again: two thirds of a
run's time. The real server keeps one cache per process; `one_script_cache` does the
same here (the tests never change a script while they run)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from apphelpers import FIXTURES, TEACHER, new_app
from storefixtures import migrated_sqlite, new_database, open_store, store, store_url
from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.testing.v1 import AppTest, app_test, local_script_runner

__all__ = ["app", "course_dir", "db", "env", "migrated_sqlite", "new_database",
           "one_script_cache", "open_store", "store", "store_url"]


@pytest.fixture(scope="session", autouse=True)
def one_script_cache() -> Iterator[None]:
    """One compiled copy of each script for every AppTest run of the process."""
    shared = ScriptCache()
    with pytest.MonkeyPatch.context() as patch:
        for module in (app_test, local_script_runner):
            assert hasattr(module, "ScriptCache"), f"{module.__name__} makes no ScriptCache"
            patch.setattr(module, "ScriptCache", lambda: shared)
        yield


@pytest.fixture
def course_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    shutil.copytree(FIXTURES / "course", folder)
    return folder


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


@pytest.fixture
def env(course_dir: Path, db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("CASSINO_DB", str(db))
    monkeypatch.setenv("CASSINO_LESSONS", str(course_dir))
    monkeypatch.setenv("CASSINO_TEACHER", TEACHER[0])  # the first teacher
    monkeypatch.setenv("CASSINO_TEACHER_PASSWORD", TEACHER[1])
    yield


@pytest.fixture
def app(env: None) -> AppTest:
    return new_app()
