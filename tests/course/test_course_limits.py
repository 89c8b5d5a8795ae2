"""The course's limits (course/reading/limits.py, docs/limits.md): a lesson file over a limit
is an error at its `file:line:column`, never a crash, a stall or a traceback, and the
rest of the course still loads. The examples that once broke it are here: a list nested
30,000 deep (which segfaulted PyYAML's C composer), a 5,000-digit difficulty, a
non-UTF-8 or unreadable file, a file of many megabytes, and the CLI's folders."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutorial_app.course import LessonFileError, load, load_course, loads
from tutorial_app.course.authoring.cli import main
from tutorial_app.course.reading.limits import (
    MAX_ID_LENGTH,
    MAX_LESSON_BYTES,
    MAX_NUMBER_LENGTH,
    MAX_YAML_DEPTH,
)
from tutorial_app.course.reading.yamlsrc import compose_nodes

HERE = Path(__file__).parent
GOOD = HERE / "good"
DEEP = "id: deep\ntitle: Deep\nrequires: " + "[" * 30_000 + "]" * 30_000 + "\nsteps: []\n"
PUZZLE = """id: numbers
title: Numbers
puzzles:
  - id: p1
    position: "table: 5c 3d; hand: 8s 2c"
    goal: {capture: [5c, 3d]}
    themes: [sum]
    difficulty: DIFFICULTY
"""


def errors_of(text: str, name: str = "f.yaml") -> list[str]:
    with pytest.raises(LessonFileError) as caught:
        loads(text, name)
    return [str(e) for e in caught.value.errors]


def run_course(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutorial_app.course", *args],
                          capture_output=True, text=True, timeout=300, check=False)


# ----- nesting ---------------------------------------------------------------------------


def test_a_list_nested_thirty_thousand_deep_is_an_error_at_its_place() -> None:
    found = errors_of(DEEP, "deep.yaml")
    column = len("requires: ") + MAX_YAML_DEPTH  # the first list too deep
    assert found == [f"deep.yaml:3:{column}: (document): not valid YAML: nested too deeply: "
                     f"a lesson file has at most {MAX_YAML_DEPTH} levels of lists and mappings"]


@pytest.mark.parametrize("text", [
    "a: " + "{a: " * 30_000 + "}" * 30_000,
    "a:\n" + "".join("  " * i + "- \n" for i in range(1, 200)),
    "a:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 200)),
    "- " * 30_000 + "x\n",
])
def test_every_kind_of_deep_nesting_is_refused(text: str) -> None:
    found = errors_of(text)
    assert len(found) == 1 and "not valid YAML" in found[0], found


def test_nesting_within_the_limit_reads_as_yaml_compose_does() -> None:
    import yaml

    text = "a: " + "[" * (MAX_YAML_DEPTH - 1) + "x" + "]" * (MAX_YAML_DEPTH - 1)
    ours, theirs = compose_nodes(text), yaml.compose(text, Loader=yaml.CSafeLoader)
    assert ours is not None and theirs is not None
    assert yaml.serialize(ours) == yaml.serialize(theirs)
    with pytest.raises(yaml.MarkedYAMLError):
        compose_nodes("a: " + "[" * MAX_YAML_DEPTH + "]" * MAX_YAML_DEPTH)


def test_aliases_are_refused_so_a_small_file_cannot_stand_for_a_huge_one() -> None:
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{b}: &{b} [*{a}, *{a}, *{a}, *{a}, *{a}, *{a}, *{a}, *{a}, *{a}]\n"
        for a, b in zip("abcdefgh", "bcdefghi", strict=True))
    assert errors_of(laughs)[0].startswith("f.yaml:2:")
    assert "aliases (*name) are not allowed" in errors_of(laughs)[0]


def test_a_deep_file_in_a_course_leaves_the_other_files_working(tmp_path: Path) -> None:
    folder = tmp_path / "course"
    shutil.copytree(GOOD, folder)
    (folder / "00-deep.yaml").write_text(DEEP, encoding="utf-8")
    course = load_course(folder)
    good = load_course(GOOD)
    assert [lesson.id for lesson in course.lessons] == [lesson.id for lesson in good.lessons]
    assert len(course.puzzles) == len(good.puzzles)
    assert [e.line for e in course.errors] == [3]


def test_validate_reports_the_deep_file_instead_of_dying(tmp_path: Path) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text(DEEP, encoding="utf-8")
    result = run_course("validate", str(deep))
    assert result.returncode == 1, result  # a crash would be -11 (SIGSEGV)
    assert result.stdout.startswith(f"{deep}:3:")
    assert "nested too deeply" in result.stdout and "Traceback" not in result.stderr


# ----- numbers, ids ------------------------------------------------------------------------


@pytest.mark.parametrize("digits", [13, 5000, 100_000])
def test_a_huge_number_is_an_error_at_its_place(digits: int) -> None:
    found = errors_of(PUZZLE.replace("DIFFICULTY", "9" * digits))
    assert found == [f"f.yaml:8:17: puzzles[0].difficulty: must be from 1 to 5, not a number "
                     f"of {digits} characters (at most {MAX_NUMBER_LENGTH})"]


def test_base_sixty_and_other_yaml_numbers_stay_readable() -> None:
    found = errors_of(PUZZLE.replace("DIFFICULTY", "1:30"))
    assert found == ["f.yaml:8:17: puzzles[0].difficulty: must be from 1 to 5, not 90"]
    assert loads(PUZZLE.replace("DIFFICULTY", "0x3")).id == "numbers"


def test_an_id_over_the_limit_is_refused() -> None:
    found = errors_of(PUZZLE.replace("id: p1", "id: " + "p" * (MAX_ID_LENGTH + 1))
                      .replace("DIFFICULTY", "2"))
    assert len(found) == 1 and "too long for an id" in found[0] and len(found[0]) < 300


def test_a_long_position_in_a_lesson_is_an_error_at_its_place() -> None:
    found = errors_of(PUZZLE.replace("table: 5c 3d;", "table: " + "5c " * 400 + ";")
                      .replace("DIFFICULTY", "2"))
    assert len(found) == 1 and found[0].startswith("f.yaml:5:15: puzzles[0].position: ")
    assert "too long" in found[0] and len(found[0]) < 400


def test_a_position_over_the_work_limit_is_an_error_at_its_place() -> None:
    table = "As Ah Ad Ac 2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 4d 4c 5s 5h 5d 5c 6s 6h"
    found = errors_of(PUZZLE.replace("5c 3d; hand: 8s 2c", f"{table}; hand: 8s 10c")
                      .replace("[5c, 3d]", "[5c, 3d]").replace("DIFFICULTY", "2"))
    assert found[0].startswith("f.yaml:5:15: puzzles[0].position: this position has too many")


# ----- files: size, encoding, reading ----------------------------------------------------------


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("# x\n" * (MAX_LESSON_BYTES // 4 + 1), encoding="utf-8")
    with pytest.raises(LessonFileError) as caught:
        load(big)
    assert str(caught.value) == (f"{big}:1:1: (document): the file is over "
                                 f"{MAX_LESSON_BYTES:,} bytes, the most a lesson file may "
                                 "hold: split it into several files")


def test_a_file_that_is_not_utf8_is_an_error_at_the_first_bad_byte(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"id: ok\ntitle: caf\xe9\n")
    with pytest.raises(LessonFileError) as caught:
        load(bad)
    assert str(caught.value) == (f"{bad}:2:11: (document): the file is not UTF-8 text "
                                 "(byte 0xe9): save it as UTF-8")
    result = run_course("validate", str(bad))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stdout == f"{bad}:2:11: (document): the file is not UTF-8 text (byte 0xe9): " \
                            "save it as UTF-8\n"


def test_an_unreadable_file_is_an_error_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked.yaml"
    locked.write_text("id: x\n", encoding="utf-8")
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self.name == "locked.yaml":
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", refuse)
    assert main(["validate", str(locked)]) == 2
    out = capsys.readouterr().out
    assert out == f"{locked}:1:1: (document): cannot read the file: Permission denied\n"
    course = load_course(tmp_path)
    assert course.unreadable == [str(locked)] and len(course.errors) == 1


# ----- the CLI's paths and folders -----------------------------------------------------------


def test_validate_counts_each_file_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(GOOD)]) == 0
    once = capsys.readouterr().out.splitlines()[0]
    for paths in ([GOOD, GOOD], [GOOD, GOOD / "puzzles"], [GOOD / "01-basics.yaml", GOOD],
                  [GOOD, GOOD / ".." / "good"]):
        assert main(["validate", *map(str, paths)]) == 0
        assert capsys.readouterr().out.splitlines()[0] == once


def test_generate_refuses_a_bad_output_place_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--theme", "sum", "--out", str(tmp_path / "no" / "x.yaml")]) == 2
    assert capsys.readouterr().err == (f"{tmp_path / 'no' / 'x.yaml'}: the folder "
                                       f"{tmp_path / 'no'} does not exist\n")
    assert main(["generate", "--theme", "sum", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path}: is a folder;") and err.count("\n") == 1
    assert main(["generate", "--theme", "sum", "--count", "0"]) == 2


def test_the_cli_prints_no_traceback_for_bad_paths(tmp_path: Path) -> None:
    (tmp_path / "dir.yaml").mkdir()
    for args in (["generate", "--theme", "sum", "--count", "1", "--out", str(tmp_path)],
                 ["generate", "--theme", "sum", "--count", "1", "--out",
                  str(tmp_path / "missing" / "x.yaml")],
                 ["validate", str(tmp_path / "missing.yaml")],
                 ["show", str(tmp_path / "dir.yaml")]):
        result = run_course(*args)
        assert "Traceback" not in result.stderr, (args, result.stderr)
        assert result.returncode in (1, 2), (args, result)
