"""Login cards: the teacher prints one card per learner of a class (their name, the
class code, their two secret pictures, a QR code that signs them in on a phone and the
address to type without a camera), or one learner's card alone
(`cards?class=ID&learner=ID`, linked from "Give a new secret"). Only the class's
teacher sees this page (ui/teacher.py). The drawing is ui/login_cards.py; the address
on the cards is the projector's (ui/address.py)."""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.cards_page import CardsController
from tutorial_app.services.classes import SchoolClass
from tutorial_app.ui import address, login_cards, safe_text, session, teacher
from tutorial_app.ui.login_cards import CLASS, LEARNER
from tutorial_app.words.i18n import t


def _class_changed() -> None:
    """Another class picked: its cards, all of them."""
    st.query_params.pop(LEARNER, None)


def render() -> None:
    who = teacher.require_teacher()
    rooms = session.rooms()
    mine = rooms.classes_of(who.id)
    with st.container(key="cards-tools"):
        st.title(t("cards.title"))
        if not mine:
            st.info(t("cards.no_class"))
            return
        wanted = str(st.query_params.get(CLASS, ""))
        index = next((i for i, room in enumerate(mine) if str(room.id) == wanted), 0)
        room: SchoolClass = st.selectbox(t("cards.class"), mine, index=index,
                                         key="cards-class", on_change=_class_changed,
                                         format_func=lambda found: found.name)
        st.query_params[CLASS] = str(room.id)
        cards = CardsController(rooms, room).screen(str(st.query_params.get(LEARNER, "")))
        if not cards.cards:
            st.info(t("cards.no_learners"))
            return
        if cards.one is not None:
            st.info(t("cards.one", name=safe_text.plain(cards.one)), icon=":material/badge:")
            st.button(t("cards.all"), key="cards-all", on_click=_class_changed,
                      icon=":material/groups:")
        elif cards.stale:
            st.query_params.pop(LEARNER, None)  # not a learner of this class: every card
        st.caption(t("cards.help"))
        where = address.address()
        if where.reaches_phones:
            st.caption(where.line())
        else:
            st.warning(where.line(), icon=":material/wifi_off:")
        st.download_button(t("cards.download"), login_cards.page(cards, where),
                           file_name=f"{cards.file_name}.html", mime="text/html",
                           key="cards-download", icon=":material/download:")
    st.html(login_cards.grid(cards, where))


render()
