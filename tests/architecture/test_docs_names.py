"""Every name the documents give in backticks is one the code has, so the docs cannot
drift from the code unnoticed (issue 33).

What counts as a reference to the code, in docs/*.md and README.md (inline code, not
the fenced examples):

- a path: a token without spaces, wildcards or <placeholders> that ends in .py, .md,
  .yaml, .toml, .po, .pot, .lines, .ini or .png, or has a `/` after a first folder the repository
  has (at its root, or in tutorial_app/, tutorial_app/course/ or tests/: the docs write
  `course/practice/plan.py`, `flows/live.py`, `steps/read.py` and `browser/` for short). It must
  exist from one of those folders; a bare file name (`movegen.py`) anywhere in the
  repository. `services/faults.STORE_FAULTS` is the module's file and a name in it;
- a dotted name: `a.b`, `a.b.c`, optionally called (`course.check_answer(...)`), whose
  first part is a package or module of engine/ or tutorial_app/ (by its last name:
  `store` is services/store.py, `page` flows/page.py) or a class defined there. Every
  further part must be found: a submodule, a name the module defines or imports, a
  class's method, attribute or field (`self.x = ...` included);
- a call of a bare name, `screen()`: a function or method of that name must be
  defined somewhere in engine/ or tutorial_app/ (or be Python's, `int()`);
- a table's column, `learners.scope`: a table declared in services/*tables.py must
  have that column;
- a test, `tests/services/test_signin_limits.py::test_...`: the file must define it.

A link between the documents, `[text](limits.md#signing-in)`, must reach a file that
exists and, after `#`, one of its headings as GitHub makes their anchors.

Not references: a first part the code does not define (`st.fragment`), a catalogue
key (`count.signin_wait`, the start of `count.signin_wait.one`), a Streamlit option
(`server.fileWatcherType`), and the few paths the docs name as examples to create
(EXAMPLES).
"""

from __future__ import annotations

import ast
import builtins
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
PACKAGES = ("engine", "tutorial_app")
BASES = (ROOT, ROOT / "tutorial_app", ROOT / "tutorial_app" / "course", ROOT / "tests",
         ROOT / "docs")
SUFFIXES = (".py", ".md", ".yaml", ".toml", ".po", ".pot", ".lines", ".ini", ".png")
STREAMLIT_OPTIONS = {"server", "client", "browser", "runner", "global", "logger", "theme"}
EXAMPLES = {  # paths a reader is told to create, never in the repository
    "locales/fr/grammar.toml",  # translating.md: a new language's grammar
    "docs/rules.fr.md",         # translating.md: its rules page
    "rNNNN_what.py",            # deploy.md: a new Alembic revision
    "data/progress.sqlite3",    # the store the app makes on its first run
}
SKIPPED = {".git", ".venv", "__pycache__", "node_modules"}

FENCE = re.compile(r"^(```|~~~).*?^\1", flags=re.M | re.S)
INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
CALLED = re.compile(r"^(?P<name>[A-Za-z_][\w.]*)\(.*\)$")


@dataclass
class Scope:
    """What a module or class holds by name: its names and, for a module, its file."""

    names: set[str] = field(default_factory=set)
    classes: dict[str, list[Scope]] = field(default_factory=dict)
    submodules: set[str] = field(default_factory=set)


def _class_scope(node: ast.ClassDef) -> Scope:
    scope = Scope()
    for item in ast.walk(node):
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            scope.names.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            scope.names.add(item.target.id)
        elif isinstance(item, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = item.targets if isinstance(item, ast.Assign) else [item.target]
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        scope.names.add(sub.id)
                    elif isinstance(sub, ast.Attribute):
                        scope.names.add(sub.attr)
    scope.names |= {base.id for base in node.bases if isinstance(base, ast.Name)}
    return scope


def _module_scope(path: Path) -> Scope:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    scope = Scope()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            scope.classes.setdefault(node.name, []).append(_class_scope(node))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            scope.names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            scope.names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.If, ast.Try)):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    scope.names.add(sub.id)
                elif isinstance(sub, (ast.FunctionDef, ast.ClassDef)):
                    scope.names.add(sub.name)
    return scope


class Code:
    """The app's modules by dotted name, and by last name; its classes by name."""

    def __init__(self) -> None:
        self.modules: dict[str, Scope] = {}
        self.by_last: dict[str, list[str]] = defaultdict(list)
        self.classes: dict[str, list[Scope]] = defaultdict(list)
        for package in PACKAGES:
            for path in sorted((ROOT / package).rglob("*.py")):
                parts = list(path.relative_to(ROOT).with_suffix("").parts)
                if parts[-1] == "__init__":
                    parts.pop()
                dotted = ".".join(parts)
                scope = _module_scope(path)
                self.modules[dotted] = scope
                self.by_last[parts[-1]].append(dotted)
                for name, found in scope.classes.items():
                    self.classes[name].extend(found)
            for folder in (ROOT / package).rglob("*"):  # namespace folders (lessons/...)
                if folder.is_dir() and "__pycache__" not in folder.parts:
                    dotted = ".".join(folder.relative_to(ROOT).parts)
                    self.modules.setdefault(dotted, Scope())
                    self.by_last[folder.name].append(dotted)
        for dotted in self.modules:
            parent, _, last = dotted.rpartition(".")
            if parent in self.modules:
                self.modules[parent].submodules.add(last)

    def defines(self, name: str) -> bool:
        """Some module or class of the app defines this name."""
        return any(name in scope.names for scope in self.modules.values()) or any(
            name in scope.names for scopes in self.classes.values() for scope in scopes)

    def knows(self, first: str) -> bool:
        return first in self.by_last or first in self.classes

    def resolves(self, parts: list[str]) -> bool:
        first, rest = parts[0], parts[1:]
        starts = [("module", m) for m in self.by_last.get(first, [])]
        starts += [("class", c) for c in self.classes.get(first, [])]
        return any(self._walk(kind, where, rest) for kind, where in starts)

    def _walk(self, kind: str, where: object, rest: list[str]) -> bool:
        if not rest:
            return True
        head, tail = rest[0], rest[1:]
        if kind == "class":
            assert isinstance(where, Scope)
            return head in where.names and (not tail or (
                head in where.classes and any(self._walk("class", c, tail)
                                              for c in where.classes[head])))
        assert isinstance(where, str)
        scope = self.modules[where]
        if head in scope.submodules and self._walk("module", f"{where}.{head}", tail):
            return True
        if head not in scope.names:
            return False
        if not tail:
            return True
        if head in scope.classes:
            return any(self._walk("class", c, tail) for c in scope.classes[head])
        # a name the module imports: follow it to a module or class of the app
        return (any(self._walk("module", m, tail) for m in self.by_last.get(head, []))
                or any(self._walk("class", c, tail) for c in self.classes.get(head, [])))


def references(text: str) -> list[tuple[int, str]]:
    """The backticked tokens of a document outside fenced blocks, with their line."""
    kept = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return [(kept.count("\n", 0, m.start()) + 1, m.group(1).strip())
            for m in INLINE.finditer(kept)]


def _folders() -> set[str]:
    return {p.name for base in BASES for p in base.iterdir() if p.name not in SKIPPED}


FOLDERS = _folders()


def _files() -> set[str]:
    """The name of every file and folder of the repository (not .git, .venv, caches)."""
    names: set[str] = set()
    for _folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if d not in SKIPPED]
        names.update(subfolders, files)
    return names


FILES = _files()


def is_path(token: str) -> bool:
    if " " in token or any(c in token for c in "*<>{}$?=:,()") or token in EXAMPLES:
        return False
    if "/" in token:
        return token.removeprefix("./").split("/")[0] in FOLDERS
    return token.endswith(SUFFIXES)


def path_exists(token: str) -> bool:
    token = token.rstrip("/").removeprefix("./")
    if "/" not in token:
        return token in FILES
    return any((base / token).exists() for base in BASES)


def _module_and_names(token: str) -> list[str] | None:
    """`services/faults.STORE_FAULTS` as the dotted name `services.faults.STORE_FAULTS`."""
    folder, _, last = token.rpartition("/")
    if (not folder or not DOTTED.fullmatch(last) or last.endswith(SUFFIXES)
            or not re.fullmatch(r"[\w/]+", folder) or folder.split("/")[0] not in FOLDERS):
        return None
    return [*folder.split("/"), *last.split(".")]


def _test_exists(token: str) -> bool:
    """`tests/flows/test_x.py::test_y`: the file has that test."""
    file, _, test = token.partition("::")
    return (ROOT / file).is_file() and re.search(
        rf"^\s*def {re.escape(test)}\(", (ROOT / file).read_text(encoding="utf-8"),
        flags=re.M) is not None


def _tables() -> dict[str, set[str]]:
    """Every table of the store and its columns, read from services/*tables.py."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "tutorial_app" / "services").glob("*tables.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        shared = {c.args[0].value for f in tree.body if isinstance(f, ast.FunctionDef)
                  for c in ast.walk(f) if _is_call(c, "Column")}
        for call in ast.walk(tree):
            if _is_call(call, "Table"):
                columns = {c.args[0].value for c in ast.walk(call) if _is_call(c, "Column")}
                found.setdefault(call.args[0].value, set()).update(columns | shared)
    return found


def _is_call(node: ast.AST, name: str) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == name and bool(node.args)
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))


def _catalogue_keys() -> set[str]:
    """Every English catalogue key and every start of one (`count.card` of
    `count.card.one`)."""
    keys: set[str] = set()
    for path in (ROOT / "tutorial_app").rglob("messages_*.py"):
        for key in re.findall(r'^\s*"([a-z][\w.-]*)"\s*:', path.read_text(encoding="utf-8"),
                              flags=re.M):
            parts = key.split(".")
            keys |= {".".join(parts[:n]) for n in range(2, len(parts) + 1)}
    return keys


TABLES = _tables()
KEYS = _catalogue_keys()


_CODE: Code | None = None


def code() -> Code:
    global _CODE
    if _CODE is None:
        _CODE = Code()
    return _CODE


def drift(path: Path) -> list[str]:
    """The references of one document that the code does not have."""
    wrong = []
    for line, token in references(path.read_text(encoding="utf-8")):
        called = CALLED.match(token)
        name = called.group("name") if called else token
        parts = _module_and_names(token)
        if re.fullmatch(r"\.\w+", token) or token in EXAMPLES:  # `.po`, a file to make
            continue
        if re.fullmatch(r"[\w/.-]+::\w+", token):
            if not _test_exists(token):
                wrong.append(f"{path.name}:{line}: `{token}` (no such test)")
        elif parts is not None:
            if not code().resolves(parts):
                wrong.append(f"{path.name}:{line}: `{token}` (not in the code)")
        elif called and "." not in name:
            if not code().defines(name) and name not in dir(builtins):
                wrong.append(f"{path.name}:{line}: `{token}` (not in the code)")
        elif is_path(token):
            if not path_exists(token):
                wrong.append(f"{path.name}:{line}: `{token}` (no such file)")
        elif DOTTED.fullmatch(name) and name.count(".") == 1 and name.split(".")[0] in TABLES:
            table, column = name.split(".")
            if column not in TABLES[table]:
                wrong.append(f"{path.name}:{line}: `{token}` (no such column)")
        elif (DOTTED.fullmatch(name) and code().knows(name.split(".")[0])
              and name not in KEYS and name.split(".")[0] not in STREAMLIT_OPTIONS
              and not code().resolves(name.split("."))):
            wrong.append(f"{path.name}:{line}: `{token}` (not in the code)")
    return wrong


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_name_in_backticks_is_in_the_code(path: Path) -> None:
    assert drift(path) == []


LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a document's headings ("## The test suite" is
    `the-test-suite`; a repeated heading gets `-1`, `-2`)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} (.*)$", text, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return found


def broken_links(path: Path) -> list[str]:
    wrong = []
    for target in LINK.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        file, _, anchor = target.partition("#")
        dest = path.parent / file if file else path
        if not dest.exists():
            wrong.append(f"{path.name}: ({target}) no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            wrong.append(f"{path.name}: ({target}) no such heading")
    return wrong


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_link_between_the_documents_resolves(path: Path) -> None:
    assert broken_links(path) == []


def test_a_link_to_a_heading_that_moved_is_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Other\n\n## The test suite\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[a](other.md#the-test-suite) [b](other.md#the-tests) [c](gone.md) "
                    "[d](#here)\n\n## Here\n", encoding="utf-8")
    assert broken_links(page) == ["page.md: (other.md#the-tests) no such heading",
                                  "page.md: (gone.md) no such file"]


def test_the_check_finds_a_name_that_drifted(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("The controller's `LessonController.answer_move(attempt)` asks "
                    "`answer_move(attempt)`, `answer(attempt)` and `int()`; it "
                    "`course.check_answers(step, attempt)`; see `flows/lesson.py`, "
                    "`flows/lessons.py`, `learners.scope`, `learners.scopes` and `st.fragment`.\n"
                    "```\n`LessonController.not_checked_in_a_fence`\n```\n"
                    "`LessonController.answer` and `flows.lesson.LessonController` are.\n",
                    encoding="utf-8")
    assert [w.split(": ", 1)[1] for w in drift(page)] == [
        "`LessonController.answer_move(attempt)` (not in the code)",
        "`answer_move(attempt)` (not in the code)",
        "`course.check_answers(step, attempt)` (not in the code)",
        "`flows/lessons.py` (no such file)",
        "`learners.scopes` (no such column)",
    ]
