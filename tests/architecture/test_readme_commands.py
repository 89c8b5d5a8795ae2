"""The README works as written: every `make` target it names exists; teacher accounts
go through `make` and the project's venv (the system's `python -m tutorial_app.admin`
fails with ModuleNotFoundError); `make run PORT=...` serves on that port; and the
README says how phones reach the server."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "README.md", ROOT / "docs" / "classroom.md")


def make(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`make` in the checkout, never reinstalling the venv (-o: the stamp counts as old)."""
    return subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", *args],
                          cwd=ROOT, env=env or dict(os.environ), capture_output=True,
                          text=True, timeout=300, check=False)


def targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][a-z0-9-]*):", text, flags=re.M))


def test_every_make_target_the_docs_name_exists() -> None:
    named = {target for doc in DOCS for target in re.findall(
        r"(?:`|^)make ([a-z][a-z0-9-]*)", doc.read_text(encoding="utf-8"), flags=re.M)}
    assert {"run", "test", "teacher", "teachers", "teacher-password"} <= named
    assert named - targets() == set(), "the docs name make targets the Makefile lacks"


def test_no_command_runs_the_system_python_on_the_app() -> None:
    for doc in DOCS:
        for line in doc.read_text(encoding="utf-8").splitlines():
            assert not re.search(r"(?<![/\w.])python3? -m tutorial_app", line), (doc, line)


def test_make_teacher_adds_a_teacher_with_the_venv(tmp_path: Path) -> None:
    env = dict(os.environ, CASSINO_DB=str(tmp_path / "p.sqlite3"),
               CASSINO_TEACHER_PASSWORD="a long enough password")
    done = make("teacher", "NAME=Ms Rossi", env=env)
    assert done.returncode == 0, done.stderr
    assert ".venv/bin/python -m tutorial_app.admin add-teacher" in done.stdout
    listed = make("teachers", env=env)
    assert listed.returncode == 0 and "Ms Rossi" in listed.stdout
    missing = make("teacher", env=env)
    assert missing.returncode != 0 and 'usage: make teacher NAME="Ms Rossi"' in missing.stderr


def test_make_run_takes_a_port() -> None:
    planned = make("-n", "run", "PORT=8765")
    assert planned.returncode == 0 and "--server.port 8765" in planned.stdout


def test_the_readme_says_how_phones_reach_the_server() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for needed in ("CASSINO_PUBLIC_URL", "Network URL", "firewall", "make run PORT=",
                   "same network"):
        assert needed in readme, needed
