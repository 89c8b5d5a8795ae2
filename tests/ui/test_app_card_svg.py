"""The card drawings: well-formed SVG, both colour schemes, builds and stacks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine import Build, Card, Position, full_deck
from tutorial_app.ui import card_svg as svg
from tutorial_app.ui.css import Painted, card_rules, safe_key

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("card", full_deck(), ids=str)
def test_every_card_is_well_formed_svg_with_its_name(card: Card) -> None:
    root = ET.fromstring(svg.card_svg(card))
    assert root.tag == f"{NS}svg"
    assert root.get("aria-label") == svg.card_name(card)
    title = root.find(f"{NS}title")
    assert title is not None and title.text == svg.card_name(card)


def test_card_names_cover_aces_and_courts() -> None:
    assert svg.card_name(Card.parse("As")) == "ace of spades"
    assert svg.card_name(Card.parse("10d")) == "ten of diamonds"
    assert svg.card_name(Card.parse("Qh")) == "queen of hearts"


def test_red_and_black_suits_and_the_four_colour_deck() -> None:
    hearts, spades = svg.card_svg(Card.parse("5h")), svg.card_svg(Card.parse("5s"))
    assert svg.TWO_COLOURS["h"] in hearts and svg.TWO_COLOURS["s"] in spades
    diamonds = svg.card_svg(Card.parse("5d"), four_colour=True)
    clubs = svg.card_svg(Card.parse("5c"), four_colour=True)
    assert svg.FOUR_COLOURS["d"] in diamonds and svg.FOUR_COLOURS["c"] in clubs
    assert svg.FOUR_COLOURS["d"] not in svg.card_svg(Card.parse("5d"))


def test_number_cards_have_their_pips() -> None:
    for rank in range(2, 11):
        drawing = svg.card_svg(Card(rank, "c"))
        # each pip and the two corner suits are one <g> with the suit shape
        assert drawing.count('<circle cx="50" cy="28" r="21"/>') == rank + 2


def test_no_external_resources() -> None:
    everything = "".join(svg.card_svg(c) for c in full_deck()) + svg.back_svg()
    assert "http://" not in everything.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in everything and "href" not in everything


def test_build_drawing_shows_value_kind_and_controller() -> None:
    position = Position.parse("table: [8: 5h 3s @1] [5: 2h 3d 5c @0]; hand: 8s 5d")
    single, multiple = sorted(position.builds, key=lambda b: b.value, reverse=True)
    drawing = svg.build_svg(single, you=0)
    ET.fromstring(drawing)
    assert ">8</text>" in drawing and "single · Opponent" in drawing  # not a seat number
    assert "multiple · You" in svg.build_svg(multiple, you=0)
    assert svg.build_label(single, 0) == (
        "build of 8 (single): 3♠, 5♥; controlled by opponent")
    assert svg.build_label(single, None) == (  # the sandbox names players, from 1
        "build of 8 (single): 3♠, 5♥; controlled by Player 2")
    assert "Partner" in svg.build_svg(single, you=3, players=4)


def test_stacks_show_their_count() -> None:
    drawing = svg.stack_svg(14, "Your pile")
    ET.fromstring(drawing)
    assert ">14</text>" in drawing and "Your pile: 14 cards" in drawing
    assert "Stock: 1 card" in svg.stack_svg(1, "Stock")


def test_img_tags_escape_alt_text() -> None:
    tag = svg.img_tag(svg.back_svg(), 'x" onerror="alert(1)', 100)
    assert 'onerror="' not in tag and "&quot;" in tag


def test_css_rules_paint_each_key_and_lift_the_selected() -> None:
    build = Build(8, (Card.parse("5h"), Card.parse("3s")), 1)
    css = card_rules([Painted("cb-x-t-8s", svg.card_svg(Card.parse("8s"))),
                      Painted("cb-x-b8", svg.build_svg(build), 132, 174, selected=True)], 122)
    assert "div.st-key-cb-x-t-8s button{background-image:url(\"data:image/svg+xml;base64," in css
    assert "width:87.1px;height:122.0px" in css
    assert "width:115.0px;height:151.6px" in css  # a build: cards as tall, plus its caption
    assert "translateY(-14px)" in css
    assert safe_key("a b<c>") == "a_b_c_"


def test_a_build_s_label_is_one_whole_sentence_per_kind_and_controller() -> None:
    """The kind and the controller are in the translated sentence itself, so each
    agrees with the build ("controlada pelo seu parceiro"), never slotted in."""
    from tutorial_app.words.i18n import using

    position = Position.parse("table: [8: 5h 3s @1] [5: 2h 3d 5c @0]; hand: 8s 5d")
    single, multiple = sorted(position.builds, key=lambda b: b.value, reverse=True)
    with using("pt-BR"):
        assert svg.build_label(single, 3, players=4) == (
            "construção de 8 (simples): 3♠, 5♥; controlada pelo seu parceiro")
        assert svg.build_label(multiple, None) == (
            "construção de 5 (múltipla): 2♥, 3♦, 5♣; controlada pelo Jogador 1")
    with using("es"):
        assert svg.build_label(multiple, 0) == (
            "construcción de 5 (múltiple): 2♥, 3♦, 5♣; controlada por ti")
