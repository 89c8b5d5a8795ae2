"""The figures on the Learn page: a read step with `figure:` draws it (an <img> of
the SVG, said in words in the page's language), and the deal step draws the seats
above its buttons with each packet the learner has placed."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from apphelpers import open_page, sign_in
from streamlit.testing.v1 import AppTest

LESSON = """id: look
title: Look
teaches: [deal]
steps:
  - id: pack
    kind: read
    text: The pack.
    figure: pack
  - id: seats
    kind: read
    text: The seats.
    figure: seats
    players: 4
  - id: two
    kind: deal
    players: 2
    prompt: Deal for two.
"""


def figures(app: AppTest) -> list[tuple[str, str]]:
    """Every figure on the page: its alt text and its SVG."""
    found = []
    for element in app.get("html"):
        body = str(element.proto.body)
        for data, alt in re.findall(r'<img class="ct-figure" src="data:image/svg\+xml;base64,'
                                    r'([^"]+)" alt="([^"]*)"', body):
            found.append((alt, base64.b64decode(data).decode()))
    return found


@pytest.fixture
def look(app: AppTest, course_dir: Path) -> AppTest:
    (course_dir / "look.yaml").write_text(LESSON, encoding="utf-8")
    return app


def test_a_read_step_draws_its_figure(look: AppTest) -> None:
    open_page(look, "learn", lesson="look", step="pack")
    sign_in(look)
    [(alt, svg)] = figures(look)
    assert alt.startswith("The pack: 52 cards in four suits")
    for word in ("Spades", "Hearts", "Diamonds", "Clubs", "Jack", "Queen", "King"):
        assert word in svg
    assert 'role="img"' in svg


def test_a_read_step_draws_its_figure_in_the_page_language(look: AppTest) -> None:
    open_page(look, "learn", lesson="look", step="seats")
    sign_in(look)
    look.selectbox(key="language-picker").set_value("pt-BR").run()
    [(alt, svg)] = figures(look)
    assert alt.startswith("Quatro jogadores ao redor da mesa")
    assert "O parceiro do carteador, à frente" in svg  # the deal buttons' own words


def test_the_deal_step_draws_the_seats_with_each_packet_placed(look: AppTest) -> None:
    open_page(look, "learn", lesson="look", step="two")
    sign_in(look)
    [(alt, svg)] = figures(look)
    assert "The other player" in svg and "The dealer" in svg
    assert "go to" not in alt  # nothing dealt yet
    look.button_group(key="learn.deal.two.0").set_value("1").run()
    [(alt, svg)] = figures(look)
    assert "Cards 1 to 2 from the top of the pack go to: The other player" in alt
    assert ">1\u20132<" in svg  # the packet drawn, with its cards' numbers
    look.button_group(key="learn.deal.two.1").set_value("table").run()
    [(alt, svg)] = figures(look)
    assert "Cards 3 to 4 from the top of the pack go to: The table, face up" in alt
    assert ">3\u20134<" in svg
