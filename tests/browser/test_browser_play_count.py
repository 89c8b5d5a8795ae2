"""Count the cards left, in a real browser: a game kept just after the last deal
offers the task; the learner clicks the cards the other player still holds, then
Check, and reads that the count is right."""

from __future__ import annotations

from browserpage import press, sign_in
from browserserver import Server
from playwright.sync_api import Page, expect

from tutorial_app.flows.play import count as pc
from tutorial_app.flows.play import game as pg
from tutorial_app.flows.play.game import Game, Setup
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import count

SETUP = Setup(2, (2,), pg.make_rules("classic", {}, "hand"), 2024)


def after_the_last_deal(game: Game) -> bool:
    return game.your_turn and not game.state.stock and pc.learner_view(game) is not None


def play_on(game: Game) -> Game:
    while not after_the_last_deal(game):
        if game.your_turn:
            game, _ = game.attempt(game.state.legal_moves()[0].as_attempt())
        else:
            game = game.advance()
    return game


def test_count_the_cards_left_after_the_last_deal(server: Server, page: Page) -> None:
    late = play_on(Game.start(SETUP))
    held = sorted(late.state.hands[1])
    store = ProgressStore(server.db)
    store.save_game(store.learner("Cora").id, late.to_json())
    page.goto(f"{server.url}/play")
    sign_in(page, "Cora")
    press(page, page.get_by_role("button", name="Count the cards left"))
    expect(page.get_by_text("Which cards does the other player still hold?")).to_be_visible()
    for card in held:
        press(page, page.locator(f'[class*="st-key-play-count-card-{card}"] button'))
        picked = count(held.index(card) + 1, "play-count-picked")  # "2 cards picked."
        expect(page.get_by_text(picked, exact=True)).to_be_visible()
    press(page, page.get_by_role("button", name="Check"))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(
        f"Right: the other player still holds {len(held)} cards, ")
    for card in held:
        expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(words.card(card))
    assert page.get_by_test_id("stException").count() == 0
