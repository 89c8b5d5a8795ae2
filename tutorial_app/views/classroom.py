"""Classroom: a teacher at a projector shows a lesson or a puzzle step by step.

Screen (large cards and text): choose a lesson or a puzzle; the step's text
or prompt; the table and hand in large cards, clickable so the teacher can
try a move and show the judge's answer; "Reveal the answer" and "Show all
legal moves"; previous and next step. Nothing is recorded: no learner, no
stars, no rating. Below, folded away, the class's progress for the teacher.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine import Attempt, check, legal_moves
from tutorial_app import class_report, links, safe_text
from tutorial_app.course import solutions
from tutorial_app.ui import board, session
from tutorial_app.ui.strings import t

SCOPE = "class"
SOURCE = "class.source"
STEP = "class.step"
NAMES_SHOWN = "class-names-shown"


def names_toggled() -> None:
    """The teacher's choice is the class's, so it is kept in the store, not the session."""
    session.store().show_names_on_welcome(bool(st.session_state[NAMES_SHOWN]))


def reset_step() -> None:
    st.session_state[STEP] = 0
    st.session_state["class.reveal"] = False
    st.session_state["class.moves"] = False
    st.session_state.pop("class.verdict", None)
    board.clear(SCOPE)


def go(delta: int) -> None:
    st.session_state[STEP] = int(st.session_state.get(STEP, 0)) + delta
    st.session_state["class.reveal"] = False
    st.session_state["class.moves"] = False
    st.session_state.pop("class.verdict", None)
    board.clear(SCOPE)


def try_move(position: Any, attempt: Attempt) -> None:
    st.session_state["class.verdict"] = check(position, attempt)


def answer_text(item: Any) -> list[str]:
    """What "Reveal the answer" shows for a step or a puzzle, in words."""
    kind = getattr(item, "kind", "")
    if kind in ("play", "puzzle"):
        return [f"{m.pretty}  (`{m.text}`)" for m in solutions(item)[:8]]
    if kind == "choose":
        return [t("classroom.correct_option", option=item.options[i])
                for i in sorted(item.correct)] or [t("classroom.none_correct")]
    if kind == "mistake":
        labels = dict(item.choices)
        return [labels.get(item.answer, item.answer), item.explanation]
    return []


def show_item(item: Any) -> None:
    kind = getattr(item, "kind", "")
    if kind == "read":
        st.markdown(safe_text.lesson(item.text))
    else:
        st.markdown(f"## {safe_text.lesson(item.prompt)}")
    position = getattr(item, "position", None)
    if position is None:
        return
    if kind in ("play", "puzzle"):
        look = board.BoardLook(big=True)
        board.table(position, SCOPE, look)
        board.hand(position, SCOPE, look)
        board.action_bar(position, SCOPE, lambda attempt: try_move(position, attempt))
        board.show_verdict(st.session_state.get("class.verdict"))
    else:
        board.picture(position, SCOPE, big=True)
    if kind == "mistake":
        st.markdown(t("learn.the_move", move=safe_text.plain(item.move_words or item.move)))
    if kind == "choose":
        for i, option in enumerate(item.options):
            st.markdown(f"{chr(65 + i)}. {safe_text.plain(option)}")


def open_link(course: Any) -> None:
    """A prepared link (?lesson=..&step=.. or ?puzzle=..) opens on that step, once."""
    params = st.query_params
    link = (params.get(links.LESSON, ""), params.get(links.STEP, ""), params.get(links.PUZZLE, ""))
    if st.session_state.get("class.link") == link:
        return
    st.session_state["class.link"] = link
    lesson = session.find_lesson(course, links.clean_id(link[0]))
    puzzle = session.find_puzzle(course, links.clean_id(link[2]))
    if lesson is not None:
        st.session_state["class.mode"] = "lesson"
        st.session_state["class.lesson"] = lesson
        step_id = links.clean_id(link[1])
        reset_step()
        st.session_state[STEP] = next(
            (i for i, step in enumerate(lesson.steps) if step.id == step_id), 0)
    elif puzzle is not None:
        st.session_state["class.mode"] = "puzzle"
        st.session_state["class.puzzle"] = puzzle
        reset_step()


def write_link(mode: str, chosen: Any, item: Any) -> None:
    wanted = (chosen.id, item.id, "") if mode == "lesson" else ("", "", chosen.id)
    if st.session_state.get("class.link") != wanted:
        st.session_state["class.link"] = wanted
        st.query_params.from_dict({k: v for k, v in zip(
            (links.LESSON, links.STEP, links.PUZZLE), wanted, strict=True) if v})


course = session.course()
session.course_errors_panel(course)
open_link(course)

with st.container(key="classroom"):
    st.title(t("classroom.title"))
    pick_kind, pick_item = st.columns([1, 3])
    with pick_kind:
        mode = st.radio(t("classroom.show"), ["lesson", "puzzle"], key="class.mode",
                        format_func=lambda m: t(f"classroom.mode.{m}"), on_change=reset_step,
                        horizontal=True)
    items: list[Any]
    chosen: Any
    with pick_item:
        if mode == "lesson":
            lessons = list(course.lessons)
            chosen = st.selectbox(t("classroom.lesson"), lessons, key="class.lesson",
                                  format_func=lambda lesson: lesson.title, on_change=reset_step)
            items = list(chosen.steps) if chosen else []
        else:
            puzzles = list(course.puzzles)
            chosen = st.selectbox(t("classroom.puzzle"), puzzles, key="class.puzzle",
                                  format_func=lambda p: f"{p.id} — {p.title or p.prompt}",
                                  on_change=reset_step)
            items = [chosen] if chosen else []

    if not items:
        st.info(t("classroom.nothing"))
    else:
        index = min(max(int(st.session_state.get(STEP, 0)), 0), len(items) - 1)
        item = items[index]
        write_link(mode, chosen, item)
        if len(items) > 1:
            st.progress((index + 1) / len(items),
                        text=t("learn.step_of", n=index + 1, total=len(items)))
        show_item(item)
        position = getattr(item, "position", None)
        st.divider()
        with st.container(horizontal=True, gap="medium", key="class-tools"):
            st.button(t("classroom.previous"), key="class-back", on_click=go, args=(-1,),
                      disabled=index == 0, icon=":material/chevron_left:")
            if item.kind != "read":
                st.toggle(t("classroom.reveal"), key="class.reveal")
            if position is not None:
                st.toggle(t("classroom.all_moves"), key="class.moves")
            st.button(t("classroom.next"), key="class-next", on_click=go, args=(1,),
                      disabled=index >= len(items) - 1, icon=":material/chevron_right:",
                      icon_position="right", type="primary")
        if st.session_state.get("class.reveal") and item.kind != "read":
            with st.container(border=True, key="class-answer"):
                st.markdown(f"## {t('classroom.answer')}")
                for line in answer_text(item):
                    st.markdown(f"- {safe_text.lesson(line)}")
        if st.session_state.get("class.moves") and position is not None:
            moves = legal_moves(position)
            with st.container(border=True, key="class-moves"):
                st.markdown(f"## {t('classroom.legal_moves', n=len(moves))}")
                for move in moves:
                    st.markdown(f"- {safe_text.plain(move.pretty)}")

# The teacher's view of the class (below the projected step, out of the way).
with st.expander(t("classroom.progress"), icon=":material/groups:", expanded=False):
    st.caption(t("classroom.progress_help"))
    st.toggle(t("classroom.names_on_welcome"), value=session.store().names_on_welcome(),
              key=NAMES_SHOWN, help=t("classroom.names_on_welcome_help"),
              on_change=names_toggled)
    rows = class_report.class_rows(list(course.lessons), session.store())
    if not rows:
        st.info(t("classroom.no_learners"))
    else:
        st.dataframe(
            {
                t("class.col.learner"): [r.name for r in rows],
                t("class.col.finished"): [f"{r.finished} / {r.lessons}" for r in rows],
                t("class.col.stars"): [r.stars for r in rows],
                t("class.col.now_on"): [r.now_on or t("class.all_done") for r in rows],
                t("class.col.puzzles"): [r.puzzles_solved for r in rows],
                t("class.col.rating"): [round(r.rating) for r in rows],
                t("class.col.active"): [class_report.ago(r.last_active) for r in rows],
            },
            hide_index=True, key="class-progress")
