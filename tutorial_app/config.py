"""Everything the app reads from its surroundings, in one place.

The environment variables, the places of the lessons, the rules page and the
progress store, and the logging set-up are decided here and nowhere else, so a
deployment has one page to read and a test one thing to override. Standard
library only: every layer of the app may import it.

- ``CASSINO_DB``: the progress store (a file path; default
  ``data/progress.sqlite3`` in the working folder of the checkout).
- ``CASSINO_LESSONS``: a folder of lesson files to serve instead of the
  shipped course.
- ``CASSINO_LOG_LEVEL``: ``DEBUG``, ``INFO``, ``WARNING`` (default) or ``ERROR``.

The shipped lessons and documents are package data (``tutorial_app.lessons``
and ``tutorial_app.docs``, mapped onto the repository's ``lessons/`` and
``docs/`` by pyproject.toml), so an installed package runs without a checkout.
"""

from __future__ import annotations

import logging
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

_CHECKOUT: Final = Path(__file__).resolve().parent.parent

DB_VARIABLE: Final = "CASSINO_DB"
LESSONS_VARIABLE: Final = "CASSINO_LESSONS"
LOG_VARIABLE: Final = "CASSINO_LOG_LEVEL"


def _env(name: str) -> str:
    return os.environ.get(name, "").strip()


@cache  # asked on every click (the store's path): the checkout does not move
def _is_checkout() -> bool:
    return (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "lessons").is_dir()


@cache  # asked on every click (the lessons' folder): the package does not move
def _packaged(package: str, fallback: str) -> Path:
    """A folder of package data; in a source checkout run without installing, the
    repository's own folder of that name."""
    try:
        return Path(str(resources.files(package)))
    except ModuleNotFoundError:
        return _CHECKOUT / fallback


def home() -> Path:
    """Where the app keeps its data by default: the checkout it runs from, or, for an
    installed package, the folder it was started in."""
    return _CHECKOUT if _is_checkout() else Path.cwd()


def shipped_lessons() -> Path:
    return _packaged("tutorial_app.lessons", "lessons")


def lessons_folder() -> Path:
    """$CASSINO_LESSONS, or the shipped course."""
    configured = _env(LESSONS_VARIABLE)
    return Path(configured).expanduser() if configured else shipped_lessons()


def docs_folder() -> Path:
    return _packaged("tutorial_app.docs", "docs")


def rules_page() -> Path:
    """The rules of record, shown on the Rules page."""
    return docs_folder() / "rules.md"


def db_path() -> Path:
    """The progress store's file: $CASSINO_DB, or data/progress.sqlite3 under `home()`."""
    configured = _env(DB_VARIABLE)
    return Path(configured).expanduser() if configured else home() / "data" / "progress.sqlite3"


def configure_logging() -> None:
    """Log to standard error with the cause of every fault (idempotent: Streamlit runs
    the entry script again on every click)."""
    level = getattr(logging, _env(LOG_VARIABLE).upper() or "WARNING", logging.WARNING)
    root = logging.getLogger("tutorial_app")
    root.setLevel(level)
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
