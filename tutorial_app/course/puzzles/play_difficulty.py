"""A puzzle's difficulty label measured from play: who fails it, and by how much.

The older measure (course/puzzles/difficulty.py) scores what the position looks like; it
cannot see that a "hard-looking" puzzle falls to a beginner's reflex. Here each
puzzle is tried at the first try by the novice habits and the computer's levels 1-3
(engine/players/habits.py); each gives the chance it plays an accepted move. The
label follows from those chances:

5  every habit and level 2 fail it, and so does level 3: only thinking finds it;
4  every habit and level 2 fail it but level 3 finds it, or at most one habit has
   any chance and level 2 fails, or the basic habits mostly fail;
3  the biggest-capture habit may miss it, or only a few players find it;
2  the biggest-capture habit always finds it, but several others fail;
1  the biggest-capture habit always finds it, few players fail, and even a random
   move passes often (there is little to look through).

`relabel` writes these labels into the puzzle files, line by line, so the files
stay as written and the run is deterministic; `generate` labels new puzzles the
same way, so a regenerated file gets the same labels.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from engine import Move, Position
from engine.players.habits import HABITS, PLAYERS, first_try
from engine.players.view import view_of_position
from tutorial_app.course.model import Puzzle

NOVICE: Final = tuple(HABITS)
FAIL_EASY: Final = 2.0      # summed failure (0-7) up to which a puzzle may be a 1
RANDOM_EASY: Final = 0.25   # and a random move passes at least this often
FAIL_MEDIUM: Final = 3.0    # summed failure up to which a habit-solved puzzle is a 2
FAIL_HARD: Final = 4.5      # summed failure from which a puzzle biggest-capture misses is a 4

Trials = dict[str, float]


def trials_of(position: Position, accepted: Iterable[Move]) -> Trials:
    return first_try(view_of_position(position), frozenset(accepted))


def trials(puzzle: Puzzle) -> Trials:
    """Each habit's and level's chance of solving the puzzle at the first try."""
    return trials_of(puzzle.position, puzzle.solution_moves)


def failure(result: Trials) -> float:
    """How much the players fail it, summed (0: all always solve; 7: all always fail)."""
    return sum(1.0 - result[name] for name in PLAYERS)


def label(result: Trials) -> int:
    novices = [result[name] for name in NOVICE]
    if all(x == 0 for x in novices) and result["level-2"] == 0:
        return 5 if result["level-3"] == 0 else 4
    if sum(x > 0 for x in novices) <= 1 and result["level-2"] == 0:
        return 4
    fail = failure(result)
    if result["biggest-capture"] < 1:
        return 4 if fail >= FAIL_HARD else 3
    if fail <= FAIL_EASY and result["level-1"] >= RANDOM_EASY:
        return 1
    return 2 if fail <= FAIL_MEDIUM else 3


def play_label(puzzle: Puzzle) -> int:
    return label(trials(puzzle))


def shares(puzzles: Iterable[Puzzle]) -> dict[int, tuple[int, Trials]]:
    """Per written label: how many puzzles, and the share each habit and level solves
    at the first try (its mean chance)."""
    grouped: dict[int, list[Trials]] = defaultdict(list)
    for puzzle in puzzles:
        grouped[puzzle.difficulty].append(trials(puzzle))
    return {key: (len(rows), {name: sum(r[name] for r in rows) / len(rows) for name in PLAYERS})
            for key, rows in sorted(grouped.items())}


def table(rows: Iterable[tuple[int, Trials]]) -> list[str]:
    """Per label: how many, and the share each habit and level solves at the first try."""
    grouped: dict[int, list[Trials]] = defaultdict(list)
    for key, result in rows:
        grouped[key].append(result)
    names = list(PLAYERS)
    lines = ["  label  puzzles  " + "  ".join(names)]
    for key in sorted(grouped):
        found = grouped[key]
        cells = "  ".join(f"{sum(r[n] for r in found) / len(found):>{len(n)}.0%}" for n in names)
        lines.append(f"  {key:>5}  {len(found):>7}  {cells}")
    return lines


def report(puzzles: list[Puzzle]) -> list[str]:
    """The lines of `course stats` that show who solves each label."""
    lines = ["Difficulty from play: per label, the share solved at the first try by each "
             "novice habit and computer level:"]
    lines += table((p.difficulty, trials(p)) for p in puzzles)
    wrong = sum(1 for p in puzzles if p.difficulty != play_label(p))
    lines.append(f"  labels that differ from play: {wrong} (run `relabel` to write them)")
    return lines


_ID = re.compile(r"^\s*-\s+id:\s*(\S+)\s*$")
_DIFFICULTY = re.compile(r"^(\s*difficulty:\s*)(\d+)(\s*)$")


def relabel_text(text: str, labels: dict[str, int]) -> str:
    """The file's text with each listed puzzle's `difficulty:` line set to its label
    (a puzzle is the `- id:` item; its difficulty line follows it)."""
    out: list[str] = []
    current: str | None = None
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        found = _ID.match(body)
        if found:
            current = found.group(1).strip("\"'")
        number = _DIFFICULTY.match(body)
        if number and current in labels:
            end = line[len(body):]
            line = f"{number.group(1)}{labels[current]}{number.group(3)}{end}"
            current = None
        out.append(line)
    return "".join(out)


def relabel(folder: Path, puzzles: Iterable[Puzzle]) -> list[Path]:
    """Write the play labels into the puzzle files under `folder`; the files changed."""
    labels = {p.id: play_label(p) for p in puzzles}
    changed = []
    for path in sorted((folder / "puzzles").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        new = relabel_text(text, labels)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed
