"""What `validate` proves of an author's words: each claim a text makes about the try
it answers, the hints and prompts before any try, the success text under every
solution, setting claims replayed under other rules, points prompts, misses that
give the answer away, quiz and mistake replies about the choice picked, and the
concepts a task's positions and choices need. The planted examples of each fault,
with their exact errors, are in tests/course/broken/ (false-claims, false-words,
setting-claims, reveals, quiz-reasons, mistake-distractors, derived-concepts)."""

from __future__ import annotations

import pytest

from engine import Attempt, Card, Position, Rules, check, legal_moves, parse_attempt
from tutorial_app.course import FeedbackStatus, QuizStep, check_quiz, loads
from tutorial_app.course import goals as g
from tutorial_app.course.concepts import position_concepts
from tutorial_app.course.judge import whynot
from tutorial_app.course.judge.answers import solutions
from tutorial_app.course.judge.facts import FACTS
from tutorial_app.course.model import Lesson, MistakeStep, PlayStep
from tutorial_app.course.proofs.claims import Situation, false_claim
from tutorial_app.course.proofs.truth import (
    named_setting_faults,
    play_answer,
    points_fault,
    reveal_fault,
    setting_claim_fault,
    success_fault,
    text_faults,
)
from tutorial_app.course.puzzles.generate import RECIPES, puzzle_texts
from tutorial_app.course.scene import Scene
from tutorial_app.course.steps import step_needs


def said(text: str, position: str, attempt: str | None = None) -> str | None:
    """Why `text` is false for the try `attempt` (notation) in the position, or None."""
    where = Position.parse(position)
    if attempt is None:
        return false_claim(text, Situation(where))
    tried = parse_attempt(attempt)
    verdict = check(where, tried)
    goal_moves = tuple(legal_moves(where))[:1]
    return false_claim(text, Situation(where, tried, verdict.move if verdict.legal else None,
                                       goal_moves))


def click(position: str, card: str | None, kind: str, chosen: str = "",
          value: int | None = None) -> tuple[Position, Attempt]:
    where = Position.parse(position)
    items = [Card.parse(c) for c in chosen.split()]
    return where, Attempt.selection(Card.parse(card) if card else None, kind, items, (), value)


def claim(text: str, where: Position, attempt: Attempt, answers: str = "") -> str | None:
    verdict = check(where, attempt)
    found = tuple(m for m in legal_moves(where) if m.text in answers.split(","))
    return false_claim(text, Situation(where, attempt, verdict.move if verdict.legal else None,
                                       found))


PICK = "table: 2h 5c 7d; hand: 7s 9c"


def test_words_for_a_capture_are_false_under_a_trail() -> None:
    where, trail = click(PICK, "7s", "trail")
    _, capture = click(PICK, "7s", "capture", "7d")
    text = "That takes different cards. The 7♦ and the 2♥ make 9."
    assert claim(text, where, trail) == "it says 'That takes', but the attempt is a trail"
    assert claim(text, where, capture) is None
    assert claim("You trailed the 7♠.", where, capture) is not None
    assert claim("That builds instead.", where, capture) is not None


def test_praise_is_for_a_legal_try_of_the_answer_s_kind() -> None:
    where, trail = click(PICK, "7s", "trail")
    _, capture = click(PICK, "7s", "capture", "7d")
    _, wrong = click(PICK, "7s", "capture", "5c")
    answer = "9c x 7d+2h"
    assert "to a trail, but the answer is a capture" in (
        claim("Close, but not quite.", where, trail, answer) or "")
    assert claim("Close, but not quite.", where, capture, answer) is None
    assert "to a try the rules forbid" in (claim("Good groups.", where, wrong, answer) or "")


def test_a_sum_is_the_try_s_own_or_the_cards_the_text_names() -> None:
    where, build = click("table: 4c 9h; hand: 3d 7s 8c", "7s", "build", "4c", 11)
    _, other = click("table: 4c 9h; hand: 3d 7s 8c", "3d", "build", "9h", 12)
    text = "3 + 9 = 12, and no build is higher than 10."
    assert claim(text, where, build) == ("it says '3 + 9 = 12', but the attempt's cards are "
                                         "worth 4 + 7")
    assert claim(text, where, other) is None
    assert claim("The 3♦ and the 9♥: 3 + 9 = 12.", where, build) is None  # names its cards
    assert claim("5 + 3 = 9.", where, other) == "it says '5 + 3 = 9', which does not add up"


def test_a_card_you_hold_is_still_held_after_the_try() -> None:
    where, six = click("table: Ac 2d; hand: 3h 3s 6d", "6d", "build", "Ac", 7)
    _, three = click("table: Ac 2d; hand: 3h 3s 6d", "3h", "build", "Ac", 4)
    assert claim("You hold a 6.", where, six) == ("it says 'You hold a 6', but the hand after "
                                                  "the attempt is 3♠ 3♥")
    assert claim("You hold a 6.", where, three) is None
    assert claim("You hold no 4.", where, three) is None
    assert claim("You hold two 3s.", where, six) is None
    assert claim("You hold two 3s.", where, three) is not None  # one 3 is played
    assert said("You hold 5♣, J♦ and 8♥.", "table: 9s; hand: 5c Jd 8s") is not None


def test_counts_of_cards_chosen_and_taken() -> None:
    where, one = click("table: 7h 3c; hand: 7s 4d", "4d", "capture", "3c")
    _, two = click("table: 7h 3c; hand: 7s 4d", "4d", "capture", "3c 7h")
    assert claim("Those two cards do not match.", where, one) == (
        "it says 'Those two cards', but the attempt chose 1 card(s)")
    assert claim("Those two cards do not match.", where, two) is None
    pair = Position.parse("table: 6h 6c 2d; hand: 6s 9c")
    taken = parse_attempt("6s x 6h")
    move = check(pair, taken).move
    assert false_claim("Two cards with one play.", Situation(pair, taken, move)) is not None
    assert false_claim("It takes one card.", Situation(pair, taken, move)) is None


def test_what_a_try_left_or_took_and_whether_it_was_legal() -> None:
    table = "table: Ac 2d 3h 5s 6c 8d; hand: 8s"
    where, takes = click(table, "8s", "capture", "8d")
    _, trail = click(table, "8s", "trail")
    _, wrong = click(table, "8s", "capture", "3h")
    assert claim("The 8♦ is still on the table.", where, takes) is not None
    assert claim("The 8♦ is still on the table.", where, trail) is None
    assert claim("That does not take the A♣.", where, takes) is None
    assert claim("That is legal, but not the best.", where, wrong) is not None
    assert claim("That is legal, but not the best.", where, takes) is None


def test_before_any_try_the_text_is_held_to_the_position() -> None:
    position = Position.parse("table: Qc 6h; hand: As 10d Kd")
    assert text_faults("Trail the 3♦ or the K♦.", position) == (
        "it names 3♦, which is not in this position")
    assert text_faults("Trail the K♦, not the A♠.", position) is None
    assert text_faults("Play the 6♥.", position) == (
        "it says 'Play the 6♥', but 6♥ is not in the hand")
    assert text_faults("You control the 8-build.", position) is not None


def test_a_success_text_is_true_under_every_solution() -> None:
    position = Position.parse("table: 6h 6c 2d; hand: 6s 9c")
    found = solutions(position, g.Capture((Card.parse("6h"),)))
    fault = success_fault("Two cards with one play.", position, found)
    assert fault is not None and fault.where == "success"
    assert success_fault("One card with one play.", position, found) is None


def test_the_setting_decided_it_is_replayed_under_classic_rules() -> None:
    same = Position.parse("table: 5c 3d 9h; hand: 8s 2c 4d; rules: no-builds")
    fault = setting_claim_fault({"success": "The setting decided it."}, same, g.MostCards())
    assert fault is not None and "solve it too" in fault.message
    # building off only takes answers away: the safe trail is safe in classic as well
    fewer = Position.parse("table: 2c 6c 7c; hand: Ah 3h 9d; rules: no-builds")
    assert setting_claim_fault({"success": "The setting decided it."}, fewer,
                               g.NoSweepLeft()) is not None
    # a build inside a sum is illegal in classic: the setting decided it
    decided = Position.parse("table: 2d [7: 4h 3s @1]; hand: 9s 7c; "
                             "rules: classic build_in_sums=true")
    assert setting_claim_fault({"success": "The setting decided it."}, decided,
                               g.Sweep()) is None
    assert setting_claim_fault({"success": "A sum."}, same, g.MostCards()) is None


def test_a_setting_a_task_names_must_change_its_answer() -> None:
    plain = Position.parse("table: 5c 3d 9h; hand: 8s 2c 4d; rules: classic build_in_sums=true")
    faults = list(named_setting_faults(plain.rules, Rules(), play_answer(plain, g.MostCards()),
                                       "position", moves=True))
    assert [f.message.split(",")[0] for f in faults] == ["the task names build_in_sums=true"]
    aces = Position.parse("table: Ks Ah 3c; hand: Ac 5d; rules: royal-aces-high")
    assert not list(named_setting_faults(aces.rules, Rules.parse("royal"),
                                         play_answer(aces, g.MostCards()), "position", True))
    # a preset's game settings (Spade Casino's target of 61) cannot change a move
    spade = Position.parse("table: 9s 4d Js; hand: 9c Jh; rules: spade")
    goal = g.PointsAtLeast(2)
    assert not list(named_setting_faults(spade.rules, Rules(), play_answer(spade, goal),
                                         "position", moves=True))


def test_a_points_prompt_is_met_by_the_cards_taken_from_the_table() -> None:
    position = Position.parse("table: Ah 6c Kd 9s; hand: As 5d 9d")
    goal = g.PointsAtLeast(2)
    found = solutions(position, goal)
    fault = points_fault("Capture cards worth at least 2 points.", goal, position, found)
    assert fault is not None and "takes table cards worth 1" in fault.message
    said = points_fault("Win 2 points with this play.", goal, position, found)
    assert said is not None and said.where == "prompt"  # the card played makes the second
    assert points_fault("Win 2 points. The card you play counts too.", goal, position,
                        found) is None


def play_step(position: str, goal: g.Goal, prompt: str,
              feedback: dict[str, str] | None = None) -> PlayStep:
    where = Position.parse(position)
    return PlayStep(id="s", prompt=prompt, position=where, goal=goal, hints=("", "", ""),
                    feedback=feedback or {}, solution_moves=solutions(where, goal))


def test_a_miss_may_not_name_the_answer_while_the_moves_are_few() -> None:
    goal = g.Play(Card.parse("7h"))
    # the judge's own account says the kind of goal only ("The goal: play the card the
    # task names"); an author's reply that names the card gives it away
    bare = play_step("table: Kd 9s; hand: 7h Qs 3c", goal, "Play the card worth 7.")
    assert reveal_fault(bare, bare.prompt) is None
    step = play_step("table: Kd 9s; hand: 7h Qs 3c", goal, "Play the card worth 7.",
                     {"missed": "Not {played}: the 7♥ is worth 7."})
    fault = reveal_fault(step, step.prompt)
    assert fault is not None and "which names 7♥, a card of the answer" in fault.message
    # the prompt that names the card gives nothing away; nor does a reply about the try
    assert reveal_fault(step, "Play the 7♥.") is None
    about = play_step("table: Kd 9s; hand: 7h Qs 3c", goal, "Play the card worth 7.",
                      {"missed": "{played} is not worth 7."})
    assert reveal_fault(about, about.prompt) is None
    # with 6 legal moves or more, a second guess is no longer sure
    many = play_step("table: 2c 3d 5h 6s; hand: 8s 4d 9h 10c", g.MostCards(), "Take the most.")
    assert len(list(legal_moves(many.position))) >= 6 and reveal_fault(many, "") is None


def test_a_quiz_answers_a_wrong_pick_about_that_pick() -> None:
    lesson = loads("""id: q
title: Q
teaches: [values]
steps:
  - id: pack
    kind: quiz
    prompt: How many cards are in the pack?
    fact: pack-size
    choices: [40, 48, 52]
    wrong:
      40: That pack has no court cards.
      48: That pack lacks a rank.
""", "q.yaml")
    assert isinstance(lesson, Lesson)
    quiz = lesson.steps[0]
    assert isinstance(quiz, QuizStep)
    feedback = check_quiz(quiz, "48")
    assert feedback.status is FeedbackStatus.MISSED
    assert feedback.message == "That pack lacks a rank."
    assert check_quiz(quiz, "40").message == "That pack has no court cards."
    assert check_quiz(quiz, "52").status is FeedbackStatus.CORRECT


def test_a_wrong_pick_in_a_mistake_step_hears_a_fact_of_the_move() -> None:
    ghost = Position.parse("table: 9c 4s; hand: 9d 2h")
    move = parse_attempt("9d x 9h")
    verdict = check(ghost, move)
    assert verdict.code == "not-on-table"
    assert whynot.fact("wrong-sum", ghost, move, verdict) == (
        "Each group adds up to 9, the value of 9♦: the sums are right.")
    trail = Position.parse("table: 3c 5d [8: 5s 3h @0]; hand: 8c 4d")
    tried = parse_attempt("4d t")
    assert whynot.fact("leaves-build-uncovered", trail, tried, check(trail, tried)) == (
        "After playing 4♦ the player still holds 8♣, a card of 8, to take the build.")
    alone = Position.parse("table: 5c; hand: 3d 3h")
    built = parse_attempt("3d b3")
    assert whynot.fact("build-without-played-card", alone, built, check(alone, built)) == (
        "The played card is part of the build.")


def test_default_distractors_are_ruled_out_by_facts() -> None:
    lesson = loads("""id: m
title: M
steps:
  - id: auto
    kind: mistake
    position: "table: 4c 4d; hand: 8s 3h"
    move: "8s x 4c+4c"
""", "m.yaml")
    assert isinstance(lesson, Lesson)
    step = lesson.steps[0]
    assert isinstance(step, MistakeStep)
    move = parse_attempt(step.move)
    assert all(whynot.fact(code, step.position, move, step.verdict)
               for code, _ in step.choices if code != step.answer)


def test_concepts_come_from_what_the_position_shows() -> None:
    own = Position.parse("table: 7h [9: 5s 4d @0]; hand: 9h 2c")
    theirs = Position.parse("table: 2h [9: 6c 3d 9d @1]; hand: 9s Ac 3c")
    assert "controller" in position_concepts(own)
    assert "controller" not in position_concepts(theirs)
    assert "multiple-build" in position_concepts(theirs)
    lesson = loads("""id: a
title: A
rules: royal
steps:
  - id: ace
    kind: mistake
    position: "table: As 10c; hand: Ad 9h"
    move: "Ad x14 As"
    choices: [bad-capture-value, card-not-in-hand, court-by-sum]
""", "a.yaml")
    assert isinstance(lesson, Lesson)
    assert "ace_high=true" in step_needs(lesson.steps[0])


def test_where_the_dealt_cards_go_depends_on_dealing_in_ones() -> None:
    twos, ones = Rules(), Rules.parse("classic deal=ones")
    args = {"players": 2, "dealer": 0, "card": 2}
    assert FACTS["dealt-to"](twos, args) == 1  # the non-dealer's second card
    assert FACTS["dealt-to"](ones, args) == "table"
    assert FACTS["dealt-to"](twos, {**args, "card": 3}) == "table"


@pytest.mark.parametrize("theme", ["scoring", "variant", "sweeps-off"])
def test_a_generated_points_prompt_says_the_card_played_counts(theme: str) -> None:
    goal = g.PointsAtLeast(2)
    texts = puzzle_texts(f"theme.{RECIPES[theme].theme or theme}", goal, ())
    assert texts["prompt"] == ("Your goal: win at least 2 points with this play. The card you "
                               "play counts too, and so does a sweep.")


def test_a_generated_most_cards_puzzle_with_few_moves_answers_misses_about_the_try() -> None:
    position = Position.parse("table: 5h 9s Qh; hand: 7s 8s Qd")
    goal = g.MostCards()
    found = solutions(position, goal)
    texts = puzzle_texts("theme.pairing", goal, found, Scene(position))
    assert texts["feedback"] == {
        "missed trail": "{played} is laid down alone and takes nothing. Which of your cards "
                        "takes the most table cards?"}
    busy = Position.parse("table: 2c 3d 5h 6s; hand: 8s 4d 9h 10c")
    assert "feedback" not in puzzle_texts("theme.sum", goal, solutions(busy, goal),
                                          Scene(busy))
