"""A broken progress store: the Learn page and sign-in say what is wrong and
which setting to check (CASSINO_DB), never a traceback or a path of the server; the
pages that need no store (Rules, Sandbox) keep working. The same for the sign-in
service without Streamlit, and for a lesson file that once took the app down."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from apphelpers import class_sign_in, new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.services import db as store_db
from tutorial_app.services import faults
from tutorial_app.services.signin import SignIn
from tutorial_app.services.store import ProgressStore

MESSAGE_START = "Progress cannot be opened or saved just now"


def a_folder(db: Path) -> None:
    db.mkdir(parents=True)


def random_bytes(db: Path) -> None:
    db.write_bytes(os.urandom(8192))


def truncated(db: Path) -> None:
    store = ProgressStore(db)
    for n in range(200):
        store.learner(f"learner {n}")
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = db.read_bytes()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    db.write_bytes(data[: len(data) // 3])


def another_schema(db: Path) -> None:
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE learners (who TEXT)")
        con.execute("CREATE TABLE devices (what TEXT)")
        con.execute("CREATE TABLE settings (k TEXT)")


BROKEN: dict[str, Callable[[Path], None]] = {
    "a folder": a_folder, "random bytes": random_bytes, "truncated": truncated,
    "another schema": another_schema,
}


def everything_shown(at: AppTest) -> str:
    parts = [texts(at)]
    parts += [str(e.value) for e in at.exception]
    parts += [str(b.label) for b in at.button]
    parts += [str(el.value) for el in at.sidebar.markdown]
    return "\n".join(parts).replace("\\", "")  # Markdown escapes


def assert_the_message_not_a_traceback(at: AppTest, db: Path) -> None:
    assert not at.exception, [e.value for e in at.exception]
    shown = everything_shown(at)
    assert MESSAGE_START in shown and "CASSINO_DB" in shown
    assert str(db.parent) not in shown and "Traceback" not in shown
    assert "sqlite" not in shown.lower()


@pytest.mark.parametrize("kind", BROKEN)
def test_a_broken_store_shows_the_message_and_other_pages_work(
        kind: str, env: None, db: Path, caplog: pytest.LogCaptureFixture) -> None:
    BROKEN[kind](db)
    learn = open_page(new_app(), "learn")
    assert_the_message_not_a_traceback(learn, db)
    assert any("progress store failed" in r.getMessage() for r in caplog.records)
    for page in ("rules", "sandbox"):
        at = open_page(new_app(), page)
        assert not at.exception
        assert MESSAGE_START not in everything_shown(at)
    sandbox = open_page(new_app(), "sandbox", position="table: 5c 3d; hand: 8s")
    listed = next(s for s in sandbox.selectbox if s.label == "Play a move from the list")
    assert "8s x 5c+3d" in [str(o) for o in listed.options]
    for page in ("puzzles", "play", "classroom"):
        assert_the_message_not_a_traceback(open_page(new_app(), page), db)


@contextmanager
def read_only(monkeypatch: pytest.MonkeyPatch, what: str) -> Iterator[None]:
    """A read-only file or folder, as the store meets it (the tests may run as root,
    whom file modes do not stop): every write fails as SQLite says it does."""
    def refuse(self: ProgressStore) -> Any:
        raise sqlite3.OperationalError(what)

    monkeypatch.setattr(ProgressStore, "_write", refuse)
    yield


@pytest.mark.parametrize("what", ["attempt to write a readonly database",
                                  "unable to open database file"])
def test_a_read_only_store_fails_at_sign_in_with_the_message(
        what: str, env: None, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ProgressStore(db).learner("Ana")
    with read_only(monkeypatch, what):
        at = open_page(new_app(), "learn")
        sign_in(at, "Bo")  # a new learner cannot be written
        assert_the_message_not_a_traceback(at, db)
        sign_in(at, "Ana")  # a known one, but the browser's session cannot be kept
        assert_the_message_not_a_traceback(at, db)
        class_sign_in(at, "ABC234", "Ana", 1, 2)  # the limit on wrong tries: no writing
        assert_the_message_not_a_traceback(at, db)
        assert not at.exception


def test_a_store_that_cannot_be_created_is_reported(
        env: None, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied", str(db.parent))

    monkeypatch.setattr(store_db, "ensure_current", refuse)
    at = open_page(new_app(), "learn")
    assert_the_message_not_a_traceback(at, db)
    assert not open_page(new_app(), "rules").exception


# ----- the sign-in service without Streamlit ------------------------------------------------


class BrokenStore(ProgressStore):
    """A store whose every read and write fails, as a broken file makes it."""

    def __init__(self) -> None:  # no file at all
        pass

    def __getattribute__(self, name: str) -> Any:
        if name.startswith("__"):
            return super().__getattribute__(name)
        raise sqlite3.DatabaseError("file is not a database")


def test_sign_in_with_a_broken_store_explains_and_raises_nothing() -> None:
    memory: dict[str, Any] = {"learner_id": 3}
    tab = SignIn(BrokenStore(), memory)
    assert tab.current("token-abc") is None
    assert tab.error == faults.store_message()
    assert tab.sign_in_by_name("Ana") is None and tab.error == faults.store_message()
    assert tab.sign_in_to_class("ABC234", "Ana", 1, 2) is None
    assert tab.error == faults.store_message()
    assert tab.join_class("ABC234", "Ana") is None and tab.error == faults.store_message()
    assert tab.sign_in_by_card("k" * 32) is None and tab.error == faults.store_message()
    tab.sign_in(3)
    assert tab.current() is None and "learner_id" not in memory
    tab.sign_out()
    assert not tab.name_signin_open() and tab.error == faults.store_message()


def test_the_faults_tuple_holds_the_store_errors() -> None:
    assert sqlite3.Error in faults.STORE_FAULTS and OSError in faults.STORE_FAULTS
    assert "CASSINO_DB" in faults.store_message()


# ----- a lesson file that took the server down ------------------------------------------------


def test_a_deep_lesson_file_is_named_and_every_page_still_works(app: AppTest,
                                                              course_dir: Path) -> None:
    (course_dir / "deep.yaml").write_text("id: deep\nrequires: " + "[" * 30_000
                                          + "]" * 30_000 + "\n", encoding="utf-8")
    (course_dir / "huge.yaml").write_text(
        "id: huge\ntitle: Huge\npuzzles:\n  - id: h1\n    position: 'table: 5c; hand: 5s 2c'\n"
        "    goal: {capture: [5c]}\n    themes: [pairing]\n    difficulty: " + "9" * 5000
        + "\n", encoding="utf-8")
    at = open_page(app, "learn")
    problems = "\n".join(str(e.value) for e in at.error).replace("\\", "")
    assert "deep.yaml:2:" in problems and "nested too deeply" in problems
    assert "huge.yaml:8:17: puzzles[0].difficulty:" in problems
    sign_in(at)
    assert "Test basics" in texts(at)
    for page in ("puzzles", "sandbox", "rules", "classroom", "play"):
        assert not open_page(new_app(), page).exception
