"""Everything the app reads from its surroundings, in one place.

The environment variables, the places of the lessons, the rules page and the
progress store, and the logging set-up are decided here and nowhere else, so a
deployment has one page to read and a test one thing to override. Standard
library only: every layer of the app may import it.

- ``CASSINO_DB``: the progress store. A plain file path or ``sqlite:///path``
  is a SQLite file (the default is ``data/progress.sqlite3`` in the checkout,
  so `make run` needs no database server); ``postgresql://user@host/db`` is
  a PostgreSQL database, which several app processes can share.
- ``CASSINO_LESSONS``: a folder of lesson files to serve instead of the
  shipped course.
- ``CASSINO_LOG_LEVEL``: ``DEBUG``, ``INFO``, ``WARNING`` (default) or ``ERROR``.
- ``CASSINO_PUBLIC_URL``: the address phones open the app at (``http://192.168.1.20:8501``,
  ``https://cassino.school.example``), for the join link, its QR code and every "Link to
  this"; unset, the app works it out (flows/address.py).
- ``CASSINO_TRUSTED_PROXIES``: the reverse proxies whose ``X-Forwarded-For`` names the
  browser's address (addresses or networks, comma-separated); unset, a proxy on this
  machine (127.0.0.1, ::1, ::ffff:127.0.0.1). Applied by serve.py (ui/connections.py).
- ``CASSINO_SESSIONS_PER_ADDRESS``: the sessions (open pages) one client address may hold
  in one app process (150; 0 for no cap).
- ``CASSINO_TIME_ZONE``: the school's time zone, an IANA name (``America/Sao_Paulo``,
  ``Europe/Rome``), for every date and time a teacher reads (the CSV files, due dates);
  unset (or a name the zone database does not know, which is logged), the server's own.

The shipped lessons (with their puzzles and line puzzles) and the rules pages are
package data: pyproject.toml installs the repository's ``lessons/`` as
``tutorial_app/lessons/`` and its ``docs/rules*.md`` as ``tutorial_app/docs/``, so an
installed package runs without a checkout (tests/packaging/test_wheel.py installs a
wheel and counts its course from outside the checkout).
"""

from __future__ import annotations

import ipaddress
import logging
import os
import time
from collections.abc import Mapping
from datetime import datetime, tzinfo
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_CHECKOUT: Final = Path(__file__).resolve().parent.parent

DB_VARIABLE: Final = "CASSINO_DB"
LESSONS_VARIABLE: Final = "CASSINO_LESSONS"
LOG_VARIABLE: Final = "CASSINO_LOG_LEVEL"
PUBLIC_URL_VARIABLE: Final = "CASSINO_PUBLIC_URL"
TRUSTED_PROXIES_VARIABLE: Final = "CASSINO_TRUSTED_PROXIES"
SESSIONS_VARIABLE: Final = "CASSINO_SESSIONS_PER_ADDRESS"

# A proxy on this machine in every form its address arrives in: IPv4, IPv6, and IPv4 as
# a dual-stack socket (Streamlit's default "::") sees it.
LOOPBACK_PROXIES: Final = "127.0.0.1, ::1, ::ffff:127.0.0.1"
SESSIONS_PER_ADDRESS: Final = 150  # a school of 40 phones, two tabs each, with room
TIME_ZONE_VARIABLE: Final = "CASSINO_TIME_ZONE"


def _env(name: str) -> str:
    return os.environ.get(name, "").strip()


@cache  # asked on every click (the store's path): the checkout does not move
def _is_checkout() -> bool:
    return (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "lessons").is_dir()


@cache  # asked on every click (the lessons' folder): the package does not move
def _packaged(name: str) -> Path:
    """The folder of package data `name` (``lessons``, ``docs``): ``tutorial_app/<name>``
    of an installed package, else, in a source checkout (installed editable or not at
    all), the repository's own ``<name>/``.

    Asked of the regular package `tutorial_app` through `importlib.resources`, whose
    `files()` is a real folder for any package installed on disk. The data folders are
    not asked for themselves: having no ``__init__.py`` they are namespace packages,
    whose `files()` is a MultiplexedPath, not a path (its ``str()`` is its repr: an
    installed package once served an empty course from a folder named
    ``MultiplexedPath('...')``). FileNotFoundError when neither place has the folder:
    a broken install must stop the app, not serve nothing."""
    installed = resources.files("tutorial_app").joinpath(name)
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    if _is_checkout() and (_CHECKOUT / name).is_dir():
        return _CHECKOUT / name
    raise FileNotFoundError(
        f"the shipped {name}/ folder is neither installed with the package ({installed}) "
        f"nor in a source checkout ({_CHECKOUT / name}): reinstall the package"
        + (f", or set {LESSONS_VARIABLE}" if name == "lessons" else ""))


def public_url() -> str | None:
    """$CASSINO_PUBLIC_URL: where phones reach the app, as written (None when unset)."""
    return _env(PUBLIC_URL_VARIABLE) or None


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies() -> tuple[Network, ...]:
    """$CASSINO_TRUSTED_PROXIES as networks (an address is a network of one), or the
    loopback addresses. An IPv4 address written IPv6-mapped (``::ffff:10.0.0.5``,
    ``::ffff:10.0.0.0/104``) is read as the IPv4 one, so either form trusts the proxy
    however the server's socket sees it. ValueError for anything that is not an address
    or a network: a mistyped proxy must stop the server, not leave every phone counted
    as the proxy."""
    text = _env(TRUSTED_PROXIES_VARIABLE) or LOOPBACK_PROXIES
    found: list[Network] = []
    for entry in text.replace(",", " ").split():
        try:
            network = ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise ValueError(f"{TRUSTED_PROXIES_VARIABLE}: not an address or a network: "
                             f"{entry!r}") from None
        if isinstance(network, ipaddress.IPv6Network) and network.prefixlen >= 96:
            mapped = network.network_address.ipv4_mapped
            if mapped is not None:
                network = ipaddress.IPv4Network(f"{mapped}/{network.prefixlen - 96}")
        if network not in found:
            found.append(network)
    return tuple(found)


def sessions_per_address() -> int | None:
    """$CASSINO_SESSIONS_PER_ADDRESS: the open sessions one client address may hold in
    one app process (150 unset; None for "0", no cap). ValueError if not a whole number."""
    text = _env(SESSIONS_VARIABLE)
    if not text:
        return SESSIONS_PER_ADDRESS
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"{SESSIONS_VARIABLE}: not a whole number: {text!r}")
    return int(text) or None
def time_zone() -> tzinfo | None:
    """$CASSINO_TIME_ZONE, the school's time zone; else the server's own, by its IANA name
    when the system gives one (TZ, /etc/localtime). None: the server's local time as the
    system works it out (`local_time` then asks the system for each moment). The zone
    database is the system's, else the pinned `tzdata` package (zoneinfo finds it)."""
    return _zone(_env(TIME_ZONE_VARIABLE)) or _server_zone()


def time_zone_name() -> str:
    """The zone's name as a teacher reads it beside a time ("America/Sao_Paulo")."""
    zone = time_zone()
    if isinstance(zone, ZoneInfo):
        return zone.key
    return time.tzname[time.localtime().tm_isdst > 0] or "local"


def local_time(moment: float) -> datetime:
    """A Unix time as the school's clock reads it (an aware datetime)."""
    zone = time_zone()
    return datetime.fromtimestamp(moment, zone) if zone else \
        datetime.fromtimestamp(moment).astimezone()


@cache  # a wrong name is logged once
def _zone(name: str) -> ZoneInfo | None:
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        logging.getLogger(__name__).warning(
            "%s=%r is not a time zone the zone database knows (an IANA name such as "
            "America/Sao_Paulo): the server's own zone is used", TIME_ZONE_VARIABLE, name)
        return None


@cache  # the machine's zone does not change while the app runs
def _server_zone() -> ZoneInfo | None:
    named = os.environ.get("TZ", "").strip().lstrip(":")
    if named and not named.startswith("/"):
        try:
            return ZoneInfo(named)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            return None
    try:
        target = Path("/etc/localtime").resolve(strict=True)
    except OSError:
        return None
    parts = target.parts
    if "zoneinfo" in parts:
        key = "/".join(parts[len(parts) - parts[::-1].index("zoneinfo"):])
        try:
            return ZoneInfo(key)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            return None
    return None


def home() -> Path:
    """Where the app keeps its data by default: the checkout it runs from, or, for an
    installed package, the folder it was started in."""
    return _CHECKOUT if _is_checkout() else Path.cwd()


def shipped_lessons() -> Path:
    """The course the package ships: its lessons, ``puzzles/`` and ``lines/``."""
    return _packaged("lessons")


def lessons_folder() -> Path:
    """$CASSINO_LESSONS, or the shipped course."""
    configured = _env(LESSONS_VARIABLE)
    return Path(configured).expanduser() if configured else shipped_lessons()


def docs_folder() -> Path:
    """The documents the app shows: the rules page and its translations (rules*.md)."""
    return _packaged("docs")


def rules_page() -> Path:
    """The rules of record, shown on the Rules page."""
    return docs_folder() / "rules.md"


_POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://", "postgresql+psycopg://")
_SQLITE_SCHEME: Final = "sqlite:///"


def store_url() -> str:
    """The progress store as a database URL (see `database_url`): $CASSINO_DB, or the
    SQLite file data/progress.sqlite3 under `home()`."""
    return database_url(_env(DB_VARIABLE) or home() / "data" / "progress.sqlite3")


def database_url(where: str | os.PathLike[str]) -> str:
    """A place for the progress store as the URL SQLAlchemy opens.

    ``postgresql://``, ``postgres://`` and ``postgresql+psycopg://`` all mean
    PostgreSQL through psycopg 3 (the one driver installed), so a URL copied
    from a hosting panel works as it is. ``sqlite:///path`` stays as written. Anything
    else is a file path, which is how CASSINO_DB was always set: a SQLite file.
    Worked out here, with the standard library only, because every layer may ask
    where the store is (the store opens it; the tools print it).
    """
    text = os.fspath(where).strip()
    for scheme in _POSTGRES_SCHEMES:
        if text.startswith(scheme):
            return "postgresql+psycopg://" + text[len(scheme):]
    if text.startswith(_SQLITE_SCHEME) or text.startswith("sqlite+pysqlite:///"):
        return text
    if "://" in text:
        raise ValueError(f"{DB_VARIABLE}: not a SQLite path or a PostgreSQL URL: {text!r}")
    return _SQLITE_SCHEME + str(Path(text).expanduser())


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite store URL, or None for a database server."""
    for scheme in (_SQLITE_SCHEME, "sqlite+pysqlite:///"):
        if url.startswith(scheme):
            return Path(url[len(scheme):].split("?", 1)[0])
    return None



TEACHER_VARIABLE = "CASSINO_TEACHER"
PASSWORD_VARIABLE = "CASSINO_TEACHER_PASSWORD"


def first_teacher(env: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The first teacher's name and password from CASSINO_TEACHER and
    CASSINO_TEACHER_PASSWORD, or None when either is unset."""
    source = os.environ if env is None else env
    name = source.get(TEACHER_VARIABLE, "").strip()
    password = source.get(PASSWORD_VARIABLE, "")
    return (name, password) if name and password else None


def teacher_password() -> str | None:
    """CASSINO_TEACHER_PASSWORD, for `python -m tutorial_app.admin` run from a script."""
    return os.environ.get(PASSWORD_VARIABLE) or None


def configure_logging() -> None:
    """Log to standard error with the cause of every fault (idempotent: Streamlit runs
    the entry script again on every click)."""
    level = getattr(logging, _env(LOG_VARIABLE).upper() or "WARNING", logging.WARNING)
    root = logging.getLogger("tutorial_app")
    root.setLevel(level)
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
