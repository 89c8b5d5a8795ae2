"""Every attempt the click interface can make, in every shipped play step and puzzle:
the message shown names a card of the attempt or the position, it is the one the
matching rules choose, and it is true for the attempt. Every reason code clicks
can produce arises in some lesson and is taught there. And the judge's words for
the tries beginners make most."""

from __future__ import annotations

import pytest

from engine import (
    BUILD,
    CAPTURE,
    REASON_CODES,
    Attempt,
    Card,
    Position,
    Verdict,
    check,
    legal_moves,
)
from tutorial_app.course import Course, FeedbackStatus, PlayStep, Puzzle, check_answer
from tutorial_app.course.judge import feedback as fb
from tutorial_app.course.proofs import course_order
from tutorial_app.course.proofs.clicks import build_values, click_attempts, judged_attempts
from tutorial_app.words import rulerefs, words
from tutorial_app.words.i18n import t

# Only typed notation can produce these: the clicks choose real cards from the hand
# and the table, never a card inside a build, never a capture value, and the Build
# button's values always include the played card and it is hidden when building is off.
NOTATION_ONLY = {"card-not-in-hand", "not-on-table", "ambiguous", "part-of-build",
                 "bad-capture-value", "builds-off", "build-without-played-card"}


def playables(course: Course) -> list[tuple[str, PlayStep | Puzzle]]:
    steps: list[tuple[str, PlayStep | Puzzle]] = [
        (f"{lesson.id}/{step.id}", step) for lesson in course.lessons for step in lesson.steps
        if isinstance(step, PlayStep)]
    return [*steps, *((f"puzzle {p.id}", p) for p in course.puzzles)]


def expected_entry(step: PlayStep | Puzzle, attempt: Attempt, verdict: Verdict) -> str | None:
    """The matching rules, written out again here: the exact move, then reason (or
    `missed`) + kind + card, then reason + kind, then the reason alone; a try that
    plays an answer's card with another action than every answer with that card hears
    no entry written for any card (judge/lead.py)."""
    keys: list[str] = []
    if verdict.move is not None:
        keys.append(verdict.move.text)
    items = sorted(str(getattr(i, "ref", i)) for i in attempt.items)
    targets = sorted(str(getattr(i, "ref", i)) for i in attempt.targets)
    value = "" if attempt.value is None else str(attempt.value)
    keys.append(" ".join([str(attempt.card), attempt.kind, value, *targets, "|", *items]))
    code = "missed" if verdict.legal else verdict.code.value
    if attempt.card is not None:
        keys.append(f"{code} {attempt.kind} {attempt.card}")
    same = [m for m in step.solution_moves if m.card == attempt.card]
    led = bool(same) and all(
        (m.kind, m.value if m.kind == BUILD else None)
        != (attempt.kind, attempt.value if attempt.kind == BUILD else None) for m in same)
    if not led:
        keys += [f"{code} {attempt.kind}", code]
    return next((k for k in keys if k in step.feedback), None)


@pytest.mark.slow  # a proof over the whole course: `make test`, not `make test-quick`
def test_every_click_attempt_gets_the_text_the_matching_rules_choose(shipped: Course) -> None:
    shown = 0
    for name, step in playables(shipped):
        for attempt, verdict in judged_attempts(step.position):
            answer = check_answer(step, attempt)
            if answer.status is FeedbackStatus.CORRECT:
                assert verdict.move in step.solution_moves
                continue
            where = f"{name}: {attempt.text}"
            assert fb.names_a_card(answer.message, step.position, attempt), where
            entry = expected_entry(step, attempt, verdict)
            if entry is None:  # the judge's words, or the account of the miss
                if verdict.legal:
                    assert verdict.move is not None
                    assert answer.message.startswith(words.move(verdict.move)), where
                else:  # the judge's words, then the lead when the card is right
                    assert answer.message.startswith(verdict.message), where
                continue
            shown += 1
            values = fb.facts(step.position, attempt)
            text = fb.render(step.feedback[entry], values)
            assert fb.contradiction(text, step.position, attempt) is None, where
            assert not course_order.cited_twice(answer.message), where  # a rule said once
            if answer.message == text:
                continue
            # advice after the judge's words, without a reference they made already
            advice = next(a for a in (text, rulerefs.without_cited(text, rulerefs.cited(text)))
                          if answer.message.endswith(" " + a))
            assert not fb.names_a_card(text, step.position, attempt), where
            base = answer.message[: -len(advice) - 1]
            assert base and fb.names_a_card(base, step.position, attempt), where
            assert advice == text or set(rulerefs.cited(text)) <= set(rulerefs.cited(base))
    assert shown > 500  # the shipped course's feedback texts are really shown


def test_every_feedback_entry_is_shown_for_some_click_attempt(shipped: Course) -> None:
    for name, step in playables(shipped):
        keys = {k for k in step.feedback if " | " not in k and not k.endswith(" |")}
        if not keys:
            continue
        reached = {expected_entry(step, a, v) for a, v in judged_attempts(step.position)
                   if not (v.legal and v.move in step.solution_moves)}
        # a move entry is stored under two keys; either one reached is enough
        assert not keys - reached - {k for k in keys if _move_key_reached(step, k, reached)}, name


def _move_key_reached(step: PlayStep | Puzzle, key: str, reached: set[str | None]) -> bool:
    text = step.feedback[key]
    return any(k is not None and step.feedback.get(k) == text for k in reached)


def test_every_reason_code_clicks_can_make_arises_in_a_lesson_and_is_taught(
        shipped: Course) -> None:
    reached: set[str] = set()
    taught: set[str] = set()
    for lesson in shipped.lessons:
        for step in lesson.steps:
            if step.kind == "mistake":
                taught.add(step.answer)  # type: ignore[union-attr]
            if isinstance(step, PlayStep):
                reached |= {v.code.value for _, v in judged_attempts(step.position)}
                taught |= {key.split()[0] for key in step.feedback}
    wanted = set(REASON_CODES) - NOTATION_ONLY - {"legal", "illegal"}
    assert wanted - reached == set()
    assert wanted - taught == set()
    assert "illegal" not in reached  # the judge names a reason for every click attempt


def test_the_build_button_offers_what_the_selected_cards_make() -> None:
    position = Position.parse("table: 9c 5c 3d Kh [8: 5h 3s @0]; hand: 4c 8s Jd 8c")
    rules = position.rules
    card = Card.parse
    assert build_values(rules, card("4c"), [card("9c")]) == (13,)  # not capped at 10
    assert build_values(rules, card("Jd"), [card("Kh")]) == ()  # no value: plain "Build"
    assert build_values(rules, card("5c"), [card("3d")]) == (8,)
    assert build_values(rules, card("5c"), [card("3d"), position.builds[0]]) == (16, 8)
    assert build_values(rules, None, [card("9c")]) == ()
    # every legal build of a position is among the attempts the clicks can make
    position = Position.parse("table: 5c 3d 2h 6s [4: 3h As @0]; hand: 8s 2c 6d 4c")
    made = {check(position, a).move for a in click_attempts(position)}
    assert {m for m in legal_moves(position) if m.kind == BUILD} <= made


# ----- the judge's words for the tries beginners make most -------------------------------------


def judge(position: str, played: str, chosen: str, kind: str = CAPTURE,
          value: int | None = None) -> Verdict:
    where = Position.parse(position)
    items = [Card.parse(c) for c in chosen.split()]
    return check(where, Attempt.selection(Card.parse(played), kind, items, (), value))


def test_a_single_card_names_what_it_makes_and_what_would_work() -> None:
    verdict = judge("table: 5c 3d 9h; hand: 8s 2c", "8s", "5c")
    assert verdict.message == ("5♣ alone makes 5; 8♠ takes cards that add up to 8, such as "
                               "5♣+3♦ (4.1).")
    assert "takes only" not in verdict.message


def test_an_ace_on_a_nine_is_not_about_splitting() -> None:
    verdict = judge("table: 9s Ad; hand: As", "As", "9s")
    assert verdict.message == "9♠ alone makes 9; A♠ takes cards that add up to 1, such as A♦ (4.1)."


def test_a_selection_that_cannot_be_split_names_the_card_left_over() -> None:
    verdict = judge("table: 5c 3d 4h; hand: 8s", "8s", "5c 3d 4h")
    assert verdict.message == ("5♣, 3♦ and 4♥ add up to 12, and 8♠ takes cards in groups that "
                               "each add up to 8: 5♣+3♦ makes 8, but 4♥ is left over (4.2).")


def test_a_card_counted_twice_is_diagnosed_from_clicks() -> None:
    verdict = judge("table: 5c 3d 5h; hand: 8s", "8s", "5c 3d 5h")
    assert verdict.code == "card-used-twice"
    assert "3♦ twice" in verdict.message and "one group only" in verdict.message


def test_a_build_over_the_highest_says_what_the_cards_make() -> None:
    verdict = judge("table: 9c; hand: 4c 2d", "4c", "9c", BUILD, 13)
    assert verdict.code == "build-too-high"
    assert verdict.message.startswith("4♣ and 9♣ make 13, but no build can be worth more than 10")


def test_messages_are_in_the_catalogue() -> None:
    assert t("feedback.joined", judge="A.", advice="B.") == "A. B."


def test_an_attempt_the_judge_cannot_explain_needs_a_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No click attempt of the shipped course gets the catch-all; if one did, the
    loader would say which, at the step's position."""
    from engine import ReasonCode
    from tutorial_app.course import LessonFileError, loads

    attempt = Attempt.selection(Card.parse("8s"), CAPTURE, [Card.parse("9h")])
    unexplained = Verdict(False, ReasonCode.UNEXPLAINED, "8s x 9h is not allowed here.")
    monkeypatch.setattr("tutorial_app.course.proofs.clicks.judged_attempts",
                        lambda position: ((attempt, unexplained),))
    with pytest.raises(LessonFileError) as caught:
        loads("""id: f
title: F
steps:
  - id: s
    kind: play
    position: "table: 5c 3d 9h; hand: 8s 2c"
    prompt: Take two.
    goal: {capture: [5c, 3d]}
""", "f.yaml")
    assert [str(e) for e in caught.value.errors] == [
        "f.yaml:6:15: steps[0].position: no text fits '8s x 9h': the judge's words do not "
        "name what is wrong with it (or none of its cards); add an entry for it"]
