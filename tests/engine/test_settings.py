"""One record per rule setting (engine/settings.py): the rules' parser and writer
read the records, and every setting's every choice reads and writes back."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.errors import NotationError
from engine.rules import Rules
from engine.settings import SETTING, SETTINGS, setting

EVERY_CHOICE = [(s.name, choice) for s in SETTINGS for choice in s.choices]


def test_the_records_are_the_rules_fields_in_order_with_their_defaults() -> None:
    assert [s.name for s in SETTINGS] == [f.name for f in fields(Rules)]
    classic = Rules()
    for record in SETTINGS:
        assert getattr(classic, record.name) == record.default, record.name
        assert classic.settings()[record.name] == record.choices[0], record.name


@pytest.mark.parametrize(("name", "choice"), EVERY_CHOICE)
def test_every_choice_of_every_setting_round_trips(name: str, choice: str) -> None:
    base = "royal" if name == "ace_high" else "classic"  # aces high needs royal values
    rules = Rules.parse(f"{base} {name}={choice}")
    assert rules.settings()[name] == choice
    assert Rules.parse(rules.text) == rules
    assert Rules.parse(rules.text).text == rules.text
    assert SETTING[name].text(SETTING[name].parse(choice)) == choice


def test_an_unknown_setting_is_an_error_naming_it_and_the_known_ones() -> None:
    with pytest.raises(NotationError) as error:
        Rules.parse("classic sweep_value=2")
    assert error.value.code == "rules-setting"
    assert "'sweep_value'" in str(error.value)
    for record in SETTINGS:
        assert record.name in str(error.value)
    assert error.value.facts["known"] == ", ".join(SETTING)


@pytest.mark.parametrize(("text", "name", "given"), [
    ("classic face_values=1", "face_values", "1"),   # was read as "true" and named so
    ("classic deal=no", "deal", "no"),
    ("classic target=0", "target", "0"),
    ("classic target=40", "target", "40"),
    ("classic sweeps=true", "sweeps", "true"),
    ("classic draw=maybe", "draw", "maybe"),
])
def test_a_value_not_among_the_choices_is_an_error_naming_the_value_and_choices(
        text: str, name: str, given: str) -> None:
    with pytest.raises(NotationError) as error:
        Rules.parse(text)
    message = str(error.value)
    assert error.value.code == "rules-value"
    assert f"setting {name} cannot be '{given}'" in message
    assert error.value.facts["choices"] == " / ".join(SETTING[name].choices)
    assert all(choice in message for choice in SETTING[name].choices)


def test_a_yes_no_setting_reads_true_false_and_the_old_spellings() -> None:
    for text, value in (("true", True), ("yes", True), ("1", True), ("FALSE", False),
                        ("no", False), ("0", False)):
        assert Rules.parse(f"classic build_in_sums={text}").build_in_sums is value


def test_a_setting_given_in_code_is_kept_as_its_value_or_refused() -> None:
    assert Rules(face_values="royal").face_values is SETTING["face_values"].values[1][1]
    assert Rules(target=None).settings()["target"] == "hand"
    with pytest.raises(NotationError, match="cannot be '40'"):
        Rules(target=40)


def test_setting_reads_dashes_as_underscores() -> None:
    assert setting("build-in-sums") is SETTING["build_in_sums"]
    assert Rules.parse("classic build-in-sums=true").build_in_sums


def test_each_record_names_its_rule_concept_and_skill() -> None:
    for record in SETTINGS:
        assert record.rule in record.help or record.rule in ("1.4",), record.name
        assert record.concept and record.skill == f"setting:{record.name}"
