"""The shipped translations: complete, never stale, with the English's fields; and the
judge's explanation of every reason code, on a real position, in every language."""

from __future__ import annotations

import re

import pytest
from shipped import english_lesson_texts

from engine import BUILD, CAPTURE, REASON_CODES, TRAIL, Attempt, Card, Position, Verdict, check
from engine.judge_words import TEMPLATES
from tutorial_app.course.authoring import catalogues
from tutorial_app.words import i18n, words

SHIPPED = i18n.shipped_languages()  # the folders with a grammar file: one list

# A real position and attempt for every explanation the judge gives (every template
# key, so every reason code); "illegal" is the catch-all no attempt reaches.
CASES: dict[str, tuple[str, str]] = {
    "legal": ("table: 7d; hand: 2s 3c", "3c t"),
    "no-card": ("table: 3s; hand: 7d Jh Ks", "-"),
    "card-not-in-hand": ("table: 6d; hand: Ac 6s", "8h t"),
    "card-not-in-hand.empty": ("table: 6d; hand: -", "8h t"),
    "card-used-twice": ("table: As Ah Ac 5d Js Qd; hand: Ad; seat: 1; players: 4",
                        "Ad b39 As Ah Ac Js Qd Qd"),
    "card-used-twice.build": ("table: 5c [8: 5h 3s @0]; hand: 8s 8d", "8s x [5h 3s] [5h 3s]"),
    "part-of-build": ("table: [5: Ah Ac 3h @1]; hand: 2d 5c; seat: 1", "5c b10 Ac"),
    "part-of-build.cards": ("table: 5c [8: 5h 3s @0]; hand: 8s 8d", "8s x [5h]"),
    "not-on-table": ("table: -; hand: 3h 9s; seat: 1", "9s b16 7d"),
    "not-on-table.build": ("table: 5c [8: 5h 3s @0]; hand: 8s 8d", "8s x [4h 4d]"),
    "not-on-table.value": ("table: 5c [8: 5h 3s @0]; hand: 8s 8d", "8s x [7]"),
    "ambiguous": ("table: 5c [8: 5h 3s @0] [8: 6h 2s @0]; hand: 8s 8d", "8s x [8]"),
    "leaves-build-uncovered": ("table: 9c [9: Ac 8s @0]; hand: 2d 9s", "9s x 9c"),
    "trail-with-table-cards": ("table: Ah; hand: 3s 4s", "4s t Ah"),
    "trail-while-controlling": ("table: 7h [2: As Ad @0]; hand: 2d 4s Kd", "2d t"),
    "capture-nothing": ("table: -; hand: 3d", "3d x"),
    "bad-capture-value.ace": ("table: Ad 2d Qc; hand: As Ac 2h 7s; seat: 1", "Ac x14 Ad"),
    "bad-capture-value": ("table: 9h Ks; hand: 8c; seat: 1", "8c x9 9h"),
    "number-takes-court": ("table: Ah 3h Qc Kh; hand: 2h 6s", "6s x Ah Qc"),
    "build-wrong-value.rank": ("table: 8h [5: Ac 2h 2d @1]; hand: Ad 7d 9d Jd; rules: draw",
                               "Jd x [Ac 2h 2d]"),
    "court-by-sum": ("table: 4d; hand: 8h Js Jc", "Js x 4d"),
    "wrong-sum.aces": ("table: 8c; hand: Ah; rules: classic aces_like_faces=true; last",
                       "Ah x 8c"),
    "court-takes-more-than-one": ("table: As Ah 5h 5d 5c; hand: Ad 2c 8d; "
                                  "rules: classic aces_like_faces=true", "Ad x As Ah"),
    "build-wrong-value": ("table: 3h 5h 6d [6: As Ac 4d @1]; hand: 3s", "3s x [As Ac 4d]"),
    "card-used-twice.clicked": ("table: 5c 3d 5h; hand: 8s", "8s x 5c 3d 5h (selected)"),
    "wrong-sum.left-over": ("table: 5c 3d 2h; hand: 8s", "8s x 5c 3d 2h (selected)"),
    "wrong-sum.left-over.cards": ("table: 5c 3d 2h 2s; hand: 8s", "8s x 5c 3d 2h 2s (selected)"),
    "wrong-sum.left-over.groups": ("table: 5c 3d 6h 2s Ah; hand: 8s",
                                   "8s x 5c 3d 6h 2s Ah (selected)"),
    "wrong-sum.left-over.groups.cards": ("table: 5c 3d 6h 2s 4h 3h; hand: 8s",
                                         "8s x 5c 3d 6h 2s 4h 3h (selected)"),
    "wrong-sum.one": ("table: 3c 7h 5h; hand: 2c 8d", "8d x 7h"),
    "wrong-sum.one.none": ("table: 3c 7h; hand: 2c 8d", "8d x 7h"),
    "wrong-sum.group": ("table: Ah 4h 7h; hand: 2c 4d", "4d x 4h+Ah"),
    "wrong-sum.group.none": ("table: 4h 4d 4c; hand: 6s", "6s x 4h 4d 4c (selected)"),
    "build-in-sum": ("table: 3d [3: Ad 2d @0]; hand: As 3s 10c; rules: spade",
                     "10c x 3d+[Ad 2d]"),
    "builds-off": ("table: -; hand: Ac; rules: no-builds", "Ac b1"),
    "court-cannot-build": ("table: 8s; hand: Qd", "Qd b1"),
    "court-cannot-build.loose": ("table: Ah Ad 5d Js; hand: 5s", "5s b4 5d Js"),
    "court-cannot-build.loose.many": ("table: Ah Ad 5d Js Qs; hand: 5s", "5s b4 5d Js Qs"),
    "two-builds": ("table: 2h [7: Ac 6s @1] [9: Ah 8h @0]; hand: 4h 9h",
                   "4h b6 [Ac 6s] [Ah 8h] 2h"),
    "wrong-sum.no-value": ("table: 2h 8h; hand: 5d 7d; seat: 1; last", "5d b0 2h"),
    "build-too-high": ("table: -; hand: Ah", "Ah b12"),
    "build-too-high.cards": ("table: 5c; hand: 9h Ah", "9h b14 5c"),
    "build-not-held": ("table: As [4: Ah 3c @1]; hand: 4d 9s", "4d b4 [Ah 3c]"),
    "build-not-held.empty": ("table: As [4: Ah 3c @1]; hand: 4d", "4d b4 [Ah 3c]"),
    "build-no-table-cards": ("table: -; hand: 5d 8h", "5d b4"),
    "wrong-sum.too-big": ("table: 3s; hand: 5c", "5c b3 3s"),
    "build-without-played-card": ("table: Ad Ac 2s 3s 5c Kh; hand: As Ah 7d; rules: royal",
                                  "As b6 Ad 2s 3s"),
    "wrong-sum.build": ("table: 6c; hand: 2h; rules: draw", "2h b10 6c"),
    "wrong-sum.build.groups": ("table: 6c; hand: 2h; rules: draw", "2h b4 6c"),
    "wrong-sum.build-onto": ("table: 2h 4h [6: Ah 5s @0]; hand: 3h 6c; rules: royal",
                             "3h b6 [Ah 5s]"),
    "wrong-sum.build-onto.groups": ("table: 2h 4h 5d [6: Ah 5s @0]; hand: 3h 6c; rules: royal",
                                    "3h b6 [Ah 5s] 4h 5d"),
    "wrong-sum.join": ("table: 2d [3: 3d 3c @0]; hand: 3h 8h; rules: spade", "8h b3 [3d 3c] 2d"),
    "raise-multiple": ("table: Ad 2h 9s [4: As 3d 4s @0]; hand: Ac 4d", "Ac b3 [As 3d 4s]"),
    "loose-changes-build": ("table: Ad [5: 2s 3s @0]; hand: 2h 8c", "2h b8 [2s 3s] Ad"),
    "wrong-sum.raise": ("table: Ad Kd [7: 3h 4d @1]; hand: Ah 7s Kh; seat: 1", "7s b3 [3h 4d]"),
    "loose-changes-build.groups": ("table: Ad 2d 5h Jd Ks [2: As Ac @0]; hand: Ah 2h 3d 8d",
                                   "Ah b3 [As Ac] 5h"),
}
SPECIAL: dict[str, Attempt] = {  # attempts the notation cannot write
    "-": Attempt(None, BUILD, 13, ((Card.parse("3s"),),)),
    "5d b0 2h": Attempt(Card.parse("5d"), BUILD, None, ((Card.parse("2h"),),)),
    "4s t Ah": Attempt(Card.parse("4s"), TRAIL, None, ((Card.parse("Ah"),),)),
}
for _text in [a for _, a in CASES.values() if a.endswith(" (selected)")]:  # clicked cards
    _card, _, *_items = _text.removesuffix(" (selected)").split()
    SPECIAL[_text] = Attempt(Card.parse(_card), CAPTURE, None,
                             (tuple(Card.parse(c) for c in _items),), grouped=False)
CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]")


def judged(template: str) -> Verdict:
    position, attempt = CASES[template]
    return check(Position.parse(position), SPECIAL.get(attempt, attempt))


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_app_catalogue_is_complete_current_and_keeps_the_fields(lang: str) -> None:
    report = catalogues.check(lang, i18n.APP_DOMAIN, catalogues.english_app())
    assert report.total > 600
    assert report.missing == [] and report.stale == [] and report.bad_fields == []
    assert report.translated == report.total


def test_every_explanation_and_reason_code_has_a_case() -> None:
    assert set(CASES) == set(TEMPLATES) - {"illegal"}
    codes = {judged(name).code for name in CASES}
    assert codes == set(REASON_CODES) - {"illegal"}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("template", sorted(CASES))
def test_the_judge_explains_every_reason_in_every_language(lang: str, template: str) -> None:
    verdict = judged(template)
    assert verdict.template == template
    english = words.verdict(verdict)
    assert english == verdict.message  # the app's English is the engine's
    with i18n.using(lang):
        said = words.verdict(verdict)
    assert said != english and said.strip()
    # the same cards, the same numbers (values, rule numbers) as the English sentence
    assert sorted(CARD.findall(said)) == sorted(CARD.findall(english))
    plain = re.sub(r"only (\d+)s\b", r"only \1", english)  # "takes only 8s" names no card
    assert catalogues.cards_and_numbers(said) == catalogues.cards_and_numbers(plain)
    # and no run of four English words from the English sentence
    english_words = english.split()
    runs = {" ".join(english_words[i:i + 4]) for i in range(len(english_words) - 3)}
    assert not [run for run in runs if run in said and re.search(r"[a-z]{3}", run)]


@pytest.mark.parametrize("lang", SHIPPED)
def test_card_names_lists_counts_and_numbers(lang: str) -> None:
    with i18n.using(lang):
        name = words.card_name(Card.parse("7h"))
        listed = i18n.join_and(["a", "b", "c"])
        one, many = i18n.count(1, "card"), i18n.count(3, "card")
        number = i18n.number(1.5, 1, signed=True)
    known = {"pt-BR": ("o 7 de copas", "a, b e c"), "es": ("el 7 de corazones", "a, b y c"),
             "it": ("il 7 di cuori", "a, b e c")}.get(lang)  # a new language: its own
    assert (name, listed) == known if known else "7" in name and name != "the 7 of hearts"
    assert one.startswith("1 ") and many.startswith("3 ") and one != many
    assert number == "+1,5"
    assert words.card_name(Card.parse("7h")) == "the 7 of hearts"


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_rules_page_is_translated_with_the_same_rule_numbers(lang: str) -> None:
    from tutorial_app.course.reading.rulesdoc import read_rules_page

    english = read_rules_page()
    with i18n.using(lang):
        page = read_rules_page()
    assert page.error is None and len(page.sections) == len(english.sections)
    assert page.sections[0] != english.sections[0]
    cited = re.compile(r"\b\d+\.\d+\b")
    for mine, theirs in zip(page.sections, english.sections, strict=True):
        assert sorted(cited.findall(mine)) == sorted(cited.findall(theirs))
        assert sorted(CARD.findall(mine)) == sorted(CARD.findall(theirs))


@pytest.mark.parametrize("lang", SHIPPED)
def test_lesson_translations_name_the_same_cards_and_numbers(lang: str) -> None:
    """Lessons may be partly translated, and a re-cut lesson makes its translation
    stale (shown in English, reported): but a current translation must keep the
    English's fields, cards and numbers."""
    report = catalogues.check(lang, i18n.LESSON_DOMAIN, english_lesson_texts())
    assert report.total > 500
    assert report.bad_fields == [] and report.cards_differ == []


def test_a_stale_lesson_translation_shows_the_english() -> None:
    with i18n.using("pt-BR"):
        key = "lesson.cards.steps.first-pair.success"
        current = i18n.lesson_text(key, "That is a pair. The 7♠ and the 7♥ go to your pile.")
        stale = i18n.lesson_text(key, "That is a pair. The 7♠ and the 7♥ are yours.")
    assert current == "Isso é um par. O 7♠ e o 7♥ vão para o seu monte."
    assert stale == "That is a pair. The 7♠ and the 7♥ are yours."


def test_the_shipped_portuguese_lesson_loads_in_portuguese() -> None:
    from tutorial_app.config import lessons_folder
    from tutorial_app.course import load_course

    course = load_course(lessons_folder(), language="pt-BR", proofs=False)  # as the app
    assert course.lesson("pairing").title == "Fazer pares"  # one stage
    assert course.lesson("cards").title == "O objetivo e as cartas (1/2)"  # the first stage
    assert i18n.language() == i18n.DEFAULT_LANGUAGE  # loading did not switch the caller


def test_a_language_babel_does_not_know_is_named_by_its_tag() -> None:
    assert i18n.display_name("xx-Nowhere") == "xx-Nowhere"
    assert i18n.display_name("pt-BR") == "Português (Brasil)"


PIPS = {"pt-BR": "pinta", "es": "símbolo", "it": "simbol"}  # one word each (the glossary's)
NOT_PIPS = {"pt-BR": ("naipes desenhados", "símbolo", "figuras desenhadas"),
            "es": ("símbolos del palo", "figuras del palo", "pintas"),
            "it": ("semi disegnati", "semi da contare")}


@pytest.mark.parametrize("lang", sorted(PIPS))
def test_one_word_for_pips_in_each_language(lang: str) -> None:
    """Issue 34: pt-BR said both "naipes desenhados" (naipe is the suit) and "símbolos";
    every text whose English says "pip" now says the language's one word for it, in the
    lessons and the app alike, and never the word for the suit or the court cards."""
    english = {**english_lesson_texts(), **i18n.english()}
    said = [(key, text) for key, text in english.items() if "pip" in text.lower()]
    assert len(said) >= 5
    with i18n.using(lang):
        for key, text in said:
            mine = (i18n.lesson_text(key, text) if key.startswith("lesson.")
                    else i18n.t(key))
            assert PIPS[lang] in mine.lower(), (key, mine)
            assert not any(word in mine.lower() for word in NOT_PIPS[lang]), (key, mine)


def test_pt_br_monte_is_only_the_learners_pile() -> None:
    """In pt-BR "monte" is the learner's pile of captured cards (the lessons' "vão para o
    seu monte"); it once also named the stock ("comprar do monte") and a build ("uma
    construção é um monte"), so a child read one word for three things. The stock is
    "o baralho", a build's cards "uma pilha"."""
    stock_or_build = re.compile(r"\b(do|no) monte\b|\bo monte (durar|inteiro)\b|"
                                r"\bnum só monte\b|\bnum monte\.|\bé um monte\b|formar um monte")
    found = []
    for domain in ("messages", "lessons"):
        for message in catalogues.read(catalogues.po_path("pt-BR", domain), "pt-BR"):
            text = message.string if isinstance(message.string, str) else ""
            if message.id and stock_or_build.search(text):
                found.append(text)
    assert not found, found
    with i18n.using("pt-BR"):
        assert i18n.t("glossary.stock.term") != i18n.t("glossary.pile.term")
        assert "monte" in i18n.t("glossary.pile.term")
