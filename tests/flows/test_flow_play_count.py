"""Count the cards left, on the Play page without Streamlit: after the last deal the
learner picks the cards the other player still holds; the engine's view of the game
decides, and the reply names the cards missed or wrongly picked."""

from __future__ import annotations

import pytest
from apphelpers import play_until

from engine import Card
from tutorial_app.flows.play import PlayController
from tutorial_app.flows.play import count as pc
from tutorial_app.flows.play.game import YOU, Game, Setup, make_rules
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import using

SETUP = Setup(players=2, levels=(2,), rules=make_rules("classic", target="hand"),
              seed=2024)


def after_the_last_deal(game: Game) -> bool:
    return game.your_turn and game.state.stock == () and pc.learner_view(game) is not None


@pytest.fixture
def play(store: ProgressStore) -> PlayController:
    learner = store.learner("Ana").id
    game = play_until(Game.start(SETUP), after_the_last_deal)
    assert after_the_last_deal(game)
    store.save_game(learner, game.to_json())
    found = PlayController({}, store, learner)
    assert found.game == game
    return found


def held(play: PlayController) -> tuple[Card, ...]:
    game = play.game
    assert game is not None
    return tuple(sorted(game.state.hands[1]))


def opened(play: PlayController) -> pc.CountScreen:
    play.open_count()
    screen = play.screen()
    assert screen is not None and screen.count is not None and screen.count.open
    return screen.count


def checked(play: PlayController) -> pc.CountScreen:
    play.check_count()
    screen = play.screen()
    assert screen is not None and screen.count is not None
    assert screen.count.result is not None and screen.count.reply
    return screen.count


def test_not_offered_before_the_last_deal(store: ProgressStore) -> None:
    learner = store.learner("Bea").id
    store.save_game(learner, Game.start(SETUP).to_json())
    play = PlayController({}, store, learner)
    screen = play.screen()
    assert screen is not None and screen.count is None
    play.open_count()
    assert play.screen().count is None  # type: ignore[union-attr]


def test_the_choices_are_the_cards_the_learner_cannot_see(play: PlayController) -> None:
    task = opened(play)
    game = play.game
    assert game is not None
    visible = set(game.state.hands[YOU]) | set(game.position().loose) | {
        c for b in game.position().builds for c in b.cards}
    assert set(held(play)) < set(task.choices)
    assert not visible & set(task.choices)
    assert len(task.choices) == 52 - len(visible)


def test_right(play: PlayController) -> None:
    opened(play)
    for card in held(play):
        play.toggle_count(str(card))
    task = checked(play)
    assert task.result is not None and task.result.right
    assert task.reply is not None and task.reply.startswith("Right")
    assert all(words.card(c) in task.reply for c in held(play))


def test_partly_right_says_how_many_are_missing_and_never_which(play: PlayController) -> None:
    opened(play)
    cards = held(play)
    for card in cards[1:]:
        play.toggle_count(str(card))
    task = checked(play)
    assert task.result is not None and task.result.missed == cards[:1]
    assert task.result.wrong == ()
    assert task.reply == "1 card that the other player holds is not picked yet: count again."


def test_an_empty_check_gives_no_hidden_card_away(play: PlayController) -> None:
    """Check with nothing picked, mid-hand: the reply counts the other hand's cards and
    names none of them (it used to list them all); "Show the cards" names them."""
    opened(play)
    cards = held(play)
    assert len(cards) >= 2
    task = checked(play)
    assert task.reply == (f"{len(cards)} cards that the other player holds are not picked yet: "
                          "count again.")
    assert not any(words.card(c) in task.reply for c in cards)
    with using("es"):
        said = task.reply
    assert said is not None and str(len(cards)) in said
    assert not any(words.card(c) in said for c in cards)
    play.show_count()
    screen = play.screen()
    assert screen is not None and screen.count is not None
    shown = screen.count.reply
    assert shown is not None and all(words.card(c) in shown for c in cards)
    assert shown.startswith(f"The other player holds {len(cards)} cards: ")


def test_wrong_picks_are_named_and_so_is_what_was_missed(play: PlayController) -> None:
    task = opened(play)
    cards = held(play)
    captured = [c for c in task.choices if c not in cards][:2]
    assert len(captured) == 2
    for card in (*captured, *cards[1:]):
        play.toggle_count(str(card))
    task = checked(play)
    assert task.result is not None
    assert task.result.wrong == tuple(sorted(captured)) and task.result.missed == cards[:1]
    assert task.reply is not None
    assert all(words.card(c) in task.reply for c in captured)  # her own wrong picks
    assert words.card(cards[0]) not in task.reply  # the hidden card is not named
    assert "have already been captured" in task.reply
    assert task.reply.endswith("1 card that the other player holds is not picked yet: "
                               "count again.")
    with using("pt-BR"):  # worded when drawn, in the page's language
        assert task.reply is not None and "capturad" in task.reply


def test_a_pick_put_back_and_a_card_not_offered(play: PlayController) -> None:
    task = opened(play)
    mine = play.game.state.hands[YOU][0]  # type: ignore[union-attr]
    play.toggle_count(str(mine))               # in the learner's own hand: not offered
    play.toggle_count(str(task.choices[0]))
    play.toggle_count(str(task.choices[0]))    # put back
    play.toggle_count("not a card")
    screen = play.screen()
    assert screen is not None and screen.count is not None and screen.count.picked == frozenset()


def test_the_task_lapses_when_a_card_is_played(play: PlayController) -> None:
    opened(play)
    play.toggle_count(str(held(play)[0]))
    game = play.game
    assert game is not None
    play.move(game.state.legal_moves()[0].as_attempt())
    screen = play.screen()
    assert screen is None or screen.count is None or not screen.count.open


def test_an_empty_check_misses_every_card(play: PlayController) -> None:
    opened(play)
    task = checked(play)
    assert task.result is not None and task.result.missed == held(play)
    assert task.result.wrong == () and not task.result.right
