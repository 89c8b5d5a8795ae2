"""On a phone the menu folds away once a page is chosen.

Streamlit's sidebar covers the whole screen of a phone while it is open, and it stays
open after a page is chosen from it: a learner had to find and press the fold button
after every tap of the menu (seen on a 390 x 844 phone in the first week's trial). On
a narrow screen (where the sidebar lies over the page, below Streamlit's 768 px
breakpoint) the script folds it as a link in it is followed; on a desktop, where the
menu sits beside the page, nothing changes.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

PHONE_MENU_SCRIPT: Final = """<script>(() => {
  if (window.__cassinoPhoneMenu) return;
  window.__cassinoPhoneMenu = true;
  const NARROW = window.matchMedia('(max-width: 767.98px)');
  document.addEventListener('click', (event) => {
    if (!NARROW.matches || !(event.target instanceof Element)) return;
    if (!event.target.closest('[data-testid="stSidebar"] a[href]')) return;
    setTimeout(() => {  // after the link has been followed
      const menu = document.querySelector('[data-testid="stSidebar"]');
      const fold = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      if (menu && fold && menu.getAttribute('data-collapsed') === 'false') fold.click();
    }, 0);
  }, true);
})();</script>"""


def phone_menu() -> None:
    """Add the script to the page (once per browser tab: it guards itself)."""
    st.html(PHONE_MENU_SCRIPT, unsafe_allow_javascript=True)
