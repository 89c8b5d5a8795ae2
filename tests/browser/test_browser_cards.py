"""Login cards, devices and typed page addresses in Chromium, in Brazilian Portuguese
(a pt-BR browser), with the server's public address set (CASSINO_PUBLIC_URL), as a
school sets it (issue 31):

- the cards page printed to PDF (Chromium's `page.pdf()`, A4) holds nine cards a
  sheet, as docs/classroom.md says; each printed QR code, read back from the PDF's
  picture by a QR decoder (zxing-cpp), is the public address with `/?card=` and that
  learner's key; the card prints the address in words and never the key; a 40-letter
  name fits its card; the downloaded file prints nine a sheet too; one learner's card
  alone (`cards?class=ID&learner=ID`);
- the teacher's signed-in devices named "Chrome no Android", "Safari no iPhone",
  "Firefox no Windows (este aparelho)", each told apart, and the link beside "Give a
  new secret" to that learner's card;
- page addresses typed by hand (`/learn`, `/Puzzles`, a mistype) open a page in
  Portuguese, never Streamlit's English "Page not found".

Pictures of the cards page (desktop and printed) and of the devices list go to
docs/screenshots/ with UPDATE_SCREENSHOTS=1, else to the test's temporary folder."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pypdfium2 as pdfium
import pytest
import zxingcpp
from browserpage import DESKTOP, PHONE, drawn, idle, new_page, press, release
from browserserver import FIXTURE_COURSE, ROOT, TEACHER, Server
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser_identity import a_class

from tutorial_app.services.classes import ClassStore
from tutorial_app.services.devices import TEACHERS, Devices
from tutorial_app.services.store import ProgressStore
from tutorial_app.words.i18n import t, using

PUBLIC: Final = "http://192.168.1.20:8501"  # as a school sets CASSINO_PUBLIC_URL
TYPED: Final = "192.168.1.20:8501"          # what a card prints for a child to type
LANGUAGE: Final = "pt-BR"
LONG_NAME: Final = "Maria Eduarda dos Santos Oliveira Lima C"  # 40 letters, the most
AGENTS: Final = {  # a teacher's three devices, and how the list names them
    "Chrome no Android": "Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 "
                         "(KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
    "Safari no iPhone": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) "
                        "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 "
                        "Safari/604.1",
    "Firefox no Windows": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) "
                          "Gecko/20100101 Firefox/121.0",
}


def pt(key: str, **fields: Any) -> str:
    with using(LANGUAGE):
        return t(key, **fields)


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app with its public address set, as a school runs it."""
    folder = tmp_path_factory.mktemp("school")
    with pytest.MonkeyPatch.context() as env:  # for the server's environment only
        env.setenv("CASSINO_PUBLIC_URL", PUBLIC)
        running = Server(folder / "progress.sqlite3", FIXTURE_COURSE,
                         folder / "streamlit.log")
    yield running
    running.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        return ROOT / "docs" / "screenshots"
    return tmp_path


def teacher_in(page: Page) -> None:
    """The teacher signs in on a teacher page, in Portuguese."""
    page.get_by_role("textbox", name=pt("teacher.name")).fill(TEACHER[0])
    page.get_by_role("textbox", name=pt("teacher.password")).fill(TEACHER[1])
    press(page, page.get_by_role("button", name=pt("teacher.sign_in"), exact=True))
    signed_in = pt("teacher.signed_in", name=TEACHER[0]).replace("**", "")
    expect(page.get_by_text(signed_in)).to_be_visible()


def learner_id(server: Server, class_id: int, name: str) -> int:
    with ProgressStore(server.db) as store:
        return next(x.id for x in ClassStore(store).members(class_id) if x.name == name)


def sheets(pdf: bytes, read_codes: bool = True) -> list[tuple[str, list[str]]]:
    """Each page of a PDF: its text (spaces folded), and the QR codes in its picture
    as zxing-cpp reads them."""
    document = pdfium.PdfDocument(pdf)
    try:
        pages = []
        for page in document:
            text = re.sub(r"\s+", " ", page.get_textpage().get_text_range())
            codes = [found.text for found in zxingcpp.read_barcodes(
                page.render(scale=2).to_pil())] if read_codes else []
            pages.append((text, codes))
            page.close()
        return pages
    finally:
        document.close()


def test_printed_cards_open_the_public_address(school: Server, browser: Any,
                                               shots: Path) -> None:
    assert len(LONG_NAME) == 40
    names = [f"Aluno {i:02d}" for i in range(1, 18)] + [LONG_NAME]  # 18: two sheets
    class_id, _, secrets = a_class(school, "Verde", names)
    keys = {name: secret[2] for name, secret in secrets.items()}
    page = new_page(browser, DESKTOP, locale=LANGUAGE)
    try:
        page.goto(f"{school.url}/cards?class={class_id}")
        teacher_in(page)
        cards = page.locator(".login-card")
        expect(cards).to_have_count(18)
        expect(page.get_by_text(pt("address.configured", url=PUBLIC,
                                   setting="CASSINO_PUBLIC_URL"))).to_be_visible()
        drawn(page)
        page.screenshot(path=str(shots / "login-cards-pt.png"))

        printed = sheets(page.pdf(prefer_css_page_size=True, print_background=True))
        on_sheet = [sorted(n for n in names if n in text) for text, _ in printed]
        assert [len(n) for n in on_sheet] == [9, 9], on_sheet  # docs/classroom.md: nine
        assert LONG_NAME in on_sheet[1]
        for (text, codes), sheet in zip(printed, on_sheet, strict=True):
            assert sorted(codes) == sorted(f"{PUBLIC}/?card={keys[n]}" for n in sheet), codes
            assert text.count(TYPED) == 9, text  # the address in words, on every card
            assert not any(key in text for key in keys.values())  # the key: in the QR only
            assert "localhost" not in text and "127.0.0.1" not in text

        page.emulate_media(media="print")  # the long name's card: nothing cut off
        long_card = cards.filter(has_text=LONG_NAME)
        box, words = long_card.bounding_box(), long_card.locator(".type").bounding_box()
        assert box is not None and words is not None
        assert words["y"] + words["height"] <= box["y"] + box["height"]
        page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
        drawn(page)
        page.screenshot(path=str(shots / "login-cards-pt-printed.png"))
        page.emulate_media(media="screen")
        page.set_viewport_size(DESKTOP)

        with page.expect_download() as download:  # the file to print: nine a sheet too
            press(page, page.get_by_role("button", name=pt("cards.download")))
        offline = new_page(browser, DESKTOP)
        try:
            offline.set_content(Path(download.value.path()).read_text(encoding="utf-8"))
            filed = sheets(offline.pdf(prefer_css_page_size=True), read_codes=False)
        finally:
            release(offline)
        assert [sum(n in text for n in names) for text, _ in filed] == [9, 9]
        assert all(text.count(TYPED) == 9 for text, _ in filed)

        one = learner_id(school, class_id, "Aluno 05")  # one learner's card alone
        page.goto(f"{school.url}/cards?class={class_id}&learner={one}")
        expect(cards).to_have_count(1)
        expect(cards.first).to_contain_text("Aluno 05")
        expect(page.get_by_text(pt("cards.one", name="Aluno 05"))).to_be_visible()
        press(page, page.get_by_role("button", name=pt("cards.all")))
        expect(cards).to_have_count(18)
        assert "learner=" not in page.url
    finally:
        release(page)


def test_the_classroom_names_devices_and_prints_one_card(school: Server, browser: Any,
                                                         shots: Path) -> None:
    """The teacher's devices: an Android phone and an iPhone signed in earlier (made in
    the store as a sign-in makes them) and this laptop, signed in now; and the link
    beside "Give a new secret" to the chosen learner's card alone."""
    class_id, _, _ = a_class(school, "Azul", ["Bia", "Caio"])  # the class shown: the last
    with ProgressStore(school.db) as store:
        for hours, agent in enumerate(list(AGENTS.values())[:2], start=1):
            Devices(store, TEACHERS).open(1, agent, f"10.0.0.{hours}",
                                          now=time.time() - 3600 * hours)
    laptop = new_page(browser, DESKTOP, locale=LANGUAGE,
                      user_agent=AGENTS["Firefox no Windows"])
    try:
        laptop.goto(f"{school.url}/classroom")
        teacher_in(laptop)
        title = laptop.get_by_text(pt("devices.title"), exact=True)
        table = laptop.get_by_test_id("stDataFrame").filter(has_text=pt("devices.col.used"))
        press(laptop, title)
        # the table's cells (the grid's accessible copy), once it is drawn
        expect(table.locator("td").filter(has_text="Safari no iPhone")).to_be_attached()
        cells = table.locator("td").all_text_contents()
        rows = [cells[i:i + 4] for i in range(0, len(cells), 4)]
        assert {pt("devices.this_named", device="Firefox no Windows"), "Safari no iPhone",
                "Chrome no Android"} <= {row[0] for row in rows}, rows  # (and Linux ones)
        assert ["Chrome no Android", "10.0.0.1", pt("class.ago.hours", n=1)] in [
            row[:3] for row in rows], rows
        assert not any("Mozilla" in cell or "\\" in cell for cell in cells), cells

        picker = laptop.get_by_role("combobox", name=pt("devices.pick"), exact=True)
        options = laptop.get_by_role("option")
        for _ in range(3):  # a rerun drawing the page can swallow the click that opens
            press(laptop, picker)
            try:
                options.first.wait_for(state="visible", timeout=5000)
                break
            except PlaywrightTimeout:
                continue
        labels = options.all_inner_texts()
        assert len(set(labels)) == len(labels) == len(rows), labels  # each told apart
        for name in AGENTS:
            assert any(label.startswith(name) for label in labels), labels
        laptop.keyboard.press("Escape")
        drawn(laptop)
        laptop.get_by_test_id("stExpander").filter(has=title).screenshot(
            path=str(shots / "devices-pt.png"))

        press(laptop, laptop.get_by_text(pt("signin_panel.title"), exact=True))
        link = laptop.get_by_role("link", name=pt("signin_panel.print_one"))
        bia = learner_id(school, class_id, "Bia")  # the first learner, chosen
        expect(link).to_have_attribute("href", re.compile(
            rf"cards\?class={class_id}&learner={bia}$"))
    finally:
        release(laptop)


# Addresses typed by hand, and the page each opens (its path once loaded). Every page of
# app.py's menu is one of flows/address.PAGES (tests/pages/test_address.py); Streamlit
# opens those by itself, except Learn, which lives at the root.
TYPED_PAGES: Final = {"/learn": "/", "/Puzzles": "/puzzles", "/lern?lang=pt-BR": "/"}


def test_typed_page_addresses_open_in_portuguese(school: Server, browser: Any) -> None:
    page = new_page(browser, PHONE, locale=LANGUAGE)
    try:
        for typed, opens in TYPED_PAGES.items():
            page.goto(f"{school.url}{typed}")
            idle(page)
            if opens == "/":
                expect(page.get_by_role("heading", name=pt("welcome.title"))).to_be_visible()
            path = re.sub(r"^https?://[^/]+", "", page.url).split("?", 1)[0]
            assert path == opens, (typed, page.url)
            assert page.get_by_text("Page not found").count() == 0, typed
            assert page.get_by_text("no corresponding file").count() == 0, typed
    finally:
        release(page)
