"""CSV files that a spreadsheet opens safely, whatever its locale (plain Python).

A learner's name, a lesson's title or a typed move ends up in the teacher's
spreadsheet, and a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (or
a tab or line break before one) as a formula. Which cells a CSV line makes depends on
the separator the spreadsheet splits on: `,` in English, but `;` in pt-BR, es and it,
and some split on tabs. Read with another separator than it was written with, a line
splits in other places, and quotes protect only a field that begins with one. So:

- every text cell is written in quotes (QUOTE_NONNUMERIC), so a `;` or a tab inside a
  name keeps the name one cell for a reader that honours the quotes; numbers stay
  bare, so they stay numbers;
- a text cell that begins like a formula (also after spaces or quotes, or in its
  fullwidth form) gets a leading apostrophe, which spreadsheets read as "this is
  text" and do not show;
- inside a text cell, a formula character right after a separator or a line break
  (`x;=cmd|'/C calc'!A0`) gets an apostrophe too (`x;'=cmd...`): wherever a reader
  splits the line, no piece of it begins a formula.

`writer` applies `cell` to every text value of every row, so no export can forget it.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Final, TextIO

FORMULA_STARTS: Final = frozenset("=+-@\t\r\n＝＋－＠")
_AFTER_SEPARATOR: Final = re.compile(r"([,;\t\r\n][ \u00a0\"]*)([=+\-@＝＋－＠])")


def cell(text: object) -> str:
    """A text cell no spreadsheet will run as a formula, whatever it splits on."""
    value = _AFTER_SEPARATOR.sub(r"\1'\2", str(text))
    start = value.lstrip(" \u00a0\"")[:1]
    return "'" + value if start in FORMULA_STARTS or value[:1] in FORMULA_STARTS else value


class SafeWriter:
    """A CSV writer that quotes every text cell and neutralises it (`cell`)."""

    def __init__(self, out: TextIO) -> None:
        self._writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([cell(value) if isinstance(value, str) else value
                               for value in row])


def writer(out: TextIO) -> SafeWriter:
    return SafeWriter(out)
