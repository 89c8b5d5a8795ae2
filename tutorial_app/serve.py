"""The server's entry point: the Streamlit app (app.py), the cookie route beside it,
and what guards the server's connections.

    streamlit run tutorial_app/serve.py      # what `make run`, the tests and tools start

Streamlit's `st.App` serves app.py exactly as `streamlit run tutorial_app/app.py`
would, and mounts one more address, ui/cookie_route.py, which sets the sign-in
cookies as HttpOnly (a page's own script cannot). Started as app.py alone, the app
works the same except that a browser is not remembered after a reload, and nothing
below is applied.

uvicorn imports this file once, after it has read its own settings and before it
takes the first connection; so here, once per process (ui/connections.py):

- the soft limit on open files is raised to the hard one (each session holds four);
- every request's client address is the one a trusted proxy forwards
  ($CASSINO_TRUSTED_PROXIES), which the limits on wrong tries and the cap below count;
- one address may hold $CASSINO_SESSIONS_PER_ADDRESS open sessions (150).
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.ui import connections
from tutorial_app.ui.cookie_route import routes

connections.raise_open_files_limit()

app = st.App("app.py", routes=routes(), middleware=connections.middleware())
