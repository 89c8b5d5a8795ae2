"""The layers of the code import only downwards, and the package list is complete.

Read from the source with `ast`, so a forbidden import fails here even in a
branch no test runs. The layers, lowest first (docs/architecture.md):

    engine            the rules; the standard library only
    config            the environment and paths; the standard library only
    words             the lookup t(), the English catalogue, the languages; no Streamlit
    course            lessons, goals, checking, proofs, practice; no Streamlit
    services          the progress store, sign-in; no Streamlit
    flows             one controller per page; no Streamlit
    ui                drawing with Streamlit, from a controller's screen; not services
                      (the exceptions below, each with its reason)
    views             one short render() per page; never another view (a part two
                      pages share, or a page's part, is a ui/ module)
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
RANK = {"config": 0, "words": 1, "course": 2, "services": 3, "flows": 4, "ui": 5, "views": 6,
        "app": 7, "serve": 7,  # the app, and the server's entry that runs it
        "admin": 7,  # the teacher-account command: the store's services, nothing above
        "tools": 8}
STREAMLIT_FROM = RANK["ui"]
THIRD_PARTY = {"yaml", "streamlit", "sqlalchemy", "alembic", "psycopg", "babel", "segno",
               "tornado", "playwright", "websockets", "regex", "confusable_homoglyphs", "fsrs",
               "starlette",  # Streamlit's own server, for st.App's cookie route
               "ua_parser",  # services/agents.py: browsers named from their user agent
               "numpy"}  # course/practice/fit.py: the models fitted to the attempts, as arrays


# The ui modules that may import `tutorial_app.services`, and why. Every other ui module
# draws what a controller (flows/) says and calls its methods; the store, sign-in and
# classes are the controllers' business.
UI_SERVICES_ALLOWED = {
    # the session's wiring: opens the store, the progress cache, the classes and the
    # sign-in decisions once per session, and hands them to the pages' controllers
    "tutorial_app.ui.session": "opens the store and the sign-in services for every page",
    # server glue that runs outside any page and its controller
    "tutorial_app.ui.connections": "the server's middleware: the client's address, the "
                                   "sessions one address may hold (no page, no session)",
    "tutorial_app.ui.cookie_route": "the HttpOnly cookie route: an HTTP handler, no page",
    "tutorial_app.ui.live_call": "the store's faults, caught around the banner on every page",
    "tutorial_app.ui.teacher": "the teacher's sign-in form and guard, drawn on every "
                               "teacher page before its controller exists",
}


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


def test_every_module_of_the_app_has_a_layer() -> None:
    """A module outside every layer is checked by nothing (admin.py and serve.py were)."""
    unplaced = [module for module, _ in modules()
                if module.startswith("tutorial_app.") and module != "tutorial_app.__init__"
                and layer(module) is None]
    assert not unplaced, f"give these a layer in RANK: {unplaced}"


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


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize("module,path",
                         [m for m in modules() if _in(m[0], "tutorial_app.ui")],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_ui_draws_and_leaves_services_to_the_controllers(module: str, path: Path) -> None:
    """ui/ draws a controller's screen; only the modules listed (with their reason) may
    reach the store or sign-in themselves."""
    if module in UI_SERVICES_ALLOWED:
        return
    problems = [f"{line}: imports {name}" for line, name in imports(path)
                if _in(name, "tutorial_app.services")]
    assert not problems, (f"{path.relative_to(ROOT)} (ask a controller in flows/ instead):\n"
                          + "\n".join(problems))


def test_the_ui_exceptions_are_still_needed() -> None:
    """An exception no longer used is struck from the list, so the list stays true."""
    found = dict(modules())
    stale = [module for module in UI_SERVICES_ALLOWED
             if module not in found or not any(_in(name, "tutorial_app.services")
                                                for _, name in imports(found[module]))]
    assert not stale, f"remove from UI_SERVICES_ALLOWED: {stale}"


@pytest.mark.parametrize("module,path",
                         [m for m in modules() if _in(m[0], "tutorial_app.views")],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_a_view_never_imports_another_view(module: str, path: Path) -> None:
    """A view is one page; a part of a page, or a part two pages share, lives in ui/."""
    problems = [f"{line}: imports {name}" for line, name in imports(path)
                if _in(name, "tutorial_app.views") and name != "tutorial_app.views"
                and not _in(name, module)]
    assert not problems, f"{path.relative_to(ROOT)}:\n" + "\n".join(problems)


def test_every_package_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    on_disk = {".".join(init.parent.relative_to(ROOT).parts)
               for package in ("engine", "tutorial_app")
               for init in (ROOT / package).rglob("__init__.py")}
    missing = on_disk - listed
    assert not missing, f"add to pyproject.toml [tool.setuptools] packages: {missing}"
