"""Learner names as they are kept and shown (plain Python, no Streamlit).

Two names that look the same on a screen must be one learner: a class sees the
names on the welcome screen and in the teacher's report, and a Cyrillic "Аna"
beside a Latin "Ana" is a second learner nobody can tell apart. So a name is

- normalised: Unicode NFKC (fullwidth "Ａｎａ" is "Ana", ligatures come apart),
  spaces collapsed, trimmed;
- refused when it could not be told apart from another: invisible or control
  characters (zero-width spaces, right-to-left overrides), piles of combining
  marks, or letters from more than one alphabet (Latin with Cyrillic or Greek);
- compared by its *skeleton*: each letter that looks like a Latin one mapped to
  it (Cyrillic "а" to "a", Greek "Ο" to "O"), then case-folded. A new name
  whose skeleton matches a known learner's signs in as that learner.

`normalise_name` is what the store's `clean_name` should call (services/store.py
keeps its own checks until it is wired to this module); the sign-in service
(services/signin.py) applies both before the store sees a name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

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

# Letters of other alphabets that look like Latin letters (after Unicode's
# confusables list, the common ones), and Latin letters that look like others.
_LOOKALIKES: Final = str.maketrans({
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q",
    "Ԝ": "W", "Ү": "Y", "Ғ": "F", "Ӏ": "l", "а": "a", "е": "e", "о": "o", "р": "p",
    "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y", "ь": "b", "г": "r", "п": "n", "т": "m",
    "к": "k", "в": "b", "н": "h", "м": "m",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v",
    "ρ": "p", "ι": "i", "κ": "k", "α": "a", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c",
    # Armenian
    "Օ": "O", "օ": "o", "ս": "u", "հ": "h", "ո": "n", "զ": "q", "ց": "g",
    # Latin and digits that pass for each other
    "ı": "i", "ȷ": "j", "ɡ": "g", "ɑ": "a", "ʟ": "L", "0": "O", "1": "l", "I": "l",
    "|": "l",
})


class UnusableNameError(ValueError):
    """A name that cannot be used; the message says why, for the learner."""


def script(char: str) -> str | None:
    """The alphabet of a letter ("LATIN", "CYRILLIC", "CJK", ...), None for anything
    that is not a letter (digits, spaces, punctuation are shared by all)."""
    if not unicodedata.category(char).startswith("L"):
        return None
    word = unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]
    return _SCRIPT_GROUPS.get(word, word)


def normalise_name(name: object) -> str:
    """The name as it is kept and shown, or UnusableNameError saying why not."""
    text = " ".join(unicodedata.normalize("NFKC", str(name)).split())
    if not text:
        raise UnusableNameError(t("signin.name_empty"))
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
    scripts = {found for char in text if (found := script(char)) is not None}
    if len(scripts) > 1:
        raise UnusableNameError(t("signin.name_mixed", scripts=", ".join(
            sorted(s.title() for s in scripts))))
    return text


def skeleton(name: str) -> str:
    """What a name looks like: look-alike letters mapped to one, case folded."""
    return unicodedata.normalize("NFKC", name).translate(_LOOKALIKES).casefold()


def same_looking(name: str, known: Iterable[str]) -> str | None:
    """The known name that looks like `name` (so it is that learner), if any."""
    wanted = skeleton(name)
    for other in known:
        if skeleton(other) == wanted:
            return other
    return None
