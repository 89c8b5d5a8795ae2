"""The Streak mode of the Puzzles page, a part that views/puzzles.py draws (not a page
of its own): puzzles in a row, each harder than the last,
until one is missed; the learner's best run beside it. When a miss ends the run, its
puzzle stays on screen: the position, the wrong move explained, a move that solves it
marked on the board, and "Start a new streak" below.

This part only draws; `flows.streak.StreakController` decides what a click does.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.course import FeedbackStatus
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.streak import StreakController, StreakScreen
from tutorial_app.ui import board, rules_beside, safe_text, session
from tutorial_app.words import words
from tutorial_app.words.i18n import count, t

BOARD = "streak"  # the streak board's scope: its widget keys and selection


def controller() -> StreakController:
    return StreakController(session.state(), session.course(), session.progress(),
                            session.learner())


@st.fragment
def area() -> None:
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
    if run.over and screen.ended is not None:
        _ended(screen)
    elif run.feedback is not None and run.over and not run.feedback.correct:
        # the run is over, so no "Start again" under the message (board.missed has one)
        st.warning(board.linked_lesson(run.feedback.message), icon=":material/block:")
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
    st.caption(_dots(screen.level or puzzle.difficulty))
    st.markdown(f"### {safe_text.plain(puzzle.prompt)}")
    rules_beside.show(puzzle.position.rules, BOARD)
    board.table(puzzle.position, BOARD)
    board.hand(puzzle.position, BOARD)
    board.action_bar(puzzle.position, BOARD, control.answer)


def _dots(level: int) -> str:
    """The difficulty as five dots, the measured level filled (●●○○○)."""
    return "●" * level + "○" * (5 - level)


def _ended(screen: StreakScreen) -> None:
    """The puzzle that ended the run, kept: its position with a move that solves it
    marked, why the learner's move was wrong, and that move in words."""
    puzzle, run = screen.ended, screen.run
    if puzzle is None or run is None or run.feedback is None:
        return
    with st.container(key="streak-ended"):
        st.caption(_dots(screen.level or puzzle.difficulty))
        st.markdown(f"### {safe_text.plain(puzzle.prompt)}")
        rules_beside.show(puzzle.position.rules, f"{BOARD}-ended")
        right = screen.answer[0] if screen.answer else None
        marked = Selection(right.card, frozenset(right.loose), frozenset(right.builds)) \
            if right is not None else None
        board.picture(puzzle.position, f"{BOARD}-ended", marked=marked)
        icon = ":material/replay:" if run.feedback.status is FeedbackStatus.MISSED else \
            ":material/block:"
        st.warning(board.linked_lesson(run.feedback.message), icon=icon)
        if right is not None:
            which = "streak.answer.only" if len(screen.answer) == 1 else "streak.answer.one_of"
            st.success(t(which, move=safe_text.plain(words.move(right))),
                       icon=":material/check_circle:")
