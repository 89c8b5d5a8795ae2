"""Rule numbers in one style, each a link to its rule on the Rules page (no Streamlit).

The judge and lesson authors cite rules as "(4.1)", "(1.3, 4.5)", "(rule 5.2)",
"(rules 4.4, 5.3)" or "(1.2-1.5)", and translations in their words ("(regra 4.5)",
"(reglas 2.3 y 2.4)": words/rulerefs.py recognises every shipped language's). On
screen every such reference reads "(rule 4.1)" / "(rules 4.4, 5.3)" in the page's
language, each number a link to the section of the Rules page (docs/rules.md) that
states it; the rest of the text is escaped as before, so only these app-made links
can be links.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from tutorial_app.config import rules_page
from tutorial_app.words import rulerefs
from tutorial_app.words.i18n import t

_HEADING: Final = re.compile(r"(?m)^## (\d{1,2})\. (.+)$")

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def _anchors() -> dict[str, str]:
    """Section number -> the Rules page's anchor for that heading ("4" -> "4-capturing"),
    read once per process. A page that cannot be read raises, and lru_cache keeps no
    exception: the next link tries the page again."""
    text = rules_page().read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for number, title in _HEADING.findall(text):
        words = re.sub(r"[^\w\s-]", "", f"{number} {title}".lower())
        out[number] = re.sub(r"\s+", "-", words.strip())
    return out


def _sections() -> dict[str, str]:
    """The anchors, or none while the page cannot be read (links go to its top)."""
    try:
        return _anchors()
    except (OSError, UnicodeDecodeError):
        log.warning("cannot read the rules page %s: rule links go to the page's top",
                    rules_page(), exc_info=True)
        return {}


def anchor(rule: str) -> str:
    """The link to a rule: the Rules page at the section that holds it."""
    section = _sections().get(rule.split(".")[0])
    return f"rules#{section}" if section else "rules"


def cites(text: str, rule: str) -> bool:
    """Does the text already cite this rule in a reference, in any language's words?"""
    return rulerefs.cites(text, rule)


def link_refs(reference: str) -> str:
    """One reference as Markdown: "(rule [4.1](rules#4-capturing))"."""
    found = rulerefs.numbers(reference)
    links = ", ".join(f"[{n}]({anchor(n)})" for n in found)
    key = "rules.ref_one" if len(found) == 1 else "rules.ref_many"
    return t(key, links=links)


def linked(text: str, escape: Callable[[str], str]) -> str:
    """The text escaped by `escape`, with every rule reference made a link."""
    out: list[str] = []
    last = 0
    for match in rulerefs.pattern().finditer(text):
        out.append(escape(text[last:match.start()]))
        out.append(link_refs(match.group(0)))
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)
