"""The teacher's CSV exports open safely in a spreadsheet of any locale: in pt-BR, es
and it a spreadsheet splits a CSV on ";" (some on tabs), not ","; whichever it picks,
no cell may begin a formula, and a name holding a separator stays one cell. The class
table (flows/class_report.py) and both homework tables (flows/homework.py)."""

from __future__ import annotations

import csv
import io

import pytest

from tutorial_app.flows import class_report, homework
from tutorial_app.flows.class_report import ClassRow
from tutorial_app.services import spreadsheet
from tutorial_app.services.classes import Homework
from tutorial_app.services.store import Learner

HOSTILE = ["x;=cmd|'/C calc'!A0;", 'y,"=1+1', "z\n@SUM(1)", "=HYPERLINK(\"http://x\")",
           "+1+1", "-2+3", "@SUM(A1)", "\t=1", " =1+2", "a,b;c\td", "＝1+1", "Ana"]
SEPARATORS = [",", ";", "\t"]


def cells(text: str, separator: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text), delimiter=separator))


def assert_safe(text: str) -> None:
    for separator in SEPARATORS:
        for row in cells(text, separator):
            for cell in row:
                start = cell.lstrip(" \u00a0")[:1]
                assert start not in spreadsheet.FORMULA_STARTS, (separator, cell)


def test_the_class_table_is_safe_whatever_the_separator() -> None:
    rows = [ClassRow(name, 1, 5, 3, name, 2, 1200.0, None) for name in HOSTILE]
    text = class_report.to_csv(rows)
    assert_safe(text)
    read = cells(text, ",")
    assert [r[0] for r in read[1:]] == [spreadsheet.cell(n) for n in HOSTILE]  # one cell each
    assert read[1][0] == "x;'=cmd|'/C calc'!A0;" and read[-1][0] == "Ana"
    assert "a,b;c\td" in [r[0] for r in read]  # separators inside a name: kept, one cell


@pytest.mark.parametrize("export", [homework.table_csv, homework.moves_csv])
def test_the_homework_tables_are_safe_whatever_the_separator(export: object) -> None:
    learners = tuple(Learner(i, name) for i, name in enumerate(HOSTILE, 1))
    task = "puzzle:p1"
    cell = homework.Cell(True, 3, 2, (("8s x 8d", "correct"), ("=1+1", "not-allowed")))
    report = homework.Report(Homework(1, 1, "H", (task,), None, 0.0), learners, (task,),
                             {task: "p1"}, {(x.id, task): cell for x in learners}, {})
    assert callable(export)
    text = export(report)
    assert_safe(text)
    assert cells(text, ",")[1][0] == "x;'=cmd|'/C calc'!A0;"


def test_numbers_stay_numbers() -> None:
    text = class_report.to_csv([ClassRow("Ana", 3, 20, 7, None, 12, 1234.6, None)])
    assert text.splitlines()[1].split(",")[1:4] == ["3", "20", "7"]  # unquoted
