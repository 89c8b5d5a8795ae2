"""Languages as data: a language ships when its folder holds a complete app catalogue
and its grammar; until then learners are not offered it, and the sentence check
refuses one whose grammar is missing rather than skip its slips.

Each test works on a copy of the locales (`locales`), with a French folder made as
`make i18n-add LANGUAGE_TAG=fr` makes it; the repository's own folder is never
touched.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial_app.course.authoring import catalogues, sentences
from tutorial_app.flows import language
from tutorial_app.flows.links import LANG
from tutorial_app.words import i18n

REAL = i18n.LOCALES


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the locales with a fresh, untranslated French folder in it, made from
    the templates as `make i18n-add` makes it."""
    root = tmp_path / "locales"
    shutil.copytree(REAL, root, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALES", root)
    monkeypatch.setattr(catalogues, "LOCALES", root)
    fresh = {domain: catalogues.read(root / f"{domain}.pot")
             for domain in (i18n.APP_DOMAIN, i18n.LESSON_DOMAIN)}
    catalogues.update_all(fresh, ["fr"])
    i18n.forget("fr")
    yield root
    i18n.forget("fr")


def translate_all(root: Path) -> None:
    """Fill every French app entry (the English with a mark, its fields kept): a
    complete catalogue, as a translator leaves it."""
    path = root / "fr" / "LC_MESSAGES" / f"{i18n.APP_DOMAIN}.po"
    catalogue = catalogues.read(path, "fr")
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, (tuple, list)):
            message.string = tuple(f"FR {message.id[min(i, 1)]}"
                                   for i in range(catalogue.num_plurals))
        else:
            message.string = f"FR {message.id}"
    catalogues.write(path, catalogue)
    i18n.forget("fr")


def offered_anywhere(lang: str) -> dict[str, bool]:
    """Whether each way a learner can ask for a language gives it: the picker, the
    welcome screen's row (the same list), `?lang=` and the browser's language."""
    memory: dict[str, object] = {}
    picker = language.picker_choice(memory)
    params = {LANG: lang}
    chosen = language.choose({}, params, lambda: None)
    browser = language.browser_language(f"{lang}-FR", None)
    return {"picker": lang in picker, "offered": lang in i18n.offered_languages(),
            "link": chosen == lang, "browser": browser == lang}


def test_a_fresh_language_folder_is_not_offered(locales: Path) -> None:
    assert "fr" in i18n.available_languages()  # the folder is there, for the translator
    assert not i18n.app_complete("fr")
    assert offered_anywhere("fr") == dict.fromkeys(
        ("picker", "offered", "link", "browser"), False)
    assert "fr" not in i18n.shipped_languages()
    for lang in ("pt-BR", "es", "it"):  # the shipped ones are
        assert all(offered_anywhere(lang).values()), lang


def test_a_half_translated_catalogue_is_not_offered(locales: Path) -> None:
    translate_all(locales)
    (locales / "fr" / i18n.GRAMMAR).write_bytes((locales / "it" / i18n.GRAMMAR).read_bytes())
    path = locales / "fr" / "LC_MESSAGES" / f"{i18n.APP_DOMAIN}.po"
    catalogue = catalogues.read(path, "fr")
    message = next(m for m in catalogue if m.context == "sidebar.language")
    message.string = ""
    catalogues.write(path, catalogue)
    i18n.forget("fr")
    assert "fr" in i18n.shipped_languages() and not i18n.app_complete("fr")
    assert not any(offered_anywhere("fr").values())


def test_the_sentence_check_refuses_a_complete_language_without_grammar(
        locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    translate_all(locales)
    assert i18n.app_complete("fr") and "fr" not in i18n.shipped_languages()
    assert not any(offered_anywhere("fr").values())  # not shipped: not offered
    assert catalogues.read_sentences() is False
    said = capsys.readouterr().out
    assert "refused: fr" in said and str(locales / "fr" / i18n.GRAMMAR) in said
    with pytest.raises(sentences.GrammarMissing) as missing:
        sentences.check_all(Path("unused"), ["en", "fr"])
    assert missing.value.missing == sentences.TABLES
    with pytest.raises(sentences.GrammarMissing):
        sentences.slips("Il y a 2 cartes.", "fr")


def test_the_sentence_check_names_a_grammar_table_left_out(
        locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    translate_all(locales)
    text = (locales / "it" / i18n.GRAMMAR).read_text(encoding="utf-8")
    without = text[:text.index("[negation]")] + text[text.index("[contractions]"):]
    (locales / "fr" / i18n.GRAMMAR).write_text(without.replace("never = ", "nie = "),
                                               encoding="utf-8")
    assert "fr" in i18n.shipped_languages()  # the grammar file ships it...
    with pytest.raises(sentences.GrammarMissing) as missing:
        sentences.grammar("fr")
    assert missing.value.missing == ("negation", "glossary.never")
    assert catalogues.read_sentences() is False  # ...and the check refuses it
    said = capsys.readouterr().out
    assert "refused: fr" in said and "negation, glossary.never" in said


def test_a_complete_catalogue_and_its_grammar_ship_the_language(locales: Path) -> None:
    translate_all(locales)
    (locales / "fr" / i18n.GRAMMAR).write_bytes((locales / "it" / i18n.GRAMMAR).read_bytes())
    assert "fr" in i18n.shipped_languages() and "fr" in catalogues.SHIPPED
    assert all(offered_anywhere("fr").values())
    with i18n.using("fr"):
        assert i18n.t("sidebar.language").startswith("FR ")
    assert sentences.slips("captura 1 carte", "fr") == ["number-agreement"]  # its grammar


def test_every_translated_language_in_the_repository_ships_with_its_grammar() -> None:
    """A complete catalogue without a grammar file would be a language the picker does
    not offer and the checks do not read: every folder is either shipped (grammar and
    a complete catalogue) or still being translated."""
    assert REAL == i18n.LOCALES
    shipped = i18n.shipped_languages()
    assert shipped, "no language ships"
    for lang in catalogues.languages():
        assert (lang in shipped) == i18n.app_complete(lang), lang
    assert i18n.offered_languages() == [i18n.DEFAULT_LANGUAGE, *shipped]
    assert sentences.grammar(i18n.DEFAULT_LANGUAGE).telltale  # English's own table
    for lang in shipped:
        assert sentences.grammar(lang).nouns, lang


def test_a_language_made_at_run_time_is_offered() -> None:
    """Tests' pseudo-languages (`i18n.add_messages`) are offered as they are: they are
    made whole."""
    i18n.add_messages("qz", {"sidebar.language": "QZ"})
    try:
        assert "qz" in i18n.offered_languages() and i18n.supported("qz") == "qz"
    finally:
        i18n.forget("qz")
