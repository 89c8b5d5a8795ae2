"""The figures (ui/figures.py): well-formed SVG, labelled for screen readers, in every
language the words a child needs (the four suits, the court cards, the seats as the deal
buttons name them), and the packets of a deal drawn where they were placed."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine import CLASSIC, Rules
from tutorial_app.course.steps.deal import DealStep, place_label
from tutorial_app.course.steps.read import Figure
from tutorial_app.ui import figures
from tutorial_app.words.i18n import t, using

NS = "{http://www.w3.org/2000/svg}"
ROYAL = Rules.parse("royal")

# The game's words, as ../shared/GLOSSARY.md gives them: the suits, then the court cards.
WORDS = {
    "en": (("Spades", "Hearts", "Diamonds", "Clubs"), ("Jack", "Queen", "King")),
    "pt-BR": (("Espadas", "Copas", "Ouros", "Paus"), ("Valete", "Dama", "Rei")),
    "es": (("Picas", "Corazones", "Diamantes", "Tréboles"), ("Jota", "Reina", "Rey")),
    "it": (("Picche", "Cuori", "Quadri", "Fiori"), ("Fante", "Regina", "Re")),
}


def texts(svg: str) -> list[str]:
    """Every piece of text drawn, after checking the SVG is well formed and labelled:
    role="img", an aria-label and the same words in its <title>, a 400-wide viewBox
    drawn the page's width (a 390 px phone)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("role") == "img"
    label = root.get("aria-label")
    title = root.find(f"{NS}title")
    assert label and title is not None and title.text == label
    assert root.get("viewBox", "").startswith("0 0 400 ") and root.get("width") == "100%"
    return [node.text or "" for node in root.iter(f"{NS}text")]


def label(svg: str) -> str:
    return ET.fromstring(svg).get("aria-label") or ""


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_pack_names_the_four_suits_and_the_court_cards(lang: str) -> None:
    suits, courts = WORDS[lang]
    with using(lang):
        drawn = texts(figures.pack_svg(CLASSIC))
        said = label(figures.pack_svg(CLASSIC))
    for word in (*suits, *courts):
        assert word in drawn
        assert word.lower() in said.lower()  # and the screen reader hears them too
    for value in range(1, 11):  # the number cards' values, the ace's said: A = 1
        assert str(value) in drawn
    assert any("= 1" in text for text in drawn)


def test_the_pack_says_what_court_cards_are_worth_under_the_rules() -> None:
    classic = texts(figures.pack_svg(CLASSIC))
    assert "Court cards: worth nothing" in classic and classic.count("no value") == 3
    assert "worth nothing" in label(figures.pack_svg(CLASSIC))
    royal = texts(figures.pack_svg(ROYAL))
    assert "no value" not in royal and {"11", "12", "13"} <= set(royal)
    assert "the jack is worth 11, the queen 12 and the king 13" in label(
        figures.pack_svg(ROYAL))
    with using("pt-BR"):
        assert "Figuras: não valem nada" in texts(figures.pack_svg(CLASSIC))


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_layout_labels_every_part(lang: str) -> None:
    with using(lang):
        drawn = " ".join(texts(figures.layout_svg()))
        parts = [t(f"figure.layout.{key}") for key in
                 ("other_hand", "table", "loose", "your_hand", "your_pile", "your_turn")]
        assert label(figures.layout_svg()) == t("figure.layout.label")
        build_word = t("glossary.build.term").lower()
        said = t("figure.layout.label").lower()
    for words in parts:  # a label wrapped over lines is read joined
        assert words in drawn, words
    # the course's first screen: no build, which is taught stages later
    assert build_word not in drawn.lower()
    assert build_word not in said


@pytest.mark.parametrize("lang", list(WORDS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seats_are_named_as_the_deal_buttons_name_them(lang: str, players: int) -> None:
    step = DealStep(id="s", prompt="", rules=CLASSIC, players=players, round=1, questions=())
    with using(lang):
        svg = figures.seats_svg(players)
        drawn = " ".join(texts(svg))
        for seat in range(players):
            assert place_label(step, str(seat)) in drawn
        assert t(f"figure.seats.order.{players}") in drawn
        assert t("figure.seats.pack") in drawn  # beside the dealer
        assert (t("figure.seats.partners") in drawn) == (players == 4)
        assert label(svg) == t(f"figure.seats.label.{players}")
    # the order of play: 1 on the dealer's left (the other player with two), the dealer last
    assert [n for n in drawn.split() if n.isdigit()][:players] == [
        str((seat - 1) % players + 1) for seat in range(players)]


def test_a_figure_is_drawn_from_a_read_steps_figure() -> None:
    assert figures.figure_svg(Figure("pack", rules=ROYAL)) == figures.pack_svg(ROYAL)
    assert figures.figure_svg(Figure("layout")) == figures.layout_svg()
    assert figures.figure_svg(Figure("seats", 3)) == figures.seats_svg(3)
    assert figures.figure_label(Figure("seats", 3)) == t("figure.seats.label.3")
    img = figures.figure_img(figures.seats_svg(2), 'Two "players"')
    assert img.startswith('<img class="ct-figure" src="data:image/svg+xml;base64,')
    assert 'alt="Two &quot;players&quot;"' in img and "width:100%" in img
    assert f"max-width:{figures.MAX_WIDTH}px" in img
    assert "max-width:400px" in figures.figure_img("<svg/>", "", figures.DEAL_WIDTH)


def deal_step(players: int) -> DealStep:
    from tutorial_app.course import loads
    from tutorial_app.course.model import Lesson

    lesson = loads(f"id: d\ntitle: D\nteaches: [deal]\nsteps:\n  - id: go\n    kind: deal\n"
                   f"    prompt: Deal.\n    players: {players}\n    then: [first-player]\n",
                   "d.yaml")
    assert isinstance(lesson, Lesson)
    step = lesson.steps[0]
    assert isinstance(step, DealStep)
    return step


def test_the_deal_draws_each_packet_where_it_was_placed() -> None:
    step = deal_step(3)
    taps = ["1", "table", "0"]  # the third is wrong (the dealer's right's): drawn as tapped
    assert figures.deal_packets(step, taps) == (
        figures.Packet("1", 1, 2), figures.Packet("table", 3, 4), figures.Packet("0", 5, 6))
    svg = figures.deal_svg(step, taps)
    drawn = texts(svg)
    assert {"1\u20132", "3\u20134", "5\u20136"} <= set(drawn) and "7\u20138" not in drawn
    said = label(svg)
    assert said.startswith(t("figure.seats.label.3"))
    assert "Cards 3 to 4 from the top of the pack go to: The table, face up" in said
    # the answers to the questions after the packets (who plays first) are not packets
    every = list(step.answer)
    assert len(figures.deal_packets(step, every)) == len(every) - 1


def test_a_deal_in_ones_draws_single_cards() -> None:
    svg = figures.seats_svg(4, [figures.Packet("2", 3, 3), figures.Packet("table", 2, 2)])
    drawn = texts(svg)
    assert "3" in drawn and "2" in drawn and not any("\u2013" in text for text in drawn)


@pytest.mark.parametrize("room", [60, 112, 300])
def test_wrap_keeps_lines_within_their_room(room: int) -> None:
    words = "The player on the dealer's left, across the table from the partner"
    lines = figures.wrap(words, room, 13)
    assert " ".join(lines) == words
    assert all(len(line) * 13 * figures.CHAR <= room or " " not in line for line in lines)


def test_wrap_leaves_no_number_alone_on_the_last_line() -> None:
    assert figures.wrap("Una construcción de 7", 150, 14) == ["Una construcción", "de 7"]
