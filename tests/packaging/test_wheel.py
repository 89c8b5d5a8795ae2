"""The package as a school installs it: a wheel built from the project, installed into
a fresh virtual environment and run from outside the checkout, serves the same
course as the checkout: as many lessons, puzzles and line puzzles, the rules page
and its translations, the lesson texts in another language.

Once, an installed package served an empty course with no error: the lessons'
folder was found as a namespace package, whose `importlib.resources` path is not a
file path, and the line puzzles were not in the wheel at all. Every check here runs
in a subprocess, so only what the wheel holds can answer.

The wheel is built from a copy of the project's files (tracked and new, as `git
ls-files` lists them): setuptools builds in the source folder, and a `build/` left
in the checkout keeps files since deleted, which a later wheel would ship. The
build uses this environment's setuptools (pinned in the `test` extra), without
build isolation, so nothing is downloaded. The new environment sees this one's
dependencies through a `.pth` line naming its site-packages folder (a plain folder
on the path: the editable install's hook there is not run), so the project itself
can come only from the wheel, which the probe checks.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

# What the app reads, measured the way the app reads it; printed as JSON.
PROBE = r"""
import json, sys
from pathlib import Path
import tutorial_app
from tutorial_app import config
from tutorial_app.course import load_course, set_language
from tutorial_app.course.reading.rulesdoc import read_rules_page
from tutorial_app.flows.line_play import shipped_lines

folder = config.lessons_folder()
english = load_course(folder, language="en", proofs=False)
portuguese = load_course(folder, language="pt-BR", proofs=False)
rules = read_rules_page()
set_language("pt-BR")
rules_pt = read_rules_page()
print(json.dumps({
    "package": str(Path(tutorial_app.__file__).resolve().parent),
    "path": [str(Path(p).resolve()) for p in sys.path if p],
    "lessons_folder": str(folder),
    "lessons": len(english.lessons),
    "puzzles": len(english.puzzles),
    "files": english.files,
    "errors": [str(e) for e in english.errors],
    "lines": len(shipped_lines(folder)),
    "titles": [lesson.title for lesson in english.lessons],
    "titles_pt": [lesson.title for lesson in portuguese.lessons],
    "rules_sections": len(rules.sections),
    "rules_first": rules.sections[0] if rules.sections else None,
    "rules_error": rules.error,
    "rules_pt_first": rules_pt.sections[0] if rules_pt.sections else None,
}))
"""


def _probe(python: Path, cwd: Path) -> dict[str, Any]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("CASSINO_") and key not in {"PYTHONPATH", "PYTHONHOME"}}
    done = subprocess.run([str(python), "-c", PROBE], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def _copy_project(into: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file() and not name.startswith(("tests/", "docs/screenshots/")):
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a fresh environment holding the wheel built from this checkout."""
    base = tmp_path_factory.mktemp("wheel")
    source, wheels, environment = base / "source", base / "wheels", base / "venv"
    _copy_project(source)
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps",
                    "--no-build-isolation", "--no-index", "-q", "-w", str(wheels)],
                   cwd=base, check=True, capture_output=True, timeout=300)
    (wheel,) = wheels.glob("cassino_tutor-*.whl")
    venv.create(environment, with_pip=False)
    python = environment / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print("
                              "sysconfig.get_path('purelib'))"], capture_output=True,
                             text=True, check=True).stdout.strip()
    (Path(purelib) / "project-dependencies.pth").write_text(
        sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--no-index", "-q", str(wheel)],
                   cwd=base, check=True, capture_output=True, timeout=300)
    return python


def test_the_installed_package_serves_the_checkouts_course(
        installed: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    there = _probe(installed, outside)
    here = _probe(Path(sys.executable), ROOT)

    # the project came from the wheel, and the checkout was nowhere on the path (only
    # this environment's dependencies, which may live in the checkout's .venv)
    assert Path(there["package"]).is_relative_to(installed.parent.parent)
    dependencies = Path(sys.prefix).resolve()
    assert not [p for p in there["path"]
                if Path(p).is_relative_to(ROOT) and not Path(p).is_relative_to(dependencies)]
    assert Path(there["lessons_folder"]).is_dir()
    assert not Path(there["lessons_folder"]).is_relative_to(ROOT)

    assert here["lessons"] > 0 and here["puzzles"] > 0 and here["lines"] > 0
    assert (there["lessons"], there["puzzles"], there["lines"], there["files"]) == \
        (here["lessons"], here["puzzles"], here["lines"], here["files"])
    assert there["errors"] == here["errors"] == []
    assert there["titles_pt"] == here["titles_pt"] != here["titles"]
    assert there["rules_error"] is None
    assert there["rules_sections"] == here["rules_sections"] > 0
    assert there["rules_pt_first"] == here["rules_pt_first"] != here["rules_first"]
