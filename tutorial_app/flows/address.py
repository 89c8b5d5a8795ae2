"""The address phones reach the app at (plain Python, no Streamlit).

A join link, its QR code or a "Link to this" is only worth something if a phone on
the classroom's network can open it, and the teacher's own browser often shows
`http://localhost:8501`, which on a phone means the phone. So every such link starts
with, in this order:

1. `CASSINO_PUBLIC_URL` when it is set (a proxy's name, an https address): the
   deployment knows best;
2. the address the teacher's browser opened, when it is not this computer's own
   (`localhost`, `127.x`): that address reached the server already;
3. the server's network address, found as Streamlit finds its "Network URL" (the
   interface that routes outwards), with the browser's port and path.

It is never `localhost` while another address can work: with no network address, or
a server listening on this computer only, this computer's address is given (it still
opens here), and `Where` says why phones cannot use it (the projector shows that
line).

Every absolute link the app shows, prints or encodes is made here, from one `Address`
(ui/address.py finds it for the page being drawn): a login card's QR code
(`card_link`), the projector's join link and its QR code (`join_link`), "Link to this"
(`share`); and a card prints the same address in words (`typed`), for a phone without
a camera. `PAGES` names every page's address (app.py's navigation has the same ones,
a test checks), so a link to any page is cut back to the app's root.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final
from urllib.parse import urlsplit

from tutorial_app.config import PUBLIC_URL_VARIABLE
from tutorial_app.flows import links
from tutorial_app.words.i18n import t

# Every page's address (`/learn`, ...), as app.py's navigation names them; Learn, the
# default page, is also the root `/`.
PAGES: Final = ("learn", "practice", "puzzles", "play", "live", "sandbox", "classroom",
                "cards", "rules")
LIVE_PAGE: Final = "live"
CARD: Final = "card"  # a login card's link, `/?card=KEY` (ui/session.py reads it)
JOIN: Final = "join"  # the projector's join link, `/live?join=CODE`
DEFAULT_PORT: Final = 8501


class Where(StrEnum):
    """Where the address came from."""

    CONFIGURED = "configured"  # CASSINO_PUBLIC_URL
    BROWSER = "browser"        # the address the teacher's browser opened
    NETWORK = "network"        # the server's network address
    NOWHERE = "nowhere"        # no network address: phones cannot reach it
    LOCAL_ONLY = "local-only"  # the server listens on this computer only


@dataclass(frozen=True, slots=True)
class Address:
    base: str   # the app's root, no trailing slash: f"{base}/live?join=..."
    where: Where

    def line(self) -> str:
        """The projector's line saying which address this is, and what to do if phones
        cannot open it."""
        port = urlsplit(self.base).port or DEFAULT_PORT
        return t(f"address.{self.where}", url=self.base, setting=PUBLIC_URL_VARIABLE,
                 port=port)

    @property
    def reaches_phones(self) -> bool:
        """Can a phone open it (as far as the server can tell)?"""
        return self.where not in (Where.NOWHERE, Where.LOCAL_ONLY)

    def link(self, page: str = "", params: Mapping[str, str] | None = None) -> str:
        """A page of the app (`""`: Learn, at the root) with its parameters, as phones
        open it."""
        return page_link(self.base, page, params or {})

    def card_link(self, key: str) -> str:
        """A login card's link: the QR code a phone's camera opens to sign in."""
        return self.link("", {CARD: key})

    def join_link(self, code: str) -> str:
        """The projector's join link: the class code filled in."""
        return self.link(LIVE_PAGE, {JOIN: code})

    def share(self, page: str, params: Mapping[str, str]) -> str:
        """"Link to this": a page with its parameters, naming the run's language unless
        it is English (flows/links.py)."""
        return links.share_url(self.base, page, params)

    @property
    def typed(self) -> str:
        """The address as a person types it in a phone's address bar, short enough to
        read off a card: no `http://` or `https://` (a browser adds it), no trailing
        slash: "192.168.1.20:8501", "cassino.school.example". A one-word name
        ("http://cassino:8501") keeps its scheme: typed alone, a browser would search
        for the word."""
        parts = urlsplit(self.base)
        host = parts.hostname or ""
        if "." not in host and ":" not in host:
            return self.base
        return self.base.split("://", 1)[-1].rstrip("/")


def page_link(base: str, page: str, params: Mapping[str, str]) -> str:
    """`base/page?params`, with the parameters percent-encoded and empty ones left out."""
    return f"{base.rstrip('/')}/{page}{links.query_string(params)}"


def is_local(host: str | None) -> bool:
    """This computer only: localhost, 127.x, ::1, or the unspecified 0.0.0.0 / ::."""
    if not host:
        return True
    if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(
            ".localhost"):
        return True
    try:
        found = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False  # a name: whoever opened it reached the server by it
    return found.is_loopback or found.is_unspecified


def app_root(url: str | None) -> str:
    """A page's URL cut back to the app's root (no query, no page, no trailing slash)."""
    root = (url or "").split("?", 1)[0].split("#", 1)[0].rstrip("/")
    for page in PAGES:
        if root.endswith(f"/{page}"):
            return root[: -len(page) - 1]
    return root


def app_address(configured: str | None, browser_url: str | None, network_ip: str | None,
                port: int = DEFAULT_PORT, listening: str | None = None) -> Address:
    """The address phones reach (see the module docstring). `browser_url` is the page's
    URL in the teacher's browser (None when unknown), `network_ip` the server's network
    address (None or a loopback one when there is none), `port` the server's, and
    `listening` the address the server is bound to (None: every interface)."""
    if configured and urlsplit(configured.strip()).scheme in ("http", "https"):
        return Address(app_root(configured.strip()), Where.CONFIGURED)
    browser = urlsplit(app_root(browser_url)) if browser_url else None
    scheme = browser.scheme if browser is not None and browser.scheme else "http"
    path = browser.path if browser is not None else ""
    if browser is not None and browser.hostname and not is_local(browser.hostname):
        return Address(app_root(browser_url), Where.BROWSER)
    reached_port = browser.port if browser is not None and browser.port else port
    if listening and _loopback(listening):  # no other address works: this computer's
        return Address(app_root(browser_url) if browser_url else
                       f"{scheme}://localhost:{reached_port}{path}", Where.LOCAL_ONLY)
    if network_ip and not is_local(network_ip):
        return Address(f"{scheme}://{_host(network_ip)}:{reached_port}{path}", Where.NETWORK)
    return Address(f"{scheme}://localhost:{reached_port}{path}", Where.NOWHERE)


def _loopback(listening: str) -> bool:
    """Is the server bound to this computer only (127.0.0.1, ::1, localhost)? The
    unspecified 0.0.0.0 means every interface."""
    if listening.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(listening.strip("[]")).is_loopback
    except ValueError:
        return False


def _host(ip: str) -> str:
    """An IPv6 address in brackets, as a URL writes it."""
    return f"[{ip}]" if ":" in ip and not ip.startswith("[") else ip
