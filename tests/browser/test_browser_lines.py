"""A line puzzle played to the end in a real browser, on a 390x844 phone: a wrong
first move is answered by the reply that refutes it, in words, with the puzzle's own
reason; the right line is answered move by move and ends in success."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserpage import PHONE, new_page, press, release, select, sign_in
from browserserver import Server
from playwright.sync_api import Page, expect

from engine.players.lines import LineSolver
from tutorial_app.flows.line_play import replay, shipped_lines
from tutorial_app.words import words

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
PUZZLE = "counting-20"  # its line and its tempting move are trails and pairs


@pytest.fixture
def phone(browser: Any) -> Iterator[Page]:
    opened = new_page(browser, PHONE, has_touch=True)
    yield opened
    release(opened)


def test_a_line_puzzle_on_a_phone(real_server: Server, phone: Page) -> None:
    puzzle = next(p for p in shipped_lines(LESSONS) if p.id == PUZZLE)
    sim, track = replay(puzzle, ())
    tempting = next(m for m in sim.legal_moves() if m.text == puzzle.tempting)
    refutation = LineSolver(puzzle.goal).refutation(sim, track, tempting)
    assert refutation is not None and refutation.text == puzzle.tempting_reply
    page = phone
    page.goto(f"{real_server.url}/puzzles")
    sign_in(page, "Lina")
    press(page, page.get_by_text("Lines of play", exact=True))
    press(page, page.get_by_role("combobox", name=re.compile("Line puzzle")))
    start = puzzle.prompt[:40]  # the list names each by its number and prompt, no id
    page.keyboard.type(start)  # the list is long: typing narrows it to this one
    number = [p.id for p in shipped_lines(LESSONS)].index(PUZZLE) + 1
    press(page, page.get_by_role("option", name=re.compile(rf"^{number}\. {re.escape(start)}")))
    expect(page.get_by_text(puzzle.prompt)).to_be_visible()

    # the tempting move: the queens pair, and the solver's reply refutes it
    select(page, "queen of spades", "queen of hearts")
    press(page, page.get_by_role("button", name="Capture", exact=True))
    warning = page.get_by_test_id("stAlertContentWarning")
    expect(warning).to_contain_text(f"Then they answer: {words.move(refutation)}, ")
    expect(warning).to_contain_text(puzzle.why)

    # the right line, answered move by move
    press(page, page.get_by_role("button", name="Try the line again"))
    first, second = puzzle.turns
    assert first.play == "6h t" and second.play == "6d x 6h" and first.reply is not None
    select(page, "six of hearts")
    press(page, page.get_by_role("button", name="Trail", exact=True))
    after = replay(puzzle, (first.play,))[0]
    reply = next(m for m in after.legal_moves() if m.text == first.reply)
    expect(page.get_by_text(f"They answer: {words.move(reply)}.")).to_be_visible()
    select(page, "six of diamonds", "six of hearts")
    press(page, page.get_by_role("button", name="Capture", exact=True))
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text(puzzle.success)
    assert page.get_by_test_id("stException").count() == 0
