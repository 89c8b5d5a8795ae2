"""The Portuguese lesson player with the real lessons (for the README): a wrong
capture explained in Portuguese, and a hint. Saved to docs/screenshots/ with
UPDATE_SCREENSHOTS=1, like the other screenshots."""

from __future__ import annotations

import os
from pathlib import Path

from browserpage import card, press
from browserserver import ROOT, Server
from playwright.sync_api import Page, expect
from test_browser_screenshots import snap


def test_screenshot_of_the_portuguese_lesson_player(real_server: Server, page: Page,
                                                    tmp_path: Path) -> None:
    folder = ROOT / "docs" / "screenshots" if os.environ.get("UPDATE_SCREENSHOTS") == "1" \
        else tmp_path
    page.goto(f"{real_server.url}/?lang=pt-BR&lesson=cards&step=first-pair")  # the first stage
    page.get_by_role("textbox", name="Seu nome").fill("Ana")
    press(page, page.get_by_role("button", name="Começar a aprender"))
    expect(page.get_by_text("Aprendendo como Ana")).to_be_visible()
    expect(page.get_by_text("Capture o 7♥ com o seu 7♠.")).to_be_visible()
    press(page, card(page, "o 7 de espadas"))
    press(page, card(page, "o 3 de paus"))
    press(page, page.get_by_role("button", name="Capturar"))
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text(
        "7♠ vale 7, mas 3♣ soma 3: um par captura uma carta de mesmo valor")
    press(page, page.get_by_role("button", name="Dica 1 de 3"))
    expect(page.get_by_text("Toque no 7♠ da sua mão e no 7♥ da mesa.")).to_be_visible()
    snap(page, folder, "lesson-step.pt-BR")
    assert (folder / "lesson-step.pt-BR.png").stat().st_size > 10_000
