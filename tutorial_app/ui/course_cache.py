"""The course, loaded once per server and again whenever a lesson file changes,
and the panel naming broken lesson files (the rest of the course still works).

Looking at every lesson file's time and size takes a few milliseconds (some forty
files), so it is done at most once every `CHECK_EVERY` seconds per folder, not on
every click: an edited lesson shows up within that time."""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from pathlib import Path
from typing import Final

import streamlit as st

from tutorial_app.config import lessons_folder
from tutorial_app.course import Course, load_course
from tutorial_app.course.reading.errors import LessonError
from tutorial_app.ui import safe_text
from tutorial_app.words.i18n import language, t

log = logging.getLogger(__name__)

Stamp = tuple[tuple[str, float, int], ...]
CHECK_EVERY: Final = 2.0  # seconds between two looks at the lesson files

_lock = threading.Lock()
_last: dict[str, tuple[float, Stamp, Course]] = {}  # folder -> when looked, stamp, course


def _stamp(folder: Path) -> Stamp:
    """Every lesson file's path, time and size: a new stamp loads the course again."""
    try:
        files = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml"))
        return tuple((str(p), p.stat().st_mtime, p.stat().st_size) for p in files)
    except OSError:  # a file removed while listed: the course already loaded stays
        log.warning("cannot list the lesson files in %s", folder, exc_info=True)
        return ()


@st.cache_resource(show_spinner=False, max_entries=16)
def _load_course(folder: str, stamp: Stamp, lang: str) -> Course:
    return load_course(Path(folder), language=lang, proofs=False)  # validate runs the proofs


def course() -> Course:
    """The course from the lessons folder in the run's language (its lesson texts and
    the sentences made when loading are in it); loaded again whenever a file changes."""
    folder = lessons_folder()
    lang = language()
    key = f"{folder}\n{lang}"
    now = time.monotonic()
    with _lock:
        last = _last.get(key)
    if last is not None and now - last[0] < CHECK_EVERY:
        return last[2]
    stamp = _stamp(folder)
    loaded = (last[2] if last is not None and last[1] == stamp
              else _load_course(str(folder), stamp, lang))
    with _lock:
        _last[key] = (now, stamp, loaded)
    return loaded


def shown_error(error: LessonError, folder: Path) -> str:
    """A lesson file's problem as a visitor may read it: the file named from the
    lessons folder (`sums.yaml:3:5: ...`), never by the server's own path."""
    root = str(folder.resolve())
    path = Path(error.file)
    try:
        relative = path.resolve().relative_to(root).as_posix()
    except (ValueError, OSError):
        relative = path.name
    message = error.message.replace(root + os.sep, "").replace(root, ".")
    return str(dataclasses.replace(error, file=relative, message=message))


def course_errors_panel(current: Course) -> None:
    """Name every broken lesson file and its problem; the rest of the course still works."""
    errors = list(current.errors)
    if not errors:
        return
    folder = lessons_folder()
    with st.expander(t("course.errors_title", n=len(errors)), expanded=True,
                     icon=":material/error:"):
        for error in errors:
            st.error(safe_text.plain(shown_error(error, folder)))
