"""Reading YAML as nodes, so every value keeps the line and column it came from.

`yaml.safe_load` throws positions away; `yaml.compose` keeps them on each
node (`start_mark`). The helpers here check shapes and types against what a
lesson file allows and record a `LessonError` for each problem instead of
stopping, so a file's problems are all reported together.

The file is read by libyaml's C parser, and its nodes are put together by
`compose_nodes`, which stops at the first node nested deeper than
MAX_YAML_DEPTH and refuses aliases (course/reading/limits.py): PyYAML's C composer
recurses once per level and crashes the process on a list 30,000 deep, and an
alias lets a small file stand for an exponentially large tree.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import yaml
from yaml.composer import ComposerError
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from engine.limits import quoted
from tutorial_app.course.reading.errors import LessonError
from tutorial_app.course.reading.limits import MAX_ID_LENGTH, MAX_NUMBER_LENGTH, MAX_YAML_DEPTH

_Loader: Final = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Open:
    """A list or mapping being put together, and the key waiting for its value."""

    __slots__ = ("key", "node")

    def __init__(self, node: yaml.SequenceNode | yaml.MappingNode) -> None:
        self.node = node
        self.key: yaml.Node | None = None


def _start(event: Any) -> Any:
    return event.start_mark


def _end(event: Any) -> Any:
    return event.end_mark


def compose_nodes(text: str) -> yaml.Node | None:
    """The node tree of a one-document YAML text, like `yaml.compose`, but put
    together from the parser's events without recursion, stopping at the first
    node deeper than MAX_YAML_DEPTH and at any alias (with its place).

    Events are pulled one at a time, so libyaml never reads more than a line
    (1,024 characters at most) past the node that is refused."""
    # PyYAML's stubs type the C parser's marks apart from the Python ones; they are
    # used the same way, so events are handled untyped here.
    resolve: Callable[..., str] = Resolver().resolve
    events: Iterator[Any] = yaml.parse(text, Loader=_Loader)
    stack: list[_Open] = []
    root: yaml.Node | None = None
    documents = 0
    for event in events:
        node: yaml.Node | None = None
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise ComposerError("expected a single document in the stream", None,
                                    "but found another document", _start(event))
        elif isinstance(event, yaml.AliasEvent):
            raise ComposerError(None, None, "aliases (*name) are not allowed in lesson files: "
                                "write the value out", _start(event))
        elif isinstance(event, yaml.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = resolve(yaml.ScalarNode, event.value, event.implicit)
            node = yaml.ScalarNode(tag, event.value, _start(event), _end(event),
                                   style=event.style)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if len(stack) + 1 > MAX_YAML_DEPTH:
                raise ComposerError(None, None, f"nested too deeply: a lesson file has at most "
                                    f"{MAX_YAML_DEPTH} levels of lists and mappings",
                                    _start(event))
            tag = event.tag
            kind = (yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent)
                    else yaml.MappingNode)
            if tag is None or tag == "!":
                tag = resolve(kind, None, event.implicit)
            stack.append(_Open(kind(tag, [], _start(event), None,
                                    flow_style=event.flow_style)))
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            done = stack.pop()
            done.node.end_mark = _end(event)
            node = done.node
        if node is None:
            continue
        if not stack:
            root = node
            continue
        parent = stack[-1]
        if isinstance(parent.node, yaml.SequenceNode):
            parent.node.value.append(node)
        elif parent.key is None:
            parent.key = node
        else:
            parent.node.value.append((parent.key, node))
            parent.key = None
    return root


ID_RE: Final = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

STR: Final = "tag:yaml.org,2002:str"
INT: Final = "tag:yaml.org,2002:int"
BOOL: Final = "tag:yaml.org,2002:bool"
NULL: Final = "tag:yaml.org,2002:null"
FLOAT: Final = "tag:yaml.org,2002:float"


class Source:
    """One file being read: its name and the problems found so far."""

    def __init__(self, filename: str, *, proofs: bool = True) -> None:
        self.filename = filename
        self.errors: list[LessonError] = []
        # Run the proofs that go through every click attempt of a step (feedback entries
        # reachable and true): seconds for the whole course, so `validate` and the tests
        # run them and the app, serving files they passed, does not.
        self.proofs = proofs

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
        node = compose_nodes(text)
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
    if len(word) > MAX_ID_LENGTH:  # nothing that long is close, and comparing costs time
        return ""
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
    if value is not None and len(value) > MAX_ID_LENGTH:
        src.error(node, path, f"{quoted(value)} is too long for an id: at most "
                  f"{MAX_ID_LENGTH} characters")
        return None
    if value is not None and not ID_RE.match(value):
        src.error(node, path, f"{quoted(value)} is not an id: use lowercase letters, digits and "
                  "dashes, e.g. 'first-sum'")
        return None
    return value


def integer(src: Source, node: yaml.Node, path: str, low: int, high: int) -> int | None:
    """A whole number between low and high inclusive."""
    if not (isinstance(node, yaml.ScalarNode) and node.tag == INT):
        src.error(node, path, f"expected a whole number, got {describe_node(node)}")
        return None
    if len(str(node.value)) > MAX_NUMBER_LENGTH:
        src.error(node, path, f"must be from {low} to {high}, not a number of "
                  f"{len(str(node.value))} characters (at most {MAX_NUMBER_LENGTH})")
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
