"""`make replicas N=3`: several app processes sharing one PostgreSQL, behind nginx.

    python -m tutorial_app.tools.replicas -n 3 [--port 8080] [--first-port 8501]
                                          [--db postgresql://user@host/db] [--host 0.0.0.0]

One Streamlit process serves a bounded number of learners (every click reruns a page
in its Python), so a school runs several and puts a reverse proxy in front. This
starts N `streamlit run tutorial_app/serve.py` processes on consecutive ports, all with
CASSINO_DB naming one PostgreSQL database (by default postgresql://postgres@127.0.0.1:
5432/cassino, created if missing), and nginx with tutorial_app/tools/deploy/nginx.conf:
sticky sessions by a cookie, the websocket passed through, the connections one client
address may hold bounded. nginx listens on 127.0.0.1 unless `--host` says where phones
reach it (0.0.0.0: every address of this machine). It prints the address to open, each
replica's port and process id, and the load-test command for them; Ctrl-C (or SIGTERM)
stops everything it started. The replicas take the browser's address from nginx's
X-Forwarded-For: nginx runs on this machine, which CASSINO_TRUSTED_PROXIES trusts by
default (ui/connections.py).

Anything a learner does reaches the other replicas through the database: progress,
the kept game, the class's settings; a live classroom question or homework kept in the
store is seen by a projector attached to another replica the same way. What lives in
one process's memory is only the browser session itself, which is why the proxy keeps
each browser on one replica.

nginx comes from Debian (`apt-get install nginx`); run as root without it, this
installs it first. The schema is migrated once before the replicas start (they would
agree among themselves anyway: see services/db.py).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import Final, TextIO

import psycopg
from sqlalchemy.engine import make_url

from tutorial_app import config
from tutorial_app.services.store import ProgressStore

ROOT: Final = Path(__file__).resolve().parents[2]
APP: Final = Path(__file__).resolve().parents[1] / "serve.py"  # app.py and the cookie route
NGINX_CONF: Final = Path(__file__).resolve().parent / "deploy" / "nginx.conf"
DEFAULT_DB: Final = "postgresql://postgres@127.0.0.1:5432/cassino"
START_TIMEOUT: Final = 90.0


class ReplicaError(RuntimeError):
    """Something the replicas need is missing or did not start; the message says what."""


def port_free(port: int) -> bool:
    """Whether a server could listen on the port now (as Streamlit and nginx do, with
    SO_REUSEADDR: a port a stopped server left in TIME_WAIT counts as free)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ReplicaError(f"{url}: exited with {process.returncode}\n{tail(log)}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    raise ReplicaError(f"{url} did not answer within {START_TIMEOUT:.0f} s\n{tail(log)}")


def tail(log: Path, lines: int = 15) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def ensure_database(url: str) -> None:
    """Create the PostgreSQL database of `url` if it does not exist (connecting to the
    server's `postgres` database to do so)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql" or not parsed.database:
        return
    admin = parsed.set(drivername="postgresql", database="postgres")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True,
                         connect_timeout=5) as con:
        exists = con.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                             (parsed.database,)).fetchone()
        if not exists:
            con.execute(f'CREATE DATABASE "{parsed.database}"')
            print(f"replicas: created the database {parsed.database}")


def find_nginx(install: bool) -> str:
    """nginx's path; installed from Debian's packages first if missing, allowed and root."""
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None)
    if found:
        return found
    how = "apt-get install nginx"
    if install and os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"replicas: nginx is missing; {how}", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "nginx"], check=True, env=env)
        return find_nginx(install=False)
    raise ReplicaError(f"nginx is not installed: {how} (as root), then run this again")


def per_address(replicas: int) -> int:
    """The connections nginx lets one client address hold: the sessions each replica
    allows it (CASSINO_SESSIONS_PER_ADDRESS), for every replica, and 50 for pages and
    files being sent; 100,000 when the replicas set no cap."""
    cap = config.sessions_per_address()
    return 100_000 if cap is None else cap * replicas + 50


def nginx_config(listen: str, ports: Sequence[int], run: Path) -> str:
    servers = "\n        ".join(f"server 127.0.0.1:{port} max_fails=0;" for port in ports)
    return (NGINX_CONF.read_text().replace("{{RUN}}", str(run))
            .replace("{{LISTEN}}", listen).replace("{{SERVERS}}", servers)
            .replace("{{PER_ADDRESS}}", str(per_address(len(ports)))))


def _hostport(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class Replicas:
    """N app processes and nginx in front; a context manager, or start() and stop()."""

    def __init__(self, count: int, *, db: str, port: int = 8080, first_port: int = 8501,
                 lessons: Path | None = None, install_nginx: bool = True,
                 folder: Path | None = None, host: str = "127.0.0.1",
                 app_address: str = "127.0.0.1", env: Mapping[str, str] | None = None
                 ) -> None:
        """`host`: where nginx listens (0.0.0.0 or an address of this machine, for
        phones). `app_address`: where the replicas listen (127.0.0.1: only nginx
        reaches them; "::", Streamlit's default and `make run`'s, on every address and
        both IP versions, where nginx's connections arrive as ::ffff:127.0.0.1). `env`:
        more environment for the replicas (CASSINO_PUBLIC_URL, ...)."""
        self.count = count
        self.host = host
        self.app_address = app_address
        self.env = dict(env or {})
        self.db = config.database_url(db)
        self.port = port
        self.ports = [first_port + i for i in range(count)]
        self.lessons = lessons
        self.install_nginx = install_nginx
        self.folder = folder or Path(tempfile.mkdtemp(prefix="cassino-replicas-"))
        self.apps: list[subprocess.Popen[bytes]] = []
        self.nginx: subprocess.Popen[bytes] | None = None
        self._logs: list[TextIO] = []

    @property
    def url(self) -> str:
        """Where nginx answers (on this machine, when it listens on every address)."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{_hostport(host, self.port)}"

    def replica_url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.ports[index]}"

    @property
    def pids(self) -> list[int]:
        return [app.pid for app in self.apps]

    def start(self) -> Replicas:
        busy = [p for p in (self.port, *self.ports) if not port_free(p)]
        if busy:
            raise ReplicaError(f"ports in use: {busy} (choose others with --port/--first-port)")
        nginx = find_nginx(self.install_nginx)
        ensure_database(self.db)
        ProgressStore(self.db).close()  # migrate once, before the replicas start
        try:
            self._start_apps()
            self._start_nginx(nginx)
        except BaseException:
            self.stop()
            raise
        return self

    def _start_apps(self) -> None:
        # One secret for all, so a cookie Streamlit signs (its XSRF token) holds on any.
        env = dict(os.environ, CASSINO_DB=self.db,
                   STREAMLIT_SERVER_COOKIE_SECRET=secrets.token_urlsafe(32), **self.env)
        if self.lessons is not None:
            env["CASSINO_LESSONS"] = str(self.lessons)
        for index, port in enumerate(self.ports):
            log = self.folder / f"replica-{index + 1}.log"
            self._logs.append(log.open("w"))
            self.apps.append(subprocess.Popen(
                [sys.executable, "-m", "streamlit", "run", str(APP),
                 "--server.headless", "true", "--server.port", str(port),
                 "--server.address", self.app_address, "--browser.gatherUsageStats", "false",
                 "--server.fileWatcherType", "none"],
                cwd=ROOT, env=env, stdout=self._logs[-1], stderr=subprocess.STDOUT))
        for index, app in enumerate(self.apps):
            wait_healthy(self.replica_url(index), app, self.folder / f"replica-{index + 1}.log")

    def _start_nginx(self, nginx: str) -> None:
        conf = self.folder / "nginx.conf"
        conf.write_text(nginx_config(_hostport(self.host, self.port), self.ports,
                                     self.folder))
        checked = subprocess.run([nginx, "-t", "-q", "-p", str(self.folder), "-c", str(conf)],
                                 capture_output=True, text=True, check=False)
        if checked.returncode != 0:
            raise ReplicaError(f"nginx refused {conf}:\n{checked.stderr}")
        log = self.folder / "nginx.log"
        self._logs.append(log.open("w"))
        self.nginx = subprocess.Popen([nginx, "-p", str(self.folder), "-c", str(conf)],
                                      stdout=self._logs[-1], stderr=subprocess.STDOUT)
        wait_healthy(self.url, self.nginx, self.folder / "error.log")

    def describe(self) -> str:
        lines = [f"Cassino Tutor: {self.count} replicas on {make_url(self.db)!r}",
                 f"  open          {self.url}/  (nginx, sticky by the cookie cassino_replica)"]
        for index, app in enumerate(self.apps):
            lines.append(f"  replica {index + 1}     {self.replica_url(index)}  pid {app.pid}")
        lines.append(f"  logs          {self.folder}")
        pids = " ".join(f"--pid {pid}" for pid in self.pids)
        lines.append(f"  load test     .venv/bin/python -m tutorial_app.tools.loadtest "
                     f"--url {self.url} {pids}")
        return "\n".join(lines)

    def failed(self) -> str | None:
        """What has died, if anything."""
        for index, app in enumerate(self.apps):
            if app.poll() is not None:
                return f"replica {index + 1} exited with {app.returncode}"
        if self.nginx is not None and self.nginx.poll() is not None:
            return f"nginx exited with {self.nginx.returncode}"
        return None

    def stop(self) -> None:
        running = [p for p in (self.nginx, *self.apps) if p is not None and p.poll() is None]
        for process in running:
            process.terminate()
        for process in running:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for log in self._logs:
            log.close()
        self._logs.clear()

    def __enter__(self) -> Replicas:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()


def _stop_on(signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt(signum)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.tools.replicas",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("-n", "--replicas", type=int, default=3, help="app processes (3)")
    parser.add_argument("--port", type=int, default=8080, help="nginx's port (8080)")
    parser.add_argument("--first-port", type=int, default=8501,
                        help="the first replica's port; the others follow (8501)")
    parser.add_argument("--db", help="the shared store (default: $CASSINO_DB if it is a "
                        f"PostgreSQL URL, else {DEFAULT_DB})")
    parser.add_argument("--host", default="127.0.0.1",
                        help="where nginx listens: 127.0.0.1 (this computer only), 0.0.0.0 "
                        "(every address: phones on the network) or one address")
    parser.add_argument("--lessons", type=Path, help="a lessons folder instead of the course")
    parser.add_argument("--no-install", action="store_true",
                        help="never install nginx; say how instead")
    args = parser.parse_args(argv)
    configured = os.environ.get(config.DB_VARIABLE, "").strip()
    db = args.db or (configured if configured.startswith("postgres") else DEFAULT_DB)
    if config.sqlite_file(config.database_url(db)) is not None:
        print("replicas: note: the store is a SQLite file; that works for processes on one "
              "machine, but replicas on several machines need PostgreSQL", file=sys.stderr)
    signal.signal(signal.SIGTERM, _stop_on)
    replicas = Replicas(args.replicas, db=db, port=args.port, first_port=args.first_port,
                        lessons=args.lessons, install_nginx=not args.no_install,
                        host=args.host)
    try:
        with replicas:
            print(replicas.describe(), flush=True)
            print("Ctrl-C stops them all.", flush=True)
            while (why := replicas.failed()) is None:
                time.sleep(0.5)
            print(f"replicas: {why}; stopping the others", file=sys.stderr)
            return 1
    except KeyboardInterrupt:
        print("\nreplicas: stopped", flush=True)
        return 0
    except (ReplicaError, psycopg.OperationalError) as error:
        print(f"replicas: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
