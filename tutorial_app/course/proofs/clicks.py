"""Every attempt the click interface can make, and the values its Build button offers.

The app's move input is a hand card (or none), any set of table cards and
builds, and one of the actions Capture, Build N, Trail. The Build button does
not guess: it offers the value the selected cards make together and every
smaller value they split into evenly (see `build_values`), so what a learner
can build is a function of what they selected, and the validator can list it.

`click_attempts` enumerates all of them for a position. The loader uses it
to prove that each feedback text can be shown and fits every attempt it is
shown for; the tests use it to check every message of the shipped course.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from engine import BUILD, CAPTURE, TRAIL, Attempt, Build, Card, Position, Rules, Verdict, check

TableItem = Card | Build


def build_values(rules: Rules, card: Card | None, items: Sequence[TableItem]) -> tuple[int, ...]:
    """The values the Build button offers for a selection, highest first: the total
    of the played card, the loose cards and the builds chosen, and each smaller
    value the total divides into that no single part exceeds (5♣+3♦ with an
    8-build: 16 and 8). Nothing is capped, so a total over the highest build is
    offered too. Empty when the played card has no value (a court card in
    classic) or when no card is chosen: the button then builds without a value
    and the judge says why that cannot be."""
    if card is None:
        return ()
    played = rules.table_value(card)
    if played is None:
        return ()
    parts = [played]
    for item in items:
        value = item.value if isinstance(item, Build) else rules.table_value(item)
        if value is None:
            return ()
        parts.append(value)
    total = sum(parts)
    largest = max(parts)
    smaller = [v for v in range(total - 1, largest - 1, -1) if total % v == 0]
    return (total, *smaller)


def offered_values(rules: Rules, card: Card | None,
                   items: Sequence[TableItem]) -> tuple[int, ...]:
    """The Build buttons offered for a selection: `build_values` without a value no
    build can have (over the rules' highest) beside one a build can, so 10♦ on a 10♣
    offers "Build 10", not "Build 20" too; where the cards make nothing a build can
    be, their total alone, and the judge says why ("4♣ and 9♣ make 13, but no build
    can be worth more than 10"). A value a build can have stays offered where this
    position does not allow it: the judge's answer to that try is what a lesson teaches,
    and offering only the allowed values would give every build puzzle's answer away."""
    values = build_values(rules, card, items)
    return tuple(v for v in values if v <= rules.max_build) or values[:1]


def _subsets(items: Sequence[TableItem]) -> Iterator[tuple[TableItem, ...]]:
    for size in range(len(items) + 1):
        yield from combinations(items, size)


def click_attempts(position: Position) -> Iterator[Attempt]:
    """Every attempt the clicks can make: (no card or a hand card) x (any subset of
    the table's loose cards and builds) x (Capture, Build N for each N offered
    (`offered_values`), or
    Build without a value when none is offered, Trail). An action pressed with nothing
    chosen at all is not an attempt: the page says what to choose first."""
    table: list[TableItem] = [*position.loose, *position.builds]
    cards: list[Card | None] = [None, *position.hand]
    for items in _subsets(table):
        loose = [i for i in items if isinstance(i, Card)]
        builds = [i for i in items if isinstance(i, Build)]
        for card in cards:
            if card is None and not items:
                continue  # nothing chosen: the page asks for a card first (ui/board.py)
            yield Attempt.selection(card, CAPTURE, loose, builds)
            yield Attempt.selection(card, TRAIL, loose, builds)
            values: Sequence[int | None] = offered_values(position.rules, card, items) or (
                None,)
            if position.rules.builds:
                for value in values:
                    yield Attempt.selection(card, BUILD, loose, builds, value)


@lru_cache(maxsize=1024)
def judged_attempts(position: Position) -> tuple[tuple[Attempt, Verdict], ...]:
    """Every click attempt with the judge's verdict (cached: the loader, `show
    --triggers` and the tests ask for the same positions). The cache holds more than
    the shipped course's 556 playable positions (about 120 MB when all are in): a
    smaller one is emptied by every pass over the course in order, each miss again."""
    return tuple((attempt, check(position, attempt)) for attempt in click_attempts(position))
