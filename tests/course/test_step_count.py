"""The count step: the engine's scoring decides the point cards, most cards and spades
and the game's winner; a wrong part hears one true sentence about what was picked; a
bad step is an error naming the file, line and key."""

from __future__ import annotations

import pytest

from tutorial_app.course import FeedbackStatus, LessonFileError, loads
from tutorial_app.course.model import Lesson
from tutorial_app.course.steps import UNITS, StepKind
from tutorial_app.course.steps.count import NONE, CountStep

UNIT = UNITS[StepKind.COUNT]
# yours: 8 cards, 3 spades (2♠ among them), an ace; theirs: 8 cards, 2 spades, 10♦, an ace
PILES = "    piles: ['As 2s 5s 7s 9h 3h 4c 6d', 'Ac 10d Ks Qs 8h Jd 8c 9c']\n"


def count(body: str) -> CountStep:
    lesson = loads(f"""id: c
title: C
teaches: [scoring, game-end, target=hand, tie_break=count_out]
steps:
  - id: go
    kind: count
    prompt: Count.
{body}""", "c.yaml")
    assert isinstance(lesson, Lesson)
    step = lesson.steps[0]
    assert isinstance(step, CountStep)
    return step


def right(step: CountStep) -> tuple[frozenset[str], str, str, str]:
    return step.points, step.cards, step.spades, step.winner


def test_the_engine_picks_the_point_cards_and_the_ties() -> None:
    step = count(PILES)
    assert step.points == frozenset({"As", "2s", "Ac", "10d"})
    assert step.cards == NONE  # 8 each: a tie scores nothing (10.2)
    assert step.spades == "0"
    assert step.winner == ""
    assert UNIT.check(step, right(step)).status is FeedbackStatus.CORRECT
    assert UNIT.practised(step) == {"10.1", "10.2"}


def test_a_wrong_card_is_named_and_a_missing_one_counted() -> None:
    step = count(PILES)
    extra = UNIT.check(step, (step.points | {"Ks", "Qs"}, NONE, "0", ""))
    assert extra.status is FeedbackStatus.MISSED
    assert extra.message == "K♠ and Q♠ score nothing by themselves: only aces, the 10♦ " \
        "and the 2♠ do."
    missing = UNIT.check(step, (step.points - {"10d"}, NONE, "0", ""))
    assert missing.message == "1 card in your opponent's pile that scores by itself is " \
        "not picked."


def test_most_cards_and_spades_are_answered_about_the_pick() -> None:
    step = count(PILES)
    tie = UNIT.check(step, (step.points, "1", "0", ""))
    assert tie.message.startswith("Your opponent's pile does not hold more cards")
    spades = UNIT.check(step, (step.points, NONE, NONE, ""))
    assert spades.message.startswith("The two piles do not hold the same number of spades")


def test_the_winner_when_both_pass_the_target_is_the_higher_total() -> None:
    # yours: 3 (spades 1 + 2♠ 1 + ace 1); theirs: 10♦ 2 + ace 1 = 3, plus a sweep: 4
    step = count(PILES + "    sweeps: [0, 1]\n    before: [19, 18]\n    rules: classic\n")
    assert step.totals == (22, 22) and step.winner == NONE  # equal: play on (10.4)
    assert UNIT.practised(step) == {"10.1", "10.2", "10.4"}
    assert UNIT.check(step, (*right(step)[:3], "0")).message.startswith(
        "The two totals after this hand are equal")
    higher = count(PILES + "    sweeps: [0, 1]\n    before: [19, 19]\n")
    assert higher.totals == (22, 23) and higher.winner == "1"
    assert UNIT.check(higher, (*right(higher)[:3], "0")).message.startswith(
        "Both sides reach the target in this hand, and then only the higher total wins")
    assert UNIT.check(higher, (*right(higher)[:3], NONE)).message.startswith("A side has won")
    short = count(PILES + "    before: [10, 19]\n")
    assert short.winner == "1"
    assert UNIT.check(short, (*right(short)[:3], "0")).message == (
        "After this hand, your total is 13 points, short of the 21 needed.")


def test_count_out_and_a_single_hand_game() -> None:
    # count out: spades (yours) come before big casino (theirs)
    out = count(PILES + "    before: [20, 19]\n    rules: classic tie_break=count_out\n")
    assert out.winner == "0"
    assert "cards first" in UNIT.check(out, (*right(out)[:3], "1")).message
    single = count(PILES + "    sweeps: [0, 1]\n    before: [0, 0]\n    rules: classic "
                   "target=hand\n")
    assert single.winner == "1"
    assert "single-hand game" in UNIT.check(single, (*right(single)[:3], "0")).message


def test_picked_waits_for_every_question() -> None:
    step = count(PILES + "    before: [0, 0]\n")
    keys = UNIT.answer_keys(step)
    assert len(keys) == 5
    assert UNIT.picked(step, [["As"], [], "0", "1", None]) is None
    assert UNIT.picked(step, [["As"], ["Ac"], "0", "1", "none"]) == (
        frozenset({"As", "Ac"}), "0", "1", "none")


def test_revealed_names_the_cards_and_the_sides() -> None:
    step = count(PILES + "    before: [0, 0]\n")
    words = [line.words for line in UNIT.revealed(step)]
    assert words == ["Points by themselves: A♠, 2♠, A♣ and 10♦.", "Most cards: Nobody: it is "
                     "a tie.", "Most spades: You.", "The game: Nobody yet: another hand is "
                     "played."]


@pytest.mark.parametrize(("body", "error"), [
    ("    piles: ['As 2s']\n", "c.yaml:8:12: steps[0].piles: two piles of cards"),
    ("    piles: ['As 2s', 'As']\n", "steps[0].piles[1]: A♠ is in the piles twice"),
    ("    piles: ['As 2x', '3c']\n", "steps[0].piles[0]: '2x' is not a card"),
    (PILES + "    before: [1]\n", "steps[0].before: two numbers"),
    (PILES + "    sweeps: [1, 0]\n    rules: classic sweeps=off\n", "steps[0].sweeps: these "
     "rules score no sweeps"),
    (PILES + "    rules: classic scoring=spades\n", "steps[0].rules: a count step uses the "
     "classic count"),
    ("", "steps[0].piles: missing"),
])
def test_a_bad_count_step_is_an_error_with_its_place(body: str, error: str) -> None:
    with pytest.raises(LessonFileError) as raised:
        count(body)
    assert error in str(raised.value)
