"""Turning untrusted text into safe Markdown (plain Python, no Streamlit).

Lesson files and links are written by other people, so nothing in them may
reach the page as HTML, script, a link, an image, LaTeX or a Streamlit
Markdown directive. Two levels:

- `plain(text)`: everything shown literally (names, ids, URL parameters,
  error messages quoting them).
- `lesson(text)`: a lesson's prose keeps **bold**, *italics*, `code`, lists and
  paragraphs; HTML tags, links, images, `$math$` and `:colour[...]`
  directives are shown as the characters typed.

Escaping is not enough on its own: Streamlit's Markdown undoes escapes and
character references, then looks in the text that remains for bare links
(`https://…`, `www.…`, `a@b.co`) and shortcodes (`:material/verified:`,
`:smile:`). So the character that starts each of those gets an invisible word
joiner (U+2060) after it, which neither pattern allows (`_defuse`); the text
reads the same. A browser test (tests/browser/test_browser_hostile.py) checks
the page has no link, image or icon made of such text.

Only the app's own SVG and CSS are ever emitted with unsafe_allow_html.
"""

from __future__ import annotations

import re
from typing import Final

_HTML: Final = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
# Every character with a meaning in (GitHub / Streamlit) Markdown.
_MD_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]()#+\-.!|~:$=^@])")
# Characters that make links, images, math and directives; lesson prose may not use them.
_LESSON_SPECIAL: Final = re.compile(r"([\\\[\]()!$|~:^=])")
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# The colon that opens an icon (`:material/verified:`) or emoji (`:smile:`) shortcode.
_SHORTCODE: Final = re.compile(r":(?=material/|[A-Za-z][\w+-]*:)")
# What starts a bare link: a scheme's colon, "www" before its dot, an address's "@".
_LINK_START: Final = re.compile(r"(?i)\b(?:https?|ftp|mailto|javascript|data|vbscript|file):"
                                r"|\bwww(?=\.)|@")
_JOINER: Final = "\u2060"
# Direction overrides and isolates: in a name or a link they reorder what is shown.
_BIDI: Final = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _html_escape(text: str) -> str:
    return "".join(_HTML.get(ch, ch) for ch in text)


def _defuse(text: str) -> str:
    """A word joiner after whatever would start a bare link or a shortcode."""
    text = _SHORTCODE.sub(":" + _JOINER, text)
    return _LINK_START.sub(lambda found: found.group(0) + _JOINER, text)


def plain(text: object, limit: int = 2000) -> str:
    """Show exactly these characters: no Markdown, no HTML, no link, icon or emoji."""
    value = _defuse(_BIDI.sub("", _CONTROL.sub("", str(text)))[:limit])
    return _html_escape(_MD_SPECIAL.sub(r"\\\1", value)).replace("\n", "  \n")


# In one line of a widget's label only these make Markdown mid-text (emphasis, code,
# links, math, directives, strike-through, tables, HTML); the rest only at its start.
_LABEL_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]<>$~|^&])")
_LABEL_START: Final = re.compile(r"^(\s*|\s*\d+)((?<=\d)[.)]|(?<!\d)[#+\-=>!])")


def label(text: object, limit: int = 500) -> str:
    """A checkbox's or a radio option's label: shown as typed, like `plain`, but with
    as few escapes as one line needs, since the control's name for a screen reader is
    the label as given (escape and all): "6♠+3♥" is read as written, not "6♠\\+3♥"."""
    value = _defuse(_BIDI.sub("", _CONTROL.sub("", str(text)))[:limit])
    value = " ".join(value.split())
    return _LABEL_START.sub(r"\1\\\2", _LABEL_SPECIAL.sub(r"\\\1", value), count=1)


def code(text: object, limit: int = 200) -> str:
    """A code span showing these characters as typed (a move in notation): Markdown does
    not read inside one, so escaping there would show the backslashes ("5c\\+3d");
    instead a backtick or a line break, which would end the span, is dropped."""
    value = _defuse(_BIDI.sub("", _CONTROL.sub("", str(text)))[:limit])
    return "`" + (" ".join(value.replace("`", "").split()) or " ") + "`"


def lesson(text: object, limit: int = 20000) -> str:
    """Lesson prose: emphasis, code, lists and paragraphs; nothing that links or runs."""
    value = _CONTROL.sub("", str(text))[:limit]
    out: list[str] = []
    for part in re.split(r"(`[^`\n]*`)", value):
        if part.startswith("`") and part.endswith("`") and len(part) >= 2:
            out.append(part)  # a code span shows its text as typed, HTML included
        else:
            out.append(_html_escape(_LESSON_SPECIAL.sub(r"\\\1", _defuse(part))))
    return "".join(out)


def document(text: object, limit: int = 200000) -> str:
    """A project document (the rules page): Markdown tables, headings and links are
    kept, but HTML is shown as text and `$` never starts math."""
    value = _CONTROL.sub("", str(text))[:limit]
    return _html_escape(value.replace("\\$", "$").replace("$", "\\$"))
