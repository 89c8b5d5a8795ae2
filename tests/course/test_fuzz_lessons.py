"""Fuzzing lesson files: the shipped lessons and puzzle sets, mutated the
way a careless author or a hostile file would (characters and lines dropped, doubled
and swapped, numbers made huge, lists nested deep, aliases, tabs, odd Unicode).
Loading a mutated file gives the content or a LessonFileError listing its problems,
never another exception, within a second of CPU.

Sized for the suite; `make fuzz` runs 2,000 mutations (CASSINO_FUZZ=long) and prints
the figures (tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

from fuzzing import LONG, FuzzRecord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial_app.course import LessonFileError, loads

FUZZ = settings(max_examples=2_000 if LONG else 200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*(ROOT / "lessons").rglob("*.yaml"),
                  *(Path(__file__).parent / "good").rglob("*.yaml")])
TEXTS = [path.read_text(encoding="utf-8") for path in SOURCES]

SNIPPETS = [
    "9" * 5000, "1:2:3:4:5:6:7:8:9", "0x" + "f" * 40, "[" * 40 + "]" * 40,
    "[" * 3000, "{a: " * 50, "&a [x, y]", "*a", "<<: *a", "!!python/object:os.system",
    "!!binary aGVsbG8=", "? [a, b]\n: c", "\t", "\u202e", "\u200b", "\x00", "\ufeff",
    "---\n", "...\n", "%YAML 1.1\n", "'", '"', "|", ">", "- ", ": ", "#", "@", "`",
    "table: " + "5c " * 400, "table: As Ah Ad Ac 2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 4d 4c 5s 5h",
    "[8: 5h 3s @9]", "b" + "9" * 50, "8s x " + "[" * 100, "goal: {all: [" * 20,
    "difficulty: 5", "difficulty: -1", "seat: 3", "players: 99", "kind: nothing",
    "~", "null", "true", "no", "2001-01-01", ".inf", "-.nan", "1e400",
]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        at = draw(st.integers(0, max(0, len(lines) - 1)))
        kind = draw(st.sampled_from(["insert", "replace", "delete", "double", "swap", "chars",
                                     "indent", "cut"]))
        if kind == "insert":
            lines.insert(at, draw(st.sampled_from(SNIPPETS)))
        elif kind == "replace" and lines:
            line = lines[at]
            start = draw(st.integers(0, len(line)))
            lines[at] = line[:start] + draw(st.sampled_from(SNIPPETS)) + line[start:]
        elif kind == "delete" and lines:
            del lines[at]
        elif kind == "double" and lines:
            lines.insert(at, lines[at])
        elif kind == "swap" and len(lines) > 1:
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == "chars":
            lines.insert(at, draw(st.text(max_size=40)))
        elif kind == "indent" and lines:
            lines[at] = " " * draw(st.integers(1, 9)) + lines[at]
        elif kind == "cut":
            text = text[: draw(st.integers(0, len(text)))]
            continue
        text = "\n".join(lines)
    return text


@FUZZ
@given(mutated())
def test_fuzz_lesson_files(fuzz_record: FuzzRecord, text: str) -> None:
    with fuzz_record.input("lessons: mutated files", text) as called:
        try:
            loads(text, "mutated.yaml")
        except LessonFileError as error:
            assert error.errors and all(e.file == "mutated.yaml" for e in error.errors)
            assert all(e.line >= 1 and e.column >= 1 for e in error.errors)
            called(True)
        else:
            called(False)
