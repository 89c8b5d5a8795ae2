"""Replies that lead (issue 34): a try with the right card and the wrong action is told
the card is right and what to do with it; a miss under few legal moves is told the kind
of goal, not the answer; a kind goal's miss does not say the move's kind twice; a build
is named by its real value; a mistake step's trail of a table card is refused for that.
The planted faults `validate` reports are in tests/course/broken/leads.yaml; here the
same tasks, written as they should be, load and say what they should."""

from __future__ import annotations

import pytest

from engine import Card, Position, check, legal_moves, parse_attempt
from tutorial_app.course import goals as g
from tutorial_app.course import loads
from tutorial_app.course.judge import lead, whynot
from tutorial_app.course.judge.answers import solutions
from tutorial_app.course.judge.moves import REVEAL_MOVES, check_answer
from tutorial_app.course.model import Lesson, PlayStep
from tutorial_app.course.proofs import claims, truth
from tutorial_app.words import words
from tutorial_app.words.i18n import using


def task(position: str, goal: g.Goal, entries: dict[str, str] | None = None) -> truth._Task:
    where = Position.parse(position)
    return truth._Task(where, goal, entries or {}, "", solutions(where, goal))


BOTH_SIXES = "table: 6h 6c 2d; hand: 6s 9c"
SIXES = g.Capture((Card.parse("6h"), Card.parse("6c")))
GROW = "table: 6h [10: 6c 4d @0]; hand: 10s 4s"
RAISE = "table: 2c [5: As 4d @1]; hand: 3h 8d 10s"


def test_the_right_card_with_the_wrong_action_is_led_to_the_action() -> None:
    sixes = task(BOTH_SIXES, SIXES,
                 {"missed trail": "{played} is laid down alone and takes nothing. Which of "
                                  "your cards is worth 6?"})
    said = check_answer(sixes, "6s t").message
    assert said == "6♠ trails: it takes nothing. The 6♠ is right: capture with it."
    assert lead.asks_which_card(said) is None
    # another card still hears the entry written for it
    assert "Which of your cards" in check_answer(sixes, "9c t").message


def test_the_lead_says_the_build_value_and_the_trail() -> None:
    grow = task(GROW, g.ExactMove(next(m for m in legal_moves(Position.parse(GROW))
                                       if m.text == "4s b10 [4d 6c] 6h")))
    assert check_answer(grow, "4s t").message.endswith("The 4♠ is right: build 10 with it.")
    trail = task("table: 5c 3d 9h; hand: 8d Kc", g.Kind("trail"))
    assert "The 8♦ is right: trail it." in check_answer(trail, "8d x 5c+3d").message


def test_the_right_action_with_wrong_cards_is_not_led() -> None:
    where = Position.parse(BOTH_SIXES)
    found = solutions(where, SIXES)
    assert lead.right_card(parse_attempt("6s x 6h"), found) is None
    assert lead.right_card(parse_attempt("9c t"), found) is None
    assert lead.right_card(parse_attempt("6s t"), found) is not None


def test_a_miss_under_few_moves_says_the_kind_of_goal_not_the_instruction() -> None:
    where = Position.parse(GROW)
    assert len(list(legal_moves(where))) < REVEAL_MOVES
    goal = g.ExactMove(next(m for m in legal_moves(where) if m.text == "4s b10 [4d 6c] 6h"))
    said = check_answer(task(GROW, goal), "10s x [4d 6c]").message
    assert goal.describe() not in said
    assert said.endswith("The goal: make the build the task asks for.")
    assert truth.lead_faults(task(GROW, goal)) == []


def test_a_kind_goal_miss_does_not_say_the_kind_twice() -> None:
    said = check_answer(task("table: 5c 3d 9h; hand: 8d Kc", g.Kind("capture")), "Kc t").message
    assert said == "K♣ trails. The goal: capture something."
    assert truth.tautology(said) is None
    assert truth.tautology("2♦ trails: it is a trail. The goal: build.") is not None


def test_an_illegal_raise_names_the_build_by_its_real_value() -> None:
    where = Position.parse(RAISE)
    attempt = parse_attempt("3h b10 [As 4d] 2c")
    assert words.attempt(attempt, position=where) == \
        "3♥ raises the 5-build (A♠ 4♦) to 10 with 2♣"
    assert claims.misnamed_build(words.attempt(attempt), where) is not None
    assert claims.misnamed_build(words.attempt(attempt, position=where), where) is None
    # validate holds a choice's option and a mistake step's move to it
    old = {"options[1]": words.attempt(attempt)}
    assert [f.where for f in truth.build_name_faults(old, where)] == ["options[1]"]
    assert truth.build_name_faults({"move": words.attempt(attempt, position=where)},
                                   where) == []


def test_a_trail_of_a_table_card_is_refused_for_that() -> None:
    where = Position.parse("table: 9s Kh; hand: 5c Jd 8h")
    attempt = parse_attempt("9s t")
    said = whynot.why_not("trail-with-table-cards", where, attempt, check(where, attempt))
    assert said == "9♠ lies on the table, not in the hand: a card is trailed from the hand."
    hand = parse_attempt("5c t")
    assert whynot.why_not("trail-with-table-cards", where, hand, check(where, hand)) == \
        "The trail uses no table cards."


FIXED = """
id: leads-fixed
title: The tasks of broken/leads.yaml, written to lead
steps:
  - id: asks-which-card
    kind: play
    position: "table: 6h 6c 2d; hand: 6s 9c"
    prompt: Take the 6♥ and the 6♣ with one card.
    goal: {capture: [6h, 6c]}
    feedback:
      missed trail 6s: "{played} is right, but laid down alone it takes nothing: capture."
  - id: says-the-instruction
    kind: play
    position: "table: 6h [10: 6c 4d @0]; hand: 10s 4s"
    prompt: You control a 10-build. Add the 4♠ and the 6♥ to it.
    goal: {move: "4s b10 [4d 6c] 6h"}
    feedback:
      "10s x [4d 6c]": "Not yet: taking the build ends it. Add to it first."
  - id: says-the-kind-twice
    kind: play
    position: "table: 5c 3d 9h; hand: 8d Kc"
    prompt: Capture something.
    goal: {kind: capture}
    feedback:
      missed trail: "{played} takes nothing from the table."
  - id: misnamed-build
    kind: play
    position: "table: 2c [5: As 4d @1]; hand: 3h 8d 10s"
    prompt: Raise the build to 8.
    goal: {build: 8}
    feedback:
      missed: "Not that one. Raise the 5-build (A♠ 4♦) to 8."
"""


def test_the_fixed_fragment_loads_and_leads() -> None:
    lesson = loads(FIXED, "leads-fixed.yaml")
    assert isinstance(lesson, Lesson)
    steps = {s.id: s for s in lesson.steps if isinstance(s, PlayStep)}
    assert check_answer(steps["asks-which-card"], "6s t").message.endswith("capture.")


@pytest.mark.parametrize("language", ["pt_BR", "es", "it"])
def test_the_lead_is_translated(language: str) -> None:
    sixes = task(BOTH_SIXES, SIXES)
    with using(language):
        said = check_answer(sixes, "6s t").message
    assert "6♠" in said and "right" not in said
