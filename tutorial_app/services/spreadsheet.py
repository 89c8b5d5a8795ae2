"""CSV files that a spreadsheet opens safely, whatever its locale (plain Python).

A learner's name, a lesson's title or a typed move ends up in the teacher's
spreadsheet. Two things could turn such text into a formula there:

- a cell that *starts* like one (`=`, `+`, `-`, `@`, a tab or a line break, or their
  fullwidth forms, also after leading spaces): it gets a leading apostrophe, which
  spreadsheets read as "this is text" and do not show;
- a cell that *holds* a separator: a spreadsheet in pt-BR, es or it splits a CSV on
  `;` (and some on tabs), not `,`, so an unquoted `x;=cmd|'/C calc'!A0` becomes two
  cells, the second a formula. So every text cell is written in quotes
  (QUOTE_NONNUMERIC): whichever separator the spreadsheet picks, the quoted text is
  one cell. Numbers stay bare, so they stay numbers.
"""

from __future__ import annotations

import csv
from typing import Any, Final, TextIO

FORMULA_STARTS: Final = frozenset("=+-@\t\r\n＝＋－＠")


def cell(text: object) -> str:
    """A text cell no spreadsheet will run as a formula."""
    value = str(text)
    start = value.lstrip(" \u00a0")[:1]
    return "'" + value if start in FORMULA_STARTS or value[:1] in FORMULA_STARTS else value


def writer(out: TextIO) -> Any:
    """A CSV writer that quotes every text cell (see the module docstring)."""
    return csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
