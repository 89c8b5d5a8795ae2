"""`python -m tutorial_app.course`: validate, show, generate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutorial_app.course.authoring.cli import main

HERE = Path(__file__).parent


def test_validate_good_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(HERE / "good")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("OK: 3 file(s): 2 lesson(s), 11 step(s) (read 1, play 4, choose 2, "
                      "mistake 2, quiz 0, deal 0, count 0, watch 2), 4 puzzle(s) in 1 set(s)")
    assert out[1] == ("puzzles by theme: sum 1, multiple-capture 1, sweep 1, scoring 1, "
                      "strategy 1")
    assert out[2] == "puzzles by difficulty: 1: 1, 2: 2, 3: 1"
    assert out[3].startswith("checked in ") and out[3].endswith(" s")


def test_validate_lists_every_error_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    path = HERE / "broken" / "bad-goals.yaml"
    assert main(["validate", str(path)]) == 1
    captured = capsys.readouterr()
    expected = (HERE / "broken" / "bad-goals.errors").read_text(encoding="utf-8")
    assert captured.out == expected.replace("bad-goals.yaml:", f"{path}:")
    assert captured.err.startswith("9 error(s) in 1 of 1 file(s)")


def test_validate_missing_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(HERE / "nowhere")]) == 2


def test_show_by_id_and_by_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "basics", "--lessons", str(HERE / "good")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Lesson basics: Capturing basics\n")
    assert "      + 8s x 5c+3d   (8♠ takes 5♣+3♦)" in out
    assert main(["show", str(HERE / "good" / "puzzles" / "practice.yaml")]) == 0
    assert capsys.readouterr().out.startswith("Puzzle set practice: Practice\n")
    assert main(["show", "nope", "--lessons", str(HERE / "good")]) == 1


def test_generate_writes_a_set_that_validates(tmp_path: Path) -> None:
    out = tmp_path / "generated-sum.yaml"
    assert main(["generate", "--theme", "sum", "--count", "4", "--seed", "5",
                 "--out", str(out)]) == 0
    assert main(["validate", str(out)]) == 0
    assert out.read_text(encoding="utf-8").count("  - id: generated-sum-") == 4


def test_module_entry_point() -> None:
    result = subprocess.run([sys.executable, "-m", "tutorial_app.course", "validate",
                             str(HERE / "good")], capture_output=True, text=True, check=False)
    assert result.returncode == 0 and result.stdout.startswith("OK: ")


def test_show_triggers_lists_the_attempts_each_text_answers(
        capsys: pytest.CaptureFixture[str]) -> None:
    lessons = HERE.parent.parent / "lessons"
    assert main(["show", "--triggers", str(lessons / "04-sums.yaml")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Feedback triggers of sums (")
    assert "    [wrong-sum capture 8s] shown for 6 attempt(s)" in out
    # the fields are filled in from the attempt itself
    assert ("      - 8♠ takes 5♣: Count again: you chose 5♣, which makes 5. The cards the 8♠ "
            "takes must add up to exactly 8.") in out
    # a 2♣ capture is never answered by the 8♠'s text
    assert "2♣ takes 3♦: Count again" not in out
