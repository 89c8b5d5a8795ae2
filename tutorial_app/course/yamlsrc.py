"""Reading YAML as nodes, so every value keeps the line and column it came from.

`yaml.safe_load` throws positions away; `yaml.compose` keeps them on each
node (`start_mark`). The helpers here check shapes and types against what a
lesson file allows and record a `LessonError` for each problem instead of
stopping, so a file's problems are all reported together.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

import yaml
from yaml.constructor import SafeConstructor

from tutorial_app.course.errors import LessonError

_Loader: Final = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
ID_RE: Final = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

STR: Final = "tag:yaml.org,2002:str"
INT: Final = "tag:yaml.org,2002:int"
BOOL: Final = "tag:yaml.org,2002:bool"
NULL: Final = "tag:yaml.org,2002:null"
FLOAT: Final = "tag:yaml.org,2002:float"


class Source:
    """One file being read: its name and the problems found so far."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.errors: list[LessonError] = []

    def error(self, node: yaml.Node | None, path: str, message: str) -> None:
        mark = node.start_mark if node is not None else None
        line = mark.line + 1 if mark is not None else 1
        column = mark.column + 1 if mark is not None else 1
        self.errors.append(LessonError(self.filename, line, column, path, message))

    def sorted_errors(self) -> list[LessonError]:
        """Errors in file order; the same problem found twice is listed once."""
        return sorted(set(self.errors))


def compose(text: str, src: Source) -> yaml.Node | None:
    """The document's node tree, or None after recording why it cannot be read."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "not valid YAML"
        line = mark.line + 1 if mark is not None else 1
        column = mark.column + 1 if mark is not None else 1
        src.errors.append(LessonError(src.filename, line, column, "",
                                      f"not valid YAML: {problem}"))
        return None
    except yaml.YAMLError as error:
        src.error(None, "", f"not valid YAML: {error}")
        return None
    if node is None:
        src.error(None, "", "the file is empty")
    return node


def child(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def item(path: str, index: int) -> str:
    return f"{path}[{index}]"


def describe_node(node: yaml.Node) -> str:
    """What a wrong value is, in the words an error message needs."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return {STR: "text", INT: "a number", FLOAT: "a number", BOOL: "true/false",
            NULL: "nothing"}.get(node.tag, "a value")


def scalar(node: yaml.Node) -> object:
    """The Python value of a scalar node (YAML 1.1 rules, as safe_load reads it)."""
    return SafeConstructor().construct_object(node, deep=True)


def suggest(word: str, options: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when one option is close, else ''."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


@dataclass
class Fields:
    """A mapping node's values by key, remembering the nodes for error marks."""

    node: yaml.MappingNode
    path: str
    values: dict[str, yaml.Node] = field(default_factory=dict)
    keys: dict[str, yaml.Node] = field(default_factory=dict)

    def get(self, key: str) -> yaml.Node | None:
        return self.values.get(key)

    def at(self, key: str) -> str:
        return child(self.path, key)

    def __contains__(self, key: str) -> bool:
        return key in self.values


def mapping(src: Source, node: yaml.Node, path: str, required: Sequence[str],
            optional: Sequence[str], what: str = "a mapping") -> Fields | None:
    """Check a mapping: no unknown, duplicate or missing keys. None if not a mapping."""
    if not isinstance(node, yaml.MappingNode):
        src.error(node, path, f"expected {what}, got {describe_node(node)}")
        return None
    allowed = [*required, *optional]
    fields = Fields(node, path)
    for key_node, value_node in node.value:
        key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else None
        if key is None:
            src.error(key_node, path, "a key must be a plain word")
            continue
        if key in fields.values:
            first = fields.keys[key].start_mark.line + 1
            src.error(key_node, child(path, key), f"duplicate key (first given on line {first})")
            continue
        if key not in allowed:
            keys = ", ".join(allowed)
            src.error(key_node, child(path, key),
                      f"unknown key {key!r}{suggest(key, allowed)}; allowed keys: {keys}")
            continue
        fields.values[key] = value_node
        fields.keys[key] = key_node
    for key in required:
        if key not in fields.values:
            src.error(node, child(path, key), "missing (this key is required)")
    return fields


def text(src: Source, node: yaml.Node, path: str) -> str | None:
    """A non-empty text value."""
    if not (isinstance(node, yaml.ScalarNode) and node.tag == STR):
        src.error(node, path, f"expected text, got {describe_node(node)}")
        return None
    value = str(node.value)
    if not value.strip():
        src.error(node, path, "must not be empty")
        return None
    return value


def identifier(src: Source, node: yaml.Node, path: str) -> str | None:
    """A stable id: lowercase letters, digits and dashes."""
    value = text(src, node, path)
    if value is not None and not ID_RE.match(value):
        src.error(node, path, f"{value!r} is not an id: use lowercase letters, digits and "
                  "dashes, e.g. 'first-sum'")
        return None
    return value


def integer(src: Source, node: yaml.Node, path: str, low: int, high: int) -> int | None:
    """A whole number between low and high inclusive."""
    if not (isinstance(node, yaml.ScalarNode) and node.tag == INT):
        src.error(node, path, f"expected a whole number, got {describe_node(node)}")
        return None
    value = scalar(node)
    assert isinstance(value, int)
    if not low <= value <= high:
        src.error(node, path, f"must be from {low} to {high}, not {value}")
        return None
    return value


def boolean(src: Source, node: yaml.Node, path: str) -> bool | None:
    if not (isinstance(node, yaml.ScalarNode) and node.tag == BOOL):
        src.error(node, path, f"expected true or false, got {describe_node(node)}")
        return None
    return bool(scalar(node))


def sequence(src: Source, node: yaml.Node, path: str, example: str = "") -> list[yaml.Node] | None:
    if not isinstance(node, yaml.SequenceNode):
        hint = f", e.g. {example}" if example else ""
        src.error(node, path, f"expected a list{hint}, got {describe_node(node)}")
        return None
    return list(node.value)


def text_list(src: Source, node: yaml.Node, path: str,
              example: str = "") -> list[tuple[str, yaml.Node, str]] | None:
    """A list of texts, each with its node and path (bad items are reported and skipped)."""
    items = sequence(src, node, path, example)
    if items is None:
        return None
    out: list[tuple[str, yaml.Node, str]] = []
    for index, entry in enumerate(items):
        value = text(src, entry, item(path, index))
        if value is not None:
            out.append((value, entry, item(path, index)))
    return out
