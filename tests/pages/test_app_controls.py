"""Issue 34, the controls as they are taught and the game's words: on the Learn page the
Build button waits for the stage that teaches builds (lesson 01's tasks show Capture
and Trail alone, the first-build lesson's show Build too), each button's help says
what it does, and the Rules page has a glossary of the game's words in every
language, with one word for pips."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelpers import new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.course import Course, PlayStep
from tutorial_app.course.taught import path_of
from tutorial_app.services.store import ProgressStore
from tutorial_app.words.i18n import t, using
from tutorial_app.words.messages_glossary import GLOSSARY


def first_play_step(course: Course, lesson_id: str) -> str:
    return next(s.id for s in course.lesson(lesson_id).steps if isinstance(s, PlayStep))


def board_keys(at: AppTest) -> set[str]:
    return {str(b.key) for b in at.button if str(b.key).startswith("learn-")}


def open_step(at: AppTest, lesson: str, step: str) -> AppTest:
    at.query_params.clear()
    at.query_params.update({"lesson": lesson, "step": step})
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["learn.lesson"] == lesson
    return at


def test_the_build_button_appears_from_the_first_build_lesson(
        env: None, db: Path, monkeypatch: pytest.MonkeyPatch, shipped: Course) -> None:
    monkeypatch.delenv("CASSINO_LESSONS")  # the shipped lessons
    store = ProgressStore(db)
    ana = store.learner("Ana")
    builds = shipped.lesson("first-build")
    for done in path_of(shipped.lessons, builds):  # a locked lesson does not open by link
        store.complete_lesson(ana.id, done.id, 3)
    at = new_app()
    open_page(at, "learn")
    sign_in(at, "Ana")

    open_step(at, "cards", first_play_step(shipped, "cards"))
    keys = board_keys(at)
    assert {"learn-capture", "learn-trail"} <= keys
    assert not any(key.startswith("learn-build") for key in keys), keys
    # the line under the board names only the buttons shown
    assert t("board.how_to_no_build") in texts(at) and t("board.how_to") not in texts(at)
    trail = at.button(key="learn-trail")
    assert trail.label == t("board.trail") and trail.help == t("board.trail_help")
    assert at.button(key="learn-capture").help == t("board.capture_help")

    open_step(at, "first-build", first_play_step(shipped, "first-build"))
    assert "learn-build" in board_keys(at)  # "Build", until the cards say which value
    assert t("board.how_to") in texts(at)


def test_the_buttons_speak_the_learners_language(app: AppTest) -> None:
    open_page(app, "learn", lesson="basics", step="pair")
    sign_in(app)
    app.selectbox(key="language-picker").set_value("pt-BR").run()
    with using("pt-BR"):
        assert app.button(key="learn-trail").label == "Descartar"
        assert app.button(key="learn-trail").help == t("board.trail_help")
        assert t("board.trail_help").startswith("Descarte")


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es", "it"])
def test_the_rules_page_has_a_glossary_in_its_language(app: AppTest, lang: str) -> None:
    open_page(app, "rules", lang=lang)
    page = texts(app)
    with using(lang):
        assert t("rules.glossary") in [h.value for h in app.header]
        lines = next(m.value for m in app.markdown
                     if f"**{t('glossary.pips.term')}**" in m.value)
        for word in GLOSSARY:
            assert f"**{t(f'glossary.{word}.term')}**" in lines, word
        # one word for pips, never the court cards' word, nor the suits'
        pips, court = t("glossary.pips.term"), t("glossary.court-cards.term")
        assert pips != court and pips not in t("glossary.court-cards")
        assert court not in t("glossary.pips")
    # right after the summary, before the rules' numbered sections
    shown = [m.value for m in app.markdown]
    glossary_at = shown.index(lines)
    assert glossary_at < next(i for i, m in enumerate(shown) if m.startswith("## 1."))
    assert shown[glossary_at - 1].startswith("## ")  # the summary just before
    if lang != "en":
        assert t("rules.glossary") not in page  # the English heading is not on the page


def test_a_finished_stage_shows_its_recap(app: AppTest) -> None:
    open_page(app, "learn")
    sign_in(app)
    app.session_state["learn.finished"] = ("basics", 3)  # what Finish leaves for the path
    app.run()
    said = texts(app)
    assert "Lesson finished: Test basics" in said
    # the fixture's first tasks need the pair first: "What you can do now: ... a pair."
    assert "**What you can do now:**" in said and t("recap.pair") in said
