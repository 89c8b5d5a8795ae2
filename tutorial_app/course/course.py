"""A whole course: every lesson and puzzle set in a folder, checked together.

One bad file never stops the course from loading: its errors go to
`Course.errors` and the good files load. Checks across files (ids used
twice, prerequisites that do not exist or go round in a circle) drop the
files they concern, so what the app receives is always consistent: every
prerequisite of a lesson is in the course and comes before it.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

from tutorial_app.course.model import THEMES, Lesson, Puzzle, PuzzleSet
from tutorial_app.course.reading.errors import LessonError
from tutorial_app.course.reading.loader import Document, read_document, read_file, unknown_concepts
from tutorial_app.course.reading.stages import split
from tutorial_app.course.reading.yamlsrc import Source
from tutorial_app.words.i18n import using

SUFFIXES = (".yaml", ".yml")


@dataclass
class Course:
    lessons: list[Lesson] = field(default_factory=list)
    puzzle_sets: list[PuzzleSet] = field(default_factory=list)
    errors: list[LessonError] = field(default_factory=list)
    files: int = 0
    seconds: float = 0.0
    unreadable: list[str] = field(default_factory=list)  # files that could not be read at all

    def lesson(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(f"no lesson {lesson_id!r}")

    @property
    def puzzles(self) -> list[Puzzle]:
        return [p for s in self.puzzle_sets for p in s.puzzles]

    def puzzle(self, puzzle_id: str) -> Puzzle:
        """A puzzle by its id (unique in the course), or by `set-id/puzzle-id`."""
        set_id, _, local = puzzle_id.rpartition("/")
        for puzzle in self.puzzles:
            if puzzle.id == local and (not set_id or puzzle.set_id == set_id):
                return puzzle
        raise KeyError(f"no puzzle {puzzle_id!r}")

    def puzzle_set(self, set_id: str) -> PuzzleSet:
        for puzzle_set in self.puzzle_sets:
            if puzzle_set.id == set_id:
                return puzzle_set
        raise KeyError(f"no puzzle set {set_id!r}")

    def themes(self) -> list[str]:
        """The themes that some puzzle has, in the order of the themes list."""
        used = {theme for p in self.puzzles for theme in p.themes}
        return [theme for theme in THEMES if theme in used]

    def puzzles_with(self, theme: str) -> list[Puzzle]:
        return [p for p in self.puzzles if theme in p.themes]


def course_files(folder: Path) -> list[Path]:
    """Every lesson file under the folder, sub-folders included, in path order."""
    found = [p for p in folder.rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    return sorted(found, key=lambda p: p.relative_to(folder).as_posix())


def load_course(folder: Path | str, *, language: str | None = None,
                proofs: bool = True) -> Course:
    """Load every file under `folder`; never raises for a bad file (see `errors`).
    `proofs=False` skips the click-by-click proofs of feedback (yamlsrc.Source)."""
    if language is not None:
        with using(language):
            return load_course(folder, proofs=proofs)
    started = time.perf_counter()
    root = Path(folder)
    course = Course()
    documents: list[Document] = []
    failed: set[str] = set()
    paths = course_files(root)
    for path in paths:
        src = Source(str(path), proofs=proofs)
        text = read_file(path, src)
        if text is None:
            course.errors.extend(src.errors)
            course.unreadable.append(str(path))
            continue
        document = read_document(src, text)
        course.errors.extend(src.sorted_errors())
        if document.content is not None and not src.errors:
            documents.append(document)
        elif document.id is not None:
            failed.add(document.id)
    documents = _unique_ids(documents, course.errors)
    lessons = [d for d in documents if isinstance(d.content, Lesson)]
    course.lessons = split(_ordered(lessons, documents, failed, course.errors))
    course.puzzle_sets = [d.content for d in documents if isinstance(d.content, PuzzleSet)]
    course.errors.sort()
    course.files = len(paths)
    course.seconds = time.perf_counter() - started
    return course


def _error(document: Document, where: tuple[int, int], path: str, message: str) -> LessonError:
    assert document.content is not None
    return LessonError(document.content.file, where[0], where[1], path, message)


def _unique_ids(documents: list[Document], errors: list[LessonError]) -> list[Document]:
    """Drop a file whose id, or one of whose puzzle ids, an earlier file already uses."""
    files: dict[str, str] = {}
    puzzles: dict[str, str] = {}
    kept: list[Document] = []
    for document in documents:
        content = document.content
        assert content is not None
        problems: list[LessonError] = []
        if content.id in files:
            problems.append(_error(document, document.id_at, "id",
                                   f"id {content.id!r} is already used by {files[content.id]}"))
        for puzzle_id, (where, path) in document.puzzle_ids_at.items():
            if puzzle_id in puzzles:
                problems.append(_error(document, where, path, f"puzzle id {puzzle_id!r} is "
                                       f"already used by {puzzles[puzzle_id]}"))
        if problems:
            errors.extend(problems)
            continue
        files[content.id] = content.file
        puzzles.update({pid: content.file for pid in document.puzzle_ids_at})
        kept.append(document)
    return kept


def _ordered(lessons: list[Document], documents: list[Document], failed: set[str],
             errors: list[LessonError]) -> list[Lesson]:
    """Lessons with prerequisites first (file order otherwise); bad prerequisites drop a lesson."""
    by_id = {d.content.id: d for d in lessons if d.content is not None}
    sets = {d.content.id for d in documents if isinstance(d.content, PuzzleSet)}
    dropped: set[str] = set()
    for lesson_id, document in by_id.items():
        for required, (where, path) in document.requires_at.items():
            if required in sets:
                errors.append(_error(document, where, path,
                                     f"{required!r} is a puzzle set, not a lesson"))
                dropped.add(lesson_id)
            elif required in failed and required not in by_id:
                errors.append(_error(document, where, path, f"requires {required!r}, which has "
                                     "errors"))
                dropped.add(lesson_id)
            elif required not in by_id:
                errors.append(_error(document, where, path, f"unknown lesson {required!r}"))
                dropped.add(lesson_id)
    for cycle in _circles(by_id):
        for lesson_id, nxt in zip(cycle, [*cycle[1:], cycle[0]], strict=True):
            where, path = by_id[lesson_id].requires_at[nxt]
            loop = " -> ".join([*cycle[cycle.index(lesson_id):], *cycle[:cycle.index(lesson_id)],
                                lesson_id])
            errors.append(_error(by_id[lesson_id], where, path,
                                 f"prerequisites go round in a circle: {loop}"))
            dropped.add(lesson_id)
    _cascade(by_id, dropped, errors)
    kept = {i: d for i, d in by_id.items() if i not in dropped}
    ordered = [_lesson(kept[lesson_id]) for lesson_id in _in_order(kept)]
    _check_concepts(ordered, kept, errors)
    return ordered


def _check_concepts(lessons: list[Lesson], documents: dict[str, Document],
                    errors: list[LessonError]) -> None:
    """A step may use only what its lesson or a lesson it requires (at any depth)
    teaches. A lesson that requires nothing and declares what it teaches was checked
    when its file was read."""
    taught: dict[str, set[str]] = {}
    for lesson in lessons:  # prerequisites come first
        path = set(lesson.teaches)
        for required in lesson.requires:
            path |= taught.get(required, set())
        taught[lesson.id] = path
        if lesson.requires or not lesson.teaches:
            errors.extend(unknown_concepts(lesson, path, documents[lesson.id].steps_at))


def _lesson(document: Document) -> Lesson:
    assert isinstance(document.content, Lesson)
    return document.content


def _in_order(lessons: dict[str, Document]) -> list[str]:
    """Prerequisites first; among the lessons that may come next, the earliest file first
    (every prerequisite is in `lessons` and there is no circle: `_ordered` saw to that)."""
    index = {lesson_id: i for i, lesson_id in enumerate(lessons)}
    sorter = TopologicalSorter({i: list(d.requires_at) for i, d in lessons.items()})
    sorter.prepare()
    ready: list[tuple[int, str]] = []
    out: list[str] = []
    while sorter.is_active():
        for lesson_id in sorter.get_ready():
            heapq.heappush(ready, (index[lesson_id], lesson_id))
        _, lesson_id = heapq.heappop(ready)
        out.append(lesson_id)
        sorter.done(lesson_id)
    return out


def _cascade(by_id: dict[str, Document], dropped: set[str], errors: list[LessonError]) -> None:
    """A lesson whose prerequisite was dropped is dropped too, and says why."""
    changed = True
    while changed:
        changed = False
        for lesson_id, document in by_id.items():
            if lesson_id in dropped:
                continue
            for required, (where, path) in document.requires_at.items():
                if required in dropped:
                    errors.append(_error(document, where, path, f"requires {required!r}, "
                                         "which has errors"))
                    dropped.add(lesson_id)
                    changed = True
                    break


def _circles(by_id: dict[str, Document]) -> Iterator[list[str]]:
    """Each circle of prerequisites, as lesson ids each of which requires the next (and
    the last the first). graphlib finds one circle at a time; its lessons are taken out
    before looking again, so a lesson is named in one circle only."""
    graph = {i: [r for r in d.requires_at if r in by_id] for i, d in by_id.items()}
    while True:
        try:
            TopologicalSorter(graph).prepare()
        except CycleError as error:
            # graphlib lists each lesson before the lessons that require it, the first
            # one again at the end: reversed, each lesson requires the next
            found: list[str] = list(reversed(error.args[1]))[:-1]
            yield found
            graph = {i: [r for r in needs if r not in found]
                     for i, needs in graph.items() if i not in found}
        else:
            return
