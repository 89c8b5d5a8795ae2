"""Links phones can open (flows/address.py, ui/address.py): CASSINO_PUBLIC_URL when set,
else the address the teacher's browser opened unless it is this computer's, else the
server's network address; never localhost, and the projector says which. "Link to
this" is the link exactly, in a box with a copy button (no invisible characters)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelpers import click, open_page, sign_in
from streamlit.testing.v1 import AppTest
from test_app_live import make_class

from tutorial_app.flows.address import Where, app_address, app_root, is_local


@pytest.mark.parametrize(("configured", "browser", "ip", "listening", "base", "where"), [
    ("https://cassino.school.example/", "http://localhost:8501/classroom", "10.0.0.5", None,
     "https://cassino.school.example", Where.CONFIGURED),
    (None, "http://localhost:8501/classroom", "192.168.1.20", None,
     "http://192.168.1.20:8501", Where.NETWORK),
    (None, "http://127.0.0.1:8765/live", "192.168.1.20", "0.0.0.0",
     "http://192.168.1.20:8765", Where.NETWORK),
    (None, "http://[::1]:8501/", "10.1.2.3", None, "http://10.1.2.3:8501", Where.NETWORK),
    (None, "http://192.168.1.20:8501/classroom", "192.168.1.20", None,
     "http://192.168.1.20:8501", Where.BROWSER),
    (None, "https://cassino.lan/app/classroom", "10.0.0.5", None,
     "https://cassino.lan/app", Where.BROWSER),
    (None, "http://localhost:8501/classroom", "127.0.0.1", None,  # no network
     "http://localhost:8501", Where.NOWHERE),
    (None, "http://localhost:9000/", "192.168.1.20", "127.0.0.1",  # phones cannot: said
     "http://localhost:9000", Where.LOCAL_ONLY),
    (None, None, "192.168.1.20", None, "http://192.168.1.20:8501", Where.NETWORK),
    ("not a url", "http://localhost:8501/", "192.168.1.20", None,
     "http://192.168.1.20:8501", Where.NETWORK),
])
def test_the_address_phones_reach(configured: str | None, browser: str | None, ip: str,
                                  listening: str | None, base: str, where: Where) -> None:
    found = app_address(configured, browser, ip, 8501, listening)
    assert (found.base, found.where) == (base, where)
    line = found.line()
    assert base in line and "{" not in line
    if where is not Where.CONFIGURED:
        assert "CASSINO_PUBLIC_URL" in line
    if where is Where.NETWORK:
        assert "firewall" in line and "port 8" in line


def test_local_hosts_and_roots() -> None:
    assert is_local("localhost") and is_local("127.0.1.1") and is_local("::1")
    assert is_local("0.0.0.0") and is_local(None) and is_local("app.localhost")
    assert not is_local("192.168.1.2") and not is_local("cassino.lan")
    assert app_root("http://h:1/puzzles?puzzle=p1#x") == "http://h:1"
    assert app_root("http://h:1/app/learn/") == "http://h:1/app"


def test_the_join_link_uses_the_public_address(app: AppTest, db: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASSINO_PUBLIC_URL", "https://cassino.school.example")
    teacher = open_page(app, "classroom", puzzle="tp2")
    teacher.session_state["_db"] = str(db)
    code = make_class(teacher)
    captions = [str(c.value) for c in teacher.caption]
    assert any("Phones open https://cassino.school.example (set by CASSINO_PUBLIC_URL)"
               in c for c in captions), captions
    shown = teacher.get("image")  # the QR code, captioned with its link
    assert any(f"https://cassino.school.example/live?join={code}" in str(img.proto)
               for img in shown)


def test_without_it_the_join_link_is_never_localhost(app: AppTest, db: Path) -> None:
    teacher = open_page(app, "classroom", puzzle="tp2")
    teacher.session_state["_db"] = str(db)
    make_class(teacher)
    line = next(str(c.value) for c in teacher.caption if str(c.value).startswith("Phones")
                or "network" in str(c.value))
    assert "localhost" not in line or "no network address" in line


def test_link_to_this_is_the_link_exactly(app: AppTest,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASSINO_PUBLIC_URL", "http://192.168.7.7:8501")
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    click(app, "step-next")
    shown = [str(block.value) for block in app.code]
    assert shown == ["http://192.168.7.7:8501/?lesson=basics&step=which"], shown
    assert "\u2060" not in shown[0]
