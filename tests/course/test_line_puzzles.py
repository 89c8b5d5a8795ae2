"""The shipped line puzzles (lessons/lines/*.lines): each is proved by the solver (the
accepted moves at every turn exactly the solver's, every reply and the tempting move's
refutation the solver's own), the ladder has the size the course promises, every text
is translated in the lessons catalogues and read from them in the learner's language,
and `validate` fails on a file that lies."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutorial_app.course.authoring import catalogues
from tutorial_app.course.authoring.cli import main
from tutorial_app.course.puzzles import line_puzzles, play_difficulty
from tutorial_app.course.puzzles.line_puzzles import (
    LinePuzzle,
    load_file,
    load_folder,
    prove,
    text_key,
)
from tutorial_app.words.i18n import LESSON_DOMAIN

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


def _texts(puzzle: LinePuzzle) -> tuple[str, ...]:
    return (puzzle.prompt, *puzzle.hints, puzzle.success, puzzle.why)


def test_texts_are_read_from_the_catalogues_in_the_learners_language(
        shipped: list[LinePuzzle]) -> None:
    english = {p.id: p for p in shipped}
    prompts = {(p.prompt, p.hints[1]) for p in shipped}
    assert len(prompts) == len(shipped)  # no two puzzles share their words
    for lang in catalogues.SHIPPED:
        translated = [p for s in load_folder(LINES, lang) for p in s.puzzles]
        assert [p.id for p in translated] == [p.id for p in shipped]
        for puzzle in translated:
            for text, source in zip(_texts(puzzle), _texts(english[puzzle.id]), strict=True):
                assert text and text != source, (lang, puzzle.id, text)


def test_a_portuguese_text_comes_from_the_catalogue(shipped: list[LinePuzzle]) -> None:
    first = shipped[0]
    po = catalogues.read(catalogues.po_path("pt-BR", LESSON_DOMAIN), "pt-BR")
    entry = po.get(first.prompt, context=text_key(first.set_id, first.id, "prompt"))
    assert entry is not None and entry.string
    portuguese = load_folder(LINES, "pt-BR")[0].puzzles[0]
    assert portuguese.prompt == entry.string


def test_a_missing_translation_falls_back_to_english_and_the_check_reports_it(
        tmp_path: Path) -> None:
    document = yaml.safe_load((LINES / "lines-last-cards.lines").read_text(encoding="utf-8"))
    kept, renamed = document["lines"][0], dict(document["lines"][1])
    renamed["id"] = "not-in-any-catalogue"
    document["lines"] = [kept, renamed]
    (tmp_path / "lines").mkdir()
    path = tmp_path / "lines" / "copy.lines"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    loaded = load_file(path, "pt-BR")
    assert loaded.errors == []
    assert loaded.puzzles[1].prompt == renamed["prompt"]       # English: no translation
    assert loaded.puzzles[1].hints[0] == renamed["hints"][0]
    english = catalogues.english_lessons(tmp_path)
    report = catalogues.check("pt-BR", LESSON_DOMAIN, english)
    wanted = text_key(document["id"], "not-in-any-catalogue", "prompt")
    assert wanted in report.missing and not report.clean
    assert text_key(document["id"], kept["id"], "prompt") not in report.missing


def test_a_file_writing_translations_inline_is_told_where_they_belong(tmp_path: Path) -> None:
    document = yaml.safe_load((LINES / "lines-last-cards.lines").read_text(encoding="utf-8"))
    first = document["lines"][0]
    first["prompt"] = {"en": first["prompt"], "pt-BR": "Outra coisa."}
    document["lines"] = [first]
    path = tmp_path / "inline.lines"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    errors = load_file(path).errors
    assert len(errors) == 1 and "lessons catalogues" in errors[0].message


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
