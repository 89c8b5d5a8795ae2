"""Loading one lesson or puzzle-set file, with every problem reported at once.

A file with `puzzles:` is a puzzle set; anything else is read as a lesson.
`read_document` never raises for bad content: it records errors in the
`Source` and returns what it could read, plus where ids were written so the
course can point at them when checking across files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import yaml

from engine import CLASSIC, CassinoError, NotationError, Rules
from tutorial_app.course.concepts import CONCEPTS, known
from tutorial_app.course.model import THEMES, Lesson, Puzzle, PuzzleSet, Step
from tutorial_app.course.proofs import brevity
from tutorial_app.course.reading import yamlsrc
from tutorial_app.course.reading.errors import LessonError, LessonFileError
from tutorial_app.course.reading.limits import MAX_LESSON_BYTES
from tutorial_app.course.reading.playable import read_playable
from tutorial_app.course.reading.step_reader import read_step
from tutorial_app.course.reading.yamlsrc import Source, item, suggest
from tutorial_app.course.steps import step_needs
from tutorial_app.words.i18n import lesson_text, t

LESSON_KEYS: Final = (("id", "title", "steps"),
                      ("summary", "rules", "requires", "practice", "teaches"))
SET_KEYS: Final = (("id", "title", "puzzles"), ("summary", "rules"))
PUZZLE_KEYS: Final = (
    ("id", "position", "goal", "themes", "difficulty"),
    ("title", "prompt", "hints", "feedback", "success"),
)

Where = tuple[int, int]


@dataclass
class Document:
    """A file's content and where its ids are written (line, column from 1)."""

    content: Lesson | PuzzleSet | None
    id: str | None = None  # known even when the file has errors, to explain what depends on it
    id_at: Where = (1, 1)
    requires_at: dict[str, tuple[Where, str]] = field(default_factory=dict)
    puzzle_ids_at: dict[str, tuple[Where, str]] = field(default_factory=dict)
    steps_at: dict[str, tuple[Where, str]] = field(default_factory=dict)


def _where(node: yaml.Node) -> Where:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def load(path: Path | str) -> Lesson | PuzzleSet:
    """Load one file; raises LessonFileError listing every problem in it (a file
    that cannot be read, is not UTF-8 or is too big included)."""
    src = Source(str(path))
    text = read_file(Path(path), src)
    if text is None:
        raise LessonFileError(src.errors)
    return loads(text, str(path))


def read_file(path: Path, src: Source) -> str | None:
    """A lesson file's text, or None after recording why it cannot be had: it
    cannot be read, it is over MAX_LESSON_BYTES (checked before reading it
    whole), or it is not UTF-8 (the error points at the first bad byte)."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_LESSON_BYTES + 1)
    except OSError as error:
        src.error(None, "", f"cannot read the file: {error.strerror or error}")
        return None
    if len(data) > MAX_LESSON_BYTES:
        src.error(None, "", f"the file is over {MAX_LESSON_BYTES:,} bytes, the most a lesson "
                  "file may hold: split it into several files")
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        src.errors.append(LessonError(src.filename, line, column, "",
                                      f"the file is not UTF-8 text (byte "
                                      f"0x{data[error.start]:02x}): save it as UTF-8"))
        return None


def loads(text: str, filename: str = "<string>") -> Lesson | PuzzleSet:
    """Load lesson or puzzle-set YAML text; raises LessonFileError listing every problem."""
    src = Source(filename)
    document = read_document(src, text)
    if src.errors or document.content is None:
        raise LessonFileError(src.sorted_errors())
    return document.content


def read_document(src: Source, text: str) -> Document:
    """Everything that can be read from a file's text; the problems go to `src`."""
    try:
        return _read_document(src, text)
    except CassinoError as error:  # an engine limit met where no reader expected one
        src.error(None, "", str(error))
        return Document(None)


def _read_document(src: Source, text: str) -> Document:
    node = yamlsrc.compose(text, src)
    if node is None:
        return Document(None)
    if isinstance(node, yaml.MappingNode) and any(k.value == "puzzles" for k, _ in node.value):
        return _puzzle_set(src, node)
    return _lesson(src, node)


def _rules(src: Source, fields: yamlsrc.Fields) -> Rules:
    node = fields.get("rules")
    if node is None:
        return CLASSIC
    text = yamlsrc.text(src, node, fields.at("rules"))
    if text is None:
        return CLASSIC
    try:
        return Rules.parse(text)
    except NotationError as error:
        src.error(node, fields.at("rules"), str(error))
        return CLASSIC


def _text(src: Source, fields: yamlsrc.Fields, name: str, key: str) -> str:
    node = fields.get(name)
    if node is None:
        return ""
    text = yamlsrc.text(src, node, fields.at(name))
    return lesson_text(key, text) if text is not None else ""


def _lesson(src: Source, node: yaml.Node) -> Document:
    required, optional = LESSON_KEYS
    fields = yamlsrc.mapping(src, node, "", required, optional,
                             "a lesson: a mapping with id, title and steps")
    if fields is None:
        return Document(None)
    id_node = fields.get("id")
    lesson_id = yamlsrc.identifier(src, id_node, "id") if id_node is not None else None
    key = f"lesson.{lesson_id}"
    title = _text(src, fields, "title", f"{key}.title")
    summary = _text(src, fields, "summary", f"{key}.summary")
    rules = _rules(src, fields)
    document = Document(None, lesson_id, _where(id_node) if id_node is not None else (1, 1))
    requires = _requires(src, fields, lesson_id, document)
    practice = _themes(src, fields, "practice")
    teaches = _teaches(src, fields)
    steps: list[Step] = []
    step_nodes = fields.get("steps")
    entries = yamlsrc.sequence(src, step_nodes, "steps") if step_nodes is not None else None
    if entries == [] and step_nodes is not None:
        src.error(step_nodes, "steps", "a lesson needs at least one step")
    ids: dict[str, int] = {}
    for index, entry in enumerate(entries or []):
        step, step_id, step_id_node = read_step(src, entry, item("steps", index),
                                                lesson_id or "?", rules)
        if step_id is not None and step_id_node is not None:
            if step_id in ids:
                src.error(step_id_node, f"steps[{index}].id", f"duplicate step id {step_id!r} "
                          f"(also steps[{ids[step_id]}])")
            ids.setdefault(step_id, index)
        if step is not None:
            steps.append(step)
            document.steps_at[step.id] = (_where(entry), item("steps", index))
    if src.errors or lesson_id is None:
        return document
    lesson = Lesson(lesson_id, title, summary, rules, requires, tuple(steps), src.filename,
                    practice, teaches)
    if not requires and teaches:  # a lesson on its own: its path is itself (course.py
        # checks the rest, and every lesson of a course)
        for error in unknown_concepts(lesson, set(teaches), document.steps_at):
            src.errors.append(error)
        if src.errors:
            return document
    document.content = lesson
    return document


def _teaches(src: Source, fields: yamlsrc.Fields) -> tuple[str, ...]:
    """A lesson's `teaches:`: concepts of course/concepts.py, or `setting=value`."""
    node = fields.get("teaches")
    if node is None:
        return ()
    entries = yamlsrc.text_list(src, node, "teaches", "[sum, several-groups]")
    out: list[str] = []
    for text, entry, path in entries or []:
        if not known(text):
            src.error(entry, path, f"unknown concept {text!r}{suggest(text, CONCEPTS)}; "
                      "concepts: " + ", ".join(CONCEPTS) + ", or a setting as name=value")
        elif text in out:
            src.error(entry, path, f"{text!r} is listed twice")
        else:
            out.append(text)
    return tuple(out)


def unknown_concepts(lesson: Lesson, taught: set[str],
                     steps_at: dict[str, tuple[Where, str]]) -> list[LessonError]:
    """An error for each step that needs a concept not in `taught` (its path's)."""
    errors: list[LessonError] = []
    for step in lesson.steps:
        missing = {c: why for c, why in step_needs(step).items() if c not in taught}
        if not missing or step.id not in steps_at:
            continue
        (line, column), path = steps_at[step.id]
        said = "; ".join(f"{c!r} (from {why})" for c, why in sorted(missing.items()))
        errors.append(LessonError(lesson.file, line, column, path,
                                  f"step {step.id!r} needs {said}, which no lesson on its path "
                                  "teaches: add it to teaches: here or to a required lesson"))
    return errors


def _requires(src: Source, fields: yamlsrc.Fields, lesson_id: str | None,
              document: Document) -> tuple[str, ...]:
    node = fields.get("requires")
    if node is None:
        return ()
    entries = yamlsrc.text_list(src, node, "requires", "[pairing]")
    out: list[str] = []
    for text, entry, path in entries or []:
        if not yamlsrc.ID_RE.match(text):
            src.error(entry, path, f"{text!r} is not a lesson id")
        elif text == lesson_id:
            src.error(entry, path, "a lesson cannot require itself")
        elif text in out:
            src.error(entry, path, f"{text!r} is listed twice")
        else:
            out.append(text)
            document.requires_at[text] = (_where(entry), path)
    return tuple(out)


def _puzzle_set(src: Source, node: yaml.MappingNode) -> Document:
    required, optional = SET_KEYS
    fields = yamlsrc.mapping(src, node, "", required, optional)
    assert fields is not None
    id_node = fields.get("id")
    set_id = yamlsrc.identifier(src, id_node, "id") if id_node is not None else None
    title = _text(src, fields, "title", f"puzzles.{set_id}.title")
    summary = _text(src, fields, "summary", f"puzzles.{set_id}.summary")
    rules = _rules(src, fields)
    document = Document(None, set_id, _where(id_node) if id_node is not None else (1, 1))
    puzzles: list[Puzzle] = []
    list_node = fields.get("puzzles")
    entries = yamlsrc.sequence(src, list_node, "puzzles") if list_node is not None else None
    if entries == [] and list_node is not None:
        src.error(list_node, "puzzles", "a puzzle set needs at least one puzzle")
    for index, entry in enumerate(entries or []):
        puzzle = _puzzle(src, entry, item("puzzles", index), set_id or "?", title, index, rules,
                         document)
        if puzzle is not None:
            puzzles.append(puzzle)
    if src.errors or set_id is None:
        return document
    document.content = PuzzleSet(set_id, title, summary, rules, tuple(puzzles), src.filename)
    return document


def _puzzle(src: Source, node: yaml.Node, path: str, set_id: str, set_title: str, index: int,
            rules: Rules, document: Document) -> Puzzle | None:
    required, optional = PUZZLE_KEYS
    fields = yamlsrc.mapping(src, node, path, required, optional, "a puzzle")
    if fields is None:
        return None
    before = len(src.errors)
    id_node = fields.get("id")
    puzzle_id = yamlsrc.identifier(src, id_node, fields.at("id")) if id_node else None
    if puzzle_id is not None and id_node is not None:
        if puzzle_id in document.puzzle_ids_at:
            first = document.puzzle_ids_at[puzzle_id][1]
            src.error(id_node, fields.at("id"), f"duplicate puzzle id {puzzle_id!r} (also {first})")
        else:
            document.puzzle_ids_at[puzzle_id] = (_where(id_node), fields.at("id"))
    key = f"puzzle.{puzzle_id}"
    themes = _themes(src, fields)
    difficulty = None
    difficulty_node = fields.get("difficulty")
    if difficulty_node is not None:
        difficulty = yamlsrc.integer(src, difficulty_node, fields.at("difficulty"), 1, 5)
    parts = read_playable(src, fields, rules, key)
    title = _text(src, fields, "title", f"{key}.title") or t(
        "puzzle.title", set=set_title, number=index + 1)
    prompt = _text(src, fields, "prompt", f"{key}.prompt")
    brevity.report_long_prompt(src, fields, f"puzzle {puzzle_id!r}")
    if parts is None or puzzle_id is None or difficulty is None or len(src.errors) > before:
        return None
    prompt = prompt or t("puzzle.prompt", goal=parts.goal.describe())
    return Puzzle(puzzle_id, set_id, title, prompt, parts.position, parts.goal, themes,
                  difficulty, parts.hints, parts.feedback, parts.success, parts.solutions, key)


def _themes(src: Source, fields: yamlsrc.Fields, key: str = "themes") -> tuple[str, ...]:
    """A list of puzzle themes: a puzzle's `themes`, or a lesson's `practice`."""
    node = fields.get(key)
    if node is None:
        return ()
    entries = yamlsrc.text_list(src, node, fields.at(key), "[sum, sweep]")
    if entries is not None and not entries:
        src.error(node, fields.at(key), "name at least one theme")
    out: list[str] = []
    for text, entry, path in entries or []:
        if text not in THEMES:
            src.error(entry, path, f"unknown theme {text!r}{suggest(text, THEMES)}; themes: "
                      + ", ".join(THEMES))
        elif text in out:
            src.error(entry, path, f"{text!r} is listed twice")
        else:
            out.append(text)
    return tuple(out)
