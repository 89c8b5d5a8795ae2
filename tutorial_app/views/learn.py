"""Learn: the lesson path, then the lesson player.

Screen, path: every lesson in order as a card with its title, summary, stars
and state (done, open, or locked until another lesson is finished), with
buttons to start, continue, review or reset it; at the bottom, reset all.

Screen, player: the lesson title and "step N of M" with a progress bar; the
step itself (read: text and a picture; play: the table and hand to click,
the move buttons, hints, the judge's explanation or the success message with
stars; choose: options to tick; mistake: a move to diagnose); Back and Next.
The lesson and step are in the link, so a step can be shared.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from engine import Attempt, apply_move, check
from tutorial_app.course import (
    ChooseStep,
    Feedback,
    Lesson,
    MistakeStep,
    PlayStep,
    ReadStep,
    check_answer,
    check_choice,
    check_mistake,
    stars,
)
from tutorial_app.course.i18n import count as count_of
from tutorial_app.course.i18n import t
from tutorial_app.flows import lesson as lesson_flow
from tutorial_app.flows import links
from tutorial_app.flows.lesson import StepTry
from tutorial_app.ui import board, safe_text, session
from tutorial_app.ui.css import READING_WIDTH

SCOPE = "learn"
OPEN = "learn.lesson"
STEP = "learn.step"
TRY = "learn.try"
CONFIRM = "learn.confirm"
LINK = "learn.link"


# ----- state -----------------------------------------------------------------------------


def open_lesson(lesson_id: str | None, index: int = 0) -> None:
    st.session_state[OPEN] = lesson_id
    st.session_state[STEP] = index
    st.session_state.pop(TRY, None)
    st.session_state.pop(CONFIRM, None)
    board.clear(SCOPE)


def go(delta: int) -> None:
    st.session_state[STEP] = int(st.session_state.get(STEP, 0)) + delta
    st.session_state.pop(TRY, None)
    board.clear(SCOPE)


def step_try(lesson: Lesson, index: int) -> StepTry:
    step = lesson.steps[index]
    current = st.session_state.get(TRY)
    if isinstance(current, StepTry) and (current.lesson, current.step) == (lesson.id, step.id):
        return current
    fresh = StepTry(lesson.id, step.id)
    st.session_state[TRY] = fresh
    return fresh


def save_try(value: StepTry) -> None:
    st.session_state[TRY] = value


def open_link(course: Any) -> None:
    """Open the lesson step named in the link, once per new link."""
    params = st.query_params
    link = (params.get(links.LESSON, ""), params.get(links.STEP, ""))
    if st.session_state.get(LINK) == link:
        return
    st.session_state[LINK] = link
    lesson_id = links.clean_id(link[0])
    if not link[0]:
        return
    lesson = session.find_lesson(course, lesson_id)
    if lesson is None:
        st.session_state["learn.link_error"] = t("learn.no_such_lesson", id=link[0][:80])
        return
    step_id = links.clean_id(link[1])
    index = next((i for i, s in enumerate(lesson.steps) if s.id == step_id), 0)
    open_lesson(lesson.id, index)


def write_link(lesson: Lesson | None, index: int) -> None:
    wanted = (lesson.id, lesson.steps[index].id) if lesson else ("", "")
    if st.session_state.get(LINK) != wanted:
        st.session_state[LINK] = wanted
        if lesson:
            st.query_params.from_dict({links.LESSON: wanted[0], links.STEP: wanted[1]})
        else:
            st.query_params.clear()


# ----- callbacks -------------------------------------------------------------------------


def answer_move(lesson: Lesson, index: int, attempt: Attempt) -> None:
    step = lesson.steps[index]
    assert isinstance(step, PlayStep)
    current = step_try(lesson, index)
    if current.solved:
        return
    feedback = check_answer(step, attempt, wrong_attempts=current.wrong,
                            hints_used=current.hints)
    current = replace(current, judge=check(step.position, attempt).message)
    if feedback.correct:
        earned = feedback.stars or stars(current.wrong, current.hints)
        after = apply_move(step.position, feedback.move).position if feedback.move else None
        save_try(replace(current, feedback=feedback, after=after))
        record(lesson.id, step.id, earned, current.wrong, current.hints)
    else:
        save_try(replace(current, feedback=feedback, wrong=current.wrong + 1))


def answer_choice(lesson: Lesson, index: int) -> None:
    step = lesson.steps[index]
    assert isinstance(step, ChooseStep)
    current = step_try(lesson, index)
    chosen = frozenset(i for i in range(len(step.options))
                       if st.session_state.get(f"learn.opt.{step.id}.{i}"))
    feedback = check_choice(step, chosen)
    scored(lesson, index, current, feedback, chosen)


def answer_mistake(lesson: Lesson, index: int) -> None:
    step = lesson.steps[index]
    assert isinstance(step, MistakeStep)
    current = step_try(lesson, index)
    code = st.session_state.get(f"learn.why.{step.id}")
    if code is None:
        return
    scored(lesson, index, current, check_mistake(step, str(code)), frozenset())


def scored(lesson: Lesson, index: int, current: StepTry, feedback: Feedback,
           chosen: frozenset[int]) -> None:
    step = lesson.steps[index]
    if current.solved:
        return
    if feedback.correct:
        earned = stars(current.wrong, current.hints)
        save_try(replace(current, feedback=replace(feedback, stars=earned), chosen=chosen))
        record(lesson.id, step.id, earned, current.wrong, current.hints)
    else:
        save_try(replace(current, feedback=feedback, wrong=current.wrong + 1, chosen=chosen))


def record(lesson_id: str, step_id: str, earned: int, wrong: int, hints: int) -> None:
    who = session.learner()
    if who is not None:
        session.store().record_step(who.id, lesson_id, step_id, earned, wrong, hints)


def hint(lesson: Lesson, index: int) -> None:
    current = step_try(lesson, index)
    save_try(replace(current, hints=min(3, current.hints + 1)))


def retry(lesson: Lesson, index: int) -> None:
    st.session_state.pop(TRY, None)
    board.clear(SCOPE)
    step_try(lesson, index)


def finish(lesson: Lesson) -> None:
    who = session.learner()
    if who is None:
        return
    mine = session.store().progress(who.id).get(lesson.id)
    step_stars = mine.steps if mine else {}
    if lesson_flow.unsolved(lesson, step_stars):
        return
    earned = lesson_flow.lesson_stars(lesson, step_stars)
    session.store().complete_lesson(who.id, lesson.id, earned)
    st.session_state["learn.finished"] = (lesson.id, earned)
    open_lesson(None)


def ask_reset(target: str | None) -> None:
    st.session_state[CONFIRM] = target


def do_reset(learner_id: int, target: str) -> None:
    if target == "*":
        session.store().reset_all(learner_id)
    else:
        session.store().reset_lesson(learner_id, target)
    st.session_state.pop(CONFIRM, None)
    st.session_state["learn.reset_done"] = target


# ----- pieces of the screen ------------------------------------------------------------


def confirm_box(learner_id: int, target: str, what: str) -> None:
    with st.container(border=True, key=f"confirm-{target.replace('*', 'all')}"):
        st.warning(t("learn.reset_confirm", what=safe_text.plain(what)),
                   icon=":material/warning:")
        with st.container(horizontal=True):
            st.button(t("learn.reset_yes"), key="confirm-reset", type="primary",
                      on_click=do_reset, args=(learner_id, target))
            st.button(t("learn.reset_no"), key="cancel-reset", on_click=ask_reset, args=(None,))


def path_screen(course: Any, learner_id: int) -> None:
    st.title(t("learn.title"))
    st.caption(t("learn.intro"))
    finished = st.session_state.pop("learn.finished", None)
    done = session.find_lesson(course, finished[0]) if finished else None
    if finished and done is not None:
        st.success(t("learn.finished", title=safe_text.plain(done.title),
                     stars=lesson_flow.star_text(finished[1])), icon=":material/celebration:")
        practice_link(course, done)  # straight on to the puzzles, while it is fresh
    if st.session_state.pop("learn.reset_done", None):
        st.info(t("learn.reset_done"), icon=":material/restart_alt:")
    progress = session.store().progress(learner_id)
    entries = lesson_flow.lesson_path(course.lessons, progress)
    if not entries:
        st.info(t("learn.no_lessons"))
    confirm = st.session_state.get(CONFIRM)
    for number, entry in enumerate(entries, start=1):
        lesson = entry.lesson
        with st.container(border=True, key=f"lesson-{lesson.id}"):
            icon = {"done": ":green[:material/check_circle:]",
                    "open": ":blue[:material/play_circle:]",
                    "locked": ":gray[:material/lock:]"}[entry.state]
            head, side = st.columns([5, 2], vertical_alignment="center")
            with head:
                st.markdown(f"#### {icon} {number}. {safe_text.plain(lesson.title)}")
                st.markdown(safe_text.lesson(lesson.summary))
                if entry.state == lesson_flow.LOCKED:
                    st.caption(t("learn.locked", titles=safe_text.plain(", ".join(entry.missing))))
            with side:
                st.html(f'<div class="ct-stars" aria-label="{entry.stars} of 3 stars">'
                        f"{lesson_flow.star_text(entry.stars)}</div>")
                st.caption(t("learn.steps_done", solved=entry.solved, total=entry.total))
                label = {"done": t("learn.review"), "open": t("learn.continue")
                         if entry.started else t("learn.start"),
                         "locked": t("learn.start")}[entry.state]
                with st.container(horizontal=True, gap="small"):
                    st.button(label, key=f"open-{lesson.id}", on_click=open_lesson,
                              args=(lesson.id,), disabled=entry.state == lesson_flow.LOCKED,
                              type="primary" if entry.state == lesson_flow.OPEN else "secondary")
                    if entry.started or entry.state == lesson_flow.DONE:
                        st.button(t("learn.reset"), key=f"reset-{lesson.id}", type="tertiary",
                                  on_click=ask_reset, args=(lesson.id,))
            if entry.state == lesson_flow.DONE:
                practice_link(course, lesson)
            if confirm == lesson.id:
                confirm_box(learner_id, lesson.id, lesson.title)
    st.divider()
    st.button(t("learn.reset_all"), key="reset-all", on_click=ask_reset, args=("*",),
              icon=":material/restart_alt:")
    if confirm == "*":
        confirm_box(learner_id, "*", t("learn.everything"))


def practice_link(course: Any, lesson: Any) -> None:
    """A finished lesson's way to its puzzles (its `practice` themes), if there are any."""
    themes = [theme for theme in lesson.practice if course.puzzles_with(theme)]
    if not themes:
        return
    puzzles = len({p.id for theme in themes for p in course.puzzles_with(theme)})
    st.page_link("views/puzzles.py", label=t("learn.practice", puzzles=count_of(puzzles, "puzzle"),
                                              themes=", ".join(themes)),
                 icon=":material/extension:", query_params={links.THEME: ",".join(themes)})


def feedback_box(feedback: Feedback | None, judge: str | None = None) -> None:
    """The answer to the last try, right under the move or the options."""
    if feedback is None:
        return
    if feedback.status == "illegal":
        board.judged(feedback, judge)
        return
    message = safe_text.lesson(feedback.message)
    if feedback.correct:
        st.success(f"{message}  \n{t('learn.stars', stars=lesson_flow.star_text(feedback.stars))}",
                   icon=":material/check_circle:")
    else:
        st.warning(message, icon=":material/replay:")


def hints_box(lesson: Lesson, index: int, hints: tuple[str, ...], current: StepTry) -> None:
    for level in range(current.hints):
        st.info(safe_text.lesson(hints[level]), icon=":material/lightbulb:")
    if current.hints < len(hints) and not current.solved:
        st.button(t("learn.hint", n=current.hints + 1), key=f"hint-{current.hints + 1}",
                  on_click=hint, args=(lesson, index), icon=":material/lightbulb:",
                  help=t("learn.hint_help"))


def read_step(step: ReadStep) -> None:
    st.markdown(safe_text.lesson(step.text))
    if step.position is not None:
        board.picture(step.position, SCOPE)


def play_step(lesson: Lesson, index: int, step: PlayStep, current: StepTry) -> None:
    st.markdown(f"### {safe_text.lesson(step.prompt)}")
    shown = current.after if current.solved and current.after is not None else step.position
    look = board.BoardLook(interactive=not current.solved)
    board.table(shown, SCOPE, look)
    board.hand(shown, SCOPE, look)
    if not current.solved:
        board.action_bar(step.position, SCOPE,
                         lambda attempt: answer_move(lesson, index, attempt))
    feedback_box(current.feedback, current.judge)
    if current.solved:
        move = current.feedback.move if current.feedback else None
        if move is not None and move.kind == "capture":
            board.pile(len(move.taken_cards) + 1, t("board.your_pile"))
        st.button(t("learn.retry"), key="retry", on_click=retry, args=(lesson, index),
                  type="tertiary", icon=":material/replay:")
    hints_box(lesson, index, step.hints, current)


def choose_step(lesson: Lesson, index: int, step: ChooseStep, current: StepTry) -> None:
    st.markdown(f"### {safe_text.lesson(step.prompt)}")
    if step.position is not None:
        board.picture(step.position, SCOPE)
    st.caption(t("learn.tick_all"))
    for i, option in enumerate(step.options):
        st.checkbox(safe_text.plain(option), key=f"learn.opt.{step.id}.{i}",
                    disabled=current.solved)
    st.button(t("learn.check"), key="check-choice", type="primary", disabled=current.solved,
              on_click=answer_choice, args=(lesson, index))
    feedback_box(current.feedback)
    if current.solved and step.explanations:
        for option, why in zip(step.options, step.explanations, strict=False):
            st.markdown(f"- {safe_text.plain(option)}: {safe_text.lesson(why)}")


def mistake_step(lesson: Lesson, index: int, step: MistakeStep, current: StepTry) -> None:
    st.markdown(f"### {safe_text.lesson(step.prompt)}")
    board.picture(step.position, SCOPE)
    st.markdown(t("learn.the_move", move=safe_text.plain(step.move_words or step.move)))
    labels = dict(step.choices)
    st.radio(t("learn.whats_wrong"), [code for code, _ in step.choices],
             key=f"learn.why.{step.id}", index=None, format_func=lambda code: labels[code],
             disabled=current.solved)
    st.button(t("learn.check"), key="check-mistake", type="primary", disabled=current.solved,
              on_click=answer_mistake, args=(lesson, index))
    feedback_box(current.feedback)
    if current.solved and step.explanation:
        st.info(safe_text.lesson(step.explanation), icon=":material/gavel:")


def player_screen(lesson: Lesson, learner_id: int) -> None:
    index = min(max(int(st.session_state.get(STEP, 0)), 0), len(lesson.steps) - 1)
    st.session_state[STEP] = index
    step = lesson.steps[index]
    current = step_try(lesson, index)
    write_link(lesson, index)

    st.button(t("learn.all_lessons"), key="to-path", on_click=open_lesson, args=(None,),
              type="tertiary", icon=":material/arrow_back:")
    st.title(safe_text.plain(lesson.title))
    st.progress((index + 1) / len(lesson.steps),
                text=t("learn.step_of", n=index + 1, total=len(lesson.steps)))

    if isinstance(step, ReadStep):
        read_step(step)
    elif isinstance(step, PlayStep):
        play_step(lesson, index, step, current)
    elif isinstance(step, ChooseStep):
        choose_step(lesson, index, step, current)
    else:
        mistake_step(lesson, index, step, current)

    st.divider()
    last = index == len(lesson.steps) - 1
    with st.container(horizontal=True, gap="small", key="learn-nav"):
        st.button(t("learn.back"), key="step-back", on_click=go, args=(-1,), disabled=index == 0,
                  icon=":material/chevron_left:")
        if last:
            mine = session.store().progress(learner_id).get(lesson.id)
            missing = lesson_flow.unsolved(lesson, mine.steps if mine else {})
            st.button(t("learn.finish"), key="finish", type="primary", on_click=finish,
                      args=(lesson,), disabled=bool(missing), icon=":material/flag:")
            if missing:
                st.caption(t("learn.finish_missing", n=len(missing)))
        else:
            needs_answer = step.kind != "read" and not current.solved
            st.button(t("learn.next"), key="step-next", on_click=go, args=(1,),
                      type="secondary" if needs_answer else "primary",
                      icon=":material/chevron_right:", icon_position="right")
    st.caption(t("learn.share", url=safe_text.plain(links.share_url(
        st.context.url, "", {links.LESSON: lesson.id, links.STEP: step.id}))))


# ----- the screen ----------------------------------------------------------------------

st.html(READING_WIDTH)
course = session.course()
session.course_errors_panel(course)
open_link(course)
link_error = st.session_state.pop("learn.link_error", None)
if link_error:
    st.error(safe_text.plain(link_error), icon=":material/link_off:")

who = session.require_learner()
if who is not None:
    lesson_id = st.session_state.get(OPEN)
    lesson = session.find_lesson(course, lesson_id)
    if lesson is not None and lesson.steps:
        player_screen(lesson, who.id)
    else:
        write_link(None, 0)
        path_screen(course, who.id)
