"""Puzzles: filter by theme and difficulty, solve, see the solution, next puzzle.

Screen: the learner's puzzle rating; filters (themes, difficulty, hide
solved); the puzzle (title, difficulty, themes, prompt), the table and hand
to click, the move buttons, the judge's answer, up to three hints, the
rating change, "Show solution" once tried, and "Next puzzle". The first try
at a puzzle is rated, like a game against it: solved raises the rating,
missed lowers it; a hint makes the try unrated. The puzzle is in the link.

This page only draws: what to draw and what a click does is decided by
`flows.puzzles.PuzzleController`.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.course import FeedbackStatus, Puzzle
from tutorial_app.flows import homework
from tutorial_app.flows.puzzles import (
    BOARD,
    DIFFICULTY,
    PuzzleController,
    PuzzleView,
    RatingLine,
    Taught,
)
from tutorial_app.services.resume import Resume
from tutorial_app.ui import (
    address,
    board,
    lines_area,
    practice_way,
    rules_beside,
    safe_text,
    session,
    streak_area,
)
from tutorial_app.ui.css import READING_WIDTH
from tutorial_app.ui.line_chart import line_chart_image
from tutorial_app.words import words
from tutorial_app.words.i18n import count, t


def rating_line(line: RatingLine) -> None:
    with st.container(horizontal=True, key="rating-row"):
        st.metric(t("puzzles.rating"), f"{line.rating:.0f}",
                  delta=f"{line.change:+.0f}" if line.change is not None else None)
        st.metric(t("puzzles.rated_games"), line.rated_games)
        st.metric(t("puzzles.solved_count"), line.solved)
    if line.chart is not None:
        with st.expander(t("puzzles.rating_chart"), icon=":material/show_chart:"):
            st.html(line_chart_image(line.chart, t("puzzles.rated_games"), t("puzzles.rating")))


def theme_name(theme: str) -> str:
    """A theme's readable name ("Sums" for `sum`)."""
    return t(f"theme.{theme}.name")


def filters(control: PuzzleController) -> None:
    """The filter widgets; the controller reads their values back by their keys (and
    keeps them while the streak or the lines are on screen)."""
    control.keep_filters()
    with st.expander(t("puzzles.filters"), expanded=False, icon=":material/filter_list:"):
        st.multiselect(t("puzzles.themes"), list(control.course.themes()),
                       key=control.themes_key, placeholder=t("puzzles.any_theme"),
                       format_func=theme_name, on_change=control.themes_changed)
        st.select_slider(t("puzzles.difficulty"), options=[1, 2, 3, 4, 5], value=DIFFICULTY,
                         key=control.difficulty_key)
        st.toggle(t("puzzles.hide_solved"), key=control.hide_solved_key)
        st.toggle(t("puzzles.missed_only"), key=control.missed_only_key,
                  help=t("puzzles.missed_only_help"))


def puzzle_screen(control: PuzzleController, view: PuzzleView) -> None:
    puzzle, work = view.puzzle, view.work
    st.subheader(safe_text.plain(view.title))
    if view.assigned:
        st.info(t("puzzles.assigned"), icon=":material/assignment:")
    if view.practice:
        st.caption(t("puzzles.from_practice"))
    dots = "●" * puzzle.difficulty + "○" * (5 - puzzle.difficulty)
    st.caption(t("puzzles.meta", dots=dots,
                 themes=safe_text.plain(", ".join(theme_name(x) for x in puzzle.themes)))
               + (t("puzzles.done_before") if view.solved_before else ""))
    st.caption(safe_text.plain(" · ".join(t(f"theme.{x}.description") for x in puzzle.themes)))
    st.markdown(f"### {board.linked_lesson(puzzle.prompt)}")
    rules_beside.show(puzzle.position.rules, BOARD)
    look = board.BoardLook(interactive=not work.solved)
    board.table(view.board, BOARD, look)
    board.hand(view.board, BOARD, look)
    if not work.solved:
        board.action_bar(view.board, BOARD, control.answer)
    feedback = work.feedback
    if feedback is not None:
        if feedback.status is FeedbackStatus.CORRECT:
            st.success(board.linked_lesson(feedback.message), icon=":material/check_circle:")
        elif feedback.status is FeedbackStatus.MISSED:
            # two whole sentences: what the move missed, then what to do now
            board.missed(f'{feedback.message} {t("puzzles.try_again")}', BOARD)
        else:
            board.judged(feedback, BOARD)
    if view.note is not None:
        st.caption(view.note)

    for text in view.hints:
        st.info(board.linked_lesson(text), icon=":material/lightbulb:")
    with st.container(horizontal=True, gap="small", key="puzzle-tools"):
        if view.next_hint is not None:
            st.button(t("learn.hint", n=view.next_hint), key=f"puzzle-hint-{view.next_hint}",
                      on_click=control.hint, icon=":material/lightbulb:",
                      help=t("puzzles.hint_help"))
        if view.can_reveal:
            st.button(t("puzzles.show_solution"), key="show-solution", on_click=control.reveal,
                      icon=":material/visibility:")
        if view.practice:  # back to the day's set, not on to unrelated puzzles
            practice_links(control, view)
        elif view.following is not None:
            st.button(t("puzzles.next"), key="next-puzzle", on_click=control.show,
                      args=(view.following,), type="primary" if work.solved else "secondary",
                      icon=":material/skip_next:", icon_position="right")
    if view.solutions is not None:
        st.markdown(count(len(view.solutions), "puzzles-solutions"))
        st.markdown("\n".join(f"- **{safe_text.plain(words.move(m))}**"
                              for m in view.solutions[:12]))
    address.share_box("puzzles", view.share)


def practice_links(control: PuzzleController, view: PuzzleView) -> None:
    """A puzzle opened from Practice: the way back to the day's set, and once the
    puzzle is decided, its next task (opened in this mode again)."""
    practice_way.back_and_next(control.course,
                               {*control.practice_done(), f"puzzle:{view.puzzle.id}"},
                               view.work.solved or view.work.recorded)


def missed_list(control: PuzzleController, missed: tuple[Puzzle, ...]) -> None:
    """The puzzles tried and not solved yet, each a button to try it again."""
    if not missed:
        return
    with st.expander(t("puzzles.missed_list", n=len(missed)), icon=":material/replay:"), \
            st.container(horizontal=True, gap="small", key="missed-list"):
        for puzzle in missed[:40]:
            st.button(safe_text.plain(puzzle.title), key=f"retry-{puzzle.id}",
                      on_click=control.show, args=(puzzle.id,), type="tertiary")


def taught_line(control: PuzzleController, taught: Taught | None) -> None:
    """The first visit's choice, said: the themes taught so far, or that none is (with
    a way to every puzzle all the same)."""
    if taught is None:
        return
    if taught.themes:
        st.caption(t("puzzles.taught", themes=", ".join(theme_name(x) for x in taught.themes)))
        return
    if taught.next_lesson is not None:
        st.info(t("puzzles.none_taught", title=safe_text.plain(taught.next_lesson)),
                icon=":material/school:")
    else:
        st.info(t("puzzles.none_taught_any"), icon=":material/school:")
    st.button(t("puzzles.show_all"), key="puzzles-all", on_click=control.themes_changed,
              icon=":material/extension:")


MODES = ("rated", "streak", "lines")
DRAWN_RATING = "view.puzzles_rating"  # the rating line the whole page drew last


def controller() -> PuzzleController:
    who = session.learner()
    rooms = session.rooms()
    return PuzzleController(
        session.state(), session.course(), session.progress(), who, st.query_params,
        kept=Resume(session.store()),
        assigned=(lambda: homework.assigned_tasks(rooms, who.id)) if who else None)


@st.fragment
def puzzle_area() -> None:
    """The puzzle on screen. A click in it (a card, an answer, a hint, the solution,
    the next puzzle) reruns only this part of the page; once a try changed the rating
    or the counts above it (and in the sidebar), the whole page is drawn again."""
    control = controller()
    if control.rating() != st.session_state.get(DRAWN_RATING):
        st.rerun()
    notice = control.take_notice()
    if notice:
        st.error(safe_text.plain(notice), icon=":material/cloud_off:")
    screen = control.screen()
    missed_list(control, screen.missed)
    taught_line(control, screen.taught)
    if screen.shown is not None:
        st.caption(count(screen.pool, "puzzles-pool"))
        puzzle_screen(control, screen.shown)
    elif screen.taught is None or screen.taught.themes:  # else said by taught_line
        st.info(t("puzzles.none"))


def render() -> None:
    st.html(READING_WIDTH)
    course = session.course()
    session.course_errors_panel(course)
    control = controller()
    control.follow_links()
    st.title(t("puzzles.title"))
    link_error = control.take_link_error()
    if link_error:
        st.error(safe_text.plain(link_error), icon=":material/link_off:")
    if session.require_learner() is None:
        return
    mode = st.segmented_control(t("puzzles.mode"), MODES, default=MODES[0], key="puzzles-mode",
                                format_func=lambda m: t(f"puzzles.mode.{m}"))
    if mode == "streak":
        streak_area.area()
        return
    if mode == "lines":
        lines_area.area()
        return
    line = control.rating()
    st.session_state[DRAWN_RATING] = line
    if line is not None:
        rating_line(line)
    filters(control)
    puzzle_area()


render()
