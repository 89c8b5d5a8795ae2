"""Reading the rules page (docs/rules.md) for display (plain Python, no Streamlit).

The page is Markdown written by the project; it is still shown through
`safe_text.lesson`, so it can never inject HTML. It is split at level-2
headings so the app can show it in sections.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

from tutorial_app.config import rules_page
from tutorial_app.words.i18n import DEFAULT_LANGUAGE, language, t

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RulesPage:
    sections: tuple[str, ...]
    error: str | None = None


def split_sections(text: str) -> tuple[str, ...]:
    parts = re.split(r"(?m)^(?=## )", text)
    return tuple(p.strip() for p in parts if p.strip())


def translated(path: Path, lang: str) -> Path:
    """docs/rules.pt-BR.md for docs/rules.md in Portuguese, when that file exists."""
    if lang == DEFAULT_LANGUAGE:
        return path
    found = path.with_name(f"{path.stem}.{lang}{path.suffix}")
    return found if found.is_file() else path


def read_rules_page(path: Path | None = None) -> RulesPage:
    """The rules page in the run's language (`rules.<lang>.md` beside it), else English."""
    path = translated(path or rules_page(), language())
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        log.warning("cannot read the rules page %s: %s", path, error)
        return RulesPage((), t("rules.page_missing", name=path.name))
    return RulesPage(split_sections(text))
