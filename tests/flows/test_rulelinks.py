"""Rule numbers in one style, each a link to its section of the Rules page."""

from __future__ import annotations

from pathlib import Path

import pytest

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
