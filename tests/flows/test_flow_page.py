"""The page plumbing every controller shares (flows/page.py): what is said is kept as
a key and facts and worded when drawn, a link is followed once, writing it keeps the
language, a lesson is found or not, and a failed save is told in a word."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest

from engine import Position, check, parse_attempt
from tutorial_app.flows import links, page
from tutorial_app.flows.page import Message, Notice, Tone
from tutorial_app.flows.state import Memory
from tutorial_app.words import words
from tutorial_app.words.i18n import t, using


def memory() -> tuple[dict[str, Any], Memory]:
    raw: dict[str, Any] = {}
    return raw, Memory(raw, "learn")


def test_a_notice_is_worded_in_the_language_of_the_drawing_not_of_the_click() -> None:
    raw, mem = memory()
    page.tell(mem, "learn.not_saved")
    assert raw["learn.notice"] == Message("learn.not_saved")  # a key, not a sentence
    with using("pt-BR"):
        said = page.take_notice(mem)
        portuguese = t("learn.not_saved")
    assert said == portuguese and said != t("learn.not_saved")
    assert page.take_notice(mem) is None  # said once


def test_a_link_error_keeps_its_facts_and_is_said_once() -> None:
    _, mem = memory()
    page.link_error(mem, "learn.no_such_lesson", id="nope")
    assert page.take_link_error(mem) == t("learn.no_such_lesson", id="nope")
    assert "nope" in t("learn.no_such_lesson", id="nope")
    assert page.take_link_error(mem) is None


def test_a_link_is_followed_once_and_the_written_one_is_not_followed_again() -> None:
    _, mem = memory()
    params = {links.LESSON: "basics", links.STEP: "pair"}
    assert page.new_link(mem, params, links.LESSON, links.STEP) == ("basics", "pair")
    assert page.new_link(mem, params, links.LESSON, links.STEP) is None
    params[links.LANG] = "es"
    page.write_link(mem, params, {links.LESSON: "sums", links.STEP: ""})
    assert params == {links.LESSON: "sums", links.LANG: "es"}  # the language stays
    assert page.new_link(mem, params, links.LESSON, links.STEP) is None


def test_finding_a_lesson_that_is_not_there_is_none() -> None:
    lessons = {"basics": 1}
    assert page.find(lessons.__getitem__, "basics") == 1
    assert page.find(lessons.__getitem__, "gone") is None
    assert page.find(lessons.__getitem__, "") is None


def test_a_failed_save_is_logged_and_told(caplog: pytest.LogCaptureFixture) -> None:
    _, mem = memory()

    def broken() -> None:
        raise sqlite3.OperationalError("disk I/O error")

    with caplog.at_level(logging.ERROR, logger="tutorial_app.flows.page"):
        assert not page.save(mem, broken, "learn.not_saved", "progress for learner 1")
    assert "could not save progress for learner 1" in caplog.text
    assert "disk I/O error" in caplog.text
    assert page.take_notice(mem) == t("learn.not_saved")
    assert page.save(mem, lambda: None, "learn.not_saved", "nothing")
    assert page.take_notice(mem) is None


def test_a_notice_words_a_move_and_a_verdict_when_drawn() -> None:
    position = Position.parse("table: 5c 3d; hand: 8s 7h")
    verdict = check(position, parse_attempt("7h x 5c"))
    assert not verdict.legal
    refused = Notice(Tone.REFUSED, verdict, verdict.rule)
    with using("es"):
        spanish = words.verdict(verdict)
        assert refused.text == spanish
    assert refused.text == words.verdict(verdict) != spanish
    move = check(position, parse_attempt("8s x 5c+3d")).move
    assert move is not None
    played = Notice.of(Tone.PLAYED, "play.you_played_sweep", move=move)
    assert played.text == t("play.you_played_sweep", move=words.move(move))
    with using("es"):
        assert played.text == t("play.you_played_sweep", move=words.move(move)) != spanish


def test_an_engine_refusal_kept_in_a_notice_is_worded_when_drawn() -> None:
    """The engine's error is kept, not its English: the notice follows the language."""
    from engine.errors import TooMuchWorkError
    from tutorial_app.flows.page import worded

    error = TooMuchWorkError("too much work: 200001 steps > 200000")
    notice = Notice(Tone.REFUSED, error)
    assert notice.text == str(error) == worded(error)
    with using("es"):
        assert notice.text == t("error.too-much-work") != str(error)
