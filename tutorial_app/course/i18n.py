"""The one lookup for every learner-facing string.

Code never writes English sentences directly: it asks `t(key, **values)`.
English lives in `messages_en.py`; another language is a flat YAML file
`locales/<lang>.yaml` (key: text) that may also translate lesson texts, which
are keyed by stable ids (`lesson.<id>.steps.<step>.prompt`) and fall back to
the text written in the lesson file. So a translator adds a file and touches
no code. The app may add its own UI strings with `add_messages`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import yaml

from tutorial_app.course import messages_app, messages_en

DEFAULT_LANGUAGE = "en"
LOCALES = Path(__file__).with_name("locales")

_catalogues: dict[str, dict[str, str]] = {
    DEFAULT_LANGUAGE: {**messages_en.MESSAGES, **messages_app.MESSAGES}}
_language = DEFAULT_LANGUAGE


def available_languages() -> list[str]:
    """English plus every `locales/<lang>.yaml` and every catalogue added at run time."""
    found = {DEFAULT_LANGUAGE, *_catalogues, *(p.stem for p in LOCALES.glob("*.yaml"))}
    return sorted(found)


def language() -> str:
    return _language


def set_language(lang: str) -> None:
    """Switch the language used by `t` and `lesson_text` (loads its file on first use)."""
    global _language
    _catalogue(lang)
    _language = lang


def add_messages(lang: str, messages: Mapping[str, str]) -> None:
    """Add or override strings for a language (the app's own UI strings, tests)."""
    _catalogue(lang).update(messages)


def _catalogue(lang: str) -> dict[str, str]:
    if lang not in _catalogues:
        path = LOCALES / f"{lang}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a locale file is a mapping of key: text")
        _catalogues[lang] = {str(k): str(v) for k, v in data.items()}
    return _catalogues[lang]


def lookup(key: str) -> str | None:
    """The text for a key in the current language, else English, else None."""
    text = _catalogue(_language).get(key)
    if text is None:
        text = _catalogues[DEFAULT_LANGUAGE].get(key)
    return text


def t(key: str, /, **values: object) -> str:
    """The learner-facing text for `key`, with `{name}` fields filled from `values`.

    An unknown key returns the key itself, so a missing string shows up on the
    screen (and in the catalogue test) instead of crashing a lesson.
    """
    template = lookup(key)
    if template is None:
        return key
    return template.format(**values) if values else template


def lesson_text(key: str, fallback: str) -> str:
    """A lesson's own text: its translation under a stable key, else what the file says."""
    text = _catalogue(_language).get(key)
    return fallback if text is None else text


def join_and(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the current language."""
    return _join(items, t("list.and"))


def join_or(items: Sequence[str]) -> str:
    return _join(items, t("list.or"))


def _join(items: Sequence[str], last: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("list.comma").join(items[:-1]) + last + items[-1]


def count(n: int, noun: str) -> str:
    """'1 card', '3 cards': picks `count.<noun>.one` or `count.<noun>.other`."""
    return t(f"count.{noun}.{'one' if n == 1 else 'other'}", n=n)
