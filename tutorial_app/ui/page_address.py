"""A page address typed by hand opens a page, in the page's language.

Streamlit answers an address that names no page of the menu with a dialog of its own,
in English ("Page not found"), over the default page. A person types such addresses:
`/learn` (Learn is the default page, at the root `/`, so Streamlit knows no `/learn`),
`/Puzzles`, a mistyped `/lern`, or a teacher page's address typed by a learner (not in
their menu). So, before the navigation is built, the page the browser asked for by
its address is looked at: a page of the menu in another case opens that page, and
anything else opens the default page (Learn) without the dialog; the browser's
address bar then shows the page opened.

This reads and sets the page Streamlit is about to resolve (its pages manager's
"script intent", set from the address on a browser's first run); a Streamlit without
it leaves the address to Streamlit, dialog and all. tests/browser/test_browser_cards.py
checks it in Chromium, in Portuguese.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx


def open_typed(pages: Iterable[st.Page]) -> None:
    """Before `st.navigation`: if the browser asked for a page by an address that is
    not one of the `pages` of this run's menu (the default page's url path is ""), ask
    for the page it names in another case, else for the default page. Outside a
    browser's run (app.py imported in bare Python: a page then has no url path) it
    does nothing."""
    ctx = get_script_run_ctx()
    manager = getattr(ctx, "pages_manager", None)
    if manager is None or not hasattr(manager, "set_script_intent"):
        return
    menu = {page.url_path for page in pages}
    if getattr(manager, "intended_page_script_hash", None):  # a click: a page it knows
        return
    name = getattr(manager, "intended_page_name", None)
    if not name or name in menu:
        return
    wanted = str(name).strip().strip("/").lower()
    manager.set_script_intent("", wanted if wanted in menu else "")
