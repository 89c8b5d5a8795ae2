"""The Sandbox page: every legal move listed, moves tried and judged, stepping
back and forward, set-up by clicking and by notation, rules, and links."""

from __future__ import annotations

from apphelpers import click, open_page, texts
from streamlit.testing.v1 import AppTest

from engine import Card, Position, legal_moves
from engine.advice import advise
from tutorial_app.words import words

W1 = "table: Ac 2d 3h 5s 6c 8d; hand: 8s"


def tray(at: AppTest, card: str) -> None:
    """Click a card in the set-up tray (a row of pills per suit)."""
    chosen = Card.parse(card)
    at.pills(key=f"tray.{chosen.suit}").set_value(chosen).run()
    assert not at.exception


def frame(at: AppTest, column: str) -> list[str]:
    """A column of the legal-moves table."""
    for table in at.dataframe:
        if column in table.value.columns:
            return list(table.value[column])
    return []


def moves_table(at: AppTest) -> list[str]:
    return frame(at, "Move")


def test_the_sandbox_lists_every_legal_move_with_what_it_does(app: AppTest) -> None:
    open_page(app, "sandbox", position=W1)
    listed = moves_table(app)
    expected = {m.text for m in legal_moves(Position.parse(W1))}
    assert set(listed) == expected
    assert "Every legal move (" in texts(app)
    assert "takes 5 cards" in frame(app, "What it does")


def test_an_illegal_attempt_gets_the_judges_words(app: AppTest) -> None:
    open_page(app, "sandbox", position=W1)
    for key in ("cb-sandbox-h-8s", "cb-sandbox-t-6c", "cb-sandbox-t-3h"):
        click(app, key)
    click(app, "sandbox-capture")
    assert app.error and "6♣" in app.error[0].value and "3♥" in app.error[0].value


def test_a_legal_move_is_played_and_can_be_stepped_back_and_forward(app: AppTest) -> None:
    open_page(app, "sandbox", position=W1)
    for key in ("cb-sandbox-h-8s", "cb-sandbox-t-8d"):
        click(app, key)
    click(app, "sandbox-capture")
    assert app.success and "8♠ takes 8♦" in app.success[0].value
    # two whole sentences, one space between them
    said = app.success[0].value
    assert said.endswith(". Played; use Back to take it back."), said
    assert app.query_params["moves"] in ("8s x 8d", ["8s x 8d"])
    assert any("Player 1&#x27;s pile: 2 cards" in str(h.proto.body) or
               "Player 1's pile" in str(h.proto.body) for h in app.get("html"))
    assert "cb-sandbox-t-8d" not in [b.key for b in app.button]
    click(app, "sandbox-back")
    assert "cb-sandbox-t-8d" in [b.key for b in app.button]
    click(app, "sandbox-forward")
    assert "cb-sandbox-t-8d" not in [b.key for b in app.button]


def test_a_move_from_the_list_and_a_build(app: AppTest) -> None:
    open_page(app, "sandbox", position="table: 5c; hand: 3d 8s")
    app.selectbox(key="sandbox.listed").set_value("3d b8 5c").run()
    click(app, "sandbox-play-listed")
    assert any((b.key or "").startswith("cb-sandbox-b8-") for b in app.button)


def test_set_up_by_clicking_and_by_notation(app: AppTest) -> None:
    open_page(app, "sandbox")
    click(app, "sandbox-clear-all")
    tray(app, "7s")
    assert "cb-sandbox-t-7s" in [b.key for b in app.button]
    app.segmented_control(key="sandbox.place").set_value("hand").run()
    tray(app, "7h")
    assert "cb-sandbox-h-7h" in [b.key for b in app.button]
    assert app.query_params["position"] in ("table: 7s; hand: 7h", ["table: 7s; hand: 7h"])
    # a build assembled from the tray
    app.segmented_control(key="sandbox.place").set_value("build").run()
    tray(app, "3d")
    tray(app, "4c")
    app.number_input(key="sandbox.build_value").set_value(7).run()
    click(app, "sandbox-add-build")
    assert any((b.key or "").startswith("cb-sandbox-b7-") for b in app.button)
    # notation
    app.text_area(key="sandbox.text").input("table: Qs Qh; hand: Qd; rules: royal").run()
    click(app, "sandbox-load")
    assert set(moves_table(app)) >= {"Qd x Qs Qh"}


def test_rules_presets_and_settings_change_the_legal_moves(app: AppTest) -> None:
    open_page(app, "sandbox", position="table: Qs Qh; hand: Qd")
    assert "Qd x Qs Qh" not in moves_table(app)
    app.selectbox(key="sandbox.preset").set_value("royal").run()
    assert "Qd x Qs Qh" in moves_table(app)
    app.selectbox(key="sandbox.preset").set_value("classic").run()
    app.toggle(key="sandbox.show_settings").set_value(True).run()
    app.selectbox(key="sandbox.rule.face_capture").set_value("all").run()
    assert "Qd x Qs Qh" in moves_table(app)


def test_a_shared_link_restores_position_and_moves(app: AppTest) -> None:
    open_page(app, "sandbox", position=W1, moves="8s x 8d")
    assert "8♠ takes 8♦" in texts(app)
    assert "cb-sandbox-t-8d" not in [b.key for b in app.button]


def test_a_bad_link_is_explained_not_crashed(app: AppTest) -> None:
    open_page(app, "sandbox", position="table: Zz <b>bold</b>")
    assert app.error and "cannot be read" in app.error[0].value
    assert "<b>" not in app.error[0].value


def test_the_computer_advice_on_the_position_is_shown_when_asked(app: AppTest) -> None:
    w6 = "table: 5d 4c [9: 6s 3h @1]; hand: 9c 2h 7d Kh"
    open_page(app, "sandbox", position=w6)
    assert "The computer would play" not in texts(app)  # only when asked
    app.toggle(key="sandbox.advice").set_value(True).run()
    advice = advise(Position.parse(w6))
    page = texts(app).replace("\\", "")
    assert f"The computer would play: **{words.move(advice.move)}**" in page
    assert advice.reason[:40] in page and "assumes that nothing already captured" in page
