"""The rules beside a position: every setting in which the position's rules differ
from the classic game (the rules every learner starts from, docs/rules.md), each in
one sentence with its rule number linked to the Rules page.

A puzzle under `controller_trail=always` is answered differently than under the
classic rules, and its first hint says "read the rules named with the position";
they were named nowhere, on any page. Every page that shows a position a learner is
asked about (a puzzle, a streak's puzzle, a line, a lesson's step) calls `show`
beside it; a position under the classic rules shows nothing. Each sentence is one
catalogue entry (`rules.beside.<setting>.<value>`), so no language glues a setting's
name to its value; a value with no entry of its own (a number of points a setting's
record allows, `target=31`) fills its setting's one sentence (`rules.beside.<setting>`).
No setting is asked for by name: a new setting needs only its record and its entries.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from engine import Rules
from tutorial_app.ui import board
from tutorial_app.words.i18n import english, t

CLASSIC: Final = Rules()


def sentences(rules: Rules, base: Rules = CLASSIC) -> tuple[str, ...]:
    """One sentence per setting of `rules` that differs from `base`, in the order of
    docs/rules.md's settings; none when they are the same."""
    normal = base.settings()
    said = []
    for name, value in rules.settings().items():
        if value == normal[name]:
            continue
        said.append(_sentence(name, value))
    return tuple(said)


def _sentence(name: str, value: str) -> str:
    """A value's own sentence (`sweeps.off`, `target.hand`), else the setting's sentence
    with the value as its number (`target=31`: "played to 31 points")."""
    own = f"rules.beside.{name}.{value}"
    return t(own) if own in english() else t(f"rules.beside.{name}", points=value)


def show(rules: Rules, key: str) -> None:
    """The differing rules as a short list under a heading, in a box keyed
    `rules-beside-<key>`; nothing for the classic rules."""
    said = sentences(rules)
    if not said:
        return
    with st.container(border=True, key=f"rules-beside-{key}"):
        st.markdown(f"**{t('rules.beside.title')}**")
        st.markdown("\n".join(f"- {board.linked_lesson(sentence)}" for sentence in said))


def of_step(step: object) -> Rules | None:
    """A lesson step's rules: its position's, or its own (a counting step's scoring);
    None for a step with neither (text alone)."""
    position = getattr(step, "position", None)
    if position is not None:
        return getattr(position, "rules", None)
    rules = getattr(step, "rules", None)
    return rules if isinstance(rules, Rules) else None
