"""The Build buttons a selection offers (flows/moveinput.py `Selection.build_offers`, the
rule in course/proofs/clicks.py `offered_values`): never a value that no build can have beside
one that a build can ("Construir 20" next to "Construir 10"); every legal build of a
position, as the engine's move generator lists them, offered for the cards it is made
of; and the attempts the lesson loader proves its words on are the buttons offered."""

from __future__ import annotations

from apphelpers import click, open_page
from streamlit.testing.v1 import AppTest

from engine import BUILD, Build, Card, Position, legal_moves
from tutorial_app.course import Course, PlayStep
from tutorial_app.course.proofs.clicks import click_attempts
from tutorial_app.flows.moveinput import Selection

TENS = "table: Tc 5h; hand: Td Ts 9c"  # 10♦ on the 10♣ makes 20, or a build of 10s


def _build_buttons(at: AppTest) -> list[str]:
    return [str(b.label) for b in at.button if (b.key or "").startswith("sandbox-build")]


def test_ten_on_ten_offers_build_ten_alone_on_the_screen(app: AppTest) -> None:
    open_page(app, "sandbox", position=TENS)
    click(app, "cb-sandbox-h-10d")
    click(app, "cb-sandbox-t-10c")
    assert _build_buttons(app) == ["Build 10"]
    click(app, "sandbox-build-10")
    assert app.success and "10♦" in app.success[0].value, [s.value for s in app.success]


def test_ten_on_ten_with_no_ten_left_offers_the_build_it_would_be_and_says_why_not(
        app: AppTest) -> None:
    open_page(app, "sandbox", position="table: Tc; hand: Td 9c")
    click(app, "cb-sandbox-h-10d")
    click(app, "cb-sandbox-t-10c")
    assert _build_buttons(app) == ["Build 10"]
    click(app, "sandbox-build-10")
    assert app.error and "10" in app.error[0].value


def test_a_total_over_the_highest_build_is_offered_alone_so_the_judge_says_why(
        app: AppTest) -> None:
    open_page(app, "sandbox", position="table: 9c; hand: 4c 2d")
    click(app, "cb-sandbox-h-4c")
    click(app, "cb-sandbox-t-9c")
    assert _build_buttons(app) == ["Build 13"]
    click(app, "sandbox-build-13")
    assert app.error and "no build can be worth more than 10" in app.error[0].value


def _selection(attempt_card: Card | None, items: tuple[object, ...]) -> Selection:
    return Selection(attempt_card, frozenset(i for i in items if isinstance(i, Card)),
                     frozenset(i for i in items if isinstance(i, Build)))


def _positions(course: Course) -> list[Position]:
    found = [step.position for lesson in course.lessons for step in lesson.steps
             if isinstance(step, PlayStep)]
    found += [puzzle.position for puzzle in course.puzzles]
    found += [Position.parse("table: 5c 3d 2h 6s [4: 3h As @0]; hand: 8s 2c 6d 4c"),
              Position.parse(TENS),
              Position.parse("table: 7c 3h 4d; hand: 7h 7s")]
    return found


def test_every_legal_build_is_offered_and_nothing_beside_it_that_no_build_can_be(
        shipped: Course) -> None:
    """Over the shipped course's positions: each legal build move (the engine's move
    generator) is offered for the cards it is made of; every value offered beside
    another is one a build can have."""
    checked = 0
    for position in _positions(shipped):
        rules = position.rules
        for move in legal_moves(position):
            if move.kind != BUILD:
                continue
            sel = Selection(move.card, frozenset(move.loose), frozenset(move.builds))
            assert move.value in sel.build_offers(rules), (position.text, move.text)
            checked += 1
        made: dict[Selection, set[int | None]] = {}
        for attempt in click_attempts(position):
            if attempt.kind == BUILD:
                sel = _selection(attempt.card, (*attempt.items, *attempt.targets))
                made.setdefault(sel, set()).add(attempt.value)
        for sel, values in made.items():
            offers = sel.build_offers(rules)
            # the loader proves the lessons' words on the very buttons the page offers
            assert values == (set(offers) or {None}), (position.text, sel, values, offers)
            assert set(offers) <= set(sel.build_values(rules))
            if len(offers) > 1:
                assert max(offers) <= rules.max_build, (position.text, offers)
    assert checked > 100
