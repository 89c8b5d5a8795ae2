"""Teacher passwords: kept only as a salted scrypt hash (hashlib, the standard
library's memory-hard key-derivation function), never in clear.

The stored text names its parameters ("scrypt$n$r$p$salt$hash", hex), so they can be
raised later without locking out the teachers made before; checking compares in
constant time.

A new password (a teacher added, a password replaced) is refused when it is shorter
than `MIN_LENGTH` or among the 30,000 most common passwords of the list the pinned
`zxcvbn` package ships (from leaked password sets; NIST SP 800-63B §5.1.1.2 asks for
such a blocklist), compared case-folded: "password", "12345678" or "Password1" say so
in the teacher's language. The list is read as data from the package's file once, the
first time a password is made (about 12,000 of its entries are long enough to matter),
without importing zxcvbn's estimator.

Hashing is deliberately slow (about 50 ms of one core and 16 MiB), so a server checking
many passwords at once would slow every other visitor's page. At most `HASHERS` hashes
run at a time in one process; a check that cannot start within `QUEUE_SECONDS` gives
up (`BusyError`) instead of queueing behind a crowd of guessers. (The store's limits,
services/guard.py, refuse most guesses before they get here.) hashlib's scrypt lets go
of the interpreter lock while it works, so a page drawn meanwhile is not held up.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import importlib.resources
import secrets
import threading
from typing import Final

from tutorial_app.words.i18n import t

N: Final = 2 ** 14
R: Final = 8
P: Final = 1
MIN_LENGTH: Final = 8
HASHERS: Final = 1
QUEUE_SECONDS: Final = 3.0
_hashing: Final = threading.BoundedSemaphore(HASHERS)


COMMON_LIST: Final = ("zxcvbn", "frequency_lists.py", "passwords")


class WeakPasswordError(ValueError):
    """A password too short or too common to protect a teacher's pages."""


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


@functools.cache
def common_passwords() -> frozenset[str]:
    """The common passwords at least `MIN_LENGTH` long, case-folded: the "passwords"
    line of zxcvbn's generated `frequency_lists.py` (comma-separated, most common
    first), read as text."""
    package, name, key = COMMON_LIST
    text = importlib.resources.files(package).joinpath(name).read_text(encoding="utf-8")
    start = text.index(f'"{key}": "') + len(key) + 5
    words = text[start:text.index('"', start)].split(",")
    return frozenset(w.casefold() for w in words if len(w) >= MIN_LENGTH)


def check_new(password: str) -> None:
    """Refuse a new password that is too short or common (WeakPasswordError, in the
    teacher's language)."""
    if len(password) < MIN_LENGTH:
        raise WeakPasswordError(t("classes.password_short", n=MIN_LENGTH))
    if password.casefold() in common_passwords() or \
            " ".join(password.split()).casefold() in common_passwords():
        raise WeakPasswordError(t("limits.password_common"))


def hash_password(password: str) -> str:
    """The text to store for a new password (a new random salt every time); refused
    when too short or common (`check_new`)."""
    check_new(password)
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
