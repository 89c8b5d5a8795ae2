"""Nothing cut off or drawn over: every open page in every language, on a phone and
on a laptop, with no text wider than its box and no two texts on top of each other.

A label that is cut ("s cartas captura", "imples · Adversári") or drawn over another
text is a sentence the learner cannot read. The page is asked, element by element,
for text whose content is wider than its box (`scrollWidth > clientWidth`) where the
box does not scroll, and for two texts whose line boxes intersect where neither
element holds the other; each one found is named with its text, so the failure says
what to fix. Phone screenshots of the course map, Play and the Sandbox are saved per
language to docs/screenshots/ with UPDATE_SCREENSHOTS=1.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from browserpage import idle, new_page, sign_in
from browserserver import ROOT, Server
from playwright.sync_api import Page

from tutorial_app.course import sentences

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


# Two visible texts drawn over each other: the boxes of their lines of text (not of
# their elements, which a block stretches to the full width) intersect by more than a
# sliver, and neither element holds the other. A chapter divider through its heading,
# a label under a tile: both are still "not cut", yet unreadable.
_OVERLAPS = """
() => {
  const texts = [];
  for (const el of document.querySelectorAll('[data-testid=stMain] *')) {
    if (!el.offsetParent || el.closest('[data-testid=stIconMaterial], svg')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    if (style.fontFamily.includes('Material')) continue;  // an icon's ligature
    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true,
                                                    visibilityProperty: true})) continue;
    for (const node of el.childNodes) {
      if (node.nodeType !== 3 || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        // what shows of it: boxes that clip (a collapsed expander, a label kept for
        // screen readers in a 1 px box) cut the line down, maybe to nothing
        let r = {left: line.left, right: line.right, top: line.top, bottom: line.bottom};
        for (let up = el; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflow === 'visible') continue;
          const box = up.getBoundingClientRect();
          r = {left: Math.max(r.left, box.left), right: Math.min(r.right, box.right),
               top: Math.max(r.top, box.top), bottom: Math.min(r.bottom, box.bottom)};
        }
        if (r.right - r.left > 1 && r.bottom - r.top > 1) {
          texts.push({el, r, text: node.textContent.trim()});
        }
      }
    }
  }
  const found = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i], b = texts[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > 3) {
        found.push(`"${a.text.slice(0, 40)}" over "${b.text.slice(0, 40)}"`);
      }
    }
  }
  return [...new Set(found)];
}
"""


def overlapping_text(page: Page) -> list[str]:
    found: list[str] = page.evaluate(_OVERLAPS)
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
                cut += [f"{size} {name or 'learn'}: overlap {found}"
                        for found in overlapping_text(page)]
                if size == "phone" and name in ("", "play", "sandbox"):
                    page.screenshot(path=str(folder / f"phone-{name or 'learn'}.{lang}.png"))
        finally:
            page.context.close()
    assert not cut, "\n".join(cut)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_try_on_a_phone_reads_whole(real_server: Server, browser: Any, lang: str,
                                            tmp_path: Path) -> None:
    """The lesson player on a phone after a wrong capture: the judge's sentence, in the
    language, whole and not cut (saved as phone-wrong-try.<lang>.png)."""
    from engine import Card
    from tutorial_app.course import words
    from tutorial_app.course.i18n import t, using

    folder = ROOT / "docs" / "screenshots" if os.environ.get("UPDATE_SCREENSHOTS") == "1" \
        else tmp_path
    name = f"Bo {lang}"
    page = new_page(browser, SIZES["phone"])
    try:
        real_server.unlock(name, "pairing", "first-pair")  # a locked lesson does not open
        page.goto(f"{real_server.url}/?lang={lang}&lesson=pairing&step=first-pair")
        with using(lang):
            seven, three = (words.card_name(Card.parse(c)) for c in ("7s", "3c"))
            if lang == "en":  # the board's English labels spell the rank out
                seven, three = "seven of spades", "three of clubs"
            page.get_by_role("textbox", name=t("welcome.name"), exact=True).fill(name)
            page.get_by_role("button", name=t("welcome.start")).click()
        idle(page)
        for label in (seven, three):
            page.get_by_role("button", name=label, exact=False).first.click()
            idle(page)
        page.locator(".st-key-learn-capture button").click()
        idle(page)
        error = page.get_by_test_id("stAlertContentError")
        error.wait_for()
        said = error.inner_text()
        assert "7♠" in said and "3♣" in said
        assert sentences.slips(said, lang) == [], said
        assert not cut_text(page)
        page.screenshot(path=str(folder / f"phone-wrong-try.{lang}.png"))
    finally:
        page.context.close()


def test_the_checks_find_text_drawn_over_text(real_server: Server, browser: Any) -> None:
    """The overlap check can fail: two labels placed on top of each other are found,
    and a label apart, or two texts of one element, are not."""
    page = new_page(browser, SIZES["phone"])
    try:
        page.goto(f"{real_server.url}/rules?lang=en")
        idle(page)
        page.evaluate("""() => {
          const main = document.querySelector('[data-testid=stMain]');
          const add = (text, left, top) => {
            const el = document.createElement('div');
            el.textContent = text;
            el.style.cssText = `position:absolute;left:${left}px;top:${top}px;z-index:9`;
            main.appendChild(el);
            return el;
          };
          add('first label', 10, 300);
          add('second label', 30, 305);
          add('apart', 250, 2000);
          add('outer', 10, 500).appendChild(document.createTextNode(' inner'));
        }""")
        found = overlapping_text(page)
        assert '"first label" over "second label"' in found, found
        assert not [pair for pair in found if "apart" in pair], found
        assert '"outer" over "inner"' not in found and '"inner" over "outer"' not in found
    finally:
        page.context.close()
