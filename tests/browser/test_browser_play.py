"""End to end in a real browser: a learner starts a game against the computer,
plays a card by clicking it (and the table cards it takes) and the Capture or
Trail button, and sees the computer's reply with the reason for it."""

from __future__ import annotations

from browserpage import card, press, sign_in
from browserserver import Server
from playwright.sync_api import Page, expect

from engine import CAPTURE, TRAIL
from tutorial_app.flows.play import game as pg
from tutorial_app.flows.play.game import Game, Setup
from tutorial_app.words import words

SEED = 2024


def test_play_a_card_and_see_the_computer_reply(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/play")
    sign_in(page, "Pat")
    expect(page.get_by_text("A new game")).to_be_visible()
    press(page, page.get_by_text("Advanced"))  # the seed is only under Advanced
    seed = page.get_by_role("spinbutton", name="Seed")
    seed.fill(str(SEED))
    seed.press("Enter")
    expect(seed).to_have_value(str(SEED))
    press(page, page.get_by_role("button", name="Start the game"))
    expect(page.get_by_text("Your turn.")).to_be_visible()
    expect(page.get_by_text(f"seed {SEED}")).not_to_be_visible()
    press(page, page.get_by_text("Advanced"))
    expect(page.get_by_text(f"seed {SEED}")).to_be_visible()

    # the same game, worked out here: the default set-up is one level-2 opponent, to 21
    game = Game.start(Setup(2, (pg.DEFAULT_LEVEL,), pg.make_rules("classic"), SEED))
    moves = list(game.state.legal_moves())
    move = next((m for m in moves if m.kind == CAPTURE and not m.builds),
                next(m for m in moves if m.kind == TRAIL))
    press(page, card(page, move.card.name))
    expect(card(page, f"{move.card.name} (selected)")).to_be_visible()
    for taken in move.loose:
        press(page, card(page, taken.name))
        expect(card(page, f"{taken.name} (selected)")).to_be_visible()
    press(page, page.get_by_role("button", name="Capture" if move.kind == CAPTURE else "Trail",
                                 exact=True))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(
        f"You played: {words.move(move)}.")
    expect(page.get_by_text(f"The computer (level {pg.DEFAULT_LEVEL}) is to play.")).to_be_visible()

    # the computer's reply, one move at a time, with its reason
    after, _ = game.attempt(move.as_attempt())
    reply = after.advance().state.moves[-1]
    press(page, page.get_by_role("button", name="Continue"))
    panel = page.locator('[class*="st-key-play-computer"]')
    expect(panel).to_contain_text(f"The computer: {words.move(reply)}")
    expect(panel).to_contain_text(f"You: {words.move(move)}")
    expect(page.get_by_text("Your turn.")).to_be_visible()
    assert page.get_by_test_id("stException").count() == 0
