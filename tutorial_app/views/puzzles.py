"""Puzzles: filter by theme and difficulty, solve, see the solution, next puzzle.

Screen: the learner's puzzle rating; filters (themes, difficulty, hide
solved); the puzzle (title, difficulty, themes, prompt), the table and hand
to click, the move buttons, the judge's answer, up to three hints, the
rating change, "Show solution" once tried, and "Next puzzle". The first try
at a puzzle is rated, like a game against it: solved raises the rating,
missed lowers it; a hint makes the try unrated. The puzzle is in the link.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from engine import Attempt, apply_move, check
from tutorial_app.course import check_answer, solutions
from tutorial_app.course import rating as elo
from tutorial_app.course.i18n import t
from tutorial_app.flows import links
from tutorial_app.flows import puzzles as puzzle_flow
from tutorial_app.flows.puzzles import PuzzleTry
from tutorial_app.ui import board, safe_text, session
from tutorial_app.ui.css import READING_WIDTH

SCOPE = "puzzle"
CURRENT = "puzzles.current"
TRY = "puzzles.try"
LINK = "puzzles.link"


def find(course: Any, puzzle_id: str | None) -> Any:
    return session.find_puzzle(course, puzzle_id)


def puzzle_try(puzzle: Any) -> PuzzleTry:
    current = st.session_state.get(TRY)
    if isinstance(current, PuzzleTry) and current.puzzle == puzzle.id:
        return current
    fresh = PuzzleTry(puzzle.id)
    st.session_state[TRY] = fresh
    return fresh


def show(puzzle_id: str | None) -> None:
    st.session_state[CURRENT] = puzzle_id
    st.session_state.pop(TRY, None)
    board.clear(SCOPE)


def open_theme_link(course: Any) -> None:
    """`puzzles?theme=sum` (from a finished lesson) sets the theme filter, once."""
    link = st.query_params.get(links.THEME, "")
    if not link or st.session_state.get("puzzles.theme_link") == link:
        return
    st.session_state["puzzles.theme_link"] = link
    themes = links.read_themes(link, course.themes())
    if themes:
        st.session_state["puzzles.themes"] = themes
        show(None)  # the first puzzle of the new choice


def open_link(course: Any) -> None:
    link = st.query_params.get(links.PUZZLE, "")
    if st.session_state.get(LINK) == link:
        return
    st.session_state[LINK] = link
    if not link:
        return
    puzzle = find(course, links.clean_id(link))
    if puzzle is None:
        st.session_state["puzzles.link_error"] = t("puzzles.no_such", id=link[:80])
        return
    show(puzzle.id)


def write_link(puzzle_id: str | None) -> None:
    wanted = puzzle_id or ""
    if st.session_state.get(LINK) != wanted:
        st.session_state[LINK] = wanted
        if wanted:
            st.query_params.from_dict({links.PUZZLE: wanted})
        else:
            st.query_params.clear()


# ----- callbacks -------------------------------------------------------------------------


def record(puzzle: Any, current: PuzzleTry, solved: bool) -> PuzzleTry:
    who = session.learner()
    if who is None or (current.recorded and not solved):
        return current
    result = session.store().record_puzzle(who.id, puzzle.id, puzzle.difficulty, solved,
                                           hinted=current.hints > 0)
    return replace(current, recorded=True, result=current.result or result)


def answer(puzzle: Any, attempt: Attempt) -> None:
    current = puzzle_try(puzzle)
    if current.solved:
        return
    feedback = check_answer(puzzle, attempt)
    current = replace(current, judge=check(puzzle.position, attempt).message)
    if feedback.correct:
        after = apply_move(puzzle.position, feedback.move).position if feedback.move else None
        current = replace(current, feedback=feedback, after=after)
        current = record(puzzle, current, solved=True)
    elif feedback.status == "illegal":
        current = replace(current, feedback=feedback, wrong=current.wrong + 1)
    else:
        current = replace(current, feedback=feedback, wrong=current.wrong + 1)
        current = record(puzzle, current, solved=False)
    st.session_state[TRY] = current


def hint(puzzle: Any) -> None:
    current = puzzle_try(puzzle)
    st.session_state[TRY] = replace(current, hints=min(3, current.hints + 1))


def reveal(puzzle: Any) -> None:
    current = puzzle_try(puzzle)
    if not current.solved:
        current = record(puzzle, current, solved=False)
    st.session_state[TRY] = replace(current, show_solution=True)


def next_one(puzzle_id: str) -> None:
    show(puzzle_id)


# ----- pieces of the screen ------------------------------------------------------------


def rating_line(learner_id: int) -> None:
    who = session.store().get_learner(learner_id)
    if who is None:
        return
    history = session.store().rating_history(learner_id)
    delta = history[-1] - (history[-2] if len(history) > 1 else elo.START) if history else None
    with st.container(horizontal=True, key="rating-row"):
        st.metric(t("puzzles.rating"), f"{who.rating:.0f}",
                  delta=f"{delta:+.0f}" if delta is not None else None)
        st.metric(t("puzzles.rated_games"), who.rated_games)
        solved = sum(1 for ok in session.store().solved_puzzles(learner_id).values() if ok)
        st.metric(t("puzzles.solved_count"), solved)
    if len(history) >= 2:
        with st.expander(t("puzzles.rating_chart"), icon=":material/show_chart:"):
            st.line_chart({t("puzzles.rating"): [elo.START, *history]}, height=200,
                          x_label=t("puzzles.rated_games"), y_label=t("puzzles.rating"))


def filters(course: Any) -> puzzle_flow.Filter:
    with st.expander(t("puzzles.filters"), expanded=False, icon=":material/filter_list:"):
        themes = st.multiselect(t("puzzles.themes"), list(course.themes()), key="puzzles.themes",
                                placeholder=t("puzzles.any_theme"))
        low, high = st.select_slider(t("puzzles.difficulty"), options=[1, 2, 3, 4, 5],
                                     value=(1, 5), key="puzzles.difficulty")
        hide = st.toggle(t("puzzles.hide_solved"), key="puzzles.hide_solved")
        missed = st.toggle(t("puzzles.missed_only"), key="puzzles.missed_only",
                           help=t("puzzles.missed_only_help"))
    return puzzle_flow.Filter(frozenset(themes), int(low), int(high), bool(hide), bool(missed))


def result_line(current: PuzzleTry) -> None:
    result = current.result
    if result is None:
        return
    if result.rated and result.change is not None:
        st.caption(t("puzzles.rating_change", change=result.change.text))
    elif not result.first_try:
        st.caption(t("puzzles.unrated_again"))
    else:
        st.caption(t("puzzles.unrated_hint"))


def puzzle_screen(puzzle: Any, course: Any, pool: list[Any], solved: dict[str, bool]) -> None:
    current = puzzle_try(puzzle)
    write_link(puzzle.id)
    title = puzzle.title or t("puzzles.untitled", id=puzzle.id)
    st.subheader(safe_text.plain(title))
    dots = "●" * puzzle.difficulty + "○" * (5 - puzzle.difficulty)
    themes = ", ".join(puzzle.themes)
    st.caption(t("puzzles.meta", dots=dots, themes=safe_text.plain(themes),
                 id=safe_text.plain(puzzle.id))
               + (t("puzzles.done_before") if solved.get(puzzle.id) else ""))
    st.markdown(f"### {safe_text.lesson(puzzle.prompt)}")
    shown = current.after if current.solved and current.after is not None else puzzle.position
    look = board.BoardLook(interactive=not current.solved)
    board.table(shown, SCOPE, look)
    board.hand(shown, SCOPE, look)
    if not current.solved:
        board.action_bar(puzzle.position, SCOPE, lambda attempt: answer(puzzle, attempt))
    feedback = current.feedback
    if feedback is not None:
        message = safe_text.lesson(feedback.message)
        if feedback.correct:
            st.success(message, icon=":material/check_circle:")
        elif feedback.status == "illegal":
            board.judged(feedback, current.judge)
        else:
            st.warning(message + t("puzzles.try_again"), icon=":material/replay:")
    result_line(current)

    for level in range(current.hints):
        st.info(safe_text.lesson(puzzle.hints[level]), icon=":material/lightbulb:")
    with st.container(horizontal=True, gap="small", key="puzzle-tools"):
        if current.hints < 3 and not current.solved:
            st.button(t("learn.hint", n=current.hints + 1), key=f"puzzle-hint-{current.hints + 1}",
                      on_click=hint, args=(puzzle,), icon=":material/lightbulb:",
                      help=t("puzzles.hint_help"))
        if (current.tried or current.solved) and not current.show_solution:
            st.button(t("puzzles.show_solution"), key="show-solution", on_click=reveal,
                      args=(puzzle,), icon=":material/visibility:")
        following = puzzle_flow.next_puzzle(pool or course.puzzles, puzzle.id, solved)
        if following is not None:
            st.button(t("puzzles.next"), key="next-puzzle", on_click=next_one,
                      args=(following.id,), type="primary" if current.solved else "secondary",
                      icon=":material/skip_next:", icon_position="right")
    if current.show_solution:
        answers = solutions(puzzle)
        st.markdown(t("puzzles.solutions", n=len(answers)))
        st.markdown("\n".join(f"- **{safe_text.plain(m.pretty)}** (`{m.text}`)"
                              for m in answers[:12]))
    st.caption(t("learn.share", url=safe_text.plain(
        links.share_url(st.context.url, "puzzles", {links.PUZZLE: puzzle.id}))))


# ----- the screen ----------------------------------------------------------------------

st.html(READING_WIDTH)
course = session.course()
session.course_errors_panel(course)
open_theme_link(course)
open_link(course)
st.title(t("puzzles.title"))
link_error = st.session_state.pop("puzzles.link_error", None)
if link_error:
    st.error(safe_text.plain(link_error), icon=":material/link_off:")

who = session.require_learner()
if who is not None:
    rating_line(who.id)
    chosen = filters(course)
    solved = session.store().solved_puzzles(who.id)
    pool = puzzle_flow.matching(list(course.puzzles), chosen, solved)
    puzzle = find(course, st.session_state.get(CURRENT))
    if puzzle is None and pool:
        puzzle = puzzle_flow.next_puzzle(pool, None, solved)
        st.session_state[CURRENT] = puzzle.id if puzzle else None
    if puzzle is None:
        st.info(t("puzzles.none"))
    else:
        st.caption(t("puzzles.pool", n=len(pool)))
        puzzle_screen(puzzle, course, pool, solved)
