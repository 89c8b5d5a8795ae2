"""One selection per board (ui/board.py `selection_on`): a selection made on one
position is gone once the board shows another, on every page, because every page draws
its board through `table`, `hand` and `action_bar`."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _board() -> None:
    import streamlit as st

    from engine import Position
    from tutorial_app.ui import board

    which = st.session_state.get("which", "before")
    text = ("table: 5h 3c; hand: 5d 8s" if which == "before"  # the learner's turn
            else "table: 8c 3c; hand: 5d 8s")                   # after the other seat's reply
    position = Position.parse(text)
    board.table(position, "t")
    board.hand(position, "t")
    board.action_bar(position, "t", lambda attempt: None)


def test_a_selection_is_gone_when_the_board_shows_another_position() -> None:
    at = AppTest.from_function(_board, default_timeout=30)
    at.run()
    at.button(key="cb-t-h-5d").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("5♦" in m.value for m in at.markdown)  # "Your card: 5♦ ..."
    at.run()  # the same position again: the selection stays
    assert any("5♦" in m.value for m in at.markdown)
    at.session_state["which"] = "after"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert not any("5♦" in m.value for m in at.markdown)
    assert at.button(key="t-clear").disabled  # nothing chosen: nothing to clear
