"""Names that could impersonate (services/names.py): what the review found, on the
store of both engines. "Ana" with an invisible code point or a variation selector is
"Ana"; a name of Hangul fillers or blank Braille patterns draws nothing and is refused;
Greek η and Latin small capitals are compared by Unicode's confusable skeleton (UTS
#39 data from the `confusable_homoglyphs` package, not a hand-made map); a teacher's
name is reserved; a second learner can never take a look-alike of a name."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutorial_app.services import names
from tutorial_app.services.classes import ClassroomError, ClassStore
from tutorial_app.services.names import UnusableNameError, normalise_name, skeleton
from tutorial_app.services.store import LearnerNameError, ProgressStore

INVISIBLE = ["\ufe0f", "\u034f", "\u180b", "\u17b4", "\u200d", "\u2060", "\U000e0100"]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_an_invisible_code_point_makes_no_new_name(mark: str) -> None:
    assert normalise_name("Ana" + mark) == "Ana" == normalise_name("A" + mark + "na")
    assert skeleton("Ana" + mark) == skeleton("Ana")


@pytest.mark.parametrize("blank", ["\u3164", "\u3164\u3164", "\u2800", "\u2800 \u2800",
                                   "\u115f\u1160", "\uffa0", "\u200b\ufe0f"])
def test_a_name_that_draws_nothing_is_refused(blank: str) -> None:
    with pytest.raises(UnusableNameError, match="blank"):
        normalise_name(blank)


@pytest.mark.parametrize(("one", "other"), [
    ("noa", "ηοα"),          # Greek eta and omicron, alpha: all Greek, reads "noa"
    ("Ana", "ᴀɴᴀ"),          # Latin small capitals
    ("Exo", "Ехо"),          # Cyrillic
    ("Iris", "lris"),        # capital I and small l
    ("Mia", "Ｍｉａ"),        # fullwidth
    ("Emma", "Ernrna"),      # "m" and "rn", as Unicode's data has it
])
def test_look_alikes_share_the_unicode_skeleton(one: str, other: str) -> None:
    assert skeleton(one) == skeleton(other)


def test_different_names_keep_different_skeletons() -> None:
    shapes = {skeleton(n) for n in ("Ana", "Ann", "Bob", "Rob", "Eva", "Ava", "Li", "Lu")}
    assert len(shapes) == 8


def test_the_skeleton_comes_from_unicodes_data() -> None:
    table = names._prototypes()
    assert len(table) > 5000  # the whole confusables list, not a few dozen letters
    assert table["\u0430"] == "a" and table["\u03bf"] == "o"  # Cyrillic a, Greek omicron


def test_a_second_learner_cannot_take_a_look_alike_name(store: ProgressStore) -> None:
    ana = store.learner("Ana")
    for typed in ("ANA", "Ana\ufe0f", "ᴀɴᴀ", "A\u034fna"):
        assert store.learner(typed) == ana  # the same learner, never a second one
    assert [x.name for x in store.learners()] == ["Ana"]
    rooms = ClassStore(store)
    room = rooms.create_class(rooms.add_teacher("Teacher Ada", "s3cret-pass").id, "5B")
    rooms.add_learner(room.id, "Ana")  # the class's own Ana
    for typed in ("ᴀɴᴀ", "ANA", "Ana.", "An-a"):
        with pytest.raises(ClassroomError):
            rooms.join(room.code, typed)  # Ana's look-alike cannot join as someone new
    with pytest.raises(LearnerNameError, match="teacher"):
        store.learner("teacher ada")  # the teacher's own name
    with pytest.raises(LearnerNameError, match="teacher"):
        store.learner("ᴛᴇᴀᴄʜᴇʀ ᴀᴅᴀ")
    with pytest.raises(ClassroomError):
        rooms.add_teacher("ana", "other-pass")  # a learner's name is not a new teacher's


def test_rename_resolves_a_look_alike_reported_by_the_migration(store: ProgressStore) -> None:
    rooms = ClassStore(store)
    ana = store.learner("Ana")
    with store.engine.begin() as con:  # as a store from before 0005 may hold them
        con.exec_driver_sql(
            "INSERT INTO learners (name, name_key, name_skeleton, clash, created) "
            f"VALUES ('Ana\ufe0f', 'ana\ufe0f', '{skeleton('Ana')}', 999, 1)")
    groups = rooms.look_alikes([ana.id])
    assert [[x.name for x in group] for group in groups] == [["Ana", "Ana\ufe0f"]]
    twin = groups[0][1]
    with pytest.raises(ClassroomError):
        rooms.rename_learner(twin.id, "Ana")
    assert rooms.rename_learner(twin.id, "Ana B").name == "Ana B"
    assert rooms.look_alikes([ana.id, twin.id]) == []


# ----- every character, as the tester tried them ----------------------------------

FONTS = [Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
         Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")]


def candidates() -> Iterator[str]:
    """Every code point Unicode assigns (as this Python knows it), surrogates and the
    private-use areas aside (refused as "invisible": checked on their own below)."""
    for point in range(sys.maxunicode + 1):
        char = chr(point)
        if unicodedata.category(char) not in ("Cn", "Cs", "Co"):
            yield char


def test_no_character_after_a_name_makes_a_new_name_that_draws_the_same() -> None:
    """"Bea" followed by each assigned character: refused, or the same name as "Bea"
    (one skeleton: the store takes it for her), or a new name that draws differently,
    pixel by pixel, in two common fonts: it adds a letter or a digit that shows. What
    the issue's tester did (U+FFFC drew nothing and made a second "Bea")."""
    image = pytest.importorskip("PIL.Image")
    draw = pytest.importorskip("PIL.ImageDraw")
    fonts = [pytest.importorskip("PIL.ImageFont").truetype(str(f), 24)
             for f in FONTS if f.exists()]
    if not fonts:
        pytest.skip("no DejaVu or Liberation font to draw the names with")

    def pixels(font: Any, text: str) -> bytes:
        picture = image.new("L", (520, 48))
        draw.Draw(picture).text((8, 8), text, font=font, fill=255)
        return bytes(picture.tobytes())

    bea, shape = [pixels(font, "Bea") for font in fonts], skeleton("Bea")
    assert pixels(fonts[0], "Bea\ufffc") == bea[0]  # the tester's finding, in DejaVu Sans
    tried, new_names = 0, 0
    for char in candidates():
        tried += 1
        try:
            kept = names.learner_name("Bea" + char)
        except UnusableNameError:
            continue
        if skeleton(kept) == shape:
            continue  # "Beá", "Bea." ...: one name with Bea's
        new_names += 1
        added = kept.removeprefix("Bea")  # a letter or a digit, whatever else comes with it
        assert any(unicodedata.category(c)[0] == "L" or unicodedata.category(c) == "Nd"
                   for c in added), f"U+{ord(char):04X}"
        for font, before in zip(fonts, bea, strict=True):
            assert pixels(font, kept) != before, f"U+{ord(char):04X} draws nothing"
    assert tried > 140_000 and new_names > 2_000
    for point in (0xE000, 0xF8FF, 0xF0000, 0x10FFFD, 0x0378, 0xFFFE):  # private, unassigned
        with pytest.raises(UnusableNameError):
            names.learner_name("Bea" + chr(point))


def test_multi_letter_look_alikes_that_unicodes_data_leaves_out() -> None:
    """confusables.txt maps one character to its prototype, so "vv" for "w" is not in
    it; "rn" for "m" is (m's prototype is "rn")."""
    assert skeleton("VValter") == skeleton("Walter") == skeleton("vvalter")
    assert skeleton("Emma") == skeleton("Ernrna")
    assert skeleton("Clara") != skeleton("Dara")  # "cl" for "d": left out on purpose
    assert skeleton("Ms Rossi.") == skeleton("Ms Rossi") == skeleton("MsRossi")
    assert skeleton("Ana-Maria") == skeleton("Ana Maria") == skeleton("Ana·Maria")
