"""The Classroom page's parts, drawn from the controller's screen
(flows/classroom.py): the head with projector mode, the choice of what to
show, a lesson step or puzzle in large cards, a typed position, and the
teacher's view of the class."""

from __future__ import annotations

import streamlit as st

from engine import Position
from tutorial_app.flows import class_report, links
from tutorial_app.flows.classroom import (
    SCOPE,
    ClassroomController,
    ClassroomScreen,
    ItemScreen,
    Mode,
    PositionScreen,
)
from tutorial_app.ui import board, safe_text
from tutorial_app.ui.advice_box import advice_panel, advice_toggle
from tutorial_app.ui.css import PROJECTOR_CSS
from tutorial_app.words.i18n import t


def head(ctl: ClassroomController) -> None:
    with st.container(horizontal=True, vertical_alignment="center", key="class-head"):
        st.title(t("classroom.title"), width="content")
        if st.toggle(t("classroom.projector"), key=ctl.key("projector"),
                     help=t("classroom.projector_help")):
            st.html(PROJECTOR_CSS)


def _mode_words() -> dict[str, str]:
    return {Mode.LESSON: t("classroom.mode.lesson"), Mode.PUZZLE: t("classroom.mode.puzzle"),
            Mode.POSITION: t("classroom.mode.position")}


def chooser(ctl: ClassroomController, screen: ClassroomScreen) -> None:
    """What to show: a lesson, a puzzle or a position, and which one."""
    pick_kind, pick_item = st.columns([1, 3])
    with pick_kind:
        st.radio(t("classroom.show"), [m.value for m in Mode], key=ctl.key("mode"),
                 format_func=_mode_words().__getitem__, on_change=ctl.reset_step,
                 horizontal=True)
    labels = {c.id: c.label for c in screen.choices}
    with pick_item:
        if screen.mode == Mode.POSITION:
            st.text_input(t("classroom.position"), key=ctl.key("position_text"),
                          on_change=ctl.position_typed, max_chars=links.MAX_POSITION,
                          help=t("classroom.position_help"),
                          placeholder="table: 5c 3d [8: 5h 3s @1]; hand: 8s 3h")
        elif screen.mode == Mode.LESSON:
            st.selectbox(t("classroom.lesson"), list(labels), key=ctl.key("lesson"),
                         format_func=labels.__getitem__, on_change=ctl.reset_step)
        else:
            st.selectbox(t("classroom.puzzle"), list(labels), key=ctl.key("puzzle"),
                         format_func=labels.__getitem__, on_change=ctl.reset_step)


def _big_board(ctl: ClassroomController, position: Position, hand_title: str | None = None
               ) -> None:
    look = board.BoardLook(big=True)
    board.table(position, SCOPE, look)
    board.hand(position, SCOPE, look, title=hand_title)
    board.action_bar(position, SCOPE, ctl.try_move)


def _all_moves(moves: tuple[str, ...] | None) -> None:
    if moves is None:
        return
    with st.container(border=True, key="class-moves"):
        st.markdown(f"## {t('classroom.legal_moves', n=len(moves))}")
        for move in moves:
            st.markdown(f"- {safe_text.plain(move)}")


def item(ctl: ClassroomController, shown: ItemScreen) -> None:
    """A lesson step or a puzzle: its text, its position, the step buttons and tools."""
    if shown.total > 1:
        st.progress((shown.index + 1) / shown.total,
                    text=t("learn.step_of", n=shown.index + 1, total=shown.total))
    if shown.reading:
        st.markdown(safe_text.lesson(shown.text))
    else:
        st.markdown(f"## {safe_text.lesson(shown.text)}")
    if shown.position is not None:
        if shown.playable:
            _big_board(ctl, shown.position)
            board.show_verdict(shown.verdict)
        else:
            board.picture(shown.position, SCOPE, big=True)
    if shown.move_words is not None:
        st.markdown(t("learn.the_move", move=safe_text.plain(shown.move_words)))
    for i, option in enumerate(shown.options):
        st.markdown(f"{chr(65 + i)}. {safe_text.plain(option)}")
    st.divider()
    with st.container(horizontal=True, gap="medium", key="class-tools"):
        st.button(t("classroom.previous"), key="class-back", on_click=ctl.go, args=(-1,),
                  disabled=not shown.can_back, icon=":material/chevron_left:")
        if not shown.reading:
            st.toggle(t("classroom.reveal"), key=ctl.key("reveal"))
        if shown.position is not None:
            st.toggle(t("classroom.all_moves"), key=ctl.key("moves"))
        st.button(t("classroom.next"), key="class-next", on_click=ctl.go, args=(1,),
                  disabled=not shown.can_next, icon=":material/chevron_right:",
                  icon_position="right", type="primary")
    if shown.answer is not None:
        with st.container(border=True, key="class-answer"):
            st.markdown(f"## {t('classroom.answer')}")
            for line in shown.answer:  # words only: the room reads it, not the notation
                st.markdown(f"- {safe_text.lesson(line.words)}")
    _all_moves(shown.legal_moves)


def position(ctl: ClassroomController, shown: PositionScreen) -> None:
    """A typed or linked position in large cards: try moves, play them, see them all."""
    if shown.problem:
        st.error(safe_text.plain(shown.problem), icon=":material/error:")
    if shown.shown is None:
        st.info(t("classroom.position_intro"))
        return
    st.markdown(f"### {safe_text.plain(' · '.join(shown.facts))}")
    _big_board(ctl, shown.shown, t("classroom.hand_of", seat=shown.shown.seat))
    board.show_verdict(shown.verdict)
    st.divider()
    with st.container(horizontal=True, gap="medium", key="class-tools"):
        st.button(t("classroom.start_again"), key="class-restart", on_click=ctl.start_again,
                  disabled=not shown.can_restart, icon=":material/first_page:")
        st.toggle(t("classroom.all_moves"), key=ctl.key("moves"))
        advice_toggle(ctl.key("advice"))
        if shown.can_play:
            st.button(t("classroom.play_it"), key="class-play", on_click=ctl.play_judged_move,
                      type="primary", icon=":material/play_arrow:")
    advice_panel(shown.advice, "class-advice")
    _all_moves(shown.legal_moves)


def class_progress(ctl: ClassroomController) -> None:
    """The teacher's view of the class (below the projected step, out of the way)."""
    with st.expander(t("classroom.progress"), icon=":material/groups:", expanded=False):
        st.caption(t("classroom.progress_help"))
        progress = ctl.progress()
        st.toggle(t("classroom.names_on_welcome"), value=progress.names_on_welcome,
                  key=ctl.key("names_shown"), help=t("classroom.names_on_welcome_help"),
                  on_change=ctl.names_toggled)
        if ctl.only is None:  # no class chosen: no learner of anyone else's is shown
            st.info(t("classroom.no_class_learners"))
            return
        if not progress.rows:
            st.info(t("classroom.no_learners"))
            return
        headers = {column: t(f"class.col.{column}") for column in class_report.TABLE_COLUMNS}
        st.dataframe({headers[column]: cells for column, cells in progress.table.items()},
                     hide_index=True, key="class-progress")
        st.download_button(t("classroom.download"), progress.csv,
                           file_name="class-progress.csv", mime="text/csv",
                           key="class-download", icon=":material/download:")
