"""The Puzzle streak on the Puzzles page: puzzles in a row, each harder than the last,
until one is missed; the learner's best run beside it.

This module only draws; `flows.streak.StreakController` decides what a click does.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.course import FeedbackStatus
from tutorial_app.course.i18n import count, t
from tutorial_app.flows.streak import StreakController
from tutorial_app.ui import board, safe_text, session

BOARD = "streak"  # the streak board's scope: its widget keys and selection


def controller() -> StreakController:
    return StreakController(session.state(), session.course(), session.progress(),
                            session.learner())


@st.fragment
def streak_area() -> None:
    """The run on screen; a click in it reruns only this part of the page."""
    control = controller()
    screen = control.screen()
    st.caption(t("streak.intro"))
    st.metric(t("streak.best_label"), screen.best)
    run = screen.run
    if run is None:
        st.button(t("streak.start"), key="streak-start", on_click=control.start,
                  type="primary", icon=":material/local_fire_department:")
        return
    st.markdown(count(run.length, "streak-now"))
    if run.feedback is not None and run.over and not run.feedback.correct:
        # the run is over, so no "Start again" under the message (board.missed has one)
        icon = ":material/replay:" if run.feedback.status is FeedbackStatus.MISSED else \
            ":material/block:"
        st.warning(board.linked_lesson(run.feedback.message), icon=icon)
    if run.over:
        if screen.new_best:
            st.success(count(run.length, "streak-new-best"), icon=":material/emoji_events:")
        elif run.current is None and run.feedback is not None and run.feedback.correct:
            st.success(t("streak.top"), icon=":material/emoji_events:")
        else:
            st.info(t("streak.over"), icon=":material/flag:")
        st.button(t("streak.again"), key="streak-restart", on_click=control.start,
                  type="primary", icon=":material/replay:")
        return
    puzzle = screen.puzzle
    if puzzle is None:
        return
    dots = "●" * puzzle.difficulty + "○" * (5 - puzzle.difficulty)
    st.caption(dots)
    st.markdown(f"### {safe_text.plain(puzzle.prompt)}")
    board.table(puzzle.position, BOARD)
    board.hand(puzzle.position, BOARD)
    board.action_bar(puzzle.position, BOARD, control.answer)
