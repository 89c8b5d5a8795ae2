"""A tap on a picture or a pile (`st.pills`) lands where it was made.

Streamlit draws `st.pills` as a React Aria toggle-button group, which behaves as a
toolbar: when the focus comes back into the group from outside, it is sent on to the
button that had it last. A keyboard user tabbing in wants that; a finger does not. A
child who chose "dog" on a wrong try, typed her name again and then taps "rocket"
further down sees the focus (and the page) jump back to "dog" between her finger's
down and up: the up then lands on another button and the tap is lost. On a quick
device the jump comes after the tap; on a slow phone (or a loaded test machine) in
the middle of it.

The script stops that one hand-over: a focus that a pointer's press brings into a
group is not reported to the group (its toolbar never hears that the focus came in,
so it does not move it). Keys, screen readers and the press itself are untouched:
the choice is made by the press (pointer events), not by the focus.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

# Set at a pointer's press on a group's button; the focus that follows within the
# same tap (on a phone it comes after the finger is lifted) is kept from the group.
STEADY_TAPS_SCRIPT: Final = """<script>(() => {
  if (window.__cassinoSteadyTaps) return;
  window.__cassinoSteadyTaps = true;
  const BUTTON = '[data-testid="stButtonGroup"] button';  // a pill, radio or checkbox
  let pressed = null, at = 0;
  document.addEventListener('pointerdown', (event) => {
    pressed = event.target instanceof Element ? event.target.closest(BUTTON) : null;
    at = performance.now();
  }, true);
  document.addEventListener('focusin', (event) => {
    if (!pressed || event.target !== pressed || performance.now() - at > 2000) return;
    const group = pressed.parentElement && pressed.parentElement.closest('[role]');
    if (group && !(event.relatedTarget instanceof Node && group.contains(event.relatedTarget))) {
      event.stopPropagation();  // React never hears it: no hand-over to the last button
    }
    pressed = null;
  }, true);
})();</script>"""


def steady_taps() -> None:
    """Add the script to the page (once per browser tab: it guards itself)."""
    st.html(STEADY_TAPS_SCRIPT, unsafe_allow_javascript=True)
