"""`python -m engine`: output, JSON fields and exit codes (0 legal, 1 illegal, 2 bad input)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True,
                          text=True, timeout=120)


def test_moves_lists_w1_in_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--table", "Ac 2d 3h 5s 6c 8d", "--hand", "8s"]) == 0
    lines = capsys.readouterr().out.split("\n")
    assert "8s x 8d 6c+2d 5s+3h" in lines
    assert "8s t" in lines
    assert len([x for x in lines if x]) == 10


def test_moves_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--table", "5c 3d [8: 5h 3s @1]", "--hand", "8s 3h", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)
    assert {"card", "kind", "value", "loose", "builds", "text"} <= set(moves[0])
    take_build = [m for m in moves if m["kind"] == "capture" and m["builds"]]
    assert {"card": "8s", "kind": "capture", "value": 8, "loose": [],
            "builds": [["3s", "5h"]], "text": "8s x [3s 5h]"} in take_build
    trails = [m for m in moves if m["kind"] == "trail"]
    assert all(m["value"] is None for m in trails)


def test_check_exit_codes_and_json() -> None:
    legal = run("check", "--table", "5c 3d", "--hand", "8s", "--move", "8s x 5c+3d")
    assert legal.returncode == 0 and legal.stdout.startswith("legal")
    illegal = run("check", "--table", "2d [7: 4h 3s @1]", "--hand", "9s", "--move",
                  "9s x [7]+2d", "--json")
    assert illegal.returncode == 1
    verdict = json.loads(illegal.stdout)
    assert verdict["legal"] is False and verdict["code"] == "build-in-sum"
    assert "4.4" in verdict["message"]
    allowed = run("check", "--table", "2d [7: 4h 3s @1]", "--hand", "9s", "--set",
                  "build_in_sums=true", "--move",
                  '{"card": "9s", "kind": "capture", "loose": ["2d"], "builds": [["3s", "4h"]]}')
    assert allowed.returncode == 0


def test_check_accepts_the_json_that_moves_prints() -> None:
    listed = run("moves", "--table", "3d 4s 5h 7c", "--hand", "2c 7d", "--json")
    for move in json.loads(listed.stdout):
        result = run("check", "--table", "3d 4s 5h 7c", "--hand", "2c 7d", "--move",
                     json.dumps(move))
        assert result.returncode == 0, (move, result.stdout, result.stderr)


@pytest.mark.parametrize(("args", "needle"), [
    (["moves", "--table", "5c 5c", "--hand", "8s"], "appears twice"),
    (["moves", "--table", "5x", "--hand", "8s"], "'5x' is not a card"),
    (["moves", "--table", "5c", "--hand", "8s", "--rules", "bogus"], "unknown rules preset"),
    (["moves", "--table", "5c", "--hand", "8s", "--set", "sweeps=maybe"], "sweeps cannot be"),
    (["check", "--table", "5c", "--hand", "8s", "--move", "8s y 5c"], "'y'"),
    (["check", "--table", "5c", "--hand", "8s", "--move", "{not json"], "not a JSON move"),
    (["moves", "--table", "[8: 5c 2d @0]", "--hand", "8s"], "cannot be split"),
    (["advise", "--table", "5c", "--hand", ""], "holds no cards"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_advise_prints_a_legal_move_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--table", "10d 4h", "--hand", "10s 3c 8h Kd"]) == 0
    move, reason = capsys.readouterr().out.strip().split("\n")
    assert move == "10s x 10d" and "big casino (10♦)" in reason
    assert main(["advise", "--position", "table: 6h Qc 2d; hand: 8s; last", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["move"]["text"] == "8s x 6h+2d" and found["move"]["kind"] == "capture"
    assert "last play of the hand" in found["reason"]


def test_play_prints_moves_and_a_winner() -> None:
    result = run("play", "--seed", "3")
    assert result.returncode == 0
    assert "winner: side" in result.stdout
    assert " x " in result.stdout and " t " in result.stdout
