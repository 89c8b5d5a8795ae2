"""Start the real app for a load run: `streamlit run tutorial_app/serve.py` as `make run`
starts it, on a free port, with a fresh progress database in a temporary folder
(so a run never touches anyone's data/progress.sqlite3 and always starts with an
empty class)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

from tutorial_app import config

APP: Final = Path(__file__).resolve().parents[2] / "serve.py"  # app.py and the cookie route
START_TIMEOUT: Final = 90.0


class ServerStartError(RuntimeError):
    """Streamlit did not come up; the message ends with the tail of its log."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalServer:
    """One `streamlit run` process; use as a context manager, or start() and stop()."""

    def __init__(self, *, port: int | None = None, lessons: Path | None = None,
                 options: Sequence[str] = (), keep: bool = False) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.lessons = lessons
        self.options = list(options)  # extra "--section.option value" arguments
        self.keep = keep  # keep the temporary folder (database, log) afterwards
        self.folder = Path(tempfile.mkdtemp(prefix="cassino-load-"))
        self.db = self.folder / "progress.sqlite3"
        self.log_path = self.folder / "streamlit.log"
        self.process: subprocess.Popen[bytes] | None = None
        self._log: TextIO | None = None

    @property
    def pid(self) -> int:
        if self.process is None:
            raise RuntimeError("the server is not running")
        return self.process.pid

    def command(self) -> list[str]:
        return [sys.executable, "-m", "streamlit", "run", str(APP),
                "--server.headless", "true", "--server.port", str(self.port),
                "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
                *self.options]

    def start(self) -> LocalServer:
        env = dict(os.environ, CASSINO_DB=str(self.db))
        if self.lessons is not None:
            env["CASSINO_LESSONS"] = str(self.lessons)
        self._log = self.log_path.open("w")
        self.process = subprocess.Popen(self.command(), cwd=config.home(), env=env,
                                        stdout=self._log, stderr=subprocess.STDOUT)
        try:
            self._wait_healthy()
        except ServerStartError:
            self.stop()
            raise
        return self

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        assert self.process is not None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerStartError(f"streamlit exited with {self.process.returncode}:\n"
                                       + self.log_tail())
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        return
            except OSError:
                time.sleep(0.25)
        raise ServerStartError(f"streamlit did not answer within {START_TIMEOUT:.0f} s:\n"
                               + self.log_tail())

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None
        if not self.keep:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()
