"""The cookie route (ui/cookie_route.py) called as the server calls it, with a request
made by hand: a ticket becomes an HttpOnly, SameSite=Strict cookie (Secure over https)
once; a "clear" removes the cookie; posts without the app's header or from another
origin are refused. (The browser's side: tests/browser/test_browser_identity.py.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.requests import Request
from starlette.responses import Response

from tutorial_app.services.devices import LEARNERS, Devices, token_hash
from tutorial_app.services.store import ProgressStore
from tutorial_app.ui import cookie_route


def post(body: str, scheme: str = "http", origin: str | None = None,
         header: bool = True) -> Response:
    headers = [(b"host", b"school.example:8501")]
    if header:
        headers.append((cookie_route.HEADER.lower().encode(), b"1"))
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body.encode(), "more_body": False}

    scope = {"type": "http", "method": "POST", "scheme": scheme, "path": cookie_route.PATH,
             "raw_path": cookie_route.PATH.encode(), "query_string": b"", "headers": headers,
             "server": ("school.example", 8501), "client": ("203.0.113.7", 5555)}
    return asyncio.run(cookie_route.cookie(Request(scope, receive)))


@pytest.fixture
def routed(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setattr(cookie_route, "_store", lambda: store)
    return store


def test_a_ticket_becomes_an_httponly_cookie_once(routed: ProgressStore) -> None:
    browsers = Devices(routed, LEARNERS)
    session = browsers.open(routed.learner("Ana").id)
    ticket = browsers.ticket(session)
    answer = post(f"ticket={ticket}", scheme="https", origin="https://school.example:8501")
    assert answer.status_code == 204
    set_cookie = answer.headers["set-cookie"]
    assert set_cookie.startswith("cassino_device=")
    for part in ("HttpOnly", "SameSite=strict", "Secure", "Path=/", "Max-Age="):
        assert part.lower() in set_cookie.lower(), part
    token = set_cookie.split(";")[0].split("=", 1)[1]
    found = browsers.find(token)
    assert found is not None and found.id == session
    with routed.engine.connect() as con:
        kept = {str(r[0]) for r in con.exec_driver_sql("SELECT token_hash FROM devices")}
    assert kept == {token_hash(token)}
    assert post(f"ticket={ticket}").status_code == 410  # used up
    plain = post(f"ticket={browsers.ticket(session)}")  # over http: not Secure
    assert "secure" not in plain.headers["set-cookie"].lower()


def test_clear_removes_the_cookie(routed: ProgressStore) -> None:
    answer = post("clear=cassino_teacher")
    assert answer.status_code == 204
    assert 'cassino_teacher=""' in answer.headers["set-cookie"] or \
        "cassino_teacher=;" in answer.headers["set-cookie"]
    assert "max-age=0" in answer.headers["set-cookie"].lower()
    assert post("clear=other_cookie").status_code == 403


def test_only_the_apps_own_posts_are_taken(routed: ProgressStore) -> None:
    browsers = Devices(routed, LEARNERS)
    ticket = browsers.ticket(browsers.open(routed.learner("Ana").id))
    assert post(f"ticket={ticket}", header=False).status_code == 403
    assert post(f"ticket={ticket}", origin="https://evil.example").status_code == 403
    assert post("ticket=" + "x" * 43).status_code == 410
    assert post("nonsense").status_code == 403
    assert post(f"ticket={ticket}").status_code == 204  # still good after the refusals
