"""CSV files that a spreadsheet opens as columns, and safely, in the teacher's locale
(plain Python).

A spreadsheet splits a CSV file on its locale's list separator: `,` where the decimal
sign is a point (English), `;` where it is a comma (pt-BR, es, it). Excel reads a file
as UTF-8 only when it begins with a byte-order mark, else names like "João" come out
garbled. So `document` writes, for the language of the run (the teacher's): the BOM,
that language's separator, numbers with decimals in its decimal sign, and dates and
times in the school's time zone (`config.local_time`, CASSINO_TIME_ZONE) as its
spreadsheets read them (`date_time`: "14/11/2023 19:13" in pt-BR, "11/14/2023 7:13 PM"
in English).

And safely. A learner's name, a lesson's title or a typed move ends up in the
teacher's spreadsheet, and a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (or
a tab or line break before one) as a formula. Which cells a CSV line makes depends on
the separator the spreadsheet splits on, and one may read the file with another
separator than it was written with (some split on tabs): then a line splits in other
places, and quotes protect only a field that begins with one. So:

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
import functools
import io
import re
from collections.abc import Iterable
from typing import Final, TextIO

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_time, get_date_format
from babel.numbers import get_decimal_symbol

from tutorial_app import config
from tutorial_app.words import i18n

BOM: Final = "\ufeff"
FORMULA_STARTS: Final = frozenset("=+-@\t\r\n＝＋－＠")
_AFTER_SEPARATOR: Final = re.compile(r"([,;\t\r\n][ \u00a0\"]*)([=+\-@＝＋－＠])")


def cell(text: object) -> str:
    """A text cell no spreadsheet will run as a formula, whatever it splits on."""
    value = _AFTER_SEPARATOR.sub(r"\1'\2", str(text))
    start = value.lstrip(" \u00a0\"")[:1]
    return "'" + value if start in FORMULA_STARTS or value[:1] in FORMULA_STARTS else value


class _Number(float):
    """A number with decimals written with the language's decimal sign, bare (so the
    spreadsheet reads a number): "2,5" in pt-BR."""

    sign = "."

    def __str__(self) -> str:
        return repr(float(self)).replace(".", self.sign)

    __repr__ = __str__


class SafeWriter:
    """A CSV writer that quotes every text cell and neutralises it (`cell`), on the
    separator given, with numbers with decimals in the decimal sign given."""

    def __init__(self, out: TextIO, separator: str = ",", decimal: str = ".") -> None:
        self._writer = csv.writer(out, delimiter=separator, lineterminator="\r\n",
                                  quoting=csv.QUOTE_NONNUMERIC)
        self._decimal = decimal

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([self._value(value) for value in row])

    def _value(self, value: object) -> object:
        if isinstance(value, str):
            return cell(value)
        if isinstance(value, float) and not value.is_integer():
            number = _Number(value)
            number.sign = self._decimal
            return number
        if isinstance(value, float):
            return int(value)
        return value


def writer(out: TextIO, lang: str | None = None) -> SafeWriter:
    """A safe writer for the spreadsheets of `lang` (default: the run's language)."""
    found = _locale(lang)
    return SafeWriter(out, separator(lang), str(get_decimal_symbol(found)))


def document(rows: Iterable[Iterable[object]], lang: str | None = None) -> str:
    """The rows as a CSV file for the spreadsheets of `lang` (default: the run's
    language, the teacher's): the BOM, that language's separator, every cell safe."""
    out = io.StringIO()
    out.write(BOM)
    safe = writer(out, lang)
    for row in rows:
        safe.writerow(row)
    return out.getvalue()


def separator(lang: str | None = None) -> str:
    """The list separator of the language's spreadsheets: `;` where numbers are written
    with a decimal comma (pt-BR, es, it), else `,` (English)."""
    return ";" if get_decimal_symbol(_locale(lang)) == "," else ","


def date_time(moment: float | None, lang: str | None = None) -> str:
    """A Unix time in the school's time zone as the language's spreadsheets read a date
    and time: its short date with the whole year, and its short time ("" for None)."""
    if moment is None:
        return ""
    return _date_time(int(moment // 60), i18n.folder_name(lang or i18n.language()),
                      config.time_zone_name())


@functools.lru_cache(maxsize=4096)  # a class's tries fall in few minutes; Babel is slow
def _date_time(minute: int, tag: str, zone: str) -> str:
    found = _locale(tag)
    when = config.local_time(minute * 60)
    pattern = re.sub(r"y+", "yyyy", get_date_format("short", found).pattern)
    text = f"{format_date(when, pattern, locale=found)} {format_time(when, 'short', locale=found)}"
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def date(moment: float, lang: str | None = None) -> str:
    """A day in the school's time zone, as the language writes it in a sentence
    ("14 de nov. de 2023")."""
    return str(format_date(config.local_time(moment), "medium", locale=_locale(lang)))


def _locale(lang: str | None) -> Locale:
    return _parsed(i18n.folder_name(lang or i18n.language()))


@functools.cache
def _parsed(tag: str) -> Locale:
    try:
        return Locale.parse(tag)
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en")
