"""Login cards: the teacher prints one card per learner of a class (their name, the
class code, their two secret pictures and a QR code that signs them in on a phone).
Only the class's teacher sees this page (ui/teacher.py). The drawing is
ui/login_cards.py."""

from __future__ import annotations

import streamlit as st

from tutorial_app.course.i18n import t
from tutorial_app.ui import login_cards, session, teacher


def render() -> None:
    who = teacher.require_teacher()
    rooms = session.rooms()
    mine = rooms.classes_of(who.id)
    with st.container(key="cards-tools"):
        st.title(t("cards.title"))
        if not mine:
            st.info(t("cards.no_class"))
            return
        wanted = str(st.query_params.get("class", ""))
        index = next((i for i, room in enumerate(mine) if str(room.id) == wanted), 0)
        room = st.selectbox(t("cards.class"), mine, index=index, key="cards-class",
                            format_func=lambda found: found.name)
        st.query_params["class"] = str(room.id)
        cards = rooms.secrets_of(room.id)
        if not cards:
            st.info(t("cards.no_learners"))
            return
        st.caption(t("cards.help"))
        root = login_cards.app_root(st.context.url)
        st.download_button(t("cards.download"), login_cards.page(room, cards, root),
                           file_name=f"login-cards-{room.code}.html", mime="text/html",
                           key="cards-download", icon=":material/download:")
    st.html(login_cards.grid(room, cards, root))


render()
