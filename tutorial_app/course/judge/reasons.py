"""Short labels for the judge's reason codes, for the choices of a mistake step."""

from __future__ import annotations

from engine import REASON_CODES
from tutorial_app.words.i18n import t


def reason_label(code: str) -> str:
    """'The cards do not add up' for 'wrong-sum'; raises ValueError for an unknown code."""
    if code not in REASON_CODES:
        raise ValueError(f"unknown reason code {code!r}")
    return t(f"reason.{code}")
