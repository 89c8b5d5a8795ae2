"""Errors found in lesson files.

A teacher fixes lesson files in a text editor, so every problem carries the
place it was found (file, line, column) and the YAML path of the key, and
prints as one grep-friendly line: ``file:line:column: path.to.key: message``.
Loading collects every problem of a file before raising, so one run of the
validator shows them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ROOT_PATH = "(document)"


@dataclass(frozen=True, slots=True, order=True)
class LessonError:
    """One problem in one lesson file. Line and column count from 1."""

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.path or ROOT_PATH}: {self.message}"


class LessonFileError(ValueError):
    """A lesson or puzzle file that does not load; `errors` lists every problem."""

    def __init__(self, errors: Sequence[LessonError]) -> None:
        self.errors: list[LessonError] = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))
