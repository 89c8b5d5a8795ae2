"""The server's entry point: the Streamlit app (app.py) and the cookie route beside it.

    streamlit run tutorial_app/serve.py      # what `make run`, the tests and tools start

Streamlit's `st.App` serves app.py exactly as `streamlit run tutorial_app/app.py`
would, and mounts one more address, ui/cookie_route.py, which sets the sign-in
cookies as HttpOnly (a page's own script cannot). Started as app.py alone, the app
works the same except that a browser is not remembered after a reload.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.ui.cookie_route import routes

app = st.App("app.py", routes=routes())
