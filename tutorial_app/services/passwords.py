"""Teacher passwords: kept only as a salted scrypt hash (hashlib, the standard
library's memory-hard key-derivation function), never in clear.

The stored text names its parameters ("scrypt$n$r$p$salt$hash", hex), so they can be
raised later without locking out the teachers made before; checking compares in
constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

from tutorial_app.course.i18n import t

N: Final = 2 ** 14
R: Final = 8
P: Final = 1
MIN_LENGTH: Final = 8


class WeakPasswordError(ValueError):
    """A password too short to protect a teacher's pages."""


def _derive(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32,
                          maxmem=256 * 1024 * 1024)


def hash_password(password: str) -> str:
    """The text to store for this password (a new random salt every time)."""
    if len(password) < MIN_LENGTH:
        raise WeakPasswordError(t("classes.password_short", n=MIN_LENGTH))
    salt = secrets.token_bytes(16)
    return f"scrypt${N}${R}${P}${salt.hex()}${_derive(password, salt, N, R, P).hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether the password is the one `stored` was made from; False for anything
    malformed (never an exception: a sign-in form only needs yes or no)."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        found = _derive(password, bytes.fromhex(salt), int(n), int(r), int(p))
        return hmac.compare_digest(found, bytes.fromhex(digest))
    except (ValueError, TypeError):
        return False
