"""Every sentence a learner reads is whole and natural in all four languages.

Each example of a slip a learner met (pieced-together fragments, "(s)" plurals,
"0 carta", a missing "não", "a a construção", notation and English on a translated
page, the judge's sentence said twice) is a test here, and the sentence check
(course/authoring/sentences.py) reads every message the course can show in every language.
"""

from __future__ import annotations

import pytest

from engine import Card, Position, Rules, parse_attempt, parse_move
from engine.judge import check
from tutorial_app.config import lessons_folder
from tutorial_app.course import Course, loads
from tutorial_app.course.authoring import sentences
from tutorial_app.course.goals import ExactMove, Goal
from tutorial_app.course.judge import checking
from tutorial_app.course.model import Lesson, PlayStep
from tutorial_app.words import i18n, words
from tutorial_app.words.i18n import count, t, using

LANGUAGES = (i18n.DEFAULT_LANGUAGE, *i18n.shipped_languages())  # English and the shipped


def play_step(text: str) -> PlayStep:
    lesson = loads(text, "one.yaml")
    assert isinstance(lesson, Lesson)
    step = lesson.steps[0]
    assert isinstance(step, PlayStep)
    return step


def goal_of(position: str, move: str) -> Goal:
    return ExactMove(parse_move(move, Position.parse(position)))


# ----- the checker finds each kind of slip --------------------------------------------


@pytest.mark.parametrize(("lang", "text", "kind"), [
    ("pt-BR", "Resolva os 1 exercício(s) restante(s).", "plural-marker"),
    ("pt-BR", "473 desafio(s)", "plural-marker"),
    ("it", "20 problema/i", "plural-marker"),
    ("pt-BR", "5♠ é descartado: é um(a) descarte.", "plural-marker"),
    ("en", "Assigned: 1 tasks.", "number-agreement"),
    ("pt-BR", "ela captura 0 carta", "number-agreement"),
    ("es", "captura 1 cartas", "number-agreement"),
    ("pt-BR", "depois de jogar 4♦ você teria nada (5.2).", "negation"),
    ("es", "tras jugar 4♦ tendrías nada (5.2).", "negation"),
    ("it", "dopo aver giocato 4♦ avresti niente (5.2).", "negation"),
    ("pt-BR", "não pode se juntar a a construção de 8", "contraction"),
    ("it", "non può unirsi a la costruzione di 8", "contraction"),
    ("pt-BR", "O objetivo: {goal}.", "placeholder"),
    ("it", "Q♠ trails: that is not the move asked for.", "english"),
    ("es", "Una escoba: la mesa queda vacía.", "glossary"),
    ("pt-BR", "2 cartas (cerca de +0,8 ponto esperados).", "agreement"),
    ("pt-BR", "Capture os 2 cartas da mesa.", "agreement"),
    ("es", "Captura los 3 cartas.", "agreement"),
    ("es", "Quedan 2 cartas esperados.", "agreement"),
    ("it", "Prendi i 2 carte.", "agreement"),
    ("it", "circa +0,8 punti attese", "agreement"),
    ("pt-BR", "depois de jogar 4♦ você teria nenhuma carta (5.2).", "negation"),
    ("es", "tras jugar 4♦ tendrías ninguna carta (5.2).", "negation"),
    ("it", "dopo aver giocato 4♦ avresti nessuna carta (5.2).", "negation"),
])
def test_the_checker_finds_each_kind_of_slip(lang: str, text: str, kind: str) -> None:
    assert kind in sentences.slips(text, lang)


@pytest.mark.parametrize(("lang", "text"), [
    ("pt-BR", "Não captura nada. Nenhuma das cartas é uma figura."),
    ("pt-BR", "3♦ fica sozinho na mesa, então nada é construído."),
    ("it", "Ancora niente da mostrare."),
    ("pt-BR", "0 cartas, 1 carta, 2 cartas"),
    ("es", "Suma 5♣ a la construcción de 8 (5♥ 3♠)."),
    ("pt-BR", "2 cartas (ganho esperado: cerca de +0,8 ponto)."),
    ("pt-BR", "Capture as 2 cartas e os 3 pontos esperados."),
    ("es", "Captura las 3 cartas: unos +0,8 puntos esperados."),
    ("it", "Prendi le 2 carte: circa +0,8 punti attesi."),
    ("pt-BR", "depois de jogar 4♦ você não teria nenhuma carta (5.2)."),
    ("pt-BR", "Depois da primeira distribuição nenhuma carta vai para a mesa."),
    ("es", "Tu construcción es ahora una múltiple de 9, y ya nadie puede subirla."),
    ("it", "Dopo la prima distribuzione nessuna carta va sul tavolo."),
    ("it", "non avresti nessuna carta"),
])
def test_the_checker_leaves_good_sentences_alone(lang: str, text: str) -> None:
    assert sentences.slips(text, lang) == []


# ----- whole sentences, one entry per case ----------------------------------------------


def test_a_goal_to_make_a_move_is_one_instruction_per_kind_of_move() -> None:
    trail = goal_of("table: Kd 9s; hand: 7h Qs 3c", "7h t")
    capture = goal_of("table: 5c 3d 9h; hand: 8s 2c", "8s x 5c+3d")
    said = {}
    for lang in LANGUAGES:
        with using(lang):
            said[lang] = (trail.describe(), capture.describe())
    assert said["en"] == ("trail 7♥", "take 5♣+3♦ with 8♠")
    assert said["pt-BR"] == ("descarte 7♥", "capture 5♣+3♦ com 8♠")  # not "jogue 7♥ é descartado"
    assert said["es"] == ("tira 7♥", "captura 5♣+3♦ con 8♠")
    assert said["it"] == ("cala 7♥", "cattura 5♣+3♦ con 8♠")  # not "gioca 5♥ viene calata"


def test_a_miss_by_kind_is_a_whole_clause_in_each_language() -> None:
    step = play_step("""
id: one
title: One
steps:
  - id: s
    kind: play
    position: "table: 5c 3d 9h; hand: 8s 2c 5s"
    prompt: Capture something.
    goal: {kind: capture}
""")
    with using("pt-BR"):
        said = checking.check_answer(step, "2c t").message
        led = checking.check_answer(step, "5s t").message
    # the move's words say its kind: no clause says it again
    assert said == "2♣ é descartado. O objetivo: capture alguma coisa."
    # 5♠ can capture: the answer's card is led to its action
    assert led == "5♠ é descartado. 5♠ é a carta certa: capture com ela."
    assert sentences.slips(said, "pt-BR") == sentences.slips(led, "pt-BR") == []


def test_the_coach_names_both_plays_as_plays() -> None:
    position = Position.parse("table: 4d Ac 9s; hand: Jh 5c")
    trail, take = parse_move("Jh t", position), parse_move("5c x 4d+Ac", position)
    with using("pt-BR"):
        note = t("play.coach_note", played=words.move(trail, "noun"),
                 better=words.move(take, "noun"), better_points="+1,0", played_points="+0,0")
    assert "em vez de *descartar J♥*, **capturar 4♦+A♣ com 5♣** era mais forte" in note
    with using("it"):
        assert words.move(trail, "noun") == "calare J♥"


def test_builds_are_named_inside_whole_sentences() -> None:
    position = Position.parse("table: 2c [5: 2h 3d @0]; hand: 3s 5h")
    add = parse_move("3s b5 [2h 3d] 2c", position)
    with using("it"):
        assert words.move(add) == "3♠ e 2♣ si aggiungono alla costruzione di 5 (2♥ 3♦)"
    with using("pt-BR"):
        assert words.move(add, "do") == "junte 3♠ e 2♣ à construção de 5 (2♥ 3♦)"


# ----- numbers, negation and contractions -----------------------------------------------


def test_plurals_come_from_the_languages_plural_rules() -> None:
    with using("pt-BR"):
        assert [count(n, "card") for n in (0, 1, 2)] == ["0 cartas", "1 carta", "2 cartas"]
        assert count(1, "choose-missed") == "Ainda não: faltou marcar 1 opção correta."
        assert count(3, "puzzles-solutions") == ("**Solução** (3 jogadas cumprem o "
                                                "objetivo):")
    with using("it"):
        assert count(1, "board-cards") == "1 carta" and count(2, "board-cards") == "2 carte"
        assert count(0, "sandbox-pile", seat=1, sweeps=count(1, "sweep")) == \
            "Giocatore 1: 0 carte prese, 1 scopa"
    assert count(1, "homework-assigned") == "Assigned: 1 task."


def test_a_hand_left_empty_is_said_with_its_negation() -> None:
    verdict = check(Position.parse("table: As [4: Ah 3c @1]; hand: 4d"),
                    parse_attempt("4d b4 [Ah 3c]"))
    said = {}
    for lang in ("pt-BR", "es", "it"):
        with using(lang):
            said[lang] = words.verdict(verdict)
    assert "você não teria nenhuma carta" in said["pt-BR"]
    assert "no tendrías ninguna carta" in said["es"]
    assert "non avresti nessuna carta" in said["it"]


def test_joining_a_build_is_written_whole_with_its_contraction() -> None:
    verdict = check(Position.parse("table: 2h [5: 2c 3d @0]; hand: 9s 5h"),
                    parse_attempt("9s b5 [2c 3d]"))
    with using("it"):
        assert "non può unirsi alla costruzione di 5 (2♣ 3♦)" in words.verdict(verdict)
    with using("pt-BR"):
        assert "não pode entrar na construção de 5 (2♣ 3♦)" in words.verdict(verdict)


# ----- words for learners, notation for experts -----------------------------------------


def test_moves_kept_in_notation_are_shown_in_words() -> None:
    assert words.written("8s x 5c+3d") == "8♠ takes 5♣+3♦"
    with using("es"):
        assert words.written("8s x 9h") == "8♠ captura 9♥"
    assert words.written("not a move") == "not a move"


def test_presets_and_settings_are_named_in_the_learners_language() -> None:
    with using("it"):
        assert words.preset_name("spade") == "Cassino di picche"
        assert words.setting_name("face_values") == "Valore delle figure"
        assert words.setting_value("ace_high", "false") == "no"
        assert words.setting_value("controller_trail", "if_stuck") == "solo senza altre mosse"
        said = words.rules_words(Rules.parse("royal ace_high=true sweeps=off").text)
    assert said == "Royal Cassino, assi alti; Scope: no"


# ----- said once --------------------------------------------------------------------------


def test_an_authors_sentence_that_repeats_the_judge_is_dropped() -> None:
    judge = ("7♠ makes 7, and 4♦+3♥ would make 7 too, but only by counting 3♥ twice: each "
             "table card counts in one group only (4.2).")
    from tutorial_app.course.judge import feedback
    assert feedback.once(judge, "Each table card counts in one group only (rule 4.2).") == ""
    assert feedback.once(judge, "Each table card counts in one group only (rule 4.2). "
                                "Count the groups again.") == "Count the groups again."


# ----- every message of the course, in every language -------------------------------------


@pytest.fixture(scope="module")
def reports(shipped: Course) -> dict[str, sentences.Report]:
    """The four languages read once, together (the check shares the judging and the
    computer's judgement between them), with the shipped English course."""
    return sentences.check_all(lessons_folder(), LANGUAGES, english=shipped)


@pytest.mark.slow  # a proof over the whole course: `make test`, not `make test-quick`
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_reads_without_a_slip(lang: str,
                                            reports: dict[str, sentences.Report]) -> None:
    report = reports[lang]
    print(report.line())
    assert report.messages > 70000  # every reply to every click attempt, and the rest
    assert report.clean, report.examples


@pytest.mark.slow  # a proof over the whole course: `make test`, not `make test-quick`
def test_every_language_reads_as_many_messages(reports: dict[str, sentences.Report]) -> None:
    """The same replies, hints and advice in each: a language that read fewer would have
    skipped some (a step missing from its course, say)."""
    assert len({report.messages for report in reports.values()}) == 1


@pytest.mark.slow  # a proof over the whole course: `make test`, not `make test-quick`
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_advice_entry_is_read(lang: str, reports: dict[str, sentences.Report]) -> None:
    """Each of the advice's catalogue entries is worded, in a whole sentence, from a
    position of the course or of `sentences.ADVICE_POSITIONS`: one no position calls
    for would never be read for slips."""
    unread = sentences.advice_sentences() - reports[lang].advice_read
    assert not unread, f"never worded: {sorted(unread)}; add a position that calls for it"


def test_the_advice_entries_are_every_template() -> None:
    """The list the check ticks off is the engine's own (advice_words.py): it cannot pass
    by missing an entry."""
    from engine.advice_words import PLURALS, TEMPLATES

    assert len(sentences.advice_sentences()) == len(TEMPLATES) + len(PLURALS)
    assert "advice.all-out.advice" in sentences.advice_sentences()
    assert "count.advice-multiple.report" in sentences.advice_sentences()


def test_a_build_sentence_names_what_the_build_goes_onto() -> None:
    """Every build takes a table card or a build (rule 5.4): its sentence says which, in
    every language, and no entry is kept for a build onto nothing."""
    from engine.advice import advise
    from engine.advice_words import parts

    said = advise(Position.parse("table: 5h; hand: 8s 8d 8h 8c 3d; players: 3")).said
    assert said is not None
    build = next(p for p in parts(said) if p.key == "build.advice")
    assert build.facts["onto"]
    assert words.said(said).startswith("Build 8 with 3♦ on 5♥, keeping an 8 in hand")
    with using("it"):
        text = words.said(said)
    assert text.startswith("Fai una costruzione di 8 con 3♦ sopra 5♥, tenendo un 8 in mano"), text
    assert not any(key.endswith(".onto") for key in sentences.advice_sentences())
    assert sentences.slips(text, "it") == [], text


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_the_advice_is_worded_sentence_by_sentence_from_whole_entries(lang: str) -> None:
    """Each of the advice's sentences is its own catalogue entry: none is left in
    English, none starts in the middle of another, and a number agrees with its noun."""
    from engine.advice import advise

    position = Position.parse("table: 5h 3c; hand: 8s 8d 4d; players: 3")
    english = advise(position).reason
    read: set[str] = set()
    with using(lang):
        said = [text for _, text in sentences._advice("t", position, read)]
    assert english not in said
    for text in said[1:]:
        assert not text[:1].islower() and text.endswith("."), text
        assert sentences.slips(text, lang) == [], text
    assert "count.advice-capture.advice" in read and "count.advice-sweep.advice" in read
    assert "advice.leave.empty.advice.seat" in read  # three players: the next one by seat
    assert read <= sentences.advice_sentences()


def test_a_capture_of_one_card_and_of_many_agree_with_the_number() -> None:
    from engine.advice_words import Points, plural

    one = plural("capture.advice", 1, card=Position.parse("table: 5h; hand: 5s").hand[0],
                 taken=(), stake=Points(0.0))
    many = plural("capture.advice", 3, card=one.facts["card"], taken=(), stake=Points(0.0))
    with using("it"):
        assert "1 carta " in words.said(one) and "3 carte " in words.said(many)
    with using("pt-BR"):
        assert "1 carta " in words.said(one) and "3 cartas " in words.said(many)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_selected_cards_label_is_one_entry_that_agrees_with_the_card(lang: str) -> None:
    """A selected card's label was its name with a translated " (selecionada)" glued on,
    feminine after "o 7 de copas"; now one entry per thing selected, a card's naming
    the card ("carta selecionada") so the words agree, a build's agreeing with the
    build (construção, construcción, costruzione: all feminine)."""
    with using(lang):
        name = words.card_name(Card.parse("7h"))
        card_label = t("board.card_selected", card=name)
        build_label = t("board.build_selected", build="8")
    assert card_label.startswith(name) and len(card_label) > len(name)
    assert build_label.startswith("8") and len(build_label) > 1
    assert sentences.slips(card_label, lang) == []
    if lang != "en":
        assert card_label != f"{name} (selected)"


def test_a_selected_card_reads_as_a_selected_card_in_portuguese() -> None:
    with using("pt-BR"):
        assert t("board.card_selected", card="o 7 de copas") == "o 7 de copas (carta selecionada)"
