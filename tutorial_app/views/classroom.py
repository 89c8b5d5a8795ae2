"""Classroom: a teacher at a projector shows a lesson or a puzzle step by step.

Screen (large cards and text): choose a lesson, a puzzle or any position
typed in the Sandbox's notation; the step's text or prompt; the table and
hand in large cards, clickable so the teacher can try a move and show the
judge's answer; "Reveal the answer" and "Show all legal moves"; previous and
next step, or, for a typed position, play the move and go on from there.
Nothing is recorded: no learner, no stars, no rating. Below, folded away, the
class's progress for the teacher.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine import Attempt, Position, check, legal_moves
from tutorial_app.course import solutions
from tutorial_app.course.i18n import t
from tutorial_app.flows import class_report, links
from tutorial_app.flows.sandbox import next_position
from tutorial_app.ui import board, safe_text, session
from tutorial_app.ui.advice_box import advice_panel, advice_toggle
from tutorial_app.ui.css import PROJECTOR_CSS

SCOPE = "class"
STEP = "class.step"
NAMES_SHOWN = "class-names-shown"
MODES = ("lesson", "puzzle", "position")
TYPED = "class.position_text"  # the text box
START = "class.position_start"  # the position as typed or linked
SHOWN = "class.position_shown"  # where the moves played from it have led
PROBLEM = "class.position_error"
VERDICT = "class.verdict"


def names_toggled() -> None:
    """The teacher's choice is the class's, so it is kept in the store, not the session."""
    session.store().show_names_on_welcome(bool(st.session_state[NAMES_SHOWN]))


def reset_step() -> None:
    st.session_state[STEP] = 0
    st.session_state["class.reveal"] = False
    st.session_state["class.moves"] = False
    st.session_state.pop(VERDICT, None)
    board.clear(SCOPE)


def go(delta: int) -> None:
    st.session_state[STEP] = int(st.session_state.get(STEP, 0)) + delta
    st.session_state["class.reveal"] = False
    st.session_state["class.moves"] = False
    st.session_state.pop(VERDICT, None)
    board.clear(SCOPE)


def try_move(position: Any, attempt: Attempt) -> None:
    st.session_state[VERDICT] = check(position, attempt)


def show_position(position: Position, start: bool) -> None:
    """Put a position on the screen; `start` makes it the one "Start again" returns to."""
    if start:
        st.session_state[START] = position
    st.session_state[SHOWN] = position
    st.session_state[TYPED] = position.text
    st.session_state.pop(PROBLEM, None)
    st.session_state.pop(VERDICT, None)
    board.clear(SCOPE)


def position_typed() -> None:
    found = links.read_position(st.session_state.get(TYPED, ""), source="you typed")
    if found.position is None:
        st.session_state[PROBLEM] = found.error or t("classroom.position_missing")
        return
    show_position(found.position, start=True)


def play_judged_move() -> None:
    """Play the move the judge just called legal, so the class sees what follows."""
    verdict = st.session_state.get(VERDICT)
    shown = st.session_state.get(SHOWN)
    if verdict is None or not verdict.legal or verdict.move is None or shown is None:
        return
    show_position(next_position(shown, verdict.move), start=False)


def start_again() -> None:
    start = st.session_state.get(START)
    if start is not None:
        show_position(start, start=False)


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
    """A prepared link (?lesson=..&step=.., ?puzzle=.. or ?position=..) opens on that
    step or position, once."""
    params = st.query_params
    link = (params.get(links.LESSON, ""), params.get(links.STEP, ""), params.get(links.PUZZLE, ""),
            params.get(links.POSITION, ""))
    if st.session_state.get("class.link") == link:
        return
    st.session_state["class.link"] = link
    lesson = session.find_lesson(course, links.clean_id(link[0]))
    puzzle = session.find_puzzle(course, links.clean_id(link[2]))
    if link[3]:
        st.session_state["class.mode"] = "position"
        found = links.read_position(link[3])
        if found.position is None:
            st.session_state[TYPED] = link[3][:links.MAX_POSITION]
            st.session_state[PROBLEM] = found.error
        else:
            show_position(found.position, start=True)
    elif lesson is not None:
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


def write_link(wanted: tuple[str, str, str, str]) -> None:
    """Keep the address bar on what is shown: (lesson, step, puzzle, position)."""
    if st.session_state.get("class.link") != wanted:
        st.session_state["class.link"] = wanted
        st.query_params.from_dict({k: v for k, v in zip(
            (links.LESSON, links.STEP, links.PUZZLE, links.POSITION), wanted, strict=True) if v})


def position_screen() -> None:
    """A typed or linked position in large cards: try moves, play them, see them all."""
    problem = st.session_state.get(PROBLEM)
    if problem:
        st.error(safe_text.plain(problem), icon=":material/error:")
    shown: Position | None = st.session_state.get(SHOWN)
    if shown is None:
        write_link(("", "", "", ""))
        st.info(t("classroom.position_intro"))
        return
    write_link(("", "", "", shown.text))
    facts = [t("classroom.position_players", n=shown.players),
             t("classroom.position_rules", rules=shown.rules.text)]
    if shown.last:
        facts.append(t("sandbox.last"))
    st.markdown(f"### {safe_text.plain(' · '.join(facts))}")
    look = board.BoardLook(big=True)
    board.table(shown, SCOPE, look)
    board.hand(shown, SCOPE, look, title=t("classroom.hand_of", seat=shown.seat))
    board.action_bar(shown, SCOPE, lambda attempt: try_move(shown, attempt))
    verdict = st.session_state.get(VERDICT)
    board.show_verdict(verdict)
    st.divider()
    with st.container(horizontal=True, gap="medium", key="class-tools"):
        st.button(t("classroom.start_again"), key="class-restart", on_click=start_again,
                  disabled=st.session_state.get(START) == shown,
                  icon=":material/first_page:")
        st.toggle(t("classroom.all_moves"), key="class.moves")
        advice_toggle("class.advice")
        if verdict is not None and verdict.legal and verdict.move is not None:
            st.button(t("classroom.play_it"), key="class-play", on_click=play_judged_move,
                      type="primary", icon=":material/play_arrow:")
    if st.session_state.get("class.advice"):
        advice_panel(shown, "class-advice")
    if st.session_state.get("class.moves"):
        all_moves(shown)


def all_moves(position: Position) -> None:
    moves = legal_moves(position)
    with st.container(border=True, key="class-moves"):
        st.markdown(f"## {t('classroom.legal_moves', n=len(moves))}")
        for move in moves:
            st.markdown(f"- {safe_text.plain(move.pretty)}")


course = session.course()
session.course_errors_panel(course)
open_link(course)

with st.container(key="classroom"):
    with st.container(horizontal=True, vertical_alignment="center", key="class-head"):
        st.title(t("classroom.title"), width="content")
        if st.toggle(t("classroom.projector"), key="class.projector",
                     help=t("classroom.projector_help")):
            st.html(PROJECTOR_CSS)
    pick_kind, pick_item = st.columns([1, 3])
    with pick_kind:
        mode = st.radio(t("classroom.show"), MODES, key="class.mode",
                        format_func=lambda m: t(f"classroom.mode.{m}"), on_change=reset_step,
                        horizontal=True)
    items: list[Any] = []
    chosen: Any = None
    with pick_item:
        if mode == "position":
            st.text_input(t("classroom.position"), key=TYPED, on_change=position_typed,
                          max_chars=links.MAX_POSITION, help=t("classroom.position_help"),
                          placeholder="table: 5c 3d [8: 5h 3s @1]; hand: 8s 3h")
        elif mode == "lesson":
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

    if mode == "position":
        position_screen()
    elif not items:
        st.info(t("classroom.nothing"))
    else:
        index = min(max(int(st.session_state.get(STEP, 0)), 0), len(items) - 1)
        item = items[index]
        write_link((chosen.id, item.id, "", "") if mode == "lesson" else ("", "", chosen.id, ""))
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
            all_moves(position)

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
        st.download_button(t("classroom.download"), class_report.to_csv(rows),
                           file_name="class-progress.csv", mime="text/csv",
                           key="class-download", icon=":material/download:")
