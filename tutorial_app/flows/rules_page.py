"""What the Rules page shows (plain Python, no Streamlit): the rules of record in
sections (docs/rules.md), every preset with the settings it changes, and every
setting with its choices, default and meaning, from the engine's own records (each
setting's `engine.settings.Setting`, PRESET_HELP), so the page never disagrees with
the judge."""

from __future__ import annotations

from dataclasses import dataclass

from engine import PRESETS
from engine.settings import SETTINGS
from tutorial_app.course.reading.rulesdoc import read_rules_page
from tutorial_app.words.i18n import t


@dataclass(frozen=True, slots=True)
class PresetRow:
    name: str
    meaning: str
    sets: str  # the settings it changes from classic, in notation


@dataclass(frozen=True, slots=True)
class SettingRow:
    name: str
    choices: tuple[str, ...]
    default: str
    meaning: str


@dataclass(frozen=True, slots=True)
class RulesScreen:
    sections: tuple[str, ...]  # Markdown, split at level-2 headings
    error: str | None          # the rules page could not be read
    titled: bool               # the first section is the page's own title
    presets: tuple[PresetRow, ...]
    settings: tuple[SettingRow, ...]


def rules_screen() -> RulesScreen:
    page = read_rules_page()
    presets = tuple(
        PresetRow(name, t(f"rules.preset.{name}"), " ".join(rules.text.split()[1:]) or (
            t("rules.defaults") if name == "classic" else rules.text))
        for name, rules in PRESETS.items())
    settings = tuple(SettingRow(s.name, s.choices, s.text(s.default),
                                t(f"rules.setting.{s.name}"))  # s.help, translated
                     for s in SETTINGS)
    return RulesScreen(page.sections, page.error,
                       bool(page.sections and page.sections[0].startswith("# ")),
                       presets, settings)
