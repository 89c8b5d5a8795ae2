"""The live question's two screens, drawn from the controllers of flows/live_page.py:

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
from tutorial_app.flows.live_page import (
    ClassPicker,
    LearnerLive,
    LearnerScreen,
    LiveController,
    PickedMove,
)
from tutorial_app.ui import address, board, safe_text, session
from tutorial_app.words.i18n import t

PROJECTOR_EVERY: Final = 1.0   # seconds between the projector's counts
LEARNER_EVERY: Final = 2.0     # seconds between a phone's checks for a new question
SCOPE: Final = "live"


# ----- the teacher -----------------------------------------------------------------------


def class_picker(picker: ClassPicker) -> None:
    """The teacher's classes: pick one, make one (the view then asks the picker which
    class is chosen)."""
    mine = picker.classes()
    with st.expander(t("live.classes"), expanded=not mine, icon=":material/groups:"):
        with st.form("new-class", border=False):
            st.text_input(t("live.class_name"), key="new_class_name", max_chars=60)
            submitted = st.form_submit_button(t("live.create_class"))
        if submitted:
            refused = picker.create(st.session_state.get("new_class_name", ""))
            if refused is not None:
                st.error(safe_text.plain(refused))
            mine = picker.classes()
    if not mine:
        return
    picker.settle()
    st.selectbox(t("live.class"), list(mine), key=picker.key, format_func=mine.__getitem__)


def live_controls(ctl: LiveController) -> None:
    """Go live with what is on the screen; while live, the projector's panel."""
    shown = ctl.screen()
    asking = shown.asking
    with st.container(horizontal=True, key="live-buttons"):
        st.button(asking.label, key="live-ask", icon=":material/campaign:",
                  type="primary" if asking.primary else "secondary",
                  disabled=not asking.enabled, on_click=ctl.ask, args=(shown.wanted,))
        st.button(t("live.renew"), key="live-renew", type="tertiary", on_click=ctl.renew)
        if shown.active:
            st.button(t("live.end"), key="live-end", type="tertiary", on_click=ctl.end)
    if asking.note:
        st.caption(asking.note)
    if not shown.active:
        _code_box(shown.code)
        return
    with st.container(border=True, key="live-panel"):
        _code_box(shown.code)
        with st.container(horizontal=True, key="live-actions"):
            st.button(t("live.hide_answers") if shown.shown else t("live.show_answers"),
                      key="live-show", on_click=ctl.show_answers, args=(not shown.shown,))
            st.button(t("live.reopen") if not shown.open else t("live.close"),
                      key="live-close", on_click=ctl.open_question, args=(not shown.open,))
            st.toggle(t("live.names"), value=shown.names, key="live-names",
                      on_change=lambda: ctl.set_names(
                          bool(st.session_state.get("live-names"))))
            st.button(t("live.next"), key="live-next", icon=":material/skip_next:",
                      on_click=ctl.next)
        projector(ctl)


def _code_box(code: str) -> None:
    """The join code large, the QR code of the join link, and a line saying which
    address the link uses (and what to do when phones cannot open it)."""
    where = address.address()
    link = where.join_link(code)
    with st.container(horizontal=True, vertical_alignment="center", key="live-code"):
        st.html(f"<div class='live-code'><div style='font-size:1.2rem'>"
                f"{html.escape(t('live.join_at'))}</div>"
                f"<div class='live-code-big'>"
                f"{html.escape(code)}</div></div>")
        picture = io.BytesIO()
        segno.make(link, error="m").save(picture, kind="png", scale=6, border=2)
        st.image(picture.getvalue(), width=180, caption=link)
    st.caption(where.line())


@st.fragment(run_every=PROJECTOR_EVERY)
def projector(ctl: LiveController) -> None:
    """Redrawn every second: the count, and the answers when shown."""
    shown = ctl.projector(session.course())
    if shown is None:
        return
    st.markdown(f"### {t('live.answered', n=shown.answered, total=shown.members)}")
    st.caption(t("live.open") if shown.open else t("live.closed"))
    if shown.no_next:
        st.info(t("live.no_next"))
    for index, bar in enumerate(shown.bars):
        with st.container(border=True, key=f"live-bar-{index}"):
            st.button(bar.label, key=f"live-bar-btn-{index}", type="tertiary",
                      on_click=ctl.pick, args=(bar.move,))
            st.progress(bar.share)
            if bar.reason:
                st.caption(safe_text.plain(bar.reason))
            if bar.names:
                st.caption(safe_text.plain(bar.names))
    if shown.picked is not None:
        _show_move(shown.picked)


def _show_move(picked: PickedMove) -> None:
    """The clicked bar's answer on the question's table, its cards marked, with its
    explanation."""
    with st.container(border=True, key="live-picked"):
        st.markdown(f"#### {picked.mark} {safe_text.plain(picked.move)}")
        st.write(safe_text.plain(picked.said))
        board.picture(picked.position, "live-picked", big=True, marked=picked.marked)


# ----- the learner -----------------------------------------------------------------------


def _lookup(code: str) -> tuple[int | None, str | None]:
    """A join link's code looked up as a typed one is (services/signin.py)."""
    signing = session.signin()
    found = signing.linked_class(code) if signing is not None else None
    return (found.id if found is not None else None,
            signing.error if signing is not None and found is None else None)


def learner_screen(ctl: LearnerLive) -> None:
    shown = ctl.screen(st.query_params.get(session.JOIN), _lookup)
    if shown.link_error:
        st.error(safe_text.plain(shown.link_error))
    if shown.join:
        st.info(t("live.not_in_class"))
        session.join_form()
        return
    _watch(ctl, shown.class_id, shown.signature)
    asked = shown.asked
    if asked is None:
        st.info(t("live.waiting", name=safe_text.plain(shown.class_name)))
        return
    st.markdown(f"### {t('live.question', n=shown.question)}")
    st.write(safe_text.plain(asked.prompt))
    look = board.BoardLook()
    board.table(asked.position, SCOPE, look)
    board.hand(asked.position, SCOPE, look)
    board.action_bar(asked.position, SCOPE, lambda attempt: _submit(ctl, shown, attempt),
                     enabled=shown.open)
    mine = shown.mine
    if shown.refused:
        st.warning(t("live.too_late"))
    if mine is None:
        st.caption(t("live.no_answer_yet") if shown.open else t("live.closed"))
        return
    with st.container(border=True, key="live-mine"):
        st.markdown(t("live.your_answer", move=safe_text.plain(mine.move)))
        if shown.shown:
            st.markdown(mine.mark)
            if mine.reason:
                st.caption(safe_text.plain(mine.reason))
        else:
            st.caption(t("live.can_change") if shown.open else t("live.closed"))


def _submit(ctl: LearnerLive, shown: LearnerScreen, attempt: Attempt) -> None:
    ctl.answer(shown, attempt)
    board.clear(SCOPE)


@st.fragment(run_every=LEARNER_EVERY)
def _watch(ctl: LearnerLive, class_id: int, drawn: tuple[object, ...]) -> None:
    """Redraw the whole page when the teacher has changed the question."""
    if ctl.moved(class_id, drawn):
        st.rerun()
