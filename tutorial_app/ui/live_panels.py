"""The live question's two screens, drawn from services/classes.py and
flows/live.py:

- the teacher's, on the Classroom page: the class, its join code large with a QR
  code of the join link, the question put up, and a part that redraws itself every
  second (`st.fragment(run_every=...)`): how many have answered and, on "Show
  answers", a bar per distinct move (mistakes first, the most common first), each
  marked and with the judge's one-line reason; a bar clicked shows its move on
  the table with its explanation;
- the learner's, on the Class question page: the same position and click-to-move
  controls, one answer that can be changed until the question is closed; a small
  part checks every two seconds whether the teacher has moved on and redraws.
"""

from __future__ import annotations

import html
import io
from typing import Final

import segno
import streamlit as st

from engine import Attempt
from tutorial_app.course import words
from tutorial_app.course.i18n import t
from tutorial_app.flows import live
from tutorial_app.flows.classroom import CLASS, ClassroomController
from tutorial_app.flows.live_ask import ask_button
from tutorial_app.services.classes import (
    ClassroomError,
    ClassStore,
    LiveState,
    SchoolClass,
    normalise_code,
)
from tutorial_app.services.store import Learner
from tutorial_app.ui import address, board, safe_text, session

PROJECTOR_EVERY: Final = 1.0   # seconds between the projector's counts
LEARNER_EVERY: Final = 2.0     # seconds between a phone's checks for a new question
SCOPE: Final = "live"
_PICKED: Final = "live.picked"
_LINKED: Final = "live.linked"  # join links already looked up: code -> (class id, refusal)
# Plain marks any font has (a projector's browser may lack colour emoji).
MARKS: Final = {live.CORRECT: "✓", live.MISSED: "~", live.ILLEGAL: "✗", live.LEGAL: "•"}


# ----- the teacher -----------------------------------------------------------------------


def class_picker(ctl: ClassroomController, rooms: ClassStore, teacher_id: int
                 ) -> SchoolClass | None:
    """The teacher's classes: pick one, make one, renew its code. The choice is the
    controller's (kept with the rest of the screen, flows/classroom.py)."""
    chosen_key = ctl.key(CLASS)
    mine = rooms.classes_of(teacher_id)
    with st.expander(t("live.classes"), expanded=not mine, icon=":material/groups:"):
        with st.form("new-class", border=False):
            st.text_input(t("live.class_name"), key="new_class_name", max_chars=60)
            submitted = st.form_submit_button(t("live.create_class"))
        if submitted:
            try:
                made = rooms.create_class(teacher_id, st.session_state.get("new_class_name", ""))
                st.session_state[chosen_key] = made.id  # the new class is the one shown
            except ClassroomError as error:
                st.error(safe_text.plain(str(error)))
            mine = rooms.classes_of(teacher_id)
    if not mine:
        return None
    ids = [c.id for c in mine]
    if st.session_state.get(chosen_key) not in ids:
        st.session_state[chosen_key] = ids[-1]
    labels = {c.id: c.name for c in mine}
    chosen = st.selectbox(t("live.class"), ids, key=chosen_key, format_func=labels.__getitem__)
    return next(c for c in mine if c.id == chosen)


def live_controls(ctl: ClassroomController, rooms: ClassStore, room: SchoolClass) -> None:
    """Go live with what is on the screen; while live, the projector's panel."""
    state = rooms.live_state(room.id)
    wanted = ctl.live_ref()
    asking = ask_button(wanted, (state.kind, state.ref) if state and state.active else None)
    with st.container(horizontal=True, key="live-buttons"):
        st.button(asking.label, key="live-ask", icon=":material/campaign:",
                  type="primary" if asking.primary else "secondary",
                  disabled=not asking.enabled, on_click=_ask, args=(rooms, room.id, wanted))
        st.button(t("live.renew"), key="live-renew", type="tertiary",
                  on_click=_renew, args=(rooms, room.id))
        if state is not None and state.active:
            st.button(t("live.end"), key="live-end", type="tertiary",
                      on_click=lambda: rooms.set_live(room.id, active=False))
    if asking.note:
        st.caption(asking.note)
    if state is None or not state.active:
        _code_box(room)
        return
    with st.container(border=True, key="live-panel"):
        _code_box(room)
        with st.container(horizontal=True, key="live-actions"):
            st.button(t("live.hide_answers") if state.shown else t("live.show_answers"),
                      key="live-show", on_click=lambda: rooms.set_live(
                          room.id, shown=not state.shown))
            st.button(t("live.reopen") if not state.open else t("live.close"),
                      key="live-close", on_click=lambda: rooms.set_live(
                          room.id, open=not state.open))
            st.toggle(t("live.names"), value=state.names, key="live-names",
                      on_change=lambda: rooms.set_live(
                          room.id, names=bool(st.session_state.get("live-names"))))
            st.button(t("live.next"), key="live-next", icon=":material/skip_next:",
                      on_click=_next, args=(ctl, rooms, room.id))
        projector(rooms, room)


def _renew(rooms: ClassStore, class_id: int) -> None:
    rooms.renew_code(class_id)


def _ask(rooms: ClassStore, class_id: int, wanted: tuple[str, str] | None) -> None:
    if wanted is not None:
        rooms.put_question(class_id, *wanted)
        st.session_state.pop(_PICKED, None)


def _next(ctl: ClassroomController, rooms: ClassStore, class_id: int) -> None:
    following = ctl.next_live()
    if following is None:
        st.session_state["live.no_next"] = True
        return
    _ask(rooms, class_id, following)


def _code_box(room: SchoolClass) -> None:
    """The join code large, the QR code of the join link, and a line saying which
    address the link uses (and what to do when phones cannot open it)."""
    where = address.address()
    link = where.join_link(room.code)
    with st.container(horizontal=True, vertical_alignment="center", key="live-code"):
        st.html(f"<div class='live-code'><div style='font-size:1.2rem'>"
                f"{html.escape(t('live.join_at'))}</div>"
                f"<div class='live-code-big'>"
                f"{html.escape(room.code)}</div></div>")
        picture = io.BytesIO()
        segno.make(link, error="m").save(picture, kind="png", scale=6, border=2)
        st.image(picture.getvalue(), width=180, caption=link)
    st.caption(where.line())


@st.fragment(run_every=PROJECTOR_EVERY)
def projector(rooms: ClassStore, room: SchoolClass) -> None:
    """Redrawn every second: the count, and the answers when shown."""
    state = rooms.live_state(room.id)
    if state is None or not state.active:
        return
    asked = live.question(session.course(), state.kind, state.ref)
    answers = rooms.answers(room.id, state.question)
    members = len(rooms.members(room.id))
    st.markdown(f"### {t('live.answered', n=len(answers), total=members)}")
    st.caption(t("live.open") if state.open else t("live.closed"))
    if st.session_state.pop("live.no_next", False):
        st.info(t("live.no_next"))
    if not state.shown or asked is None:
        return
    total = max(len(answers), 1)
    shown = live.bars(answers, asked)
    for index, bar in enumerate(shown):
        with st.container(border=True, key=f"live-bar-{index}"):
            label = (f"{MARKS.get(bar.verdict, '')} {words.written(bar.move)} — "
                     f"{live.verdict_words(bar.verdict)} · {bar.count}")
            st.button(label, key=f"live-bar-btn-{index}", type="tertiary",
                      on_click=st.session_state.__setitem__, args=(_PICKED, bar.move))
            st.progress(bar.count / total)
            if bar.reason and bar.verdict != live.CORRECT:
                st.caption(safe_text.plain(bar.reason))
            if state.names:
                st.caption(safe_text.plain(", ".join(bar.names)))
    picked = st.session_state.get(_PICKED)
    chosen = next((b for b in shown if b.move == picked), None)
    if chosen is not None:
        _show_move(asked, chosen)


def _show_move(asked: live.Question, bar: live.Bar) -> None:
    """The clicked bar's answer on the question's table, its cards marked, with its
    explanation."""
    with st.container(border=True, key="live-picked"):
        st.markdown(f"#### {MARKS.get(bar.verdict, '')} "
                    f"{safe_text.plain(words.written(bar.move))}")
        st.write(safe_text.plain(bar.reason or live.verdict_words(bar.verdict)))
        board.picture(asked.position, "live-picked", big=True,
                      marked=live.marked(asked, bar.move))


# ----- the learner -----------------------------------------------------------------------


def learner_screen(rooms: ClassStore, learner: Learner) -> None:
    room = rooms.class_of(learner.id)
    linked = _linked_class(rooms, room)
    if room is None or (linked is not None and linked.id != room.id):
        # not in a class, or this device's learner is not in the class of the link
        # (a shared device): join it, by name
        st.info(t("live.not_in_class"))
        session.join_form()
        return
    state = rooms.live_state(room.id)
    _watch(rooms, room.id, _signature(state))
    if state is None or not state.active:
        st.info(t("live.waiting", name=safe_text.plain(room.name)))
        return
    asked = live.question(session.course(), state.kind, state.ref)
    if asked is None:
        st.info(t("live.waiting", name=safe_text.plain(room.name)))
        return
    st.markdown(f"### {t('live.question', n=state.question)}")
    st.write(safe_text.plain(asked.prompt))
    look = board.BoardLook()
    board.table(asked.position, SCOPE, look)
    board.hand(asked.position, SCOPE, look)
    board.action_bar(asked.position, SCOPE, lambda attempt: _submit(
        rooms, room.id, state.question, learner.id, asked, attempt), enabled=state.open)
    mine = rooms.my_answer(room.id, state.question, learner.id)
    if st.session_state.get("live.refused"):
        st.warning(t("live.too_late"))
        st.session_state.pop("live.refused", None)
    if mine is None:
        st.caption(t("live.no_answer_yet") if state.open else t("live.closed"))
        return
    with st.container(border=True, key="live-mine"):
        st.markdown(t("live.your_answer", move=safe_text.plain(words.written(mine.move))))
        if state.shown:
            st.markdown(f"{MARKS.get(mine.verdict, '')} {live.verdict_words(mine.verdict)}")
            reason = live.reason_now(asked, mine)
            if reason:
                st.caption(safe_text.plain(reason))
        else:
            st.caption(t("live.can_change") if state.open else t("live.closed"))


def _linked_class(rooms: ClassStore, room: SchoolClass | None) -> SchoolClass | None:
    """The class the page's join link names, if any. The learner's own class's code is
    no guess; any other code is looked up as a typed one is (services/signin.py: an
    unknown code counts against this address, a locked address is refused), once per
    code in a browser session, since every click reruns the page. A refusal is said."""
    code = normalise_code(st.query_params.get(session.JOIN))
    if not code or (room is not None and code == room.code):
        return room if code else None
    seen: dict[str, tuple[int | None, str | None]] = st.session_state.setdefault(_LINKED, {})
    if code not in seen:
        signing = session.signin()
        found = signing.linked_class(code) if signing is not None else None
        seen[code] = (found.id if found is not None else None,
                      signing.error if signing is not None and found is None else None)
    class_id, error = seen[code]
    if error:
        st.error(safe_text.plain(error))
    return rooms.get_class(class_id) if class_id is not None else None


def _submit(rooms: ClassStore, class_id: int, question: int, learner_id: int,
            asked: live.Question, attempt: Attempt) -> None:
    judged = live.judge(asked, attempt)
    if not rooms.answer(class_id, question, learner_id, judged.move, judged.verdict,
                        judged.code, judged.reason):
        st.session_state["live.refused"] = True
    board.clear(SCOPE)


def _signature(state: LiveState | None) -> tuple[object, ...]:
    if state is None:
        return ()
    return (state.active, state.question, state.open, state.shown)


@st.fragment(run_every=LEARNER_EVERY)
def _watch(rooms: ClassStore, class_id: int, drawn: tuple[object, ...]) -> None:
    """Redraw the whole page when the teacher has changed the question."""
    if _signature(rooms.live_state(class_id)) != drawn:
        st.rerun()
