"""The tutor in Portuguese in a real browser: a learner picks Português, makes a
wrong try and asks for a hint in a lesson, opens Puzzles, Play (a computer move
explained) and Rules, and no sentence of the English catalogue appears; another
browser context on the same server stays English; a `?lang=it` link opens in Italian."""

from __future__ import annotations

import re
from typing import Any

from browserpage import DESKTOP, card, idle, new_page, press, release, sign_in
from browserserver import Server
from playwright.sync_api import Page, expect

from engine import CAPTURE, TRAIL, Card
from tutorial_app.flows.play import game as pg
from tutorial_app.flows.play.game import Game, Setup
from tutorial_app.words import i18n, words

SEED = 2024


def english_chunks() -> list[str]:
    """Every run of more than three words of the English catalogue (between fields)."""
    found: set[str] = set()
    for text in i18n.english().values():
        for chunk in re.split(r"\{[^}]*\}", text):
            chunk = chunk.strip(" .,:;()*—-")
            if len(chunk.split()) > 3:
                found.add(chunk)
    return sorted(found)


CHUNKS = english_chunks()


def no_english(page: Page) -> None:
    idle(page)
    shown = page.locator("body").inner_text()
    assert [chunk for chunk in CHUNKS if chunk in shown] == []


def pt(card: str | Card) -> str:
    with i18n.using("pt-BR"):
        return words.card_name(card if isinstance(card, Card) else Card.parse(card))


def nav(page: Page, name: str) -> None:
    press(page, page.get_by_role("link", name=name).first)


def test_a_learner_in_portuguese_and_another_in_english(server: Server, page: Page,
                                                        browser: Any) -> None:
    page.goto(f"{server.url}/")
    sign_in(page, "Lia")
    press(page, page.get_by_role("combobox", name=re.compile("Language")))
    press(page, page.get_by_role("option", name="Português (Brasil)"))
    expect(page.get_by_text("Suas lições")).to_be_visible()
    assert "lang=pt-BR" in page.url
    no_english(page)

    # a lesson step: a wrong try, explained in Portuguese, then a hint, then the pair
    press(page, page.get_by_role("button", name="Começar").first)
    expect(page.get_by_text("Etapa 1 de 4")).to_be_visible()
    press(page, page.get_by_role("button", name="Avançar"))
    press(page, card(page, pt("7s")))
    expect(card(page, f"{pt('7s')} (carta selecionada)")).to_be_visible()
    press(page, card(page, pt("3c")))
    press(page, page.get_by_role("button", name="Capturar"))
    error = page.get_by_test_id("stAlertContentError")
    expect(error).to_contain_text("3♣")
    expect(error).to_contain_text("sozinha")  # "3♣ sozinha faz 3; 7♠ captura ..."
    no_english(page)
    press(page, page.get_by_role("button", name="Limpar a seleção"))
    press(page, page.get_by_role("button", name="Dica 1 de 3"))
    expect(page.get_by_text("Which card has the same value as the 7♥?")).to_be_visible()
    press(page, card(page, pt("7s")))
    press(page, card(page, pt("7h")))
    press(page, page.get_by_role("button", name="Capturar"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    no_english(page)

    # a second learner in another browser context on the same server: English
    other = new_page(browser, DESKTOP)
    other.goto(f"{server.url}/")
    sign_in(other, "Eve")
    expect(other.get_by_text("Your lessons")).to_be_visible()
    assert "Suas lições" not in other.locator("body").inner_text()

    # Puzzles, Play with a computer move explained, Rules: all in Portuguese
    nav(page, "Desafios")
    expect(page.get_by_role("heading", name="Desafios").first).to_be_visible()
    no_english(page)
    nav(page, "Jogar")
    seed = page.get_by_role("spinbutton", name="Semente")
    advanced = page.get_by_test_id("stExpander").filter(
        has=page.get_by_role("spinbutton", name="Semente", include_hidden=True))
    press(page, advanced.locator("summary"))  # the seed is only under Advanced
    seed.fill(str(SEED))
    seed.press("Enter")
    expect(seed).to_have_value(str(SEED))
    press(page, page.get_by_role("button", name="Começar a partida"))
    expect(page.get_by_text("Sua vez.")).to_be_visible()
    game = Game.start(Setup(2, (pg.DEFAULT_LEVEL,), pg.make_rules("classic"), SEED))
    moves = list(game.state.legal_moves())
    move = next((m for m in moves if m.kind == CAPTURE and not m.builds),
                next(m for m in moves if m.kind == TRAIL))
    for chosen in (move.card, *move.loose):  # each seen selected before the next click:
        press(page, card(page, pt(chosen)))  # two clicks in one run lose their order
        expect(card(page, f"{pt(chosen)} (carta selecionada)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capturar" if move.kind == CAPTURE
                                 else "Descartar", exact=True))
    press(page, page.get_by_role("button", name="Continuar"))
    panel = page.locator('[class*="st-key-play-computer"]')
    with i18n.using("pt-BR"):  # the computer's seat name, as the catalogue words it
        computer = i18n.t("play.computer")
    expect(panel).to_contain_text(f"{computer}:")
    expect(page.get_by_text("Sua vez.")).to_be_visible()
    no_english(page)
    nav(page, "Regras")
    expect(page.get_by_role("heading", name="As regras do Cassino")).to_be_visible()
    no_english(page)

    # the English learner is still in English after all that
    other.reload()
    expect(other.get_by_text("Your lessons")).to_be_visible()
    release(other)


def test_a_link_with_lang_it_opens_in_italian(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/rules?lang=it")
    expect(page.get_by_role("heading", name="Le regole del Cassino")).to_be_visible()
    expect(page.get_by_role("link", name="Impara")).to_be_visible()
    no_english(page)


def test_a_browser_in_spanish_opens_in_spanish(server: Server, browser: Any) -> None:
    opened = new_page(browser, DESKTOP, locale="es-ES")
    try:
        opened.goto(f"{server.url}/")
        expect(opened.get_by_text("¡Bienvenido! ¿Quién va a aprender?")).to_be_visible()
    finally:
        release(opened)
