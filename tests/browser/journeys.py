"""What the scripted journeys do with their pages: phones and a projector, the menu as a
phone reaches it, what the screen says, moves made by clicking the cards, and the
pictures kept for the docs. Words come from the app's catalogue in the page's language
(so a click finds the button a learner sees), while each scenario checks the sentences
that matter word for word.

Used by test_journey_first_hour.py, and ready for "a class period" (a desktop
projector and phones in their own contexts: `projector`, `phone`, `join_link`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from browserpage import PHONE, card, drawn, new_page, press, release
from browserserver import ROOT
from playwright.sync_api import Locator, Page, expect

from engine import BUILD, CAPTURE, TRAIL, Card, Move
from tutorial_app.ui.card_svg import card_name
from tutorial_app.words.i18n import t, using

PROJECTOR: Final = {"width": 1366, "height": 768}


def pictures(tmp_path: Path) -> Path:
    """docs/screenshots/ with UPDATE_SCREENSHOTS=1 (how the docs' pictures are made),
    else a temporary folder."""
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        folder = ROOT / "docs" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path


class Screen:
    """One device in one language: its page, and the app's words in that language."""

    def __init__(self, page: Page, lang: str) -> None:
        self.page = page
        self.lang = lang

    def words(self, key: str, **values: object) -> str:
        with using(self.lang):
            return t(key, **values)

    def card(self, which: Card) -> str:
        """A card's button label as a screen reader says it ("o 7 de copas")."""
        with using(self.lang):
            return card_name(which)

    # ----- waiting and reading -------------------------------------------------------

    def settle(self) -> None:
        """The script has run and the browser has drawn it; never an exception box
        (browserpage.drawn). After a click, see first what it leads to: a run not yet
        begun looks like one ended."""
        drawn(self.page)

    def says(self, text: str) -> None:
        """The page shows this text (part of an element, exactly as written)."""
        expect(self.page.get_by_text(text, exact=False).first).to_be_visible()

    def sees_selected(self, which: Card) -> None:
        """The card is drawn selected (its label ends in the catalogue's "(selected)"):
        the click that selected it has been run, so the next click will not land in
        the same run (where the order of the two buttons' callbacks is not the user's)."""
        expect(card(self.page, self.words("board.card_selected", card=self.card(which)))
               ).to_be_visible()

    def alert(self, kind: str) -> Locator:
        """The newest message box of a kind ("error", "warning", "success", "info")."""
        return self.page.get_by_test_id(f"stAlertContent{kind.capitalize()}").last

    def main(self) -> str:
        self.settle()
        return self.page.get_by_test_id("stMain").inner_text()

    # ----- clicking ----------------------------------------------------------------

    def button(self, label: str, exact: bool = True) -> None:
        press(self.page, self.page.get_by_role("button", name=label, exact=exact))

    def press_key(self, key: str, **values: object) -> None:
        """Press the button the catalogue's `key` labels."""
        self.button(self.words(key, **values))

    def pick(self, label: str) -> None:
        """Tick a checkbox or pick a radio option by its label."""
        press(self.page, self.page.get_by_text(label, exact=True).first)

    def select(self, *cards: Card) -> None:
        """Tap each card and see it drawn selected before the next tap: on a loaded
        machine a tap can be lost, and an action pressed then would judge another
        selection than the one meant."""
        for which in cards:
            press(self.page, card(self.page, self.card(which)))
            self.sees_selected(which)

    def play(self, move: Move) -> None:
        """Click the move's cards (hand card first), then its action (moves on loose
        cards: a build on the table is chosen by the hint's "select" in Play)."""
        assert not move.builds, "click builds by their labels in the scenario itself"
        self.select(move.card, *move.loose)
        self.action(move)

    def action(self, move: Move) -> None:
        if move.kind == CAPTURE:
            self.press_key("board.capture")
        elif move.kind == TRAIL:
            self.press_key("board.trail")
        elif move.kind == BUILD:
            self.press_key("board.build", n=move.value)

    def menu(self, page_key: str) -> None:
        """Go to a page as a phone does: open the folded menu, tap the page; on a phone
        the menu folds itself away (ui/phone_menu.py), on a wider screen it is folded
        by hand."""
        press(self.page, self.page.get_by_test_id("stExpandSidebarButton"))
        press(self.page, self.page.get_by_role("link", name=self.words(page_key)))
        width = (self.page.viewport_size or PHONE)["width"]
        if width < 768:
            expect(self.page.get_by_test_id("stSidebar")).to_have_attribute(
                "data-collapsed", "true")
        else:
            collapse = self.page.get_by_role("button", name="Collapse sidebar")
            if collapse.is_visible():
                press(self.page, collapse)
        self.settle()

    # ----- pictures -----------------------------------------------------------------

    def snap(self, folder: Path, name: str) -> Path:
        """The page at its width, as tall as its content (Streamlit scrolls inside its
        main block), then the window as it was."""
        self.settle()
        size = self.page.viewport_size or PHONE
        height = self.page.evaluate(
            "Math.max(...[...document.querySelectorAll('[data-testid=stMain] *')]"
            ".slice(0, 1).map(e => e.scrollHeight), 600)")
        self.page.set_viewport_size({"width": size["width"],
                                     "height": min(int(height) + 60, 2000)})
        drawn(self.page)
        path = folder / f"{name}.png"
        self.page.screenshot(path=str(path))
        self.page.set_viewport_size(size)
        return path


@contextmanager
def phone(browser: Any, lang: str) -> Iterator[Screen]:
    """A 390 x 844 phone of its own (its own cookies), its browser in `lang`."""
    opened = new_page(browser, PHONE, locale=lang)
    try:
        yield Screen(opened, lang)
    finally:
        release(opened)


@contextmanager
def projector(browser: Any, lang: str = "en") -> Iterator[Screen]:
    """The teacher's 1366 x 768 desktop at the front of the class."""
    opened = new_page(browser, PROJECTOR, locale=lang)
    try:
        yield Screen(opened, lang)
    finally:
        release(opened)


def join_link(screen: Screen) -> str:
    """The address the projector's QR code encodes (its caption, under the code)."""
    caption = screen.page.get_by_test_id("stImageCaption").filter(has_text="/live?join=")
    expect(caption.first).to_be_visible()
    return caption.first.inner_text().strip()
