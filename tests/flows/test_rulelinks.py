"""Rule numbers in one style, each a link to its section of the Rules page."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Position
from tutorial_app.flows import rulelinks
from tutorial_app.ui import safe_text


def test_every_style_of_reference_reads_the_same_and_links() -> None:
    linked = rulelinks.linked("5♣ alone makes 5 (4.1).", safe_text.plain)
    assert linked.endswith("(rule [4.1](rules#4-capturing))\\.")
    many = rulelinks.linked("No value (1.3, 4.5)", safe_text.plain)
    assert many.endswith("(rules [1.3](rules#1-the-cards-and-what-they-are-worth), "
                         "[4.5](rules#4-capturing))")
    for written in ("(RULES 1.1)", "(rule 1.1)", "(1.1)"):
        assert rulelinks.linked(written, safe_text.lesson) == \
            "(rule [1.1](rules#1-the-cards-and-what-they-are-worth))"
    assert rulelinks.linked("(rules 1.2-1.5)", safe_text.lesson).count("](rules#") == 2


def test_the_rest_of_the_text_stays_escaped() -> None:
    hostile = "[click](https://evil.example) (4.1)"
    out = rulelinks.linked(hostile, safe_text.lesson)
    assert "](https" not in out and out.endswith("(rule [4.1](rules#4-capturing))")


def test_cites_finds_the_rule_in_any_style() -> None:
    assert rulelinks.cites("so (rules 4.4, 5.3).", "5.3")
    assert not rulelinks.cites("so (rules 4.4, 5.3).", "5.1")


def test_a_rules_page_that_cannot_be_read_is_tried_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A page missing for a moment (a deploy half done) is not remembered as empty."""
    page = tmp_path / "rules.md"
    monkeypatch.setattr(rulelinks, "rules_page", lambda: page)
    rulelinks._anchors.cache_clear()
    try:
        assert rulelinks.anchor("4.1") == "rules"
        page.write_text("# Rules\n\n## 4. Capturing\n", encoding="utf-8")
        assert rulelinks.anchor("4.1") == "rules#4-capturing"
    finally:
        rulelinks._anchors.cache_clear()  # the real page for the tests after this one


@pytest.mark.parametrize(("written", "rules"), [
    ("capturá-lo (regra 4.5).", ["4.5"]), ("(regras 2.3 e 2.4)", ["2.3", "2.4"]),
    ("(regla 4.5)", ["4.5"]), ("(reglas 2.3 y 2.4)", ["2.3", "2.4"]),
    ("(regola 4.5)", ["4.5"]), ("(regole 4.4, 5.3)", ["4.4", "5.3"]),
    ("(rules 2.3 and 2.4)", ["2.3", "2.4"]), ("(Regras 1.2-1.5)", ["1.2", "1.5"]),
])
def test_a_reference_in_any_languages_words_is_linked_and_counts_as_said(
        written: str, rules: list[str]) -> None:
    out = rulelinks.linked(written, safe_text.plain)
    assert [f"[{n}]" in out for n in rules] == [True] * len(rules)
    assert out.count("](rules#") == len(rules)
    assert all(rulelinks.cites(written, n) for n in rules)


def test_words_that_only_look_like_a_reference_are_left_alone() -> None:
    assert not rulelinks.cites("(e 4.5)", "4.5")
    assert not rulelinks.cites("(regra quatro)", "4.5")
    assert rulelinks.linked("(e 4.5)", safe_text.plain).count("](rules#") == 0


class _Task:
    """A play task as the judge reads it (course/judge/moves.py `Playable`)."""

    def __init__(self, position: str, feedback: dict[str, str]) -> None:
        self.position = Position.parse(position)
        self.feedback = feedback
        self.solution_moves = ()


def _refused(lang: str) -> str:
    """The sums lesson's "most-you-can" task with its reply to a number card taking the
    K♣ as `lang`'s catalogue says it (it cites rule 4.5): the words the page draws."""
    from engine import parse_attempt
    from tutorial_app.course.judge.moves import check_answer
    from tutorial_app.ui.board import rule_note
    from tutorial_app.words.i18n import lesson_text, using

    english = "The K♣ has no value. No number card can take it (rule 4.5)."
    key = "lesson.sums.steps.most-you-can.feedback.number-takes-court"
    with using(lang):
        reply = lesson_text(key, english)
        assert lang == "en" or reply != english, "the catalogue's translation is used"
        task = _Task("table: 2c 3d 5h Kc; hand: 8d 10s", {"number-takes-court": reply})
        said = check_answer(task, parse_attempt("10s x Kc"))  # type: ignore[arg-type]
        assert said.rule == "4.5" and said.message == reply, said
        return rulelinks.linked(said.message, safe_text.plain) + rule_note(said.message,
                                                                          said.rule)


@pytest.mark.parametrize(("lang", "word"), [
    ("en", "rule"), ("pt-BR", "regra"), ("es", "regla"), ("it", "regola")])
def test_a_refused_try_shows_its_rule_once_and_linked_in_every_language(
        lang: str, word: str) -> None:
    """The author's reply cites rule 4.5 in its language's words: no second note after
    it (it read "…capturá-lo (regra 4.5). (regra 4.5)")."""
    drawn = _refused(lang)
    shown = drawn.replace("\\", "")  # as read: the escapes drawn away
    assert shown.count("4.5") == 1 and shown.count("](rules#") == 1, drawn
    assert f"({word} [4.5](rules#4-capturing))" in drawn, drawn


def test_advice_after_the_judge_drops_a_rule_the_judge_cited() -> None:
    """An author's advice naming no card is read after the judge's sentence; a
    reference to the rule that sentence cited is not said a second time."""
    from engine import check, parse_attempt
    from tutorial_app.course.judge.moves import shown_message
    from tutorial_app.words import words

    task = _Task("table: 5s 3h 2d Ac; hand: 8c",
                 {"card-used-twice": "Each table card counts once (rule 4.2)."})
    attempt = parse_attempt("8c x 5s+3h 5s+2d+Ac")
    verdict = check(task.position, attempt)
    assert verdict.rule == "4.2"
    shown = shown_message(task, attempt, verdict, words.verdict(verdict))  # type: ignore[arg-type]
    assert "Each table card counts once." in shown
    assert rulelinks.linked(shown, safe_text.plain).count("[4.2]") == 1, shown
