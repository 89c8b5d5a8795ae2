"""Learner names (services/names.py): normalised so that two names cannot
look the same, and shown as the characters typed, never as Markdown."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from apphelpers import new_app, open_page, sign_in, texts
from storefixtures import kept_learner
from streamlit.testing.v1 import AppTest

from tutorial_app.services.names import UnusableNameError, normalise_name, skeleton
from tutorial_app.services.signin import SignIn
from tutorial_app.services.store import ProgressStore
from tutorial_app.ui import safe_text

HOSTILE = [
    "![t](https://example.com/t.png)",
    ":red[Teacher] :material/verified:",
    "https://example.com/x",
    "www.example.com",
    "ana@example.com",
    "<img src=x onerror=alert(1)>",
    "**Teacher** _x_ `c` $x^2$",
    "[click](javascript:alert(1))",
]


@pytest.mark.parametrize(("typed", "kept"), [
    ("  Ana   María ", "Ana María"),
    ("Ａｎａ", "Ana"),                # fullwidth letters
    ("ﬁona", "fiona"),               # a ligature comes apart
    ("Jose\u0301", "José"),          # a combining accent composes
    ("山田 はな", "山田 はな"),          # kanji with kana is one writing system
    ("Ольга", "Ольга"),              # one alphabet, not Latin: fine
    ("An\u200ba", "Ana"),            # a zero-width space draws nothing: dropped
    ("\u202eana", "ana"),            # so does a right-to-left override
    ("Ana\ufe0f", "Ana"),            # variation selectors and other default-ignorables
    ("A\u034fna\u180b\u17b4", "Ana"),
    ("Ana\u2800", "Ana"),            # a blank Braille pattern is a space
])
def test_names_are_normalised(typed: str, kept: str) -> None:
    assert normalise_name(typed) == kept


@pytest.mark.parametrize("typed", [
    "\u0410na",             # Cyrillic А with Latin "na"
    "Pa\u0443l",            # Latin with a Cyrillic у
    "\u0391lex",            # Greek Alpha
    "a" + "\u0301" * 4,     # accents piled on one letter
    "\u3164", "\u2800\u2800", "\u3164\u200b",  # blank when drawn
    "...",                  # no letter or digit to read
    "a\x00b", "", "   ", "x" * 41,
])
def test_names_that_could_pass_for_another_are_refused(typed: str) -> None:
    with pytest.raises(UnusableNameError):
        normalise_name(typed)


def test_look_alike_names_share_a_skeleton() -> None:
    assert skeleton("Ехо") == skeleton("Exo") == "exo"  # all Cyrillic against all Latin
    assert skeleton("ANA") == skeleton("ana")


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "p.sqlite3")


def test_a_look_alike_name_signs_in_as_the_known_learner(store: ProgressStore) -> None:
    memory: dict[str, Any] = {}
    exo = SignIn(store, memory).sign_in_by_name("Exo")
    assert exo is not None
    again = SignIn(store, {}).sign_in_by_name("Ехо")  # Cyrillic Е, х, о
    assert again == exo and len(store.learners()) == 1
    fullwidth = SignIn(store, {}).sign_in_by_name("ＥＸＯ")
    assert fullwidth == exo
    mixed = SignIn(store, {})
    assert mixed.sign_in_by_name("\u0410na") is None
    assert mixed.error is not None and "alphabet" in mixed.error
    assert [learner.name for learner in store.learners()] == ["Exo"]


# ----- shown as text ------------------------------------------------------------------------


@pytest.mark.parametrize("name", HOSTILE)
def test_plain_text_leaves_no_markup(name: str) -> None:
    shown = safe_text.plain(name)
    for mark in ("](", "![", ":red[", ":material/", "<img", "https:", "www.", "@example.com"):
        # Every character that could start markup is escaped ("\:material/") or gone.
        assert re.search(r"(?<!\\)" + re.escape(mark), shown) is None, (mark, shown)


def test_hostile_names_are_text_in_the_sidebar_and_never_offered(env: None, db: Path) -> None:
    store = ProgressStore(db)
    for name in HOSTILE:  # as a store from before today's rules may hold them
        kept_learner(store, name)
    at = open_page(new_app(), "learn")
    assert not [b for b in at.button if (b.key or "").startswith("as-")]  # nobody offered
    image = safe_text.plain(HOSTILE[0])
    sign_in(at, HOSTILE[0])
    sidebar = "\n".join(str(m.value) for m in at.sidebar.markdown)
    assert image in sidebar and "![t](" not in sidebar


def test_a_typed_hostile_name_is_refused_and_its_sentence_is_text(app: AppTest) -> None:
    open_page(app, "learn")
    sign_in(app, ":red[Teacher] :material/verified:")
    assert "Learning as" not in texts(app)
    (said,) = [str(e.value) for e in app.error]
    assert "cannot hold" in said and "U\\+003A" in said  # the first symbol, named, as text
    assert ":red[Teacher]" not in texts(app) and ":material/verified:" not in said
