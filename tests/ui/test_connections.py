"""The server's connections (ui/connections.py, services/session_cap.py, config.py),
called as the server calls them with scopes made by hand: the address a trusted proxy
forwards is the client's, an untrusted peer's is ignored; one address holds at most
the cap of sessions, and the next page gets a refusal in its language; the soft limit
on open files is raised. (The real server behind nginx: tests/browser/
test_journey_school.py.)"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import resource
import shutil
import subprocess
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest

from tutorial_app import config
from tutorial_app.services.session_cap import SessionCap
from tutorial_app.ui import connections
from tutorial_app.ui.connections import CapSessions, ForwardedFor

SCHOOL = "192.0.2.2"
ROOT = Path(__file__).resolve().parents[2]


def scope(kind: str = "http", peer: str = "127.0.0.1", path: str = "/",
          headers: dict[str, str] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {
        "type": kind, "path": path, "scheme": "ws" if kind == "websocket" else "http",
        "client": (peer, 40000), "server": ("127.0.0.1", 8501),
        "headers": [(k.lower().encode(), v.encode("latin-1"))
                    for k, v in (headers or {}).items()]}
    if kind == "http":
        found["method"] = "GET"
    else:
        found["extensions"] = {"websocket.http.response": {}}
    return found


def seen_by_app(middleware: type, incoming: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The scope the app behind the middleware is called with."""
    seen: dict[str, Any] = {}

    async def app(inner: dict[str, Any], receive: Any, send: Any) -> None:
        seen.update(inner)

    async def nothing(*_: Any) -> Any:
        return {}

    asyncio.run(middleware(app, **options)(incoming, nothing, nothing))
    return seen


def forwarded(peer: str, chain: str | None, proto: str | None = None,
              kind: str = "http") -> dict[str, Any]:
    headers = {}
    if chain is not None:
        headers["X-Forwarded-For"] = chain
    if proto is not None:
        headers["X-Forwarded-Proto"] = proto
    return seen_by_app(ForwardedFor, scope(kind, peer, headers=headers),
                       trusted=config.trusted_proxies())


# ----- the setting ---------------------------------------------------------------------


def test_a_proxy_on_this_machine_is_trusted_in_every_form_by_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.TRUSTED_PROXIES_VARIABLE, raising=False)
    assert config.trusted_proxies() == (ipaddress.ip_network("127.0.0.1/32"),
                                        ipaddress.ip_network("::1/128"))
    for peer in ("127.0.0.1", "::1", "::ffff:127.0.0.1"):  # the dual-stack form: the bug
        assert forwarded(peer, SCHOOL)["client"] == (SCHOOL, 0), peer
    assert forwarded("127.0.0.2", SCHOOL)["client"][0] == "127.0.0.2"  # not named


def test_the_setting_names_addresses_and_networks_in_either_form(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(config.TRUSTED_PROXIES_VARIABLE, "10.0.0.5, ::ffff:10.1.0.0/112 fd00::/8")
    assert [str(n) for n in config.trusted_proxies()] == ["10.0.0.5/32", "10.1.0.0/16",
                                                          "fd00::/8"]
    assert forwarded("::ffff:10.0.0.5", SCHOOL)["client"] == (SCHOOL, 0)
    assert forwarded("10.1.200.3", SCHOOL)["client"] == (SCHOOL, 0)
    assert forwarded("fd00::7", SCHOOL)["client"] == (SCHOOL, 0)
    assert forwarded("127.0.0.1", SCHOOL)["client"][0] == "127.0.0.1"  # no longer named
    monkeypatch.setenv(config.TRUSTED_PROXIES_VARIABLE, "10.0.0.5, proxy.school")
    with pytest.raises(ValueError, match=r"CASSINO_TRUSTED_PROXIES.*'proxy\.school'"):
        config.trusted_proxies()


def test_the_sessions_per_address_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.SESSIONS_VARIABLE, raising=False)
    assert config.sessions_per_address() == 150
    monkeypatch.setenv(config.SESSIONS_VARIABLE, "400")
    assert config.sessions_per_address() == 400
    monkeypatch.setenv(config.SESSIONS_VARIABLE, "0")
    assert config.sessions_per_address() is None
    for wrong in ("-1", "ten", "1e3", "١٠"):
        monkeypatch.setenv(config.SESSIONS_VARIABLE, wrong)
        with pytest.raises(ValueError, match="CASSINO_SESSIONS_PER_ADDRESS"):
            config.sessions_per_address()


# ----- the forwarded address -----------------------------------------------------------


def test_only_a_trusted_proxy_names_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.TRUSTED_PROXIES_VARIABLE, raising=False)
    # a peer that is no proxy of ours says whatever it likes: its own address stands
    assert forwarded(SCHOOL, "203.0.113.9")["client"] == (SCHOOL, 40000)
    # a browser's own header reaches the app on the left of what nginx adds: ignored
    assert forwarded("::ffff:127.0.0.1", f"203.0.113.9, {SCHOOL}")["client"] == (SCHOOL, 0)
    # two proxies of ours in a row: the first address before them
    assert forwarded("127.0.0.1", f"{SCHOOL}, 127.0.0.1")["client"] == (SCHOOL, 0)
    assert forwarded("127.0.0.1", "127.0.0.1")["client"] == ("127.0.0.1", 0)
    # written with ports, IPv6, mapped; a name that is no address is kept as written
    assert forwarded("127.0.0.1", f"{SCHOOL}:5123")["client"] == (SCHOOL, 0)
    assert forwarded("127.0.0.1", "[2001:db8::7]:443")["client"] == ("2001:db8::7", 0)
    assert forwarded("127.0.0.1", f"::ffff:{SCHOOL}")["client"] == (SCHOOL, 0)
    assert forwarded("127.0.0.1", "unknown")["client"] == ("unknown", 0)
    assert forwarded("127.0.0.1", None)["client"] == ("127.0.0.1", 40000)  # no header


def test_the_scheme_comes_from_a_trusted_proxy_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.TRUSTED_PROXIES_VARIABLE, raising=False)
    assert forwarded("::ffff:127.0.0.1", SCHOOL, "https")["scheme"] == "https"
    assert forwarded("::ffff:127.0.0.1", SCHOOL, "https", kind="websocket")["scheme"] == "wss"
    assert forwarded("::ffff:127.0.0.1", SCHOOL, "gopher")["scheme"] == "http"
    assert forwarded(SCHOOL, "203.0.113.9", "https")["scheme"] == "http"


# ----- the sessions per address --------------------------------------------------------


def test_the_count_refuses_past_the_cap_and_warns_once_a_minute(
        caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    cap = SessionCap(2, clock=lambda: now[0])
    assert cap.enter(SCHOOL) and cap.enter(SCHOOL) and cap.full(SCHOOL)
    assert cap.enter("198.51.100.4")  # another address is not held back
    with caplog.at_level(logging.WARNING, "tutorial_app.services.session_cap"):
        assert not cap.enter(SCHOOL) and not cap.enter(SCHOOL)
        now[0] += 61
        assert not cap.enter(SCHOOL)
    warned = [r.getMessage() for r in caplog.records]
    assert len(warned) == 2 and SCHOOL in warned[0], warned
    assert cap.open_from(SCHOOL) == 2
    cap.leave(SCHOOL)
    assert not cap.full(SCHOOL) and cap.enter(SCHOOL)
    unbounded = SessionCap(None)
    assert all(unbounded.enter(SCHOOL) for _ in range(1000)) and not unbounded.full(SCHOOL)


class Socket:
    """The server's side of one websocket, through CapSessions to an app that holds the
    session open until told to end it."""

    def __init__(self, cap: SessionCap, peer: str) -> None:
        self.cap, self.peer = cap, peer
        self.sent: list[dict[str, Any]] = []
        self.end = asyncio.Event()
        self.entered = False

    async def run(self) -> None:
        async def app(inner: MutableMapping[str, Any], receive: Any, send: Any) -> None:
            self.entered = True
            await self.end.wait()

        async def receive() -> dict[str, Any]:
            return {"type": "websocket.connect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            self.sent.append(dict(message))

        await CapSessions(app, cap=self.cap)(
            scope("websocket", self.peer, path="/_stcore/stream"), receive, send)


def test_a_websocket_past_the_cap_is_refused_and_a_page_is_told_why() -> None:
    async def scenario() -> None:
        cap = SessionCap(2)
        held = [Socket(cap, SCHOOL) for _ in range(2)]
        tasks = [asyncio.create_task(s.run()) for s in held]
        await asyncio.sleep(0)
        assert all(s.entered for s in held) and cap.open_from(SCHOOL) == 2
        third = Socket(cap, SCHOOL)
        await third.run()  # returns at once: refused
        assert not third.entered
        assert third.sent[0]["type"] == "websocket.http.response.start"
        assert third.sent[0]["status"] == 429
        other = Socket(cap, "198.51.100.4")  # another network is not held back
        other_task = asyncio.create_task(other.run())
        await asyncio.sleep(0)
        assert other.entered
        held[0].end.set()
        await tasks[0]
        assert cap.open_from(SCHOOL) == 1  # a page closed gives its place back
        again = Socket(cap, SCHOOL)
        again_task = asyncio.create_task(again.run())
        await asyncio.sleep(0)
        assert again.entered
        for s in (held[1], other, again):
            s.end.set()
        await asyncio.gather(tasks[1], other_task, again_task)
        assert cap.open_from(SCHOOL) == 0

    asyncio.run(scenario())


def page_answer(cap: SessionCap, headers: dict[str, str], path: str = "/") -> list[Any]:
    sent: list[Any] = []
    called: list[bool] = []

    async def app(*_: Any) -> None:
        called.append(True)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    asyncio.run(CapSessions(app, cap=cap)(scope("http", SCHOOL, path, headers), receive,
                                         send))
    return ["app"] if called else sent


def test_a_page_from_a_full_address_says_so_in_the_browsers_language() -> None:
    cap = SessionCap(2)
    browser = {"Accept": "text/html,application/xhtml+xml", "Accept-Language": "pt-BR,pt;q=0.9"}
    assert page_answer(cap, browser) == ["app"]
    cap.enter(SCHOOL)
    cap.enter(SCHOOL)
    start, body = page_answer(cap, browser)
    assert start["status"] == 429
    text = body["body"].decode()
    assert '<html lang="pt-BR">' in text and "Páginas abertas demais" in text
    assert "2 páginas do Cassino Tutor abertas" in text
    english = page_answer(cap, {"Accept": "text/html"}, "/learn")[1]["body"].decode()
    assert "2 pages of Cassino Tutor open from your network" in english
    # the page's scripts, files and the cookie route are not pages: passed on
    for path in ("/static/js/main.js", "/_stcore/health", "/_cassino/cookie"):
        assert page_answer(cap, {"Accept": "text/html"}, path) == ["app"], path
    assert page_answer(cap, {"Accept": "image/avif,image/*"}, "/favicon.png") == ["app"]


def test_the_soft_open_files_limit_is_raised_to_the_hard_one() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard <= 256:
        pytest.skip(f"no finite hard limit above 256 here ({hard})")
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    try:
        assert connections.raise_open_files_limit() == (256, hard)
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)
        assert connections.raise_open_files_limit() == (hard, hard)  # nothing to raise
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_the_one_process_site_in_the_docs_is_one_nginx_takes(tmp_path: Path) -> None:
    nginx = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None)
    if nginx is None:
        pytest.skip("nginx is not installed (apt-get install nginx)")
    deploy = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    section = deploy.split("## One process behind nginx", 1)[1].split("\n## ", 1)[0]
    (site,) = re.findall(r"```nginx\n(.*?)```", section, re.S)
    assert "proxy_pass http://127.0.0.1:8501;" in site
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in site and "limit_conn " in site
    conf = tmp_path / "nginx.conf"  # the site inside a main file, as Debian includes it
    conf.write_text(f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
                    f"events {{}}\nhttp {{\n    access_log off;\n"
                    f"    client_body_temp_path {tmp_path}/body;\n{site}}}\n")
    checked = subprocess.run([nginx, "-t", "-q", "-p", str(tmp_path), "-c", str(conf)],
                             capture_output=True, text=True, check=False, timeout=30)
    assert checked.returncode == 0, checked.stderr
