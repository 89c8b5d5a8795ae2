"""The course reads the rule settings' records (engine/settings.py): the statistics'
concepts, practice's setting skills and the checks' other values of a setting."""

from __future__ import annotations

from engine.settings import SETTINGS
from tutorial_app.course.authoring import stats
from tutorial_app.course.practice.skills import concept_skill, is_skill
from tutorial_app.course.proofs import truth


def test_every_setting_has_its_concept_and_skill_from_its_record() -> None:
    for record in SETTINGS:
        assert stats.SETTING_CONCEPTS[record.name] == record.concept
        assert is_skill(record.skill)
        for choice in record.choices:
            assert concept_skill(f"{record.name}={choice}") == record.skill
    assert concept_skill("sweep_points=2") == "setting:sweep_points"


def test_a_setting_skill_is_a_skill_only_for_a_real_setting() -> None:
    assert not is_skill("setting:bogus") and not is_skill("setting:")
    assert concept_skill("bogus=1") is None


def test_the_other_values_of_a_setting_are_its_other_choices() -> None:
    for record in SETTINGS:
        others = truth.alternatives(record.name, record.default)
        assert [record.text(v) for v in others] == list(record.choices[1:])
    assert truth.alternatives("sweep_points", 1) == [2]
