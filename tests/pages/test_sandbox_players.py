"""The Sandbox names its seats as players, counted from 1 ("Player 1", "Player 2"), never
by a seat's id ("seat 0"): in the hand's title, the seat to move and a new build's
controller, a build's label, the captured piles, and a problem of the position set up."""

from __future__ import annotations

import re
from html import unescape

from apphelpers import click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine import Card

SEAT_ID = re.compile(r"\b(seat|lugar|puesto|posto)\s*\d", re.IGNORECASE)
# three players, Player 2 to move, a build of Player 3's on the table
THREE = "table: 5c 3d [8: 4h 4s @2]; hand: 8s 2c; seat: 1; players: 3; rules: classic"


def everything(at: AppTest) -> str:
    """What the page says: its texts, every button's label (a build's label is what a
    screen reader reads), the options of its selects, and its HTML (the piles)."""
    parts = [texts(at).replace("\\", "")]  # user-typed words are shown escaped
    parts += [str(b.label) for b in at.button]
    for select in at.selectbox:
        parts += [str(o) for o in select.options]
    parts += [unescape(str(h.proto.body)) for h in at.get("html")]
    return "\n".join(parts)


def test_the_sandbox_names_players_not_seat_ids(app: AppTest) -> None:
    open_page(app, "sandbox", position=THREE)
    said = everything(app)
    assert not SEAT_ID.search(said), SEAT_ID.findall(said)
    assert "Player 2's hand (to move)" in said
    assert "controlled by Player 3" in said
    assert [str(o) for o in app.selectbox(key="sandbox.seat").options] == [
        "Player 1", "Player 2", "Player 3"]
    # a capture played: the pile is Player 2's
    for key in ("cb-sandbox-h-8s", "cb-sandbox-t-5c", "cb-sandbox-t-3d"):
        click(app, key)
    click(app, "sandbox-capture")
    said = everything(app)
    assert "Player 2: 3 cards captured" in said
    assert "Player 2's pile" in said
    assert not SEAT_ID.search(said), SEAT_ID.findall(said)


def test_a_problem_of_the_position_names_the_player(app: AppTest) -> None:
    open_page(app, "sandbox", position="table: 2d [8: 5h 3s @0]; hand: 8c 2c")
    app.pills(key="tray.out").set_value(Card.parse("8c")).run()  # the 8 taken back
    said = everything(app)
    assert "Player 1 controls a build of 8 but holds no card to take it (7.1)." in said
    assert not SEAT_ID.search(said), SEAT_ID.findall(said)


def test_in_portuguese_the_players_are_jogadores(app: AppTest) -> None:
    open_page(app, "sandbox", position=THREE, lang="pt-BR")
    said = everything(app)
    assert "Jogador 2" in said
    assert not SEAT_ID.search(said), SEAT_ID.findall(said)
