"""The store's schema migrations (services/db.py, services/migrations): a file made by
the store before Alembic is adopted and upgraded with nothing lost; a database at the
baseline with data in it upgrades on both engines; the migrated schema is exactly
what services/tables.py declares; down and up again; a database from a newer app is
refused; the command.

fixtures/progress-before-migrations.sqlite3 was made by the store as it was before
this change (tutorial_app/services/store.py at commit 77a69f2, its hand-written
_SCHEMA): learners Ana, bo, Émile, émile (two learners: NOCASE folds A-Z only) and
Cy; Ana's steps, a finished lesson, four puzzle attempts (one hinted, one repeated)
and a rating; Bo's step, puzzle and game; two remembered browsers; a kept game with
its revision; the names setting turned off.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from apphelpers import FIXTURES
from sqlalchemy import inspect, text
from storefixtures import integrity_ok

from tutorial_app.config import database_url
from tutorial_app.services import db, tables
from tutorial_app.services.classes import ClassroomError, ClassStore
from tutorial_app.services.devices import LEARNERS, Devices
from tutorial_app.services.migrations.versions import r0002_name_key
from tutorial_app.services.store import ProgressStore, StaleGameError, name_key

BEFORE = FIXTURES / "progress-before-migrations.sqlite3"
ROOT = Path(__file__).resolve().parents[2]
TABLES = ("learners", "steps", "lessons", "puzzles", "puzzle_log", "devices", "games",
          "settings")


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a stable order, read without the store. The
    remembered browsers as their tokens' hashes, learner and time: revision 0005 keeps
    the hash of a token, not the token."""
    con = sqlite3.connect(path)
    try:
        found = {}
        for table in TABLES:
            columns = [r[1] for r in con.execute(f"PRAGMA table_info({table})")
                       if r[1] not in ("name_key", "language", "name_skeleton", "clash",
                                        "scope")]
            if table == "devices":
                hashed = "token_hash" in columns
                found[table] = sorted(
                    (token if hashed else hashlib.sha256(token.encode()).hexdigest(), who, at)
                    for token, who, at in con.execute(
                        f"SELECT {'token_hash' if hashed else 'token'}, learner_id, created "
                        "FROM devices"))
                continue
            found[table] = sorted(con.execute(f"SELECT {', '.join(columns)} FROM {table}"))
        return found
    finally:
        con.close()


def test_a_file_from_before_migrations_is_adopted_and_loses_nothing(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "progress.sqlite3"
    shutil.copy(BEFORE, path)
    before = rows(path)
    assert sum(len(r) for r in before.values()) == 25
    con = sqlite3.connect(path)
    tokens = dict(con.execute("SELECT learner_id, token FROM devices").fetchall())
    con.close()
    with ProgressStore(path) as store:
        assert db.current(store.engine) == db.head()
        assert "adopting a progress store made before versioned migrations" in caplog.text
        assert rows(path) == before  # every row of every table, as it was
        assert integrity_ok(store)

        by_name = {x.name: x for x in store.learners()}
        assert set(by_name) == {"Ana", "bo", "Cy", "Émile", "émile"}
        ana = store.learner("ANA")  # found in any case, as before
        assert ana == by_name["Ana"] and ana.rated_games == 2 and ana.rating != 1200
        assert store.progress(ana.id)["basics"].steps == {"pair": 3, "sum": 2}
        assert store.progress(ana.id)["basics"].completed
        assert store.solved_puzzles(ana.id) == {"p1": True, "p2": False, "p3": True}
        assert len(store.rating_history(ana.id)) == 2
        assert not store.names_on_welcome()
        # The two Émiles were two learners and stay two; the name typed reaches the
        # older one, the younger is still there to pick from the list.
        assert store.learner("ÉMILE") == by_name["Émile"]
        assert by_name["émile"].id != by_name["Émile"].id
        con = sqlite3.connect(path)
        keys = dict(con.execute("SELECT name, name_key FROM learners").fetchall())
        schema = con.execute("SELECT sql FROM sqlite_master WHERE name = 'learners'").fetchone()
        con.close()
        # A browser remembered before 0005 still signs in (its token's hash was taken),
        # and the two look-alike Émiles are reported to the teacher, not merged.
        remembered = Devices(store, LEARNERS).find(tokens[ana.id])
        assert remembered is not None and remembered.owner == ana.id
        assert [[x.name for x in group] for group in ClassStore(store).look_alikes(
            [by_name["émile"].id])] == [["Émile", "émile"]]
        assert keys["émile"] == f"émile\n{by_name['émile'].id}" and keys["Émile"] == "émile"
        assert "NOCASE" not in schema[0]
        saved = store.saved_game(ana.id)
        assert saved is not None and saved.game == '{"moves": ["5c t"]}'
        store.save_game(ana.id, "{}", expected=saved.revision)  # the kept revision holds
        with pytest.raises(StaleGameError):
            store.save_game(ana.id, "{}", expected=saved.revision)
    # The rebuilt learners table is still what the other tables' foreign keys point at,
    # deleting through it still cascades, and the file opens again without migrating.
    con = sqlite3.connect(path)
    con.execute("PRAGMA foreign_keys=ON")
    assert {r[2] for r in con.execute("PRAGMA foreign_key_list(steps)")} == {"learners"}
    con.execute("DELETE FROM learners WHERE name = 'Ana'")
    con.commit()
    assert con.execute("SELECT count(*) FROM steps").fetchone()[0] == 3
    con.close()
    with ProgressStore(path) as again:
        assert integrity_ok(again) and len(again.learners()) == 4


def test_a_database_at_the_baseline_with_data_upgrades_on_both_engines(store_url: str) -> None:
    """The same as above on either engine, from a database Alembic made at 0001."""
    engine = db.make_engine(database_url(store_url))
    try:
        db.upgrade(engine, db.BASELINE)
        assert db.current(engine) == db.BASELINE
        with engine.begin() as con:
            for name in ("Zoë", "ZoË", "Al"):  # one name to NOCASE, two to PostgreSQL
                con.execute(text("INSERT INTO learners (name, created) VALUES (:n, 1)"),
                            {"n": name})
            con.execute(text("INSERT INTO steps VALUES (1, 'sums', 'a', 2, 1, 0, 5)"))
            con.execute(text("INSERT INTO games VALUES (3, '{}', 5, 1234567890123456789)"))
    finally:
        engine.dispose()
    with ProgressStore(store_url) as store:
        assert db.current(store.engine) == db.head()
        assert sorted(x.name for x in store.learners()) == ["Al", "ZoË", "Zoë"]
        assert store.learner("ZOË").id == 1  # the older of the two
        assert store.progress(1)["sums"].steps == {"a": 2}
        saved = store.saved_game(3)
        assert saved is not None and saved.revision == 1234567890123456789
        assert integrity_ok(store)


def test_class_learners_get_their_class_as_scope_on_both_engines(store_url: str) -> None:
    """Revision 0009 on a database at 0008 that has classes: a class learner's scope is
    their class (the one joined last), a learner in no class keeps 0, every row is kept,
    names that now look alike in one class are kept apart for a rename, a teacher's two
    classes of one name are told apart; then two classes can each have an Ana, and
    down to 0008 and up again keeps them all."""
    engine = db.make_engine(database_url(store_url))
    try:
        db.upgrade(engine, "0008")
        with engine.begin() as con:
            con.execute(text("INSERT INTO teachers (id, name, name_key, password, created) "
                             "VALUES (1, 'Ada', 'ada', 'x', 1)"))
            for class_id, name, code in ((1, "5B", "AAAAAA"), (2, "5b", "BBBBBB")):
                con.execute(text("INSERT INTO classes (id, teacher_id, name, code, created) "
                                 "VALUES (:i, 1, :n, :c, 1)"), {"i": class_id, "n": name,
                                                                "c": code})
            for learner_id, name, shape in ((1, "Ana", "ana"), (2, "Ana.", "ana."),
                                            (3, "Bo", "bo"), (4, "Cy", "cy")):
                con.execute(text("INSERT INTO learners (id, name, name_key, name_skeleton, "
                                 "clash, created) VALUES (:i, :n, :k, :s, 0, 1)"),
                            {"i": learner_id, "n": name, "k": name.casefold(), "s": shape})
            for class_id, learner_id, joined in ((2, 1, 1), (1, 1, 2), (1, 2, 3), (2, 3, 4)):
                con.execute(text("INSERT INTO class_members VALUES (:c, :l, :j)"),
                            {"c": class_id, "l": learner_id, "j": joined})
            con.execute(text("INSERT INTO learner_secrets VALUES (1, '3 7', :k, 1)"),
                        {"k": "k" * 32})
            con.execute(text("INSERT INTO steps VALUES (1, 'sums', 'a', 2, 1, 0, 5)"))
            if engine.dialect.name == "postgresql":  # ids given: the sequences move on
                for table in ("learners", "classes", "teachers"):
                    con.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', "
                                     "'id'), 100)"))
    finally:
        engine.dispose()
    with ProgressStore(store_url) as store:
        assert db.current(store.engine) == db.head()
        with store.engine.connect() as con:
            scopes = dict(con.execute(text("SELECT name, scope FROM learners")).all())
            names = [r[0] for r in con.execute(text("SELECT name FROM classes ORDER BY id"))]
        assert scopes == {"Ana": 1, "Ana.": 1, "Bo": 2, "Cy": 0}
        assert names == ["5B", "5b (2)"]  # the teacher's list tells them apart
        rooms = ClassStore(store)
        assert [[x.name for x in g] for g in rooms.look_alikes([1])] == [["Ana", "Ana."]]
        assert rooms.check_secret(1, "ana", (3, 7)) is not None  # signs in as before
        assert store.progress(1)["sums"].steps == {"a": 2}
        assert store.find_learner("Cy") is not None and store.find_learner("Bo") is None
        other_ana = rooms.add_learner(2, "Ana")  # class 2 may have an Ana of its own
        assert rooms.member_named(2, "ana") == other_ana != rooms.member_named(1, "ana")
        with pytest.raises(ClassroomError):
            rooms.add_learner(1, "ANA")
        assert integrity_ok(store)
        db.downgrade(store.engine, "0008")
        with store.engine.connect() as con:
            assert con.execute(text("SELECT count(*) FROM learners")).scalar() == 5
        db.upgrade(store.engine)
        assert {x.name for x in rooms.members(2)} == {"Ana", "Bo"}
        assert integrity_ok(store)


def test_the_migrated_schema_is_what_the_tables_declare(store: ProgressStore) -> None:
    with store.engine.connect() as con:
        found = compare_metadata(MigrationContext.configure(con), tables.metadata)
        differences = [d for group in found for d in (group if isinstance(group, list)
                                                       else [group])]
        if store.dialect == "sqlite":
            differences = [d for d in differences if not sqlite_reflection_gap(d)]
            for table in TABLES:  # what the reflection cannot see, asked directly
                keys = con.exec_driver_sql(f"PRAGMA foreign_key_list({table})").all()
                assert len(keys) == len(tables.metadata.tables[table].foreign_keys)
                for fk in keys:
                    assert (fk[2], fk[3], fk[6]) == ("learners", "learner_id", "CASCADE")
    assert differences == []


def sqlite_reflection_gap(difference: tuple[Any, ...]) -> bool:
    """Differences SQLAlchemy reports for SQLite that are not in the schema: the ON
    DELETE of a foreign key written on its column (reflection reads only table-level
    FOREIGN KEY clauses; the test reads PRAGMA foreign_key_list instead), and NOT NULL
    on a primary key, which SQLite's first schema left implicit and the store never
    writes NULL into."""
    kind = difference[0]
    if kind in ("add_fk", "remove_fk"):
        return True
    if kind == "modify_nullable":
        table, column = difference[2], difference[3]
        return bool(tables.metadata.tables[table].c[column].primary_key)
    return False


def test_down_to_nothing_and_up_again(store: ProgressStore) -> None:
    ana = store.learner("Ana")
    db.downgrade(store.engine, db.BASELINE)
    assert db.current(store.engine) == db.BASELINE
    db.downgrade(store.engine, "base")
    assert set(inspect(store.engine).get_table_names()) <= {"alembic_version"}
    db.ensure_current(store.engine)
    assert store.learners() == [] and store.learner("Ana").name == ana.name


def test_a_database_from_a_newer_app_is_refused(
        store: ProgressStore, open_store: Callable[[], ProgressStore]) -> None:
    with store.engine.begin() as con:
        con.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(db.StoreVersionError, match="9999"):
        open_store()


def test_the_name_key_is_the_one_the_migration_wrote() -> None:
    for name in ("Ana", "ÉMILE", "Straße", "ﬁona", "  Ana   Maria ", "ΣΊΣΥΦΟΣ", "İzmir"):
        assert name_key(name) == r0002_name_key.key(name)


def test_a_sqlite_file_deleted_while_running_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with ProgressStore(path) as store:
        store.learner("Ana")
        path.unlink()
        assert store.learners() == []
        store.learner("Bo")
        assert [x.name for x in store.learners()] == ["Bo"] and path.exists()


def run_command(*args: str) -> str:
    """`python -m tutorial_app.services.db ...` in a process of its own, as typed."""
    done = subprocess.run([sys.executable, "-m", "tutorial_app.services.db", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_migrations_command(store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each command through the module's `main`, in this process (a new Python for each
    would spend a second importing); the command's own door, `python -m`, is walked by
    `history` (Alembic writes it to the stdout it found on import, not capsys's) and by
    test_the_copy_command."""

    def command(*args: str) -> str:
        assert db.main(list(args)) == 0
        return capsys.readouterr().out

    assert "(none" in command("--url", store_url, "current")
    assert command("--url", store_url, "upgrade").startswith(f"at {db.head()}")
    assert command("--url", store_url, "current").startswith(f"{db.head()} (head)")
    assert command("--url", store_url, "downgrade", db.BASELINE).startswith("at 0001")
    assert command("--url", store_url, "upgrade").startswith(f"at {db.head()}")
    history = run_command("history")
    assert "0001" in history and "0002" in history


def test_a_store_is_copied_whole_into_another_engine(tmp_path: Path, store_url: str) -> None:
    """A school moving from one process's SQLite file to PostgreSQL (or another file)."""
    path = tmp_path / "before.sqlite3"
    shutil.copy(BEFORE, path)
    source = db.make_engine(database_url(path))
    target = db.make_engine(database_url(store_url))
    try:
        counts = db.copy_store(source, target)
        assert counts["learners"] == 5 and counts["puzzle_log"] == 5 and counts["games"] == 2
        with pytest.raises(db.StoreNotEmptyError):
            db.copy_store(source, target)
    finally:
        source.dispose()
        target.dispose()
    with ProgressStore(path) as old, ProgressStore(store_url) as new:
        for learner in old.learners():
            assert new.get_learner(learner.id) == learner
            assert new.progress(learner.id) == old.progress(learner.id)
            assert new.rating_history(learner.id) == old.rating_history(learner.id)
            assert new.saved_game(learner.id) == old.saved_game(learner.id)
        assert new.learners() == old.learners() and not new.names_on_welcome()
        zed = new.learner("Zed")  # a new learner gets an id past the copied ones
        assert zed.id == max(x.id for x in old.learners()) + 1
        new.record_puzzle(zed.id, "p1", 3, solved=True, hinted=False)
        assert integrity_ok(new)


def test_the_copy_command(tmp_path: Path) -> None:
    path = tmp_path / "before.sqlite3"
    shutil.copy(BEFORE, path)
    out = run_command("--url", str(path), "copy", str(tmp_path / "after.sqlite3"))
    assert "5 learners" in out and "2 games" in out
