"""The server's connections: whose address a request comes from behind a proxy, how
many sessions one address may hold, and the process's open-files limit.

serve.py installs these before the server takes its first connection:

- `ForwardedFor` (middleware): a request from a trusted proxy ($CASSINO_TRUSTED_PROXIES,
  config.trusted_proxies: by default a proxy on this machine) is taken to come from the
  address the proxy names in `X-Forwarded-For` (the right-most one that is not itself a
  trusted proxy: a browser's own `X-Forwarded-For` is on its left, and ignored), with
  the scheme it names in `X-Forwarded-Proto`. A request from any other peer keeps the
  peer's address, whatever it says. uvicorn does the same before the app sees the
  request, but it trusts only 127.0.0.1 and ::1 (its FORWARDED_ALLOW_IPS, read before
  serve.py is imported), and a dual-stack server (Streamlit's default "::", as `make
  run` starts it) sees a proxy on 127.0.0.1 as ::ffff:127.0.0.1: then every phone
  counted as this machine, "local".
- `CapSessions` (middleware): every open page is a session on the websocket
  `/_stcore/stream`; one address may hold `cap` of them in this process
  (services/session_cap.py says why). The next websocket from that address is refused
  (HTTP 429 to the handshake), and a page opened from it is answered 429 with a short
  page in the browser's language saying so, instead of a page that never connects.
- `raise_open_files_limit()`: the soft RLIMIT_NOFILE raised to the hard one (Linux
  starts many services with 1,024 soft, 524,288 hard): each session holds four file
  descriptors (docs/deploy.md, "Sessions per address", has the figures).
"""

from __future__ import annotations

import html
import ipaddress
import logging
import resource
from collections.abc import Sequence
from typing import Final

from starlette.middleware import Middleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tutorial_app import config
from tutorial_app.flows.language import browser_language
from tutorial_app.services.guard import client_address
from tutorial_app.services.session_cap import SessionCap
from tutorial_app.words import i18n

log = logging.getLogger(__name__)

STREAM: Final = "/_stcore/stream"  # the page's websocket: one per session
# What a browser fetches besides the page itself: never answered with the refusal page.
NOT_PAGES: Final = ("/_stcore/", "/static/", "/app/static/", "/media/", "/component/",
                    "/_cassino/")
SCHEMES: Final = frozenset({"http", "https", "ws", "wss"})
_Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def _ip(text: str) -> _Address | None:
    """An address as written in a header or a scope ("10.0.0.5", "10.0.0.5:443",
    "[::1]:80", "::ffff:10.0.0.5", "fe80::1%eth0"), IPv4-mapped read as IPv4; None
    for anything else ("unknown", an obfuscated RFC 7239 name)."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        found = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


def _header(scope: Scope, name: bytes) -> list[str]:
    return [value.decode("latin-1") for key, value in scope.get("headers", ())
            if key == name]


class ForwardedFor:
    """The browser's address and scheme from a trusted proxy's headers (see the module
    docstring)."""

    def __init__(self, app: ASGIApp, trusted: Sequence[config.Network]) -> None:
        self.app = app
        self.trusted = tuple(trusted)

    def trusts(self, address: _Address | None) -> bool:
        return address is not None and any(
            address.version == network.version and address in network
            for network in self.trusted)

    def client(self, peer: str, forwarded: Sequence[str]) -> str | None:
        """The address a request from `peer` counts as coming from, when the peer is a
        trusted proxy that forwarded one (None: the peer's own address stands)."""
        if not forwarded or not self.trusts(_ip(peer)):
            return None
        hops = [hop.strip() for value in forwarded for hop in value.split(",")]
        hops = [hop for hop in hops if hop]
        for hop in reversed(hops):
            found = _ip(hop)
            if not self.trusts(found):
                return str(found) if found is not None else hop[:64]
        return str(_ip(hops[0])) if hops else None  # every hop a proxy of ours

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.get("client")
        if scope["type"] in ("http", "websocket") and peer:
            host = self.client(str(peer[0]), _header(scope, b"x-forwarded-for"))
            if host is not None:
                scope = {**scope, "client": (host, 0)}
                proto = _header(scope, b"x-forwarded-proto")
                if proto and proto[-1].strip().lower() in SCHEMES:
                    scheme = proto[-1].strip().lower()
                    if scope["type"] == "websocket":
                        scheme = scheme.replace("http", "ws")
                    scope["scheme"] = scheme
        await self.app(scope, receive, send)


def _address(scope: Scope) -> str:
    peer = scope.get("client")
    return client_address(peer[0] if peer else None)


def _is_page(scope: Scope) -> bool:
    """A browser opening a page of the app (not its scripts, assets or the websocket)."""
    if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
        return False
    path = str(scope.get("path", "/"))
    if any(part in path for part in NOT_PAGES):
        return False
    return any("text/html" in accept for accept in _header(scope, b"accept"))


def refusal_page(accept_language: str | None, cap: int) -> str:
    """The page a browser gets when its address holds the most sessions allowed, in the
    browser's language."""
    lang = browser_language(None, accept_language) or i18n.DEFAULT_LANGUAGE
    with i18n.using(lang):
        title = i18n.t("connections.full_title")
        body = i18n.count(cap, "connections-full")
    return (f'<!doctype html><html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title></head>"
            '<body style="font-family: sans-serif; max-width: 36em; margin: 2em auto; '
            f'padding: 0 1em"><h1>{html.escape(title)}</h1><p>{html.escape(body)}</p>'
            "</body></html>")


class CapSessions:
    """At most `cap.cap` open sessions per client address (see the module docstring)."""

    def __init__(self, app: ASGIApp, cap: SessionCap) -> None:
        self.app = app
        self.cap = cap

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and str(scope.get("path", "")).endswith(STREAM):
            address = _address(scope)
            if not self.cap.enter(address):
                await self._refuse_websocket(scope, receive, send)
                return
            try:
                await self.app(scope, receive, send)
            finally:
                self.cap.leave(address)
            return
        if _is_page(scope) and self.cap.cap is not None and self.cap.full(_address(scope)):
            languages = _header(scope, b"accept-language")
            body = refusal_page(languages[0] if languages else None, self.cap.cap)
            await _answer(send, 429, body.encode("utf-8"), "text/html; charset=utf-8",
                          head=scope.get("method") == "HEAD")
            return
        await self.app(scope, receive, send)

    async def _refuse_websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        message: Message = await receive()  # websocket.connect, before any answer
        if message.get("type") != "websocket.connect":
            return
        if "websocket.http.response" in scope.get("extensions", {}):
            text = (f"Too many sessions open from this address ({self.cap.cap}); "
                    "close some tabs.").encode()
            await send({"type": "websocket.http.response.start", "status": 429,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"retry-after", b"30")]})
            await send({"type": "websocket.http.response.body", "body": text})
        else:
            await send({"type": "websocket.close", "code": 1013})  # try again later


async def _answer(send: Send, status: int, body: bytes, kind: str, head: bool) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind.encode()),
                            (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store"), (b"retry-after", b"30")]})
    await send({"type": "http.response.body", "body": b"" if head else body})


def raise_open_files_limit() -> tuple[int, int]:
    """The soft limit on open files raised to the hard one; (before, after)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft == resource.RLIM_INFINITY or soft >= hard:
        return soft, soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (OSError, ValueError) as error:
        log.warning("could not raise the open-files limit from %d to %d: %s", soft, hard,
                    error)
        return soft, soft
    log.info("open-files limit raised from %d to %d", soft, hard)
    return soft, hard


def middleware() -> list[Middleware]:
    """What serve.py gives st.App, outermost first: the forwarded address, then the cap
    counted by it."""
    return [Middleware(ForwardedFor, trusted=config.trusted_proxies()),
            Middleware(CapSessions, cap=SessionCap(config.sessions_per_address()))]
