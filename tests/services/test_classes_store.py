"""The classroom's data (services/classes.py, revisions 0003 and 0005) on SQLite and
PostgreSQL: teachers with hashed passwords, classes and renewable join codes, membership
only for new names, live
answers that change until closed, homework, the attempt log, export and delete; the
admin command; the upgrade from a file made before migrations."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from apphelpers import FIXTURES
from storefixtures import integrity_ok

from tutorial_app import admin
from tutorial_app.services import db, passwords
from tutorial_app.services.classes import CODE_LETTERS, ClassroomError, ClassStore
from tutorial_app.services.store import ProgressStore

ROOT = Path(__file__).resolve().parents[2]


def test_a_password_is_kept_salted_and_hashed_never_in_clear() -> None:
    one, two = passwords.hash_password("correct horse"), passwords.hash_password("correct horse")
    assert one != two and "correct horse" not in one and one.startswith("scrypt$")
    assert passwords.check_password("correct horse", one)
    assert not passwords.check_password("correct horsE", one)
    assert not passwords.check_password("x", "garbage")
    with pytest.raises(passwords.WeakPasswordError):
        passwords.hash_password("short")


def test_teachers_sign_in_with_their_password_only(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    with pytest.raises(ClassroomError, match="already"):
        rooms.add_teacher("ADA", "another-pass")
    assert rooms.teacher_password_ok("ada", "s3cret-pass") == ada
    assert rooms.teacher_password_ok("Ada", "wrong-pass") is None
    assert rooms.teacher_password_ok("Nobody", "s3cret-pass") is None
    with store.engine.connect() as con:
        kept = con.exec_driver_sql("SELECT password FROM teachers").scalar()
    assert kept is not None and "s3cret" not in kept


def test_classes_codes_and_joining(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    ada = rooms.add_teacher("Ada", "s3cret-pass")
    room = rooms.create_class(ada.id, " 5 B ")
    other = rooms.create_class(ada.id, "6A")
    assert room.name == "5 B" and len(room.code) == 6 and set(room.code) <= set(CODE_LETTERS)
    ana, joined = rooms.join(room.code.lower(), "Ana")
    assert joined == room
    with pytest.raises(ClassroomError, match="5 B already has Ana"):
        rooms.join(room.code, "ana")  # joining again is not a way in: the secret is
    rooms.join(room.code, "Bo")
    assert [x.name for x in rooms.members(room.id)] == ["Ana", "Bo"]
    other_ana, _ = rooms.join(other.code, "Ana")  # another class's Ana: another learner
    assert other_ana.id != ana.id and rooms.members(other.id) == [other_ana]
    assert rooms.secret_of(other_ana.id) != rooms.secret_of(ana.id)
    with pytest.raises(ClassroomError, match="No class"):
        rooms.join("ZZZZZZ", "Cy")
    new = rooms.renew_code(room.id)
    assert new != room.code and rooms.class_by_code(room.code) is None
    assert rooms.class_by_code(new) == rooms.get_class(room.id)
    assert rooms.class_of(ana.id) == rooms.get_class(room.id)


def test_live_answers_change_until_the_question_closes(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Ada", "s3cret-pass").id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    bo, _ = rooms.join(room.code, "Bo")
    state = rooms.put_question(room.id, "puzzle", "p1")
    assert state.question == 1 and state.open and not state.shown
    assert rooms.answer(room.id, 1, ana.id, "5c t", "missed", "legal", "misses the goal")
    assert rooms.answer(room.id, 1, bo.id, "5c x 5d", "correct", "legal", "")
    assert rooms.answer(room.id, 1, ana.id, "5c x 5d", "correct", "legal", "")  # changed
    assert len(rooms.answers(room.id, 1)) == 2
    assert {a.name: a.move for a in rooms.answers(room.id, 1)} == {"Ana": "5c x 5d",
                                                                  "Bo": "5c x 5d"}
    rooms.set_live(room.id, open=False)
    assert not rooms.answer(room.id, 1, ana.id, "5c t", "missed", "legal", "")
    assert rooms.put_question(room.id, "position", "x").question == 2
    assert not rooms.answer(room.id, 1, ana.id, "5c t", "missed", "legal", "")  # old one
    assert rooms.answers(room.id, 2) == []
    moves = [(a.ref, a.move) for a in rooms.attempts_of([ana.id])]
    assert moves == [(f"{room.id}/1", "5c t"), (f"{room.id}/1", "5c x 5d")]


def test_homework_attempts_export_and_delete(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Ada", "s3cret-pass").id, "5B")
    ana, _ = rooms.join(room.code, "Ana")
    bo, _ = rooms.join(room.code, "Bo")
    work = rooms.assign(room.id, "Sums", ["puzzle:p1", "lesson:basics", "puzzle:p1"], 99.0)
    assert work.tasks == ("puzzle:p1", "lesson:basics") and rooms.homework_of(room.id) == [work]
    with pytest.raises(ClassroomError):
        rooms.assign(room.id, "Empty", [])
    rooms.record_attempt(ana.id, "puzzle", "p1", "5c t", "missed", "legal")
    rooms.record_attempt(ana.id, "puzzle", "p1", "5c x 5d", "correct", "legal")
    store.record_step(ana.id, "basics", "pair", 3)
    exported = json.loads(json.dumps(rooms.export_learner(ana.id)))
    assert exported["learner"]["name"] == "Ana"
    assert [a["move"] for a in exported["attempts"]] == ["5c t", "5c x 5d"]
    assert exported["steps"][0]["step_id"] == "pair"
    assert [x["learner"]["name"] for x in rooms.export_class(room.id)["learners"]] == ["Ana",
                                                                                      "Bo"]
    rooms.delete_learner(ana.id)
    assert store.get_learner(ana.id) is None and rooms.attempts_of([ana.id]) == []
    assert store.progress(ana.id) == {}
    rooms.delete_class(room.id)
    assert rooms.get_class(room.id) is None and store.get_learner(bo.id) is None
    assert rooms.homework_of(room.id) == []


def test_the_first_teacher_comes_from_the_environment_once(store: ProgressStore) -> None:
    env = {admin.TEACHER_VARIABLE: "Ada", admin.PASSWORD_VARIABLE: "s3cret-pass"}
    assert admin.first_teacher_from_environment(store, env)
    assert not admin.first_teacher_from_environment(
        store, {admin.TEACHER_VARIABLE: "Eve", admin.PASSWORD_VARIABLE: "other-pass"})
    rooms = ClassStore(store)
    assert rooms.teacher_count() == 1 and rooms.teacher_password_ok("Ada", "s3cret-pass")
    assert not admin.first_teacher_from_environment(store, {})


def test_the_admin_command_adds_a_teacher(tmp_path: Path) -> None:
    env = {"CASSINO_DB": str(tmp_path / "p.sqlite3"), admin.PASSWORD_VARIABLE: "s3cret-pass",
           "PATH": "/usr/bin:/bin"}
    run = [sys.executable, "-m", "tutorial_app.admin"]
    done = subprocess.run([*run, "add-teacher", "Ada"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    again = subprocess.run([*run, "add-teacher", "ada"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120, check=False)
    assert again.returncode == 2 and "already" in again.stderr and "Traceback" not in again.stderr
    with ProgressStore(tmp_path / "p.sqlite3") as store:
        assert ClassStore(store).teacher_password_ok("Ada", "s3cret-pass") is not None


def test_a_file_from_before_migrations_gets_the_classroom_tables(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    shutil.copy(FIXTURES / "progress-before-migrations.sqlite3", path)
    with ProgressStore(path) as store:
        assert db.current(store.engine) == db.head() == "0011"
        rooms = ClassStore(store)
        room = rooms.create_class(rooms.add_teacher("Ada", "s3cret-pass").id, "5B")
        home_ana = store.learner("Ana")  # in no class, with her progress
        class_ana, _ = rooms.join(room.code, "Ana")  # a class's Ana is another learner
        assert class_ana.id != home_ana.id and store.progress(class_ana.id) == {}
        assert store.progress(home_ana.id) != {} and store.learner("ana") == home_ana
        cy, _ = rooms.join(room.code, "Cyd")
        assert rooms.members(room.id) == [class_ana, cy] and rooms.secret_of(cy.id)
        assert integrity_ok(store)
    con = sqlite3.connect(path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    con.close()
    assert {"teachers", "classes", "class_members", "live_sessions", "live_answers",
            "homework", "attempts"} <= names
