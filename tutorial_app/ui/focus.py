"""Moving keyboard and screen-reader focus to the answer after a move.

After a click on Capture, Build or Trail, Streamlit redraws the page and the
browser's focus falls back to the page itself: a screen-reader user hears
nothing of the judge's answer. `focus_feedback` draws a zero-height component
whose script (same origin as the page: Streamlit's component frames allow it)
finds the feedback container by its key class and focuses it. It runs once per
new answer: `token` changes with each try, so the frame is new only then.
"""

from __future__ import annotations

import json

import streamlit.components.v1 as components

from tutorial_app.ui.css import safe_key

_SCRIPT = """<script>
// try {token}
(function () {{
  let tries = 0;
  function go() {{
    const doc = window.parent.document;
    const box = doc.querySelector({selector});
    if (box) {{
      box.setAttribute("tabindex", "-1");
      box.setAttribute("role", "status");
      box.focus({{preventScroll: false}});
      return;
    }}
    if (tries++ < 20) setTimeout(go, 100);
  }}
  go();
}})();
</script>"""


def focus_feedback(key: str, token: str) -> None:
    """Focus the container drawn with `st.container(key=key)` (after this run draws it)."""
    selector = json.dumps(f"div.st-key-{safe_key(key)}")
    components.html(_SCRIPT.format(token=safe_key(token), selector=selector), height=0)
