"""The shipped line puzzles (lessons/lines/*.lines): each is proved by the solver (the
accepted moves at every turn exactly the solver's, every reply and the tempting move's
refutation the solver's own), the ladder has the size the course promises, every text
is written in four languages, and `validate` fails on a file that lies."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutorial_app.course import line_puzzles, play_difficulty
from tutorial_app.course.cli import main
from tutorial_app.course.line_puzzles import LANGUAGES, LinePuzzle, load_file, load_folder, prove

LINES = Path(__file__).resolve().parents[2] / "lessons" / "lines"


@pytest.fixture(scope="module")
def shipped() -> list[LinePuzzle]:
    sets = load_folder(LINES)
    assert all(s.errors == [] for s in sets), [e for s in sets for e in s.errors]
    return [p for s in sets for p in s.puzzles]


def test_the_ladder_is_as_long_as_promised(shipped: list[LinePuzzle]) -> None:
    counting = [p for p in shipped if p.show_piles]
    lines = [p for p in shipped if not p.show_piles]
    assert len(lines) >= 60 and len(counting) >= 30
    assert {p.goal.kind for p in lines} >= {"last-cards", "take-card", "no-sweep",
                                            "build-and-take"}
    assert {p.goal.kind for p in counting} <= {"score", "outscore"}
    assert all(2 <= len(p.turns) <= 4 for p in shipped)
    assert len({p.id for p in shipped}) == len(shipped)


def test_every_line_is_proved_by_the_solver(shipped: list[LinePuzzle]) -> None:
    problems = {p.id: prove(p) for p in shipped}
    assert {k: v for k, v in problems.items() if v} == {}


def test_texts_are_written_in_four_languages_and_differ(shipped: list[LinePuzzle]) -> None:
    prompts = set()
    for puzzle in shipped:
        for texts in (puzzle.prompt, *puzzle.hints, puzzle.success, puzzle.why):
            assert set(texts) == set(LANGUAGES)
            assert len(set(texts.values())) == len(LANGUAGES), (puzzle.id, texts)
        prompts.add((puzzle.prompt["en"], puzzle.hints[1]["en"]))
    assert len(prompts) == len(shipped)  # no two puzzles share their words


def test_labels_are_measured_from_play(shipped: list[LinePuzzle]) -> None:
    wrong = [p.id for p in shipped if p.difficulty != play_difficulty.label(
        line_puzzles.trials(p))]
    assert wrong == []


def _lying_copy(tmp_path: Path, change: str) -> Path:
    source = LINES / "lines-last-cards.lines"
    document = yaml.safe_load(source.read_text(encoding="utf-8"))
    first = document["lines"][0]
    if change == "accepted":
        first["line"][0]["accepted"] = [*first["line"][0]["accepted"][:-1], "Kc t"]
    elif change == "reply":
        first["tempting"]["reply"] = first["line"][0]["reply"]
        first["tempting"]["move"] = first["line"][0]["play"]
    document["lines"] = [first]
    path = tmp_path / "lying.lines"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("change", ["accepted", "reply"])
def test_validate_fails_on_a_file_the_solver_disagrees_with(tmp_path: Path, change: str,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    path = _lying_copy(tmp_path, change)
    assert load_file(path).errors == []
    assert prove(load_file(path).puzzles[0])
    assert main(["validate", str(path)]) == 1
    assert "lying.lines" in capsys.readouterr().out


def test_a_broken_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.lines"
    path.write_text("lines:\n  - id: x\n    hand: 5s\n", encoding="utf-8")
    loaded = load_file(path)
    assert loaded.puzzles == [] and loaded.errors
    assert main(["validate", str(path)]) == 1
