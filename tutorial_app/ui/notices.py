"""The answer to the last click under a board, drawn alike on every page that has
one (Play, Sandbox): a move played in green, a move refused or a problem in red with
the rule behind it linked to the Rules page."""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.page import Notice, Tone
from tutorial_app.ui import board, safe_text


def notice_box(notice: Notice | None, played_note: str = "") -> None:
    """Draw `notice`, if any. `played_note` follows a played move's words (the
    Sandbox's "use Back to take it back"); it is a whole catalogue sentence, drawn as
    Markdown. The learner's or engine's words are shown as typed; only the rule
    reference after them is a link."""
    if notice is None:
        return
    text = notice.text
    if notice.tone == Tone.PLAYED:
        said = f"{safe_text.plain(text)} {played_note}" if played_note else safe_text.plain(text)
        st.success(said, icon=":material/check_circle:")
    else:
        st.error(safe_text.plain(text) + board.rule_note(text, notice.rule),
                 icon=":material/block:")
