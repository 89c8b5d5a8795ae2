"""The language is per session: a link's ?lang=, the sidebar's picker, the learner's
stored choice; another session on the same server keeps its own language."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from apphelpers import new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.services.store import ProgressStore


def english_words_in(at: AppTest) -> list[str]:
    """English catalogue sentences (more than three words) found on the page."""
    from tutorial_app.words import i18n

    shown = texts(at)
    return [text for key, text in i18n.english().items()
            if len(text.split()) > 3 and "{" not in text and text in shown
            and not key.startswith(("app.", "sandbox.notation"))]


def test_a_link_opens_in_its_language_and_another_session_stays_english(app: AppTest) -> None:
    open_page(app, "learn", lang="pt-BR")
    assert "Bem-vindo! Quem vai aprender?" in texts(app)
    assert app.query_params.get("lang") in ("pt-BR", ["pt-BR"])
    other = new_app()
    open_page(other, "learn")
    assert "Welcome! Who is learning?" in texts(other)
    open_page(app, "rules")  # still Portuguese on the next page of the same session
    assert "As regras do Cassino" in texts(app)
    assert not english_words_in(app)


def test_the_picker_switches_and_the_learner_keeps_the_choice(app: AppTest, db: Path) -> None:
    open_page(app, "learn")
    sign_in(app, "Bia")
    app.selectbox(key="language-picker").set_value("it").run()
    assert "Le tue lezioni" in texts(app)
    assert not english_words_in(app)
    with ProgressStore(db) as store:
        bia = store.learner("Bia")
        assert store.learner_language(bia.id) == "it"
    later = new_app()  # a new session: Bia signs in again and gets her language back
    open_page(later, "learn")
    sign_in(later, "Bia")
    later.run()
    assert "Le tue lezioni" in texts(later)


def test_an_unknown_language_in_a_link_is_english(app: AppTest) -> None:
    open_page(app, "learn", lang="xx-nowhere")
    assert "Welcome! Who is learning?" in texts(app)


# Entries that are punctuation or pure fields: nothing to mark.
UNMARKED = ("list.", "number.decimal", "advice.percent",
            "card.", "judge.value.", "rank.", "sandbox.line_move", "miss.points-item",
            "play.log.move", "sandbox.listed_played", "learn.stars", "puzzle.title")


@pytest.fixture
def marked(course_dir: Path) -> Iterator[str]:
    """A pseudo-language that wraps every text of the catalogues in ⟦ ⟧."""
    from tutorial_app.course.authoring import catalogues
    from tutorial_app.words import i18n

    texts_ = {k: f"⟦{v}⟧" for k, v in i18n.english().items() if not k.startswith(UNMARKED)}
    texts_.update({k: f"⟦{v}⟧" for k, v in catalogues.english_lessons(course_dir).items()})
    i18n.add_messages("qx", texts_)
    yield "qx"
    i18n.forget("qx")


@pytest.mark.parametrize("page", ["learn", "puzzles", "sandbox", "classroom", "play"])
def test_every_page_says_everything_through_the_catalogue(app: AppTest, marked: str,
                                                          page: str) -> None:
    """Run under a marking pseudo-language: no words outside the marks (the learner's
    name, card notation and numbers aside)."""
    open_page(app, "learn", lang=marked)
    if page != "classroom":  # the classroom is a teacher's page, never a learner's
        sign_in_button = [b for b in app.button if "Start learning" in b.label]
        app.text_input(key="signin_name").input("Zed")
        sign_in_button[0].click().run()
    open_page(app, page, lang=marked)
    shown = re.sub(r"⟦[^⟧]*⟧", " ", texts(app), flags=re.S)
    assert re.findall(r"[A-Za-z]{3,}(?:\s+[A-Za-z]{2,})+", shown.replace("Zed", "")) == []
    labels = [b.label for b in app.button] + [t.label for t in app.toggle]
    assert [label for label in labels if "⟦" not in label and re.search(r"[a-z]{3}", label)
            and label.strip() != "Zed"] == []


def test_importing_the_pages_installs_nothing() -> None:
    """The session's language is wired to the translation layer by app.py's call, not
    as a side effect of importing the drawing code (a fresh interpreter checks)."""
    code = ("import tutorial_app.ui.language, tutorial_app.ui.sidebar\n"
            "from tutorial_app.words import i18n\n"
            "assert i18n._resolver is None, i18n._resolver\n"
            "tutorial_app.ui.language.install()\n"
            "assert i18n._resolver is not None\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_the_welcome_screen_offers_the_four_languages_in_their_own_names(
        app: AppTest) -> None:
    """A Spanish speaker whose phone is set to English: the languages are on the first
    screen, each in itself (the picker was at the bottom of the folded sidebar)."""
    open_page(app, "learn")
    assert "Welcome! Who is learning?" in texts(app)
    offered = {b.label for b in app.button if b.key and b.key.startswith("welcome-lang-")}
    assert offered == {"English", "Español", "Italiano", "Português (Brasil)"}
    app.button(key="welcome-lang-es").click().run()
    assert not app.exception
    assert "¡Bienvenido! ¿Quién va a aprender?" in texts(app), texts(app)[:300]
    assert app.query_params.get("lang") in ("es", ["es"])
    assert app.selectbox(key="language-picker").value == "es"
