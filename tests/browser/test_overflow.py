"""Nothing cut off: every open page in every language, on a phone and on a laptop,
with no text wider than its box.

A label that is cut ("s cartas captura", "imples · Adversári") is a sentence the
learner cannot read. The page is asked, element by element, for text whose content
is wider than its box (`scrollWidth > clientWidth`) where the box does not scroll;
each one found is named with its text, so the failure says what to fix. Phone
screenshots of the course map, Play and the Sandbox are saved per language to
docs/screenshots/ with UPDATE_SCREENSHOTS=1.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from browserpage import idle, new_page, sign_in
from browserserver import ROOT, Server
from playwright.sync_api import Page

LANGUAGES = ("en", "pt-BR", "es", "it")
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
PAGES = ("", "play", "puzzles", "sandbox", "rules")  # "": the course map, the default page

# Text elements whose own text is wider than their box, which does not scroll: the
# element, its text and the two widths. Icons (Material symbols) and Streamlit's
# scrolling containers are not text a learner reads.
_CUT_TEXT = """
() => {
  const found = [];
  const clips = (el) => ['hidden', 'clip'].includes(getComputedStyle(el).overflowX);
  for (const el of document.querySelectorAll('[data-testid=stMain] *')) {
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    if (!own.length || !el.offsetParent) continue;
    if (el.closest('[data-testid=stIconMaterial], .stDataFrame, pre, code, svg, '
                   + '[class*="st-key-cb-"], [class*="st-key-cbbig-"]')) continue;
    if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) continue;
    const text = `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 60)}"`;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${text} ${el.scrollWidth}>${el.clientWidth}`);
      continue;
    }
    // a box wide enough for its text, inside a parent that clips it
    const box = el.getBoundingClientRect();
    let up = el.parentElement;
    for (let i = 0; up && i < 6; i++, up = up.parentElement) {
      if (!clips(up)) continue;
      const outer = up.getBoundingClientRect();
      if (box.right > outer.right + 1 || box.left < outer.left - 1) {
        found.push(`${text} cut by its box (${Math.round(box.right - outer.right)} px)`);
      }
      break;
    }
  }
  return [...new Set(found)];
}
"""


def cut_text(page: Page) -> list[str]:
    found: list[str] = page.evaluate(_CUT_TEXT)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_is_cut_off_on_any_page(real_server: Server, browser: Any, lang: str,
                                         tmp_path: Path) -> None:
    folder = ROOT / "docs" / "screenshots" if os.environ.get("UPDATE_SCREENSHOTS") == "1" \
        else tmp_path
    cut: list[str] = []
    for size, viewport in SIZES.items():
        page = new_page(browser, viewport)
        try:
            page.goto(f"{real_server.url}/")
            sign_in(page, f"Ana {lang} {size}")  # the pages a signed-in learner sees
            for name in PAGES:
                page.goto(f"{real_server.url}/{name}?lang={lang}")
                idle(page)
                page.wait_for_timeout(800)
                cut += [f"{size} {name or 'learn'}: {found}" for found in cut_text(page)]
                if size == "phone" and name in ("", "play", "sandbox"):
                    page.screenshot(path=str(folder / f"phone-{name or 'learn'}.{lang}.png"))
        finally:
            page.context.close()
    assert not cut, "\n".join(cut)
