"""The teacher's CSV exports open as columns in the teacher's spreadsheet, in the
teacher's language, and safely: pt-BR, es and it write `;` and a UTF-8 byte-order mark
(Excel and LibreOffice there split on `;`), English `,`; headers, verdicts and titles
are words of that language, moves in words with their notation in a column of their
own, dates and times in the school's time zone (CASSINO_TIME_ZONE). Whatever separator
a spreadsheet splits on, no cell may begin a formula, and a name holding a separator
stays one cell. The class table (flows/class_report.py) and both homework tables
(flows/homework.py), the homework ones built from the real store and the shipped
course."""

from __future__ import annotations

import csv
import functools
import io
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from shipped import LESSONS

from engine import parse_attempt
from tutorial_app import config
from tutorial_app.course import Course, load_course
from tutorial_app.course.judge.moves import answers
from tutorial_app.course.judge.outcome import stars
from tutorial_app.flows import class_report, homework
from tutorial_app.flows.class_report import ClassRow
from tutorial_app.flows.lesson import LessonController
from tutorial_app.flows.puzzles import PuzzleController
from tutorial_app.services import spreadsheet
from tutorial_app.services.classes import ClassStore, Homework
from tutorial_app.services.store import Learner, ProgressStore
from tutorial_app.words.i18n import using

HOSTILE = ["x;=cmd|'/C calc'!A0;", 'y,"=1+1', "z\n@SUM(1)", "=HYPERLINK(\"http://x\")",
           "+1+1", "-2+3", "@SUM(A1)", "\t=1", " =1+2", "a,b;c\td", "＝1+1", "Ana"]
SEPARATORS = [",", ";", "\t"]
LANGUAGES = ["en", "pt-BR", "es", "it"]
ZONE = "America/Sao_Paulo"
LESSON = "several-groups"
PUZZLE = "generated-sum-003"   # the id of issue 31's "335 points beside an id"


def cells(text: str, separator: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.removeprefix(spreadsheet.BOM)),
                           delimiter=separator))


def assert_safe(text: str) -> None:
    for separator in SEPARATORS:
        for row in cells(text, separator):
            for cell in row:
                start = cell.lstrip(" \u00a0")[:1]
                assert start not in spreadsheet.FORMULA_STARTS, (separator, cell)


def read_back(text: str, tmp_path: Path) -> tuple[str, list[list[str]]]:
    """The file as a spreadsheet gets it (bytes, UTF-8), read back with Python's csv:
    the separator the Sniffer finds, and the rows."""
    where = tmp_path / "export.csv"
    where.write_bytes(text.encode("utf-8"))
    raw = where.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), raw[:8]  # the UTF-8 byte-order mark
    with where.open(encoding="utf-8-sig", newline="") as f:
        sample = f.read()
    dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    return dialect.delimiter, list(csv.reader(io.StringIO(sample), dialect))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_table_is_safe_whatever_the_separator(lang: str) -> None:
    rows = [ClassRow(name, 1, 5, 3, name, 2, 1200.0, None) for name in HOSTILE]
    with using(lang):
        text = class_report.to_csv(rows)
    assert_safe(text)
    read = cells(text, spreadsheet.separator(lang))
    assert [r[0] for r in read[1:]] == [spreadsheet.cell(n) for n in HOSTILE]  # one cell each
    assert read[1][0] == "x;'=cmd|'/C calc'!A0;" and read[-1][0] == "Ana"
    assert "a,b;c\td" in [r[0] for r in read]  # separators inside a name: kept, one cell


def hostile_report() -> homework.Report:
    learners = tuple(Learner(i, name) for i, name in enumerate(HOSTILE, 1))
    task = "puzzle:p1"
    tries = (homework.Try(task, "8s x 8d", "8♠ takes 8♦", "correct", "correct", "", 0.0),
             homework.Try(task, "=1+1", "=1+1", "not-allowed", "-x", "+y", 0.0))
    cell = homework.Cell(True, 3, 2, tries)
    return homework.Report(Homework(1, 1, "H", (task,), None, 0.0), learners, (task,),
                           {task: "=p1"}, (homework.Column(task, task, "=p1"),),
                           {(x.id, task): cell for x in learners}, {})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("export", [homework.table_csv, homework.moves_csv])
def test_the_homework_tables_are_safe_whatever_the_separator(export: Any, lang: str) -> None:
    with using(lang):
        text = export(hostile_report())
    assert_safe(text)
    assert cells(text, spreadsheet.separator(lang))[1][0] == "x;'=cmd|'/C calc'!A0;"


@pytest.mark.parametrize(("lang", "separator"), [("en", ","), ("pt-BR", ";")])
def test_numbers_stay_numbers(lang: str, separator: str) -> None:
    with using(lang):
        text = class_report.to_csv([ClassRow("Ana", 3, 20, 7, None, 12, 1234.6, None)])
    line = text.splitlines()[1]
    assert line.split(separator)[1:4] == ["3", "20", "7"]  # unquoted


def test_a_number_with_decimals_is_written_with_the_languages_decimal_sign() -> None:
    assert spreadsheet.document([["x", 2.5, 3.0, -1.25]], "pt-BR") == \
        '\ufeff"x";2,5;3;-1,25\r\n'
    assert spreadsheet.document([["x", 2.5, 3.0]], "en") == '\ufeff"x",2.5,3\r\n'
    assert spreadsheet.document([["x", 2.5]], "it").endswith(";2,5\r\n")


# ----- a class's homework, read back as a spreadsheet would ------------------------------

@functools.cache
def course_in(lang: str) -> Course:
    return load_course(LESSONS, language=lang, proofs=False)


@pytest.fixture
def class_work(shipped: Course, store: ProgressStore) -> tuple[ClassStore, Homework,
                                                               Learner, Learner]:
    """A class with a lesson and a puzzle as homework: Ana solves the lesson's first
    step after a wrong try and plays step 1's answer at step 2 (a miss there); Bo
    misses the puzzle, then solves it."""
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Dora", "a long teacher password").id, "5B")
    ana, bo = rooms.add_learner(room.id, "Ana"), rooms.add_learner(room.id, "Bo")
    work = rooms.assign(room.id, "Grupos", [f"lesson:{LESSON}", f"puzzle:{PUZZLE}"])

    def step(step_id: str, *moves: str) -> None:
        control = LessonController({}, shipped, store, ana, {"lesson": LESSON, "step": step_id},
                                   assigned=lambda: homework.assigned_lessons(rooms, ana.id))
        control.follow_link()
        for move in moves:
            control.answer(parse_attempt(move))

    step("most-groups", "8s x 6c+3h", "8s x 8d 6c+2d 5s+3h")
    step("take-the-ace", "8s x 8d 6c+2d 5s+3h")
    memory: dict[str, Any] = {}
    for move in ("Kd t", "7s x 5h+2d"):  # a legal miss (it takes nothing), then right
        puzzles = PuzzleController(memory, shipped, store, bo, {"puzzle": PUZZLE})
        puzzles.follow_links()
        puzzles.screen()
        puzzles.answer(parse_attempt(move))
    return rooms, work, ana, bo


def test_the_homework_csv_in_pt_br_opens_as_columns_in_portuguese(
        class_work: tuple[Any, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(config.TIME_ZONE_VARIABLE, ZONE)
    rooms, work, ana, bo = class_work
    course = course_in("pt-BR")
    with using("pt-BR"):
        found = homework.report(course, rooms, work)
        page = homework.table(found)
        table, moves = homework.table_csv(found), homework.moves_csv(found)
    lesson, puzzle = course.lesson(LESSON), course.puzzle(PUZZLE)
    assert lesson.title == "Vários grupos numa captura"

    separator, rows = read_back(table, tmp_path)
    assert separator == ";" and len({len(r) for r in rows}) == 1 and len(rows[0]) > 10
    head = rows[0]
    assert head[0] == "Aluno" and head[-1] == f"Última tentativa ({ZONE})"
    assert f"{lesson.title}: etapas resolvidas (de 8)" in head
    assert f"{puzzle.title}: resolvida" in head and f"{puzzle.title}: tentativas" in head
    assert "3. Capture 8♦, 5♠, 2♦ e A♣: resolvida" in head  # a column per answered step
    assert not [h for h in head if "lesson:" in h or LESSON in h or PUZZLE in h]  # no ids
    by_name = {r[0]: dict(zip(head, r, strict=True)) for r in rows[1:]}
    assert by_name["Ana"][f"{lesson.title}: etapas resolvidas (de 8)"] == "1"
    assert page[lesson.title][0] == "1/8 (3)"  # the page says the same
    assert by_name["Ana"]["2. Capture o máximo de cartas que puder com o 8♠: resolvida"] == "sim"
    assert by_name["Bo"][f"{puzzle.title}: resolvida"] == "sim"
    # one legal miss, then right, no hint: the stars the rule gives (outcome.stars)
    assert by_name["Bo"][f"{puzzle.title}: estrelas"] == str(stars(1, 0, answers=answers(puzzle)))
    last = by_name["Bo"][f"Última tentativa ({ZONE})"]
    assert re.fullmatch(r"\d\d/\d\d/\d{4} \d\d:\d\d", last), last

    separator, rows = read_back(moves, tmp_path)
    assert separator == ";"
    assert rows[0] == ["Aluno", "Tarefa", "Etapa", "Tentativa na etapa",
                       f"Data e hora ({ZONE})", "Jogada ou resposta", "Notação", "Resultado",
                       "Por que não é permitida"]
    said = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    logged = rooms.attempts_of([ana.id, bo.id], since=work.created)
    assert len(said) == len(logged) == 5
    for row, tried in zip(said, logged, strict=True):  # the set zone's clock, pt-BR's way
        at = datetime.fromtimestamp(tried.at, ZoneInfo(ZONE))
        assert row[f"Data e hora ({ZONE})"] == at.strftime("%d/%m/%Y %H:%M")
        assert row["Notação"] == tried.move  # notation in its own column
    first, again, miss = said[0], said[1], said[2]
    assert first["Tarefa"] == lesson.title and first["Etapa"].startswith("2. ")  # as seen
    assert first["Jogada ou resposta"] == "8♠ captura 6♣+3♥"  # words
    assert first["Resultado"] == "não permitida" and first["Por que não é permitida"]
    assert (again["Resultado"], again["Tentativa na etapa"]) == ("correta", "2")
    assert miss["Etapa"].startswith("3. ") and miss["Tentativa na etapa"] == "1"
    assert miss["Notação"] == again["Notação"]  # step 1's answer, tried at step 2:
    assert miss["Resultado"] == "válida, mas não cumpre o objetivo"  # that step's verdict
    assert {r["Tarefa"] for r in said[3:]} == {puzzle.title}
    # a right answer is never listed as a mistake: step 1's answer is step 2's mistake only
    listed = {key: [m.answer for m in found.common_wrong[key]] for key in found.common_wrong}
    assert listed == {f"lesson:{LESSON}/most-groups": ["8s x 6c+3h"],
                      f"lesson:{LESSON}/take-the-ace": ["8s x 8d 6c+2d 5s+3h"],
                      f"puzzle:{PUZZLE}": [said[3]["Notação"]]}


def test_the_homework_csv_in_english_uses_commas_and_the_time_zone(
        class_work: tuple[Any, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rooms, work, _, _ = class_work
    logged = rooms.attempts_of([x.id for x in rooms.members(work.class_id)],
                               since=work.created)
    read = {}
    for zone in ("Asia/Tokyo", ZONE):
        monkeypatch.setenv(config.TIME_ZONE_VARIABLE, zone)
        with using("en"):
            found = homework.report(course_in("en"), rooms, work)
            separator, rows = read_back(homework.moves_csv(found), tmp_path)
        assert separator == ","
        assert rows[0][:5] == ["Learner", "Task", "Step", "Try at the step",
                               f"Date and time ({zone})"]
        read[zone] = [r[4] for r in rows[1:]]
        for when, tried in zip(read[zone], logged, strict=True):
            at = datetime.fromtimestamp(tried.at, ZoneInfo(zone))
            assert when == f"{at.month}/{at.day}/{at.year} {at.strftime('%I:%M %p').lstrip('0')}"
        with using("en"):
            separator, rows = read_back(homework.table_csv(found), tmp_path)
        assert separator == "," and rows[0][0] == "Learner"
        assert "Several groups in one capture: steps solved (of 8)" in rows[0]
    assert read["Asia/Tokyo"] != read[ZONE]  # 12 hours apart: the zone is the one set


def test_the_class_progress_csv_is_in_the_teachers_language_and_zone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(config.TIME_ZONE_VARIABLE, ZONE)
    rows = [ClassRow("João", 3, 20, 7, "Pares", 12, 1234.6, 1_700_000_000.0),
            ClassRow("Bo", 20, 20, 55, None, 300, 1500.0, None)]
    with using("pt-BR"):
        separator, read = read_back(class_report.to_csv(rows), tmp_path)
    assert separator == ";"
    assert read[0] == ["Aluno", "Lições concluídas", "Lições do curso", "Estrelas", "Agora em",
                       "Desafios resolvidos", "Tentativas", "Respostas ao vivo",
                       "Pontuação nos desafios", f"Última atividade ({ZONE})"]
    assert read[1] == ["João", "3", "20", "7", "Pares", "12", "0", "0", "1235",
                       "14/11/2023 19:13"]  # 22:13 UTC is 19:13 in São Paulo
    assert read[2][4] != "" and read[2][-1] == ""


def test_the_time_zone_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(config.TIME_ZONE_VARIABLE, "Europe/Rome")
    assert config.time_zone_name() == "Europe/Rome"
    assert config.local_time(1_700_000_000).hour == 23
    monkeypatch.setenv(config.TIME_ZONE_VARIABLE, "Mars/Olympus_Mons")  # unknown: the
    assert config.time_zone_name() != "Mars/Olympus_Mons"            # server's own
    monkeypatch.delenv(config.TIME_ZONE_VARIABLE)
    assert config.local_time(1_700_000_000).timestamp() == 1_700_000_000
