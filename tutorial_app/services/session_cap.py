"""How many sessions one client address may hold open in this process (plain Python).

Every open page of the app is a Streamlit session on a websocket, and each costs the
server four file descriptors (the websocket, and the session's own asyncio event loop:
an epoll and a socket pair, until the closed session is dropped and collected). One script
opening idle sessions from one address ran a process with the common limit of 1,024
open files out of them after 253, and from then every new visitor timed out. So the
server counts the sessions open from each address (as the limits on wrong tries count
it, services/guard.client_address: behind a trusted proxy, the browser's own) and
refuses one more past the cap ($CASSINO_SESSIONS_PER_ADDRESS, 150: a school of 40
phones with two tabs each fits, behind one address, with room).

The middleware that asks (ui/connections.py) enters a session when its websocket
opens and leaves it when the websocket ends, on the server's one event loop; the
lock only makes the counts safe from any thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Final

from tutorial_app.services.guard import LOCAL

log = logging.getLogger(__name__)

WARN_EVERY: Final = 60.0  # seconds between two warnings about one address


class SessionCap:
    """The open sessions per address, and the cap (None: counted, never refused)."""

    def __init__(self, cap: int | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.cap = cap
        self.clock = clock
        self._open: dict[str, int] = {}
        self._warned: dict[str, float] = {}
        self._lock = threading.Lock()

    def open_from(self, address: str) -> int:
        with self._lock:
            return self._open.get(address, 0)

    def full(self, address: str) -> bool:
        """Whether a new session from this address would be refused."""
        return self.cap is not None and self.open_from(address) >= self.cap

    def enter(self, address: str) -> bool:
        """Count a new session from the address; False (not counted) at the cap."""
        with self._lock:
            held = self._open.get(address, 0)
            if self.cap is not None and held >= self.cap:
                self._warn(address)
                return False
            self._open[address] = held + 1
            return True

    def leave(self, address: str) -> None:
        """A session counted by `enter` has ended."""
        with self._lock:
            held = self._open.get(address, 0) - 1
            if held > 0:
                self._open[address] = held
            else:
                self._open.pop(address, None)

    def _warn(self, address: str) -> None:
        now = self.clock()
        if now - self._warned.get(address, -WARN_EVERY) < WARN_EVERY:
            return
        self._warned[address] = now
        if len(self._warned) > 10_000:  # forget the oldest warnings, not the counts
            for old in sorted(self._warned, key=self._warned.__getitem__)[:5_000]:
                del self._warned[old]
        hint = (" (every browser behind an untrusted proxy counts as this machine: "
                "name the proxy in CASSINO_TRUSTED_PROXIES)" if address == LOCAL else "")
        log.warning("refused a new session from %s: it holds %d, the cap "
                    "(CASSINO_SESSIONS_PER_ADDRESS)%s", address, self.cap, hint)
