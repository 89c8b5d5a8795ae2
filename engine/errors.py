"""Exception types, all under ValueError so callers can catch broadly.

Mirrors python-chess: bad *notation* and an *illegal* move in good notation are
different mistakes, and a learner-facing layer wants to tell them apart.
"""

from __future__ import annotations


class CassinoError(ValueError):
    """Base class for every error the engine raises about its input."""


class NotationError(CassinoError):
    """Text that is not valid card, position or move notation.

    Like python-chess's status codes, the error carries a `code` and its `facts` (the
    text, the token, a limit), so a translated page words it in its own language; the
    message is the English the CLI and the logs read. An empty code: no words of its
    own yet, the app says in general that it cannot read the text."""

    def __init__(self, message: str, code: str = "", **facts: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.facts = facts


class InvalidPositionError(CassinoError):
    """A position that is well-formed text but cannot occur (duplicate cards, bad build)."""


class InvalidMoveError(NotationError):
    """A move string that does not parse."""


class IllegalMoveError(CassinoError):
    """A well-formed move that the rules do not allow in this position."""


class AmbiguousMoveError(CassinoError):
    """A move written so that it could mean more than one move (e.g. `[9]` with two 9-builds)."""


class TooMuchWorkError(CassinoError):
    """A request that would take more work than one request may do (engine/limits.py):
    a table with so many small cards that its moves run to millions."""

    def __init__(self, message: str, spent: int = 0, limit: int = 0) -> None:
        super().__init__(message)
        self.spent = spent
        self.limit = limit
