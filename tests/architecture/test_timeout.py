"""The suite's timeout fires: a pytest session run with the project's conftest (and so
its fuzz helpers) and `--timeout 1` fails each of these tests with pytest-timeout's
Timeout instead of letting it run on.

pytest-timeout's alarm raises its failure at the Python line that runs when the
signal is handled. After a long garbage collection that line was the gc callback
tests/fuzzing.py installed in every test process, where Python drops exceptions
("Exception ignored"), and a 378 s fixture passed. The callback now runs only while
a fuzz input is timed, and tests/conftest.py asks again for an alarm dropped so.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SESSION = '''
import gc
import time

from fuzzing import RECORD

HEAP = [[n] for n in range(300_000)]  # a heap each full collection walks for a while


def test_a_sleep():
    time.sleep(5)


def test_collections_outside_the_fuzz_tests():
    end = time.monotonic() + 5
    while time.monotonic() < end:
        gc.collect()


def test_collections_in_a_fuzz_input_then_plain_work():
    """Collections past the alarm (timed by the fuzz helpers' gc callback, where the
    first alarm lands and is dropped), then work without any, where the alarm asked
    for again lands."""
    start = time.monotonic()
    with RECORD.input("timeout", "collections"):
        while time.monotonic() < start + 1.5:
            gc.collect()
        while time.monotonic() < start + 5:
            pass
'''


def test_the_timeout_fails_a_test_that_runs_past_it(tmp_path: Path) -> None:
    (tmp_path / "test_slow.py").write_text(SESSION, encoding="utf-8")
    report = tmp_path / "report.xml"
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTEST_", "CASSINO_")) and key != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT / "tests")  # fuzzing.py, as the suite imports it
    # The suite's own settings (pyproject.toml) and conftest, loaded as a plugin since
    # the test file lives outside tests/; one process, no workers.
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"),
         "--rootdir", str(ROOT), "-p", "tests.conftest", "-p", "no:cacheprovider",
         "-p", "no:xdist", "-q", "--timeout", "1", f"--junitxml={report}",
         str(tmp_path / "test_slow.py")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    cases = ElementTree.parse(report).getroot().iter("testcase")
    outcomes = {case.get("name"): [failure.get("message", "")
                                   for failure in case.iter("failure")] for case in cases}
    assert outcomes == {
        "test_a_sleep": ["Failed: Timeout (>1.0s) from pytest-timeout."],
        "test_collections_outside_the_fuzz_tests":
            ["Failed: Timeout (>1.0s) from pytest-timeout."],
        "test_collections_in_a_fuzz_input_then_plain_work":
            ["Failed: Timeout (>1.0s) from pytest-timeout."],
    }, done.stdout[-3000:]
