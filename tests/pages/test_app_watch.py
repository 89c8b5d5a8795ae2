"""A demonstration on the Learn page: each beat's sentence with the board at that beat,
the cards it points at raised in gold, the taken cards in the pile after the move;
Next, Watch again, and "Your turn" that opens the task after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apphelpers import click, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest
from watch_lessons import sum_lesson

LESSON = sum_lesson("see", "See a sum")


def cards_drawn(app: AppTest) -> tuple[list[str], list[str]]:
    """The cards drawn on the page by their alt text, and those marked among them."""
    drawn: list[str] = []
    marked: list[str] = []
    for element in app.get("html"):
        for css, alt in re.findall(r'<img class="([^"]*)" src="[^"]*" alt="([^"]*)"',
                                   str(element.proto.body)):
            drawn.append(alt)
            if "ct-marked" in css:
                marked.append(alt)
    return drawn, marked


@pytest.fixture
def watch(app: AppTest, course_dir: Path) -> AppTest:
    (course_dir / "see.yaml").write_text(LESSON, encoding="utf-8")
    open_page(app, "learn", lesson="see", step="see-a-sum")
    sign_in(app)
    return app


def test_the_beats_one_after_the_other_then_your_turn(watch: AppTest) -> None:
    page = texts(watch)
    assert "Watch: 1 of 3" in page and "Your 8♠ is worth 8." in page
    assert "The 5♣ and the 3♦" not in page  # one sentence at a time
    drawn, marked = cards_drawn(watch)
    assert {"five of clubs", "three of diamonds", "nine of hearts", "eight of spades"} <= set(drawn)
    assert marked == ["eight of spades"]
    assert watch.button(key="step-next").proto.type == "secondary"  # watch first
    assert not [b for b in watch.button if b.key in ("watch-again", "watch-turn")]

    click(watch, "watch-next")
    page = texts(watch)
    assert "Watch: 2 of 3" in page and "The 5♣ and the 3♦ add up to 8." in page
    assert sorted(cards_drawn(watch)[1]) == ["five of clubs", "three of diamonds"]

    click(watch, "watch-next")
    page = texts(watch)
    assert "Watch: 3 of 3" in page and "So the 8♠ takes them both, as one sum." in page
    assert "Now you take a sum." in page
    drawn, marked = cards_drawn(watch)
    assert drawn.count("five of clubs") == 1 and "nine of hearts" in drawn  # table after it
    assert sorted(marked) == ["eight of spades", "five of clubs", "three of diamonds"]  # pile
    assert "YOUR PILE" in str([e.proto.body for e in watch.get("html")]).upper()
    assert not [b for b in watch.button if b.key == "watch-next"]
    assert watch.button(key="watch-turn").proto.type == "primary"  # the one way on
    assert watch.button(key="step-next").proto.type == "secondary"

    click(watch, "watch-again")
    assert "Watch: 1 of 3" in texts(watch)
    click(watch, "watch-next")
    click(watch, "watch-next")
    click(watch, "watch-turn")
    page = texts(watch)
    assert "Take the 5♣ and the 3♦ with your 8♠." in page and "Watch:" not in page


def test_the_buttons_speak_the_learners_language(app: AppTest, course_dir: Path) -> None:
    (course_dir / "see.yaml").write_text(LESSON, encoding="utf-8")
    open_page(app, "learn")
    sign_in(app)
    open_page(app, "learn", lesson="see", step="see-a-sum", lang="pt-BR")
    assert "Veja: 1 de 3" in texts(app)
    assert app.button(key="watch-next").label == "Continuar vendo"
    click(app, "watch-next")
    click(app, "watch-next")
    assert app.button(key="watch-turn").label == "Sua vez"
    assert app.button(key="watch-again").label == "Ver de novo"
    assert "Agora" not in texts(app)  # the author's own hand-over line, not the default
