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
  and after case folding, with only its letters and digits then kept (marks,
  punctuation, spaces and symbols left out: Greek "η" is "n̩" there, an accent does
  not tell two names apart on a projector, and "Ms Rossi." is "Ms Rossi"), Latin
  small capitals read as their letters ("ᴀɴᴀ" is "ana") and "vv" read as "w"
  ("VValter" is "Walter"; confusables.txt maps single characters only, so of the
  letter pairs that pass for one letter it has "rn" for "m" alone). Two names with
  one skeleton are one name: the store refuses a second learner under it in one
  class (or among the learners in no class), and a learner cannot take a teacher's.

A *new* learner's name (`learner_name`) is held to more: it is letters, combining
marks, digits and spaces, with an apostrophe, a hyphen, a full stop or a middle dot
between them and nothing else (so U+FFFC, which draws nothing in many fonts, every
other symbol, brackets and quotes are refused, each with a sentence that names the
character), and it holds no word a class uses for its teacher in the app's four
languages ("Teacher", "Professora", "Maestra", "Insegnante", "Ms", ...). A name is
refused, never cut, when it is longer than MAX_NAME_LENGTH; the name boxes take
MAX_TYPED characters so that the refusal, not the box, says so.

Default-ignorable code points and variation selectors come from the `regex`
package's Unicode property tables (Python's `unicodedata` does not carry those
properties); both packages are pinned in pyproject.toml.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Final

import regex
from confusable_homoglyphs import confusables

from tutorial_app.words.i18n import t

MAX_NAME_LENGTH: Final = 40
"""Characters in a learner name, after normalising."""

MAX_TYPED: Final = 100
"""Characters a name box takes: more than MAX_NAME_LENGTH, so that a long name is
refused with a sentence instead of being cut by the box."""

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
# What a new learner's name may hold besides letters, marks, digits and spaces: the
# apostrophes, hyphens, full stop and middle dots names are written with (O'Brien,
# O’Brien from a phone's keyboard, Ana-Maria, Gal·la, ジョン・スミス).
NAME_PUNCTUATION: Final = frozenset("'\u2019-\u2010.\u00b7\u30fb")
# Letter sequences that pass for one letter and that confusables.txt (single characters
# only) cannot say; "rn" for "m" is there already (m's prototype is "rn"). Left out on
# purpose: "cl" for "d" (it would make Clara and Dara one name), "nn" for "m" (Anna, Ama).
_LETTER_PAIRS: Final = (("vv", "w"),)
_WORD: Final = regex.compile(r"[\p{L}\p{M}\p{Nd}]+")

# Words a class calls its teacher by, in the app's four languages (titles too): a
# learner's name holds none of them, so nobody answers on the projector as "Teacher",
# "Ms Rossi" or "Professora Ana". Compared by their skeletons, as whole words; the
# longer ones (7 letters or more) also as the start of a word ("TeacherAna").
TEACHER_WORDS: Final = frozenset({
    # English
    "teacher", "teachers", "miss", "mr", "mrs", "ms", "mx", "sir", "madam", "dr",
    "prof", "professor", "instructor", "tutor", "headteacher", "headmaster",
    "headmistress", "principal", "admin", "administrator",
    # Português (Brasil)
    "professora", "professores", "profa", "mestre", "mestra", "educador", "educadora",
    "diretor", "diretora", "coordenador", "coordenadora", "docente", "sr", "sra", "srta",
    "monitor", "monitora",
    # Español
    "profesor", "profesora", "profe", "maestro", "maestra", "seño", "señor", "señora",
    "señorita", "tutora", "director", "directora",
    # Italiano
    "insegnante", "professore", "professoressa", "profssa", "signor", "signore", "signora",
    "signorina", "sig", "sigra", "dott", "dottore", "dottoressa",
})
_PREFIX_LENGTH: Final = 7


class UnusableNameError(ValueError):
    """A name that cannot be used; the message says why, for the learner."""


class TeacherWordError(UnusableNameError):
    """A new learner's name holding a word for a teacher ("Teacher", "Professora")."""


def script(char: str) -> str | None:
    """The alphabet of a letter ("LATIN", "CYRILLIC", "CJK", ...), or of a mark that
    belongs to one ("ORIYA SIGN VISARGA" after a Latin "a" is two alphabets); None for
    what all share (digits, spaces, punctuation, the "COMBINING" accents)."""
    category = unicodedata.category(char)[0]
    if category not in "LM":
        return None
    word = unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]
    if category == "M" and word == "COMBINING":
        return None
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


def learner_name(name: object) -> str:
    """A new learner's name as it is kept (see the module docstring): `normalise_name`,
    then only letters, marks, digits, spaces and NAME_PUNCTUATION, and no word for a
    teacher; UnusableNameError (TeacherWordError for the words) saying why not. Names
    already kept are looked up with `normalise_name` alone: a learner made before these
    rules still signs in."""
    text = normalise_name(name)
    for char in text:
        category = unicodedata.category(char)
        if category[0] in "LM" or category == "Nd" or char == " " or char in NAME_PUNCTUATION:
            continue
        raise UnusableNameError(t("signin.name_symbol", char=_shown(char)))
    word = teacher_word(text)
    if word is not None:
        raise TeacherWordError(t("signin.name_title", word=word))
    return text


def _shown(char: str) -> str:
    """A refused character as a sentence names it: itself when it draws, and its code
    point (which says it even when the font draws nothing, as for U+FFFC)."""
    drawn = char if unicodedata.category(char)[0] in "LMNPS" else ""
    return f"“{drawn}” (U+{ord(char):04X})" if drawn else f"U+{ord(char):04X}"


@functools.cache
def _teacher_shapes() -> tuple[frozenset[str], tuple[str, ...]]:
    shapes = frozenset(skeleton(spelt) for word in TEACHER_WORDS  # I is l, i is i
                       for spelt in (word, word.title(), word.upper()))
    return shapes, tuple(sorted(s for s in shapes if len(s) >= _PREFIX_LENGTH))


def teacher_word(text: str) -> str | None:
    """The word of `text` that a class calls a teacher by, as typed, if any."""
    whole, prefixes = _teacher_shapes()
    if skeleton(text) in whole:
        return text
    for word in _WORD.findall(text):
        shape = skeleton(word)
        if shape in whole or shape.startswith(prefixes):
            return str(word)
    return None


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
    reader could take for it, of letters and digits only."""
    text = "".join(_small_capital(char) for char in visible_text(name))
    folded = _tr39(_tr39(text).casefold())
    shape = "".join(_small_capital(char) for char in folded
                    if unicodedata.category(char)[0] in "LN")
    for pair, letter in _LETTER_PAIRS:
        shape = shape.replace(pair, letter)
    return shape
