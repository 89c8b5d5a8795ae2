"""What the Rules page shows (plain Python, no Streamlit): the rules of record in
sections (docs/rules.md), a short glossary of the game's words after the summary,
every preset with the settings it changes, and every setting with its choices,
default and meaning, from the engine's own records (each setting's
`engine.settings.Setting`, PRESET_HELP), so the page never disagrees with the judge."""

from __future__ import annotations

from dataclasses import dataclass

from engine import PRESETS
from engine.settings import SETTINGS
from tutorial_app.course.reading.rulesdoc import read_rules_page
from tutorial_app.words.i18n import t
from tutorial_app.words.messages_glossary import GLOSSARY


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
class GlossaryRow:
    """One of the game's words in the page's language, and its meaning in one line."""

    term: str
    meaning: str


@dataclass(frozen=True, slots=True)
class RulesScreen:
    sections: tuple[str, ...]  # Markdown, split at level-2 headings
    error: str | None          # the rules page could not be read
    titled: bool               # the first section is the page's own title
    presets: tuple[PresetRow, ...]
    settings: tuple[SettingRow, ...]
    glossary: tuple[GlossaryRow, ...] = ()
    glossary_at: int = 0  # the sections drawn before the glossary: the title and summary


def glossary() -> tuple[GlossaryRow, ...]:
    """The game's words (words/messages_glossary.py), in the order a learner meets them."""
    return tuple(GlossaryRow(t(f"glossary.{word}.term"), t(f"glossary.{word}"))
                 for word in GLOSSARY)


def rules_screen() -> RulesScreen:
    page = read_rules_page()
    presets = tuple(
        PresetRow(name, t(f"rules.preset.{name}"), " ".join(rules.text.split()[1:]) or (
            t("rules.defaults") if name == "classic" else rules.text))
        for name, rules in PRESETS.items())
    settings = tuple(SettingRow(s.name, s.choices, s.text(s.default),
                                t(f"rules.setting.{s.name}"))  # s.help, translated
                     for s in SETTINGS)
    titled = bool(page.sections and page.sections[0].startswith("# "))
    return RulesScreen(page.sections, page.error, titled, presets, settings, glossary(),
                       min(len(page.sections), 2 if titled else 1))
