"""The layers of the code import only downwards, and the package list is complete.

Read from the source with `ast`, so a forbidden import fails here even in a
branch no test runs. The layers, lowest first (docs/architecture.md):

    engine            the rules; the standard library only
    config            the environment and paths; the standard library only
    course            lessons, goals, checking, translation; no Streamlit
    services          the progress store, sign-in; no Streamlit
    flows             one controller per page; no Streamlit
    ui                drawing with Streamlit
    views             one short render() per page
    app               the entry script and navigation
    tools             benchmarks and the load test (may use anything)
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RANK = {"config": 0, "course": 1, "services": 2, "flows": 3, "ui": 4, "views": 5, "app": 6,
        "tools": 7}
STREAMLIT_FROM = RANK["ui"]
THIRD_PARTY = {"yaml", "streamlit", "sqlalchemy", "alembic", "psycopg", "babel", "segno",
               "tornado", "playwright", "websockets", "regex", "confusable_homoglyphs", "fsrs",
               "starlette",  # Streamlit's own server, for st.App's cookie route
               "ua_parser",  # services/agents.py: browsers named from their user agent
               "numpy"}  # course/fit.py: the models fitted to the attempts, as arrays


def modules() -> Iterator[tuple[str, Path]]:
    for package in ("engine", "tutorial_app"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            yield ".".join(parts), path


def imports(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            for alias in node.names:  # `from tutorial_app import flows` names a layer too
                yield node.lineno, f"{node.module}.{alias.name}"


def layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "tutorial_app" or len(parts) < 2:
        return None
    return RANK.get(parts[1])


def test_the_engine_needs_nothing_but_the_standard_library() -> None:
    problems = [f"{path.relative_to(ROOT)}:{line}: imports {name}"
                for module, path in modules() if module.startswith("engine")
                for line, name in imports(path)
                if name.split(".")[0] not in sys.stdlib_module_names
                and name.split(".")[0] != "engine"]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("module,path", [m for m in modules() if layer(m[0]) is not None],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_imports_go_downwards(module: str, path: Path) -> None:
    own = layer(module)
    assert own is not None
    problems = []
    for line, name in imports(path):
        top = name.split(".")[0]
        target = layer(name)
        if target is not None and target > own:
            problems.append(f"{line}: {name} is above {module.split('.')[1]}")
        if top == "streamlit" and own < STREAMLIT_FROM:
            problems.append(f"{line}: Streamlit below the ui layer")
        if own == RANK["config"] and top not in sys.stdlib_module_names:
            problems.append(f"{line}: config imports {name}")
        if top not in sys.stdlib_module_names and top not in {"engine", "tutorial_app",
                                                              *THIRD_PARTY}:
            problems.append(f"{line}: {name} is not a declared dependency")
    assert not problems, f"{path.relative_to(ROOT)}:\n" + "\n".join(problems)


def test_every_package_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    on_disk = {".".join(init.parent.relative_to(ROOT).parts)
               for package in ("engine", "tutorial_app")
               for init in (ROOT / package).rglob("__init__.py")}
    missing = on_disk - listed
    assert not missing, f"add to pyproject.toml [tool.setuptools] packages: {missing}"
