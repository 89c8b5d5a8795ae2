"""Start the real app with `streamlit run` in a subprocess and drive it with
Playwright in Debian's Chromium. Skipped, with the reason, when /usr/bin/chromium
is missing."""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from shipped import shipped_course

from tutorial_app.course import Course, load_course
from tutorial_app.words.i18n import DEFAULT_LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
TEACHER = ("Teacher", "teacher-pass")
FIXTURE_COURSE = ROOT / "tests" / "support" / "fixtures" / "course"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(pytest.mark.skip(
                    reason="browser tests need Debian's Chromium at /usr/bin/chromium "
                           "(apt-get install chromium)"))


@functools.cache
def lessons_of(folder: Path | None) -> Course:
    """The course a server serves (None: the shipped one), loaded once per test process
    as the app loads it, without the feedback proofs (tests/support/shipped.py)."""
    if folder is None:
        return shipped_course()
    return load_course(folder, language=DEFAULT_LANGUAGE, proofs=False)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A running `streamlit run tutorial_app/serve.py` (the app and its cookie route)."""

    def unlock(self, name: str, lesson_id: str, step_id: str | None = None) -> None:
        """Mark done, for the learner `name`, every lesson that `lesson_id` requires at any
        depth, so a test can open it by its link (a locked lesson does not open). With
        `step_id`, the lesson is the stage of `lesson_id` that holds that step."""
        from tutorial_app.services.store import ProgressStore

        course = lessons_of(self.lessons)
        by_id = {lesson.id: lesson for lesson in course.lessons}
        if step_id is not None:
            lesson_id = next(lesson.id for lesson in course.lessons
                             if lesson.id.split("-")[0] == lesson_id.split("-")[0]
                             and lesson.id.startswith(lesson_id)
                             and any(step.id == step_id for step in lesson.steps))
        store = ProgressStore(self.db)
        try:  # a learner in no class (made if need be), or the one class learner so named
            named = store.learners_named(name)
            learner = named[0] if len(named) == 1 else store.learner(name)
            todo, done = list(by_id[lesson_id].requires), set()
            while todo:
                required = todo.pop()
                if required not in done:
                    done.add(required)
                    store.complete_lesson(learner.id, required, 3)
                    todo.extend(by_id[required].requires)
        finally:
            store.close()

    def __init__(self, db: Path | str, lessons: Path | None, log: Path) -> None:
        """`db` is anything CASSINO_DB takes: a SQLite file or a PostgreSQL URL."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db, self.lessons = db, lessons
        env = dict(os.environ, CASSINO_DB=str(db), CASSINO_TEACHER=TEACHER[0],
                   CASSINO_TEACHER_PASSWORD=TEACHER[1])  # the first teacher
        if lessons is not None:
            env["CASSINO_LESSONS"] = str(lessons)
        else:
            env.pop("CASSINO_LESSONS", None)
        self._log = log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "tutorial_app/serve.py",
             "--server.headless", "true", "--server.port", str(self.port),
             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT)
        self._wait()

    def _wait(self) -> None:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"streamlit exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        return
            except OSError:
                time.sleep(0.25)
        raise RuntimeError("streamlit did not start within 90 s")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("server")
    running = Server(folder / "progress.sqlite3", FIXTURE_COURSE, folder / "streamlit.log")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app with the real lessons/ folder (for screenshots)."""
    folder = tmp_path_factory.mktemp("real")
    running = Server(folder / "progress.sqlite3", None, folder / "streamlit.log")
    yield running
    running.stop()


# One Chromium per test process, started by the first browser test and closed when the
# process moves on to a test outside tests/browser (tests/conftest.py) or ends: the sync
# Playwright API keeps an asyncio loop running in the thread while it is open, and a
# later test's `asyncio.run` would find it ("cannot be called from a running event
# loop"). The browser files of a worker run one after another (--dist loadfile, in
# collection order), so they still share it.
_CHROMIUM: list[Any] = []  # [the sync_playwright manager, its Playwright, the browser]


def chromium() -> Any:
    """The process's Chromium, started if need be."""
    if not _CHROMIUM:
        from playwright.sync_api import sync_playwright

        manager = sync_playwright()
        playwright = manager.start()
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=CHROMIUM_ARGS)
        _CHROMIUM.extend((manager, playwright, launched))
    return _CHROMIUM[2]


def close_chromium() -> None:
    """Close the process's Chromium and stop Playwright's loop, if they are running."""
    if _CHROMIUM:
        manager, _, launched = _CHROMIUM
        _CHROMIUM.clear()
        launched.close()
        manager.__exit__(None, None, None)


@pytest.fixture(scope="module")
def browser() -> Any:
    """The process's Chromium (each test file still gets contexts of its own:
    browserpage.new_page)."""
    return chromium()
