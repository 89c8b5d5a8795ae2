"""The app's own CSS (plain Python, no Streamlit).

Card controls are ordinary `st.button`s. Streamlit gives the container of a
keyed element the class `st-key-<key>`, so every card button has a key that
starts with `cb-` (or `cbbig-` for the projector's large cards) and a small
per-key rule that paints the card's SVG as the button's background. The
button's own text, e.g. "8 of spades", stays in the page for screen readers
and is only hidden visually; the button keeps its keyboard focus ring. A
selected card is a primary button, raised with a gold edge by one rule here, so
its own rule does not change when it is selected (the browser keeps it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tutorial_app.ui.card_svg import HEIGHT, WIDTH, data_uri

CARD_PREFIX: Final = "cb-"
BIG_PREFIX: Final = "cbbig-"
CARD_HEIGHT: Final = 122
BIG_HEIGHT: Final = 200
_KEY_OK: Final = re.compile(r"^[A-Za-z0-9_-]+$")

BASE_CSS: Final = """
<style>
:root { --felt: #2e6b48; --felt-dark: #23553a; --gold: #f2c94c; --focus: #1f6feb; }
/* Streamlit's own hint under a box being typed in ("Press Enter to submit form", a
   letter count) is English on every page, in no catalogue: a Portuguese child would
   read it on the sign-in form. Every form has its button in words. */
div[data-testid="InputInstructions"] { display: none; }
div[class*="st-key-cb-"] button, div[class*="st-key-cbbig-"] button {
  padding: 0; border: none; border-radius: 9px; min-height: 0;
  background-color: transparent; background-position: center; background-repeat: no-repeat;
  background-size: contain; box-shadow: 0 3px 6px rgba(0,0,0,.28);
  transition: transform .12s ease, box-shadow .12s ease; position: relative;
}
/* A card rises under a mouse only: a phone keeps a tapped card ":hover" until the next
   tap elsewhere, and a card left raised reads as chosen. */
@media (hover: hover) {
  div[class*="st-key-cb-"] button:hover, div[class*="st-key-cbbig-"] button:hover {
    transform: translateY(-5px); box-shadow: 0 8px 14px rgba(0,0,0,.32);
  }
}
/* The same for a button's fill: a phone cannot hover, yet Chrome and Safari keep the
   button just tapped ":hover" until the next tap elsewhere, so Streamlit's hover fill (a
   grey wash) stayed on a tapped button or card, which looked pressed. Where nothing can
   hover, a hovered button keeps its resting fill: Streamlit's own, light and dark
   (`light-dark()` follows the theme's color-scheme, which Streamlit sets on the app),
   checked by tests/browser/test_browser_taps.py. A keyboard's focus (:focus-visible)
   keeps its ring. (Pills and segmented controls need nothing: React Aria ignores a
   touch's hover.) */
@media (hover: none) {
  button[kind="secondary"]:hover:not(:focus-visible) {
    background-color: light-dark(rgb(255, 255, 255), rgb(30, 29, 26)); }
  div[class*="st-key-cb-"] button:hover:not(:focus-visible),
  div[class*="st-key-cbbig-"] button:hover:not(:focus-visible) { background-color: transparent; }
}
div[class*="st-key-cb-"] button[data-testid="stBaseButton-primary"],
div[class*="st-key-cbbig-"] button[data-testid="stBaseButton-primary"] {
  transform: translateY(-14px) !important; background-color: transparent !important;
  box-shadow: 0 0 0 4px var(--gold), 0 10px 18px rgba(0,0,0,.4) !important;
}
div[class*="st-key-cb-"] button:focus-visible, div[class*="st-key-cbbig-"] button:focus-visible {
  outline: 4px solid var(--focus); outline-offset: 3px;
}
div[class*="st-key-cb-"] button > *, div[class*="st-key-cbbig-"] button > * {
  position: absolute !important; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
div[class*="st-key-felt"] {
  background: radial-gradient(ellipse at center, var(--felt) 0%, var(--felt-dark) 100%);
  border-radius: 18px; padding: 14px 18px 18px 18px; box-shadow: inset 0 0 0 3px #1b4430;
}
div[class*="st-key-felt"] p, div[class*="st-key-felt"] span,
div[class*="st-key-felt"] .ct-zone { color: #f4f1e6; }
div[class*="st-key-hand"] {
  background: #f3efe4; border-radius: 18px; padding: 12px 18px 16px 18px;
  border: 1px solid #d9d2bf;
}
.ct-row { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
.ct-card { filter: drop-shadow(0 3px 4px rgba(0,0,0,.28)); }
.ct-marked { outline: 4px solid var(--gold); outline-offset: 3px; border-radius: 10px;
  transform: translateY(-10px); }
.ct-zone { font-weight: 700; letter-spacing: .06em; text-transform: uppercase;
  font-size: .8rem; margin-bottom: 4px; }
.ct-empty { color: #f4f1e6; opacity: .8; font-style: italic; padding: 40px 8px; }
.ct-stars { color: #d4a017; font-size: 1.25rem; letter-spacing: .08em; }
/* The course map's buttons name the lesson ("Start: Variant: no builds, and other
   ways to play"): on a phone the name wraps instead of being cut. */
div[class*="st-key-open-"] button, div[class*="st-key-reset-"] button { height: auto;
  max-width: 100%; }
div[class*="st-key-open-"] button p, div[class*="st-key-reset-"] button p {
  white-space: normal; overflow-wrap: anywhere; text-align: left; }
div[class*="st-key-classroom"] p, div[class*="st-key-classroom"] li {
  font-size: 1.6rem; line-height: 1.45; }
div[class*="st-key-classroom"] h1 { font-size: 3rem; }
div[class*="st-key-classroom"] h2 { font-size: 2.3rem; }
div[class*="st-key-classroom"] button p { font-size: 1.3rem; }
/* The join code, read from the back of the room; a phone's narrower screen makes it
   smaller, never cut (it is what the class types). */
.live-code-big { font-size: min(4.5rem, 14vw); font-weight: 800;
  letter-spacing: min(.3rem, 1vw); }
/* A projector's answer bar: its move and verdict read from the back of the room, no
   smaller than the reason under it. */
div[class*="st-key-classroom"] div[class*="st-key-live-bar-btn"] button p {
  font-size: 1.6rem; font-weight: 700; text-align: left; }
div[class*="st-key-tray-"] button { min-height: 0; padding: 2px 6px; font-weight: 700; }
div[class*="st-key-tray-h-"] button p, div[class*="st-key-tray-d-"] button p { color: #c8102e; }
div[class*="st-key-four-tray"] div[class*="st-key-tray-d-"] button p { color: #1d5fc4; }
div[class*="st-key-four-tray"] div[class*="st-key-tray-c-"] button p { color: #1e7b34; }
/* A phone (390 px wide): the hand, the table and the move buttons fit one screen. */
@media (max-width: 640px) {
  .stMainBlockContainer { padding: 3.4rem .75rem 1rem .75rem; }
  .stMainBlockContainer h1 { font-size: 1.35rem; padding: .2rem 0; }
  .stMainBlockContainer h3 { font-size: 1.02rem; padding: .1rem 0 .6rem 0; line-height: 1.3; }
  .stMainBlockContainer h4 { font-size: 1rem; }
  div[class*="st-key-cb-"] button { width: 54px !important; height: 76px !important; }
  div[class*="st-key-felt"], div[class*="st-key-hand"] { padding: 6px 8px 8px 8px;
    border-radius: 12px; }
  div[class*="st-key-felt"] div[data-testid="stVerticalBlock"],
  div[class*="st-key-hand"] div[data-testid="stVerticalBlock"] { gap: .3rem; }
  .ct-zone { font-size: .7rem; margin-bottom: 0; }
  div[data-testid="stProgress"] p { font-size: .8rem; }
  div[class*="st-key-cb-"] button[data-testid="stBaseButton-primary"] {
    transform: translateY(-6px) !important; }
  /* The Classroom on a phone (a teacher trying the projector's page out): a phone's
     sizes, its headings no smaller than its text, and its large cards a row. */
  div[class*="st-key-classroom"] p, div[class*="st-key-classroom"] li { font-size: 1.1rem;
    line-height: 1.4; }
  div[class*="st-key-classroom"] h1 { font-size: 1.8rem; }
  div[class*="st-key-classroom"] h2 { font-size: 1.45rem; }
  div[class*="st-key-classroom"] h3, div[class*="st-key-classroom"] h4 { font-size: 1.2rem; }
  div[class*="st-key-classroom"] button p { font-size: 1.05rem; }
  div[class*="st-key-classroom"] div[class*="st-key-live-bar-btn"] button p {
    font-size: 1.2rem; }
  div[class*="st-key-cbbig-"] button { zoom: .6; }
  div[class*="st-key-classroom"] img.ct-card { zoom: .6; }
}
</style>
"""


# Classroom's projector mode: the page alone, edge to edge (the toggle that
# turns it off stays on the page, so the menu is one click away).
PROJECTOR_CSS: Final = """
<style>
section[data-testid="stSidebar"], div[data-testid="stSidebarCollapsedControl"],
header[data-testid="stHeader"] { display: none; }
.stMainBlockContainer { max-width: 100%; padding: 1.5rem 3rem; }
@media (max-width: 640px) { .stMainBlockContainer { padding: 1rem .75rem; } }
</style>
"""


READING_WIDTH: Final = (
    "<style>.stMainBlockContainer { max-width: 1080px; }</style>"
)
"""Pages of reading and one board (Learn, Puzzles, Rules) keep a comfortable width."""

PLAY_CSS: Final = """
<style>
.ct-seats { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 10px; }
.ct-seat { background: #f3efe4; border: 1px solid #d9d2bf; border-radius: 14px;
  padding: 8px 14px 10px 14px; flex: 1 1 150px; max-width: 240px; }
.ct-seat.ct-turn { border: 2px solid var(--gold); box-shadow: 0 0 0 3px rgba(242,201,76,.35); }
.ct-seat-name { font-weight: 700; }
.ct-seat-level { font-size: .85rem; opacity: .75; }
.ct-backs { display: flex; padding: 6px 0 2px 0; min-height: 62px; }
.ct-back { margin-right: -16px; filter: drop-shadow(0 2px 3px rgba(0,0,0,.25)); }
.ct-replay { display: flex; flex-wrap: wrap; gap: 10px 22px; margin: 4px 0 10px 0; }
.ct-replay-seat { background: #f3efe4; border-radius: 12px; padding: 6px 12px 10px 12px; }
.ct-replay-seat .ct-row { gap: 4px; }
div[class*="st-key-play-scores"] [data-testid="stMetricValue"] { font-size: 1.9rem; }
</style>
"""
"""The Play page: the other seats with their cards face down, the replay's open hands."""


def safe_key(text: str) -> str:
    """A key usable in a CSS class name (letters, digits, - and _ only)."""
    key = re.sub(r"[^A-Za-z0-9_-]", "_", text)
    assert _KEY_OK.match(key)
    return key


@dataclass(frozen=True, slots=True)
class Painted:
    """One card button to paint: its key, its SVG, its size, whether it is selected."""

    key: str
    svg: str
    width: float = WIDTH
    height: float = HEIGHT
    selected: bool = False


@lru_cache(maxsize=4096)
def card_rule(key: str, svg: str, width: float, height: float, selected: bool,
              card_height: int) -> str:
    """The CSS of one card button: its drawing as the background, its size and, when
    selected, the raised look. Kept per card, size and colour scheme (the SVG text is
    one per card and scheme, see card_svg.py), so each is encoded once per server."""
    key = safe_key(key)
    # the card part of every drawing is `card_height` tall; a build adds its caption strip
    h = round(card_height * height / HEIGHT, 1)
    w = round(h * width / height, 1)
    rule = (f'div.st-key-{key} button{{background-image:url("{data_uri(svg)}");'
            f"width:{w}px;height:{h}px}}")
    if selected:
        rule += (f"div.st-key-{key} button{{transform:translateY(-14px)!important;"
                 "box-shadow:0 0 0 4px var(--gold),0 10px 18px rgba(0,0,0,.4)!important}")
    return rule


def card_rules(items: Iterable[Painted], height: int) -> str:
    """<style> with one rule per card button (background, size, selected look);
    `height` is the on-screen height of one card."""
    rules = [card_rule(item.key, item.svg, item.width, item.height, item.selected, height)
             for item in items]
    return "<style>" + "".join(rules) + "</style>" if rules else ""
