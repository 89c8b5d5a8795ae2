"""The Play page offers "Count the cards left" once the last cards are dealt: the
learner picks the cards the other player still holds and the page says whether the
count is right, naming the cards missed or wrongly picked."""

from __future__ import annotations

from pathlib import Path

from apphelpers import click, new_app, open_page, play_until, sign_in, texts
from streamlit.testing.v1 import AppTest

from engine import Card
from tutorial_app.flows.play import count as pc
from tutorial_app.flows.play import game as pg
from tutorial_app.flows.play.game import Game, Setup
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words

SETUP = Setup(2, (2,), pg.make_rules("classic", {}, "hand"), 2024)


def after_the_last_deal(game: Game) -> bool:
    return game.your_turn and not game.state.stock and pc.learner_view(game) is not None


def kept_and_opened(app: AppTest, db: Path, name: str, game: Game) -> AppTest:
    store = ProgressStore(db)
    store.save_game(store.learner(name).id, game.to_json())
    open_page(app, "play")
    return sign_in(app, name)


def plain(text: str) -> str:
    """What the learner reads, without Markdown's escaping backslashes."""
    return text.replace("\\", "")


def keys(app: AppTest) -> set[str]:
    return {str(b.key) for b in app.button}


def test_the_task_appears_only_after_the_last_deal(app: AppTest, db: Path) -> None:
    kept_and_opened(app, db, "Ana", Game.start(SETUP))
    assert "play-count-open" not in keys(app)
    late = play_until(Game.start(SETUP), after_the_last_deal)
    fresh = new_app()
    kept_and_opened(fresh, db, "Bea", late)
    assert "play-count-open" in keys(fresh)
    assert "Count the cards left" in [b.label for b in fresh.button]


def test_counting_right_then_missing_a_card(app: AppTest, db: Path) -> None:
    late = play_until(Game.start(SETUP), after_the_last_deal)
    held: list[Card] = sorted(late.state.hands[1])
    kept_and_opened(app, db, "Cy", late)
    click(app, "play-count-open")
    assert "Which cards does the other player still hold?" in texts(app)
    for card in held:
        click(app, f"play-count-card-{card}")
    click(app, "play-count-check")
    right = plain(app.success[-1].value)
    assert right == (f"Right: the other player still holds {len(held)} cards, "
                     f"{', '.join(words.card(c) for c in held[:-1])} and "
                     f"{words.card(held[-1])}.")
    click(app, f"play-count-card-{held[0]}")  # put one back: a new check is asked for
    click(app, "play-count-check")
    assert plain(app.warning[-1].value) == ("1 card that the other player holds is not picked "
                                            "yet: count again.")
    click(app, "play-count-show")  # she gives up: the cards are named
    assert words.card(held[0]) in plain(app.success[-1].value)
