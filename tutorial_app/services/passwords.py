"""Teacher passwords: kept only as a salted scrypt hash (hashlib, the standard
library's memory-hard key-derivation function), never in clear.

The stored text names its parameters ("scrypt$n$r$p$salt$hash", hex), so they can be
raised later without locking out the teachers made before; checking compares in
constant time.

Hashing is deliberately slow (about 50 ms of one core and 16 MiB), so a server checking
many passwords at once would slow every other visitor's page. At most `HASHERS` hashes
run at a time in one process; a check that cannot start within `QUEUE_SECONDS` gives
up (`BusyError`) instead of queueing behind a crowd of guessers. (The store's limits,
services/guard.py, refuse most guesses before they get here.) hashlib's scrypt lets go
of the interpreter lock while it works, so a page drawn meanwhile is not held up.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from typing import Final

from tutorial_app.course.i18n import t

N: Final = 2 ** 14
R: Final = 8
P: Final = 1
MIN_LENGTH: Final = 8
HASHERS: Final = 1
QUEUE_SECONDS: Final = 3.0
_hashing: Final = threading.BoundedSemaphore(HASHERS)


class WeakPasswordError(ValueError):
    """A password too short to protect a teacher's pages."""


class BusyError(RuntimeError):
    """Too many passwords are being checked at this moment; try again shortly."""


def _derive(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    if not _hashing.acquire(timeout=QUEUE_SECONDS):
        raise BusyError("too many password checks at once")
    try:
        return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32,
                              maxmem=256 * 1024 * 1024)
    finally:
        _hashing.release()


def hash_password(password: str) -> str:
    """The text to store for this password (a new random salt every time)."""
    if len(password) < MIN_LENGTH:
        raise WeakPasswordError(t("classes.password_short", n=MIN_LENGTH))
    salt = secrets.token_bytes(16)
    return f"scrypt${N}${R}${P}${salt.hex()}${_derive(password, salt, N, R, P).hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether the password is the one `stored` was made from; False for anything
    malformed (a sign-in form only needs yes or no). BusyError when it cannot be
    checked just now."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        found = _derive(password, bytes.fromhex(salt), int(n), int(r), int(p))
        return hmac.compare_digest(found, bytes.fromhex(digest))
    except (ValueError, TypeError):
        return False
