"""Turning untrusted text into safe Markdown (plain Python, no Streamlit).

Lesson files and links are written by other people, so nothing in them may
reach the page as HTML, script, a link, an image, LaTeX or a Streamlit
Markdown directive. Two levels:

- `plain(text)`: everything shown literally (names, ids, URL parameters,
  error messages quoting them).
- `lesson(text)`: a lesson's prose keeps **bold**, *italics*, `code`, lists and
  paragraphs; HTML tags, links, images, `$math$` and `:colour[...]`
  directives are shown as the characters typed.

Only the app's own SVG and CSS are ever emitted with unsafe_allow_html.
"""

from __future__ import annotations

import re
from typing import Final

_HTML: Final = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
# Every character with a meaning in (GitHub / Streamlit) Markdown.
# "@" too: GFM turns a bare address (a@b.co) into a mailto link.
_MD_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]()#+\-.!|~:$=^@])")
# Characters that make links, images, math and directives; lesson prose may not use them.
_LESSON_SPECIAL: Final = re.compile(r"([\\\[\]()!$|~:^=])")
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Direction overrides and isolates: in a name or a link they reorder what is shown.
_BIDI: Final = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _html_escape(text: str) -> str:
    return "".join(_HTML.get(ch, ch) for ch in text)


def plain(text: object, limit: int = 2000) -> str:
    """Show exactly these characters: no Markdown, no HTML."""
    value = _BIDI.sub("", _CONTROL.sub("", str(text)))[:limit]
    return _html_escape(_MD_SPECIAL.sub(r"\\\1", value)).replace("\n", "  \n")


def lesson(text: object, limit: int = 20000) -> str:
    """Lesson prose: emphasis, code, lists and paragraphs; nothing that links or runs."""
    value = _CONTROL.sub("", str(text))[:limit]
    out: list[str] = []
    for part in re.split(r"(`[^`\n]*`)", value):
        if part.startswith("`") and part.endswith("`") and len(part) >= 2:
            out.append(part)  # a code span shows its text as typed, HTML included
        else:
            escaped = _LESSON_SPECIAL.sub(r"\\\1", part)
            escaped = re.sub(r"(?i)\b(https?|ftp|javascript|data|vbscript)\\?:", r"\1&#58;",
                             escaped)
            escaped = re.sub(r"(?i)\bwww\.", "www&#46;", escaped)
            escaped = escaped.replace("@", "&#64;")  # no mailto autolinks (a@b.co)
            out.append(re.sub(r"&amp;#(58|46|64);", r"&#\1;", _html_escape(escaped)))
    return "".join(out)


def document(text: object, limit: int = 200000) -> str:
    """A project document (the rules page): Markdown tables, headings and links are
    kept, but HTML is shown as text and `$` never starts math."""
    value = _CONTROL.sub("", str(text))[:limit]
    return _html_escape(value.replace("\\$", "$").replace("$", "\\$"))
