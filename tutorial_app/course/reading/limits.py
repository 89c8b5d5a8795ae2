"""The course's limits: what a lesson file may hold (docs/limits.md lists them
all, with the engine's).

A lesson file is written by a person with a text editor and read by the server
on every start and every change, so nothing in it may crash, stall or exhaust
the server: a file over a limit is an error at its `file:line:column`, like any
other mistake, and the rest of the course still loads. Positions and moves in a
lesson also meet the engine's limits (engine/limits.py).
"""

from __future__ import annotations

from typing import Final

MAX_LESSON_BYTES: Final = 1_000_000
"""Bytes in one lesson or puzzle-set file, checked before it is read whole. The
largest shipped file is under 10 KB; a file of a thousand puzzles is about 200 KB."""

MAX_YAML_DEPTH: Final = 32
"""Levels of nesting in a lesson file: lists and mappings inside each other,
counting the document. A real lesson is about 8 deep (steps, a step, its goal,
`all:`, a goal, its cards). Checked while the file is read, by a reader that
stops at the first node too deep: PyYAML's own C reader crashes the process
(a segmentation fault) on a list nested 30,000 deep."""

MAX_NUMBER_LENGTH: Final = 12
"""Characters in a number in a lesson file (`difficulty: 3`, `seat: 1`), checked
before it is read as a number: Python refuses to turn numbers over 4,300 digits
into text, and reading YAML's base-60 numbers (`1:30`) costs time with each digit."""

MAX_ID_LENGTH: Final = 64
"""Characters in an id (a lesson, step, puzzle set or puzzle): ids go into links,
whose parameters the app caps at the same length (flows/links.py)."""
