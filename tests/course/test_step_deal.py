"""The deal step: the engine's deal decides every place, a wrong tap hears one true
sentence about that tap, and a bad step is an error naming the file, line and key."""

from __future__ import annotations

import pytest

from engine.cards import full_deck
from engine.flow import deal_first
from tutorial_app.course import FeedbackStatus, LessonFileError, loads
from tutorial_app.course.model import Lesson
from tutorial_app.course.steps import UNITS, StepKind
from tutorial_app.course.steps.deal import TABLE, DealStep

UNIT = UNITS[StepKind.DEAL]


def deal(body: str) -> DealStep:
    lesson = loads(f"""id: d
title: D
teaches: [deal, deal=ones, draw=true]
steps:
  - id: go
    kind: deal
    prompt: Deal.
{body}""", "d.yaml")
    assert isinstance(lesson, Lesson)
    step = lesson.steps[0]
    assert isinstance(step, DealStep)
    return step


def test_the_first_deal_in_twos_follows_the_engine() -> None:
    step = deal("    players: 2\n")
    # two players, in twos: the non-dealer, the table, the dealer; twice (2.2)
    assert step.answer == ("1", TABLE, "0", "1", TABLE, "0")
    assert [(q.first, q.last) for q in step.questions][:2] == [(1, 2), (3, 4)]
    hands, table, _ = deal_first(full_deck(), 0, 2, False)
    assert len(table) == 4 and all(len(h) == 4 for h in hands)
    assert UNIT.check(step, step.answer).status is FeedbackStatus.CORRECT


def test_ones_deals_singly_and_four_players_go_round() -> None:
    step = deal("    players: 4\n    rules: classic deal=ones\n")
    assert len(step.questions) == 20 and step.answer[:5] == ("1", TABLE, "2", "3", "0")
    assert all(q.first == q.last for q in step.questions)


def test_a_later_deal_gives_four_each_and_none_to_the_table() -> None:
    step = deal("    players: 3\n    round: 4\n    then: [last, first-player, next-dealer]\n")
    assert step.answer == ("1", "2", "0", "last", "1", "1")
    assert UNIT.practised(step) == {"2.3", "2.4"}
    table = UNIT.check(step, ("1", TABLE))
    assert table.status is FeedbackStatus.MISSED
    assert table.message.startswith("After the first deal no card goes to the table")
    more = deal("    players: 3\n    round: 2\n    then: [last]\n")
    assert more.answer[-1] == "more"
    assert "not the last deal" in UNIT.check(more, ("1", "2", "0", "last")).message


def test_a_wrong_tap_names_the_cards_and_the_place_tapped() -> None:
    step = deal("    players: 3\n    then: [first-player]\n")
    wrong = list(step.answer)
    wrong[2] = "0"  # cards 5-6 belong to the dealer's right (seat 2), tapped: the dealer
    feedback = UNIT.check(step, tuple(wrong))
    assert feedback.status is FeedbackStatus.MISSED
    assert feedback.message.startswith("The 2 cards 5 to 6 do not go to the dealer")
    first = list(step.answer)
    first[-1] = "2"
    assert UNIT.check(step, tuple(first)).message.startswith(
        "It is not the player on the dealer's right who plays first")
    assert UNIT.check(step, step.answer[:3]).message.startswith("Some cards are not dealt")


def test_draw_casino_asks_who_draws_after_each_play() -> None:
    step = deal("    players: 2\n    rules: classic draw=true\n    draws: 3\n")
    draws = [q for q in step.questions if q.what == "draw"]
    assert [q.answer for q in draws] == ["1", "0", "1"]  # the one who just played
    assert "11.2" in UNIT.practised(step)
    wrong = (*step.answer[:-1], "0")
    assert UNIT.check(step, wrong).message == (
        "It is not the dealer who draws after play 3: in Draw Casino the player who has "
        "just played draws.")


def test_picked_stops_at_the_first_row_not_tapped() -> None:
    step = deal("    players: 2\n")
    assert UNIT.picked(step, [None] * 6) is None
    assert UNIT.picked(step, ["1", TABLE, None, "1", None, None]) == ("1", TABLE)


def test_revealed_says_every_place_in_words() -> None:
    step = deal("    players: 2\n    then: [next-dealer]\n")
    lines = [line.words for line in UNIT.revealed(step)]
    assert lines[0] == "Cards 1 to 2 from the top of the pack go to: The other player"
    assert lines[-1].endswith("The other player") and len(lines) == 7


@pytest.mark.parametrize(("body", "error"), [
    ("    players: 5\n", "d.yaml:8:14: steps[0].players: must be from 2 to 4, not 5"),
    ("    players: 2\n    round: 7\n", "must be from 1 to 6, not 7"),
    ("    players: 4\n    round: 4\n", "steps[0].round: a hand with 4 players under these "
     "rules has 3 deal(s)"),
    ("    players: 2\n    draws: 2\n", "steps[0].draws: players draw after each play only "
     "in Draw Casino"),
    ("    players: 2\n    then: [who-wins]\n", "steps[0].then[0]: unknown question "
     "'who-wins'"),
    ("    players: 2\n    rules: classic deal=threes\n", "steps[0].rules:"),
    ("    prompt2: x\n    players: 2\n", "steps[0].prompt2"),
])
def test_a_bad_deal_step_is_an_error_with_its_place(body: str, error: str) -> None:
    with pytest.raises(LessonFileError) as raised:
        deal(body)
    assert error in str(raised.value)
