"""Checking answers: right, missed and not-allowed moves; feedback overrides (the
judge's verdict kept beside them); choose and mistake steps; stars; reason labels;
hints."""

from __future__ import annotations

import pytest

from engine import REASON_CODES, Attempt, Card, parse_move
from tutorial_app.course import (
    ChooseStep,
    Course,
    FeedbackStatus,
    MistakeStep,
    PlayStep,
    check_answer,
    check_choice,
    check_mistake,
    loads,
    reason_label,
    solutions,
    stars,
)
from tutorial_app.words.i18n import using


@pytest.fixture
def first_sum(good_course: Course) -> PlayStep:
    step = good_course.lesson("basics").step("first-sum")
    assert isinstance(step, PlayStep)
    return step


def test_correct_move(first_sum: PlayStep) -> None:
    feedback = check_answer(first_sum, "8s x 3d+5c")
    assert feedback.status == "correct" and feedback.correct
    assert feedback.message == "5 + 3 = 8. That is a sum."
    assert feedback.move is not None and feedback.move.text == "8s x 5c+3d"
    assert feedback.code == "legal" and feedback.stars == 3


def test_correct_move_as_move_or_click_attempt(first_sum: PlayStep) -> None:
    move = parse_move("8s x 5c+3d", first_sum.position)
    assert check_answer(first_sum, move).status == "correct"
    clicks = Attempt.selection(Card.parse("8s"), "capture", [Card.parse("3d"), Card.parse("5c")])
    assert check_answer(first_sum, clicks).status == "correct"


def test_stars_reward_solving_without_help_not_a_first_try(first_sum: PlayStep) -> None:
    """Three legal moves: one wrong try is exploring (3 stars), a second is going
    through the moves in turn (2); a hint costs a star, being shown the move two."""
    assert check_answer(first_sum, "8s x 5c+3d", wrong_attempts=1).stars == 3
    assert check_answer(first_sum, "8s x 5c+3d", wrong_attempts=2).stars == 2
    assert check_answer(first_sum, "8s x 5c+3d", hints_used=1).stars == 2
    assert check_answer(first_sum, "8s x 5c+3d", hints_used=3).stars == 1


@pytest.mark.parametrize(("wrong", "hints", "answers", "earned"), [
    (0, 0, 1, 3), (1, 0, 1, 2),  # one answer: nothing to explore, a wrong try is a slip
    (1, 0, 2, 2),  # two answers: the second try is the answer by elimination
    (1, 0, 3, 3), (2, 0, 3, 2),  # three: one wrong try is exploring, both is every one
    (1, 0, 4, 3), (2, 0, 4, 2), (3, 0, 4, 2),
    (2, 0, 5, 3), (3, 0, 5, 2),  # half of the four wrong answers, and no more
    (5, 0, 12, 3), (6, 0, 12, 2),
    (0, 1, 12, 2), (0, 2, 12, 2), (5, 1, 12, 2),  # a hint short of the answer: 2
    (0, 3, 12, 1), (9, 3, 2, 1),  # shown the move: 1, whatever else
])
def test_stars_rule(wrong: int, hints: int, answers: int, earned: int) -> None:
    assert stars(wrong, hints, answers=answers) == earned


def test_trying_every_answer_never_earns_three_stars() -> None:
    for answers in range(2, 40):
        assert stars(answers - 1, 0, answers=answers) < 3, answers
        assert stars(0, 0, answers=answers) == 3


def test_missed_move_uses_feedback_by_move(first_sum: PlayStep) -> None:
    feedback = check_answer(first_sum, "8s t")
    assert feedback.status == "missed"
    # advice that names no card is read after the account of the move, as one message
    # (8♠ is the answer's card: the account leads to its action, not to the goal)
    assert feedback.message == ("8♠ trails: it takes nothing. The 8♠ is right: capture with "
                                "it. Trailing is legal, but you could have taken two cards.")
    assert feedback.stars == 0 and feedback.code == "legal"


def test_missed_move_explains_what_it_did_and_what_was_asked(first_sum: PlayStep) -> None:
    feedback = check_answer(first_sum, "2c t")
    assert feedback.status is FeedbackStatus.MISSED
    assert feedback.verdict is not None and feedback.verdict.legal and feedback.code == "legal"
    # fewer than 6 legal moves: the goal is said without the cards that answer it
    assert feedback.message == "2♣ trails: it takes nothing. The goal: take the cards the " \
        "task names."


def test_illegal_move_uses_feedback_by_code(first_sum: PlayStep) -> None:
    feedback = check_answer(first_sum, "8s x 5c")
    assert feedback.status is FeedbackStatus.NOT_ALLOWED and feedback.code == "wrong-sum"
    assert feedback.message == "Count again: 5♣ and 3♦ make 8."
    assert feedback.rule == "4.1"
    # the author's words replace the judge's on screen; the judge's are kept beside them
    assert feedback.judge_words == ("5♣ alone makes 5; 8♠ takes cards that add up to 8, such "
                                    "as 5♣+3♦ (4.1).")
    assert feedback.verdict is not None and not feedback.verdict.legal


def test_illegal_move_uses_the_judge_words_by_default(first_sum: PlayStep) -> None:
    feedback = check_answer(first_sum, "Kh t")
    assert feedback.status is FeedbackStatus.NOT_ALLOWED and feedback.code == "card-not-in-hand"
    assert feedback.message == "K♥ is not in your hand (you hold 2♣ 8♠)."
    assert feedback.judge_words == feedback.message


def test_unreadable_move(first_sum: PlayStep) -> None:
    feedback = check_answer(first_sum, "eight of spades")
    assert feedback.status is FeedbackStatus.UNREADABLE and feedback.verdict is None
    assert feedback.code is None and feedback.move is None and feedback.judge_words is None
    assert feedback.message == (
        "That is not a move I can read. In “eight of spades”, “eight” is not a card: write a "
        "rank and a suit, such as As, 10d, Kh.")
    with using("es"):  # the engine's code and facts, in the learner's words
        said = check_answer(first_sum, "8s y 5c").message
    assert said.startswith("No puedo leer esa jugada. En «8s y 5c»") and " not " not in said


def test_notation_errors_and_position_problems_are_codes_worded_by_the_app() -> None:
    from engine import NotationError, Position, parse_attempt
    from tutorial_app.words import words
    with pytest.raises(NotationError) as caught:
        parse_attempt("8s x 5c+Zz")
    assert caught.value.code == "move-card"
    assert caught.value.facts == {"token": "Zz", "text": "8s x 5c+Zz"}
    with using("it"):
        assert words.notation_error(caught.value) == (
            "In «8s x 5c+Zz», «Zz» non è una carta: scrivi un valore e un seme, come As, 10d, Kh.")
    position = Position.parse("table: 5c 5c [9: 5h 4s @7]; hand: 3d")
    codes = [p.code for p in position.issues()]
    assert codes == ["twice.table-table", "build-seat"]
    assert position.problems()[0] == "5c appears twice (the table and the table)"  # the CLI
    with using("pt-BR"):
        said = [words.problem(p) for p in position.issues()]
    assert said == ["5♣ está duas vezes na mesa.",
                    "A construção de 9 (4♠ 5♥) é do lugar 7, que não está na mesa."]


@pytest.mark.parametrize(("text", "code", "portuguese"), [
    ("royal speed=fast", "rules-setting", "“speed” não é uma opção das regras; as opções são "),
    ("royal sweeps=maybe", "rules-value",
     "A opção sweeps não pode ser “maybe”: escolha on / off."),
    ("royal sweeps", "rules-word",
     "“sweeps” nas regras “royal sweeps”: as opções se escrevem chave=valor."),
    ("imperial", "rules-preset", "“imperial” não é um conjunto de regras; os conjuntos são "
     "classic, royal, "),
    ("classic ace_high=true", "rules-ace-high", "“Ases altos” precisa do valor das figuras"),
])
def test_rules_text_refusals_are_codes_worded_by_the_app(text: str, code: str,
                                                         portuguese: str) -> None:
    """A rules text the Sandbox or a link cannot use says why in the learner's language,
    not the CLI's English (which stays the error's message)."""
    from engine import NotationError, Rules
    from tutorial_app.words import words
    with pytest.raises(NotationError) as caught:
        Rules.parse(text)
    assert caught.value.code == code
    with using("pt-BR"):
        said = words.notation_error(caught.value)
    assert said.startswith(portuguese), said
    assert said != str(caught.value) and "{" not in said


def test_feedback_for_an_illegal_move_by_its_text() -> None:
    lesson = loads("""
id: f
title: F
steps:
  - id: s
    kind: play
    position: "table: 5c 3d 9h; hand: 8s 2c"
    prompt: Take the 5♣ and the 3♦.
    goal: {capture: [5c, 3d]}
    feedback:
      "8s x 9h": The 9♥ is worth 9.
      missed: Take both.
""", "f.yaml")
    step = lesson.steps[0]  # type: ignore[union-attr]
    assert isinstance(step, PlayStep)
    assert check_answer(step, "8s x 9h").message == "The 9♥ is worth 9."
    clicks = Attempt.selection(Card.parse("8s"), "capture", [Card.parse("9h")])
    assert check_answer(step, clicks).message == "The 9♥ is worth 9."
    assert check_answer(step, "8s x 5c").message.startswith("5♣ alone makes 5")
    assert check_answer(step, "2c t").message == ("2♣ trails: it takes nothing. The goal: take "
                                                  "the cards the task names. Take both.")


def test_solutions(first_sum: PlayStep, good_course: Course) -> None:
    assert [m.text for m in solutions(first_sum)] == ["8s x 5c+3d"]
    assert [m.text for m in solutions(good_course.puzzle("p-safe"))] == ["4s t"]


def test_puzzles_check_like_play_steps(good_course: Course) -> None:
    puzzle = good_course.puzzle("p-sum")
    assert check_answer(puzzle, "8s x 6s+2c 5h+3d").status is FeedbackStatus.CORRECT
    feedback = check_answer(puzzle, "8s x 5h+3d")
    assert feedback.status is FeedbackStatus.MISSED
    # the puzzle's own reply to a miss, about the try (its few legal moves would make the
    # goal's account, which names the card that does better, give the answer away)
    assert feedback.message == "8♠ takes 5♥+3♦, but another capture takes more table cards."
    assert check_answer(puzzle, "4d x 2c").status is FeedbackStatus.NOT_ALLOWED
    assert puzzle.hints == (
        "Look for every group of table cards that adds up to one of your cards: one card can "
        "take several groups at once.", "Play 8♠.", "The move: 8♠ takes 6♠+2♣, 5♥+3♦.")
    assert good_course.puzzle("p-sweep").hints[2] == "10♦ takes everything."


def test_choose_step(good_course: Course) -> None:
    step = good_course.lesson("basics").step("which-legal")
    assert isinstance(step, ChooseStep)
    right = check_choice(step, frozenset({0, 2}))
    assert right.status is FeedbackStatus.CORRECT and right.stars == 3
    # three options: one wrong try explores (3 stars), two go through them (2)
    assert check_choice(step, frozenset({0, 2}), wrong_attempts=1).stars == 3
    assert check_choice(step, frozenset({0, 2}), wrong_attempts=2).stars == 2
    wrong = check_choice(step, frozenset({0, 1, 2}))
    assert wrong.status is FeedbackStatus.MISSED and wrong.verdict is None
    # one short message: why the first wrong pick is wrong, as the judge says it
    assert wrong.message == ("Not legal: 6♣ and 3♥ add up to 9; "
                             "8♠ takes cards that add up to 8, such as 8♦, 6♣+2♦, 5♠+3♥ (4.1).")
    # only options left out: how many, in a real plural
    assert check_choice(step, frozenset({0})).message == \
        "Not quite: you left out 1 correct option."
    assert check_choice(step, frozenset()).message == \
        "Not quite: you left out 2 correct options."
    with using("pt-BR"):
        assert check_choice(step, frozenset()).message == \
            "Ainda não: faltou marcar 2 opções corretas."
    # a wrong pick and options left out: the wrong pick is what needs saying first
    assert check_choice(step, frozenset({1})).message.startswith("Not legal: 6♣ and 3♥")
    assert not step.single and step.hints[1] == "2 of the options are correct."


def test_a_choose_step_with_one_answer_is_single_choice(good_course: Course) -> None:
    step = good_course.lesson("basics").step("best-take")
    assert isinstance(step, ChooseStep) and step.single
    assert step.hints[0] == "Check each move: is it legal, and does it do what was asked?"


def test_choose_step_by_goal(good_course: Course) -> None:
    step = good_course.lesson("basics").step("best-take")
    assert isinstance(step, ChooseStep)
    assert step.correct == frozenset({0})
    assert step.explanations[1] == ("Legal, but not what was asked: it takes 2 cards, but 8♠ "
                                    "could take 4 cards.")


def test_mistake_step(good_course: Course) -> None:
    step = good_course.lesson("basics").step("spot-it")
    assert isinstance(step, MistakeStep)
    right = check_mistake(step, "number-takes-court")
    assert right.status is FeedbackStatus.CORRECT and right.rule == "4.5" and right.stars == 3
    # said once: the judge's explanation is shown under the reply, which does not repeat it
    assert right.message == "Right!" and step.explanation.startswith("8♥ cannot take K♥")
    assert check_mistake(step, "number-takes-court", wrong_attempts=1).stars == 3
    assert check_mistake(step, "number-takes-court", wrong_attempts=2).stars == 2
    assert check_mistake(step, "number-takes-court", hints_used=3).stars == 1
    wrong = check_mistake(step, "wrong-sum")
    # the verdict is the judge's on the move shown, whichever reason the learner named
    assert wrong.status is FeedbackStatus.MISSED and wrong.code == "number-takes-court"
    # a wrong pick hears why that reason does not apply to this move
    assert wrong.message == ("Not that. The rules find another problem with this move first "
                             "(8♥ takes K♥). Look at the move again.")
    twice = check_mistake(step, "card-used-twice")
    assert twice.message == "Not that. No card appears twice in the move. Look at the move again."
    with using("it"):  # one whole sentence per case, in the learner's language
        assert check_mistake(step, "card-used-twice").message == (
            "Non è questo. Nessuna carta compare due volte nella mossa. Guarda di nuovo la "
            "mossa.")
    assert step.hints[0].startswith("Look at the move step by step (8♥ takes K♥)")
    assert step.hints[-1] == "Read the rule at stake on the Rules page (rule 4.5)."
    assert step.move == "8h x Kh" and step.move_words == "8♥ takes K♥"


def test_every_reason_code_has_a_label() -> None:
    labels = [reason_label(code) for code in REASON_CODES]
    assert all(label and not label.startswith("reason.") for label in labels)
    assert len(set(labels)) == len(labels)
    assert reason_label("wrong-sum") == "The cards do not add up"
    with pytest.raises(ValueError):
        reason_label("no-such-code")
