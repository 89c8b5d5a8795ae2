"""The browser bench runs (tools/browser_bench.py, `make bench-browser`) and prints a time
for each page's first view, the lesson tap and the first page after choosing a language:
one run each against the test server with the real course, in a process of its own (it
drives its own Chromium). No time is asserted: the figures are for docs/performance.md,
and a loaded machine would fail any limit."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from browserserver import TEACHER, Server

from tutorial_app.tools.browser_bench import PAGES

pytestmark = pytest.mark.slow  # about a minute: sent out first (tests/conftest.py)


def test_the_bench_prints_a_time_for_every_page(real_server: Server) -> None:
    env = dict(os.environ, CASSINO_TEACHER_PASSWORD=TEACHER[1])
    done = subprocess.run(
        [sys.executable, "-m", "tutorial_app.tools.browser_bench", "--url", real_server.url,
         "--teacher", TEACHER[0], "--runs", "1", "--clicks", "1", "--pause", "0"],
        env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {m.group(1): m.group(2) for m in re.finditer(
        r"^\| ([^|]+?) \| (\d+) \| \d+-\d+ \| \d+ \| 1 \| \d+ / \d+ \|$", done.stdout,
        flags=re.M)}
    names = [probe.name for probe in PAGES]
    names += ["Lesson: a tap on a card, to it drawn chosen", "Welcome, after tapping Español",
              "Learn, the first page after it (Empezar tapped)"]
    assert set(rows) == set(names), done.stdout
    assert "load average" in done.stdout
