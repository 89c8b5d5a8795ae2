"""A tapped control does not look pressed, on a phone (390x844, touch), light and dark.

A phone cannot hover, yet Chromium keeps the button just tapped `:hover` until the next
tap elsewhere: Streamlit's hover fill (a grey wash) stayed on a tapped button. Here
controls of the Sandbox are tapped and their colours read after the tap, while they are
still `:hover`, against the same kind of control at rest (ui/css.py); and a keyboard's
focus still draws its ring, on a button and on a card.
"""

from __future__ import annotations

from typing import Any

import pytest
from browserpage import PHONE, idle, new_page, release
from browserserver import Server
from playwright.sync_api import Locator, Page

# What a control looks like: its fill, its text and border colours, and whether it is
# raised (a card's transform), with whether the pointer is still "on" it.
_LOOK = """(e) => { const s = getComputedStyle(e);
  return {fill: s.backgroundColor, text: s.color, border: s.borderTopColor,
          raised: s.transform, hover: e.matches(':hover')}; }"""
_RING = """(e) => { const s = getComputedStyle(e);
  return {focused: document.activeElement === e && e.matches(':focus-visible'),
          ring: s.boxShadow !== 'none' || s.outlineStyle !== 'none'}; }"""


def _look(target: Locator) -> dict[str, Any]:
    return dict(target.evaluate(_LOOK))


def _tap(page: Page, target: Locator) -> None:
    target.wait_for(state="visible")
    idle(page)
    target.evaluate("e => e.scrollIntoView({block: 'center', inline: 'nearest'})")
    target.tap()
    page.wait_for_timeout(300)  # the tap's rerun starts
    idle(page)


def _resting(look: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in look.items() if k != "hover"}


def _keyboard_ring(page: Page, target: Locator) -> None:
    """Reached by Tab (focus put on it, then Shift+Tab and Tab), it shows a ring."""
    target.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = target.evaluate(_RING)
    assert ring == {"focused": True, "ring": True}, ring


def _check_taps(page: Page) -> None:
    clear_all = page.locator("div.st-key-sandbox-clear-all button")
    clear_all.wait_for(state="visible")
    idle(page)

    # a card of the hand: reached by the keyboard, it shows its ring (a tapped card is
    # drawn anew as chosen, so no :hover stays on it to test here)
    hand = page.locator("div[class*='st-key-cb-sandbox-h-'] button")
    _keyboard_ring(page, hand.nth(1))

    # the segmented control "Put the next card into": "Table", chosen, tapped is no longer
    # chosen, and must look as "Hand" looks unchosen, not hovered
    place = page.locator("div.st-key-sandbox-place button")
    rest = _look(place.nth(1))
    assert place.nth(0).get_attribute("aria-checked") == "true"
    _tap(page, place.nth(0))
    assert place.nth(0).get_attribute("aria-checked") == "false"
    after = _look(place.nth(0))
    assert after["hover"], "the tapped choice is no longer :hover: nothing was tested"
    assert _resting(after) == _resting(rest), ("a choice tapped off", rest, after)

    # a plain button: "Clear all" (the page reruns; the button stays where it was)
    rest = _look(clear_all)
    _tap(page, clear_all)
    after = _look(clear_all)
    assert after["hover"], "the tapped button is no longer :hover: nothing was tested"
    assert _resting(after) == _resting(rest), ("a tapped button", rest, after)
    _keyboard_ring(page, clear_all)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tapped_control_keeps_its_resting_look(server: Server, browser: Any,
                                                 scheme: str) -> None:
    page = new_page(browser, PHONE, has_touch=True, is_mobile=True, color_scheme=scheme)
    try:
        page.goto(f"{server.url}/sandbox")
        _check_taps(page)
    finally:
        release(page)
