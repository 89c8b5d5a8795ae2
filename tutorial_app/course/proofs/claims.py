"""What an author's sentence claims about the try it answers, checked against the try.

A feedback text is shown for every click attempt its key selects, a success text for
every move that solves the step, a hint or a prompt before any try at all. Each
sentence an author writes makes small claims that can be checked mechanically:

- the cards it names are in the position, and a card it says you hold is still in
  the hand once the try's card has left it;
- its numbers are the try's numbers: `3 + 9 = 12` must add the values of the cards
  the try chose (or of cards the sentence itself names), a total it says the cards
  must make is the played card's (or the announced build's) value, and a count of
  "those two cards" is the number of cards chosen;
- its words for the move's kind fit the kind: "that takes", "good groups", "your
  build", "you trailed" presuppose a capture, a build, a trail; praise ("Good,
  but", "Close") presupposes a legal try of the kind the answer is;
- what it says the try did or left: "is legal", "that does not take the 7♥", "the
  A♥ is still on the table", "that is not a build of 8".

`false_claim` returns why a text is not true for one try, or None. The loader calls
it for every (entry, attempt) pair the matching rules produce (course/reading/playable.py),
for each success text under every solution, and for the hints and prompts before
any try (course/proofs/truth.py). The sentences are English: the translations are held to
the same cards and numbers by the catalogue check (course/authoring/catalogues.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from engine import BUILD, CAPTURE, TRAIL, Attempt, Build, Card, Move, Position

CARD: Final = re.compile(r"(10|[2-9AJQK])([♠♣♥♦])")
RANK_WORDS: Final[dict[str, int]] = {
    "ace": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13,
    "aces": 1, "jacks": 11, "queens": 12, "kings": 13,
}
COUNT_WORDS: Final[dict[str, int]] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
}
_NUM = r"(\d+|one|two|three|four|five|six|seven|eight)"
_RULE_REF: Final = re.compile(r"\brules? \d{1,2}\.\d(?:(?:,| and|, and) \d{1,2}\.\d)*|"
                              r"\(\d{1,2}\.\d\)|\b\d{1,2}\.\d\b")
_SUM_TO: Final = re.compile(r"\b(?:(?:must|should|has to|have to|needs? to) (?:add up to|make)|"
                            r"exactly|groups? of)\s+(?:exactly\s+)?(\d+)\b", re.IGNORECASE)
_PLAY_THIS: Final = re.compile(r"\b(?:play|try|use|trail)\s+(?:the|your)?\s*(10|[2-9AJQK])"
                               r"([♠♣♥♦])", re.IGNORECASE)
_EQUATION: Final = re.compile(r"(?<![\w.])(\d+)((?:\s*\+\s*\d+)+)(?:\s*=\s*(\d+))?(?!\w)(?!\.\d)")
_THOSE_CARDS: Final = re.compile(rf"\b(?:those|these) {_NUM} cards\b", re.IGNORECASE)
_TAKES_N: Final = re.compile(rf"\b(?:it|that|this) takes (?:only |just )?{_NUM} cards?\b",
                             re.IGNORECASE)
_N_IN_ONE: Final = re.compile(rf"\b{_NUM} cards? (?:with|in) one (?:play|capture)\b",
                              re.IGNORECASE)
_HOLD: Final = re.compile(r"\byou (?:still )?hold (?:(no |an? )(\d+|ace|two|three|four|five|six|"
                          r"seven|eight|nine|ten|jack|queen|king)s?\b|(?:the |your )?"
                          r"((?:10|[2-9AJQK])[♠♣♥♦]))", re.IGNORECASE)
_HOLD_COUNT: Final = re.compile(r"\byou (?:still )?hold (two|three|four) (\d+|aces|jacks|queens|"
                                r"kings)s?\b", re.IGNORECASE)
_HOLD_LIST: Final = re.compile(r"\byou hold ((?:(?:10|[2-9AJQK])[♠♣♥♦](?:,\s*|\s+and\s+)?)+)",
                               re.IGNORECASE)
_STILL_THERE: Final = re.compile(r"(10|[2-9AJQK])([♠♣♥♦]) (?:is still (?:there|on the table)|"
                                 r"stays (?:behind|on the table)|is left (?:behind|alone|on the "
                                 r"table))", re.IGNORECASE)
_LEAVES: Final = re.compile(r"\b(?:that|it|this) leaves (?:the )?(10|[2-9AJQK])([♠♣♥♦])(?! or)",
                            re.IGNORECASE)
_NOT_TAKE: Final = re.compile(r"\b(?:does not|doesn't|did not) (?:take|capture) (?:the )?"
                              r"(10|[2-9AJQK])([♠♣♥♦])", re.IGNORECASE)
_LEGAL: Final = re.compile(r"(?<!not )(?<!il)\b(?:(?:is|are) legal|legal,? but|legal too|"
                           r"legal as well)\b|^legal\b", re.IGNORECASE | re.MULTILINE)
_NOT_BUILD_OF: Final = re.compile(r"\b(?:is not|does not make|isn't) a build of (\d+)",
                                  re.IGNORECASE)
_NOT_BUILD: Final = re.compile(r"\b(?:is not|isn't) a build\b(?! of)", re.IGNORECASE)
_CONTROL: Final = re.compile(r"(?:^|[.!?:]\s+)you control (?:a|an|the|two|builds?|both|"
                             r"\d+-build)\b", re.IGNORECASE)
_PRAISE: Final = re.compile(r"(?:^|[.!?]\s+)(?:good|close|nearly|almost|fine|nice|well done|"
                            r"a (?:fine|good|nice)|that is a (?:fine|good))\b", re.IGNORECASE)
_KIND_WORDS: Final = (
    (BUILD, re.compile(r"\b(?:cards of your build|the build you make|you announce|you are "
                       r"building|adds? to the build|you built|that builds|"
                       r"that (?:is|makes) (?:a|an) (?:single |multiple |new |second |separate |"
                       r"fine |good |[\d]+-)*build)\b", re.IGNORECASE)),
    (CAPTURE, re.compile(r"\b(?:the cards you take|you took|your capture|that captures|"
                         r"(?:^|(?<=[.!?:] ))(?:that|this|it) (?:takes|took|captures)|"
                         r"good (?:groups?|sums?|"
                         r"pairs?)|(?:a|that is a) (?:fine|good) (?:capture|sum|pair)|"
                         r"your (?:groups|sum))\b", re.IGNORECASE)),
    (TRAIL, re.compile(r"\b(?:you trailed|that trail|that lays|trailing lays|that is a trail)\b",
                       re.IGNORECASE)),
)
_ADDS_TO: Final = re.compile(r"\badds? to the build\b", re.IGNORECASE)


@dataclass
class Situation:
    """What a text is shown for: a position, the try (None before any try: a hint, a
    prompt), whether the try is legal and the move it makes, and the step's answers."""

    position: Position
    attempt: Attempt | None = None
    move: Move | None = None  # the legal move the try makes (None: illegal, or no try)
    solutions: tuple[Move, ...] = ()
    allowed: frozenset[str] = field(default_factory=frozenset)  # cards a text may name
    #   beyond the position's: the cards of the illegal move a mistake step shows

    @cached_property
    def here(self) -> set[str]:
        cards = {c.pretty for c in (*self.position.hand, *self.position.loose)}
        return cards | {c.pretty for b in self.position.builds for c in b.cards} | self.allowed

    @cached_property
    def hand_after(self) -> tuple[Card, ...]:
        played = self.attempt.card if self.attempt is not None else None
        return tuple(c for c in self.position.hand if c != played)

    @cached_property
    def chosen(self) -> list[Card | Build]:
        """The table cards and builds the try chose (a build target included)."""
        if self.attempt is None:
            return []
        found: list[Card | Build] = [i for i in self.attempt.items
                                     if isinstance(i, (Card, Build))]
        found += [t for t in self.attempt.targets if isinstance(t, Build) and t not in found]
        return found

    def value(self, item: Card | Build) -> int | None:
        return item.value if isinstance(item, Build) else self.position.rules.table_value(item)

    @cached_property
    def involved(self) -> Counter[int]:
        """The values the try put together: the chosen cards and builds, and the card
        played (a build, or the capture's own value)."""
        values = [v for v in (self.value(i) for i in self.chosen) if v is not None]
        attempt = self.attempt
        if attempt is not None and attempt.card is not None:
            played = self.position.rules.table_value(attempt.card)
            if played is not None:
                values.append(played)
        return Counter(values)

    @cached_property
    def chosen_cards(self) -> int:
        return sum(len(i.cards) if isinstance(i, Build) else 1 for i in self.chosen)

    @cached_property
    def taken(self) -> int | None:
        """How many table cards the try takes (None when it is not a legal capture)."""
        if self.move is None or self.move.kind != CAPTURE:
            return None if self.move is None else 0
        return len(self.move.taken_cards)


def _rank(word: str) -> int | None:
    low = word.lower()
    if low in RANK_WORDS:
        return RANK_WORDS[low]
    if low.isdigit():
        return int(low)
    return None


def _count(word: str) -> int:
    low = word.lower()
    return COUNT_WORDS[low] if low in COUNT_WORDS else int(low)


def _card(rank: str, suit: str) -> str:
    return f"{rank}{suit}"


def _named(text: str) -> list[str]:
    return [m.group(0) for m in CARD.finditer(text)]


def _value_of_pretty(pretty: str, position: Position) -> int | None:
    rank = pretty[:-1]
    number = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(rank)
    card = Card(number if number is not None else int(rank), _SUITS[pretty[-1]])
    return position.rules.table_value(card)


_SUITS: Final = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def false_claim(text: str, where: Situation) -> str | None:
    """Why `text` is not true where it is shown, or None when nothing in it is false."""
    for check in _CHECKS:
        found = check(text, where)
        if found is not None:
            return found
    return None


def _cards_here(text: str, where: Situation) -> str | None:
    for pretty in _named(text):
        if pretty not in where.here:
            return f"it names {pretty}, which is not in this position"
    return None


def _play_this(text: str, where: Situation) -> str | None:
    played = where.attempt.card if where.attempt is not None else None
    for match in _PLAY_THIS.finditer(text):
        pretty = _card(match.group(1), match.group(2))
        if played is not None and pretty == played.pretty:
            return f"it says {match.group(0)!r}, but the attempt played {played.pretty}"
        if pretty in where.here and pretty not in where.allowed and \
                pretty not in {c.pretty for c in where.position.hand}:
            return f"it says {match.group(0)!r}, but {pretty} is not in the hand"
    return None


def _sums_to(text: str, where: Situation) -> str | None:
    attempt = where.attempt
    if attempt is None:
        return None
    wanted: int | None = None
    if attempt.kind == CAPTURE and attempt.card is not None:
        wanted = where.position.rules.table_value(attempt.card)
    elif attempt.kind == BUILD:
        wanted = attempt.value
    if wanted is None:
        return None
    for match in _SUM_TO.finditer(text):
        if int(match.group(1)) != wanted:
            doing = "builds" if attempt.kind == BUILD else "plays a card worth"
            return f"it says {match.group(0)!r}, but the attempt {doing} {wanted}"
    return None


def _kind_words(text: str, where: Situation) -> str | None:
    attempt = where.attempt
    if attempt is None:
        return None
    for kind, words in _KIND_WORDS:
        found = words.search(text)
        if found and attempt.kind != kind:
            return f"it says {found.group(0)!r}, but the attempt is a {attempt.kind}"
    adds = _ADDS_TO.search(text)
    if adds and not attempt.targets:
        return f"it says {adds.group(0)!r}, but the attempt chose no build"
    return None


def _praise(text: str, where: Situation) -> str | None:
    """Praise presupposes a legal try of the kind the answer is."""
    attempt = where.attempt
    found = _PRAISE.search(text)
    if attempt is None or found is None:
        return None
    said = found.group(0).strip(" .!?")
    if where.move is None:
        return f"it says {said!r} to a try the rules forbid"
    kinds = {str(m.kind) for m in where.solutions}
    if kinds and str(attempt.kind) not in kinds:
        return (f"it says {said!r} to a {attempt.kind}, but the answer is a "
                f"{' or a '.join(sorted(kinds))}")
    return None


def _legal(text: str, where: Situation) -> str | None:
    if where.attempt is None:
        return None
    found = _LEGAL.search(text)
    if found and where.move is None:
        return f"it says {found.group(0)!r}, but the rules forbid the attempt"
    return None


def _equations(text: str, where: Situation) -> str | None:
    """`a + b = c`: right arithmetic, and the terms are the values of the cards the
    text names or of the cards the try put together (the position's, before a try)."""
    plain = _RULE_REF.sub(" ", CARD.sub(" ", text))
    named = Counter(v for v in (_value_of_pretty(p, where.position) for p in _named(text))
                    if v is not None)
    for match in _EQUATION.finditer(plain):
        terms = [int(match.group(1)), *(int(n) for n in re.findall(r"\d+", match.group(2)))]
        total = match.group(3)
        if total is not None and sum(terms) != int(total):
            return f"it says {match.group(0).strip()!r}, which does not add up"
        wanted = Counter(terms)
        if not wanted - named:
            continue
        if where.attempt is not None:
            if wanted - where.involved:
                values = " + ".join(str(v) for v in sorted(where.involved.elements())) or "-"
                return (f"it says {match.group(0).strip()!r}, but the attempt's cards are "
                        f"worth {values}")
        elif wanted - _position_values(where.position):
            return f"it says {match.group(0).strip()!r}, but no cards of the position make it"
    return None


def _position_values(position: Position) -> Counter[int]:
    rules = position.rules
    values = [rules.table_value(c) for c in (*position.hand, *position.loose)]
    values += [b.value for b in position.builds]
    values += [rules.table_value(c) for b in position.builds for c in b.cards]
    return Counter(v for v in values if v is not None)


def _counts(text: str, where: Situation) -> str | None:
    if where.attempt is None:
        return None
    for match in _THOSE_CARDS.finditer(text):
        if _count(match.group(1)) != where.chosen_cards:
            return (f"it says {match.group(0)!r}, but the attempt chose "
                    f"{where.chosen_cards} card(s)")
    for pattern in (_TAKES_N, _N_IN_ONE):
        for match in pattern.finditer(text):
            if where.taken is None:
                return f"it says {match.group(0)!r}, but the attempt takes nothing"
            if _count(match.group(1)) != where.taken:
                return f"it says {match.group(0)!r}, but the attempt takes {where.taken}"
    return None


def _holds(text: str, where: Situation) -> str | None:
    """`you hold a 6` / `you still hold the 9♥` / `you hold no 7` / `you hold two 9s`:
    the hand once the try's card has left it (the whole hand before any try)."""
    hand = where.hand_after
    rules = where.position.rules
    after = " after the attempt" if where.attempt is not None else ""
    shown = " ".join(c.pretty for c in hand) or "empty"
    for match in _HOLD.finditer(text):
        article, what, pretty = (match.group(1) or "").strip().lower(), match.group(2), \
            match.group(3)
        if pretty is not None:
            held, negated = pretty in {c.pretty for c in hand}, False
        else:
            rank = _rank(what)
            if rank is None:
                continue
            held = any(rules.table_value(c) == rank or c.rank == rank for c in hand)
            negated = article == "no"
        if held == negated:
            return f"it says {match.group(0)!r}, but the hand{after} is {shown}"
    for match in _HOLD_COUNT.finditer(text):
        rank = _rank(match.group(2).rstrip("s")) or 0
        have = sum(1 for c in hand if c.rank == rank)
        if have != _count(match.group(1)):
            return f"it says {match.group(0)!r}, but the hand{after} is {shown}"
    for match in _HOLD_LIST.finditer(text):
        for pretty in _named(match.group(1)):
            if pretty not in {c.pretty for c in where.position.hand}:
                return f"it says {match.group(0)!r}, but {pretty} is not in the hand"
    return None


def _taken_cards(where: Situation) -> set[str]:
    move = where.move
    if move is None or move.kind != CAPTURE:
        return set()
    return {c.pretty for c in move.taken_cards}


def _left_behind(text: str, where: Situation) -> str | None:
    """`the A♥ is still on the table`, `that leaves the 4♦`, `does not take the 7♥`:
    the card is loose on the table and the try does not take it."""
    loose = {c.pretty for c in where.position.loose}
    taken = _taken_cards(where)
    for pattern in (_STILL_THERE, _LEAVES, _NOT_TAKE):
        for match in pattern.finditer(text):
            pretty = _card(match.group(1), match.group(2))
            if pretty not in loose:
                return f"it says {match.group(0)!r}, but {pretty} is not loose on the table"
            if pretty in taken:
                return f"it says {match.group(0)!r}, but the attempt takes {pretty}"
    return None


def _not_build(text: str, where: Situation) -> str | None:
    attempt = where.attempt
    if attempt is None:
        return None
    built = where.move.value if where.move is not None and where.move.kind == BUILD else None
    for match in _NOT_BUILD_OF.finditer(text):
        if built == int(match.group(1)):
            return f"it says {match.group(0)!r}, but the attempt builds {built}"
    found = _NOT_BUILD.search(text)
    if found and attempt.kind == BUILD:
        return f"it says {found.group(0)!r}, but the attempt is a build"
    return None


def _controls(text: str, where: Situation) -> str | None:
    found = _CONTROL.search(text)
    if found and not where.position.controlled_builds():
        return f"it says {found.group(0)!r}, but the player to move controls no build"
    return None


_BUILD_NAME: Final = re.compile(r"\b(\d+)-build \(((?:(?:10|[2-9AJQK])[♠♣♥♦]\s*)+)\)")


def misnamed_build(text: str, position: Position) -> str | None:
    """A build of the position named by another value than its own ("the 10-build
    (A♠ 4♦)" for a 5-build): the words an illegal raise gets when it is named by the
    value it announces. A build named by cards no build of the position has (the build a
    move makes) is not checked."""
    for match in _BUILD_NAME.finditer(text):
        cards = sorted(f"{m.group(1)}{m.group(2)}" for m in CARD.finditer(match.group(2)))
        for build in position.builds:
            if sorted(c.pretty for c in build.cards) == cards and \
                    build.value != int(match.group(1)):
                return (f"it says {match.group(0)!r}, but the build ({match.group(2)}) "
                        f"is worth {build.value}")
    return None


def _build_names(text: str, where: Situation) -> str | None:
    return misnamed_build(text, where.position)


_CHECKS: Final = (_cards_here, _play_this, _sums_to, _kind_words, _praise, _legal, _equations,
                  _counts, _holds, _left_behind, _not_build, _controls, _build_names)


def situations(position: Position, moves: Iterable[Move],
               solutions: Sequence[Move]) -> list[Situation]:
    """One situation per move, for a text read after a move that solves (success)."""
    return [Situation(position, m.as_attempt(), m, tuple(solutions)) for m in moves]


def names(text: str) -> list[str]:
    """The cards a text names, as the learner reads them (`7♥`)."""
    return _named(text)
