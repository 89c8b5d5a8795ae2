"""Cassino Tutor: the Streamlit entry script.

Run with `streamlit run tutorial_app/app.py`. This script only sets up the
frame shared by every page (logging, title, styles, the sidebar) and the
navigation; each page lives in its own module under `views/`.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutorial_app.config import configure_logging
from tutorial_app.flows import links
from tutorial_app.services import faults
from tutorial_app.ui import language, page_address
from tutorial_app.ui.css import BASE_CSS
from tutorial_app.ui.live_call import live_call_banner
from tutorial_app.ui.menu import Audience, audience
from tutorial_app.ui.phone_menu import phone_menu
from tutorial_app.ui.serving import send_without_delay
from tutorial_app.ui.sidebar import sidebar
from tutorial_app.ui.steady_taps import steady_taps
from tutorial_app.words.i18n import t

configure_logging()
send_without_delay()  # once per process: no 40 ms wait on every click (ui/serving.py)
language.install()  # where a fragment rerun finds its session's language
language.apply()  # this run's language, from the session (never a process-wide setting)
st.set_page_config(page_title=t("app.title"), page_icon="🂡", layout="wide",
                   initial_sidebar_state="auto")  # collapsed on phones
st.html(BASE_CSS)
steady_taps()  # a tap on a picture lands where it was made (ui/steady_taps.py)
phone_menu()  # on a phone the menu folds away once a page is chosen (ui/phone_menu.py)

VIEWS = Path(__file__).parent / "views"
learn = st.Page(VIEWS / "learn.py", title=t("nav.learn"), icon=":material/school:",
                url_path="learn", default=True)
puzzles = st.Page(VIEWS / "puzzles.py", title=t("nav.puzzles"), icon=":material/extension:",
                  url_path="puzzles")
practice = st.Page(VIEWS / "practice.py", title=t("nav.practice"), icon=":material/fitness_center:",
                   url_path="practice")
play = st.Page(VIEWS / "play.py", title=t("nav.play"), icon=":material/playing_cards:",
               url_path="play")
sandbox = st.Page(VIEWS / "sandbox.py", title=t("nav.sandbox"), icon=":material/science:",
                  url_path="sandbox")
classroom = st.Page(VIEWS / "classroom.py", title=t("nav.classroom"), icon=":material/co_present:",
                    url_path="classroom")
cards = st.Page(VIEWS / "cards.py", title=t("nav.cards"), icon=":material/badge:",
                url_path="cards")
LIVE_PATH = "live"
live = st.Page(VIEWS / "live.py", title=t("nav.live"), icon=":material/how_to_vote:",
               url_path=LIVE_PATH)
rules = st.Page(VIEWS / "rules.py", title=t("nav.rules"), icon=":material/menu_book:",
                url_path="rules")

# The teacher pages are offered to a signed-in teacher only (ui/menu.py); a visitor gets
# one way in for a teacher, the Classroom's sign-in as "For teachers". Whoever types a
# page's address not offered to them gets the default page, and each teacher page
# refuses without a teacher's session anyway (ui/teacher.py).
menu = {
    t("nav.section.learn"): [learn, practice, puzzles, play, live],
    t("nav.section.explore"): [sandbox, rules],
}
offered = audience()
if offered is Audience.TEACHER:
    menu[t("nav.section.explore")] = [sandbox, classroom, cards, rules]
elif offered is Audience.VISITOR:
    # Hidden, not gone: a class's question (its QR code's link) and the login cards (a
    # teacher's link to them, on the sign-in first) still open by their addresses.
    menu[t("nav.section.learn")] = [learn, practice, puzzles, play,
                                    st.Page(VIEWS / "live.py", title=t("nav.live"),
                                            url_path=LIVE_PATH, visibility="hidden")]
    menu[t("nav.section.teachers")] = [
        st.Page(VIEWS / "classroom.py", title=t("nav.for_teachers"), icon=":material/lock:",
                url_path="classroom"),
        st.Page(VIEWS / "cards.py", title=t("nav.cards"), url_path="cards",
                visibility="hidden")]
# Any page address typed by hand (`/learn`, `/Puzzles`, a mistype, a teacher page typed
# by a learner) opens a page in the session's language, never Streamlit's English
# "Page not found" (ui/page_address.py).
page_address.open_typed(page for pages in menu.values() for page in pages)
current = st.navigation(menu)

# A shared link opened at the app's root still lands on the page it names.
params = st.query_params
if current.url_path == learn.url_path and links.PUZZLE in params:
    st.switch_page(puzzles, query_params=params.to_dict())
if current.url_path == learn.url_path and links.POSITION in params:
    st.switch_page(sandbox, query_params=params.to_dict())

sidebar()
try:
    # a class's live question: a learner who just signed in goes to it, others see a banner
    # (compared with the path itself: a page object run outside `streamlit run`, as
    # multiprocessing's spawn does with the main script, has no url_path of its own)
    live_call_banner(on_live_page=current.url_path == LIVE_PATH)
    current.run()
except faults.STORE_FAULTS as error:  # the store failed mid-page: say so, log the cause
    st.error(faults.report(error, f"drawing the page {current.url_path or 'learn'}"),
             icon=":material/cloud_off:")
