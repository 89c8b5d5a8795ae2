"""Feedback chosen by what was tried, not by the reason code alone.

A `feedback:` entry of a play step or puzzle is keyed by

- a move in notation (`"8s x 5c+3d"`): shown for exactly that move;
- a judge reason code with the move kind and, optionally, the played card
  (`wrong-sum capture`, `wrong-sum capture 2c`): shown for an illegal try of
  that kind (with that card) that the judge answers with that code;
- `missed`, optionally with the kind and card (`missed trail`, `missed trail 10c`):
  shown for a legal move that misses the goal.

A bare reason code (`wrong-sum`) is accepted only when every click attempt of
the step that gets that code is of one kind (the loader proves it), so a text
written for a capture can never be shown under a build. The most specific
entry wins: move, then code+kind+card, then code+kind, then the bare code.
An entry written for any card of a kind (no card in its key) does not answer a try
that plays an answer's card with the wrong action: that try is led instead
(judge/lead.py), since the entry was written for a wrong card.

A text may use the attempt's own facts as fields: `{played}`, `{chosen}`,
`{sum}`, `{value}`, `{groups}`, `{kind}` (see `facts`).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine import (
    BUILD,
    CAPTURE,
    REASON_CODES,
    TRAIL,
    Attempt,
    Build,
    Card,
    Move,
    NotationError,
    Position,
    Verdict,
    check,
)
from engine.values import split_into_groups
from tutorial_app.course.judge import answers, lead
from tutorial_app.course.proofs import claims
from tutorial_app.words import rulerefs

KINDS: Final = (CAPTURE, BUILD, TRAIL)
MISSED: Final = "missed"
FIELDS: Final = ("played", "chosen", "sum", "value", "groups", "kind")


@dataclass(frozen=True, slots=True)
class EntryKey:
    """A parsed code-or-missed key: `wrong-sum capture 2c` -> ("wrong-sum", "capture", 2c)."""

    code: str
    kind: str | None = None
    card: Card | None = None

    @property
    def text(self) -> str:
        return " ".join(p for p in (self.code, self.kind, str(self.card) if self.card else None)
                        if p)


def parse_key(name: str) -> EntryKey | str | None:
    """An EntryKey for `CODE [KIND [CARD]]`, an error message when it starts with a
    code but the rest is wrong, None when it is not a code key at all (a move)."""
    words = name.split()
    if not words or (words[0] not in REASON_CODES and words[0] != MISSED):
        return None
    code, rest = words[0], words[1:]
    if len(rest) > 2:
        return f"{name!r}: write a reason code (or 'missed'), a move kind and at most one card"
    kind = rest[0] if rest else None
    if kind is not None and kind not in KINDS:
        return (f"{name!r}: {kind!r} is not a move kind; after {code!r} write capture, "
                "build or trail")
    card = None
    if len(rest) == 2:
        try:
            card = Card.parse(rest[1])
        except NotationError as error:
            return f"{name!r}: {error}"
    return EntryKey(code, kind, card)


def lookup_keys(attempt: Attempt, verdict: Verdict, code: str) -> tuple[str, ...]:
    """The entry keys that may answer this attempt, most specific first."""
    keys = list(answers.feedback_keys(attempt, verdict))
    kind = str(attempt.kind)
    if attempt.card is not None:
        keys.append(f"{code} {kind} {attempt.card}")
    keys += [f"{code} {kind}", code]
    return tuple(keys)


def choose(feedback: Mapping[str, str], attempt: Attempt, verdict: Verdict,
           solved: bool, solutions: Sequence[Move] = ()) -> tuple[str, str] | None:
    """(key, text as written) of the entry that answers this try, or None. A try that
    meets the goal is answered by `success:`, never by an entry; a try with the right
    card and the wrong action (`solutions` are the task's answers) only by an entry
    keyed by its card or its move."""
    if solved:
        return None
    code = verdict.code.value if not verdict.legal else MISSED
    keys = lookup_keys(attempt, verdict, code)
    if lead.right_card(attempt, solutions) is not None:
        keys = keys[:-2]  # `code kind` and the bare code: written for another card
    for key in keys:
        if key in feedback:
            return key, feedback[key]
    return None


# ----- the attempt's facts ---------------------------------------------------------


def _value_of(item: Card | Build, position: Position) -> int:
    if isinstance(item, Build):
        return item.value
    return position.rules.table_value(item) or 0


def _pretty(item: Card | Build) -> str:
    return item.pretty if isinstance(item, Card) else f"[{item.value}]"


def facts(position: Position, attempt: Attempt) -> dict[str, str]:
    """The fields a feedback text may use, for this attempt:

    played  the card played (empty when none was chosen)
    chosen  the table cards and builds chosen, as `5♣+3♦` (empty when none)
    sum     what the chosen table cards add up to (with the played card for a build)
    value   the value played for: the build's value, else the played card's value
    groups  a capture's cards split into groups of the played card's value
            (`5♣+3♦, 8♦`), or the chosen cards when they cannot be split
    kind    capture, build or trail
    """
    rules = position.rules
    chosen = [i for i in attempt.items if isinstance(i, (Card, Build))]
    chosen += [t for t in attempt.targets if isinstance(t, Build)]
    total = sum(_value_of(i, position) for i in chosen)
    played_value = rules.table_value(attempt.card) if attempt.card else None
    if attempt.kind == BUILD:
        total += played_value or 0
        value = attempt.value
    else:
        value = played_value
    groups = "+".join(_pretty(i) for i in chosen)
    if attempt.kind == CAPTURE and value and chosen:
        split = _split(chosen, value, position)
        if split:
            groups = ", ".join("+".join(_pretty(i) for i in g) for g in split)
    return {
        "played": attempt.card.pretty if attempt.card else "",
        "chosen": "+".join(_pretty(i) for i in chosen),
        "sum": str(total) if chosen or attempt.kind == BUILD else "",
        "value": "" if value is None else str(value),
        "groups": groups,
        "kind": str(attempt.kind),
    }


def _split(items: Sequence[Card | Build], value: int,
           position: Position) -> list[list[Card | Build]] | None:
    """Items split into groups of `value`, builds as their own group (None if not)."""
    builds = [i for i in items if isinstance(i, Build)]
    cards = [i for i in items if isinstance(i, Card)]
    if any(b.value != value for b in builds):
        return None
    values = [_value_of(c, position) for c in cards]
    found = split_into_groups(values, value) if cards else []
    if found is None:
        return None
    out: list[list[Card | Build]] = [[cards[i] for i in group] for group in found]
    return out + [[b] for b in builds]


def fields_in(text: str) -> list[str]:
    """The `{field}` names a text uses; raises ValueError for broken braces."""
    return [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]


def render(text: str, values: Mapping[str, str]) -> str:
    """The text with its fields filled in (a text that cannot be filled is left as is;
    the loader has already refused any field it does not know)."""
    try:
        return text.format_map(dict(values))
    except (KeyError, ValueError, IndexError):
        return text


# ----- said once: an author's text never repeats the judge's ------------------------

_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+")


def sentences(text: str) -> list[str]:
    return [part for part in _SENTENCE.split(text.strip()) if part]


def _plain(text: str) -> str:
    """A sentence for comparing: no rule references (in any language's words), no
    punctuation, no case."""
    text = rulerefs.strip(text.lower())
    return " ".join(re.sub(r"[^\w♠♥♦♣+]+", " ", text).split())


def restated(text: str, judge: str) -> str | None:
    """The sentence of `text` that says again what the judge says (a judge's sentence in
    it, or it inside one of the judge's: rule numbers, case and punctuation aside), or
    None. Only sentences of four words or more count: "Not legal." does not."""
    said = _plain(text)
    for sentence in sentences(judge):
        plain = _plain(sentence)
        if len(plain.split()) >= 4 and plain in said:
            return sentence
    whole = _plain(judge)
    for sentence in sentences(text):
        plain = _plain(sentence)
        if len(plain.split()) >= 4 and plain in whole:
            return sentence
    return None


def once(judge: str, advice: str) -> str:
    """The author's advice without the sentences that repeat the judge's words; empty
    when it says nothing the judge has not said."""
    return " ".join(s for s in sentences(advice) if restated(s, judge) is None)


# ----- does a text fit the attempt it answers? -----------------------------------

_CARD: Final = claims.CARD


def contradiction(text: str, position: Position, attempt: Attempt,
                  verdict: Verdict | None = None, solutions: Sequence[Move] = ()) -> str | None:
    """Why the text is not true for this attempt, or None when nothing in it
    contradicts it (course/proofs/claims.py lists what is checked: the cards it names,
    the cards it says you hold, its sums and counts, its words for the move's kind,
    its praise, what it says the try took or left). `verdict` is the judge's on the
    attempt (asked here when not given); `solutions` are the step's answers, which
    praise is held to."""
    if verdict is None:
        verdict = check(position, attempt)
    move = verdict.move if verdict.legal else None
    where = claims.Situation(position, attempt, move, tuple(solutions))
    return claims.false_claim(text, where)


def names_a_card(text: str, position: Position, attempt: Attempt) -> bool:
    """Does the text name a card of the attempt or of the position?"""
    seen = {f"{m.group(1)}{m.group(2)}" for m in _CARD.finditer(text)}
    cards = {c.pretty for c in (*position.hand, *position.loose)}
    cards |= {c.pretty for b in position.builds for c in b.cards}
    if attempt.card is not None:
        cards.add(attempt.card.pretty)
    return bool(seen & cards)
