"""Learner and teacher names as they are kept, shown and compared (plain Python).

A name is what a class sees on the projector, in the teacher's reports and on a
printed login card, so two names that look the same must never be two people, and
a name must never look like nobody. So a name is

- normalised: Unicode NFKC (fullwidth "Ａｎａ" is "Ana", ligatures come apart), then
  every default-ignorable code point and variation selector dropped (zero-width
  spaces, joiners, U+FE0F, U+034F, U+180B, U+17B4, the Hangul fillers: they draw
  nothing, so "Ana" with one is still "Ana"), glyphs that draw as blank (white
  space, U+2800 BRAILLE PATTERN BLANK) read as a space, spaces collapsed, trimmed;
- refused when it could still deceive: control, private-use or unassigned
  characters, piles of combining marks, letters of more than one alphabet (Latin
  with Cyrillic or Greek), or nothing that shows (no letter or digit is left);
- compared by its *skeleton*, Unicode's confusable skeleton (UTS #39, section 4:
  each character replaced by the prototype it is confusable with, from Unicode's
  confusables.txt as the `confusable_homoglyphs` package ships it), taken before
  and after case folding, with combining marks then left out (Greek "η" is "n̩"
  there, and an accent does not tell two names apart on a projector) and Latin
  small capitals read as their letters ("ᴀɴᴀ" is "ana"). Two names with one
  skeleton are one name: the store refuses a second learner under it, and a
  learner cannot take a teacher's.

Default-ignorable code points and variation selectors come from the `regex`
package's Unicode property tables (Python's `unicodedata` does not carry those
properties); both packages are pinned in pyproject.toml.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from typing import Final

import regex
from confusable_homoglyphs import confusables

from tutorial_app.course.i18n import t

MAX_NAME_LENGTH: Final = 40
"""Characters in a learner name, after normalising (the store's MAX_NAME)."""

MAX_COMBINING: Final = 2
"""Combining marks in a row that a name may keep after NFKC (which composes the
usual accents into single letters): more pile up over the neighbouring text."""

# Scripts that are written together in one name count as one (Japanese mixes
# kanji and kana, Korean may mix hangul and hanja).
_SCRIPT_GROUPS: Final = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK",
                         "BOPOMOFO": "CJK", "IDEOGRAPHIC": "CJK", "HALFWIDTH": "CJK"}

_IGNORABLE: Final = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Variation_Selector}]")
# Graphic characters that draw nothing visible are read as a space. White space has a
# Unicode property; these two are symbols whose glyph is empty by design.
_BLANK: Final = regex.compile(r"[\p{White_Space}\u2800\U0001D159]")
_SMALL_CAPITAL: Final = "LATIN LETTER SMALL CAPITAL "
_LRM: Final = str.maketrans("", "", "\u200e\u200f")  # display marks in the data's text


class UnusableNameError(ValueError):
    """A name that cannot be used; the message says why, for the learner."""


def script(char: str) -> str | None:
    """The alphabet of a letter ("LATIN", "CYRILLIC", "CJK", ...), None for anything
    that is not a letter (digits, spaces, punctuation are shared by all)."""
    if not unicodedata.category(char).startswith("L"):
        return None
    word = unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]
    return _SCRIPT_GROUPS.get(word, word)


def visible_text(name: object) -> str:
    """The name with what draws nothing taken out: NFKC, default-ignorable code points
    and variation selectors dropped, blank glyphs read as spaces, spaces collapsed.
    (NFKC again after the drop: an accent a joiner held apart composes now.)"""
    text = unicodedata.normalize("NFKC", str(name))
    text = _BLANK.sub(" ", _IGNORABLE.sub("", text))
    return " ".join(unicodedata.normalize("NFKC", text).split())


def normalise_name(name: object) -> str:
    """The name as it is kept and shown, or UnusableNameError saying why not."""
    raw = str(name)
    text = visible_text(raw)
    if not text:
        raise UnusableNameError(t("signin.name_blank" if raw.strip() else "signin.name_empty"))
    if len(text) > MAX_NAME_LENGTH:
        raise UnusableNameError(t("signin.name_too_long", n=MAX_NAME_LENGTH))
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if category[0] == "C" or category in ("Zl", "Zp"):  # control, format, unassigned
            raise UnusableNameError(t("signin.name_control"))
        marks = marks + 1 if category[0] == "M" else 0
        if marks > MAX_COMBINING:
            raise UnusableNameError(t("signin.name_marks"))
    if not any(unicodedata.category(char)[0] in "LN" for char in text):
        raise UnusableNameError(t("signin.name_blank"))
    scripts = {found for char in text if (found := script(char)) is not None}
    if len(scripts) > 1:
        raise UnusableNameError(t("signin.name_mixed", scripts=", ".join(
            sorted(s.title() for s in scripts))))
    return text


@functools.cache
def _prototypes() -> dict[str, str]:
    """Character -> its prototype, rebuilt from the package's data. The package keeps
    each line "source -> prototype" of confusables.txt in both directions; a source is
    one code point and is linked to its prototype alone, while a prototype is linked to
    all its sources (or is several characters, such as "rn" for "m"). A class of just
    two single characters does not say which is the prototype; both go to the smaller,
    which compares the same."""
    links: dict[str, set[str]] = {}
    for key, entries in confusables.confusables_data.items():
        for entry in entries:
            links.setdefault(key.translate(_LRM), set()).add(str(entry["c"]).translate(_LRM))
    found: dict[str, str] = {}
    for char, others in links.items():
        if len(char) != 1 or len(others) != 1:
            continue  # several characters, or a prototype: it stays itself
        (other,) = others
        if len(other) > 1 or len(links.get(other, ())) > 1 or other < char:
            found[char] = other
    return found


def _tr39(text: str) -> str:
    """UTS #39 skeleton: NFD, every character to its prototype, NFD again."""
    table = _prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _small_capital(char: str) -> str:
    name = unicodedata.name(char, "")
    letter = name.removeprefix(_SMALL_CAPITAL)
    return letter.lower() if name.startswith(_SMALL_CAPITAL) and len(letter) == 1 else char


def skeleton(name: str) -> str:
    """What a name looks like (see the module docstring): one text for every name a
    reader could take for it."""
    text = "".join(_small_capital(char) for char in visible_text(name))
    folded = _tr39(_tr39(text).casefold())
    return "".join(_small_capital(char) for char in folded if not unicodedata.combining(char))


def same_looking(name: str, known: Iterable[str]) -> str | None:
    """The known name that looks like `name`, if any."""
    wanted = skeleton(name)
    return next((other for other in known if skeleton(other) == wanted), None)
