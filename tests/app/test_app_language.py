"""The language is per session: a link's ?lang=, the sidebar's picker, the learner's
stored choice; another session on the same server keeps its own language."""

from __future__ import annotations

from pathlib import Path

from apphelpers import new_app, open_page, sign_in, texts
from streamlit.testing.v1 import AppTest

from tutorial_app.services.store import ProgressStore


def english_words_in(at: AppTest) -> list[str]:
    """English catalogue sentences (more than three words) found on the page."""
    from tutorial_app.course import i18n

    shown = texts(at)
    return [text for key, text in i18n.english().items()
            if len(text.split()) > 3 and "{" not in text and text in shown
            and not key.startswith(("app.", "sandbox.notation"))]


def test_a_link_opens_in_its_language_and_another_session_stays_english(app: AppTest) -> None:
    open_page(app, "learn", lang="pt-BR")
    assert "Bem-vindo! Qual é o seu nome?" in texts(app)
    assert app.query_params.get("lang") in ("pt-BR", ["pt-BR"])
    other = new_app()
    open_page(other, "learn")
    assert "Welcome! What is your name?" in texts(other)
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
    assert "Welcome! What is your name?" in texts(app)
