"""`python -m tutorial_app.course validate | show | generate`: the teacher's tools.

validate  checks every lesson file and lists every problem (exit 1), or prints
          a summary of what the course holds and how long checking took; a path
          that is missing or a file that cannot be read is exit 2.
show      prints a lesson or puzzle set as text, with the engine's answers;
          --triggers lists, for each feedback text, the click attempts that show it.
stats     reports stages, doing share, rules and settings practised, chance of a
          random pass, puzzle difficulty agreement and near-duplicates.
generate  finds puzzles for a theme in seeded random deals and writes a set.
find-lines finds line puzzles (the solver fills in the line, the accepted moves and
          the tempting move's refutation) and prints them as YAML for an author to
          write up in `lessons/lines/*.lines`.
relabel   writes each puzzle's difficulty as measured from play (who fails it)
          into the puzzle files (course/puzzles/play_difficulty.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import yaml

from tutorial_app.course.authoring import show, stats
from tutorial_app.course.course import Course, course_files, load_course
from tutorial_app.course.model import STEP_KINDS, THEMES, Lesson, PuzzleSet
from tutorial_app.course.proofs import course_order, demonstrations
from tutorial_app.course.puzzles import line_generate, line_puzzles, play_difficulty
from tutorial_app.course.puzzles.generate import RECIPES, generate
from tutorial_app.course.reading.errors import LessonError, LessonFileError
from tutorial_app.course.reading.loader import load, loads, read_file
from tutorial_app.course.reading.yamlsrc import Source

DEFAULT_FOLDER = Path("lessons")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.course",
                                     description="Check, review and generate lessons and puzzles.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("validate", help="check lesson files; list every error")
    check.add_argument("paths", nargs="*", type=Path, default=[DEFAULT_FOLDER],
                       help="folders or files (default: lessons/)")
    view = commands.add_parser("show", help="print a lesson or puzzle set with its answers")
    view.add_argument("target", help="a lesson or puzzle-set id, or a file")
    view.add_argument("--lessons", type=Path, default=DEFAULT_FOLDER,
                      help="where to look an id up (default: lessons/)")
    view.add_argument("--triggers", action="store_true",
                      help="list, for each feedback text, the click attempts that show it")
    stat = commands.add_parser("stats", help="report stages, rules practised, chance and "
                               "puzzle difficulty")
    stat.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER,
                      help="the course folder (default: lessons/)")
    make = commands.add_parser("generate", help="find puzzles for a theme in random deals")
    make.add_argument("--theme", required=True, choices=sorted(RECIPES))
    make.add_argument("--count", type=int, default=20)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--id", dest="set_id", help="puzzle-set id (default: generated-THEME)")
    make.add_argument("--out", type=Path, help="write the YAML here (default: print it)")
    lines = commands.add_parser("find-lines", help="find line puzzles for an author")
    lines.add_argument("--count", type=int, default=10)
    lines.add_argument("--seed", type=int, default=1)
    lines.add_argument("--counting", action="store_true",
                       help="counting endgames: the piles shown, a points goal")
    lines.add_argument("--attempts", type=int, default=4000)
    label = commands.add_parser("relabel", help="write difficulty labels measured from play")
    label.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER,
                       help="the course folder (default: lessons/)")
    args = parser.parse_args(argv)
    if args.command == "validate":
        return validate(args.paths)
    if args.command == "stats":
        return stats_report(args.folder)
    if args.command == "find-lines":
        found = line_generate.find(args.count, args.seed, args.counting, args.attempts)
        print(yaml.safe_dump({"lines": found}, sort_keys=False, allow_unicode=True))
        return 0
    if args.command == "relabel":
        return relabel(args.folder)
    if args.command == "show":
        return show_target(args.target, args.lessons, args.triggers)
    return generate_set(args.theme, args.count, args.seed, args.set_id, args.out)


def distinct_paths(paths: Sequence[Path]) -> list[Path]:
    """The paths to check, each file once: a path given before, or lying inside a
    folder also given, is left out (`validate lessons lessons` counts each file once)."""
    real = [path.resolve() for path in paths]
    return [path for i, path in enumerate(paths)
            if not any((other == real[i] and j < i) or other in real[i].parents
                       for j, other in enumerate(real))]


def validate(paths: Sequence[Path]) -> int:
    started = time.perf_counter()
    course = Course()
    line_sets: list[line_puzzles.LineSet] = []
    for path in distinct_paths(paths):
        if path.is_dir():
            line_sets += line_puzzles.load_folder(path / "lines")
            part = load_course(path)
            course.lessons += part.lessons
            course.puzzle_sets += part.puzzle_sets
            course.errors += part.errors
            course.errors += course_order.problems(part, path)  # the whole course's
            course.errors += demonstrations.missing(part.lessons)  # a course's order needed
            course.files += part.files
            course.unreadable += part.unreadable
        elif path.is_file() and path.suffix == line_puzzles.SUFFIX:
            line_sets.append(line_puzzles.load_file(path))
        elif path.is_file():
            course.files += 1
            src = Source(str(path))
            text = read_file(path, src)
            if text is None:
                course.errors += src.errors
                course.unreadable.append(str(path))
                continue
            try:
                content = loads(text, str(path))
            except LessonFileError as error:
                course.errors += error.errors
                continue
            if isinstance(content, Lesson):
                course.lessons.append(content)
            else:
                course.puzzle_sets.append(content)
        else:
            print(f"{path}: no such file or folder", file=sys.stderr)
            return 2
    course.errors += prove_lines(line_sets)
    course.files += len(line_sets)
    seconds = time.perf_counter() - started
    for problem in course.errors:
        print(problem)
    if course.errors:
        bad = len({e.file for e in course.errors})
        print(f"{len(course.errors)} error(s) in {bad} of {course.files} file(s) "
              f"(checked in {seconds:.2f} s)", file=sys.stderr)
        return 2 if course.unreadable else 1
    print(summary(course, seconds))
    if line_sets:
        count = sum(len(s.puzzles) for s in line_sets)
        print(f"line puzzles: {count} in {len(line_sets)} file(s), each proved by the solver")
    return 0


def prove_lines(line_sets: Sequence[line_puzzles.LineSet]) -> list[LessonError]:
    """The line puzzles' load errors, and every disagreement with the solver."""
    found: list[LessonError] = []
    for line_set in line_sets:
        found += line_set.errors
        for puzzle in line_set.puzzles:
            found += [LessonError(line_set.file, 1, 1, puzzle.id, problem)
                      for problem in line_puzzles.prove(puzzle)]
    return found


def summary(course: Course, seconds: float) -> str:
    kinds = Counter[str](step.kind for lesson in course.lessons for step in lesson.steps)
    steps = sum(kinds.values())
    themes = Counter(theme for p in course.puzzles for theme in p.themes)
    levels = Counter(p.difficulty for p in course.puzzles)
    lines = [
        f"OK: {course.files} file(s): {len(course.lessons)} lesson(s), {steps} step(s) ("
        + ", ".join(f"{kind} {kinds[kind]}" for kind in STEP_KINDS) + "), "
        f"{len(course.puzzles)} puzzle(s) in {len(course.puzzle_sets)} set(s)",
        "puzzles by theme: " + (", ".join(f"{t} {themes[t]}" for t in THEMES if themes[t])
                                or "-"),
        "puzzles by difficulty: " + (", ".join(f"{d}: {levels[d]}" for d in sorted(levels))
                                     or "-"),
        f"checked in {seconds:.2f} s",
    ]
    return "\n".join(lines)


def relabel(folder: Path) -> int:
    """Write the play labels; a course with errors is left alone (exit 1)."""
    if not folder.is_dir():
        print(f"{folder}: no such folder", file=sys.stderr)
        return 2
    course = load_course(folder, proofs=False)
    if course.errors:
        for problem in course.errors:
            print(problem)
        return 1
    changed = play_difficulty.relabel(folder, course.puzzles)
    for path in changed:
        print(f"relabelled {path}")
    print(f"{len(changed)} file(s) changed")
    return 0


def stats_report(folder: Path) -> int:
    """Print the course report; exit 1 when the course does not load cleanly."""
    if not folder.is_dir():
        print(f"{folder}: no such folder", file=sys.stderr)
        return 2
    course = load_course(folder)
    for problem in course.errors:
        print(problem, file=sys.stderr)
    print(stats.report(course))
    line_sets = line_puzzles.load_folder(folder / "lines")
    shown = [p for line_set in line_sets for p in line_set.puzzles]
    if shown:
        print(f"Line puzzles: {len(shown)}; per label, the share whose whole line each habit "
              "and level plays right at the first try (the other seat defending as the "
              "solver does):")
        print("\n".join(play_difficulty.table((p.difficulty, line_puzzles.trials(p))
                                              for p in shown)))
    return 1 if course.errors else 0


def show_target(target: str, folder: Path, triggers: bool = False) -> int:
    path = Path(target)
    try:
        if path.is_file():
            print(show.render(load(path), triggers), end="")
            return 0
        for candidate in course_files(folder) if folder.is_dir() else []:
            content = _peek(candidate, target)
            if content is not None:
                print(show.render(content, triggers), end="")
                return 0
    except LessonFileError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"no lesson or puzzle set {target!r} in {folder}", file=sys.stderr)
    return 1


def _peek(path: Path, target: str) -> Lesson | PuzzleSet | None:
    """Load the file only if its id is the one asked for (cheap text check first);
    a file that cannot be read is passed over (`validate` names it)."""
    text = read_file(path, Source(str(path)))
    if text is None or f"id: {target}" not in text:
        return None
    content = loads(text, str(path))
    return content if content.id == target else None


def output_problem(out: Path) -> str | None:
    """Why `generate --out` cannot write there, said before the slow search starts."""
    if out.is_dir():
        return f"{out}: is a folder; --out names the file to write, e.g. {out / 'set.yaml'}"
    if not out.parent.is_dir():
        return f"{out}: the folder {out.parent} does not exist"
    return None


def generate_set(theme: str, count: int, seed: int, set_id: str | None, out: Path | None) -> int:
    if count < 1:
        print(f"--count {count}: ask for at least one puzzle", file=sys.stderr)
        return 2
    problem = output_problem(out) if out is not None else None
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    command = (f"python -m tutorial_app.course generate --theme {theme} --count {count} "
               f"--seed {seed}" + (f" --id {set_id}" if set_id else ""))
    try:
        text, puzzles = generate(theme, count, seed, set_id, command)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 1
    if out is None:
        print(text, end="")
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            print(f"{out}: cannot write the file: {error.strerror or error}", file=sys.stderr)
            return 2
        print(f"wrote {len(puzzles.puzzles)} puzzle(s) to {out}", file=sys.stderr)
    return 0
