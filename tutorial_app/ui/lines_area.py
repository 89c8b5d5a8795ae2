"""The Lines mode of the Puzzles page, a part that views/puzzles.py draws (not a page
of its own): the learner plays, the other seat answers, until
the goal is sure or a move lets it slip (then the reply that refutes it is shown).

This part only draws; `flows.line_play.LineController` decides what a click does.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app import config
from tutorial_app.flows.line_play import LineController, LineView, shipped_lines
from tutorial_app.ui import board, rules_beside, safe_text, session
from tutorial_app.words import words
from tutorial_app.words.i18n import t

BOARD = "line"  # the line board's scope: its widget keys and selection
PICK = "line-pick"  # the line picker's widget


def controller() -> LineController:
    return LineController(session.state(), shipped_lines(config.lessons_folder()),
                          session.progress(), session.learner())


def _line(control: LineController, view: LineView) -> None:
    puzzle, work = view.puzzle, view.work
    dots = "●" * puzzle.difficulty + "○" * (5 - puzzle.difficulty)
    st.caption(dots)
    st.markdown(f"### {safe_text.plain(view.prompt)}")
    rules_beside.show(view.board.rules, BOARD)
    st.markdown(safe_text.plain(t("lines.their_hand", cards=" ".join(view.theirs) or "—")))
    if view.piles is not None:
        st.caption(safe_text.plain(t("lines.piles_mine", cards=view.piles[0])))
        st.caption(safe_text.plain(t("lines.piles_theirs", cards=view.piles[1])))
    look = board.BoardLook(interactive=not work.outcome)
    board.table(view.board, BOARD, look)
    board.hand(view.board, BOARD, look)
    if not work.outcome:
        board.action_bar(view.board, BOARD, control.answer)
    if view.reply is not None:
        st.info(safe_text.plain(view.reply), icon=":material/swap_horiz:")
    if work.illegal is not None:
        st.error(safe_text.plain(words.verdict(work.illegal)), icon=":material/block:")
    if view.verdict is not None:
        if work.outcome == "solved":
            st.success(safe_text.plain(view.verdict), icon=":material/check_circle:")
        else:
            st.warning(safe_text.plain(view.verdict), icon=":material/replay:")
    if view.note is not None:
        st.caption(safe_text.plain(view.note))
    for hint in view.hints:
        st.info(safe_text.plain(hint), icon=":material/lightbulb:")
    with st.container(horizontal=True, gap="small", key="line-tools"):
        if view.next_hint is not None:
            st.button(t("lines.hint", n=view.next_hint), key=f"line-hint-{view.next_hint}",
                      on_click=control.hint, icon=":material/lightbulb:")
        if work.outcome == "failed":
            st.button(t("lines.again"), key="line-again", on_click=control.again,
                      icon=":material/restart_alt:")
        if view.following is not None:
            st.button(t("lines.next"), key="line-next", on_click=_next,
                      args=(control, view.following), icon=":material/skip_next:",
                      type="primary" if work.outcome == "solved" else "secondary")


def _next(control: LineController, puzzle_id: str) -> None:
    """The next line, and the picker turned to it (the picker keeps its own choice
    otherwise, and named the line before)."""
    st.session_state[PICK] = puzzle_id
    control.show(puzzle_id)


@st.fragment
def area() -> None:
    """The line puzzle on screen; a click in it reruns only this part of the page."""
    control = controller()
    choices = [p.id for p in control.puzzles]
    if not choices:
        st.info(t("lines.none"))
        return
    current = control.puzzle()
    named = {p.id: t("lines.choice", n=n, prompt=p.prompt if len(p.prompt) <= 70 else
                     p.prompt[:70].rsplit(" ", 1)[0] + "…")
             for n, p in enumerate(control.puzzles, 1)}  # never the puzzle's id
    # The picker's value is the line on screen: set in Session State (not as a default
    # beside it, which Streamlit warns of once "Next line" has set the state).
    if st.session_state.get(PICK) not in choices or (
            current is not None and st.session_state[PICK] != current.id):
        st.session_state[PICK] = current.id if current else choices[0]
    st.selectbox(t("lines.pick"), choices, key=PICK, format_func=named.__getitem__,
                 on_change=lambda: control.show(st.session_state[PICK]))
    view = control.screen()
    if view is not None:
        _line(control, view)
