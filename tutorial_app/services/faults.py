"""The faults of the progress store, named in one place (plain Python, no Streamlit).

A store that cannot be opened, read or written (its path is a folder, the file
is random bytes, truncated, of another schema, read-only, or the database
server is down) raises its library's errors. The app catches exactly these,
`STORE_FAULTS`, where it opens and uses the store (ui/session.py, app.py,
services/signin.py and the controllers' saves), logs the cause in full and shows
learners `store_message()`: what is wrong and which setting to look at, never a
path of the server or a traceback. Pages that need no store keep working.

When the store moves to another library its errors join the tuple here, and
only here (SQLAlchemy's are added already when it is installed).
"""

from __future__ import annotations

import importlib
import logging
import sqlite3
from typing import Final

from tutorial_app.config import DB_VARIABLE
from tutorial_app.words.i18n import t

log = logging.getLogger(__name__)


def _faults() -> tuple[type[Exception], ...]:
    found: list[type[Exception]] = [sqlite3.Error, OSError]
    try:  # the store's next home (services/store.py on SQLAlchemy), when installed
        sqlalchemy_errors = importlib.import_module("sqlalchemy.exc")
    except ImportError:
        pass
    else:
        found.append(sqlalchemy_errors.SQLAlchemyError)
    return tuple(found)


STORE_FAULTS: Final[tuple[type[Exception], ...]] = _faults()
"""What a store that cannot be opened, read or written raises."""


STORE_KEY: Final = "store.unavailable"  # the catalogue's sentence, with `STORE_FACTS`
STORE_FACTS: Final = (("setting", DB_VARIABLE),)


def store_message() -> str:
    """What a learner reads when the store fails: the setting to check, no path."""
    return t(STORE_KEY, **dict(STORE_FACTS))


def log_fault(error: BaseException, doing: str) -> None:
    """Log a store fault with its cause and traceback (for the server's log)."""
    log.error("the progress store failed while %s: %s", doing, error, exc_info=error)


def report(error: BaseException, doing: str) -> str:
    """Log a store fault with its cause and traceback (for the server's log), and
    return the learner's sentence."""
    log_fault(error, doing)
    return store_message()
