"""Fixtures for the app tests: a fresh database and a small fixed course per test,
and helpers that click like a learner. `store` and its kin (tests/support/
storefixtures.py) give a test the progress store on SQLite and on PostgreSQL."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from apphelpers import FIXTURES, TEACHER, new_app
from storefixtures import new_database, open_store, store, store_url
from streamlit.testing.v1 import AppTest

__all__ = ["app", "course_dir", "db", "env", "new_database", "open_store", "store",
           "store_url"]


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
    monkeypatch.setenv("CASSINO_TEACHER", TEACHER[0])  # the first teacher (issue 15)
    monkeypatch.setenv("CASSINO_TEACHER_PASSWORD", TEACHER[1])
    yield


@pytest.fixture
def app(env: None) -> AppTest:
    return new_app()
