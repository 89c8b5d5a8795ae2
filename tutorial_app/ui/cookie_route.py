"""The cookie route: where the browser gets its sign-in cookie as HttpOnly.

A Streamlit page talks to the server over a websocket, which cannot set cookies, and
a cookie written by the page's own script can be read by any script on the page. So
the app serves one more address beside Streamlit's (tutorial_app/serve.py mounts it
with `st.App`): the page posts a one-time ticket here (services/devices.py), and
the answer sets the cookie with HttpOnly (no page script can read it), SameSite=Strict
(no other site's page sends it), Secure when the page came over https, Path=/ and
the session's remaining life as Max-Age. The token is made here and goes only into
that header. Posting "clear" with a cookie's name removes it (after signing out).

A ticket for the known-browser cookie (`cassino_known`, services/known_devices.py) is
redeemed with the cookie the browser already holds: a token the store knows is kept
(one token per browser, known for several accounts), its Max-Age renewed; otherwise a
new one is made. "Switch learner" and "Sign out" never clear it: it is no session.

Only posts made by the app's own page are taken: the request must carry the header
`X-Cassino-Cookie` (a plain form of another site cannot set it, and a script of
another site may not without the browser asking this server first, which it never
allows), and an Origin, when sent, must be this server.
"""

from __future__ import annotations

import logging
import threading
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tutorial_app.config import store_url
from tutorial_app.services.devices import KINDS, redeem
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.known_devices import KNOWN_COOKIE
from tutorial_app.services.store import ProgressStore

log = logging.getLogger(__name__)

PATH: Final = "/_cassino/cookie"
HEADER: Final = "X-Cassino-Cookie"
COOKIES: Final = frozenset(kind.cookie for kind in KINDS.values())
MAX_BODY: Final = 200

_lock = threading.Lock()
_stores: dict[str, ProgressStore] = {}


def _store() -> ProgressStore:
    """The process's store for the route (its own pool, beside the pages' one)."""
    url = store_url()
    with _lock:
        found = _stores.get(url)
        if found is None:
            found = _stores[url] = ProgressStore(url)
        return found


def _same_origin(request: Request) -> bool:
    origin = request.headers.get("origin")
    if origin is None:
        return True
    host = request.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


async def cookie(request: Request) -> Response:
    """POST `ticket=...` or `clear=<cookie name>` (see the module docstring)."""
    refused = Response(status_code=403, headers={"Cache-Control": "no-store"})
    if request.headers.get(HEADER) != "1" or not _same_origin(request):
        return refused
    body = (await request.body())[:MAX_BODY].decode("ascii", "replace")
    field, _, value = body.partition("=")
    answer = Response(status_code=204, headers={"Cache-Control": "no-store"})
    secure = request.url.scheme == "https"
    if field == "clear" and value in COOKIES:
        answer.delete_cookie(value, path="/", secure=secure, httponly=True, samesite="strict")
        return answer
    if field != "ticket":
        return refused
    try:
        issued = await run_in_threadpool(redeem, _store(), value, None,
                                         request.cookies.get(KNOWN_COOKIE))
    except STORE_FAULTS as error:
        log.warning("the cookie route cannot use the store: %s", type(error).__name__,
                    exc_info=True)
        return Response(status_code=503, headers={"Cache-Control": "no-store"})
    if issued is None:
        return Response(status_code=410, headers={"Cache-Control": "no-store"})
    answer.set_cookie(issued.cookie, issued.token, max_age=issued.max_age, path="/",
                      secure=secure, httponly=True, samesite="strict")
    return answer


def routes() -> list[Route]:
    return [Route(PATH, cookie, methods=["POST"])]
