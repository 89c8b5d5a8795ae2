"""Learn: the lesson path, then the lesson player.

Screen, path: every lesson in order as a card with its title, summary, stars
and state (done, open, or locked until another lesson is finished), with
buttons to start, continue, review or reset it; at the bottom, reset all.

Screen, player: the lesson title and "step N of M" with a progress bar; the
step itself (read: text and a picture; play: the table and hand to click,
the move buttons, hints, the judge's explanation or the success message with
stars; choose: options to tick; mistake: a move to diagnose); Back and Next.
The lesson and step are in the link, so a step can be shared.

This page only draws: what to draw and what a click does is decided by
`flows.lesson.LessonController`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from tutorial_app.course import (
    ChooseStep,
    Feedback,
    FeedbackStatus,
    MistakeStep,
    PlayStep,
    QuizStep,
    ReadStep,
    StepKind,
)
from tutorial_app.course.steps import count as count_kind
from tutorial_app.course.steps import deal as deal_kind
from tutorial_app.course.steps.count import CountStep
from tutorial_app.course.steps.deal import DealStep
from tutorial_app.course.steps.watch import WatchStep
from tutorial_app.flows import homework
from tutorial_app.flows.homework_page import LearnerHomework
from tutorial_app.flows.lesson import (
    ALL,
    BOARD,
    LessonCard,
    LessonController,
    LessonState,
    PathScreen,
    PlayerScreen,
    Practice,
    star_text,
    stars_words,
)
from tutorial_app.services.resume import Resume
from tutorial_app.ui import (
    address,
    board,
    figures,
    homework_panels,
    practice_way,
    rules_beside,
    safe_text,
    session,
    watch_panel,
)
from tutorial_app.ui.css import READING_WIDTH
from tutorial_app.ui.focus import focus_feedback
from tutorial_app.words.i18n import count as count_of
from tutorial_app.words.i18n import t

STATE_COLOUR = {LessonState.DONE: "green", LessonState.OPEN: "blue",
                LessonState.LOCKED: "gray"}


def confirm_box(control: LessonController, target: str, what: str) -> None:
    with st.container(border=True, key=f"confirm-{target.replace(ALL, 'all')}"):
        st.warning(t("learn.reset_confirm", what=safe_text.plain(what)),
                   icon=":material/warning:")
        with st.container(horizontal=True):
            st.button(t("learn.reset_yes"), key="confirm-reset", type="primary",
                      on_click=control.confirm_reset, args=(target,))
            st.button(t("learn.reset_no"), key="cancel-reset", on_click=control.ask_reset,
                      args=(None,))


def practice_link(practice: Practice | None) -> None:
    """A finished lesson's way to its puzzles (its `practice` themes), if there are any."""
    if practice is None:
        return
    st.page_link("views/puzzles.py",
                 label=t("learn.practice", puzzles=count_of(practice.puzzles, "puzzle"),
                         themes=", ".join(t(f"theme.{x}.name") for x in practice.themes)),
                 icon=":material/extension:", query_params=practice.params)


def lesson_card(control: LessonController, card: LessonCard) -> None:
    lesson, entry = card.lesson, card.entry
    with st.container(border=True, key=f"lesson-{lesson.id}"):
        head, side = st.columns([5, 2], vertical_alignment="center")
        with head:
            # no icon in the heading: a screen reader would read its name ("lock")
            st.markdown(f"#### {card.number}. {safe_text.plain(lesson.title)}")
            if card.assigned:  # homework: open whatever the course's locks
                st.markdown(f":violet-badge[{t('learn.state.assigned')}]"
                            f" {safe_text.lesson(lesson.summary)}")
            else:
                st.markdown(f":{STATE_COLOUR[entry.state]}-badge"
                            f"[{t(f'learn.state.{entry.state}')}]"
                            f" {safe_text.lesson(lesson.summary)}")
            if entry.state is LessonState.LOCKED and not card.assigned:
                st.caption(t("learn.locked", titles=safe_text.plain(", ".join(entry.missing))))
        with side:
            spoken = safe_text.plain(t("learn.stars_of", n=entry.stars, out_of=3))
            st.html(f'<div class="ct-stars" role="img" aria-label="{spoken}">'
                    f"{star_text(entry.stars)}</div>")
            st.caption(t("learn.steps_done", solved=entry.solved, total=entry.total))
            label = {LessonState.DONE: t("learn.review"),
                     LessonState.OPEN: t("learn.continue") if entry.started
                     else t("learn.start"),
                     LessonState.LOCKED: t("learn.start")}[entry.state]
            named = t("learn.named", action=label, title=lesson.title)
            with st.container(horizontal=True, gap="small"):
                st.button(named, key=f"open-{lesson.id}", on_click=control.resume,
                          args=(lesson.id,), disabled=not card.can_open,
                          type="primary" if entry.state is LessonState.OPEN or card.assigned
                          else "secondary")
                if card.can_reset:
                    st.button(t("learn.named", action=t("learn.reset"), title=lesson.title),
                              key=f"reset-{lesson.id}", type="tertiary",
                              on_click=control.ask_reset, args=(lesson.id,))
        practice_link(card.practice)
        if card.confirming:
            confirm_box(control, lesson.id, lesson.title)


def path_screen(control: LessonController, screen: PathScreen) -> None:
    st.title(t("learn.title"))
    st.caption(t("learn.intro"))
    if screen.finished is not None:
        st.success(t("learn.finished", title=safe_text.plain(screen.finished.title),
                     stars=stars_words(screen.finished.stars)), icon=":material/celebration:")
        recap(screen.finished.recap)
        following = screen.finished.next_lesson
        if following is not None:
            st.button(t("learn.next_lesson", title=safe_text.plain(following.title)),
                      key="next-lesson", type="primary", on_click=control.resume,
                      args=(following.id,), icon=":material/arrow_forward:")
        practice_link(screen.finished.practice)  # straight on to the puzzles, while fresh
    if screen.cards and all(card.entry.state is LessonState.DONE for card in screen.cards):
        # a finished course is not the end: Practice keeps it fresh
        st.page_link("views/practice.py", label=t("practice.after_course"),
                     icon=":material/fitness_center:")
    if screen.reset_done:
        st.info(t("learn.reset_done"), icon=":material/restart_alt:")
    if not screen.cards:
        st.info(t("learn.no_lessons"))
    for card in screen.cards:
        if card.lesson.stages > 1 and card.lesson.stage == 1:  # the course map's chapter
            st.subheader(safe_text.plain(card.lesson.chapter), divider="gray")
        lesson_card(control, card)
    st.divider()
    st.button(t("learn.reset_all"), key="reset-all", on_click=control.ask_reset, args=(ALL,),
              icon=":material/restart_alt:")
    if screen.confirming_all:
        confirm_box(control, ALL, t("learn.everything"))


def recap(sentences: tuple[str, ...]) -> None:
    """What the finished stage lets the learner do, under its stars: a line or two."""
    if sentences:
        st.markdown(t("learn.recap", sentences=" ".join(sentences)))


def feedback_box(feedback: Feedback | None, scope: str | None = None, token: str = "") -> None:
    """The answer to the last try, right under the move or the options. With the
    board's `scope` (a play step), a wrong try's message goes once the selection
    changes, and Start again clears both in one click; focus moves to it (for
    keyboard and screen-reader users) once per new try (`token`)."""
    if feedback is None:
        return
    with st.container(key="feedback"):
        if feedback.status is FeedbackStatus.CORRECT:
            st.success(f"{board.linked_lesson(feedback.message)}  \n"
                       f"{t('learn.stars', stars=stars_words(feedback.stars))}",
                       icon=":material/check_circle:")
        elif feedback.status is FeedbackStatus.MISSED:
            board.missed(feedback.message, scope)
        else:
            board.judged(feedback, scope)
    if token:
        focus_feedback("feedback", token)


def try_token(lesson: str, step: str, wrong: int, solved: bool) -> str:
    return f"{lesson}-{step}-{wrong}-{int(solved)}"


def hints_box(control: LessonController, screen: PlayerScreen) -> None:
    for text in screen.hints:
        st.info(board.linked_lesson(text), icon=":material/lightbulb:")
    if screen.next_hint is not None:
        st.button(t("learn.hint", n=screen.next_hint), key=f"hint-{screen.next_hint}",
                  on_click=control.hint, icon=":material/lightbulb:", help=t("learn.hint_help"))


def instruction(step_id: str, prompt: str, why: str = "") -> None:
    """A step's prompt as an instruction in reading type (a child reads fewer words in
    plain type than in a bold heading), and the rule behind it, when the author wrote
    one, folded under it for the learner who asks why. The fold is the step's own (its
    key): an unkeyed one kept the open state of the step before, so the next step's
    rule was already showing before its first try."""
    st.markdown(board.linked_lesson(prompt))
    if why:
        with st.expander(t("learn.why"), expanded=False, key=f"why-{step_id}"):
            st.markdown(board.linked_lesson(why))


def read_step(control: LessonController, step: ReadStep, screen: PlayerScreen) -> None:
    st.markdown(board.linked_lesson(step.text))
    if step.position is not None:
        board.picture(step.position, BOARD)
    if step.figure is not None:  # the pack, the layout or the seats, in the page's language
        st.html(figures.figure_img(figures.figure_svg(step.figure, board.four_colour()),
                                   figures.figure_label(step.figure)))


def play_step(control: LessonController, step: PlayStep, screen: PlayerScreen) -> None:
    work = screen.work
    assert screen.board is not None
    instruction(step.id, step.prompt, step.why)
    look = board.BoardLook(interactive=not work.solved)
    board.table(screen.board, BOARD, look)
    board.hand(screen.board, BOARD, look)
    if not work.solved:
        board.action_bar(screen.board, BOARD, control.answer, builds=screen.builds)
    feedback_box(work.feedback, None if work.solved else BOARD,
                 try_token(work.lesson, work.step, work.wrong, work.solved))
    if work.solved:
        if screen.pile is not None:
            board.pile(screen.pile, t("board.your_pile"))
        st.button(t("learn.retry"), key="retry", on_click=control.retry,
                  type="tertiary", icon=":material/replay:")
    hints_box(control, screen)


def check_button(key: str, control: LessonController,
                 step: ChooseStep | MistakeStep | QuizStep | DealStep | CountStep,
                 screen: PlayerScreen) -> None:
    """Check: the thing to press (primary) only once an answer is picked; pressed before,
    it says what to pick first."""
    picked = control.answer_picked(step)
    st.button(t("learn.check"), key=key, type="primary" if picked else "secondary",
              disabled=screen.work.solved, on_click=control.answer)
    if screen.choose_first and not picked:
        st.warning(t("learn.choose_first"), icon=":material/touch_app:")


def choose_step(control: LessonController, step: ChooseStep, screen: PlayerScreen) -> None:
    work = screen.work
    instruction(step.id, step.prompt, step.why)
    if step.position is not None:
        board.picture(step.position, BOARD)
    if step.single:  # one answer is asked for: pick one
        st.radio(t("learn.pick_one"), list(range(len(step.options))),
                 key=control.answer_key(step), index=None, disabled=work.solved,
                 format_func=lambda i: safe_text.label(step.options[i]))
    else:
        st.caption(t("learn.tick_all"))
        for i, option in enumerate(step.options):
            st.checkbox(safe_text.label(option), key=control.answer_key(step, i),
                        disabled=work.solved)
    check_button("check-choice", control, step, screen)
    feedback_box(work.feedback, token=try_token(work.lesson, work.step, work.wrong, work.solved))
    if work.solved and step.explanations:
        for option, why in zip(step.options, step.explanations, strict=False):
            st.markdown(f"- {safe_text.plain(option)}: {board.linked_lesson(why)}")
    hints_box(control, screen)


def mistake_step(control: LessonController, step: MistakeStep, screen: PlayerScreen) -> None:
    work = screen.work
    instruction(step.id, step.prompt, step.why)
    board.picture(step.position, BOARD)
    st.markdown(t("learn.the_move", move=safe_text.plain(step.move_words or step.move)))
    labels = dict(step.choices)
    st.radio(t("learn.whats_wrong"), [code for code, _ in step.choices],
             key=control.answer_key(step), index=None,
             format_func=lambda code: safe_text.label(labels[code]),
             disabled=work.solved)
    check_button("check-mistake", control, step, screen)
    feedback_box(work.feedback, token=try_token(work.lesson, work.step, work.wrong, work.solved))
    if work.solved and step.explanation:
        st.info(board.linked_lesson(step.explanation), icon=":material/gavel:")
    hints_box(control, screen)


def quiz_step(control: LessonController, step: QuizStep, screen: PlayerScreen) -> None:
    work = screen.work
    instruction(step.id, step.prompt, step.why)
    labels = dict(step.choices)
    st.radio(t("learn.pick_one"), [value for value, _ in step.choices],
             key=control.answer_key(step), index=None,
             format_func=lambda value: safe_text.label(labels[value]), disabled=work.solved)
    check_button("check-quiz", control, step, screen)
    feedback_box(work.feedback, token=try_token(work.lesson, work.step, work.wrong, work.solved))


def deal_step(control: LessonController, step: DealStep, screen: PlayerScreen) -> None:
    """One row of buttons per packet (then per question), shown one row at a time so the
    learner deals in order; a tap is the click that says where the packet goes."""
    work = screen.work
    instruction(step.id, step.prompt, step.why)
    st.caption(t("deal.pick"))
    placed: list[str] = []  # the taps so far, drawn on the seats above the buttons
    for index in range(len(step.questions)):
        value = st.session_state.get(control.answer_key(step, index))
        if value is None:
            break
        placed.append(str(value))
    st.html(figures.figure_img(figures.deal_svg(step, placed),
                               figures.deal_label(step, placed), figures.DEAL_WIDTH))
    for index, question in enumerate(step.questions):
        key = control.answer_key(step, index)
        st.pills(deal_kind.question_label(question), list(deal_kind.places(step, question)),
                 key=key, selection_mode="single", disabled=work.solved,
                 format_func=lambda value: safe_text.plain(deal_kind.place_label(step, value)))
        if st.session_state.get(key) is None and not work.solved:
            break  # the next packet once this one is placed
    check_button("check-deal", control, step, screen)
    feedback_box(work.feedback, token=try_token(work.lesson, work.step, work.wrong, work.solved))


def _side_words(value: str, winner: bool) -> str:
    if value == count_kind.NONE:
        return t("tally.winner.none" if winner else "tally.side.none")
    return count_kind.side_label(value)


def count_step(control: LessonController, step: CountStep, screen: PlayerScreen) -> None:
    """Each captured pile as cards to tap (those that score by themselves), then who
    scores most cards and most spades, and who wins the game."""
    work = screen.work
    instruction(step.id, step.prompt, step.why)
    st.caption(t("tally.pick-points"))
    for side, pile in enumerate(step.piles):
        cards = {str(c): c.pretty for c in count_kind.by_suit(pile)}
        st.pills(count_of(len(pile), "tally-pile", side=count_kind.side_label(str(side))),
                 list(cards),
                 key=control.answer_key(step, side), selection_mode="multi",
                 disabled=work.solved, format_func=cards.__getitem__)
        if step.sweeps[side]:
            st.caption(count_of(step.sweeps[side], "tally-sweeps",
                                side=count_kind.side_label(str(side))))
    if step.before is not None:
        if step.rules.target is None:
            st.caption(t("tally.before-hand"))
        else:
            st.caption(t("tally.before", mine=step.before[0], theirs=step.before[1],
                         target=step.rules.target))
    sides = ["0", "1", count_kind.NONE]
    asked = [("cards", "tally.ask.cards"), ("spades", "tally.ask.spades")]
    if step.winner:
        asked.append(("winner", "tally.ask.winner"))
    for offset, (what, label) in enumerate(asked):
        st.radio(t(label), sides, key=control.answer_key(step, len(step.piles) + offset),
                 index=None, horizontal=True, disabled=work.solved,
                 format_func=partial(_side_words, winner=what == "winner"))
    check_button("check-count", control, step, screen)
    feedback_box(work.feedback, token=try_token(work.lesson, work.step, work.wrong, work.solved))


def watch_step(control: LessonController, step: WatchStep, screen: PlayerScreen) -> None:
    """A demonstration, beat by beat (ui/watch_panel.py); after the last, "Your turn"
    goes on to the next step."""
    watch_panel.show(step, screen.beat, control.next_beat, control.watch_again,
                     None if screen.last else partial(control.go, 1))


# A step kind's drawer: what the Learn page shows of a step of that kind (the rest of
# the kind is in course/steps/<kind>.py).
DRAWERS: dict[StepKind, Callable[[LessonController, Any, PlayerScreen], None]] = {
    StepKind.READ: read_step,
    StepKind.PLAY: play_step,
    StepKind.CHOOSE: choose_step,
    StepKind.MISTAKE: mistake_step,
    StepKind.QUIZ: quiz_step,
    StepKind.DEAL: deal_step,
    StepKind.COUNT: count_step,
    StepKind.WATCH: watch_step,
}


def player_screen(control: LessonController, screen: PlayerScreen) -> None:
    step = screen.step
    st.button(t("learn.all_lessons"), key="to-path", on_click=control.open_lesson,
              args=(None,), type="tertiary", icon=":material/arrow_back:")
    st.title(safe_text.plain(screen.lesson.title))
    if screen.assigned:
        st.info(t("learn.assigned"), icon=":material/assignment:")
    if screen.practice:
        st.caption(t("puzzles.from_practice"))
    if screen.skipped is not None:
        st.warning(t("learn.skipped", n=screen.skipped), icon=":material/skip_next:")
    st.progress((screen.index + 1) / screen.total,
                text=t("learn.step_of", n=screen.index + 1, total=screen.total))

    rules = rules_beside.of_step(step)  # the rules beside its position, where they differ
    if rules is not None:
        rules_beside.show(rules, "learn")
    DRAWERS[StepKind(step.kind)](control, step, screen)

    if screen.finishable:  # the day's task was the lesson's last open step
        st.success(t("learn.all_solved", title=screen.lesson.title), icon=":material/flag:")
        st.button(t("learn.finish"), key="finish-from-practice", type="primary",
                  on_click=control.finish, icon=":material/flag:")
    if screen.practice:  # back to the day's set, and on to its next task once solved
        practice_way.back_and_next(control.course, {f"step:{screen.lesson.id}/{step.id}"},
                                   screen.work.solved)
    st.divider()
    with st.container(horizontal=True, gap="small", key="learn-nav"):
        st.button(t("learn.back"), key="step-back", on_click=control.go, args=(-1,),
                  disabled=screen.index == 0, icon=":material/chevron_left:")
        if screen.last:
            st.button(t("learn.finish"), key="finish", type="primary", on_click=control.finish,
                      disabled=bool(screen.unsolved), icon=":material/flag:")
            if screen.unsolved:
                st.caption(count_of(screen.unsolved, "finish-missing"))
        else:
            st.button(t("learn.next"), key="step-next", on_click=control.go, args=(1,),
                      type="secondary" if screen.needs_answer else "primary",
                      icon=":material/chevron_right:", icon_position="right")
    address.share_box("", screen.share)


def controller() -> LessonController:
    who = session.learner()
    rooms = session.rooms()
    return LessonController(
        session.state(), session.course(), session.progress(), who, st.query_params,
        kept=Resume(session.store()),
        assigned=(lambda: homework.assigned_lessons(rooms, who.id)) if who else None)


@st.fragment
def player() -> None:
    """The lesson player. A click in it (a card, an answer, a hint, Back or Next) reruns
    only this part of the page; leaving the lesson redraws the whole page."""
    control = controller()
    if control.lesson() is None:  # "All lessons" or "Finish": the path, drawn whole
        st.rerun()  # (before screen(), which would say "finished" to no one)
    notice = control.take_notice()
    if notice:
        st.error(safe_text.plain(notice), icon=":material/cloud_off:")
    screen = control.screen()
    assert isinstance(screen, PlayerScreen)
    player_screen(control, screen)


def render() -> None:
    st.html(READING_WIDTH)
    course = session.course()
    session.course_errors_panel(course)
    control = controller()
    control.follow_link()
    link_error = control.take_link_error()
    if link_error:
        st.error(safe_text.plain(link_error), icon=":material/link_off:")
    who = session.require_learner()
    if who is None:
        return
    if control.lesson() is not None:
        player()
        return
    homework_panels.learner_box(LearnerHomework(session.rooms(), course, who))  # first
    notice = control.take_notice()
    if notice:
        st.error(safe_text.plain(notice), icon=":material/cloud_off:")
    screen = control.screen()
    assert isinstance(screen, PathScreen)
    path_screen(control, screen)


render()
