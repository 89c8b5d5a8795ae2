"""What a page says, kept as keys and facts and worded only when drawn (no Streamlit).

A controller keeps a notice or a problem in the session's memory as a catalogue key
and its facts (`Message`), the judge's verdict, the engine's refusal or a position's
problems, never as a sentence: a learner who switches language between a click and
the next drawing reads it in the new language, and the memory holds no English.
Here, not in `page`, so that `links` (which `page` uses) can say its problems the
same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import CassinoError, Move, Verdict
from engine.position import Problem
from tutorial_app.words import words
from tutorial_app.words.i18n import t


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence as a catalogue key and its facts, worded when drawn. A fact that is a
    move, an engine error, a position's problem or a list of problems is worded then
    too (see `fact`)."""

    key: str
    facts: tuple[tuple[str, object], ...] = ()

    @staticmethod
    def of(key: str, **facts: object) -> Message:
        return Message(key, tuple(facts.items()))

    @property
    def text(self) -> str:
        return t(self.key, **{name: fact(value) for name, value in self.facts})


Problems = tuple[Problem, ...]
"""A position's problems (or a build's), each one whole sentence when worded."""

Said = Message | Verdict | CassinoError | Problems | str
"""What a notice or a problem says: a catalogue key and its facts, the judge's
verdict, the engine's refusal (its own facts, worded as `words.error` words them),
a position's problems, or words already made (the learner's own, or none to word)."""


def fact(value: object) -> object:
    """A fact of a message in the language of this drawing: a move, an engine error and
    a position's problems are worded now; anything else (a number, a name) as it is."""
    if isinstance(value, Move):
        return words.move(value)
    if isinstance(value, CassinoError):
        return words.error(value)
    if isinstance(value, Problem):
        return words.problem(value)
    if isinstance(value, tuple) and value and all(isinstance(p, Problem) for p in value):
        return problems_text(value)
    return value


def problems_text(found: Sequence[Problem]) -> str:
    """Problems in a row, each its own whole sentence."""
    return " ".join(words.problem(p) for p in found)


def worded(said: Said) -> str:
    """`said` in the language of this drawing."""
    if isinstance(said, Message):
        return said.text
    if isinstance(said, Verdict):
        return words.verdict(said)
    if isinstance(said, CassinoError):
        return words.error(said)
    if isinstance(said, tuple):
        return problems_text(said)
    return said
