"""One translation lookup: every key the code uses exists in English, a new
language is data only, and lesson texts fall back to what the file says."""

from __future__ import annotations

import importlib
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial_app.course import load_course
from tutorial_app.words import i18n

FILES = tuple(importlib.import_module(name).MESSAGES for name in i18n.english_modules())
MESSAGES = {key: text for messages in FILES for key, text in messages.items()}
APP = Path(i18n.__file__).parents[1]
GOOD = Path(__file__).parent / "good"


@pytest.fixture
def french() -> Iterator[None]:
    i18n.add_messages("fr-test", {
        "goal.most-cards": "prenez le plus de cartes possible",
        "lesson.basics.steps.first-sum.prompt": "Prenez deux cartes avec votre 8♠.",
    })
    i18n.set_language("fr-test")
    yield
    i18n.set_language("en")
    i18n.forget("fr-test")


def test_every_literal_key_in_the_code_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for path in APP.rglob("*.py"):
        used |= set(re.findall(r'\bt\(\s*"([a-z0-9.-]+)"', path.read_text(encoding="utf-8")))
    assert used and not used - MESSAGES.keys()


def test_generated_keys_exist() -> None:
    for family in ("kind.capture", "kind.build", "kind.trail", "goal.kind.capture",
                   "goal.kind.build", "goal.kind.trail", "count.card.one", "count.point.other",
                   *(f"rank.{n}" for n in range(1, 15))):
        assert family in MESSAGES


def test_the_english_files_share_no_key() -> None:
    assert len(FILES) >= 5 and sum(map(len, FILES)) == len(MESSAGES)


def test_a_messages_module_is_found_by_its_name() -> None:
    """A new subject's sentences are one new file: the lookup finds it unasked."""
    assert {"tutorial_app.words.messages_en", "tutorial_app.words.messages_steps",
            "tutorial_app.words.messages_count"} <= set(i18n.english_modules())
    assert i18n.t("play.you_played_sweep", move="x") == "You played: x — a sweep!"


def test_fields_are_plain_names() -> None:
    for key, text in MESSAGES.items():
        for _, name, _, _ in string.Formatter().parse(text):
            assert name is None or name.isidentifier(), key


def test_unknown_key_shows_itself() -> None:
    assert i18n.t("no.such.key") == "no.such.key"


def test_lists_and_counts() -> None:
    assert i18n.join_and(["a", "b", "c"]) == "a, b and c"
    assert i18n.join_or(["a", "b"]) == "a or b"
    assert (i18n.count(1, "card"), i18n.count(2, "card")) == ("1 card", "2 cards")


def test_another_language_changes_ui_and_lesson_text(french: None) -> None:
    assert i18n.t("goal.most-cards") == "prenez le plus de cartes possible"
    assert i18n.t("goal.sweep") == "sweep the table (take every card on it)"  # falls back
    course = load_course(GOOD)
    step = course.lesson("basics").step("first-sum")
    assert step.prompt == "Prenez deux cartes avec votre 8♠."  # type: ignore[union-attr]
    assert course.puzzle("p-sum").hints[0] != ""


def test_a_language_is_a_folder_of_po_files(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A new language is one folder; a translation made from older English is stale
    and shows the English; one with other fields is not used."""
    from tutorial_app.course.authoring import catalogues

    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    monkeypatch.setattr(catalogues, "LOCALES", tmp_path)
    fresh = catalogues.template(i18n.APP_DOMAIN, {
        "goal.sweep": MESSAGES["goal.sweep"], "goal.most-cards": MESSAGES["goal.most-cards"],
        "goal.build": MESSAGES["goal.build"]})
    catalogues.update_all({i18n.APP_DOMAIN: fresh}, ["fr"])
    path = catalogues.po_path("fr", i18n.APP_DOMAIN)
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgid "sweep the table (take every card on it)"\nmsgstr ""',
                        'msgid "sweep the table (take every card on it)"\nmsgstr "BALAYEZ"')
    text = text.replace('msgid "take as many table cards as you can"\nmsgstr ""',
                        'msgid "take many cards (old English)"\nmsgstr "PRENEZ"')
    text = text.replace('msgid "make a build worth {value}"\nmsgstr ""',
                        'msgid "make a build worth {value}"\nmsgstr "CONSTRUISEZ {valeur}"')
    path.write_text(text, encoding="utf-8")
    assert "fr" in i18n.available_languages()
    try:
        with i18n.using("fr"):
            assert i18n.t("goal.sweep") == "BALAYEZ"
            assert i18n.t("goal.most-cards") == MESSAGES["goal.most-cards"]  # stale
            assert i18n.t("goal.build", value=7) == "make a build worth 7"  # other fields
        report = catalogues.check("fr", i18n.APP_DOMAIN, {
            "goal.sweep": MESSAGES["goal.sweep"], "goal.most-cards": MESSAGES["goal.most-cards"],
            "goal.build": MESSAGES["goal.build"]})
        assert report.stale == ["goal.most-cards"] and report.bad_fields == ["goal.build"]
    finally:
        i18n.forget("fr")


def test_the_language_is_per_run_not_per_process() -> None:
    import threading

    seen: dict[str, str] = {}
    i18n.add_messages("xx-test", {"goal.sweep": "SWEEP-XX"})

    def other() -> None:
        seen["other"] = i18n.t("goal.sweep")

    with i18n.using("xx-test"):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        seen["here"] = i18n.t("goal.sweep")
    i18n.forget("xx-test")
    assert seen == {"here": "SWEEP-XX", "other": MESSAGES["goal.sweep"]}
